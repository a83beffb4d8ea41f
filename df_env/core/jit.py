"""The one place that decides how every game's compiled functions are compiled, and where their on-disk cache lives
(a game's ``engine/_jit.py`` may re-export it under an older name).

numba's cache checks only the source file of each function, not the files it calls or the tables it freezes in,
so after an edit elsewhere it could load stale machine code. The cache therefore lives in a folder named after a
hash of every source that compiled code depends on (all of every game's ``engine/`` folder under ``df_env/games``
with their data files, and every other module of ``df_env`` and ``agents`` that compiles functions): any edit gives a
fresh folder, and an edit elsewhere (a game's adapter) keeps the cache. The folder is ``$NUMBA_CACHE_DIR/df_env-<hash>``
when that variable is set, else ``~/.cache/df_env/numba/df_env-<hash>`` (``$XDG_CACHE_HOME`` respected); old folders are
never read again and may be deleted. Several processes may fill one folder at once (bench workers, two checkouts of
one commit): its files are laid out so that none can load another signature's code (:mod:`df_env.core.jit_cache`).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numba
from numba.core import types
from numba.core.registry import CPUDispatcher

from df_env.core.jit_cache import KeyedFunctionCache

F = TypeVar("F", bound=Callable)

_DF_ENV = Path(__file__).resolve().parent.parent
# every rules module (each game's engine/ folder): compiled code freezes their tables
_RULES = tuple(sorted(p for p in (_DF_ENV / "games").glob("*/engine") if p.is_dir()))
_PACKAGES = (_DF_ENV, _DF_ENV.parent / "agents")  # df_env/ and agents/: their modules that compile functions


def source_key() -> str:
    """A short hash of every source file compiled code depends on (see the module docstring)."""
    files: set[Path] = set()
    for folder in _RULES:
        files |= set(folder.rglob("*.py")) | set(folder.rglob("data/*.json"))
    for pkg in _PACKAGES:
        if pkg.is_dir():
            files |= {f for f in pkg.rglob("*.py") if "njit" in f.read_text(encoding="utf-8")}
    h = hashlib.sha256()
    for f in sorted(files):
        h.update(str(f.relative_to(_DF_ENV.parent)).encode())
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


_NARROW = (types.int8, types.int16, types.int32)


def _widened(t: types.Type) -> types.Type:
    """The type a compiled callee is specialized for when called with an argument of type ``t``: a literal int or
    bool as its plain type, a signed int narrower than 64 bits as int64; any other type as it is."""
    if isinstance(t, (types.IntegerLiteral, types.BooleanLiteral)):
        t = types.unliteral(t)
    return types.int64 if t in _NARROW else t


class _KeyedDispatcher(CPUDispatcher):
    """numba's dispatcher, its on-disk cache safe when processes fill it at once (:mod:`df_env.core.jit_cache`)."""

    def enable_caching(self):
        self._cache = KeyedFunctionCache(self.py_func)


class _Dispatcher(_KeyedDispatcher):
    """numba's dispatcher, except that a call from compiled code is specialized on widened argument types.

    numba compiles one specialization per distinct tuple of argument types, and types each literal constant as its
    own type: ``ask(s, fi, 2, D_START, p, 0, 0)`` from 50 call sites, with state fields of int8 and int16 and
    constants, was 52 compiles of the same small function. Compiled callers therefore call with every literal
    int/bool as its plain type and every signed int narrower than 64 bits as int64 (the caller casts the value;
    see :func:`_widened`). Nothing changes in the result: numba computes with signed ints narrower than 64 bits as
    int64 anyway (int8 + int8 is int64), and a literal only let it drop branches it could prove dead. Calls from
    Python are not changed (a Python int is an int64 already).
    """

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_widened(a) for a in args), {k: _widened(v) for k, v in kws.items()})


# Compile options of every engine function: nopython, no GIL held, no bounds checks, and no C-callable wrapper (the
# wrapper lets a compiled function be passed as a first-class function value, which the engine never does).
_OPTIONS = {"nopython": True, "nogil": True, "boundscheck": None, "no_cfunc_wrapper": True}


def _dispatch(kind: type[CPUDispatcher], fn: F, targetoptions: dict[str, object]) -> F:
    if numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
        return fn
    disp = kind(py_func=fn, locals={}, targetoptions=targetoptions)
    disp.enable_caching()
    return disp  # type: ignore[return-value]


def _compiled(fn: F, **options: object) -> F:
    return _dispatch(_Dispatcher, fn, {**_OPTIONS, **options})


def njit(fn: F) -> F:
    """Compile ``fn`` in nopython mode with an on-disk cache (``NUMBA_DISABLE_JIT=1`` runs it as Python).

    Compiled lazily, on first call, for the argument types of that call (widened when called from compiled code,
    see :class:`_Dispatcher`)."""
    return _compiled(fn)


def njit_inline(fn: F) -> F:
    """:func:`njit` for glue over the big procedures (a dispatch, a driver loop, a one-line entry): inlined into
    each compiled caller (numba IR inlining) instead of compiled on its own.

    A function compiled on its own carries a copy of everything it calls (numba links and optimizes the callees'
    code into each function's module), so each level of glue above the rules re-optimized the whole engine."""
    return _compiled(fn, inline="always")


def _plain(fn: F, **options: object) -> F:
    return _dispatch(_KeyedDispatcher, fn, {"nopython": True, "nogil": True, **options})


def njit_nogil(fn: F) -> F:
    """numba's own ``njit(cache=True, nogil=True)``, for the networks' passes (no widened dispatch, none of the
    engine's other options), in the engine's cache folder with its safe layout. Never fastmath: it lets the
    compiler reorder sums and fuse multiply-adds as each CPU suits, so results would differ between CPU models
    (docs/cluster.md)."""
    return _plain(fn)
