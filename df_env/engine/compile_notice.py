"""A visible message while the engine compiles for the first time (numba, about a minute cold; about a second once
the compiled code is cached in the engine's cache folder, ``df_env.engine.kernels.CACHE_DIR``, keyed on a hash of
the engine's sources: see ``df_env/engine/_jit.py``).

Example:
    >>> isinstance(engine_is_cached(), bool)
    True
"""

from __future__ import annotations

import sys
from pathlib import Path

MESSAGE = ("compiling the game engine for the first time on this machine (numba, about a minute; later runs start "
           "in about a second)...")


def cache_dir() -> Path:
    """The folder numba caches this df_env's compiled code in (importing the engine compiles nothing)."""
    from df_env.engine.kernels import CACHE_DIR

    return Path(CACHE_DIR)


def engine_is_cached() -> bool:
    """Whether numba's cache of the engine exists (a guess: some cache index file is present)."""
    return any(cache_dir().rglob("*.nbi"))


def notice(stream=None) -> bool:
    """Print :data:`MESSAGE` (to stderr by default) when the engine has not been compiled yet; returns whether it
    printed."""
    if engine_is_cached():
        return False
    print(MESSAGE, file=stream or sys.stderr, flush=True)
    return True
