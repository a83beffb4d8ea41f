"""Shared test setup. Layout (by layer; at most ~15 modules a folder; every test module's name is unique, as pytest
imports them by name without packages):

- ``tests/`` itself: above every game (the CLI, bench, ladder, Ray backend, the wheel, the code's shape, old paths);
- ``core/``: the core that knows no game (the conformance suite on every game, the registry, the generic envs);
- ``games/<id>/``: one game's own tests. Deep Future's: ``engine/`` (play, positions, text, observation, golden
  playthroughs in ``golden/``, compile), ``rules/`` (the rule scenario tests, one file per rule family: the one
  position builder is ``support/position.py``, with its presets in ``support/scenario_pos.py`` and
  ``support/scenario_game.py``; the invariant checker ``support/invariants.py``), ``envs/``, ``agents/``,
  ``campaign/``, ``terminal/``; Galactic Civ's in ``games/galactic_civ/`` (its golden files in ``golden/``);
- ``web/`` (the browser and its server, every game's page), ``train/`` (training, the network, model files),
  ``experiments/`` (the experiments' scripts and the notebooks);
- ``support/``: the helpers the tests import (``from support.position import ...``; ``tests`` is on the path).

Markers: ``slow`` (training, the notebooks, the browser, Ray, long searches and subprocess runs:
``pytest -m "not slow"`` is the quick subset) and ``rules`` (set here on every test
under ``games/deep_future/rules``). Optional packages (SB3, torch, nbclient) are imported with ``pytest.importorskip``
inside the tests that need them, so a missing one skips those tests instead of stopping collection.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")  # plots in tests never open a window

try:  # hypothesis would keep its example database in .hypothesis/ of the checkout: the tests write only to tmp
    from hypothesis import settings

    settings.register_profile("df_env", database=None)
    settings.load_profile("df_env")
except ImportError:  # the property tests skip themselves without it
    pass

RULES = Path(__file__).resolve().parent / "games" / "deep_future" / "rules"


@pytest.fixture(scope="session", autouse=True)
def _sb3_logs_under_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Stable-Baselines3 makes a folder ``SB3-<date>`` in the system's temporary folder for every model that
    learns without a logger of its own (``$SB3_LOGDIR`` when set): the tests' models keep theirs under pytest's
    temporary folder, which pytest cleans, instead of leaving them behind in /tmp."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SB3_LOGDIR", str(tmp_path_factory.mktemp("sb3_logs")))
        yield


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-screenshots", action="store_true", default=False,
                     help="write the browser tests' screenshots over docs/web_*.png (default: a temporary folder)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if RULES in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.rules)
        if "ray_instance" in getattr(item, "fixturenames", ()):  # a Ray instance starts in tens of seconds
            item.add_marker(pytest.mark.slow)
