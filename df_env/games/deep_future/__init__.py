"""Deep Future (R. Winder, v1.6) as a :class:`df_env.core.Game` (``GAME``, in :mod:`.game`, which registers it when
imported: the registry imports that module on first use).

The package holds the game's engine (:mod:`.engine`), envs, campaign and progress score; it imports nothing
itself, so that importing the engine (Deep Future's compiled agents do) does not run the game's adapter, which
names those agents. ``GAME`` and ``DeepFutureGame`` are still importable from here (looked up on first use).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["GAME", "DeepFutureGame"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module(f"{__name__}.game"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
