"""BATTLE (2.2, R15): pairs of sectors, Defense and Military; with the fillers of BATTLE_FROM and
BATTLE_TO (its counts and the track gain use the shared fillers of legality/marks.py)."""

from __future__ import annotations

from ..._jit import njit
from ...legality.marks import mark_legal
from ...legality.queries import any_rival_adjacent, battle_pair_used, battle_source_fresh
from ...model.constants import DEFENSE, FIRST_SECTOR, MILITARY, N_SECTORS, NEIGH
from ...model.layout import (
    B_SECTOR,
    B_SPECIAL,
    D_BATTLE_COUNT,
    D_BATTLE_DEFENSE,
    D_BATTLE_FROM,
    D_BATTLE_TO,
    D_TRACK_GAIN,
    PASS,
)
from ..board import gain, remove_cubes
from ..frames import RET, ask, goto

# P_BATTLE stages and registers: the player, pairs left, Defense left, the pair (from, to), k, pairs done
BATTLE_BEGIN, BATTLE_NEXT_PAIR, BATTLE_FROM, BATTLE_TO, BATTLE_COUNT, BATTLE_DEFENSE = range(6)
BATTLE_TRACK_GAIN = 9
(R_BATTLE_PLAYER, R_BATTLE_PAIRS_LEFT, R_BATTLE_DEFENSE_LEFT, R_BATTLE_FROM, R_BATTLE_TO, R_BATTLE_COUNT,
 R_BATTLE_PAIRS_DONE) = range(7)


@njit
def proc_battle(s, fi):
    """BATTLE (R15): pairs of (your sector, adjacent rival sector); k of yours for k of theirs, Defense removes
    more free, Military adds pairs; with no rival adjacent, +1 on a track."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_BATTLE_PLAYER]
    if st == BATTLE_BEGIN:
        if not any_rival_adjacent(s, p):
            return ask(s, fi, BATTLE_TRACK_GAIN, D_TRACK_GAIN, p, 0, 0)
        r[R_BATTLE_PAIRS_LEFT] = 1 + s["cnt"][MILITARY]
        r[R_BATTLE_DEFENSE_LEFT] = s["cnt"][DEFENSE]
        return goto(s, fi, BATTLE_NEXT_PAIR)
    if st == BATTLE_TRACK_GAIN:
        gain(s, p, s["ans"], 1)
        return RET
    if st == BATTLE_NEXT_PAIR:
        if r[R_BATTLE_PAIRS_LEFT] == 0:
            return RET
        for x in range(FIRST_SECTOR, N_SECTORS):
            if battle_source_fresh(s, p, x):
                return ask(s, fi, BATTLE_FROM, D_BATTLE_FROM, p, r[R_BATTLE_PAIRS_DONE], 0)
        return RET
    if st == BATTLE_FROM:
        if s["ans_kind"] == B_SPECIAL:
            return RET
        r[R_BATTLE_FROM] = s["ans"]
        return ask(s, fi, BATTLE_TO, D_BATTLE_TO, p, r[R_BATTLE_FROM], 0)
    if st == BATTLE_TO:
        r[R_BATTLE_TO] = s["ans"]
        hi = min(s["cubes"][r[R_BATTLE_FROM]], s["cubes"][r[R_BATTLE_TO]])
        return ask(s, fi, BATTLE_COUNT, D_BATTLE_COUNT, p, 1, hi)
    if st == BATTLE_COUNT:
        r[R_BATTLE_COUNT] = s["ans"]
        left = s["cubes"][r[R_BATTLE_TO]] - r[R_BATTLE_COUNT]
        if r[R_BATTLE_DEFENSE_LEFT] > 0 and left > 0:
            return ask(s, fi, BATTLE_DEFENSE, D_BATTLE_DEFENSE, p, 0, min(r[R_BATTLE_DEFENSE_LEFT], left))
        return _battle_pair(s, fi, r, 0)
    # BATTLE_DEFENSE
    return _battle_pair(s, fi, r, s["ans"])


@njit
def _battle_pair(s, fi, r, d):
    src, dst, k = r[R_BATTLE_FROM], r[R_BATTLE_TO], r[R_BATTLE_COUNT]
    for dd in range(6):
        if NEIGH[dst, dd] == src:
            s["mark"][dst] |= 1 << dd
    r[R_BATTLE_DEFENSE_LEFT] -= d
    remove_cubes(s, dst, k + d)
    remove_cubes(s, src, k)  # the player may deplete his own sector (2.2 BATTLE)
    r[R_BATTLE_PAIRS_LEFT] -= 1
    r[R_BATTLE_PAIRS_DONE] += 1
    return goto(s, fi, BATTLE_NEXT_PAIR)


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_battle_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if battle_source_fresh(s, p, x):
            mark_legal(s, B_SECTOR, x)
    if ctx[0] > 0:
        mark_legal(s, B_SPECIAL, PASS)


@njit
def fill_battle_to(s, p, ctx):
    for d in range(6):
        y = NEIGH[ctx[0], d]
        if y > 0 and s["cubes"][y] > 0 and s["owner"][y] != p and not battle_pair_used(s, ctx[0], y):
            mark_legal(s, B_SECTOR, y)
