"""What one seat sees (GCR21), as a flat float32 vector, and ``determinize``: a state that agrees with everything
the seat sees and resamples the rest (other hands, deck orders, the generator), for search agents.

Seats are rotated so that the observer is always seat 0 of the vector (relative seat ``(p - seat) % n``).
"""

from __future__ import annotations

import numpy as np

from df_env.core.errors import GameError
from df_env.core.jit import njit  # the one compile wrapper of every game, with its on-disk cache
from df_env.core.rng import next_u32

from .api import clone
from .core import fill_mask, shuffle
from .kernels import fill_mask_arr
from .state import DECISIONS, EFFECTS, MAX_PLAYERS, PHASES, State
from .tables import CARD_TYPE, N_ATTR, N_CARDS, N_EVENTS, N_RACES

N_PHASES, N_DECISIONS, N_EFFECTS = len(PHASES), len(DECISIONS), len(EFFECTS)
SEAT_SIZE = 4 + 2 * N_ATTR + N_RACES + 1  # present, active, first, decider; scores; leads; race; hand size
OBS_PARTS = (  # (part, size) in order
    ("seats", MAX_PLAYERS * SEAT_SIZE), ("own_hand", N_CARDS), ("discard", N_CARDS), ("event_discard", N_EVENTS),
    ("event", N_EVENTS), ("phase", N_PHASES), ("decision", N_DECISIONS), ("types", 4), ("effect", N_EFFECTS),
    ("target", MAX_PLAYERS), ("chooser", MAX_PLAYERS), ("winner", MAX_PLAYERS), ("scalars", 8),
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


@njit
def _one_hot(out, at, size, i):
    """Set ``out[at + i]`` when ``0 <= i < size`` (a one-hot part of the vector; -1 means none)."""
    if 0 <= i < size:
        out[at + int(i)] = 1.0  # int(): a record's int8 plus an offset overflows in plain Python (NUMBA_DISABLE_JIT)


@njit
def _leads(s, p, a, n):
    """1 when seat p holds the strictly highest score in attribute a (GCR5), else 0."""
    for q in range(n):
        if q != p and s["attr"][p, a] <= s["attr"][q, a]:
            return 0.0
    return 1.0


@njit
def _encode_seats(s, seat, n, out):
    """Part "seats": one row of SEAT_SIZE per seat, the observer's first (relative seats)."""
    for p in range(n):
        at = ((p - seat) % n) * SEAT_SIZE
        out[at] = 1.0
        out[at + 1] = 1.0 if p == s["cur"] else 0.0
        out[at + 2] = 1.0 if p == s["first"] else 0.0
        out[at + 3] = 1.0 if p == s["dplayer"] and s["dk"] != 0 else 0.0
        for a in range(N_ATTR):
            v = np.float32(s["attr"][p, a])
            out[at + 4 + a] = v / (v + np.float32(SCORE_HALF))  # float32 arithmetic, as numpy's on a float32 row
            out[at + 4 + N_ATTR + a] = _leads(s, p, a, n)
        _one_hot(out, at + 4 + 2 * N_ATTR, N_RACES, s["race"][p])
        out[at + SEAT_SIZE - 1] = min(1.0, s["hand_n"][p] / HAND_SCALE)


@njit
def _relative(p, seat, n):
    return (p - seat) % n if p >= 0 else -1


@njit
def encode(s, seat, out):
    """Write ``seat``'s view of record ``s`` into ``out`` (float32[OBS_SIZE], zeroed here): the compiled body of
    :func:`observe`, which search agents call on their own buffers."""
    out[:] = 0.0
    n = int(s["n_players"])
    _encode_seats(s, seat, n, out)
    at = MAX_PLAYERS * SEAT_SIZE
    for c in range(N_CARDS):
        out[at + c] = s["hand"][seat, c]
    at += N_CARDS
    for i in range(s["disc_n"]):
        out[at + int(s["disc"][i])] = 1.0
    at += N_CARDS
    for i in range(s["edisc_n"]):
        out[at + int(s["edisc"][i])] = 1.0
    at += N_EVENTS
    _one_hot(out, at, N_EVENTS, s["event"])
    at += N_EVENTS
    _one_hot(out, at, N_PHASES, s["phase"])
    at += N_PHASES
    _one_hot(out, at, N_DECISIONS, s["dk"])
    at += N_DECISIONS
    for t in range(4):
        out[at + t] = (s["ctx_types"] >> t) & 1
    at += 4
    _one_hot(out, at, N_EFFECTS, s["ctx_effect"])
    at += N_EFFECTS
    for who in (s["ctx_target"], s["ctx_chooser"], s["winner"]):
        _one_hot(out, at, MAX_PLAYERS, _relative(who, seat, n))
        at += MAX_PLAYERS
    out[at] = s["turn"] / 20.0
    out[at + 1] = s["deck_n"] / N_CARDS
    out[at + 2] = s["edeck_n"] / N_EVENTS
    out[at + 3] = s["events_on"]
    out[at + 4] = s["trade_literal"]
    out[at + 5] = s["bonus_hand"]
    out[at + 6] = s["graveyard"]
    out[at + 7] = s["over"]


@njit
def encode_arr(a, seat, out):
    encode(a[0], seat, out)


def observe(s: State, seat: int) -> np.ndarray:
    """``seat``'s view, every value in [0, 1]: every public fact (attributes, who leads each, races, hand sizes,
    the discard piles, the phase, the pending decision and the event being resolved) and its own hand; never other
    hands, deck orders or the generator (layout: :data:`OBS_PARTS`, written by the compiled :func:`encode`)."""
    _check_seat(s, seat)
    out = np.zeros(OBS_SIZE, np.float32)
    encode_arr(s.reshape(1), int(seat), out)
    return out


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


@njit
def determinize_rec(t, seat, r):
    """:func:`determinize` in compiled code, in place on record ``t`` (a copy of the position), drawing from
    generator words ``r`` instead of a numpy generator (the compiled searches' own stream): the same resampling,
    pool sorted first so that the deal depends only on what ``seat`` sees."""
    n = t["n_players"]
    pool = np.empty(N_CARDS, np.int64)
    k = 0
    for i in range(t["deck_n"]):
        pool[k] = t["deck"][i]
        k += 1
    for p in range(n):
        if p != seat:
            for c in range(N_CARDS):
                if t["hand"][p, c]:
                    pool[k] = c
                    k += 1
                    t["hand"][p, c] = 0
    pool[:k] = np.sort(pool[:k])
    shuffle(pool, k, r)
    at = 0
    for p in range(n):
        if p != seat:
            t["htype"][p, :] = 0
            for _ in range(t["hand_n"][p]):
                c = pool[at]
                at += 1
                t["hand"][p, c] = 1
                t["htype"][p, CARD_TYPE[c]] += 1
    for i in range(k - at):
        t["deck"][i] = pool[at + i]
    m = t["edeck_n"]
    t["edeck"][:m] = np.sort(t["edeck"][:m])
    shuffle(t["edeck"], m, r)
    for i in range(4):
        w = next_u32(r)
        t["rng"][i] = w if w != 0 else 1
    fill_mask(t)
