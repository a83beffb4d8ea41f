"""The local backend's process pool (df_env.backends.LocalBackend, jobs > 1): a worker process that dies stops the
run with a BackendError naming it (multiprocessing.Pool forked a replacement and hung forever), an exception of the
work keeps its type, Ctrl-C stops the workers at once, and a bench keeps the games finished before a worker died.

Every test that could hang on a broken pool runs under ``_hang_guard`` (SIGALRM after 120 s), so that a regression
fails instead of hanging the suite (pytest-timeout is not a dependency)."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import df_env.bench as bench
from df_env.backends import BackendError, LocalBackend, run_keyed
from df_env.cli import main
from df_env.games.deep_future.engine.compile_notice import CompileWatch

DIES_ON = 7


class _Hung(Exception):
    pass


@pytest.fixture
def _hang_guard() -> Iterator[None]:
    def hung(signum: int, frame: object) -> None:
        raise _Hung("the pool never returned: hung")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(120)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _double_or_die(chunk: list[int]) -> list[tuple[int, int]]:
    for x in chunk:
        if x == DIES_ON:
            os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's OOM killer
    return [(x, 2 * x) for x in chunk]


def _double(chunk: list[int]) -> list[tuple[int, int]]:
    return [(x, 2 * x) for x in chunk]


def _fail_on_three(chunk: list[int]) -> list[int]:
    if 3 in chunk:
        raise ValueError("bad item 3")
    return chunk


_OFFSET = [0]


def _set_offset(offset: int) -> None:
    _OFFSET[0] = offset


def _offset(chunk: list[int]) -> list[tuple[int, int]]:
    return [(x, _OFFSET[0] + x) for x in chunk]


def _interrupt_parent(chunk: list[int]) -> list[int]:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as the bench's workers: Ctrl-C is the parent's
    if chunk == [0]:
        os.kill(os.getppid(), signal.SIGINT)
    time.sleep(3600)  # a chunk that would never finish: the parent must not wait for it
    return chunk


def _children() -> set[tuple[int | None, str, int | None, bool]]:
    return {(p.pid, p.name, p.exitcode, p.is_alive()) for p in mp.active_children()}


@pytest.mark.usefixtures("_hang_guard")
@pytest.mark.parametrize("fork_safe", [True, False], ids=["fork", "spawn"])
def test_a_dead_worker_is_an_error_naming_it(fork_safe: bool) -> None:
    before = _children()
    got: list[tuple[int, int]] = []
    with pytest.raises(BackendError, match=r"a worker process died \(pid \d+, killed by SIGKILL\); \d+ chunks had "
                                           r"finished .*--jobs 1"):
        for r in run_keyed(LocalBackend(2), _double_or_die, [[i] for i in range(20)], key=lambda r: r[0],
                           fork_safe=fork_safe):
            got.append(r)
    assert DIES_ON not in [x for x, _ in got] and all(y == 2 * x for x, y in got)
    assert _children() <= before  # no worker left behind


@pytest.mark.usefixtures("_hang_guard")
def test_every_result_once_with_more_chunks_than_in_flight() -> None:
    chunks = ([i, i + 1] for i in range(0, 60, 2))  # a generator: read as the pool takes them
    out = list(run_keyed(LocalBackend(2), _double, list(chunks), key=lambda r: r[0], expected=range(60)))
    assert sorted(out) == [(x, 2 * x) for x in range(60)]
    parts = list(LocalBackend(3).imap_unordered(_double, ([i] for i in range(10))))
    assert sorted(p[0] for p in parts) == [(x, 2 * x) for x in range(10)]


@pytest.mark.usefixtures("_hang_guard")
def test_an_initializer_runs_in_every_worker() -> None:
    out = sorted(run_keyed(LocalBackend(2), _offset, [[i] for i in range(6)], key=lambda r: r[0],
                           initializer=_set_offset, initargs=(100,)))
    assert out == [(x, 100 + x) for x in range(6)] and _OFFSET == [0]  # ran there, not here


@pytest.mark.usefixtures("_hang_guard")
def test_an_error_of_the_work_keeps_its_type_and_stops_the_workers() -> None:
    before = _children()
    with pytest.raises(ValueError, match="bad item 3"):
        list(LocalBackend(2).imap_unordered(_fail_on_three, [[i] for i in range(8)]))
    assert _children() <= before


@pytest.mark.usefixtures("_hang_guard")
def test_ctrl_c_while_waiting_stops_at_once() -> None:
    """Every chunk sleeps an hour: the KeyboardInterrupt comes through, and the workers are ended, not awaited."""
    before = _children()
    with pytest.raises(KeyboardInterrupt):
        list(LocalBackend(2).imap_unordered(_interrupt_parent, [[i] for i in range(4)]))
    assert _children() <= before


def test_a_fork_waits_for_the_compile_watch_line_being_printed() -> None:
    """The compile watch's beat thread holds its lock while it prints a line; a child forked meanwhile would wait
    forever for that lock (the thread is not copied): the fork waits until it is free instead."""
    with CompileWatch(every=3600.0) as watch:
        held, free = threading.Event(), threading.Event()

        def print_a_line() -> None:
            with watch.lock:
                held.set()
                free.wait(5.0)

        thread = threading.Thread(target=print_a_line)
        thread.start()
        held.wait(5.0)
        threading.Timer(0.2, free.set).start()  # the line ends after the fork was asked for
        pid = os.fork()
        if pid == 0:  # the child: the lock must be free here
            os._exit(0 if watch.lock.acquire(blocking=False) else 1)
        thread.join()
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


@pytest.mark.usefixtures("_hang_guard")
def test_a_bench_keeps_the_games_finished_before_a_worker_died(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    real = bench._run_task

    def dies_in_game_7(task: tuple[int, int]) -> bench.GameResult:
        if task[1] == DIES_ON:  # the workers are forked: they run this patched function
            os.kill(os.getpid(), signal.SIGKILL)
        return real(task)

    monkeypatch.setattr(bench, "_run_task", dies_in_game_7)
    out, ladder = tmp_path / "b", tmp_path / "ladder.jsonl"
    assert main(["bench", "--agents", "random", "--games", "40", "-j", "2", "--no-progress", "--out", str(out),
                 "--ladder", str(ladder)]) == 1
    err = capsys.readouterr()
    assert "df-env bench: error: local backend: a worker process died" in err.err
    assert "killed by SIGKILL" in err.err
    data = json.loads(out.with_suffix(".json").read_text())
    kept = len(data["games"])
    assert data["partial"] is True and data["meta"]["games_planned"] == 40 and kept < 40
    assert "a worker process died" in data["meta"]["error"]
    assert DIES_ON not in [g["game"] for g in data["games"]]
    assert f"stopped by an error: kept the {kept} finished games of 40 (marked partial)" in err.err
    assert f"PARTIAL: stopped by an error after {kept} of 40 games." in err.out
    lines = [json.loads(line) for line in ladder.read_text().splitlines()] if ladder.exists() else []
    assert len(lines) == kept and all(rec["partial"] is True for rec in lines)
