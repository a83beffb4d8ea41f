"""The action phase (2.2): the action wrapper (advancements, consumed sources, track gains) and the bodies of
POWER, SETTLE, GROW, BATTLE, EXPAND and PLAN; the start-phase advancements with a cost (2.1, R9).
ADVANCE lives in :mod:`advancing`, EVOKE in :mod:`evoke`."""

from __future__ import annotations

from .._jit import njit
from ..legality.queries import (
    advance_target_exists,
    any_consumable,
    any_rival_adjacent,
    battle_source_fresh,
    expand_dest_ok,
    own_with_room,
    slot_card,
)
from ..model.constants import (
    ADV_ACTION,
    ADV_GAIN,
    ADVANCE,
    ADVANCE_MODE_ACTION,
    ADVANCE_MODE_FREE,
    BIOLOGY,
    BLANK,
    COMPUTATION,
    DEFENSE,
    ECONOMY,
    ENERGY,
    EVOKE,
    EXPLORATION,
    FIRST_SECTOR,
    FTL,
    GENETICS,
    GOVERNMENT,
    INDUSTRY,
    MAX_CUBES,
    MILITARY,
    N_ADVANCEMENTS,
    N_SECTORS,
    NEIGH,
    PLAN,
    SOCIETY,
    SPACECRAFT,
    WORLD,
)
from ..model.events import EV_ACTION, EV_SETTLE, EV_UPKEEP, EV_WONDER, log
from ..model.layout import (
    B_HAND,
    B_LINE,
    B_SPECIAL,
    B_TABLEAU,
    D_BATTLE_COUNT,
    D_BATTLE_DEFENSE,
    D_BATTLE_FROM,
    D_BATTLE_TO,
    D_BIOLOGY,
    D_BOOST,
    D_DISCARD,
    D_EXPAND_COUNT,
    D_EXPAND_FROM,
    D_EXPAND_TO,
    D_EXPLORE_FROM,
    D_EXPLORE_TO,
    D_GROW_TARGET,
    D_INDUSTRY,
    D_INFRA_TARGET,
    D_PAY_TRACK,
    D_PLAN_SUIT,
    D_SETTLE_SOURCE,
    D_SPACECRAFT,
    D_TRACK_GAIN,
    D_WONDER_USE,
    D_WORLD_SECTOR,
    WORLD_SLOT0,
)
from .board import add_cubes, add_world, gain, move_cubes, reduce, remove_cubes, remove_world_at
from .cards import (
    discard_from_hand,
    discard_hand,
    draw,
    generate_card,
    hand_add,
    hand_remove,
    n_circled,
    n_written,
    name_code,
    new_card,
    random_number,
    reveal_hand,
    to_discard,
)
from .frames import (
    F_CIRCLE,
    P_ACTION,
    P_ADVANCE,
    P_BATTLE,
    P_EVOKE,
    P_EXPAND,
    P_GEN_ADV,
    P_GROW,
    P_PLAN,
    P_POWER,
    P_SETTLE,
    RET,
    ask,
    call,
    goto,
)

BODY = (P_POWER, P_SETTLE, P_GROW, P_ADVANCE, P_BATTLE, P_EXPAND, P_PLAN, P_EVOKE)


# ------------------------------------------------------------------------------------------------ wrapper
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
    for k in range(3):
        n = s["c_slot_num"][c, k]
        if n > 0:
            adv = 6 * s["c_slot_suit"][c, k] + n - 1
            if ADV_ACTION[adv] == a:
                s["cnt"][adv] += 1


# P_ACTION registers: 0 action, 1 free (conquest), 2 player, 3 card (EVOKE: the civilization card)
@njit
def proc_action(s, fi):
    """One action: gather its advancements (tableau automatically, settled worlds and hand techs by choice),
    raise tracks (R11), then run the action's body (2.2, 2.2.1)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    a, p = r[0], r[2]
    if st == 0:
        log(s, EV_ACTION, p, a, r[1])
        s["mark"][:] = 0
        load_counts(s, p, a)
        return goto(s, fi, 1 if a < PLAN else 3)
    if st == 1:
        if any_consumable(s, p, a):
            return ask(s, fi, 2, D_BOOST, p, a, 0)
        return goto(s, fi, 3)
    if st == 2:
        if s["ans_kind"] == B_SPECIAL:
            return goto(s, fi, 3)
        if s["ans_kind"] == B_TABLEAU:
            c = remove_world_at(s, p, s["ans"] - WORLD_SLOT0)  # a settled world is used up (2.2.1)
        else:
            c = hand_remove(s, p, s["ans"])
        add_counts(s, c, a)
        to_discard(s, c, 2)
        return goto(s, fi, 1)
    if st == 3:
        if a < PLAN:
            for adv in range(N_ADVANCEMENTS):
                if s["cnt"][adv] > 0 and ADV_ACTION[adv] == a:
                    for t in range(4):
                        if ADV_GAIN[adv, t] > 0:
                            gain(s, p, t, ADV_GAIN[adv, t] * s["cnt"][adv])
        # register 1 of a body: EVOKE's civilization card; ADVANCE's mode (the conquest's free ADVANCE may be
        # declined: 2.2 SETTLE "he may immediately take", R47)
        if a == EVOKE:
            return call(s, fi, 4, BODY[a], p, r[3], 0, 0)
        mode = ADVANCE_MODE_FREE if a == ADVANCE and r[1] else ADVANCE_MODE_ACTION
        return call(s, fi, 4, BODY[a], p, mode, 0, 0)
    return RET


# ------------------------------------------------------------------------------------------------ POWER
@njit
def proc_power(s, fi):
    """POWER: draw 2, Energy +1 each; each Industry may discard 1 to draw 2 (2.2.1)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    if st == 0:
        draw(s, p, 2 + s["cnt"][ENERGY])
        return goto(s, fi, 1)
    if st == 1:
        if s["cnt"][INDUSTRY] > 0 and s["hand_n"][p] > 0:
            return ask(s, fi, 2, D_INDUSTRY, p, 0, 0)
        return RET
    if s["ans_kind"] == B_SPECIAL:
        return RET
    s["cnt"][INDUSTRY] -= 1
    discard_from_hand(s, p, s["ans"])
    draw(s, p, 2)
    return goto(s, fi, 1)


# ------------------------------------------------------------------------------------------------ SETTLE
# registers: 0 player, 1 world, 2 draw afterwards, 3 conquest, 4 Government left, 5 blank's hand slot + 1 (0: new)
@njit
def proc_settle(s, fi):
    """SETTLE (2.2, R13): from the neutral line (conquest: free POWER then free ADVANCE), from a world in
    hand, a blank, or a new card; Government adds advancements; the card is drawn last."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    if st == 0:
        return ask(s, fi, 1, D_SETTLE_SOURCE, p, 0, 0)
    if st == 1:
        return _settle_source(s, fi, r, p)
    if st == 2:  # a blank or a new card: the sector is chosen before the card leaves the hand / is made
        return ask(s, fi, 3, D_WORLD_SECTOR, p, 0, 0)
    if st == 3:
        if r[5] > 0:
            c = hand_remove(s, p, r[5] - 1)
            r[2] = 1
        else:
            c = generate_card(s, WORLD)
        _make_world(s, c)
        s["c_sector"][c] = s["ans"]
        r[1] = c
        if s["cnt"][SOCIETY] == 0:
            reveal_hand(s, p)  # settling from a blank or a new card without Society reveals the hand (R13)
        return call(s, fi, 4, P_GEN_ADV, c, -1, 0, p)  # one random advancement, not circled (R13)
    if st == 4:
        add_world(s, p, r[1])
        log(s, EV_SETTLE, p, r[1], 0)
        r[4] = s["cnt"][GOVERNMENT]
        return goto(s, fi, 5)
    if st == 5:
        c = r[1]
        if r[4] > 0 and n_written(s, c) < 3:
            r[4] -= 1
            return call(s, fi, 5, P_GEN_ADV, c, -1, F_CIRCLE if n_circled(s, c) == 0 else 0, p)
        if r[2]:
            draw(s, p, 1)
        if r[3]:
            return call(s, fi, 6, P_ACTION, 0, 1, p, 0)  # conquest: a free POWER ...
        return RET
    if st == 6:
        if advance_target_exists(s, p):
            return call(s, fi, 7, P_ACTION, 3, 1, p, 0)  # ... then a free ADVANCE (if anything can take one)
        return RET
    return RET


@njit
def _settle_source(s, fi, r, p):
    if s["ans_kind"] == B_LINE:
        r[1] = s["line"][s["ans"]]
        s["line"][s["ans"]] = -1
        r[3] = 1
        return goto(s, fi, 4)
    if s["ans_kind"] == B_HAND:
        if s["c_type"][s["hand"][p, s["ans"]]] == WORLD:
            r[1] = hand_remove(s, p, s["ans"])
            r[2] = 1
            return goto(s, fi, 4)
        r[5] = s["ans"] + 1
    return goto(s, fi, 2)


@njit
def _make_world(s, c):
    s["c_type"][c] = WORLD
    s["c_era"][c] = s["era"]
    s["c_name"][c] = name_code(s)


# ------------------------------------------------------------------------------------------------ GROW
# registers: 0 player, 1 target, 2 Biology left
@njit
def proc_grow(s, fi):
    """GROW: 2 cubes in one of your sectors with fewer than 5, Genetics +2 there, each Biology 1 cube in
    another different sector (2.2, R27)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    if st == 0:
        return ask(s, fi, 1, D_GROW_TARGET, p, 0, 0)
    if st == 1:
        x = s["ans"]
        add_cubes(s, x, p, 4 if s["cnt"][GENETICS] > 0 else 2)
        r[1] = x
        r[2] = s["cnt"][BIOLOGY]
        return goto(s, fi, 2)
    if st == 2:
        if r[2] > 0:
            for y in range(FIRST_SECTOR, N_SECTORS):
                if y != r[1] and s["mark"][y] == 0 and own_with_room(s, p, y):
                    return ask(s, fi, 3, D_BIOLOGY, p, r[1], 0)
        return RET
    if s["ans_kind"] == B_SPECIAL:
        return RET
    y = s["ans"]
    add_cubes(s, y, p, 1)
    s["mark"][y] = 1
    r[2] -= 1
    return goto(s, fi, 2)


# ------------------------------------------------------------------------------------------------ BATTLE
# registers: 0 player, 1 pairs left, 2 Defense left, 3 from, 4 to, 5 k, 6 pairs done
@njit
def proc_battle(s, fi):
    """BATTLE (R15): pairs of (your sector, adjacent rival sector); k of yours for k of theirs, Defense removes
    more free, Military adds pairs; with no rival adjacent, +1 on a track."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    if st == 0:
        if not any_rival_adjacent(s, p):
            return ask(s, fi, 9, D_TRACK_GAIN, p, 0, 0)
        r[1] = 1 + s["cnt"][MILITARY]
        r[2] = s["cnt"][DEFENSE]
        return goto(s, fi, 1)
    if st == 9:
        gain(s, p, s["ans"], 1)
        return RET
    if st == 1:
        if r[1] == 0:
            return RET
        for x in range(FIRST_SECTOR, N_SECTORS):
            if battle_source_fresh(s, p, x):
                return ask(s, fi, 2, D_BATTLE_FROM, p, r[6], 0)
        return RET
    if st == 2:
        if s["ans_kind"] == B_SPECIAL:
            return RET
        r[3] = s["ans"]
        return ask(s, fi, 3, D_BATTLE_TO, p, r[3], 0)
    if st == 3:
        r[4] = s["ans"]
        return ask(s, fi, 4, D_BATTLE_COUNT, p, 1, min(s["cubes"][r[3]], s["cubes"][r[4]]))
    if st == 4:
        r[5] = s["ans"]
        left = s["cubes"][r[4]] - r[5]
        if r[2] > 0 and left > 0:
            return ask(s, fi, 5, D_BATTLE_DEFENSE, p, 0, min(r[2], left))
        return _battle_pair(s, fi, r, 0)
    return _battle_pair(s, fi, r, s["ans"])


@njit
def _battle_pair(s, fi, r, d):
    src, dst, k = r[3], r[4], r[5]
    for dd in range(6):
        if NEIGH[dst, dd] == src:
            s["mark"][dst] |= 1 << dd
    r[2] -= d
    remove_cubes(s, dst, k + d)
    remove_cubes(s, src, k)  # the player may deplete his own sector (2.2 BATTLE)
    r[1] -= 1
    r[6] += 1
    return goto(s, fi, 1)


# ------------------------------------------------------------------------------------------------ EXPAND
# registers: 0 player, 1 source, 2 Spacecraft left, 3 last destination, 4 stage after the wonder check
@njit
def proc_expand(s, fi):
    """EXPAND (R16): move cubes from a sector with 2+ to one within 1+FTL steps, each Spacecraft 1 more cube to
    another destination; entering an empty wonder sector allows its effect for a card of its suit."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    if st == 0:
        return ask(s, fi, 1, D_EXPAND_FROM, p, 0, 0)
    if st == 1:
        r[1] = s["ans"]
        return ask(s, fi, 2, D_EXPAND_TO, p, r[1], 0)
    if st == 2:
        r[3] = s["ans"]
        hi = min(s["cubes"][r[1]] - 1, MAX_CUBES - s["cubes"][r[3]])
        return ask(s, fi, 3, D_EXPAND_COUNT, p, 1, hi)
    if st == 3:
        r[2] = s["cnt"][SPACECRAFT]
        return _expand_move(s, fi, r, p, s["ans"])
    if st == 4:  # wonder check for the last destination
        x = r[3]
        for i in range(s["hand_n"][p]):
            if s["c_suit"][s["hand"][p, i]] == s["wonder_suit"][x]:
                return ask(s, fi, 5, D_WONDER_USE, p, x, 0)
        return goto(s, fi, 6)
    if st == 5:
        if s["ans_kind"] == B_HAND:
            c = discard_from_hand(s, p, s["ans"])
            use_wonder(s, p, r[3], s["c_num"][c])
        return goto(s, fi, 6)
    if st == 6:
        if r[2] > 0 and s["cubes"][r[1]] >= 2:
            for y in range(FIRST_SECTOR, N_SECTORS):
                if s["mark"][y] == 0 and expand_dest_ok(s, p, r[1], y, 1 + s["cnt"][FTL]):
                    return ask(s, fi, 7, D_SPACECRAFT, p, r[1], 0)
        return RET
    if s["ans_kind"] == B_SPECIAL:
        return RET
    r[2] -= 1
    r[3] = s["ans"]
    return _expand_move(s, fi, r, p, 1)


@njit
def _expand_move(s, fi, r, p, n):
    x = r[3]
    was_empty = s["cubes"][x] == 0
    move_cubes(s, r[1], x, p, n)
    s["mark"][x] = 1
    if was_empty and s["wonder"][x] >= 0:
        return goto(s, fi, 4)
    return goto(s, fi, 6)


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


# ------------------------------------------------------------------------------------------------ PLAN
@njit
def proc_plan(s, fi):
    """PLAN (R12): choose a suit, one discard gives the number, discard the hand, the new card goes to hand;
    the action phase ends."""
    p = s["f_reg"][fi, 0]
    if s["f_stage"][fi] == 0:
        return ask(s, fi, 1, D_PLAN_SUIT, p, 0, 0)
    suit = s["ans"]
    num = random_number(s)
    discard_hand(s, p)
    hand_add(s, p, new_card(s, num, suit, BLANK))
    s["n_acts"] = 2
    return RET


# ------------------------------------------------------------------------------------------------ start phase
# P_START_ADV registers: 0 player, 1 advancement, 2 Exploration source
@njit
def proc_start_adv(s, fi):
    """Computation: draw 1 then discard 1. Economy: -1 track, draw 2. Infrastructure: -1 track, an upkeep cube
    on the homeworld or a tech. Exploration: -1 track, 1 cube into an adjacent empty sector (2.1, R9)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p, a = r[0], r[1]
    if st == 0:
        if a == COMPUTATION:
            draw(s, p, 1)
            return goto(s, fi, 1)
        return ask(s, fi, 3, D_PAY_TRACK, p, a, 0)
    if st == 1:
        if s["hand_n"][p] > 0:
            return ask(s, fi, 2, D_DISCARD, p, 0, 0)
        return RET
    if st == 2:
        discard_from_hand(s, p, s["ans"])
        return RET
    if st == 3:
        reduce(s, p, s["ans"], 1)
        if a == ECONOMY:
            draw(s, p, 2)
            return RET
        return goto(s, fi, 4)
    if st == 4:
        if a == EXPLORATION:
            return ask(s, fi, 6, D_EXPLORE_FROM, p, 0, 0)
        return ask(s, fi, 5, D_INFRA_TARGET, p, 0, 0)
    if st == 5:
        c = slot_card(s, p, s["ans"])
        s["c_upkeep"][c] = min(3, s["c_upkeep"][c] + 1)
        log(s, EV_UPKEEP, p, c, s["c_upkeep"][c])
        return RET
    if st == 6:
        r[2] = s["ans"]
        return ask(s, fi, 7, D_EXPLORE_TO, p, r[2], 0)
    move_cubes(s, r[2], s["ans"], p, 1)
    return RET

