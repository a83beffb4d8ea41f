"""Where work runs: a small backend interface for running many independent, seeded jobs (games, episodes).

A *backend* maps a module-level function over chunks of work items and yields each chunk's results as it
finishes, in any order. Two backends:

* :class:`LocalBackend`: this process (``jobs=1``) or a pool of processes (``concurrent.futures``; forked when
  every agent is fork safe, else spawned). A worker process that dies (killed for memory, a crash) stops the run
  with :class:`BackendError` (``multiprocessing.Pool`` would fork a replacement and wait forever for the lost
  chunk). No extra dependency.
* :class:`df_env.cluster.ray_backend.RayBackend`: Ray tasks on a local Ray instance or a cluster (the ``cluster``
  extra, ``pip install -e ".[cluster]"``). Imported only when asked for: ``import df_env`` never imports ray.

The function is any picklable module-level ``fn(chunk: list) -> list`` (one result per item); an optional
``initializer(*initargs)`` runs once in every worker process before its first chunk.
Nothing here knows about games: a benchmark maps :func:`df_env.bench._run_chunk` over ``(seating, game)`` pairs,
self-play data generation maps an episode function over episode indices in the same way.

:func:`run_keyed` adds the bookkeeping a distributed run needs: every result carries a key (the game index),
a result whose key was already seen (a task that ran twice) is dropped, and at the end every expected key must
have been seen exactly once.

Example:
    >>> from df_env.backends import LocalBackend, run_keyed
    >>> out = list(run_keyed(LocalBackend(jobs=1), _squares, [[0, 1], [2]], key=lambda r: r[0]))
    >>> sorted(out)
    [(0, 0), (1, 1), (2, 4)]
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import os
import signal
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any

from df_env.cluster.interface import Backend, BackendError, ChunkFn

__all__ = ["BACKENDS", "Backend", "BackendError", "ChunkFn", "LocalBackend", "make_backend", "run_keyed"]

BACKENDS = ("local", "ray")


class LocalBackend(Backend):
    """This machine: ``jobs=1`` runs in this process, more in a process pool (default: all cores)."""

    name = "local"

    def __init__(self, jobs: int | None = None) -> None:
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be >= 1, got {jobs}")
        self._jobs = jobs or os.cpu_count() or 1

    @property
    def workers(self) -> int:
        return self._jobs

    def imap_unordered(self, fn: ChunkFn, chunks: Iterable[list[Any]], initializer: Callable[..., None] | None = None,
                       initargs: tuple[Any, ...] = (), fork_safe: bool = True) -> Iterator[list[Any]]:
        if self._jobs == 1:
            if initializer is not None:
                initializer(*initargs)
            for chunk in chunks:
                yield fn(chunk)
            return
        forkable = fork_safe and "fork" in mp.get_all_start_methods()
        ctx = mp.get_context("fork" if forkable else "spawn")
        yield from _pool_imap(fn, chunks, self._jobs, ctx, initializer, initargs)


def _pool_imap(fn: ChunkFn, chunks: Iterable[list[Any]], workers: int, ctx: BaseContext,
               initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> Iterator[list[Any]]:
    """``fn`` over ``chunks`` in ``workers`` processes, at most two chunks a worker in flight, each chunk's result
    yielded as it finishes. A worker that dies breaks the pool: :class:`BackendError` naming it. Whatever ends the
    run early (that, an exception of ``fn``, Ctrl-C, a caller that stops reading) cancels the chunks not started and
    stops the workers at once, never waiting for the chunks they run."""
    pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=initializer, initargs=initargs)
    todo = iter(chunks)
    in_flight: set[Future[list[Any]]] = set()
    finished = results = 0
    complete = False
    try:
        while True:
            in_flight.update(pool.submit(fn, c) for c in itertools.islice(todo, 2 * workers - len(in_flight)))
            if not in_flight:
                break
            done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=lambda f: f.exception() is not None):  # the results before a failure
                part = fut.result()
                finished, results = finished + 1, results + len(part)
                yield part
        complete = True
    except BrokenProcessPool as err:
        raise BackendError(_dead_worker_message(_stop_workers(pool), finished, results)) from err
    finally:
        if complete:
            pool.shutdown(wait=True)
        else:
            _stop_workers(pool)


def _stop_workers(pool: ProcessPoolExecutor) -> list[BaseProcess]:
    """Cancel the chunks not started and end the pool's workers now (SIGTERM, then SIGKILL for one that is still
    there after 5 s); returns the workers (each with its exit code)."""
    processes: list[BaseProcess] = list((pool._processes or {}).values())  # before shutdown, which forgets them
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)  # typeshed mistypes it
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    if manager is not None:  # it sees the workers end and reaps them: their exit codes are known once it is done
        manager.join(timeout=10.0)
    for proc in processes:
        proc.join(timeout=5.0)
        if proc.is_alive():
            proc.kill()
            proc.join(timeout=5.0)
    return processes


def _dead_worker_message(processes: list[BaseProcess], finished: int, results: int) -> str:
    """What died, how far the run got, and what to try."""
    # the pool ends the other workers with SIGTERM once one has died: the dead one is the one that ended otherwise
    dead = [p for p in processes if p.exitcode is not None and p.exitcode != -signal.SIGTERM]
    who = "; ".join(f"pid {p.pid}, {_exit_status(p.exitcode)}" for p in dead) or "exit status unknown"
    return (f"local backend: a worker process died ({who}); {finished} chunks had finished ({results} results), "
            f"the others were cancelled. A worker killed by a signal (SIGKILL) is often out of memory (see dmesg); "
            f"run with one job (--jobs 1) to see an error raised in the work itself in this process.")


def _exit_status(code: int | None) -> str:
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def make_backend(name: str = "local", jobs: int | None = None, address: str | None = None) -> Backend:
    """A backend by name: ``"local"`` (``jobs`` processes) or ``"ray"`` (``address``: a running cluster's
    ``host:port`` or ``"auto"``; None starts a local Ray instance with ``jobs`` CPUs, default all cores)."""
    if name == "local":
        if address is not None:
            raise ValueError("an address is only for the ray backend (--backend ray --address HOST:PORT)")
        return LocalBackend(jobs)
    if name == "ray":
        try:
            from df_env.cluster.ray_backend import RayBackend
        except ImportError as err:
            raise BackendError(f"the ray backend needs Ray ({err}); install the cluster extra: "
                               f"pip install -e \".[cluster]\"") from err

        return RayBackend(address=address, jobs=jobs)
    raise ValueError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")


def run_keyed(backend: Backend, fn: ChunkFn, chunks: Sequence[list[Any]], key: Callable[[Any], Hashable],
              expected: Iterable[Hashable] | None = None, initializer: Callable[..., None] | None = None,
              initargs: tuple[Any, ...] = (), fork_safe: bool = True,
              on_chunk: Callable[[list[Any]], None] | None = None) -> Iterator[Any]:
    """Run ``fn`` over ``chunks`` on ``backend`` and yield every result once, as it arrives.

    A result whose ``key(result)`` was already seen is dropped (a retried task whose first run also reported);
    at the end every key of ``expected`` (default: one key per item, taken from the results) must have arrived
    exactly once, else :class:`BackendError`. ``on_chunk`` sees each chunk's new results (a progress bar).
    """
    seen: set[Hashable] = set()
    dropped = 0
    for part in backend.imap_unordered(fn, chunks, initializer=initializer, initargs=initargs, fork_safe=fork_safe):
        fresh = []
        for r in part:
            k = key(r)
            if k in seen:
                dropped += 1
                continue
            seen.add(k)
            fresh.append(r)
        if on_chunk is not None:
            on_chunk(fresh)
        yield from fresh
    want = set(expected) if expected is not None else None
    n_items = sum(len(c) for c in chunks)
    if want is not None and seen != want:
        missing, extra = sorted(want - seen, key=repr), sorted(seen - want, key=repr)
        raise BackendError(f"{backend.name} backend: results missing for {missing[:10]} ({len(missing)} in all), "
                           f"unexpected {extra[:10]}")
    if len(seen) != n_items:
        raise BackendError(f"{backend.name} backend: {len(seen)} distinct results for {n_items} items "
                           f"({dropped} duplicates dropped)")


def _squares(chunk: list[int]) -> list[tuple[int, int]]:
    return [(x, x * x) for x in chunk]
