"""Deep Future (R. Winder, v1.6) as a :class:`df_env.core.Game`: importing this package registers ``GAME``."""

from __future__ import annotations

from df_env.core.registry import register_game

from .game import GAME, DeepFutureGame

register_game(GAME)

__all__ = ["GAME", "DeepFutureGame"]
