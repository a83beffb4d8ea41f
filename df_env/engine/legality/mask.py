"""The legal-action mask of the pending decision: the one source of legality for agents, envs and the engine.

``fill_mask(s)`` writes ``s["mask"]`` and ``s["n_legal"]`` from the pending decision ``s["dk"]`` and its context
``s["ctx"]``; the engine calls it once per decision, so reading the mask is free.
"""

from __future__ import annotations

import numpy as np

from .._jit import njit, njit_inline
from ..model.constants import (
    ADVANCE_MODE_FREE,
    ADVANCE_MODE_SKULL,
    COMPUTATION,
    ECONOMY,
    EVOKE,
    EXPAND,
    EXPLORATION,
    FTL,
    HISTORY,
    INFRASTRUCTURE,
    MAX_TECHS,
    MAX_WORLDS,
    NEIGH,
    PLAN,
    SETTLE,
    SOCIETY,
    START,
)
from ..model.layout import (
    B_ACTION,
    B_ADV,
    B_COUNT,
    B_HAND,
    B_LINE,
    B_NUMBER,
    B_REVEAL,
    B_SECTOR,
    B_SPECIAL,
    B_SUIT,
    B_TABLEAU,
    B_TRACK,
    B_VICTORY,
    BLOCK_START,
    D_ACTION,
    D_ADVANCE_TARGET,
    D_BATTLE_COUNT,
    D_BATTLE_DEFENSE,
    D_BATTLE_FROM,
    D_BATTLE_TO,
    D_BIOLOGY,
    D_BOOST,
    D_CHALLENGE,
    D_CHEM,
    D_CIRCLE,
    D_CIV_SUIT,
    D_DISCARD,
    D_EVOKE_EMPTY,
    D_EVOKE_OWN,
    D_EVOKE_RIVAL,
    D_EXPAND_COUNT,
    D_EXPAND_FROM,
    D_EXPAND_TO,
    D_EXPLORE_FROM,
    D_EXPLORE_TO,
    D_FOOT_COUNT,
    D_FOOT_FROM,
    D_FOOT_TO,
    D_GROW_TARGET,
    D_HOME_PICK,
    D_INDUSTRY,
    D_INFRA_TARGET,
    D_PAY,
    D_PAY_TRACK,
    D_PICK_LINE_SUIT,
    D_PLAN_SUIT,
    D_REHOME,
    D_SETTLE_SOURCE,
    D_SPACECRAFT,
    D_START,
    D_TECH_LINE,
    D_TRACK_GAIN,
    D_UPKEEP_CARD,
    D_UPKEEP_PAY,
    D_VICTORY,
    D_WONDER_SUIT,
    D_WONDER_USE,
    D_WORLD_SECTOR,
    DECK,
    FAIL,
    GENERATE,
    KEEP,
    NEW_WORLD,
    NUM_DECISIONS,
    PASS,
    REDRAW,
    TECH_SLOT0,
    WORLD_SLOT0,
)
from ..rules.board import can_pay_track, controls
from ..rules.cards import has_written_suit, n_written
from .queries import (
    advance_target_exists,
    battle_pair_used,
    battle_source_fresh,
    can_expand,
    can_grow,
    challenge_card_ok,
    consumable_for_start,
    consumable_in_hand,
    empty_adjacent_to_own,
    evoke_ok,
    expand_dest_ok,
    expand_source_ok,
    explore_source_ok,
    foot_dest_ok,
    foot_source_ok,
    hand_has_blank,
    hand_has_world,
    home_pick_ok,
    line_settle_ok,
    own_with_room,
    owns_any_sector,
    potential_count,
    rival_adjacent_to_own,
    settle_sources,
    slot_card,
    start_adv_usable,
    upkeep_payable,
    world_consumable,
    world_in_controlled_sector,
)


@njit
def _on(s, block, i):
    s["mask"][BLOCK_START[block] + i] = 1


@njit_inline
def fill_mask(s):
    """Compute the legal actions of the pending decision into ``s["mask"]``; returns how many there are."""
    s["mask"][:] = 0
    dk = s["dk"]
    if dk != 0:
        _fill(s, dk, s["dplayer"])
    n = 0
    for v in s["mask"]:
        if v:
            n += 1
    s["n_legal"] = n
    return n


# the group filler of each decision kind (the order of the fillers below), one table read per decision
_FILL_GROUPS = (
    (D_HOME_PICK, D_CIRCLE, D_CHEM, D_PICK_LINE_SUIT,),
    (D_START, D_DISCARD, D_PAY_TRACK, D_INFRA_TARGET, D_EXPLORE_FROM, D_EXPLORE_TO,),
    (D_ACTION, D_PAY, D_BOOST, D_INDUSTRY, D_SETTLE_SOURCE, D_WORLD_SECTOR,),
    (D_GROW_TARGET, D_EVOKE_OWN, D_BIOLOGY, D_ADVANCE_TARGET, D_TECH_LINE,),
    (D_BATTLE_FROM, D_BATTLE_TO, D_BATTLE_COUNT, D_BATTLE_DEFENSE, D_EXPAND_COUNT, D_FOOT_COUNT, D_TRACK_GAIN,),
    (D_EXPAND_FROM, D_EXPAND_TO, D_SPACECRAFT, D_WONDER_USE, D_PLAN_SUIT,),
    (D_UPKEEP_CARD, D_UPKEEP_PAY, D_CHALLENGE, D_REHOME, D_VICTORY, D_CIV_SUIT, D_WONDER_SUIT,),
    (D_EVOKE_EMPTY, D_EVOKE_RIVAL, D_FOOT_FROM, D_FOOT_TO,),
)
FILL_GROUP = np.full(NUM_DECISIONS, -1, dtype=np.int64)
for _g, _kinds in enumerate(_FILL_GROUPS):
    FILL_GROUP[list(_kinds)] = _g


@njit
def _fill(s, dk, p):
    """Mark the legal choices of decision ``dk`` of player ``p``: the group filler that owns the kind
    (``FILL_GROUP``) does it."""
    ctx = s["ctx"]
    g = FILL_GROUP[dk]
    if g == 0:
        _fill_setup(s, dk, p, ctx)
    elif g == 1:
        _fill_turn_start(s, dk, p, ctx)
    elif g == 2:
        _fill_action(s, dk, p, ctx)
    elif g == 3:
        _fill_grow_advance(s, dk, p, ctx)
    elif g == 4:
        _fill_battle(s, dk, p, ctx)
    elif g == 5:
        _fill_expand(s, dk, p, ctx)
    elif g == 6:
        _fill_end_turn(s, dk, p, ctx)
    elif g == 7:
        _fill_evoke(s, dk, p, ctx)


@njit
def _fill_setup(s, dk, p, ctx):
    """The homeworld pick and generated advancements (circle, Chemistry, line suit)."""
    if dk == D_HOME_PICK:
        for i in range(5):
            if home_pick_ok(s, s["reveal"][i], ctx[0]):
                _on(s, B_REVEAL, i)
    elif dk == D_CIRCLE:
        for i in range(6):
            _on(s, B_NUMBER, i)
        _on(s, B_SPECIAL, GENERATE)
    elif dk == D_CHEM:
        _on(s, B_SPECIAL, KEEP)
        _on(s, B_SPECIAL, REDRAW)
    elif dk == D_PICK_LINE_SUIT:
        for i in range(6):
            _on(s, B_SUIT, i)
        _on(s, B_SPECIAL, GENERATE)
    else:
        return False
    return True


@njit
def _fill_turn_start(s, dk, p, ctx):
    """The start phase (start choice, discard, track payment, Infrastructure) and EXPLORE."""
    if dk == D_START:
        _start(s, p)
    elif dk == D_DISCARD:
        _all_hand(s, p)
    elif dk == D_PAY_TRACK:
        for t in range(4):
            if can_pay_track(s, p, t):
                _on(s, B_TRACK, t)
    elif dk == D_INFRA_TARGET:
        for slot in range(WORLD_SLOT0):
            c = slot_card(s, p, slot)
            if c >= 0 and s["c_upkeep"][c] < 3:
                _on(s, B_TABLEAU, slot)
    elif dk == D_EXPLORE_FROM:
        for x in range(1, 37):
            if explore_source_ok(s, p, x):
                _on(s, B_SECTOR, x)
    elif dk == D_EXPLORE_TO:
        for d in range(6):
            y = NEIGH[ctx[0], d]
            if y > 0 and s["cubes"][y] == 0:
                _on(s, B_SECTOR, y)
    else:
        return False
    return True


@njit
def _fill_action(s, dk, p, ctx):
    """The action choice, payment, boosts, Industry, SETTLE and its world."""
    if dk == D_ACTION:
        _actions(s, p)
    elif dk == D_PAY:
        for i in range(s["hand_n"][p]):
            if pay_ok(s, p, ctx[0], s["hand"][p, i]):
                _on(s, B_HAND, i)
    elif dk == D_BOOST:
        _boost(s, p, ctx[0])
    elif dk == D_INDUSTRY:
        _all_hand(s, p)
        _on(s, B_SPECIAL, PASS)
    elif dk == D_SETTLE_SOURCE:
        _settle_sources(s, p)
    elif dk == D_WORLD_SECTOR:
        for x in range(1, 37):
            if controls(s, p, x):
                _on(s, B_SECTOR, x)
    else:
        return False
    return True


@njit
def _fill_grow_advance(s, dk, p, ctx):
    """GROW, Biology, ADVANCE and the tech line."""
    if dk == D_GROW_TARGET or dk == D_EVOKE_OWN:
        for x in range(1, 37):
            if own_with_room(s, p, x):
                _on(s, B_SECTOR, x)
    elif dk == D_BIOLOGY:
        for x in range(1, 37):
            if own_with_room(s, p, x) and x != ctx[0] and s["mark"][x] == 0:
                _on(s, B_SECTOR, x)
        _on(s, B_SPECIAL, PASS)
    elif dk == D_ADVANCE_TARGET:
        _advance_targets(s, p, ctx[0])
    elif dk == D_TECH_LINE:
        c = ctx[0]
        for k in range(3):
            if s["c_slot_num"][c, k] == 0:
                _on(s, B_SUIT, s["c_slot_suit"][c, k])
    else:
        return False
    return True


@njit
def _fill_battle(s, dk, p, ctx):
    """BATTLE, the counts of a move, the track gained."""
    if dk == D_BATTLE_FROM:
        for x in range(1, 37):
            if battle_source_fresh(s, p, x):
                _on(s, B_SECTOR, x)
        if ctx[0] > 0:
            _on(s, B_SPECIAL, PASS)
    elif dk == D_BATTLE_TO:
        for d in range(6):
            y = NEIGH[ctx[0], d]
            if y > 0 and s["cubes"][y] > 0 and s["owner"][y] != p and not battle_pair_used(s, ctx[0], y):
                _on(s, B_SECTOR, y)
    elif dk == D_BATTLE_COUNT or dk == D_BATTLE_DEFENSE or dk == D_EXPAND_COUNT or dk == D_FOOT_COUNT:
        for k in range(ctx[0], ctx[1] + 1):
            _on(s, B_COUNT, k)
    elif dk == D_TRACK_GAIN:
        for t in range(4):
            _on(s, B_TRACK, t)
    else:
        return False
    return True


@njit
def _fill_expand(s, dk, p, ctx):
    """EXPAND (and Spacecraft), a wonder's use, PLAN."""
    if dk == D_EXPAND_FROM:
        for x in range(1, 37):
            if expand_source_ok(s, p, x, 1 + s["cnt"][FTL]):
                _on(s, B_SECTOR, x)
    elif dk == D_EXPAND_TO or dk == D_SPACECRAFT:
        for x in range(1, 37):
            if expand_dest_ok(s, p, ctx[0], x, 1 + s["cnt"][FTL]) and s["mark"][x] == 0:
                _on(s, B_SECTOR, x)
        if dk == D_SPACECRAFT:
            _on(s, B_SPECIAL, PASS)
    elif dk == D_WONDER_USE:
        for i in range(s["hand_n"][p]):
            if s["c_suit"][s["hand"][p, i]] == s["wonder_suit"][ctx[0]]:
                _on(s, B_HAND, i)
        _on(s, B_SPECIAL, PASS)
    elif dk == D_PLAN_SUIT:
        for i in range(6):
            _on(s, B_SUIT, i)
    else:
        return False
    return True


@njit
def _fill_end_turn(s, dk, p, ctx):
    """Upkeep, challenges, a new homeworld, victory and civilization or wonder suits."""
    if dk == D_UPKEEP_CARD:
        for slot in range(WORLD_SLOT0):
            if upkeep_payable(s, p, slot_card(s, p, slot)):
                _on(s, B_TABLEAU, slot)
        _on(s, B_SPECIAL, PASS)
    elif dk == D_UPKEEP_PAY:
        for i in range(s["hand_n"][p]):
            if has_written_suit(s, ctx[0], s["c_suit"][s["hand"][p, i]]):
                _on(s, B_HAND, i)
    elif dk == D_CHALLENGE:
        for i in range(s["hand_n"][p]):
            if s["c_suit"][s["hand"][p, i]] == ctx[0]:
                _on(s, B_HAND, i)
        for slot in range(WORLD_SLOT0 + s["worlds_n"][p]):
            if challenge_card_ok(s, p, slot, ctx[0]):
                _on(s, B_TABLEAU, slot)
        _on(s, B_SPECIAL, FAIL)
    elif dk == D_REHOME:
        for i in range(s["worlds_n"][p]):
            _on(s, B_TABLEAU, WORLD_SLOT0 + i)
    elif dk == D_VICTORY:
        _bits(s, B_VICTORY, ctx[0])
    elif dk == D_CIV_SUIT or dk == D_WONDER_SUIT:
        _bits(s, B_SUIT, ctx[0])
    else:
        return False
    return True


@njit
def _fill_evoke(s, dk, p, ctx):
    """EVOKE's targets and a foothold."""
    if dk == D_EVOKE_EMPTY:
        for x in range(1, 37):
            if empty_adjacent_to_own(s, p, x):
                _on(s, B_SECTOR, x)
    elif dk == D_EVOKE_RIVAL:
        for x in range(1, 37):
            if rival_adjacent_to_own(s, p, x):
                _on(s, B_SECTOR, x)
    elif dk == D_FOOT_FROM:
        for x in range(1, 37):
            if foot_source_ok(s, p, x):
                _on(s, B_SECTOR, x)
    elif dk == D_FOOT_TO:
        for d in range(6):
            y = NEIGH[ctx[0], d]
            if y > 0 and y != ctx[1] and foot_dest_ok(s, p, ctx[0], y):
                _on(s, B_SECTOR, y)
    else:
        return False
    return True

@njit
def _bits(s, block, bits):
    for i in range(6):
        if (bits >> i) & 1:
            _on(s, block, i)


@njit
def _all_hand(s, p):
    for i in range(s["hand_n"][p]):
        _on(s, B_HAND, i)


@njit
def _start(s, p):
    for a in (COMPUTATION, INFRASTRUCTURE, HISTORY, ECONOMY, EXPLORATION):
        if start_adv_usable(s, p, a):
            _on(s, B_ADV, a)
    for i in range(s["worlds_n"][p]):
        if consumable_for_start(s, s["worlds"][p, i]):
            _on(s, B_TABLEAU, WORLD_SLOT0 + i)
    for i in range(s["hand_n"][p]):
        if consumable_in_hand(s, s["hand"][p, i], START):
            _on(s, B_HAND, i)
    _on(s, B_SPECIAL, PASS)


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
    if (s["acts"] >> a) & 1:
        return False
    if a == SETTLE and s["worlds_n"][p] >= MAX_WORLDS:
        return False  # R41: a full row of settled worlds takes no more
    if a == PLAN:
        return True
    if a == 2 and not can_grow(s, p):
        return False
    if a == 3 and not advance_target_exists(s, p):
        return False  # nothing can take an advancement (R14, R41)
    for i in range(s["hand_n"][p]):
        if pay_ok(s, p, a, s["hand"][p, i]):
            return True
    return False


@njit
def _actions(s, p):
    for a in range(8):
        if action_ok(s, p, a):
            _on(s, B_ACTION, a)
    _on(s, B_SPECIAL, PASS)


@njit
def _boost(s, p, a):
    for i in range(s["worlds_n"][p]):
        if world_consumable(s, p, s["worlds"][p, i], a):
            _on(s, B_TABLEAU, WORLD_SLOT0 + i)
    for i in range(s["hand_n"][p]):
        if consumable_in_hand(s, s["hand"][p, i], a):
            _on(s, B_HAND, i)
    if boost_pass_ok(s, p, a):
        _on(s, B_SPECIAL, PASS)


@njit
def boost_pass_ok(s, p, a):
    """The action can go on with the advancements gathered so far (Society for SETTLE, FTL for EXPAND)."""
    if a == SETTLE:
        return settle_sources(s, p, -1, s["cnt"][SOCIETY] > 0)
    if a == EXPAND:
        return can_expand(s, p, 1 + s["cnt"][FTL])
    return True


@njit
def _settle_sources(s, p):
    for k in range(6):
        if line_settle_ok(s, p, k):
            _on(s, B_LINE, k)
    if not owns_any_sector(s, p):
        return
    has_world = hand_has_world(s, p)
    for i in range(s["hand_n"][p]):
        c = s["hand"][p, i]
        if world_in_controlled_sector(s, p, c) or (not has_world and s["c_type"][c] == 0):
            _on(s, B_HAND, i)
    if s["cnt"][SOCIETY] > 0 or (not has_world and not hand_has_blank(s, p)):
        _on(s, B_SPECIAL, NEW_WORLD)


@njit
def _advance_targets(s, p, mode):
    if mode != ADVANCE_MODE_SKULL:  # EVOKE skull advances techs only (R17)
        h = s["home"][p]
        if h >= 0 and n_written(s, h) < 3:
            _on(s, B_TABLEAU, 0)
        for i in range(s["worlds_n"][p]):
            if n_written(s, s["worlds"][p, i]) < 3:
                _on(s, B_TABLEAU, WORLD_SLOT0 + i)
    for i in range(s["techs_n"][p]):
        if n_written(s, s["techs"][p, i]) < 3:
            _on(s, B_TABLEAU, TECH_SLOT0 + i)
    if s["techs_n"][p] < MAX_TECHS:  # R41: a full tableau row takes no new tech
        _on(s, B_SPECIAL, DECK)
    if mode == ADVANCE_MODE_FREE:  # the conquest's free ADVANCE may be declined (2.2 SETTLE "may", R47)
        _on(s, B_SPECIAL, PASS)

