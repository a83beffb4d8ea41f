"""The one place that decides how engine functions are compiled, and where their on-disk cache lives.

numba's cache checks only the source file of each function, not the files it calls or the tables it freezes in,
so after an edit elsewhere it could load stale machine code. The cache therefore lives in a folder named after a
hash of every source that compiled code depends on (all of ``df_env/engine`` with its data files, and every other
module of ``df_env`` and ``agents`` that compiles functions): any edit gives a fresh folder. The folder is
``$NUMBA_CACHE_DIR/df_env-<hash>`` when that variable is set, else ``~/.cache/df_env/numba/df_env-<hash>``
(``$XDG_CACHE_HOME`` respected); old folders are never read again and may be deleted.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numba

F = TypeVar("F", bound=Callable)

_ENGINE = Path(__file__).resolve().parent
_PACKAGES = (_ENGINE.parent, _ENGINE.parent.parent / "agents")  # df_env/ and agents/


def source_key() -> str:
    """A short hash of every source file compiled code depends on (see the module docstring)."""
    files = set(_ENGINE.rglob("*.py")) | set((_ENGINE / "data").glob("*.json"))
    for pkg in _PACKAGES:
        if pkg.is_dir():
            files |= {f for f in pkg.rglob("*.py") if "njit" in f.read_text(encoding="utf-8")}
    h = hashlib.sha256()
    for f in sorted(files):
        h.update(str(f.relative_to(_ENGINE.parent.parent)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _cache_dir() -> str:
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "df_env", "numba")
    path = os.path.join(base, f"df_env-{source_key()}")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:  # a read-only home: the temporary folder still keys the cache on the sources
        path = os.path.join(tempfile.gettempdir(), "df_env-numba", f"df_env-{source_key()}")
        os.makedirs(path, exist_ok=True)
    return path


CACHE_DIR = _cache_dir()
numba.config.CACHE_DIR = CACHE_DIR  # type: ignore[attr-defined]  # read by numba when a cached function is decorated, so set before any


def njit(fn: F) -> F:
    """Compile ``fn`` in nopython mode with an on-disk cache (``NUMBA_DISABLE_JIT=1`` runs it as Python)."""
    return numba.njit(cache=True, nogil=True)(fn)  # type: ignore[return-value]
