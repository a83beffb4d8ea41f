"""The game registry: ids to games. A game registers itself when its package is imported; the packages of the
built-in games are listed here (one line a game) and imported on first use, so ``import df_env`` stays cheap.

Example:
    >>> from df_env.core import available_games, make_game
    >>> "deep_future" in available_games()
    True
    >>> make_game("deep_future").info.name
    'Deep Future'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .errors import UnknownGameError
from .game import Game

# id -> the module that registers it (imported on first use): the game's package, or its adapter module where the
# package must import nothing (Galactic Civ's engine is inside it). A new game adds its line here.
BUILTIN_GAMES: dict[str, str] = {
    "deep_future": "df_env.games.deep_future.game",
    "galactic_civ": "df_env.games.galactic_civ.game",
}
DEFAULT_GAME = "deep_future"

_GAMES: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Register ``game`` under ``game.info.id`` (a game's package calls this once, at import). Registering the
    same object again is a no-op; another game under a taken id is refused."""
    if not isinstance(game, Game):
        raise TypeError(f"register_game needs a Game (the protocol in df_env.core.game), got {type(game).__name__}")
    gid = game.info.id
    if gid in _GAMES and _GAMES[gid] is not game:
        raise ValueError(f"a game is already registered as {gid!r}")
    _GAMES[gid] = game
    return game


def available_games() -> tuple[str, ...]:
    """The ids of every game that can be made: the built-in ones and any registered since."""
    return tuple(sorted(set(BUILTIN_GAMES) | set(_GAMES)))


def make_game(game_id: str = DEFAULT_GAME) -> Game:
    """The game registered as ``game_id``, importing its package on first use.

    Raises :class:`UnknownGameError` (a ValueError) listing the available games for an unknown id.
    """
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game id is a string, one of {', '.join(available_games())}; got {game_id!r}")
    if game_id not in _GAMES and game_id in BUILTIN_GAMES:
        importlib.import_module(BUILTIN_GAMES[game_id])
    if game_id not in _GAMES:
        raise UnknownGameError(f"unknown game {game_id!r}; games are: {', '.join(available_games())}")
    return _GAMES[game_id]


def game_id_of(record: Mapping[str, Any]) -> str:
    """The game a record (a ladder line, a game log, a position document) belongs to. A record without a ``game``
    field predates the field and is Deep Future's (the only game then); an unknown id raises UnknownGameError."""
    gid = record.get("game", DEFAULT_GAME)
    if not isinstance(gid, str) or gid not in available_games():
        raise UnknownGameError(f"record names game {gid!r}; games are: {', '.join(available_games())}")
    return gid
