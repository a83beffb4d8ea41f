"""``df-env bench --ceiling``: the reference's wins per deal and each agent's win rate over the winnable deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from df_env.bench import BenchConfig, run_bench, wilson
from df_env.cli import main
from df_env.games.deep_future.analysis.ceiling import ceiling_report, format_ceiling


def test_report_counts_the_winnable_deals_by_hand() -> None:
    result = run_bench(BenchConfig(agents=("first", "heuristic"), games=60, seed=3, jobs=1), show_progress=False)
    won = {(g.seating, g.game): g.winner == 0 for g in result.games}
    winnable = [d for d in range(60) if won[(1, d)]]
    assert 0 < len(winnable) < 60  # the heuristic wins some deals and loses others
    report = ceiling_report(result, "heuristic")
    assert report["deals"] == 60 and report["winnable"] == len(winnable)
    assert [d["game"] for d in report["per_deal"] if d["reference_won"]] == winnable
    first = report["agents"]["first"]
    k = sum(won[(0, d)] for d in winnable)
    assert first["winnable_wins"] == k and first["win_rate_winnable"] == k / len(winnable)
    assert (first["ci_low"], first["ci_high"]) == wilson(k, len(winnable))
    assert first["won_unwinnable"] == [d for d in range(60) if won[(0, d)] and not won[(1, d)]]
    assert first["lost_winnable"] == [d for d in winnable if not won[(0, d)]]
    text = format_ceiling(report)
    assert f"ceiling: heuristic won {len(winnable)} of 60 deals" in text and "first" in text


def test_report_refuses_multiplayer_and_an_absent_reference() -> None:
    solo = run_bench(BenchConfig(agents=("first",), games=2, jobs=1), show_progress=False)
    with pytest.raises(ValueError, match="did not play"):
        ceiling_report(solo, "oracle")
    duo = run_bench(BenchConfig(agents=("first", "random"), num_players=2, games=1, jobs=1), show_progress=False)
    with pytest.raises(ValueError, match="solo measure"):
        ceiling_report(duo, "first")


def test_cli_ceiling_plays_the_reference_and_writes_the_report(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b"
    assert main(["bench", "--no-progress", "--agents", "heuristic", "--games", "3", "-j", "1", "--ceiling",
                 "oracle:iters=5,turns=1", "--out", str(out), "--no-ladder"]) == 0
    text = capsys.readouterr().out
    assert "ceiling: oracle:iters=5,turns=1 won" in text and "on winnable" in text
    doc = json.loads((tmp_path / "b.json").read_text())
    assert doc["config"]["agents"] == ["heuristic", "oracle:iters=5,turns=1"]
    report = doc["meta"]["ceiling"]
    assert report["reference"] == "oracle:iters=5,turns=1" and report["deals"] == 3
    assert len(report["per_deal"]) == 3 and set(report["agents"]) == {"heuristic", "oracle:iters=5,turns=1"}


def test_cli_ceiling_is_solo_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "-n", "2", "--agents", "heuristic", "random", "--ceiling", "--no-ladder"]) == 2
    assert "--ceiling is a solo measure" in capsys.readouterr().err


def test_the_study_script_reads_a_ceiling_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from support.scripts import load_script

    study = load_script("ceiling_study.py")
    out = tmp_path / "b"
    assert main(["bench", "--no-progress", "--agents", "first", "--games", "40", "-j", "1", "--seed", "3",
                 "--ceiling", "heuristic", "--out", str(out), "--no-ladder"]) == 0
    report = json.loads((tmp_path / "b.json").read_text())["meta"]["ceiling"]
    capsys.readouterr()
    assert study.main([str(tmp_path / "b.json"), "--reference", "heuristic", "--deals"]) == 0
    text = capsys.readouterr().out
    first = report["agents"]["first"]
    assert f"heuristic: won {report['winnable']} of 40 deals" in text
    assert f"first: {first['winnable_wins']} of {report['winnable']} winnable deals" in text
    assert f"lost {len(first['lost_winnable'])}: {first['lost_winnable']}" in text
    with pytest.raises(SystemExit, match="not among the agents"):
        study.main([str(tmp_path / "b.json"), "--reference", "oracle"])
