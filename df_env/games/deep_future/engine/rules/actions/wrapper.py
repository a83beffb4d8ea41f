"""The action wrapper (2.2, 2.2.1): the choice of an action and its payment (R12), the advancements it
gathers (R10) and the tracks they raise (R11), then the action's body; with the fillers of ACTION, PAY
and BOOST."""

from __future__ import annotations

from ..._jit import njit
from ...legality.marks import mark_legal
from ...legality.queries import (
    advance_target_exists,
    any_consumable,
    can_expand,
    can_grow,
    consumable_in_hand,
    evoke_ok,
    potential_count,
    settle_sources,
    world_consumable,
)
from ...model.constants import (
    ADV_ACTION,
    ADV_GAIN,
    ADVANCE,
    ADVANCE_MODE_ACTION,
    ADVANCE_MODE_FREE,
    EVOKE,
    EXPAND,
    FTL,
    GROW,
    MAX_WORLDS,
    N_ACTIONS_KINDS,
    N_ADVANCEMENTS,
    N_LINES,
    PLAN,
    SETTLE,
    SOCIETY,
)
from ...model.events import DISCARD_FROM_TABLEAU, EV_ACTION, log
from ...model.layout import B_ACTION, B_HAND, B_SPECIAL, B_TABLEAU, D_BOOST, PASS, WORLD_SLOT0
from ..board import gain, remove_world_at
from ..cards import hand_remove, to_discard
from ..frames import P_ADVANCE, P_BATTLE, P_EVOKE, P_EXPAND, P_GROW, P_PLAN, P_POWER, P_SETTLE, RET, ask, call, goto

BODY = (P_POWER, P_SETTLE, P_GROW, P_ADVANCE, P_BATTLE, P_EXPAND, P_PLAN, P_EVOKE)


@njit
def load_counts(s, p, a):
    """cnt[adv] = instances of each advancement of action a on the homeworld and tableau techs (R10)."""
    s["cnt"][:] = 0
    h = s["home"][p]
    if h >= 0:
        add_counts(s, h, a)
    for i in range(s["techs_n"][p]):
        add_counts(s, s["techs"][p, i], a)


@njit
def add_counts(s, c, a):
    for k in range(N_LINES):
        n = s["c_slot_num"][c, k]
        if n > 0:
            adv = 6 * s["c_slot_suit"][c, k] + n - 1
            if ADV_ACTION[adv] == a:
                s["cnt"][adv] += 1


# P_ACTION stages and registers: the action, 1 if free (a conquest's), the player, the card that paid (EVOKE:
# the civilization card)
ACTION_BEGIN, ACTION_ASK_BOOST, ACTION_BOOSTED, ACTION_BODY, ACTION_DONE = range(5)
R_ACTION_ID, R_ACTION_FREE, R_ACTION_PLAYER, R_ACTION_CARD = range(4)


@njit
def proc_action(s, fi):
    """One action: gather its advancements (tableau automatically, settled worlds and hand techs by choice),
    raise tracks (R11), then run the action's body (2.2, 2.2.1)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    a, p = r[R_ACTION_ID], r[R_ACTION_PLAYER]
    if st == ACTION_BEGIN:
        log(s, EV_ACTION, p, a, r[R_ACTION_FREE])
        s["mark"][:] = 0
        load_counts(s, p, a)
        return goto(s, fi, ACTION_ASK_BOOST if a < PLAN else ACTION_BODY)
    if st == ACTION_ASK_BOOST:
        if any_consumable(s, p, a):
            return ask(s, fi, ACTION_BOOSTED, D_BOOST, p, a, 0)
        return goto(s, fi, ACTION_BODY)
    if st == ACTION_BOOSTED:
        if s["ans_kind"] == B_SPECIAL:
            return goto(s, fi, ACTION_BODY)
        if s["ans_kind"] == B_TABLEAU:
            c = remove_world_at(s, p, s["ans"] - WORLD_SLOT0)  # a settled world is used up (2.2.1)
        else:
            c = hand_remove(s, p, s["ans"])
        add_counts(s, c, a)
        to_discard(s, c, DISCARD_FROM_TABLEAU)
        return goto(s, fi, ACTION_ASK_BOOST)
    if st == ACTION_BODY:
        if a < PLAN:
            for adv in range(N_ADVANCEMENTS):
                if s["cnt"][adv] > 0 and ADV_ACTION[adv] == a:
                    for t in range(4):
                        if ADV_GAIN[adv, t] > 0:
                            gain(s, p, t, ADV_GAIN[adv, t] * s["cnt"][adv])
        # register 1 of a body: EVOKE's civilization card; ADVANCE's mode (the conquest's free ADVANCE may be
        # declined: 2.2 SETTLE "he may immediately take", R47)
        if a == EVOKE:
            return call(s, fi, ACTION_DONE, BODY[a], p, r[R_ACTION_CARD], 0, 0)
        mode = ADVANCE_MODE_FREE if a == ADVANCE and r[R_ACTION_FREE] else ADVANCE_MODE_ACTION
        return call(s, fi, ACTION_DONE, BODY[a], p, mode, 0, 0)
    return RET


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision (ctx: its context), named by the decision's record in
# model/decisions.py and called by legality/mask.py: BOOST asked here, ACTION and PAY by the turn (flow.proc_turn).
@njit
def fill_action(s, p, ctx):
    for a in range(N_ACTIONS_KINDS):
        if action_ok(s, p, a):
            mark_legal(s, B_ACTION, a)
    mark_legal(s, B_SPECIAL, PASS)


@njit
def fill_pay(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if pay_ok(s, p, ctx[0], s["hand"][p, i]):
            mark_legal(s, B_HAND, i)


@njit
def fill_boost(s, p, ctx):
    a = ctx[0]
    for i in range(s["worlds_n"][p]):
        if world_consumable(s, p, s["worlds"][p, i], a):
            mark_legal(s, B_TABLEAU, WORLD_SLOT0 + i)
    for i in range(s["hand_n"][p]):
        if consumable_in_hand(s, s["hand"][p, i], a):
            mark_legal(s, B_HAND, i)
    if boost_pass_ok(s, p, a):
        mark_legal(s, B_SPECIAL, PASS)


@njit
def pay_ok(s, p, a, c):
    """Hand card c may pay for action a (R12): its suit for the six suited actions, a civilization card whose
    sector p controls for EVOKE; SETTLE and EXPAND must still be possible without that card."""
    if a == EVOKE:
        return evoke_ok(s, p, c)
    if s["c_suit"][c] != a:
        return False
    if a == SETTLE:
        return settle_sources(s, p, c, potential_count(s, p, SOCIETY, c) > 0)
    if a == EXPAND:
        return can_expand(s, p, 1 + potential_count(s, p, FTL, c))
    return True


@njit
def action_ok(s, p, a):
    """Player p may choose action a now (R12): not yet taken this turn, something to do, a card to pay with."""
    if (s["acts"] >> a) & 1:
        return False
    if a == SETTLE and s["worlds_n"][p] >= MAX_WORLDS:
        return False  # R41: a full row of settled worlds takes no more
    if a == PLAN:
        return True
    if a == GROW and not can_grow(s, p):
        return False
    if a == ADVANCE and not advance_target_exists(s, p):
        return False  # nothing can take an advancement (R14, R41)
    for i in range(s["hand_n"][p]):
        if pay_ok(s, p, a, s["hand"][p, i]):
            return True
    return False


@njit
def boost_pass_ok(s, p, a):
    """The action can go on with the advancements gathered so far (Society for SETTLE, FTL for EXPAND)."""
    if a == SETTLE:
        return settle_sources(s, p, -1, s["cnt"][SOCIETY] > 0)
    if a == EXPAND:
        return can_expand(s, p, 1 + s["cnt"][FTL])
    return True
