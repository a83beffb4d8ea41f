"""EVOKE (2.2 action 8, R17): a civilization card's Table 3 effect, then its Table 4 effect."""

from __future__ import annotations

from .._jit import njit
from ..legality.marks import mark_legal
from ..legality.queries import (
    any_rival_adjacent,
    can_grow,
    empty_adjacent_to_own,
    foot_dest_ok,
    foot_source_ok,
    owns_any_sector,
    rival_adjacent_to_own,
    tech_target_exists,
)
from ..model.constants import (
    ADVANCE_MODE_SKULL,
    CULTURE,
    FIRST_SECTOR,
    FOOT,
    HAND,
    HEART,
    MAX_CUBES,
    MAX_WORLDS,
    MOON,
    N_SECTORS,
    NEIGH,
    SKULL,
    SUN,
    V_CULTURE,
    V_POPULATION,
    V_TERRITORY,
    WORLD,
)
from ..model.events import EV_SETTLE, log
from ..model.layout import (
    B_SECTOR,
    D_EVOKE_EMPTY,
    D_EVOKE_OWN,
    D_EVOKE_RIVAL,
    D_FOOT_COUNT,
    D_FOOT_FROM,
    D_FOOT_TO,
    D_TRACK_GAIN,
    D_WORLD_SECTOR,
)
from .actions.settle import make_world
from .board import add_cubes, add_world, gain, move_cubes, remove_cubes
from .cards import draw, generate_card
from .frames import P_ADVANCE, P_GEN_ADV, RET, ask, call, goto

# P_EVOKE stages (Table 3 then Table 4; a block of stages per Table 4 suit) and registers: the player, the
# civilization card, cubes left (heart), the source (foot), the first destination and its count, the second
# destination, the new world (moon)
EVOKE_TABLE3, EVOKE_TERRITORY, EVOKE_TABLE4, EVOKE_POPULATION = 0, 1, 2, 11
EVOKE_MOON, EVOKE_MOON_WORLD, EVOKE_MOON_SETTLED = 20, 21, 22
EVOKE_HEART, EVOKE_HEART_CUBE = 30, 31
EVOKE_HAND_TRACK, EVOKE_HAND_ASK_RIVAL, EVOKE_HAND_RIVAL = 50, 51, 52
EVOKE_FOOT_FROM, EVOKE_FOOT_TO1, EVOKE_FOOT_COUNT1, EVOKE_FOOT_TO2, EVOKE_FOOT_COUNT2 = 60, 61, 62, 63, 64
EVOKE_SKULL_DONE = 99
(R_EVOKE_PLAYER, R_EVOKE_CARD, R_EVOKE_CUBES_LEFT, R_EVOKE_SOURCE, R_EVOKE_DEST1, R_EVOKE_COUNT1, R_EVOKE_DEST2,
 R_EVOKE_WORLD) = range(8)


@njit
def proc_evoke(s, fi):
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p, c = r[R_EVOKE_PLAYER], r[R_EVOKE_CARD]
    if st == EVOKE_TABLE3:
        return _table3(s, fi, p, s["c_civ3"][c])
    if st == EVOKE_TERRITORY:
        add_cubes(s, s["ans"], p, 1)
        return goto(s, fi, EVOKE_TABLE4)
    if st == EVOKE_POPULATION:
        add_cubes(s, s["ans"], p, 4)
        return goto(s, fi, EVOKE_TABLE4)
    if st == EVOKE_TABLE4:
        return _table4(s, fi, r, p, s["c_civ4"][c])
    # moon: a new-card world with one random advancement in a controlled sector, no draw
    if st == EVOKE_MOON:
        return ask(s, fi, EVOKE_MOON_WORLD, D_WORLD_SECTOR, p, 0, 0)
    if st == EVOKE_MOON_WORLD:
        w = generate_card(s, WORLD)
        make_world(s, w)
        s["c_sector"][w] = s["ans"]
        r[R_EVOKE_WORLD] = w
        return call(s, fi, EVOKE_MOON_SETTLED, P_GEN_ADV, w, -1, 0, p)
    if st == EVOKE_MOON_SETTLED:
        add_world(s, p, r[R_EVOKE_WORLD])
        log(s, EV_SETTLE, p, r[R_EVOKE_WORLD], 1)
        return RET
    # heart: 3 cubes, each into a controlled sector
    if st == EVOKE_HEART:
        if r[R_EVOKE_CUBES_LEFT] > 0 and can_grow(s, p):
            return ask(s, fi, EVOKE_HEART_CUBE, D_EVOKE_OWN, p, 0, 0)
        return RET
    if st == EVOKE_HEART_CUBE:
        add_cubes(s, s["ans"], p, 1)
        r[R_EVOKE_CUBES_LEFT] -= 1
        return goto(s, fi, EVOKE_HEART)
    # hand: +1 on a track, remove 1 adjacent rival cube
    if st == EVOKE_HAND_TRACK:
        gain(s, p, s["ans"], 1)
        return goto(s, fi, EVOKE_HAND_ASK_RIVAL)
    if st == EVOKE_HAND_ASK_RIVAL:
        if any_rival_adjacent(s, p):
            return ask(s, fi, EVOKE_HAND_RIVAL, D_EVOKE_RIVAL, p, 0, 0)
        return RET
    if st == EVOKE_HAND_RIVAL:
        remove_cubes(s, s["ans"], 1)
        return RET
    return _foot(s, fi, r, p, st)


@njit
def _table3(s, fi, p, v):
    if v == V_TERRITORY:
        for x in range(FIRST_SECTOR, N_SECTORS):
            if empty_adjacent_to_own(s, p, x):
                return ask(s, fi, EVOKE_TERRITORY, D_EVOKE_EMPTY, p, 0, 0)
    elif v == V_POPULATION:
        if can_grow(s, p):
            return ask(s, fi, EVOKE_POPULATION, D_EVOKE_OWN, p, 0, 0)
    elif v == V_CULTURE:
        gain(s, p, CULTURE, 3)
    elif v > V_CULTURE:
        gain(s, p, v - 2, 2)
    return goto(s, fi, EVOKE_TABLE4)


@njit
def _table4(s, fi, r, p, suit):
    if suit == SUN:
        draw(s, p, 3)
    elif suit == MOON:
        if owns_any_sector(s, p) and s["worlds_n"][p] < MAX_WORLDS:  # R41
            return goto(s, fi, EVOKE_MOON)
    elif suit == HEART:
        r[R_EVOKE_CUBES_LEFT] = 3
        return goto(s, fi, EVOKE_HEART)
    elif suit == SKULL:
        if tech_target_exists(s, p):  # no tech to advance (R14, R41): no effect, never an empty decision
            return call(s, fi, EVOKE_SKULL_DONE, P_ADVANCE, p, ADVANCE_MODE_SKULL, 0, 0)
    elif suit == HAND:
        return ask(s, fi, EVOKE_HAND_TRACK, D_TRACK_GAIN, p, 0, 0)
    elif suit == FOOT:
        for x in range(FIRST_SECTOR, N_SECTORS):
            if foot_source_ok(s, p, x):
                return ask(s, fi, EVOKE_FOOT_FROM, D_FOOT_FROM, p, 0, 0)
    return RET


@njit
def _foot(s, fi, r, p, st):
    """Foot: from one sector into two different adjacent sectors, each empty or yours, each receiving at least
    1, at least 1 left behind, up to 5 (no FTL, no wonders)."""
    if st == EVOKE_FOOT_FROM:
        r[R_EVOKE_SOURCE] = s["ans"]
        return ask(s, fi, EVOKE_FOOT_TO1, D_FOOT_TO, p, r[R_EVOKE_SOURCE], -1)
    if st == EVOKE_FOOT_TO1:
        r[R_EVOKE_DEST1] = s["ans"]
        hi = min(s["cubes"][r[R_EVOKE_SOURCE]] - 2, MAX_CUBES - s["cubes"][r[R_EVOKE_DEST1]])
        return ask(s, fi, EVOKE_FOOT_COUNT1, D_FOOT_COUNT, p, 1, hi)
    if st == EVOKE_FOOT_COUNT1:
        r[R_EVOKE_COUNT1] = s["ans"]
        return ask(s, fi, EVOKE_FOOT_TO2, D_FOOT_TO, p, r[R_EVOKE_SOURCE], r[R_EVOKE_DEST1])
    if st == EVOKE_FOOT_TO2:
        r[R_EVOKE_DEST2] = s["ans"]
        hi = min(s["cubes"][r[R_EVOKE_SOURCE]] - r[R_EVOKE_COUNT1] - 1, MAX_CUBES - s["cubes"][r[R_EVOKE_DEST2]])
        return ask(s, fi, EVOKE_FOOT_COUNT2, D_FOOT_COUNT, p, 1, hi)
    if st == EVOKE_FOOT_COUNT2:
        move_cubes(s, r[R_EVOKE_SOURCE], r[R_EVOKE_DEST1], p, r[R_EVOKE_COUNT1])
        move_cubes(s, r[R_EVOKE_SOURCE], r[R_EVOKE_DEST2], p, s["ans"])
    return RET


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_evoke_empty(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if empty_adjacent_to_own(s, p, x):
            mark_legal(s, B_SECTOR, x)


@njit
def fill_evoke_rival(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if rival_adjacent_to_own(s, p, x):
            mark_legal(s, B_SECTOR, x)


@njit
def fill_foot_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if foot_source_ok(s, p, x):
            mark_legal(s, B_SECTOR, x)


@njit
def fill_foot_to(s, p, ctx):
    for d in range(6):
        y = NEIGH[ctx[0], d]
        if y > 0 and y != ctx[1] and foot_dest_ok(s, p, ctx[0], y):
            mark_legal(s, B_SECTOR, y)
