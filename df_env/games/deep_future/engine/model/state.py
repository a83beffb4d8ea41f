"""The game state: one numpy structured record holding every fact of a game.

A ``State`` is a 0-d numpy array of a state dtype (``state["cubes"]`` is the 37-sector cube array). A clone
is ``state.copy()``; a batch of games is a 1-d array of the same dtype; saving is ``tobytes()`` or the JSON
position format (:mod:`..io.position`). Compiled code receives ``state.reshape(1)`` and works on record 0.

Capacity tiers: the card pool's arrays (the fields in :data:`POOL_FIELDS`) have one entry per card slot, and a game
has one of a few capacities (``constants.CAPACITY_TIERS``: 512, 2048, 8192, 32767 cards), each its own dtype
(:func:`state_dtype`); :data:`STATE_DTYPE` is the base tier (512), the dtype of every game of a fresh galaxy and of
campaigns up to 448 cards. A game gets the tier :func:`tier_for` its pool (``POOL_HEADROOM`` free slots); numba
compiles the engine once more the first time a bigger tier is played (cached on disk like the base one).
:func:`resize` copies a state into another tier exactly (a game plays on identically).

Encodings (sentinel ``-1`` = none unless said otherwise):

* sectors are indices 0..36 (0 = black hole, ``(a-1)*6+b`` = printed sector ``ab``), see ``constants.SECTOR_IDS``;
* suits 0..5 = S M R K H F; card numbers 1..6; advancements ``6*suit + number-1`` (Table 5 order);
* players 0..2; cube owner 3 = the neutral rivals;
* card piles are id lists with a length field; the deck's top is ``deck[deck_n-1]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from .constants import (
    CAPACITY_TIERS,
    MAX_CARDS,
    MAX_CHALLENGES,
    MAX_EVENTS,
    MAX_FRAMES,
    MAX_HAND,
    MAX_PLAYERS,
    MAX_POOL,
    MAX_TECHS,
    MAX_WORLDS,
    N_HISTORY,
    N_REGS,
    N_SECTORS,
    POOL_HEADROOM,
    ROOM_PER_DECISION,
)
from .layout import NUM_ACTIONS

P = MAX_PLAYERS
C = "C"  # a dimension of the card pool: the state's capacity (one of CAPACITY_TIERS)

_FIELDS: list[tuple[str, str, tuple[int | str, ...], str]] = [
    # --- game header
    ("version", "i2", (), "state layout version (STATE_VERSION)"),
    ("n_players", "i1", (), "1..3"),
    ("variant_restart", "i1", (), "R24 variant: 1 = a losing player restarts with a new homeworld"),
    ("rng", "i8", (4,), "xoshiro128** generator words (each 0..2^32-1), R5"),
    ("era", "i2", (), "campaign era of this game (1 = first era)"),
    ("turn", "i4", (), "player-turns started so far (1 = the first turn)"),
    ("cur", "i1", (), "player whose turn it is (-1 during setup)"),
    ("start_player", "i1", (), "chosen at random at setup (1.7)"),
    ("phase", "i1", (), "PH_* code: 0 setup, 1 start, 2 action, 3 payment, 4 challenge, 5 victory, 6 over"),
    ("dk", "i2", (), "pending decision kind D_* (0 = none: game over)"),
    ("dplayer", "i1", (), "player who must take the pending decision"),
    ("winner", "i1", (), "winning player or -1"),
    ("victory", "i1", (), "victory type of the winner (V_*) or -1"),
    ("over", "i1", (), "1 when the game has ended"),
    ("lost", "i1", (P,), "1 when that player has lost (R24)"),
    ("tracks", "i1", (P, 4), "Culture, Might, Stability, Xeno of each player"),
    # --- map
    ("cubes", "i1", (N_SECTORS,), "cubes in each sector, 0..5"),
    ("owner", "i1", (N_SECTORS,), "colour of those cubes: player 0..2, 3 neutral, -1 empty"),
    ("wonder", "i1", (N_SECTORS,), "wonder type V_* (Table 2 letter) in the sector, -1 none"),
    ("wonder_suit", "i1", (N_SECTORS,), "suit of that wonder"),
    ("sector_name", "i4", (N_SECTORS,), "name code of a named sector (campaign), -1 unnamed"),
    # --- card pool (one entry per card; n_cards in use)
    ("n_cards", "i2", (), "cards in the pool"),
    ("c_num", "i1", (C,), "corner number 1..6"),
    ("c_suit", "i1", (C,), "corner suit 0..5"),
    ("c_type", "i1", (C,), "0 blank, 1 world, 2 tech, 3 civilization"),
    ("c_sector", "i1", (C,), "world: its sector; civilization: its homeworld's sector"),
    ("c_era", "i2", (C,), "era written on the card (0 = original, O)"),
    ("c_name", "i4", (C,), "name code (world, named tech, civilization), -1 unnamed"),
    ("c_slot_suit", "i1", (C, 3), "suit of each advancement line (world: as written; tech: drawn at creation)"),
    ("c_slot_num", "i1", (C, 3), "number of the advancement written on the line, 0 = not yet written"),
    ("c_circled", "i1", (C,), "bitmask of circled (chosen) advancement lines"),
    ("c_upkeep", "i1", (C,), "upkeep cubes on a homeworld or tableau tech, 0..3"),
    ("c_civ3", "i1", (C,), "civilization: Table 3 effect (victory type)"),
    ("c_civ4", "i1", (C,), "civilization: Table 4 effect (suit), -1 none"),
    ("c_hist", "i2", (C, N_HISTORY), "civilization history: homeworld card then complete techs"),
    ("c_known", "i1", (C,), "bitmask of players who know this card where it lies (History, revealed hand)"),
    ("c_paid", "i1", (C,), "1 when the card's upkeep was paid this turn (R18)"),
    # --- card locations
    ("deck", "i2", (C,), "deck, bottom first; top = deck[deck_n-1]"),
    ("deck_n", "i2", (), ""),
    ("discard", "i2", (C,), "discard pile, oldest first"),
    ("discard_n", "i2", (), ""),
    ("hand", "i2", (P, MAX_HAND), "hands, in arrival order"),
    ("hand_n", "i1", (P,), ""),
    ("home", "i2", (P,), "homeworld card"),
    ("techs", "i2", (P, MAX_TECHS), "techs in the tableau's upper row"),
    ("techs_n", "i1", (P,), ""),
    ("worlds", "i2", (P, MAX_WORLDS), "settled worlds in the tableau's lower row"),
    ("worlds_n", "i1", (P,), ""),
    ("chal", "i2", (MAX_CHALLENGES,), "challenge pile in the order added"),
    ("chal_n", "i1", (), ""),
    ("line", "i2", (6,), "neutral worlds line: the world with corner number k+1, -1 none (R21)"),
    ("reveal", "i2", (5,), "setup: the five cards discarded for the homeworld pick"),
    # --- the turn
    ("acts", "i1", (), "bitmask of actions taken this turn"),
    ("n_acts", "i1", (), "actions taken this turn (PLAN ends the phase)"),
    ("used", "i1", (36,), "start-phase advancement instances used this turn, per advancement (R9)"),
    ("bonus", "i1", (36,), "advancement instances granted by consumed settled worlds / hand techs"),
    ("cnt", "i1", (36,), "advancement instances available to the action being resolved"),
    ("lookahead", "i1", (P,), "how many deck cards the player has looked at this turn (History, R8)"),
    ("rehome", "i1", (P,), "1 when the player lost his homeworld sector and must pick a new one (R22)"),
    # --- procedure stack: the engine's resumable control flow
    ("sp", "i1", (), "frames in use"),
    ("f_proc", "i1", (MAX_FRAMES,), "procedure id of each frame"),
    ("f_stage", "i1", (MAX_FRAMES,), "resume point within the procedure"),
    ("f_reg", "i2", (MAX_FRAMES, N_REGS), "procedure registers (meaning per procedure)"),
    ("ans", "i2", (), "the last decision's choice (index within its action block)"),
    ("ans_kind", "i1", (), "the block of the last decision's choice"),
    ("ctx", "i2", (4,), "context of the pending decision (card, suit, sector ...), see layout.DECISIONS"),
    ("mask", "u1", (NUM_ACTIONS,), "1 = legal action of the pending decision (derived: recomputed on load)"),
    ("n_legal", "i2", (), "number of legal actions"),
    ("mark", "i1", (N_SECTORS,), "per-action scratch marks on sectors (Biology, Spacecraft, battle pairs)"),
    # --- events since the last decision
    ("ev_n", "i2", (), "events recorded (may exceed MAX_EVENTS: the rest were dropped)"),
    ("ev", "i2", (MAX_EVENTS, 4), "event code, player, a, b"),
]

STATE_VERSION = 1
FIELD_DOCS: dict[str, str] = {name: doc for name, _, _, doc in _FIELDS}
POOL_FIELDS: tuple[str, ...] = tuple(name for name, _, shape, _ in _FIELDS if C in shape)  # sized by the capacity


@cache
def state_dtype(capacity: int = MAX_CARDS) -> np.dtype:
    """The state dtype of a capacity tier (``constants.CAPACITY_TIERS``)."""
    if capacity not in CAPACITY_TIERS:
        tiers = ", ".join(map(str, CAPACITY_TIERS))
        raise ValueError(f"capacity: {capacity!r} is not a capacity tier (one of {tiers})")
    return np.dtype([(name, fmt, tuple(capacity if d == C else d for d in shape)) for name, fmt, shape, _ in _FIELDS])


STATE_DTYPE = state_dtype(MAX_CARDS)  # the base tier
STATE_DTYPES: tuple[np.dtype, ...] = tuple(state_dtype(c) for c in CAPACITY_TIERS)

State = np.ndarray  # a 0-d array of a state dtype (STATE_DTYPE or another tier's)


def is_state_dtype(dtype: Any) -> bool:
    """True for the dtype of any capacity tier."""
    return any(dtype == d for d in STATE_DTYPES)


def is_state(state: Any) -> bool:
    """True for one state record: a numpy array of a state dtype holding one record (0-d or of size 1)."""
    return isinstance(state, np.ndarray) and is_state_dtype(state.dtype) and state.size == 1


def capacity(state: np.ndarray) -> int:
    """The capacity (card slots) of a state or of a batch of states."""
    return int(state.dtype["c_num"].shape[0])


def tier_for(n_cards: int) -> int:
    """The capacity of a game whose pool holds ``n_cards`` cards: the smallest tier leaving ``POOL_HEADROOM`` free
    slots for the cards the game makes, else the largest tier if the cards fit in it (a ValueError if not)."""
    for cap in CAPACITY_TIERS:
        if n_cards + POOL_HEADROOM <= cap:
            return cap
    if n_cards <= MAX_POOL:
        return MAX_POOL
    raise ValueError(f"{n_cards} cards: no game holds more than {MAX_POOL} (constants.MAX_POOL)")


def empty_state(capacity: int = MAX_CARDS) -> np.ndarray:
    """A 0-d zeroed state record of a capacity tier with the ``-1`` sentinels set."""
    s = np.zeros((), dtype=state_dtype(capacity))
    for name in ("owner", "wonder", "wonder_suit", "sector_name", "c_sector", "c_name", "c_slot_suit", "c_civ3",
                 "c_civ4", "c_hist", "deck", "discard", "hand", "home", "techs", "worlds", "chal", "line", "reveal",
                 "cur", "start_player", "winner", "victory", "dplayer"):
        s[name] = -1
    s["version"] = STATE_VERSION
    return s


def resize(state: np.ndarray, new_capacity: int) -> np.ndarray:
    """A copy of ``state`` (one record) in another capacity tier: every field equal, the card pool's arrays cut or
    extended with empty slots. The game plays on identically (the engine reads no card slot past ``n_cards``)."""
    src = state.reshape(())
    n = int(src["n_cards"])
    if n > new_capacity:
        raise ValueError(f"capacity: {n} cards do not fit in {new_capacity} slots")
    out = empty_state(new_capacity)
    copy_fields(out, src, src.dtype.names or ())
    return out


def copy_fields(dst: np.ndarray, src: np.ndarray, names: Sequence[str]) -> None:
    """``dst[name] = src[name]`` for each field of ``names``, between records of any tiers (the card pool's
    arrays are copied up to the smaller capacity)."""
    k = min(capacity(dst), capacity(src))
    for name in names:
        if name in POOL_FIELDS:
            dst[name][:k] = src[name][:k]
        else:
            dst[name] = src[name]


def make_room(state: np.ndarray) -> np.ndarray:
    """``state`` itself, or a copy in the next tier (:func:`resize`) when fewer than ``ROOM_PER_DECISION`` card
    slots are free: call it before each decision is applied to let a game outgrow its tier."""
    cap = capacity(state)
    if int(state.reshape(())["n_cards"]) + ROOM_PER_DECISION <= cap or cap == MAX_POOL:
        return state
    return resize(state, CAPACITY_TIERS[CAPACITY_TIERS.index(cap) + 1])
