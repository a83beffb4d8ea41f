"""experiments/decisive_expectation.py: both moves of a decisive decision played from the same determinized
samples, the agent's line replayed as the report says, and loss-study reports read strictly."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.scripts import load_script


@pytest.fixture(scope="module")
def de() -> ModuleType:
    return load_script("decisive_expectation.py")


@pytest.fixture(scope="module")
def lost_row(de: ModuleType) -> dict[str, Any]:
    """A deal the first-legal-action agent loses, with a made-up decisive decision: its first decision with two
    legal actions, where the "reference" takes the other one."""
    ls = load_script("loss_study.py")
    for g in range(10):
        seed = ls.derive_seed(41, g)
        line = ls.play_line("first", seed, ls.derive_seed(41, g, 1))
        if line.won:
            continue
        for k, a in enumerate(line.actions):
            legal = np.flatnonzero(ls.state_after(seed, line.actions[:k])["mask"])
            if len(legal) >= 2:
                other = int(next(b for b in legal if b != a))
                return {"game": g, "seed": seed, "won": False, "cause": line.cause, "turn": line.end_turn,
                        "blame": {"index": k, "kind": "ACTION", "turn": 1, "agent_action": a,
                                  "reference_action": other, "values": {"agent": {"q": [0.25, 0.5]}}}}
    raise AssertionError("the first-legal-action agent won ten deals in a row")


def test_both_moves_meet_the_same_samples_and_a_run_repeats(de: ModuleType, lost_row: dict[str, Any]) -> None:
    r = de.deal_expectation(lost_row, 41, "first", "random", 3)
    assert r == {**de.deal_expectation(lost_row, 41, "first", "random", 3), "cpu": r["cpu"]}
    assert len(r["agent_wins"]) == len(r["reference_wins"]) == 3
    assert set(r["agent_wins"] + r["reference_wins"]) <= {0, 1}
    assert r["agent_q"] == [0.25, 0.5] and r["agent_choice"] != r["reference_choice"]
    # the same move on both sides plays the same samples with the same seeds: the same wins, sample by sample
    same = {**lost_row, "blame": {**lost_row["blame"], "reference_action": lost_row["blame"]["agent_action"]}}
    twin = de.deal_expectation(same, 41, "first", "random", 3)
    assert twin["agent_wins"] == twin["reference_wins"] == r["agent_wins"]


def test_a_replay_that_differs_from_the_report_is_refused(de: ModuleType, lost_row: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="differs from the report's game"):
        de.deal_expectation({**lost_row, "turn": lost_row["turn"] + 1}, 41, "first", "random", 1)
    for move in (10**6, next(a for a in range(10**4) if a not in legal_at(de, lost_row))):
        bad = {**lost_row, "blame": {**lost_row["blame"], "reference_action": move}}
        with pytest.raises(ValueError, match=f"reference_action {move} is not a legal action"):
            de.deal_expectation(bad, 41, "first", "random", 1)
    for values in ([], {"agent": 3}, {"agent": {"q": "x"}}, {"agent": {"q": [1]}}):  # no values, not an error
        odd = {**lost_row, "blame": {**lost_row["blame"], "values": values}}
        assert de.deal_expectation(odd, 41, "first", "random", 1)["agent_q"] is None


def legal_at(de: ModuleType, row: dict[str, Any]) -> set[int]:
    """The legal actions at ``row``'s decisive decision (the first-legal-action agent's line)."""
    line = de.play_line("first", row["seed"], de.derive_seed(41, row["game"], 1))
    return set(np.flatnonzero(de.state_after(row["seed"], line.actions[: row["blame"]["index"]])["mask"]).tolist())


def test_summary_counts_deals_and_pairs(de: ModuleType) -> None:
    rows = [{"kind": "ACTION", "agent_wins": [1, 0, 0, 1], "reference_wins": [1, 1, 1, 0]},
            {"kind": "UPKEEP_CARD", "agent_wins": [1, 1], "reference_wins": [0, 1]},
            {"kind": "ACTION", "agent_wins": [0], "reference_wins": [0]}]
    t = de.summary(rows)
    assert set(t["by_kind"]) == {"ACTION", "UPKEEP_CARD"} and "by_kind" not in t["by_kind"]["ACTION"]
    assert (t["by_kind"]["ACTION"]["reference_better"], t["by_kind"]["ACTION"]["level"]) == (1, 1)
    assert (t["by_kind"]["UPKEEP_CARD"]["agent_wins"], t["by_kind"]["UPKEEP_CARD"]["reference_wins"]) == (2, 1)
    assert (t["deals"], t["reference_better"], t["agent_better"], t["level"]) == (3, 1, 1, 1)
    assert (t["samples"], t["agent_wins"], t["reference_wins"]) == (7, 4, 4)
    assert (t["reference_only"], t["agent_only"]) == (2, 2) and t["p"] == 1.0
    assert de.sign_test(0, 0) == 1.0 and de.sign_test(10, 0) == pytest.approx(2 / 2**10)
    assert "wins more in 1 of 3 deals" in de.format_table(
        [{**r, "game": i, "agent_q": None, "agent_choice": "a", "reference_choice": "b"}
         for i, r in enumerate(rows)], t)


def test_reports_are_read_strictly(de: ModuleType, lost_row: dict[str, Any]) -> None:
    good = {"seed": 41, "agent": "first", "rows": [lost_row, {**lost_row, "won": True}]}
    assert de.decisive_rows(good) == [lost_row]
    unblamed = {k: v for k, v in lost_row.items() if k != "blame"}
    assert de.decisive_rows({**good, "rows": [unblamed]}) == []
    no_ref = {**lost_row, "blame": {**lost_row["blame"], "reference_action": -1}}
    assert de.decisive_rows({**good, "rows": [no_ref]}) == []
    for bad, says in (([], "report: expected a JSON object"), ({**good, "seed": "41"}, "'seed' must be int"),
                      ({**good, "rows": [{**lost_row, "won": 0}]}, r"rows\[0\]: 'won' must be bool"),
                      ({**good, "rows": [{**lost_row, "blame": {"index": 1}}]}, r"rows\[0\].blame: 'kind' must be"),
                      ({**good, "rows": [{**lost_row, "blame": {**lost_row["blame"], "index": -2}}]}, "must be >= 0"),
                      ({**good, "rows": [{**lost_row, "game": True}]}, "'game' must be int")):
        with pytest.raises(ValueError, match=says):
            de.decisive_rows(bad)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=80, deadline=None)
@given(doc=JSON, row=st.dictionaries(st.sampled_from(["game", "seed", "won", "cause", "turn", "blame"]), JSON))
def test_fuzzed_reports_give_rows_or_a_clear_error(de: ModuleType, doc: Any, row: dict[str, Any]) -> None:
    for report in (doc, {"seed": 1, "agent": "first", "rows": [row]}):
        try:
            rows = de.decisive_rows(report)
        except ValueError as e:
            assert "must be" in str(e) or "expected a JSON object" in str(e)
        else:
            assert all(r["blame"]["reference_action"] >= 0 for r in rows)


def test_main_writes_the_json_whole(de: ModuleType, lost_row: dict[str, Any], tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "study.json"
    report.write_text(json.dumps({"seed": 41, "agent": "first", "rows": [lost_row]}))
    out = tmp_path / "sub" / "exp.json"
    assert de.main([str(report), "--samples", "2", "--playout", "random", "--jobs", "1", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["summary"]["deals"] == 1 and doc["summary"]["samples"] == 2 and len(doc["deals"]) == 1
    assert "wins more in" in capsys.readouterr().out
    assert [p.name for p in out.parent.iterdir()] == ["exp.json"]
    other = tmp_path / "upkeep.json"  # --kinds keeps only the kinds named: none here
    assert de.main([str(report), "--kinds", "UPKEEP_CARD", "--jobs", "1", "--out", str(other)]) == 0
    assert json.loads(other.read_text())["summary"]["deals"] == 0
    with pytest.raises(SystemExit):
        de.main([str(report), "--kinds", "UPKEEP"])
    assert "unknown decision kinds ['UPKEEP']" in capsys.readouterr().err
    probe = tmp_path / "probe.json"  # searches alone, on the deals named
    gumbel = "net-mcts:iters=16,root=gumbel"
    assert de.main([str(report), "--samples", "0", "--searches", "net-mcts:iters=8", gumbel, "--deals",
                    str(lost_row["game"]), "--jobs", "1", "--out", str(probe)]) == 0
    found = json.loads(probe.read_text())["deals"][0]["searches"]
    assert [f["spec"] for f in found] == ["net-mcts:iters=8", gumbel] and sum(found[0]["visits"]) <= 8
    assert found[0]["pick"] == found[0]["top"]  # a PUCT root plays its most visited action
    assert found[1]["pick"] in legal_at(de, lost_row) and found[1]["pick_choice"]  # the Gumbel root's own pick
    assert "net-mcts:iters=8: visits" in capsys.readouterr().out
    assert de.main([str(report), "--samples", "0", "--deals", "999", "--jobs", "1", "--out", str(probe)]) == 0
    assert json.loads(probe.read_text())["summary"]["deals"] == 0
    for bad, says in ((["--searches", "heuristic"], "'heuristic' has no search"), (["--deals", "x"], "bad part 'x'"),
                      (["--samples", "-1"], "must be >= 0")):
        with pytest.raises(SystemExit):
            de.main([str(report), *bad])
        assert says in capsys.readouterr().err
    with pytest.raises(SystemExit):
        de.main([str(tmp_path / "missing.json")])
