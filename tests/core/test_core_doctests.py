"""The examples in the docstrings of the core, the Deep Future adapter and the generic agents and envs run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["df_env", "df_env.core", "df_env.core.game", "df_env.core.registry", "df_env.core.api_test",
           "df_env.games.deep_future.game", "agents.generic.ismcts", "df_env.envs.generic", "agents.base",
           "agents.galactic_civ.opponents", "agents.galactic_civ.mcts"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"
    if name != "df_env.core.api_test":
        assert result.attempted > 0, f"{name} has no docstring example"
