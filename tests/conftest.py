"""Shared test setup. Layout: ``tests/rules/`` holds the rule scenario tests, one file per rule family (the one
position builder is ``support/position.py``, with its presets in ``support/scenario_pos.py`` and
``support/scenario_game.py``; the invariant checker ``support/invariants.py``); the other files test one subject
each (envs, agents, campaign, CLI, text, ...).

Markers: ``slow`` (training, the notebook: ``-m "not slow"`` skips them) and ``rules`` (set here on every test
under ``tests/rules``). Optional packages (SB3, torch, nbclient) are imported with ``pytest.importorskip`` inside
the tests that need them, so a missing one skips those tests instead of stopping collection.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")  # plots in tests never open a window

RULES = Path(__file__).resolve().parent / "rules"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if RULES in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.rules)
