"""The Ray backend: chunks of work as Ray tasks, results streamed back as they finish.

* ``RayBackend()`` starts a private local Ray instance (``jobs`` CPUs, default all cores) and shuts it down on
  :meth:`~RayBackend.close`; ``RayBackend(address="HOST:PORT")`` (or ``"auto"``) joins a running cluster and
  leaves it running; inside a program that already called ``ray.init`` it uses that instance.
* Every chunk is one task (one CPU). A task lost with its worker or node is retried by Ray (``max_retries``,
  default 3); an exception raised by the work itself is not retried and reaches the caller with its message.
* Every worker process runs the ``initializer`` once per run before its first chunk (as a process pool does).
* Workers import df_env themselves: on a cluster, every node needs the same df_env installed (``docs/cluster.md``).

Example:
    >>> from df_env.backends import run_keyed, _squares
    >>> with RayBackend(jobs=1) as backend:                      # doctest: +SKIP
    ...     sorted(run_keyed(backend, _squares, [[1], [2]], key=lambda r: r[0]))
    [(1, 1), (2, 4)]
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import ray

from df_env.cluster.interface import Backend, BackendError, ChunkFn

DEFAULT_MAX_RETRIES = 3

_WORKER_STATE: dict[str, object] = {}


def _run_chunk(token: str, fn: ChunkFn, initializer: Callable[..., None] | None, initargs: tuple[Any, ...],
               chunk: list[Any]) -> list[Any]:
    """In a Ray worker: initialize this process for the run ``token`` once, then run the chunk."""
    if initializer is not None and _WORKER_STATE.get("token") != token:
        initializer(*initargs)
        _WORKER_STATE["token"] = token
    return fn(chunk)


def _source_root() -> str:
    """The folder holding the df_env package this process runs (put first on local workers' path)."""
    return str(Path(__file__).resolve().parents[2])


class RayBackend(Backend):
    """Chunks as Ray tasks (see the module docstring).

    Args:
        address: a running cluster (``"HOST:PORT"``, ``"auto"``); None: the instance this program already
            started, else a new private local instance.
        jobs: chunks in flight at once; with a new local instance also its CPU count. Default: the cluster's CPUs.
        max_retries: how many times Ray reruns a task lost with its worker or node.
    """

    name = "ray"

    def __init__(self, address: str | None = None, jobs: int | None = None,
                 max_retries: int = DEFAULT_MAX_RETRIES) -> None:
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be >= 1, got {jobs}")
        if max_retries < 0:
            raise ValueError(f"max_retries must be >= 0, got {max_retries}")
        self.address = address
        self.max_retries = max_retries
        self._own = False
        if not ray.is_initialized():
            try:
                if address is None:
                    path = os.pathsep.join(p for p in (_source_root(), os.environ.get("PYTHONPATH", "")) if p)
                    ray.init(address="local", num_cpus=jobs or os.cpu_count() or 1, include_dashboard=False,
                             logging_level=logging.WARNING, runtime_env={"env_vars": {"PYTHONPATH": path}})
                else:
                    ray.init(address=address, logging_level=logging.WARNING)
            except (ConnectionError, ValueError, RuntimeError) as err:
                where = f"the Ray cluster at {address!r}" if address else "a local Ray instance"
                raise BackendError(f"cannot start or join {where}: {err}") from err
            self._own = True
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if cpus < 1:
            raise BackendError("the Ray cluster has no CPU to run tasks on (ray.cluster_resources() has no 'CPU')")
        self._jobs = jobs or cpus
        self._cap = jobs  # None: submit every chunk at once, Ray schedules them on the free CPUs
        self._task = ray.remote(num_cpus=1, max_retries=max_retries, retry_exceptions=False)(_run_chunk)

    @property
    def workers(self) -> int:
        return self._jobs

    def imap_unordered(self, fn: ChunkFn, chunks: Iterable[list[Any]], initializer: Callable[..., None] | None = None,
                       initargs: tuple[Any, ...] = (), fork_safe: bool = True) -> Iterator[list[Any]]:
        # Ray workers are fresh processes (never forked from this one): fork_safe does not matter here
        token = uuid.uuid4().hex
        args_ref = ray.put(initargs)
        todo = iter(chunks)
        pending: list[ray.ObjectRef] = []

        def submit() -> bool:
            chunk = next(todo, None)
            if chunk is None:
                return False
            pending.append(self._task.remote(token, fn, initializer, args_ref, chunk))
            return True

        while (self._cap is None or len(pending) < self._cap) and submit():
            pass
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                if pending:  # everything else already finished, without waiting
                    more, pending = ray.wait(pending, num_returns=len(pending), timeout=0)
                    done += more
                for ref in done:
                    yield ray.get(ref)
                    submit()
        finally:
            for ref in pending:  # an error or an abandoned run: do not leave tasks running
                ray.cancel(ref, force=True)

    def describe(self) -> dict[str, object]:
        nodes = [n for n in ray.nodes() if n.get("Alive")]
        return {"backend": self.name, "jobs": self._jobs, "address": self.address, "nodes": len(nodes),
                "cluster_cpus": int(ray.cluster_resources().get("CPU", 0)), "ray": ray.__version__,
                "max_retries": self.max_retries}

    def close(self) -> None:
        if self._own and ray.is_initialized():
            ray.shutdown()
        self._own = False
