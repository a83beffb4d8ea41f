"""A visible message while the engine compiles for the first time (numba, 1-2 minutes cold; about a second once
the compiled code is cached beside the engine's modules, in ``__pycache__/*.nbi``/``*.nbc``).

Example:
    >>> isinstance(engine_is_cached(), bool)
    True
"""

from __future__ import annotations

import sys
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent / "engine"
MESSAGE = ("compiling the game engine for the first time on this machine (numba, about 1-2 minutes; later runs start "
           "in about a second)...")


def engine_is_cached() -> bool:
    """Whether numba's cache of the engine exists (a guess: some cache index file is present)."""
    return any(ENGINE_DIR.rglob("*.nbi"))


def notice(stream=None) -> bool:
    """Print :data:`MESSAGE` (to stderr by default) when the engine has not been compiled yet; returns whether it
    printed."""
    if engine_is_cached():
        return False
    print(MESSAGE, file=stream or sys.stderr, flush=True)
    return True
