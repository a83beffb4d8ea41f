"""Ctrl-C during ``df-env bench`` keeps the finished games: the JSON (``"partial": true``), the CSV and the ladder
(each line marked ``"partial": true``) hold them, the command says what it kept and exits 130."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import df_env.bench as bench
from df_env.cli import main

ROOT = Path(__file__).resolve().parents[1]


def _check_kept(out: Path, ladder: Path, kept: int, planned: int) -> None:
    data = json.loads(out.with_suffix(".json").read_text())
    assert data["partial"] is True and data["meta"]["games_planned"] == planned
    assert len(data["games"]) == kept and sum(s["games"] for s in data["summary"]) == kept
    with out.with_suffix(".csv").open() as f:
        assert len(list(csv.DictReader(f))) == kept  # solo: one row per game
    lines = [json.loads(line) for line in ladder.read_text().splitlines()]
    assert len(lines) == kept and all(rec["partial"] is True for rec in lines)


def test_ctrl_c_after_five_games_keeps_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    real, done = bench._run_task, []

    def interrupted_after_five(task: tuple[int, int]) -> bench.GameResult:
        if len(done) == 5:
            raise KeyboardInterrupt  # as Ctrl-C in the middle of the sixth game
        done.append(task)
        return real(task)

    monkeypatch.setattr(bench, "_run_task", interrupted_after_five)
    out, ladder = tmp_path / "b", tmp_path / "ladder.jsonl"
    assert main(["bench", "--agents", "random", "mcts:iters=2", "--games", "10", "--max-turns", "3", "-j", "1",
                 "--no-progress", "--out", str(out), "--ladder", str(ladder)]) == 130
    _check_kept(out, ladder, 5, 20)
    captured = capsys.readouterr()
    assert "kept the 5 finished games of 20 (marked partial)" in captured.err
    assert "PARTIAL: interrupted after 5 of 20 games" in captured.out


def test_a_complete_bench_is_not_partial(tmp_path: Path) -> None:
    out, ladder = tmp_path / "b", tmp_path / "ladder.jsonl"
    assert main(["bench", "--agents", "random", "--games", "3", "-j", "1", "--no-progress", "--out", str(out),
                 "--ladder", str(ladder)]) == 0
    assert json.loads(out.with_suffix(".json").read_text())["partial"] is False
    assert all("partial" not in json.loads(line) for line in ladder.read_text().splitlines())


def _games_done(stderr: bytes) -> int:
    counts = re.findall(rb"(\d+)/(\d+) \[", stderr)
    return int(counts[-1][0]) if counts else 0


@pytest.mark.slow
def test_sigint_to_a_parallel_bench_keeps_the_finished_games(tmp_path: Path) -> None:
    """A real Ctrl-C (SIGINT to the process group, as a terminal sends it) during a two-process bench."""
    out, ladder = tmp_path / "b", tmp_path / "ladder.jsonl"
    cmd = [sys.executable, "-m", "df_env.cli", "bench", "--agents", "mcts:iters=30", "--games", "200", "-j", "2",
           "--out", str(out), "--ladder", str(ladder)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
    assert proc.stderr is not None
    os.set_blocking(proc.stderr.fileno(), False)
    seen = b""
    while _games_done(seen) < 3 and proc.poll() is None:  # the progress bar (stderr) counts the finished games
        time.sleep(0.2)
        seen += proc.stderr.read() or b""
    os.killpg(proc.pid, signal.SIGINT)
    stdout, rest = proc.communicate(timeout=300)
    err = (seen + (rest or b"")).decode()
    assert proc.returncode == 130, err[-2000:]
    kept = int(re.search(r"kept the (\d+) finished games of 200", err).group(1))  # type: ignore[union-attr]
    assert kept >= 3 and "Traceback" not in err
    _check_kept(out, ladder, kept, 200)
    assert f"added {kept} games to the ladder" in stdout.decode()
