"""The game-agnostic core of df_env: the :class:`Game` contract, its metadata, the registry and the conformance suite.

Nothing here knows a game: no module of ``df_env.core`` imports a game's package or ``df_env.games.deep_future.engine``
(``tests/core/test_core_imports.py`` checks it). A game is one package that builds a :class:`Game` and registers it;
``df_env.make_game(id)`` imports the package on first use.

Example:
    >>> import df_env
    >>> game = df_env.make_game("deep_future")
    >>> game.info.min_players, game.info.max_players
    (1, 3)
"""

from __future__ import annotations

from .errors import GameError, IllegalActionError, UnknownGameError
from .game import Game, GameInfo
from .registry import available_games, game_id_of, make_game, register_game

__all__ = ["Game", "GameError", "GameInfo", "IllegalActionError", "UnknownGameError", "available_games",
           "game_id_of", "make_game", "register_game"]
