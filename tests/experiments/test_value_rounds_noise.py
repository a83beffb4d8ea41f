"""experiments/value_rounds/teacher_noise.py: how far a search agrees with an independent search of the same
decisions (the ceiling of a student that learns its ranking of sibling actions)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from support.scripts import load_script


@pytest.fixture(scope="module")
def tn() -> ModuleType:
    return load_script("value_rounds/teacher_noise.py")


def test_pairs_count_only_pairs_both_searches_valued(tn: ModuleType) -> None:
    qa = np.array([0.9, 0.5, 0.7, 0.5])
    seen = np.array([True, True, True, True])
    assert tn.pairs(np.array([0, 2, 1]), qa, qa, seen) == (3, 3)  # a search agrees with itself
    assert tn.pairs(np.array([0, 2, 1]), qa, -qa, seen) == (0, 3)  # the reverse order disagrees on every pair
    assert tn.pairs(np.array([1, 3]), qa, qa, seen) == (0, 0)  # A valued them alike: not counted
    assert tn.pairs(np.array([0, 2, 1]), qa, qa, np.array([True, True, False, True])) == (1, 1)  # B never saw 2


def test_main_reports_shares_and_writes_whole(tn: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "n.json"
    assert tn.main(["--spec", "mcts:iters=16", "--seed", "3", "--games", "1", "--json", str(out)]) == 0
    r = json.loads(out.read_text())
    assert r["decisions"] > 20 and not (tmp_path / "n.json.tmp").exists()
    for key in ("same_choice", "top2_ordered_alike", "pairs_ordered_alike"):
        assert 0.0 <= r[key] <= 1.0
    assert 0 < r["top2_pairs"] <= r["pairs"]
    with pytest.raises(SystemExit):
        tn.main(["--spec", "heuristic", "--games", "1"])
    with pytest.raises(SystemExit):
        tn.main(["--k", "1"])
