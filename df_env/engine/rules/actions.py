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
    POWER,
    SOCIETY,
    SPACECRAFT,
    WORLD,
)
from ..model.events import (
    DISCARD_FROM_TABLEAU,
    EV_ACTION,
    EV_SETTLE,
    EV_UPKEEP,
    EV_WONDER,
    log,
)
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


# ------------------------------------------------------------------------------------------------ POWER
# P_POWER stages and registers
POWER_DRAW, POWER_ASK_INDUSTRY, POWER_INDUSTRY = range(3)
R_POWER_PLAYER = 0


@njit
def proc_power(s, fi):
    """POWER: draw 2, Energy +1 each; each Industry may discard 1 to draw 2 (2.2.1)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_POWER_PLAYER]
    if st == POWER_DRAW:
        draw(s, p, 2 + s["cnt"][ENERGY])
        return goto(s, fi, POWER_ASK_INDUSTRY)
    if st == POWER_ASK_INDUSTRY:
        if s["cnt"][INDUSTRY] > 0 and s["hand_n"][p] > 0:
            return ask(s, fi, POWER_INDUSTRY, D_INDUSTRY, p, 0, 0)
        return RET
    # POWER_INDUSTRY
    if s["ans_kind"] == B_SPECIAL:
        return RET
    s["cnt"][INDUSTRY] -= 1
    discard_from_hand(s, p, s["ans"])
    draw(s, p, 2)
    return goto(s, fi, POWER_ASK_INDUSTRY)


# ------------------------------------------------------------------------------------------------ SETTLE
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
        _make_world(s, c)
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
        if r[R_SETTLE_GOVERNMENT] > 0 and n_written(s, c) < 3:
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
def _make_world(s, c):
    s["c_type"][c] = WORLD
    s["c_era"][c] = s["era"]
    s["c_name"][c] = name_code(s)


# ------------------------------------------------------------------------------------------------ GROW
# P_GROW stages and registers: the player, the target sector, Biology left
GROW_ASK, GROW_PLACE, GROW_ASK_BIOLOGY, GROW_BIOLOGY = range(4)
R_GROW_PLAYER, R_GROW_TARGET, R_GROW_BIOLOGY = range(3)


@njit
def proc_grow(s, fi):
    """GROW: 2 cubes in one of your sectors with fewer than 5, Genetics +2 there, each Biology 1 cube in
    another different sector (2.2, R27)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_GROW_PLAYER]
    if st == GROW_ASK:
        return ask(s, fi, GROW_PLACE, D_GROW_TARGET, p, 0, 0)
    if st == GROW_PLACE:
        x = s["ans"]
        add_cubes(s, x, p, 4 if s["cnt"][GENETICS] > 0 else 2)
        r[R_GROW_TARGET] = x
        r[R_GROW_BIOLOGY] = s["cnt"][BIOLOGY]
        return goto(s, fi, GROW_ASK_BIOLOGY)
    if st == GROW_ASK_BIOLOGY:
        if r[R_GROW_BIOLOGY] > 0:
            for y in range(FIRST_SECTOR, N_SECTORS):
                if y != r[R_GROW_TARGET] and s["mark"][y] == 0 and own_with_room(s, p, y):
                    return ask(s, fi, GROW_BIOLOGY, D_BIOLOGY, p, r[R_GROW_TARGET], 0)
        return RET
    # GROW_BIOLOGY
    if s["ans_kind"] == B_SPECIAL:
        return RET
    y = s["ans"]
    add_cubes(s, y, p, 1)
    s["mark"][y] = 1
    r[R_GROW_BIOLOGY] -= 1
    return goto(s, fi, GROW_ASK_BIOLOGY)


# ------------------------------------------------------------------------------------------------ BATTLE
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


# ------------------------------------------------------------------------------------------------ EXPAND
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


# ------------------------------------------------------------------------------------------------ PLAN
# P_PLAN stages and registers
PLAN_ASK, PLAN_SUIT = range(2)
R_PLAN_PLAYER = 0


@njit
def proc_plan(s, fi):
    """PLAN (R12): choose a suit, one discard gives the number, discard the hand, the new card goes to hand;
    the action phase ends."""
    p = s["f_reg"][fi, R_PLAN_PLAYER]
    if s["f_stage"][fi] == PLAN_ASK:
        return ask(s, fi, PLAN_SUIT, D_PLAN_SUIT, p, 0, 0)
    # PLAN_SUIT
    suit = s["ans"]
    num = random_number(s)
    discard_hand(s, p)
    hand_add(s, p, new_card(s, num, suit, BLANK))
    s["n_acts"] = 2
    return RET


# ------------------------------------------------------------------------------------------------ start phase
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
        s["c_upkeep"][c] = min(3, s["c_upkeep"][c] + 1)
        log(s, EV_UPKEEP, p, c, s["c_upkeep"][c])
        return RET
    if st == START_ADV_EXPLORE_FROM:
        r[R_START_ADV_SOURCE] = s["ans"]
        return ask(s, fi, START_ADV_EXPLORE_TO, D_EXPLORE_TO, p, r[R_START_ADV_SOURCE], 0)
    # START_ADV_EXPLORE_TO
    move_cubes(s, r[R_START_ADV_SOURCE], s["ans"], p, 1)
    return RET

