"""Game logs: a game saved as its configuration, seed and actions (a game is a pure function of them, R5).

File format (JSON)::

    {"format": "df_env.game_log", "version": 1, "game": "deep_future",
     "config": {"num_players": 2, "restart_on_loss": false},
     "seed": 7, "seats": ["human", "heuristic"], "actions": [146, 12, ...],
     "result": {"over": true, "winner": 0, "victory": "Culture", "turns": 31}}

``game`` is the game's registry id (a log without one is Deep Future's, written before there was a second game);
``config`` is the game's configuration (``Game.config_to_dict``: Galactic Civ's also holds ``events``, ``races`` and
``trade_literal``, e.g. ``{"num_players": 4, "events": true, "races": "choose", "trade_literal": false}``; a key
left out is the game's default, so a log written before a key existed reads as that default, events off);
``seats`` names who played each seat (informational); ``result`` is written for the reader and checked on
replay. Example:

    >>> import os, tempfile
    >>> from df_env.games.deep_future import engine
    >>> log = GameLog(num_players=1, seed=3, seats=["random"], actions=[])
    >>> s = engine.new_game(log.game_config(), log.seed)
    >>> log.actions.append(int(engine.legal_actions(s)[0]))
    >>> path = os.path.join(tempfile.mkdtemp(), "g.json")
    >>> save_log(log, path)
    >>> load_log(path).actions == log.actions
    True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from df_env.core import Game, GameError, IllegalActionError, make_game
from df_env.core.errors import UnknownGameError
from df_env.core.registry import DEFAULT_GAME, game_id_of

LOG_FORMAT = "df_env.game_log"
LOG_VERSION = 1


class GameLogError(ValueError):
    """An unreadable or inconsistent game log."""


@dataclass
class GameLog:
    """A game as configuration, seed and the actions taken, in order."""

    num_players: int
    seed: int
    seats: list[str]
    actions: list[int] = field(default_factory=list)
    restart_on_loss: bool = False
    result: dict[str, Any] = field(default_factory=dict)
    game: str = DEFAULT_GAME
    # the game's other configuration (beside num_players and Deep Future's R24 flag), as its config_to_dict writes
    # it: Galactic Civ's events, races and trade_literal; a key left out is the game's default
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of_config(cls, game_id: str, config: Any, seed: int, seats: list[str]) -> GameLog:
        """A new log of a game of ``game_id`` played with ``config`` (the whole configuration is recorded)."""
        data = make_game(game_id).config_to_dict(config)
        return cls(num_players=int(data["num_players"]), seed=seed, seats=list(seats),
                   restart_on_loss=bool(data.get("restart_on_loss", False)), game=game_id,
                   options=config_options(data))

    def game_config(self) -> Any:
        return self.the_game().config_from_dict(self.config_dict())

    def the_game(self) -> Game:
        """The :class:`~df_env.core.Game` this log is a game of."""
        return make_game(self.game)

    def config_dict(self) -> dict[str, Any]:
        """The log's ``config`` block (Deep Future's R24 variant named only where a game has it)."""
        out: dict[str, Any] = {"num_players": self.num_players}
        if self.restart_on_loss or self.game == DEFAULT_GAME:
            out["restart_on_loss"] = self.restart_on_loss
        out.update(self.options)
        return out

    def set_result(self, state: np.ndarray) -> None:
        """Record how the game stands in ``state`` (its last position)."""
        self.result = result_of(state, self.the_game())

    def to_dict(self) -> dict[str, Any]:
        return {"format": LOG_FORMAT, "version": LOG_VERSION, "game": self.game, "config": self.config_dict(),
                "seed": self.seed, "seats": self.seats, "actions": self.actions, "result": self.result}


def config_options(config: dict[str, Any]) -> dict[str, Any]:
    """A config block's keys other than ``num_players`` and ``restart_on_loss`` (a :class:`GameLog`'s
    ``options``)."""
    return {k: v for k, v in config.items() if k not in ("num_players", "restart_on_loss")}


def result_of(state: Any, game: Game | None = None) -> dict[str, Any]:
    """How the game stands in ``state``: the log's ``result`` block (``game`` default Deep Future)."""
    g = make_game() if game is None else game
    over = g.is_terminal(state)
    end = g.outcome(state, truncated=not over)
    w = int(end["winner"])
    return {"over": over, "winner": w, "victory": end["victory"] if w >= 0 else None, "turns": g.turn(state)}


def result_mismatch(log: GameLog, state: np.ndarray) -> str | None:
    """What the log's recorded ``result`` says that the replayed final ``state`` does not (None: they agree, or
    the log records no result)."""
    replayed = result_of(state, log.the_game())
    diff = {k: v for k, v in log.result.items() if k in replayed and replayed[k] != v}
    if not diff:
        return None
    return (f"the log records {diff} but the replay gives {({k: replayed[k] for k in diff})} (was the log written "
            f"by another engine version?)")


def save_log(log: GameLog, path: str | os.PathLike[str]) -> Path:
    """Write the log (directories are created); returns the path."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(json.dumps(log.to_dict()) + "\n")
    tmp.replace(p)
    return p


def load_log(path: str | os.PathLike[str]) -> GameLog:
    """Read and check a log file; :class:`GameLogError` says what is wrong."""
    p = Path(path)
    try:
        doc = json.loads(p.read_text())
    except FileNotFoundError:
        raise GameLogError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise GameLogError(f"{p}: is a folder, not a game log") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        raise GameLogError(f"{p}: not a readable JSON file ({type(err).__name__}: {err})") from None
    return log_from_dict(doc, str(p))


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise GameLogError(f"{where}: {what}")


def log_from_dict(doc: Any, where: str = "game log") -> GameLog:
    """A :class:`GameLog` from its JSON document, checked field by field (raises :class:`GameLogError` only)."""
    try:
        return _log_from_dict(doc, where)
    except GameLogError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, OverflowError, AttributeError, RecursionError) as e:
        raise GameLogError(f"{where}: malformed game log ({type(e).__name__}: {e})") from None


def _log_from_dict(doc: Any, where: str) -> GameLog:
    _need(isinstance(doc, dict) and doc.get("format") == LOG_FORMAT, where,
          f"not a game log (expected \"format\": \"{LOG_FORMAT}\")")
    _need(doc.get("version") == LOG_VERSION, where, f"log version {doc.get('version')!r}, this df_env reads "
          f"version {LOG_VERSION}")
    try:
        game = make_game(game_id_of(doc))
    except UnknownGameError as err:
        raise GameLogError(f"{where}: {err}") from None
    config = doc.get("config")
    _need(isinstance(config, dict), where, "\"config\" must be an object")
    n = config.get("num_players")
    counts = game.info.player_counts
    _need(n in counts and not isinstance(n, bool), where, f"config.num_players must be one of {list(counts)} for "
          f"{game.info.name}, got {n!r}")
    try:
        game.config_from_dict(config)
    except GameError as err:
        raise GameLogError(f"{where}: config: {err}") from None
    seed = doc.get("seed")
    _need(isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0, where,
          f"seed must be an integer >= 0, got {seed!r}")
    actions = doc.get("actions")
    _need(isinstance(actions, list), where, "\"actions\" must be a list of integers")
    top = game.info.num_actions
    for k, a in enumerate(actions):
        _need(isinstance(a, int) and not isinstance(a, bool) and 0 <= a < top, where,
              f"actions[{k}] must be an action id 0..{top - 1}, got {a!r}")
    restart = config.get("restart_on_loss", False)
    result = doc.get("result") or {}
    _need(isinstance(result, dict), where, f"\"result\" must be an object, got {result!r}")
    seats = doc.get("seats", [f"player {p}" for p in range(n)])
    _need(isinstance(seats, list) and len(seats) == n, where, f"\"seats\" must list {n} names")
    return GameLog(num_players=n, seed=seed, seats=[str(x) for x in seats], actions=list(actions),
                   restart_on_loss=bool(restart), result=dict(result), game=game.info.id,
                   options=config_options(config))


def replay(log: GameLog) -> Iterator[tuple[int, np.ndarray, int]]:
    """Yield ``(step, state before, action)`` for every logged action; the state is the game's own, advanced
    after each yield (copy it to keep it). Raises :class:`GameLogError` at an action the engine refuses."""
    game = log.the_game()
    s = game.new_game(log.game_config(), log.seed)
    for k, a in enumerate(log.actions):
        yield k, s, a
        _apply_logged(game, s, k, a)


def final_state(log: GameLog) -> np.ndarray:
    """The position after the last logged action."""
    game = log.the_game()
    s = game.new_game(log.game_config(), log.seed)
    for k, a in enumerate(log.actions):
        _apply_logged(game, s, k, a)
    return s


def _apply_logged(game: Game, s: Any, k: int, a: int) -> None:
    try:
        game.apply_action(s, a)
    except IllegalActionError as err:
        raise GameLogError(f"step {k + 1}: {err} (was the log written by another engine version?)") from None
