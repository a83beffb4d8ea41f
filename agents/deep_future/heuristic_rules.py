"""The compiled scoring rules of the heuristic agent (see :mod:`agents.deep_future.heuristic` for the strategy in
words).

``choose(s, r)`` scores every legal action of the pending decision of state record ``s`` and returns the best,
ties broken with the generator words ``r``. Everything here reads only what the deciding player can see: his
hand, his tableau, the map, the tracks, the neutral line and the pending decision's context.
"""

from __future__ import annotations

import numpy as np

from df_env.games.deep_future.engine._jit import njit
from df_env.games.deep_future.engine.kernels import R_BATTLE_FROM, R_EXPAND_SOURCE, R_GEN_SUIT
from df_env.games.deep_future.engine.legality.queries import (
    evoke_ok,
    line_settle_ok,
    slot_card,
    tableau_count,
    tech_target_exists,
)
from df_env.games.deep_future.engine.model.constants import (
    ADV_ACTION,
    ADV_GAIN,
    ADVANCE,
    BATTLE,
    CIV,
    COMPUTATION,
    CULTURE,
    ECONOMY,
    EVOKE,
    EXPAND,
    EXPLORATION,
    FAIL,
    FIRST_SECTOR,
    GROW,
    HISTORY,
    INFRASTRUCTURE,
    MAX_TECHS,
    N_ACTIONS_KINDS,
    N_SECTORS,
    NEIGH,
    PHYSICS,
    PLAN,
    POWER,
    SETTLE,
    TECH,
    WORLD,
)
from df_env.games.deep_future.engine.model.decisions import NUM_DECISIONS, table_dispatch
from df_env.games.deep_future.engine.model.layout import (
    B_ACTION,
    B_ADV,
    B_HAND,
    B_LINE,
    B_NUMBER,
    B_SPECIAL,
    B_SUIT,
    BLOCK_START,
    CHEM_SUIT,
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
    D_WONDER_USE,
    D_WORLD_SECTOR,
    KEEP,
    PASS,
    TECH_SLOT0,
    WORLD_SLOT0,
)
from df_env.games.deep_future.engine.model.rng import below
from df_env.games.deep_future.engine.rules.board import can_pay_track, controls
from df_env.games.deep_future.engine.rules.cards import has_written_suit, is_complete_tech, n_circled, n_written

NEG = -1.0e9
END_ACTIONS = N_ACTIONS_KINDS  # score_action's code for PASS at D_ACTION (end the action phase): after the 8 actions

# How much the heuristic wants each advancement (index 6 * suit + number - 1) on a card it keeps: track gains on
# the actions it takes often (ADVANCE, POWER, GROW) first, Culture above the others, then start-phase helpers.
ADV_VALUE = np.array([
    5.0, 7.0, 3.0, 3.0, 4.0, 6.0,  # sun: Computation Engineering Communication Weapons Industry Energy
    8.0, 4.0, 7.0, 9.0, 3.5, 3.0,  # moon: Art Leisure Philosophy Literature Government Society
    4.0, 6.0, 3.0, 3.5, 3.5, 4.5,  # heart: Infrastructure Labor Machinery Medicine Biology Genetics
    2.0, 5.0, 3.5, 3.0, 3.0, 4.0,  # skull: History Education Ecology Astronomy Chemistry Physics
    5.0, 3.0, 5.0, 6.0, 2.0, 2.5,  # hand: Economy Diplomacy Agriculture Construction Military Defense
    2.0, 3.0, 6.0, 7.0, 2.5, 2.0,  # foot: Exploration Religion Empire Devices Spacecraft FTL
])
SUIT_BEST = np.array([ADV_VALUE[6 * k:6 * k + 6].max() for k in range(6)])
SUIT_MEAN = np.array([ADV_VALUE[6 * k:6 * k + 6].mean() for k in range(6)])
FAIL_TRACK = np.array([FAIL[k, 0, 0] for k in range(6)])  # the track a failed challenge of each suit hits first
FAIL_COST = 9.0  # what failing a challenge costs, in "hand card" units (about 3 track steps, maybe rivals)


# ------------------------------------------------------------------------------------------------ the player
@njit
def home_sector(s, p):
    h = s["home"][p]
    return -1 if h < 0 else s["c_sector"][h]


@njit
def complete_techs(s, p):
    n = 0
    for i in range(s["techs_n"][p]):
        if is_complete_tech(s, s["techs"][p, i]):
            n += 1
    return n


@njit
def needs_advancements(s, p):
    """The tableau is not yet ready for victory: homeworld below 3 or fewer than 3 complete techs."""
    h = s["home"][p]
    return (h >= 0 and n_written(s, h) < 3) or complete_techs(s, p) < 3


# ADVANCE can write on a tech: a new one while the tech row has room, or an incomplete one (R14, R41).
has_advance_target = tech_target_exists


@njit
def track_safety(s, p):
    """The lowest of Might, Stability and Xeno (the tracks with a cross at -6)."""
    return min(s["tracks"][p, 1], s["tracks"][p, 2], s["tracks"][p, 3])


@njit
def hand_suit_count(s, p, suit):
    n = 0
    for i in range(s["hand_n"][p]):
        if s["c_suit"][s["hand"][p, i]] == suit:
            n += 1
    return n


@njit
def upkeep_suit(s, p, suit):
    """Some homeworld or tech of p has a written advancement of ``suit`` (cards of that suit pay upkeep)."""
    h = s["home"][p]
    if h >= 0 and has_written_suit(s, h, suit):
        return True
    for i in range(s["techs_n"][p]):
        if has_written_suit(s, s["techs"][p, i], suit):
            return True
    return False


@njit
def card_value(s, p, c):
    """How much p wants to keep hand card c (spend the cheapest first)."""
    t = s["c_type"][c]
    v = 1.0
    if t == CIV:
        v = 8.0 if evoke_ok(s, p, c) else 1.5
    elif t == TECH and is_complete_tech(s, c):
        v = 5.0
    elif t == WORLD:
        v = 3.0 if controls(s, p, s["c_sector"][c]) else 1.2
    suit = s["c_suit"][c]
    if upkeep_suit(s, p, suit):
        v += 0.6
    v -= 0.3 * (hand_suit_count(s, p, suit) - 1)
    if suit_cover(s, p, suit) <= 1:  # the last answer to a challenge of this suit
        v += 0.8 + 0.4 * max(0, 2 - s["tracks"][p, FAIL_TRACK[suit]])
    return v


@njit
def suit_cover(s, p, suit):
    """How many challenges of ``suit`` p can meet now: hand cards, upkeep cubes, settled worlds (R19)."""
    n = hand_suit_count(s, p, suit)
    h = s["home"][p]
    if h >= 0 and has_written_suit(s, h, suit):
        n += s["c_upkeep"][h]
    for i in range(s["techs_n"][p]):
        c = s["techs"][p, i]
        if has_written_suit(s, c, suit):
            n += s["c_upkeep"][c]
    for i in range(s["worlds_n"][p]):
        if has_written_suit(s, s["worlds"][p, i], suit):
            n += 1
    return n


@njit
def gain_value(s, p, t, k):
    """Worth of raising track t by k: a track near its cross is worth more; a full track nothing."""
    v = s["tracks"][p, t]
    if t == CULTURE:
        return 0.9 * min(k, 12 - v)
    room = min(k, 6 - v)
    w = 1.0 + max(0, 1 - v) * 0.4
    return w * room


@njit
def action_gains(s, p, a):
    """Track gains the tableau gives automatically when p takes action a (R11), valued."""
    total = 0.0
    for adv in range(36):
        if ADV_ACTION[adv] == a:
            n = tableau_count(s, p, adv)
            if n > 0:
                for t in range(4):
                    if ADV_GAIN[adv, t] > 0:
                        total += gain_value(s, p, t, ADV_GAIN[adv, t] * n)
    return total


@njit
def rival_cubes_near(s, p, x):
    """Rival cubes (neutral or another player's) in the sectors adjacent to x."""
    n = 0
    for d in range(6):
        y = NEIGH[x, d]
        if y > 0 and s["cubes"][y] > 0 and s["owner"][y] != p:
            n += s["cubes"][y]
    return n


@njit
def empty_neighbours(s, x):
    n = 0
    for d in range(6):
        y = NEIGH[x, d]
        if y > 0 and s["cubes"][y] == 0:
            n += 1
    return n


@njit
def line_world_at(s, x):
    for k in range(6):
        w = s["line"][k]
        if w >= 0 and s["c_sector"][w] == x:
            return True
    return False


@njit
def cheapest_payer(s, p, suit):
    """Value of the cheapest hand card of ``suit`` (a large number if none)."""
    best = 99.0
    for i in range(s["hand_n"][p]):
        c = s["hand"][p, i]
        if s["c_suit"][c] == suit:
            best = min(best, card_value(s, p, c))
    return best


# ------------------------------------------------------------------------------------------------ action phase
@njit
def score_action(s, p, a):
    """D_ACTION: which of the eight actions (POWER .. EVOKE), or END_ACTIONS (end the phase)."""
    need = needs_advancements(s, p)
    hand = s["hand_n"][p]
    hs = home_sector(s, p)
    if a == END_ACTIONS:
        return 1.0 + (3.0 if hand <= 2 else 0.0)
    if a == PLAN:  # only with nothing in hand
        return 2.0 if hand == 0 else -5.0
    if a == EVOKE:
        return 9.0
    base = 0.0
    if a == ADVANCE:
        if not has_advance_target(s, p):
            return NEG  # (a full tech row: the engine would still draw a tech from the deck)
        base = 10.0 if need else -2.0
    elif a == SETTLE:
        base = 3.0
        for k in range(6):
            if line_settle_ok(s, p, k) and has_advance_target(s, p):  # a conquest brings a free ADVANCE
                base = 12.0
    elif a == POWER:
        base = 8.0 if hand <= 2 else 3.0
    elif a == GROW:
        base = 3.0
        if hs >= 0 and s["cubes"][hs] <= 2:
            base = 7.0
        elif hs >= 0 and s["cubes"][hs] < 5 and rival_cubes_near(s, p, hs) > 0:
            base = 5.0
    elif a == BATTLE:
        base = score_battle_action(s, p, hs)
    elif a == EXPAND:
        base = 4.0
    cost = cheapest_payer(s, p, a) if a < PLAN else 1.0  # the six actions paid with a card (Table 1)
    return base + 0.8 * action_gains(s, p, a) - 0.5 * min(cost, 10.0)


@njit
def score_battle_action(s, p, hs):
    """BATTLE is worth it to clear rivals next to the homeworld, to open a neutral world for conquest, or,
    with no rival adjacent at all, for +1 on a low track."""
    any_rival = False
    best = 1.0
    for x in range(FIRST_SECTOR, N_SECTORS):
        if not controls(s, p, x):
            continue
        for d in range(6):
            y = NEIGH[x, d]
            if y > 0 and s["cubes"][y] > 0 and s["owner"][y] != p:
                any_rival = True
                if x == hs and s["cubes"][x] >= 2:
                    best = max(best, 5.0)
                if line_world_at(s, y) and s["cubes"][x] > s["cubes"][y]:
                    best = max(best, 6.0)
    if not any_rival:
        return 6.0 if track_safety(s, p) <= -2 else 3.0
    return best


@njit
def score_start(s, p, b, i):
    """D_START: free Computation always; Economy and Infrastructure when a track can spare a step; History
    last."""
    if b == B_SPECIAL:
        return 2.0
    if b != B_ADV:  # hand techs and settled worlds are kept for later
        return -1.0
    spare = spare_track(s, p)
    if i == COMPUTATION:
        return 5.0
    if i == ECONOMY:
        return 4.0 if spare >= 0 else -1.0
    if i == INFRASTRUCTURE:
        return 3.0 if spare >= 0 else -1.0
    if i == EXPLORATION:
        return 1.0 if spare >= 0 and track_safety(s, p) >= 2 else -1.0
    if i == HISTORY:  # free; after the draws, so that it shows the deck the actions will draw from (R42)
        return 2.5
    return -1.0


@njit
def spare_track(s, p):
    """The track p should pay a step with, or -1 when none can spare one safely."""
    best = -1
    best_v = -99.0
    for t in range(4):
        if not can_pay_track(s, p, t):
            continue
        v = s["tracks"][p, t]
        margin = v - 3.0 if t == CULTURE else v - 1.0
        if margin >= 0 and margin > best_v:
            best = t
            best_v = margin
    return best


@njit
def score_pay_track(s, p, t):
    v = s["tracks"][p, t]
    return v - 3.0 if t == CULTURE else float(v)


# ------------------------------------------------------------------------------------------------ advancing
@njit
def score_advance_target(s, p, b, i):
    """Homeworld first (no upkeep), then the most advanced incomplete tech, a new tech from the deck while fewer
    than three techs are under way, settled worlds last."""
    if b == B_SPECIAL and i == PASS:  # declining a conquest's free ADVANCE (R47): only when nothing else is good
        return 0.5
    if b == B_SPECIAL:  # DECK
        if s["techs_n"][p] >= MAX_TECHS:
            return NEG  # (the engine offers DECK even with a full tech row)
        return 7.0 if s["techs_n"][p] - complete_techs(s, p) == 0 and complete_techs(s, p) < 3 else 1.0
    c = slot_card(s, p, i)
    w = n_written(s, c)
    if i < TECH_SLOT0:  # the homeworld
        return 12.0
    if i < WORLD_SLOT0:
        return 6.0 + 2.0 * w
    return 0.5


@njit
def score_circle(s, suit, b, i):
    if b == B_NUMBER:
        return ADV_VALUE[6 * suit + i]
    return SUIT_MEAN[suit] + 0.5  # generating keeps the circle for a later, better suit


@njit
def score_tech_line(s, p, c, suit):
    if n_circled(s, c) < 1 + tableau_count(s, p, PHYSICS):
        return SUIT_BEST[suit]
    return SUIT_MEAN[suit]


@njit
def score_chem(s, b, i):
    """Keep a drawn value unless it is below the average; the top frame holds what was drawn."""
    kind = s["ctx"][0]
    value = s["ctx"][1]
    if kind == CHEM_SUIT:
        good = SUIT_MEAN[value] >= 4.0
    else:
        suit = s["f_reg"][s["sp"] - 1, R_GEN_SUIT]  # a redrawn number: proc_gen_adv asks
        good = 0 <= suit < 6 and ADV_VALUE[6 * suit + value - 1] >= SUIT_MEAN[suit]
    keep = i == KEEP
    return 1.0 if keep == good else 0.0


# ------------------------------------------------------------------------------------------------ map
@njit
def score_sector_own(s, p, x):
    """GROW / EVOKE cubes / Biology: the homeworld sector until it is safe, then threatened sectors."""
    hs = home_sector(s, p)
    v = -0.3 * s["cubes"][x] + 0.5 * min(rival_cubes_near(s, p, x), 4)
    if x == hs:
        v += 3.0 if s["cubes"][x] < 4 else 1.0
    return v


@njit
def score_empty_target(s, p, x):
    """A new sector to occupy: room to grow further, wonders, neutral worlds for later conquest."""
    v = 3.0 + 0.3 * empty_neighbours(s, x)
    if s["wonder"][x] >= 0:
        v += 2.0
    v -= 0.4 * min(rival_cubes_near(s, p, x), 5)
    return v


@njit
def score_expand_to(s, p, x):
    if s["cubes"][x] == 0:
        return score_empty_target(s, p, x)
    return 0.5


@njit
def score_expand_count(s, k):
    """Move about half of the source's cubes, read in the asking procedure's frame. FOOT_COUNT shares this scorer
    and so reads R_EXPAND_SOURCE in EVOKE's frame, which holds the civilization card there, not the foot's source
    (R_EVOKE_SOURCE): a known slip, kept here so that games stay the same until it is fixed on its own."""
    src = s["f_reg"][s["sp"] - 1, R_EXPAND_SOURCE]
    have = s["cubes"][src] if 0 < src < N_SECTORS else 2
    return -abs(k - have // 2)


@njit
def score_battle_to(s, p, y):
    v = 5.0 - s["cubes"][y]
    if line_world_at(s, y):
        v += 3.0
    hs = home_sector(s, p)
    for d in range(6):
        if NEIGH[y, d] == hs and hs > 0:
            v += 2.0
    return v


@njit
def score_battle_count(s, k):
    src = s["f_reg"][s["sp"] - 1, R_BATTLE_FROM]  # proc_battle asks
    have = s["cubes"][src] if 0 < src < N_SECTORS else 1
    return float(k) if k < have else k - 5.0


@njit
def score_world_sector(s, p, x):
    v = 0.3 * s["cubes"][x]
    if x != home_sector(s, p):
        v += 3.0
    for i in range(s["worlds_n"][p]):
        if s["c_sector"][s["worlds"][p, i]] == x:
            v -= 2.0
            break
    return v


@njit
def score_track_gain(s, p, t):
    v = s["tracks"][p, t]
    if t == CULTURE:
        return 1.0 - v / 12.0 + (1.0 if track_safety(s, p) >= 2 else -2.0)
    return 4.0 - v


# ------------------------------------------------------------------------------------------------ cards
@njit
def score_spend(s, p, i):
    """Paying with hand slot i (action, upkeep, discard): the less the card is worth, the better."""
    return -card_value(s, p, s["hand"][p, i])


@njit
def score_challenge(s, p, b, i):
    """Meet a challenge as cheaply as possible: an upkeep cube, a hand card, a settled world; fail last."""
    if b == B_SPECIAL:
        return -FAIL_COST - 2.0 * max(0, 1 - track_safety(s, p))
    if b == B_HAND:
        return -card_value(s, p, s["hand"][p, i])
    c = slot_card(s, p, i)
    if i < WORLD_SLOT0:
        return -0.8 + 0.2 * s["c_upkeep"][c]
    return -4.0 - n_written(s, c)


@njit
def score_upkeep_card(s, p, b, i):
    if b == B_SPECIAL:
        return 0.0
    c = slot_card(s, p, i)
    return 5.0 - 0.3 * s["c_upkeep"][c]


@njit
def score_settle_source(s, p, b, i):
    if b == B_LINE:
        w = s["line"][i]
        return 12.0 + n_written(s, w)
    if b == B_HAND:
        c = s["hand"][p, i]
        return 6.0 + n_written(s, c) if s["c_type"][c] == WORLD else 5.0
    return 4.0


@njit
def score_home_pick(s, i):
    c = s["reveal"][i]
    v = 3.0 * n_written(s, c)
    for k in range(3):
        if s["c_slot_num"][c, k] > 0:
            v += ADV_VALUE[6 * s["c_slot_suit"][c, k] + s["c_slot_num"][c, k] - 1] / 3.0
    x = s["c_sector"][c]
    v += 0.3 * empty_neighbours(s, x)
    v -= 0.2 * rival_cubes_near(s, -1, x)
    return v


@njit
def score_plan_suit(s, p, suit):
    return (2.0 if upkeep_suit(s, p, suit) else 0.0) - hand_suit_count(s, p, suit)


@njit
def score_rehome(s, p, i):
    c = slot_card(s, p, i)
    x = s["c_sector"][c]
    return n_written(s, c) + 0.3 * s["cubes"][x]


# ------------------------------------------------------------------------------------------------ dispatch
# The scorer of each decision kind, all as f(s, p, b, i): score dispatches on the kind by a table (table_dispatch).
@njit
def _s_action(s, p, b, i):
    return score_action(s, p, i if b == B_ACTION else END_ACTIONS)


@njit
def _s_spend(s, p, b, i):
    return score_spend(s, p, i)


@njit
def _s_industry(s, p, b, i):
    return 0.0 if b == B_SPECIAL else 2.0 - card_value(s, p, s["hand"][p, i])


@njit
def _s_wonder_use(s, p, b, i):
    return 0.0 if b == B_SPECIAL else 4.0 - card_value(s, p, s["hand"][p, i])


@njit
def _s_boost(s, p, b, i):
    return 1.0 if b == B_SPECIAL else 0.0


@njit
def _s_circle(s, p, b, i):
    return score_circle(s, s["ctx"][1], b, i)


@njit
def _s_tech_line(s, p, b, i):
    return score_tech_line(s, p, s["ctx"][0], i)


@njit
def _s_pick_line_suit(s, p, b, i):
    return SUIT_BEST[i] if b == B_SUIT else 4.0


@njit
def _s_chem(s, p, b, i):
    return score_chem(s, b, i)


@njit
def _s_pay_track(s, p, b, i):
    return score_pay_track(s, p, i)


@njit
def _s_track_gain(s, p, b, i):
    return score_track_gain(s, p, i)


@njit
def _s_infra_target(s, p, b, i):
    c = slot_card(s, p, i)
    return n_written(s, c) - s["c_upkeep"][c]


@njit
def _s_world_sector(s, p, b, i):
    return score_world_sector(s, p, i)


@njit
def _s_sector_own(s, p, b, i):
    return score_sector_own(s, p, i)


@njit
def _s_biology(s, p, b, i):
    return 0.0 if b == B_SPECIAL else 1.0 + score_sector_own(s, p, i)


@njit
def _s_source(s, p, b, i):
    return s["cubes"][i] - (1.5 if i == home_sector(s, p) else 0.0)


@njit
def _s_expand_to(s, p, b, i):
    return score_expand_to(s, p, i)


@njit
def _s_spacecraft(s, p, b, i):
    return 0.0 if b == B_SPECIAL else score_expand_to(s, p, i) - 1.0


@njit
def _s_empty_target(s, p, b, i):
    return score_empty_target(s, p, i)


@njit
def _s_expand_count(s, p, b, i):
    return score_expand_count(s, i)


@njit
def _s_battle_from(s, p, b, i):
    return 0.5 if b == B_SPECIAL else float(s["cubes"][i])


@njit
def _s_battle_to(s, p, b, i):
    return score_battle_to(s, p, i)


@njit
def _s_battle_count(s, p, b, i):
    return score_battle_count(s, i)


@njit
def _s_battle_defense(s, p, b, i):
    return float(i)


@njit
def _s_plan_suit(s, p, b, i):
    return score_plan_suit(s, p, i)


@njit
def _s_home_pick(s, p, b, i):
    return score_home_pick(s, i)


@njit
def _s_rehome(s, p, b, i):
    return score_rehome(s, p, i)


@njit
def _s_any(s, p, b, i):
    return 0.0  # VICTORY, CIV_SUIT, WONDER_SUIT: any legal choice (ties broken at random)


SCORERS = {
    D_ACTION: _s_action, D_START: score_start, D_CHALLENGE: score_challenge, D_UPKEEP_CARD: score_upkeep_card,
    D_PAY: _s_spend, D_UPKEEP_PAY: _s_spend, D_DISCARD: _s_spend, D_INDUSTRY: _s_industry,
    D_WONDER_USE: _s_wonder_use, D_BOOST: _s_boost, D_ADVANCE_TARGET: score_advance_target, D_CIRCLE: _s_circle,
    D_TECH_LINE: _s_tech_line, D_PICK_LINE_SUIT: _s_pick_line_suit, D_CHEM: _s_chem, D_PAY_TRACK: _s_pay_track,
    D_TRACK_GAIN: _s_track_gain, D_INFRA_TARGET: _s_infra_target, D_SETTLE_SOURCE: score_settle_source,
    D_WORLD_SECTOR: _s_world_sector, D_GROW_TARGET: _s_sector_own, D_EVOKE_OWN: _s_sector_own,
    D_BIOLOGY: _s_biology, D_EXPAND_FROM: _s_source, D_EXPLORE_FROM: _s_source, D_FOOT_FROM: _s_source,
    D_EXPAND_TO: _s_expand_to, D_FOOT_TO: _s_expand_to, D_SPACECRAFT: _s_spacecraft, D_EXPLORE_TO: _s_empty_target,
    D_EVOKE_EMPTY: _s_empty_target, D_EXPAND_COUNT: _s_expand_count, D_FOOT_COUNT: _s_expand_count,
    D_BATTLE_FROM: _s_battle_from, D_BATTLE_TO: _s_battle_to, D_EVOKE_RIVAL: _s_battle_to,
    D_BATTLE_COUNT: _s_battle_count, D_BATTLE_DEFENSE: _s_battle_defense, D_PLAN_SUIT: _s_plan_suit,
    D_HOME_PICK: _s_home_pick, D_REHOME: _s_rehome,
}
_score = njit(table_dispatch("_score", "s, p, b, i", [SCORERS.get(k, "") for k in range(NUM_DECISIONS)], globals(),
                             default="_s_any"))


@njit
def score(s, p, dk, b, i):
    """The heuristic's score of choice ``i`` of block ``b`` for decision ``dk`` of player p (higher is better)."""
    return _score(dk, s, p, b, i)


@njit
def decode(action):
    b = 0
    while b + 1 < BLOCK_START.shape[0] and action >= BLOCK_START[b + 1]:
        b += 1
    return b, action - BLOCK_START[b]


@njit
def choose(s, r):
    """The heuristic's action for the pending decision of record ``s`` (-1 if the game is over); ties are
    broken uniformly at random with generator words ``r``."""
    p = s["dplayer"]
    dk = s["dk"]
    best = NEG
    n_best = 0
    pick = -1
    for a in range(s["mask"].shape[0]):
        if not s["mask"][a]:
            continue
        b, i = decode(a)
        v = score(s, p, dk, b, i)
        if v > best + 1e-9:
            best = v
            n_best = 1
            pick = a
        elif v > best - 1e-9:
            n_best += 1
            if below(r, n_best) == 0:  # reservoir sampling among equal scores
                pick = a
    return pick



@njit
def choose_arr(a, r):
    """:func:`choose` on ``a[0]`` (the way Python passes a state record to compiled code)."""
    return choose(a[0], r)
