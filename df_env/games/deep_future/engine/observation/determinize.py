"""Determinization for search agents: resample what one player cannot see, consistent with what he knows.

Hidden from player ``p`` (see :mod:`.encode`): the order of the deck cards he has not seen, the
cards of other players' hands he does not know (``c_known`` bit unset), the face-down challenge pile, and the
game's generator (every future random event, R5). :func:`determinize` deals all those unknown cards again at
random into the same places (so every pile and hand keeps its size), leaves every card he knows where it is
(his hand, revealed hands R13, deck cards seen with History R8, everything public) and reseeds the generator.

Knowledge bits travel with places, not cards: if another player had seen the top deck card, in the sample he has
seen whichever card now lies there. Inferences beyond ``c_known`` (what a player's past choices say about his
hand) are not modelled.

Example:
    >>> import numpy as np
    >>> from df_env.games.deep_future import engine
    >>> from df_env.games.deep_future.engine.observation.determinize import determinize
    >>> s = engine.new_game(engine.GameConfig(num_players=2), seed=1)
    >>> d = determinize(s, player=0, rng=np.random.default_rng(0))
    >>> bool((d["hand"][0] == s["hand"][0]).all())
    True
"""

from __future__ import annotations

import numpy as np

from .._jit import njit
from ..legality.mask import fill_mask
from ..model.rng import below, next_u32
from ..model.state import State


@njit
def _collect(s, me, pool, bits):
    """The unknown places in a fixed order: deck, other hands, challenge pile; their cards and knowledge bits."""
    bit = 1 << me
    k = 0
    for i in range(s["deck_n"]):
        c = s["deck"][i]
        if not s["c_known"][c] & bit:
            pool[k] = c
            bits[k] = s["c_known"][c]
            k += 1
    for p in range(s["n_players"]):
        if p == me:
            continue
        for i in range(s["hand_n"][p]):
            c = s["hand"][p, i]
            if not s["c_known"][c] & bit:
                pool[k] = c
                bits[k] = s["c_known"][c]
                k += 1
    for i in range(s["chal_n"]):
        c = s["chal"][i]
        pool[k] = c
        bits[k] = s["c_known"][c]
        k += 1
    return k


@njit
def _deal(s, me, pool, bits):
    """Put pool[0], pool[1], ... into the unknown places in the order :func:`_collect` read them."""
    bit = 1 << me
    k = 0
    for i in range(s["deck_n"]):
        if not s["c_known"][s["deck"][i]] & bit:
            s["deck"][i] = -1 - k  # mark the place; cards are written after the scan
            k += 1
    for p in range(s["n_players"]):
        if p == me:
            continue
        for i in range(s["hand_n"][p]):
            if not s["c_known"][s["hand"][p, i]] & bit:
                s["hand"][p, i] = -1 - k
                k += 1
    for i in range(s["chal_n"]):
        s["chal"][i] = -1 - k
        k += 1
    _fill_marks(s, pool, bits)


@njit
def _fill_marks(s, pool, bits):
    for i in range(s["deck_n"]):
        if s["deck"][i] < 0:
            j = -1 - s["deck"][i]
            s["deck"][i] = pool[j]
            s["c_known"][pool[j]] = bits[j]
    for p in range(s["n_players"]):
        for i in range(s["hand_n"][p]):
            if s["hand"][p, i] < 0:
                j = -1 - s["hand"][p, i]
                s["hand"][p, i] = pool[j]
                s["c_known"][pool[j]] = bits[j]
    for i in range(s["chal_n"]):
        j = -1 - s["chal"][i]
        s["chal"][i] = pool[j]
        s["c_known"][pool[j]] = bits[j]


@njit
def determinize_rec(s, me, r):
    """Resample in place, for player ``me``, everything he cannot see in record ``s``, drawing from generator
    words ``r``; the pending decision's mask is recomputed. Returns the number of cards dealt again."""
    n = s["deck_n"] + s["chal_n"]
    for p in range(s["n_players"]):
        n += s["hand_n"][p]
    pool = np.empty(n, dtype=np.int64)
    bits = np.empty(n, dtype=np.int64)
    k = _collect(s, me, pool, bits)
    for i in range(k - 1, 0, -1):  # Fisher-Yates over the cards; the places keep their knowledge bits
        j = below(r, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    _deal(s, me, pool, bits)
    for i in range(4):
        s["rng"][i] = next_u32(r)
    if s["rng"][0] == 0 and s["rng"][1] == 0 and s["rng"][2] == 0 and s["rng"][3] == 0:
        s["rng"][0] = 1
    if not s["over"]:
        fill_mask(s)
    return k


@njit
def determinize_arr(a, me, r):
    """:func:`determinize_rec` on ``a[0]``."""
    return determinize_rec(a[0], me, r)


@njit
def copy_arr(dst, src):
    """``dst[0] = src[0]``: one memcpy (``ndarray.copy`` of a structured record is slow in numpy)."""
    dst[0] = src[0]


def fast_clone(state: State) -> State:
    """An independent copy of ``state`` (a 0-d record), by one compiled memcpy."""
    out = np.empty(1, dtype=state.dtype)
    copy_arr(out, state.reshape(1))
    return out.reshape(())


def determinize(state: State, player: int, rng: np.random.Generator) -> State:
    """A copy of ``state`` in which everything ``player`` cannot see is resampled (see the module docstring).

    Args:
        state: the position (left unchanged).
        player: the seat whose knowledge is kept, 0..n-1.
        rng: the generator to draw the sample from (no global randomness).
    """
    n = int(state["n_players"])
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0..{n - 1}, got {player!r}")
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    out = fast_clone(state)
    words = rng.integers(1, 2**32, size=4, dtype=np.int64)
    determinize_arr(out.reshape(1), player, words)
    return out
