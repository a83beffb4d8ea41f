"""What one seat sees (GCR21), as a flat float32 vector, and ``determinize``: a state that agrees with everything
the seat sees and resamples the rest (other hands, deck orders, the generator), for search agents.

Seats are rotated so that the observer is always seat 0 of the vector (relative seat ``(p - seat) % n``).
"""

from __future__ import annotations

import numpy as np

from df_env.core.errors import GameError

from .api import clone
from .kernels import fill_mask_arr
from .state import DECISIONS, EFFECTS, MAX_PLAYERS, PHASES, State
from .tables import CARD_TYPE, N_ATTR, N_CARDS, N_EVENTS, N_RACES

SEAT_SIZE = 4 + 2 * N_ATTR + N_RACES + 1  # present, active, first, decider; scores; leads; race; hand size
OBS_PARTS = (  # (part, size) in order
    ("seats", MAX_PLAYERS * SEAT_SIZE), ("own_hand", N_CARDS), ("discard", N_CARDS), ("event_discard", N_EVENTS),
    ("event", N_EVENTS), ("phase", len(PHASES)), ("decision", len(DECISIONS)), ("types", 4),
    ("effect", len(EFFECTS)), ("target", MAX_PLAYERS), ("chooser", MAX_PLAYERS), ("winner", MAX_PLAYERS),
    ("scalars", 8),
)
OBS_SIZE = sum(size for _, size in OBS_PARTS)
SCORE_HALF = 20.0  # a score v is seen as v / (v + 20): strictly increasing, so every comparison shows, and < 1
HAND_SCALE = 20.0  # hand sizes / 20, at most 1 (a hand holds at most 12 cards in play)


def _check_seat(s: State, seat: int) -> int:
    """The player count, after checking that ``seat`` is one of the game's seats."""
    n = int(s["n_players"])
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
        raise GameError(f"seat must be an integer 0..{n - 1}, got {seat!r}")
    return n


def _rel(p: int, seat: int, n: int) -> int:
    return (p - seat) % n


def _seats(s: State, seat: int, n: int) -> np.ndarray:
    out = np.zeros((MAX_PLAYERS, SEAT_SIZE), np.float32)
    for p in range(n):
        row = out[_rel(p, seat, n)]
        row[0] = 1.0
        row[1] = float(p == s["cur"])
        row[2] = float(p == s["first"])
        row[3] = float(p == s["dplayer"] and s["dk"] != 0)
        scores = s["attr"][p].astype(np.float32)
        row[4:4 + N_ATTR] = scores / (scores + SCORE_HALF)
        row[4 + N_ATTR:4 + 2 * N_ATTR] = [_leads(s, p, a, n) for a in range(N_ATTR)]
        if s["race"][p] >= 0:
            row[4 + 2 * N_ATTR + int(s["race"][p])] = 1.0
        row[-1] = min(1.0, s["hand_n"][p] / HAND_SCALE)
    return out.ravel()


def _leads(s: State, p: int, a: int, n: int) -> float:
    """1 when seat p holds the strictly highest score in attribute a (GCR5), else 0."""
    return float(all(s["attr"][p, a] > s["attr"][q, a] for q in range(n) if q != p))


def _one_hot(size: int, i: int) -> np.ndarray:
    v = np.zeros(size, np.float32)
    if 0 <= i < size:
        v[i] = 1.0
    return v


def observe(s: State, seat: int) -> np.ndarray:
    """``seat``'s view, every value in [0, 1]: every public fact (attributes, who leads each, races, hand sizes,
    the discard piles, the phase, the pending decision and the event being resolved) and its own hand; never other
    hands, deck orders or the generator."""
    n = _check_seat(s, seat)
    disc = np.zeros(N_CARDS, np.float32)
    disc[s["disc"][: int(s["disc_n"])]] = 1.0
    edisc = np.zeros(N_EVENTS, np.float32)
    edisc[s["edisc"][: int(s["edisc_n"])]] = 1.0
    seat_of = (lambda p: _rel(int(p), seat, n) if p >= 0 else -1)  # noqa: E731
    scalars = np.array([s["turn"] / 20.0, s["deck_n"] / N_CARDS, s["edeck_n"] / N_EVENTS, s["events_on"],
                        s["trade_literal"], s["bonus_hand"], s["graveyard"], s["over"]], np.float32)
    parts = [_seats(s, seat, n), s["hand"][seat].astype(np.float32), disc, edisc, _one_hot(N_EVENTS, int(s["event"])),
             _one_hot(len(PHASES), int(s["phase"])), _one_hot(len(DECISIONS), int(s["dk"])),
             np.array([int(s["ctx_types"]) >> t & 1 for t in range(4)], np.float32),
             _one_hot(len(EFFECTS), int(s["ctx_effect"])), _one_hot(MAX_PLAYERS, seat_of(s["ctx_target"])),
             _one_hot(MAX_PLAYERS, seat_of(s["ctx_chooser"])), _one_hot(MAX_PLAYERS, seat_of(s["winner"])), scalars]
    return np.concatenate(parts)


def determinize(s: State, seat: int, rng: np.random.Generator) -> State:
    """A copy of ``s`` in which what ``seat`` cannot see is drawn again: the cards of the other hands and the deck
    are dealt anew (each hand keeps its size), the Event deck's order is shuffled, and the generator is reseeded
    from ``rng``. Observations of ``seat`` do not change."""
    n = _check_seat(s, seat)
    t = clone(s)
    others = [p for p in range(n) if p != seat]
    pool = list(t["deck"][: int(t["deck_n"])])
    for p in others:
        pool += list(np.flatnonzero(t["hand"][p]))
        t["hand"][p] = 0
    # sorted first: the deal then depends only on what the seat sees, never on the true hidden order
    pool = list(rng.permutation(np.sort(np.array(pool, dtype=np.int64))))
    for p in others:
        k = int(t["hand_n"][p])
        t["hand"][p, pool[:k]] = 1
        t["htype"][p] = np.bincount(CARD_TYPE[pool[:k]], minlength=4)
        pool = pool[k:]
    t["deck"][: len(pool)] = pool
    k = int(t["edeck_n"])
    t["edeck"][:k] = rng.permutation(np.sort(t["edeck"][:k]))
    t["rng"] = rng.integers(1, 2**32, size=4, dtype=np.int64)
    fill_mask_arr(t.reshape(1))
    return t
