"""experiments/loss_study.py: the lost deals of an agent, the reference's games on them, and where the lines part."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from types import ModuleType

import pytest
from support.scripts import load_script


@pytest.fixture(scope="module")
def ls() -> ModuleType:
    return load_script("loss_study.py")


def test_identical_lines_have_no_divergence(ls: ModuleType) -> None:
    report = ls.study(41, 2, agent_spec="first", ref_spec="first", values=2)
    t = report["tables"]
    lost = [r for r in report["rows"] if not r["won"]]
    assert t["deals"] == 2 and t["losses"] == len(lost) > 0 and t["wins"] == 2 - len(lost)
    assert all(r["divergence"] == "none" and "divergence_values" not in r for r in lost)
    assert t["no_divergence"] == len(lost) and t["divergence_kind"] == {}
    assert t["reference_won"] == 0 and sum(t["loss_cause"].values()) == len(lost)
    ls.add_openings(report)
    openings = report["tables"]["openings"]
    assert sum(openings["lost"].values()) == len(lost) and sum(openings["won"].values()) == 2 - len(lost)
    assert all(r["opening"].isupper() for r in report["rows"])  # an action's name, as "POWER"


def test_divergence_is_the_first_differing_decision(ls: ModuleType) -> None:
    report = ls.study(41, 2, agent_spec="first", ref_spec="heuristic", values=0)
    lost = [r for r in report["rows"] if not r["won"]]
    assert lost, "the first-legal-action agent should lose a deal"
    for r in lost:
        d = r["divergence"]
        agent = ls.play_line("first", r["seed"], ls.derive_seed(41, r["game"], 1))
        ref = ls.play_line("heuristic", r["seed"], ls.derive_seed(41, r["game"], 2))
        k = d["index"]
        assert agent.actions[:k] == ref.actions[:k] and agent.actions[k] != ref.actions[k]
        assert (d["agent_action"], d["reference_action"]) == (agent.actions[k], ref.actions[k])
        assert d["agent_choice"] != d["reference_choice"] and d["timing"] in ls.TIMINGS
        assert r["cause"] == agent.cause and r["reference"]["won"] == ref.won
    t = report["tables"]
    assert sum(t["divergence_kind"].values()) == sum(t["divergence_timing"].values()) == len(lost)


def test_tiny_searches_write_json_and_csv(ls: ModuleType, tmp_path: Path) -> None:
    report = ls.study(41, 2, agent_spec="net-mcts:iters=4", ref_spec="oracle:iters=4", values=2)
    json_path, csv_path = ls.write_report(report, tmp_path / "out" / "study")
    doc = json.loads(json_path.read_text())
    lost = [r for r in doc["rows"] if not r["won"]]
    assert doc["tables"]["losses"] == len(lost) and doc["tables"]["deals"] == 2
    rows = list(csv.DictReader(csv_path.open()))
    assert [int(r["game"]) for r in rows] == [r["game"] for r in lost]
    for r in lost:
        if isinstance(r["divergence"], dict):
            v = r["divergence_values"]
            assert v["actions"] == [r["divergence"]["agent_action"], r["divergence"]["reference_action"]]
            assert v["agent_x4"]["spec"] == "net-mcts:iters=16" and len(v["reference"]["q"]) == 2
    assert ls.format_tables(doc).startswith("net-mcts:iters=4 on deals 0..1 of seed 41")


def test_merge_joins_parts_and_refuses_overlap(ls: ModuleType) -> None:
    a = ls.study(41, 2, agent_spec="first", ref_spec="first", values=0)
    b = ls.study(41, 1, agent_spec="first", ref_spec="first", values=0, first=2)
    merged = ls.merge_reports([b, a])
    assert [r["game"] for r in merged["rows"]] == [0, 1, 2] and merged["tables"]["deals"] == 3
    with pytest.raises(ValueError, match="overlap"):
        ls.merge_reports([a, a])
    with pytest.raises(ValueError, match="deals must be >= 1"):
        ls.study(41, 0)


def test_blame_finds_the_last_decision_the_reference_could_still_win_from(ls: ModuleType) -> None:
    report = ls.study(41, 6, agent_spec="first", ref_spec="heuristic", values=0)
    ls.add_blame(report, 2)
    blamed = [r for r in report["rows"] if "blame" in r]
    assert len(blamed) == report["tables"]["blamed"] == 2  # the heuristic wins 2 of the 6 deals "first" loses
    for r in blamed:
        b = r["blame"]
        agent = ls.play_line("first", r["seed"], ls.derive_seed(41, r["game"], 1))
        ref_seed = ls.derive_seed(41, r["game"], 2)
        k = b["index"]
        assert k == 0 or ls.reference_wins_from("heuristic", r["seed"], agent.actions[:k], ref_seed)[0]
        assert not ls.reference_wins_from("heuristic", r["seed"], agent.actions[: k + 1], ref_seed)[0]
        assert b["agent_action"] == agent.actions[k] and b["turns_to_loss"] == r["turn"] - agent.turns[k]
    assert sum(report["tables"]["blame_kind"].values()) == 2
