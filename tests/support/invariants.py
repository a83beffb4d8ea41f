"""Consistency checks of a state, used by the tests after every decision of random play (and by users who
edit states by hand). ``check(state)`` raises :class:`InvariantError` naming the broken invariant.

The checks are compiled (:func:`violation` returns a code, 0 = none) so that thousands of random games can be
checked decision by decision inside the test suite.
"""

from __future__ import annotations

import numpy as np

from df_env.games.deep_future.engine._jit import njit
from df_env.games.deep_future.engine.kernels import pick_random
from df_env.games.deep_future.engine.legality.mask import fill_mask
from df_env.games.deep_future.engine.model.constants import CIV, MAX_CUBES, NEUTRAL, TRACK_MAX, TRACK_MIN, WORLD
from df_env.games.deep_future.engine.model.layout import PH_CHALLENGE, PH_OVER
from df_env.games.deep_future.engine.model.state import State
from df_env.games.deep_future.engine.rules.flow import apply


class InvariantError(AssertionError):
    """A state breaks one of the game's invariants."""


MESSAGES = {
    1: "a card is in no pile",
    2: "a card is in two piles",
    3: "a pile holds a card id outside the pool",
    4: "a pile beyond its length is not -1",
    5: "a world card has no sector",
    6: "an advancement is written on a line without a suit, or its number is out of 1..6",
    7: "upkeep cubes out of 0..3, or upkeep cubes or a paid mark (R18) on a card that is not a homeworld or "
       "tableau tech",
    8: "a civilization card without its Table 3 effect",
    9: "the neutral line holds a card that is not a world of that corner number (R21)",
    10: "a sector holds more than 5 cubes or fewer than 0 (R1)",
    11: "a sector's owner does not match its cubes (empty sectors have owner -1)",
    12: "cubes of a player who is not in the game",
    13: "the black hole holds cubes outside the challenge phase (R1)",
    14: "a player who left the game still has pieces (R24)",
    15: "a track is out of range (R3)",
    16: "a finished game has legal actions",
    17: "a pending decision with fewer than two legal actions (single choices are taken automatically, R27)",
    18: "the stored mask differs from a recomputed one",
    19: "the deciding player is not an active player",
}


def check(state: State) -> None:
    """Raise InvariantError if ``state`` is inconsistent."""
    code = violation_arr(state.reshape(1))
    if code:
        raise InvariantError(f"invariant {code}: {MESSAGES[code]}")


@njit
def _count(s, counts, arr, n):
    for i in range(n):
        c = arr[i]
        if c < 0:
            continue
        if c >= counts.shape[0]:
            return 3
        counts[c] += 1
    return 0


@njit
def _cards(s):  # noqa: C901 - a list of independent checks
    n = s["n_cards"]
    counts = np.zeros(n, dtype=np.int64)
    e = _count(s, counts, s["deck"], s["deck_n"]) + _count(s, counts, s["discard"], s["discard_n"])
    e += _count(s, counts, s["chal"], s["chal_n"]) + _count(s, counts, s["line"], 6)
    e += _count(s, counts, s["home"], 3)
    for p in range(3):
        e += _count(s, counts, s["hand"][p], s["hand_n"][p]) + _count(s, counts, s["techs"][p], s["techs_n"][p])
        e += _count(s, counts, s["worlds"][p], s["worlds_n"][p])
    if e:
        return 3
    for c in range(n):
        if counts[c] == 0:
            return 1
        if counts[c] > 1:
            return 2
    for i in range(s["deck_n"], s["deck"].shape[0]):
        if s["deck"][i] != -1:
            return 4
    for i in range(s["discard_n"], s["discard"].shape[0]):
        if s["discard"][i] != -1:
            return 4
    for i in range(s["chal_n"], s["chal"].shape[0]):
        if s["chal"][i] != -1:
            return 4
    holder = np.zeros(n, dtype=np.int64)
    for p in range(3):
        if s["home"][p] >= 0:
            holder[s["home"][p]] = 1
        for i in range(s["techs_n"][p]):
            holder[s["techs"][p, i]] = 1
    for c in range(n):
        if s["c_type"][c] == WORLD and not 1 <= s["c_sector"][c] <= 36:
            return 5
        for k in range(3):
            num = s["c_slot_num"][c, k]
            if num < 0 or num > 6 or (num > 0 and s["c_slot_suit"][c, k] < 0):
                return 6
        u = s["c_upkeep"][c]
        if u < 0 or u > 3 or ((u > 0 or s["c_paid"][c] != 0) and holder[c] == 0):
            return 7
        if s["c_type"][c] == CIV and s["c_civ3"][c] < 0:
            return 8
    for k in range(6):
        w = s["line"][k]
        if w >= 0 and (s["c_type"][w] != WORLD or s["c_num"][w] != k + 1):
            return 9
    return 0


@njit
def _board(s):
    players = s["n_players"]
    for x in range(37):
        c, o = s["cubes"][x], s["owner"][x]
        if c < 0 or c > MAX_CUBES:
            return 10
        if (c == 0) != (o == -1):
            return 11
        if o >= players and o != NEUTRAL:
            return 12
    if s["phase"] != PH_CHALLENGE and s["phase"] != PH_OVER and s["cubes"][0] != 0:
        return 13
    for p in range(players):
        if s["lost"][p] and players > 1 and not s["variant_restart"]:
            if s["home"][p] >= 0 or s["hand_n"][p] or s["techs_n"][p] or s["worlds_n"][p]:
                return 14
            for x in range(37):
                if s["owner"][x] == p:
                    return 14
        for t in range(4):
            v = s["tracks"][p, t]
            if v < TRACK_MIN[t] or v > TRACK_MAX[t]:
                return 15
    return 0


@njit
def violation(s, scratch):
    """0 if state record ``s`` is consistent, else the code of the first broken invariant (see MESSAGES).
    ``scratch`` is a 1-record array of the state dtype used to recompute the mask."""
    e = _cards(s)
    if e:
        return e
    e = _board(s)
    if e:
        return e
    if s["over"]:
        for v in s["mask"]:
            if v:
                return 16
        return 0
    if s["n_legal"] < 2:
        return 17
    scratch[0] = s
    fill_mask(scratch[0])
    for i in range(s["mask"].shape[0]):
        if scratch[0]["mask"][i] != s["mask"][i]:
            return 18
    p = s["dplayer"]
    if p < 0 or p >= s["n_players"] or (s["lost"][p] and s["n_players"] > 1 and not s["variant_restart"]):
        return 19
    return 0


@njit
def violation_arr(a):
    scratch = np.empty(1, dtype=a.dtype)
    return violation(a[0], scratch)


@njit
def checked_random_games(template, r, n_games, max_decisions, out):
    """Random play of ``n_games`` games from copies of ``template`` (one start position each), checking every
    invariant after every decision. out[g] = (decisions, violation code, winner, turns); stops a game at the
    first violation."""
    work = np.empty(1, dtype=template.dtype)
    scratch = np.empty(1, dtype=template.dtype)
    for g in range(n_games):
        work[0] = template[g]
        s = work[0]
        code = violation(s, scratch)
        n = 0
        while code == 0 and not s["over"] and n < max_decisions:
            apply(s, pick_random(s, r))
            n += 1
            code = violation(s, scratch)
        out[g, 0] = n
        out[g, 1] = code
        out[g, 2] = s["winner"]
        out[g, 3] = s["turn"]
