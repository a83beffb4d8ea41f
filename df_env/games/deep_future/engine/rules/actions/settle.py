"""SETTLE (2.2, R13): where the world comes from, its sector, Government and the conquest; with the
fillers of SETTLE_SOURCE and WORLD_SECTOR."""

from __future__ import annotations

from ..._jit import njit
from ...legality.marks import mark_legal
from ...legality.queries import (
    advance_target_exists,
    hand_has_blank,
    hand_has_world,
    line_settle_ok,
    owns_any_sector,
    world_in_controlled_sector,
)
from ...model.constants import ADVANCE, FIRST_SECTOR, GOVERNMENT, N_LINES, N_SECTORS, POWER, SOCIETY, WORLD
from ...model.events import EV_SETTLE, log
from ...model.layout import B_HAND, B_LINE, B_SECTOR, B_SPECIAL, D_SETTLE_SOURCE, D_WORLD_SECTOR, NEW_WORLD
from ..board import add_world, controls
from ..cards import draw, generate_card, hand_remove, n_circled, n_written, name_code, reveal_hand
from ..frames import F_CIRCLE, P_ACTION, P_GEN_ADV, RET, ask, call, goto

# P_SETTLE stages and registers: the player, the world, draw a card afterwards, a conquest, Government left, the
# blank's hand slot + 1 (0: a new card)
(SETTLE_ASK_SOURCE, SETTLE_SOURCE, SETTLE_ASK_SECTOR, SETTLE_MAKE_WORLD, SETTLE_PLACE, SETTLE_GOVERNMENT,
 SETTLE_FREE_ADVANCE, SETTLE_DONE) = range(8)
R_SETTLE_PLAYER, R_SETTLE_WORLD, R_SETTLE_DRAW, R_SETTLE_CONQUEST, R_SETTLE_GOVERNMENT, R_SETTLE_BLANK = range(6)


@njit
def proc_settle(s, fi):
    """SETTLE (2.2, R13): from the neutral line (conquest: free POWER then free ADVANCE), from a world in
    hand, a blank, or a new card; Government adds advancements; the card is drawn last."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_SETTLE_PLAYER]
    if st == SETTLE_ASK_SOURCE:
        return ask(s, fi, SETTLE_SOURCE, D_SETTLE_SOURCE, p, 0, 0)
    if st == SETTLE_SOURCE:
        return _settle_source(s, fi, r, p)
    if st == SETTLE_ASK_SECTOR:  # a blank or a new card: the sector is chosen before the card leaves the hand / is made
        return ask(s, fi, SETTLE_MAKE_WORLD, D_WORLD_SECTOR, p, 0, 0)
    if st == SETTLE_MAKE_WORLD:
        if r[R_SETTLE_BLANK] > 0:
            c = hand_remove(s, p, r[R_SETTLE_BLANK] - 1)
            r[R_SETTLE_DRAW] = 1
        else:
            c = generate_card(s, WORLD)
        make_world(s, c)
        s["c_sector"][c] = s["ans"]
        r[R_SETTLE_WORLD] = c
        if s["cnt"][SOCIETY] == 0:
            reveal_hand(s, p)  # settling from a blank or a new card without Society reveals the hand (R13)
        return call(s, fi, SETTLE_PLACE, P_GEN_ADV, c, -1, 0, p)  # one random advancement, not circled (R13)
    if st == SETTLE_PLACE:
        add_world(s, p, r[R_SETTLE_WORLD])
        log(s, EV_SETTLE, p, r[R_SETTLE_WORLD], 0)
        r[R_SETTLE_GOVERNMENT] = s["cnt"][GOVERNMENT]
        return goto(s, fi, SETTLE_GOVERNMENT)
    if st == SETTLE_GOVERNMENT:
        c = r[R_SETTLE_WORLD]
        if r[R_SETTLE_GOVERNMENT] > 0 and n_written(s, c) < N_LINES:
            r[R_SETTLE_GOVERNMENT] -= 1
            return call(s, fi, SETTLE_GOVERNMENT, P_GEN_ADV, c, -1, F_CIRCLE if n_circled(s, c) == 0 else 0, p)
        if r[R_SETTLE_DRAW]:
            draw(s, p, 1)
        if r[R_SETTLE_CONQUEST]:
            return call(s, fi, SETTLE_FREE_ADVANCE, P_ACTION, POWER, 1, p, 0)  # conquest: a free POWER ...
        return RET
    if st == SETTLE_FREE_ADVANCE:
        if advance_target_exists(s, p):
            # ... then a free ADVANCE (if anything can take one)
            return call(s, fi, SETTLE_DONE, P_ACTION, ADVANCE, 1, p, 0)
        return RET
    return RET


@njit
def _settle_source(s, fi, r, p):
    if s["ans_kind"] == B_LINE:
        r[R_SETTLE_WORLD] = s["line"][s["ans"]]
        s["line"][s["ans"]] = -1
        r[R_SETTLE_CONQUEST] = 1
        return goto(s, fi, SETTLE_PLACE)
    if s["ans_kind"] == B_HAND:
        if s["c_type"][s["hand"][p, s["ans"]]] == WORLD:
            r[R_SETTLE_WORLD] = hand_remove(s, p, s["ans"])
            r[R_SETTLE_DRAW] = 1
            return goto(s, fi, SETTLE_PLACE)
        r[R_SETTLE_BLANK] = s["ans"] + 1
    return goto(s, fi, SETTLE_ASK_SECTOR)


@njit
def make_world(s, c):
    s["c_type"][c] = WORLD
    s["c_era"][c] = s["era"]
    s["c_name"][c] = name_code(s)


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_settle_source(s, p, ctx):
    for k in range(6):
        if line_settle_ok(s, p, k):
            mark_legal(s, B_LINE, k)
    if not owns_any_sector(s, p):
        return
    has_world = hand_has_world(s, p)
    for i in range(s["hand_n"][p]):
        c = s["hand"][p, i]
        if world_in_controlled_sector(s, p, c) or (not has_world and s["c_type"][c] == 0):
            mark_legal(s, B_HAND, i)
    if s["cnt"][SOCIETY] > 0 or (not has_world and not hand_has_blank(s, p)):
        mark_legal(s, B_SPECIAL, NEW_WORLD)


@njit
def fill_world_sector(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if controls(s, p, x):
            mark_legal(s, B_SECTOR, x)
