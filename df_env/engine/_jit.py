"""The one place that decides how engine functions are compiled."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import numba

F = TypeVar("F", bound=Callable)


def njit(fn: F) -> F:
    """Compile ``fn`` in nopython mode with an on-disk cache (``NUMBA_DISABLE_JIT=1`` runs it as Python)."""
    return numba.njit(cache=True, nogil=True)(fn)  # type: ignore[return-value]
