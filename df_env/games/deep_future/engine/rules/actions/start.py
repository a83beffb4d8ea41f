"""The start-phase advancements with a cost (2.1, R9): Computation, Economy, Infrastructure, Exploration;
with the fillers of START (R9-R10), PAY_TRACK, INFRA_TARGET, EXPLORE_FROM and EXPLORE_TO (DISCARD:
any hand card, the shared filler)."""

from __future__ import annotations

from ..._jit import njit
from ...legality.marks import mark_legal
from ...legality.queries import consumable_for_start, consumable_in_hand, explore_source_ok, slot_card, start_adv_usable
from ...model.constants import (
    COMPUTATION,
    ECONOMY,
    EXPLORATION,
    FIRST_SECTOR,
    HISTORY,
    INFRASTRUCTURE,
    MAX_UPKEEP,
    N_SECTORS,
    NEIGH,
    START,
)
from ...model.events import EV_UPKEEP, log
from ...model.layout import (
    B_ADV,
    B_HAND,
    B_SECTOR,
    B_SPECIAL,
    B_TABLEAU,
    B_TRACK,
    D_DISCARD,
    D_EXPLORE_FROM,
    D_EXPLORE_TO,
    D_INFRA_TARGET,
    D_PAY_TRACK,
    PASS,
    WORLD_SLOT0,
)
from ..board import can_pay_track, move_cubes, reduce
from ..cards import discard_from_hand, draw
from ..frames import RET, ask, goto

# P_START_ADV stages and registers: the player, the advancement, Exploration's source sector
(START_ADV_BEGIN, START_ADV_ASK_DISCARD, START_ADV_DISCARD, START_ADV_PAID, START_ADV_ASK_TARGET, START_ADV_INFRA,
 START_ADV_EXPLORE_FROM, START_ADV_EXPLORE_TO) = range(8)
R_START_ADV_PLAYER, R_START_ADV_ID, R_START_ADV_SOURCE = range(3)


@njit
def proc_start_adv(s, fi):
    """Computation: draw 1 then discard 1. Economy: -1 track, draw 2. Infrastructure: -1 track, an upkeep cube
    on the homeworld or a tech. Exploration: -1 track, 1 cube into an adjacent empty sector (2.1, R9)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p, a = r[R_START_ADV_PLAYER], r[R_START_ADV_ID]
    if st == START_ADV_BEGIN:
        if a == COMPUTATION:
            draw(s, p, 1)
            return goto(s, fi, START_ADV_ASK_DISCARD)
        return ask(s, fi, START_ADV_PAID, D_PAY_TRACK, p, a, 0)
    if st == START_ADV_ASK_DISCARD:
        if s["hand_n"][p] > 0:
            return ask(s, fi, START_ADV_DISCARD, D_DISCARD, p, 0, 0)
        return RET
    if st == START_ADV_DISCARD:
        discard_from_hand(s, p, s["ans"])
        return RET
    if st == START_ADV_PAID:
        reduce(s, p, s["ans"], 1)
        if a == ECONOMY:
            draw(s, p, 2)
            return RET
        return goto(s, fi, START_ADV_ASK_TARGET)
    if st == START_ADV_ASK_TARGET:
        if a == EXPLORATION:
            return ask(s, fi, START_ADV_EXPLORE_FROM, D_EXPLORE_FROM, p, 0, 0)
        return ask(s, fi, START_ADV_INFRA, D_INFRA_TARGET, p, 0, 0)
    if st == START_ADV_INFRA:
        c = slot_card(s, p, s["ans"])
        s["c_upkeep"][c] = min(MAX_UPKEEP, s["c_upkeep"][c] + 1)
        log(s, EV_UPKEEP, p, c, s["c_upkeep"][c])
        return RET
    if st == START_ADV_EXPLORE_FROM:
        r[R_START_ADV_SOURCE] = s["ans"]
        return ask(s, fi, START_ADV_EXPLORE_TO, D_EXPLORE_TO, p, r[R_START_ADV_SOURCE], 0)
    # START_ADV_EXPLORE_TO
    move_cubes(s, r[R_START_ADV_SOURCE], s["ans"], p, 1)
    return RET


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision (ctx: its context), named by the decision's record in
# model/decisions.py and called by legality/mask.py: START asked by the turn (flow.proc_turn), the others here.
@njit
def fill_start(s, p, ctx):
    for a in (COMPUTATION, INFRASTRUCTURE, HISTORY, ECONOMY, EXPLORATION):
        if start_adv_usable(s, p, a):
            mark_legal(s, B_ADV, a)
    for i in range(s["worlds_n"][p]):
        if consumable_for_start(s, s["worlds"][p, i]):
            mark_legal(s, B_TABLEAU, WORLD_SLOT0 + i)
    for i in range(s["hand_n"][p]):
        if consumable_in_hand(s, s["hand"][p, i], START):
            mark_legal(s, B_HAND, i)
    mark_legal(s, B_SPECIAL, PASS)


@njit
def fill_pay_track(s, p, ctx):
    for t in range(4):
        if can_pay_track(s, p, t):
            mark_legal(s, B_TRACK, t)


@njit
def fill_infra_target(s, p, ctx):
    for slot in range(WORLD_SLOT0):
        c = slot_card(s, p, slot)
        if c >= 0 and s["c_upkeep"][c] < MAX_UPKEEP:
            mark_legal(s, B_TABLEAU, slot)


@njit
def fill_explore_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if explore_source_ok(s, p, x):
            mark_legal(s, B_SECTOR, x)


@njit
def fill_explore_to(s, p, ctx):
    for d in range(6):
        y = NEIGH[ctx[0], d]
        if y > 0 and s["cubes"][y] == 0:
            mark_legal(s, B_SECTOR, y)
