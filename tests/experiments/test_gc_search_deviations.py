"""experiments/gc_search_deviations.py: a search's Galactic Civ moves that differ from the heuristic's, valued by
paired rollouts with the table's own policies and with the heuristic everywhere."""

from __future__ import annotations

import sys
from types import ModuleType

import numpy as np
import pytest
from support.scripts import load_script


@pytest.fixture(scope="module")
def study() -> ModuleType:
    return load_script("gc_search_deviations.py")


def test_a_move_paired_with_itself_has_the_same_value(study: ModuleType) -> None:
    g = study.G
    s = g.new_game(g.make_config(3), seed=2)
    a = int(g.legal_actions(s)[0])
    codes = np.array([study.HEURISTIC, study.FIRST, study.RANDOM], np.int64)
    v = study.paired_values(s, [a, a], codes, 6, [1, 2])
    assert v[0] == v[1] and 0.0 <= v[0] <= 1.0


def test_a_short_study_reports_both_valuations(study: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["x", "--agent", "mcts:iters=8", "--table", "random", "--players", "2",
                                      "--games", "1", "--samples", "2"])
    study.main()
    out = capsys.readouterr().out
    assert "the search in seat 0" in out and "real valuation" in out and "model valuation" in out


def test_a_table_of_the_wrong_size_is_refused(study: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["x", "--table", "heuristic,first"])
    with pytest.raises(SystemExit):
        study.main()
    assert "--table needs 3 agents" in capsys.readouterr().err
