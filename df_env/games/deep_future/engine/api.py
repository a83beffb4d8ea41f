"""The public engine API: create games, list and apply decisions, read results.

Example:
    >>> from df_env.games.deep_future import engine
    >>> s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    >>> a = int(engine.legal_actions(s)[0])
    >>> engine.apply_action(s, a)
    >>> engine.is_terminal(s)
    False
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from df_env.core import errors as core_errors

from .kernels import apply_arr, start_game_arr
from .model.constants import CAPACITY_TIERS, MAX_PLAYERS
from .model.layout import DECISIONS, NUM_ACTIONS
from .model.rng import seed_words
from .model.state import State, copy_fields, empty_state, is_state, tier_for


class IllegalActionError(core_errors.IllegalActionError):
    """An action that is not legal for the pending decision (a ValueError, and the core's IllegalActionError that
    every game raises)."""


class ActionSpaceError(IllegalActionError):
    """An action id outside the action space ``range(NUM_ACTIONS)`` (never an action of any decision)."""


def _is_int(value: object) -> bool:
    """An integer (Python or numpy), not a bool: what a capacity or a count may be."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_action_space(action: int) -> None:
    """Raise :class:`ActionSpaceError` unless ``0 <= action < NUM_ACTIONS``."""
    if not 0 <= action < NUM_ACTIONS:
        raise ActionSpaceError(f"action {action} is outside the action space: action ids are 0..{NUM_ACTIONS - 1}")


@dataclass(frozen=True)
class GameConfig:
    """Options of one game.

    Attributes:
        num_players: 1 (solo), 2 or 3.
        restart_on_loss: R24 variant: a player who loses takes a new homeworld on his next turn instead of
            leaving the game (default False: he leaves).
        galaxy: the campaign's galaxy to play in (a state whose card pool, named sectors, wonders and era are
            taken, see :mod:`df_env.games.deep_future.campaign.core`), or None for a fresh galaxy of 36 cards (1.6).
        capacity: the card slots of the game's state, one of ``CAPACITY_TIERS`` (512, 2048, 8192, 32767); None
            (default): the tier its pool needs (``model.state.tier_for``: 512 for a fresh galaxy and campaigns up
            to 448 cards). A bigger tier is a different state dtype, which numba compiles the engine for once.
    """

    num_players: int = 1
    restart_on_loss: bool = False
    galaxy: np.ndarray | None = None
    capacity: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.num_players, (int, np.integer)) or not 1 <= self.num_players <= MAX_PLAYERS:
            raise ValueError(f"num_players must be 1, 2 or 3, got {self.num_players!r}")
        if self.galaxy is not None and not is_state(self.galaxy):
            raise ValueError("galaxy must be a state array (a state dtype) holding the campaign's card pool")
        if self.capacity is not None and (not _is_int(self.capacity) or self.capacity not in CAPACITY_TIERS):
            raise ValueError(f"capacity must be None or one of {CAPACITY_TIERS}, got {self.capacity!r}")
        if self.capacity is not None and self.galaxy is not None and self.pool_size() > self.capacity:
            raise ValueError(f"capacity {self.capacity} is too small for the galaxy's {self.pool_size()} cards "
                             f"(use None: the tier the pool needs)")

    def pool_size(self) -> int:
        """Cards in the galaxy's pool (0 without a galaxy: a fresh one is made at start)."""
        return 0 if self.galaxy is None else int(self.galaxy.reshape(())["n_cards"])

    def game_capacity(self) -> int:
        """The capacity tier of this configuration's games."""
        return self.capacity if self.capacity is not None else tier_for(self.pool_size())


def new_game(config: GameConfig | None = None, seed: int = 0) -> State:
    """A new game, set up (1.7) and run to its first decision. ``seed`` fixes every random event (R5)."""
    s = pre_start_state(config or GameConfig())
    s["rng"] = seed_words(seed)
    start_game_arr(s.reshape(1))
    return s


def pre_start_state(config: GameConfig) -> State:
    """A game before setup: the header and the galaxy of ``config`` (no galaxy: an empty pool, a fresh galaxy
    is made at start) and no generator seed yet. Compiled code starts games from it (the vector envs)."""
    s = empty_state(config.game_capacity())
    s["n_players"] = config.num_players
    s["variant_restart"] = 1 if config.restart_on_loss and config.num_players > 1 else 0
    s["era"] = 1
    if config.galaxy is not None:
        _take_galaxy(s, config.galaxy)
    return s


_GALAXY_FIELDS = ("n_cards", "c_num", "c_suit", "c_type", "c_sector", "c_era", "c_name", "c_slot_suit",
                  "c_slot_num", "c_circled", "c_civ3", "c_civ4", "c_hist", "sector_name", "wonder",
                  "wonder_suit", "era")


def _take_galaxy(s: State, galaxy: np.ndarray) -> None:
    g = galaxy.reshape(())
    copy_fields(s, g, _GALAXY_FIELDS)  # the galaxy may be stored in another tier than the game's


def legal_mask(state: State) -> np.ndarray:
    """Boolean mask over ``range(NUM_ACTIONS)`` of the legal actions (all False when the game is over)."""
    return state["mask"].astype(bool)


def legal_actions(state: State) -> np.ndarray:
    """The legal actions, ascending ints; empty when the game is over."""
    return np.flatnonzero(state["mask"])


def apply_action(state: State, action: int) -> None:
    """Apply ``action`` to ``state`` in place. Raises :class:`IllegalActionError` naming the pending decision
    and its legal choices if the action is not legal."""
    a = int(action)
    if not 0 <= a < NUM_ACTIONS:
        check_action_space(a)
    if not state["mask"][a]:
        raise IllegalActionError(_illegal_message(state, a))
    apply_arr(state.reshape(1), a)


def _illegal_message(state: State, action: int) -> str:
    from .text.render import action_to_string

    if state["over"]:
        return f"action {action} is illegal: the game is over"
    name, _, what = DECISIONS[int(state["dk"])]
    legal = ", ".join(f"{a} ({action_to_string(state, int(a))})" for a in legal_actions(state))
    return f"action {action} is illegal for decision {name} ({what}); legal actions: {legal}"


def clone(state: State) -> State:
    """An independent copy of ``state``. (Copied as raw bytes: numpy's own ``copy`` of a record with
    sub-arrays walks field by field and is ~20x slower.)"""
    return np.frombuffer(bytearray(state.tobytes()), state.dtype).reshape(())


def current_player(state: State) -> int:
    """The player who must decide now, or -1 when the game is over."""
    return -1 if state["over"] else int(state["dplayer"])


def is_terminal(state: State) -> bool:
    return bool(state["over"])


def returns(state: State) -> np.ndarray:
    """Per-player result: +1 for the winner and -1 for the others; -1 for all when every player lost; zeros
    while the game goes on."""
    n = int(state["n_players"])
    out = np.zeros(n, dtype=np.float64)
    if not state["over"]:
        return out
    out[:] = -1.0
    if state["winner"] >= 0:
        out[int(state["winner"])] = 1.0
    return out
