"""The backend interface: what every backend implements (:class:`Backend`), the error a run that cannot be
completed raises (:class:`BackendError`) and the shape of the work (:data:`ChunkFn`). See :mod:`df_env.backends`.

Here, not in :mod:`df_env.backends`, so that the dependency goes one way: the backends (``LocalBackend`` there, the
Ray backend in :mod:`df_env.cluster.ray_backend`) import this module, and ``df_env.backends.make_backend`` imports
the Ray backend when asked for it. ``df_env.backends`` re-exports these names (``from df_env.backends import
Backend`` stays the way to import them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

__all__ = ["Backend", "BackendError", "ChunkFn"]

ChunkFn = Callable[[list[Any]], list[Any]]


class BackendError(RuntimeError):
    """A run could not be completed as asked (a backend that cannot start, a result missing at the end)."""


class Backend:
    """The interface: :meth:`imap_unordered` and :meth:`close` (also a context manager)."""

    name = "backend"

    @property
    def workers(self) -> int:
        """How many chunks run at once (sizes chunks: a few per worker)."""
        raise NotImplementedError

    def imap_unordered(self, fn: ChunkFn, chunks: Iterable[list[Any]], initializer: Callable[..., None] | None = None,
                       initargs: tuple[Any, ...] = (), fork_safe: bool = True) -> Iterator[list[Any]]:
        """``fn(chunk)`` for every chunk, yielded as each finishes (any order).

        ``fork_safe=False`` asks for workers that are not forked from this process (torch agents).
        """
        raise NotImplementedError

    def describe(self) -> dict[str, object]:
        """What ran the work, for a result file's ``meta``."""
        return {"backend": self.name, "jobs": self.workers}

    def close(self) -> None:
        """Release what the backend started (a Ray instance it started itself)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
