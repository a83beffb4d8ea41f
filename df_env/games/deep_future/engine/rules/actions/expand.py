"""EXPAND (2.2, R16): source, destination, count, Spacecraft and the wonders (Table 2); with the fillers
of EXPAND_FROM, EXPAND_TO, SPACECRAFT and WONDER_USE."""

from __future__ import annotations

from ..._jit import njit
from ...legality.marks import mark_legal
from ...legality.queries import expand_dest_ok, expand_source_ok
from ...model.constants import FIRST_SECTOR, FTL, MAX_CUBES, N_SECTORS, SPACECRAFT
from ...model.events import EV_WONDER, log
from ...model.layout import (
    B_HAND,
    B_SECTOR,
    B_SPECIAL,
    D_EXPAND_COUNT,
    D_EXPAND_FROM,
    D_EXPAND_TO,
    D_SPACECRAFT,
    D_WONDER_USE,
    PASS,
)
from ..board import add_cubes, gain, move_cubes
from ..cards import discard_from_hand, draw
from ..frames import RET, ask, goto

# P_EXPAND stages and registers: the player, the source, Spacecraft left, the last destination
(EXPAND_ASK_FROM, EXPAND_FROM, EXPAND_TO, EXPAND_COUNT, EXPAND_WONDER_CHECK, EXPAND_WONDER, EXPAND_ASK_SPACECRAFT,
 EXPAND_SPACECRAFT) = range(8)
R_EXPAND_PLAYER, R_EXPAND_SOURCE, R_EXPAND_SPACECRAFT, R_EXPAND_DEST = range(4)


@njit
def proc_expand(s, fi):
    """EXPAND (R16): move cubes from a sector with 2+ to one within 1+FTL steps, each Spacecraft 1 more cube to
    another destination; entering an empty wonder sector allows its effect for a card of its suit."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_EXPAND_PLAYER]
    if st == EXPAND_ASK_FROM:
        return ask(s, fi, EXPAND_FROM, D_EXPAND_FROM, p, 0, 0)
    if st == EXPAND_FROM:
        r[R_EXPAND_SOURCE] = s["ans"]
        return ask(s, fi, EXPAND_TO, D_EXPAND_TO, p, r[R_EXPAND_SOURCE], 0)
    if st == EXPAND_TO:
        r[R_EXPAND_DEST] = s["ans"]
        hi = min(s["cubes"][r[R_EXPAND_SOURCE]] - 1, MAX_CUBES - s["cubes"][r[R_EXPAND_DEST]])
        return ask(s, fi, EXPAND_COUNT, D_EXPAND_COUNT, p, 1, hi)
    if st == EXPAND_COUNT:
        r[R_EXPAND_SPACECRAFT] = s["cnt"][SPACECRAFT]
        return _expand_move(s, fi, r, p, s["ans"])
    if st == EXPAND_WONDER_CHECK:  # wonder check for the last destination
        x = r[R_EXPAND_DEST]
        for i in range(s["hand_n"][p]):
            if s["c_suit"][s["hand"][p, i]] == s["wonder_suit"][x]:
                return ask(s, fi, EXPAND_WONDER, D_WONDER_USE, p, x, 0)
        return goto(s, fi, EXPAND_ASK_SPACECRAFT)
    if st == EXPAND_WONDER:
        if s["ans_kind"] == B_HAND:
            c = discard_from_hand(s, p, s["ans"])
            use_wonder(s, p, r[R_EXPAND_DEST], s["c_num"][c])
        return goto(s, fi, EXPAND_ASK_SPACECRAFT)
    if st == EXPAND_ASK_SPACECRAFT:
        if r[R_EXPAND_SPACECRAFT] > 0 and s["cubes"][r[R_EXPAND_SOURCE]] >= 2:
            for y in range(FIRST_SECTOR, N_SECTORS):
                if s["mark"][y] == 0 and expand_dest_ok(s, p, r[R_EXPAND_SOURCE], y, 1 + s["cnt"][FTL]):
                    return ask(s, fi, EXPAND_SPACECRAFT, D_SPACECRAFT, p, r[R_EXPAND_SOURCE], 0)
        return RET
    # EXPAND_SPACECRAFT
    if s["ans_kind"] == B_SPECIAL:
        return RET
    r[R_EXPAND_SPACECRAFT] -= 1
    r[R_EXPAND_DEST] = s["ans"]
    return _expand_move(s, fi, r, p, 1)


@njit
def _expand_move(s, fi, r, p, n):
    x = r[R_EXPAND_DEST]
    was_empty = s["cubes"][x] == 0
    move_cubes(s, r[R_EXPAND_SOURCE], x, p, n)
    s["mark"][x] = 1
    if was_empty and s["wonder"][x] >= 0:
        return goto(s, fi, EXPAND_WONDER_CHECK)
    return goto(s, fi, EXPAND_ASK_SPACECRAFT)


@njit
def use_wonder(s, p, x, num):
    """Table 2: T draw #, P # cubes in this sector (up to 5), C/M/S/X add # to the track."""
    w = s["wonder"][x]
    log(s, EV_WONDER, p, w, -1 - x)
    if w == 0:
        draw(s, p, num)
    elif w == 1:
        add_cubes(s, x, p, num)
    else:
        gain(s, p, w - 2, num)


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_expand_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if expand_source_ok(s, p, x, 1 + s["cnt"][FTL]):
            mark_legal(s, B_SECTOR, x)


@njit
def fill_expand_to(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if expand_dest_ok(s, p, ctx[0], x, 1 + s["cnt"][FTL]) and s["mark"][x] == 0:
            mark_legal(s, B_SECTOR, x)


@njit
def fill_spacecraft(s, p, ctx):
    fill_expand_to(s, p, ctx)
    mark_legal(s, B_SPECIAL, PASS)


@njit
def fill_wonder_use(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if s["c_suit"][s["hand"][p, i]] == s["wonder_suit"][ctx[0]]:
            mark_legal(s, B_HAND, i)
    mark_legal(s, B_SPECIAL, PASS)
