"""The code's shape (docs/architecture.md): short functions, small package folders, no silenced complexity, the
old module paths still importing."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from tools import check_layout


def test_no_function_over_60_lines_in_df_env_and_agents() -> None:
    assert check_layout.long_functions() == []


def test_at_most_10_modules_in_a_package_folder() -> None:
    assert check_layout.crowded_packages() == []


def test_no_complexity_noqa() -> None:
    assert check_layout.complexity_noqa() == []


def test_the_checker_finds_a_long_function(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "df_env").mkdir()
    (tmp_path / "agents").mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(61))
    (tmp_path / "df_env" / "m.py").write_text(f"def f():\n{body}\n")
    assert check_layout.long_functions(tmp_path) == ["df_env/m.py:1 f (62 lines)"]


E = "df_env.games.deep_future.engine"


@pytest.mark.parametrize("old, new", [("df_env.engine.position", "df_env.games.deep_future.engine.io.position"),
                                      ("df_env.engine.campaign", "df_env.games.deep_future.campaign.core"),
                                      ("df_env.engine.layout", "df_env.games.deep_future.engine.model.layout"),
                                      (f"{E}.position", f"{E}.io.position"),
                                      ("df_env.train.numba_net", "df_env.net.numba_net"),
                                      ("df_env.train.numpy_net", "df_env.net.numpy_net"),
                                      ("df_env.train.netlayout", "df_env.net.netlayout")])
def test_old_module_paths_are_the_new_modules(old: str, new: str) -> None:
    assert importlib.import_module(old) is importlib.import_module(new)


def test_a_tool_that_left_the_package_names_its_new_place() -> None:
    with pytest.raises(ModuleNotFoundError, match="tests/support/invariants.py"):
        importlib.import_module("df_env.engine.invariants")


@pytest.mark.parametrize("name", ["docgen", "statedoc", "playthrough"])
def test_the_engine_s_old_doc_writers_are_the_game_s_tools(name: str) -> None:
    """The doc writers left the engine for tools/, then came back into Deep Future's package as its tools: their
    first names import again, as the very module of ``df_env.games.deep_future.tools``."""
    new = importlib.import_module(f"df_env.games.deep_future.tools.{name}")
    assert importlib.import_module(f"df_env.engine.{name}") is new
    assert importlib.import_module(f"df_env.games.deep_future.engine.{name}") is new


def test_old_submodule_attributes_of_the_engine_package() -> None:
    from df_env.games.deep_future import engine
    from df_env.games.deep_future.engine.model import layout

    assert engine.layout is layout and callable(engine.determinize)


def test_the_network_s_old_paths_import_in_a_fresh_process() -> None:
    """``from df_env.train.numpy_net import load_net`` (scripts and notebooks written before df_env/net) still works
    when nothing imported the engine first, and gives the model file error that df_env.train.errors names."""
    import subprocess
    import sys

    code = ("from df_env.train.numpy_net import ModelFileError, load_net\n"
            "from df_env.train import numba_net\n"
            "import df_env.net.numpy_net as new, df_env.train.errors as errors\n"
            "assert load_net is new.load_net and ModelFileError is errors.ModelFileError\n"
            "assert numba_net.__name__ == 'df_env.net.numba_net'\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[1])
