"""Galactic Civ, the project's second game, as a :class:`df_env.core.Game` (``GAME``, in :mod:`.game`, which
registers it when imported: the registry imports that module on first use).

The package itself imports nothing, so that importing the game's engine (``df_env.games.galactic_civ.engine``: its
own agents do, from compiled code) does not run the game's adapter, which names those agents; ``GAME`` and
``GalacticCivGame`` are still importable from here (looked up on first use).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["GAME", "GalacticCivGame"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(importlib.import_module(f"{__name__}.game"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
