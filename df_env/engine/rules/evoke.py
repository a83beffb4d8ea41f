"""EVOKE (2.2 action 8, R17): a civilization card's Table 3 effect, then its Table 4 effect."""

from __future__ import annotations

from .._jit import njit
from ..legality.queries import (
    any_rival_adjacent,
    can_grow,
    empty_adjacent_to_own,
    foot_source_ok,
    owns_any_sector,
    tech_target_exists,
)
from ..model.constants import (
    ADVANCE_MODE_SKULL,
    FIRST_SECTOR,
    FOOT,
    HAND,
    HEART,
    MAX_CUBES,
    MAX_WORLDS,
    MOON,
    N_SECTORS,
    SKULL,
    SUN,
    V_CULTURE,
    V_POPULATION,
    V_TERRITORY,
    WORLD,
)
from ..model.events import EV_SETTLE, log
from ..model.layout import (
    D_EVOKE_EMPTY,
    D_EVOKE_OWN,
    D_EVOKE_RIVAL,
    D_FOOT_COUNT,
    D_FOOT_FROM,
    D_FOOT_TO,
    D_TRACK_GAIN,
    D_WORLD_SECTOR,
)
from .actions import _make_world
from .board import add_cubes, add_world, gain, move_cubes, remove_cubes
from .cards import draw, generate_card
from .frames import P_ADVANCE, P_GEN_ADV, RET, ask, call, goto

# registers: 0 player, 1 civilization card, 2 cubes left (heart), 3 source, 4 first destination, 5 its count,
# 6 second destination, 7 the new world (moon)


@njit
def proc_evoke(s, fi):
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p, c = r[0], r[1]
    if st == 0:
        return _table3(s, fi, p, s["c_civ3"][c])
    if st == 1:
        add_cubes(s, s["ans"], p, 1)
        return goto(s, fi, 2)
    if st == 11:
        add_cubes(s, s["ans"], p, 4)
        return goto(s, fi, 2)
    if st == 2:
        return _table4(s, fi, r, p, s["c_civ4"][c])
    # moon: a new-card world with one random advancement in a controlled sector, no draw
    if st == 20:
        return ask(s, fi, 21, D_WORLD_SECTOR, p, 0, 0)
    if st == 21:
        w = generate_card(s, WORLD)
        _make_world(s, w)
        s["c_sector"][w] = s["ans"]
        r[7] = w
        return call(s, fi, 22, P_GEN_ADV, w, -1, 0, p)
    if st == 22:
        add_world(s, p, r[7])
        log(s, EV_SETTLE, p, r[7], 1)
        return RET
    # heart: 3 cubes, each into a controlled sector
    if st == 30:
        if r[2] > 0 and can_grow(s, p):
            return ask(s, fi, 31, D_EVOKE_OWN, p, 0, 0)
        return RET
    if st == 31:
        add_cubes(s, s["ans"], p, 1)
        r[2] -= 1
        return goto(s, fi, 30)
    # hand: +1 on a track, remove 1 adjacent rival cube
    if st == 50:
        gain(s, p, s["ans"], 1)
        return goto(s, fi, 51)
    if st == 51:
        if any_rival_adjacent(s, p):
            return ask(s, fi, 52, D_EVOKE_RIVAL, p, 0, 0)
        return RET
    if st == 52:
        remove_cubes(s, s["ans"], 1)
        return RET
    return _foot(s, fi, r, p, st)


@njit
def _table3(s, fi, p, v):
    if v == V_TERRITORY:
        for x in range(FIRST_SECTOR, N_SECTORS):
            if empty_adjacent_to_own(s, p, x):
                return ask(s, fi, 1, D_EVOKE_EMPTY, p, 0, 0)
    elif v == V_POPULATION:
        if can_grow(s, p):
            return ask(s, fi, 11, D_EVOKE_OWN, p, 0, 0)
    elif v == V_CULTURE:
        gain(s, p, 0, 3)
    elif v > V_CULTURE:
        gain(s, p, v - 2, 2)
    return goto(s, fi, 2)


@njit
def _table4(s, fi, r, p, suit):
    if suit == SUN:
        draw(s, p, 3)
    elif suit == MOON:
        if owns_any_sector(s, p) and s["worlds_n"][p] < MAX_WORLDS:  # R41
            return goto(s, fi, 20)
    elif suit == HEART:
        r[2] = 3
        return goto(s, fi, 30)
    elif suit == SKULL:
        if tech_target_exists(s, p):  # no tech to advance (R14, R41): no effect, never an empty decision
            return call(s, fi, 99, P_ADVANCE, p, ADVANCE_MODE_SKULL, 0, 0)
    elif suit == HAND:
        return ask(s, fi, 50, D_TRACK_GAIN, p, 0, 0)
    elif suit == FOOT:
        for x in range(FIRST_SECTOR, N_SECTORS):
            if foot_source_ok(s, p, x):
                return ask(s, fi, 60, D_FOOT_FROM, p, 0, 0)
    return RET


@njit
def _foot(s, fi, r, p, st):
    """Foot: from one sector into two different adjacent sectors, each empty or yours, each receiving at least
    1, at least 1 left behind, up to 5 (no FTL, no wonders)."""
    if st == 60:
        r[3] = s["ans"]
        return ask(s, fi, 61, D_FOOT_TO, p, r[3], -1)
    if st == 61:
        r[4] = s["ans"]
        return ask(s, fi, 62, D_FOOT_COUNT, p, 1, min(s["cubes"][r[3]] - 2, MAX_CUBES - s["cubes"][r[4]]))
    if st == 62:
        r[5] = s["ans"]
        return ask(s, fi, 63, D_FOOT_TO, p, r[3], r[4])
    if st == 63:
        r[6] = s["ans"]
        hi = min(s["cubes"][r[3]] - r[5] - 1, MAX_CUBES - s["cubes"][r[6]])
        return ask(s, fi, 64, D_FOOT_COUNT, p, 1, hi)
    if st == 64:
        move_cubes(s, r[3], r[4], p, r[5])
        move_cubes(s, r[3], r[6], p, s["ans"])
    return RET
