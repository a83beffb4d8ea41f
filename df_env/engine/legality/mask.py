"""The legal-action mask of the pending decision: the one source of legality for agents, envs and the engine.

``fill_mask(s)`` writes ``s["mask"]`` and ``s["n_legal"]`` from the pending decision ``s["dk"]`` and its context
``s["ctx"]``; the engine calls it once per decision, so reading the mask is free.
"""

from __future__ import annotations

from .._jit import njit, njit_inline
from ..model.constants import (
    ADVANCE,
    ADVANCE_MODE_FREE,
    ADVANCE_MODE_SKULL,
    COMPUTATION,
    ECONOMY,
    EVOKE,
    EXPAND,
    EXPLORATION,
    FIRST_SECTOR,
    FTL,
    GROW,
    HISTORY,
    INFRASTRUCTURE,
    MAX_TECHS,
    MAX_WORLDS,
    N_SECTORS,
    NEIGH,
    PLAN,
    SETTLE,
    SOCIETY,
    START,
)
from ..model.decisions import CATALOGUE, table_dispatch
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
    DECK,
    FAIL,
    GENERATE,
    KEEP,
    NEW_WORLD,
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
        _fill(dk, s, s["dplayer"], s["ctx"])
    n = 0
    for v in s["mask"]:
        if v:
            n += 1
    s["n_legal"] = n
    return n


# ------------------------------------------------------------------------------------------------ the fillers
# One per decision kind (several kinds share one), named by the kind's record in model/decisions.py: it marks the
# legal choices of player p with the decision's context ctx. The dispatch on the kind is _fill, at the end.
@njit
def fill_home_pick(s, p, ctx):
    for i in range(5):
        if home_pick_ok(s, s["reveal"][i], ctx[0]):
            _on(s, B_REVEAL, i)


@njit
def fill_circle(s, p, ctx):
    for i in range(6):
        _on(s, B_NUMBER, i)
    _on(s, B_SPECIAL, GENERATE)


@njit
def fill_chem(s, p, ctx):
    _on(s, B_SPECIAL, KEEP)
    _on(s, B_SPECIAL, REDRAW)


@njit
def fill_pick_line_suit(s, p, ctx):
    for i in range(6):
        _on(s, B_SUIT, i)
    _on(s, B_SPECIAL, GENERATE)


@njit
def fill_start(s, p, ctx):
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
def fill_any_hand(s, p, ctx):
    for i in range(s["hand_n"][p]):
        _on(s, B_HAND, i)


@njit
def fill_pay_track(s, p, ctx):
    for t in range(4):
        if can_pay_track(s, p, t):
            _on(s, B_TRACK, t)


@njit
def fill_infra_target(s, p, ctx):
    for slot in range(WORLD_SLOT0):
        c = slot_card(s, p, slot)
        if c >= 0 and s["c_upkeep"][c] < 3:
            _on(s, B_TABLEAU, slot)


@njit
def fill_explore_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if explore_source_ok(s, p, x):
            _on(s, B_SECTOR, x)


@njit
def fill_explore_to(s, p, ctx):
    for d in range(6):
        y = NEIGH[ctx[0], d]
        if y > 0 and s["cubes"][y] == 0:
            _on(s, B_SECTOR, y)


@njit
def fill_action(s, p, ctx):
    for a in range(8):
        if action_ok(s, p, a):
            _on(s, B_ACTION, a)
    _on(s, B_SPECIAL, PASS)


@njit
def fill_pay(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if pay_ok(s, p, ctx[0], s["hand"][p, i]):
            _on(s, B_HAND, i)


@njit
def fill_boost(s, p, ctx):
    a = ctx[0]
    for i in range(s["worlds_n"][p]):
        if world_consumable(s, p, s["worlds"][p, i], a):
            _on(s, B_TABLEAU, WORLD_SLOT0 + i)
    for i in range(s["hand_n"][p]):
        if consumable_in_hand(s, s["hand"][p, i], a):
            _on(s, B_HAND, i)
    if boost_pass_ok(s, p, a):
        _on(s, B_SPECIAL, PASS)


@njit
def fill_industry(s, p, ctx):
    fill_any_hand(s, p, ctx)
    _on(s, B_SPECIAL, PASS)


@njit
def fill_settle_source(s, p, ctx):
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
def fill_world_sector(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if controls(s, p, x):
            _on(s, B_SECTOR, x)


@njit
def fill_own_with_room(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if own_with_room(s, p, x):
            _on(s, B_SECTOR, x)


@njit
def fill_biology(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if own_with_room(s, p, x) and x != ctx[0] and s["mark"][x] == 0:
            _on(s, B_SECTOR, x)
    _on(s, B_SPECIAL, PASS)


@njit
def fill_advance_target(s, p, ctx):
    mode = ctx[0]
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


@njit
def fill_tech_line(s, p, ctx):
    c = ctx[0]
    for k in range(3):
        if s["c_slot_num"][c, k] == 0:
            _on(s, B_SUIT, s["c_slot_suit"][c, k])


@njit
def fill_battle_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if battle_source_fresh(s, p, x):
            _on(s, B_SECTOR, x)
    if ctx[0] > 0:
        _on(s, B_SPECIAL, PASS)


@njit
def fill_battle_to(s, p, ctx):
    for d in range(6):
        y = NEIGH[ctx[0], d]
        if y > 0 and s["cubes"][y] > 0 and s["owner"][y] != p and not battle_pair_used(s, ctx[0], y):
            _on(s, B_SECTOR, y)


@njit
def fill_count_range(s, p, ctx):
    for k in range(ctx[0], ctx[1] + 1):
        _on(s, B_COUNT, k)


@njit
def fill_any_track(s, p, ctx):
    for t in range(4):
        _on(s, B_TRACK, t)


@njit
def fill_expand_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if expand_source_ok(s, p, x, 1 + s["cnt"][FTL]):
            _on(s, B_SECTOR, x)


@njit
def fill_expand_to(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if expand_dest_ok(s, p, ctx[0], x, 1 + s["cnt"][FTL]) and s["mark"][x] == 0:
            _on(s, B_SECTOR, x)


@njit
def fill_spacecraft(s, p, ctx):
    fill_expand_to(s, p, ctx)
    _on(s, B_SPECIAL, PASS)


@njit
def fill_wonder_use(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if s["c_suit"][s["hand"][p, i]] == s["wonder_suit"][ctx[0]]:
            _on(s, B_HAND, i)
    _on(s, B_SPECIAL, PASS)


@njit
def fill_any_suit(s, p, ctx):
    for i in range(6):
        _on(s, B_SUIT, i)


@njit
def fill_upkeep_card(s, p, ctx):
    for slot in range(WORLD_SLOT0):
        if upkeep_payable(s, p, slot_card(s, p, slot)):
            _on(s, B_TABLEAU, slot)
    _on(s, B_SPECIAL, PASS)


@njit
def fill_upkeep_pay(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if has_written_suit(s, ctx[0], s["c_suit"][s["hand"][p, i]]):
            _on(s, B_HAND, i)


@njit
def fill_challenge(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if s["c_suit"][s["hand"][p, i]] == ctx[0]:
            _on(s, B_HAND, i)
    for slot in range(WORLD_SLOT0 + s["worlds_n"][p]):
        if challenge_card_ok(s, p, slot, ctx[0]):
            _on(s, B_TABLEAU, slot)
    _on(s, B_SPECIAL, FAIL)


@njit
def fill_rehome(s, p, ctx):
    for i in range(s["worlds_n"][p]):
        _on(s, B_TABLEAU, WORLD_SLOT0 + i)


@njit
def fill_victory(s, p, ctx):
    _bits(s, B_VICTORY, ctx[0])


@njit
def fill_suit_bits(s, p, ctx):
    _bits(s, B_SUIT, ctx[0])


@njit
def fill_evoke_empty(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if empty_adjacent_to_own(s, p, x):
            _on(s, B_SECTOR, x)


@njit
def fill_evoke_rival(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if rival_adjacent_to_own(s, p, x):
            _on(s, B_SECTOR, x)


@njit
def fill_foot_from(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if foot_source_ok(s, p, x):
            _on(s, B_SECTOR, x)


@njit
def fill_foot_to(s, p, ctx):
    for d in range(6):
        y = NEIGH[ctx[0], d]
        if y > 0 and y != ctx[1] and foot_dest_ok(s, p, ctx[0], y):
            _on(s, B_SECTOR, y)


@njit
def _bits(s, block, bits):
    for i in range(6):
        if (bits >> i) & 1:
            _on(s, block, i)


# ------------------------------------------------------------------------------------------------ helpers
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


# ------------------------------------------------------------------------------------------------ dispatch
# _fill(dk, s, p, ctx) calls the filler of kind dk named by the catalogue (generated from it: see table_dispatch)
_fill = njit(table_dispatch("_fill", "s, p, ctx", [d.fill for d in CATALOGUE], globals()))
