"""Galactic Civ, the project's second game, as a :class:`df_env.core.Game`: importing this package registers
``GAME``."""

from __future__ import annotations

from df_env.core.registry import register_game

from .game import GAME, GalacticCivGame

register_game(GAME)

__all__ = ["GAME", "GalacticCivGame"]
