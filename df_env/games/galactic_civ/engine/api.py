"""The engine's Python API: configure and start games, list and apply decisions, read results.

Example:
    >>> from df_env.games.galactic_civ.engine import api
    >>> s = api.new_game(api.GalacticCivConfig(num_players=2), seed=0)
    >>> api.decision_name(s), len(api.legal_actions(s))
    ('race', 11)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from df_env.core.errors import GameError
from df_env.core.errors import IllegalActionError as CoreIllegalActionError
from df_env.core.rng import seed_words

from .kernels import apply_arr, start_game_arr
from .state import DECISION_NAMES, MAX_PLAYERS, MIN_PLAYERS, NUM_ACTIONS, State, empty_state
from .tables import RACE_NAMES

RACE_MODES = ("choose", "random")


class IllegalActionError(CoreIllegalActionError):
    """An action that does not answer Galactic Civ's pending decision (or lies outside the action space)."""


@dataclass(frozen=True)
class GalacticCivConfig:
    """Options of one game.

    Attributes:
        num_players: 2..6 (GCR29).
        events: play the optional Events rules (GC24-GC31); default off.
        races: ``"choose"`` (GCR7: each seat chooses in turn order, a decision), ``"random"`` (drawn at setup) or
            one distinct race name per seat (RULES.md GC5's names).
        trade_literal: GCR2's variant: the Trade Phase tests Influence as printed (default False: Trade).
    """

    num_players: int = 2
    events: bool = False
    races: str | tuple[str, ...] = "choose"
    trade_literal: bool = False

    def __post_init__(self) -> None:
        n = self.num_players
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise GameError(f"num_players must be an integer {MIN_PLAYERS}..{MAX_PLAYERS} (GCR29), got {n!r}")
        for flag in ("events", "trade_literal"):
            if not isinstance(getattr(self, flag), bool):
                raise GameError(f"{flag} must be true or false, got {getattr(self, flag)!r}")
        _check_races(self.races, int(n))


def _check_races(races: object, n: int) -> None:
    if isinstance(races, str):
        if races not in RACE_MODES:
            raise GameError(f"races must be one of {RACE_MODES} or a list of {n} race names, got {races!r}")
        return
    if not isinstance(races, (tuple, list)) or len(races) != n or not all(isinstance(r, str) for r in races):
        raise GameError(f"races must be one of {RACE_MODES} or a list of {n} race names, got {races!r}"[:300])
    unknown = [r for r in races if r not in RACE_NAMES]
    if unknown:
        raise GameError(f"unknown races {unknown}; races are: {', '.join(RACE_NAMES)}")
    if len(set(races)) != n:
        raise GameError(f"races must be distinct (GCR7), got {list(races)}")


def pre_start_state(config: GalacticCivConfig) -> State:
    """A game before setup: the header of ``config``, no generator seed yet."""
    s = empty_state()
    s["n_players"] = config.num_players
    s["events_on"] = int(config.events)
    s["trade_literal"] = int(config.trade_literal)
    if not isinstance(config.races, str):
        s["race"][: config.num_players] = [RACE_NAMES.index(r) for r in config.races]
    return s


def new_game(config: GalacticCivConfig | None = None, seed: int = 0) -> State:
    """A new game (GC6), set up and run to its first decision; ``seed`` fixes every random event."""
    config = config or GalacticCivConfig()
    s = pre_start_state(config)
    try:
        s["rng"] = seed_words(seed)
    except ValueError as e:
        raise GameError(str(e)) from None
    start_game_arr(s.reshape(1), config.races == "random")
    return s


def legal_mask(s: State) -> np.ndarray:
    """Boolean mask over ``range(NUM_ACTIONS)``; all False once the game is over."""
    return s["mask"].astype(bool)


def legal_actions(s: State) -> np.ndarray:
    """The legal action ids, ascending; empty once the game is over."""
    return s["legal"][: int(s["n_legal"])].astype(np.int64)


def apply_action(s: State, action: int) -> None:
    """Apply ``action`` in place; an illegal one raises :class:`IllegalActionError` and changes nothing."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalActionError(f"an action is an integer 0..{NUM_ACTIONS - 1}, got {action!r}")
    a = int(action)
    if not 0 <= a < NUM_ACTIONS:
        raise IllegalActionError(f"action {a} is outside the action space: action ids are 0..{NUM_ACTIONS - 1}")
    if not s["mask"][a]:
        raise IllegalActionError(_illegal_message(s, a))
    apply_arr(s.reshape(1), a)


def _illegal_message(s: State, a: int) -> str:
    from .text import action_to_string

    if s["over"]:
        return f"action {a} is illegal: the game is over"
    legal = ", ".join(f"{int(b)} ({action_to_string(s, int(b))})" for b in legal_actions(s)[:40])
    return f"action {a} is illegal for decision {decision_name(s)}; legal actions: {legal}"


def decision_name(s: State) -> str:
    return DECISION_NAMES[int(s["dk"])]


def clone(s: State) -> State:
    """An independent copy (raw bytes: faster than numpy's field-by-field copy of a record)."""
    return np.frombuffer(bytearray(s.tobytes()), s.dtype).reshape(())


def current_player(s: State) -> int:
    return -1 if s["over"] else int(s["dplayer"])


def is_terminal(s: State) -> bool:
    return bool(s["over"])


def returns(s: State) -> np.ndarray:
    """+1 for the winner and -1 for the others; zeros for a draw (GCR19) and while the game goes on."""
    n = int(s["n_players"])
    out = np.zeros(n, dtype=np.float64)
    if s["over"] and s["winner"] >= 0:
        out[:] = -1.0
        out[int(s["winner"])] = 1.0
    return out


def force_dice(s: State, results: Sequence[int]) -> None:
    """Queue d10 results (1..10) to be rolled next, before the generator's (tests and positions fix rolls)."""
    from .state import MAX_FORCED

    left = [int(x) for x in s["forced"][: int(s["forced_n"])]]
    queue = left + [int(x) for x in results]
    if len(queue) > MAX_FORCED or not all(1 <= x <= 10 for x in queue):
        raise GameError(f"forced dice are at most {MAX_FORCED} results of 1..10, got {queue}")
    s["forced"][:] = 0
    s["forced"][: len(queue)] = queue
    s["forced_n"] = len(queue)
