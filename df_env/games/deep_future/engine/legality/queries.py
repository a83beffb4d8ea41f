"""Read-only questions about a position, shared by the legality mask and the procedures (one source of truth)."""

from __future__ import annotations

from .._jit import njit
from ..model.constants import (
    ADV_ACTION,
    ADVANCE,
    BLACK_HOLE,
    CIV,
    COMPUTATION,
    CULTURE,
    DIST,
    ECONOMY,
    EXPLORATION,
    FIRST_SECTOR,
    FTL,
    HISTORY,
    INFRASTRUCTURE,
    MAX_CUBES,
    MAX_TECHS,
    MAX_UPKEEP,
    MIGHT,
    N_LINES,
    N_SECTORS,
    NEIGH,
    NEUTRAL,
    SOCIETY,
    START,
    TECH,
    V_CULTURE,
    V_MIGHT,
    V_POPULATION,
    V_TERRITORY,
    WIN_CUBES,
    WIN_CULTURE,
    WIN_SECTORS,
    WIN_TECHS,
    WIN_TRACK,
    WORLD,
    XENO,
)
from ..model.layout import TECH_SLOT0, WORLD_SLOT0
from ..rules.board import adjacent_to_own, any_track_payable, controls, is_rival_of
from ..rules.cards import adv_of, has_written_suit, is_complete_tech, n_written


# ------------------------------------------------------------------------------------------------ tableau
@njit
def slot_card(s, p, slot):
    """Card in tableau slot ``slot`` of player p (0 homeworld, then techs, then settled worlds), or -1."""
    if slot == 0:
        return s["home"][p]
    if slot < WORLD_SLOT0:
        i = slot - TECH_SLOT0
        return s["techs"][p, i] if i < s["techs_n"][p] else -1
    i = slot - WORLD_SLOT0
    return s["worlds"][p, i] if i < s["worlds_n"][p] else -1


@njit
def tableau_count(s, p, a):
    """Instances of advancement a on the homeworld and tableau techs of player p (R10)."""
    n = 0
    h = s["home"][p]
    if h >= 0:
        for k in range(N_LINES):
            if adv_of(s, h, k) == a:
                n += 1
    for i in range(s["techs_n"][p]):
        c = s["techs"][p, i]
        for k in range(N_LINES):
            if adv_of(s, c, k) == a:
                n += 1
    return n


@njit
def card_count(s, c, a):
    n = 0
    for k in range(N_LINES):
        if adv_of(s, c, k) == a:
            n += 1
    return n


@njit
def card_has_action(s, c, act):
    """Card c carries a written advancement whose action is ``act`` (an action index or START)."""
    for k in range(N_LINES):
        a = adv_of(s, c, k)
        if a >= 0 and ADV_ACTION[a] == act:
            return True
    return False


@njit
def consumable_in_hand(s, c, act):
    """A complete tech in hand may be discarded for its advancements of action ``act`` (R10)."""
    return is_complete_tech(s, c) and card_has_action(s, c, act)


@njit
def world_consumable(s, p, c, act):
    """Settled world c may be discarded for its advancements of action ``act`` (2.2.1, R10), unless it is the
    last card ADVANCE could write on: the action could then not be carried out (R34, R44)."""
    return card_has_action(s, c, act) and (act != ADVANCE or advance_target_exists(s, p, c))


@njit
def any_consumable(s, p, act):
    for i in range(s["worlds_n"][p]):
        if world_consumable(s, p, s["worlds"][p, i], act):
            return True
    for i in range(s["hand_n"][p]):
        if consumable_in_hand(s, s["hand"][p, i], act):
            return True
    return False


@njit
def potential_count(s, p, a, exclude):
    """Instances of advancement a the player could bring to an action: tableau plus consumable cards (settled
    worlds, complete techs in hand other than ``exclude``)."""
    n = tableau_count(s, p, a)
    for i in range(s["worlds_n"][p]):
        n += card_count(s, s["worlds"][p, i], a)
    for i in range(s["hand_n"][p]):
        c = s["hand"][p, i]
        if c != exclude and is_complete_tech(s, c):
            n += card_count(s, c, a)
    return n


@njit
def home_or_tech(s, c):
    return c >= 0 and (s["c_type"][c] == TECH or s["c_type"][c] == WORLD)


# ------------------------------------------------------------------------------------------------ sectors
@njit
def owns_any_sector(s, p):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if controls(s, p, x):
            return True
    return False


@njit
def own_with_room(s, p, x):
    return controls(s, p, x) and s["cubes"][x] < MAX_CUBES


@njit
def empty_adjacent_to_own(s, p, x):
    """Exploration / Table 3 Territory target: an empty sector next to one of p's (never the black hole)."""
    return x != BLACK_HOLE and s["cubes"][x] == 0 and adjacent_to_own(s, p, x)


@njit
def rival_adjacent_to_own(s, p, x):
    return x != BLACK_HOLE and is_rival_of(s, p, x) and adjacent_to_own(s, p, x)


@njit
def any_rival_adjacent(s, p):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if rival_adjacent_to_own(s, p, x):
            return True
    return False


@njit
def expand_dest_ok(s, p, src, x, reach):
    """EXPAND destination: within reach of src, not src, not the black hole, empty or p's with room (R16)."""
    if x == BLACK_HOLE or x == src or DIST[src, x] > reach:
        return False
    if s["cubes"][x] == 0:
        return True
    return s["owner"][x] == p and s["cubes"][x] < MAX_CUBES


@njit
def expand_source_ok(s, p, x, reach):
    if not controls(s, p, x) or s["cubes"][x] < 2:
        return False
    for y in range(FIRST_SECTOR, N_SECTORS):
        if expand_dest_ok(s, p, x, y, reach):
            return True
    return False


@njit
def can_expand(s, p, reach):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if expand_source_ok(s, p, x, reach):
            return True
    return False


@njit
def explore_source_ok(s, p, x):
    if not controls(s, p, x):
        return False
    for d in range(6):
        y = NEIGH[x, d]
        if y > 0 and s["cubes"][y] == 0:
            return True
    return False


@njit
def can_explore(s, p):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if explore_source_ok(s, p, x):
            return True
    return False


@njit
def foot_dest_ok(s, p, src, x):
    """EVOKE foot destination: adjacent to src, empty or p's with room, not the black hole (R17)."""
    if x <= 0 or DIST[src, x] != 1:
        return False
    return s["cubes"][x] == 0 or (s["owner"][x] == p and s["cubes"][x] < MAX_CUBES)


@njit
def foot_source_ok(s, p, x):
    if not controls(s, p, x) or s["cubes"][x] < 3:
        return False
    n = 0
    for d in range(6):
        y = NEIGH[x, d]
        if y > 0 and foot_dest_ok(s, p, x, y):
            n += 1
    return n >= 2


@njit
def can_grow(s, p):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if own_with_room(s, p, x):
            return True
    return False


@njit
def battle_source_ok(s, p, x):
    if not controls(s, p, x):
        return False
    for d in range(6):
        y = NEIGH[x, d]
        if y > 0 and is_rival_of(s, p, y):
            return True
    return False


@njit
def battle_pair_used(s, src, dst):
    """Pairs already battled this action are marked in ``mark[dst]`` by the direction towards src."""
    for d in range(6):
        if NEIGH[dst, d] == src:
            return (s["mark"][dst] >> d) & 1 == 1
    return False


@njit
def battle_source_fresh(s, p, x):
    if not controls(s, p, x):
        return False
    for d in range(6):
        y = NEIGH[x, d]
        if y > 0 and is_rival_of(s, p, y) and not battle_pair_used(s, x, y):
            return True
    return False


# ------------------------------------------------------------------------------------------------ settle
@njit
def world_in_controlled_sector(s, p, c):
    return s["c_type"][c] == WORLD and controls(s, p, s["c_sector"][c])


@njit
def line_settle_ok(s, p, k):
    w = s["line"][k]
    return w >= 0 and controls(s, p, s["c_sector"][w])


@njit
def settle_sources(s, p, exclude, society):
    """Whether SETTLE has a source when hand card ``exclude`` is not counted (it pays) (R13).
    ``society``: a Society advancement will be applied."""
    for k in range(6):
        if line_settle_ok(s, p, k):
            return True
    if not owns_any_sector(s, p):
        return False
    if society:
        return True
    has_world = False
    for i in range(s["hand_n"][p]):
        c = s["hand"][p, i]
        if c == exclude:
            continue
        if s["c_type"][c] == WORLD:
            has_world = True
            if controls(s, p, s["c_sector"][c]):
                return True
    return not has_world  # no world in hand: a blank, or a new card


@njit
def hand_has_world(s, p):
    for i in range(s["hand_n"][p]):
        if s["c_type"][s["hand"][p, i]] == WORLD:
            return True
    return False


@njit
def hand_has_blank(s, p):
    for i in range(s["hand_n"][p]):
        if s["c_type"][s["hand"][p, i]] == 0:
            return True
    return False


# ------------------------------------------------------------------------------------------------ start phase
@njit
def start_adv_available(s, p, a):
    """An unused instance of start advancement a: tableau instances not used this turn, or granted ones (R9, R10,
    R45)."""
    return max(tableau_count(s, p, a) - s["used"][a], 0) + s["bonus"][a] > 0


@njit
def start_adv_usable(s, p, a):
    if not start_adv_available(s, p, a):
        return False
    if a == COMPUTATION:
        return True
    if a == HISTORY:  # R42: a look at the deck, when there is a deck to look at
        return s["deck_n"] > 0
    if not any_track_payable(s, p):
        return False
    if a == ECONOMY:
        return True
    if a == INFRASTRUCTURE:
        return any_upkeep_room(s, p)
    if a == EXPLORATION:
        return can_explore(s, p)
    return False


@njit
def any_upkeep_room(s, p):
    h = s["home"][p]
    if h >= 0 and s["c_upkeep"][h] < MAX_UPKEEP:
        return True
    for i in range(s["techs_n"][p]):
        if s["c_upkeep"][s["techs"][p, i]] < MAX_UPKEEP:
            return True
    return False


@njit
def consumable_for_start(s, c):
    """A settled world or complete hand tech worth consuming in the start phase: one of its start
    advancements would do something (History always shows a card; Art always raises Culture)."""
    return card_has_action(s, c, START)


# ------------------------------------------------------------------------------------------------ upkeep, challenges
@njit
def hand_pays_for(s, p, card):
    """Player p holds a card whose corner suit matches a written advancement on ``card`` (R18)."""
    for i in range(s["hand_n"][p]):
        if has_written_suit(s, card, s["c_suit"][s["hand"][p, i]]):
            return True
    return False


@njit
def upkeep_payable(s, p, c):
    return c >= 0 and s["c_paid"][c] == 0 and hand_pays_for(s, p, c)


@njit
def challenge_card_ok(s, p, slot, suit):
    """Tableau slot ``slot`` can meet a challenge of ``suit``: an upkeep cube on a homeworld/tech with a
    written advancement of that suit, or a settled world with one (R19)."""
    c = slot_card(s, p, slot)
    if c < 0 or not has_written_suit(s, c, suit):
        return False
    if slot >= WORLD_SLOT0:
        return True
    return s["c_upkeep"][c] > 0


# ------------------------------------------------------------------------------------------------ evoke, victory
@njit
def evoke_ok(s, p, c):
    return s["c_type"][c] == CIV and s["c_sector"][c] > 0 and controls(s, p, s["c_sector"][c])


@njit
def suit_counts(s, p):
    """Advancements per suit across the homeworld and complete techs (section 3)."""
    counts = [0, 0, 0, 0, 0, 0]
    h = s["home"][p]
    if h >= 0:
        for k in range(N_LINES):
            if s["c_slot_num"][h, k] > 0:
                counts[s["c_slot_suit"][h, k]] += 1
    for i in range(s["techs_n"][p]):
        c = s["techs"][p, i]
        if is_complete_tech(s, c):
            for k in range(N_LINES):
                counts[s["c_slot_suit"][c, k]] += 1
    return counts


@njit
def wonder_exists(s, v, suit):
    for x in range(N_SECTORS):
        if s["wonder"][x] == v and s["wonder_suit"][x] == suit:
            return True
    return False


@njit
def n_wonders(s):
    n = 0
    for x in range(N_SECTORS):
        if s["wonder"][x] >= 0:
            n += 1
    return n


@njit
def victory_types(s, p):
    """Bitmask of the victory conditions player p meets, 0 if none or if the tableau is not ready (3, R23)."""
    h = s["home"][p]
    if h < 0 or s["lost"][p] or n_written(s, h) < N_LINES:
        return 0
    done = 0
    for i in range(s["techs_n"][p]):
        if is_complete_tech(s, s["techs"][p, i]):
            done += 1
    if done < WIN_TECHS:
        return 0
    if s["n_players"] == 1 and not solo_worlds_ok(s, p):
        return 0
    mask = 0
    n_sec = 0
    n_cub = 0
    for x in range(FIRST_SECTOR, N_SECTORS):
        if s["owner"][x] == p and s["cubes"][x] > 0:
            n_sec += 1
            n_cub += s["cubes"][x]
    if n_sec >= WIN_SECTORS:
        mask |= 1 << V_TERRITORY
    if n_cub >= WIN_CUBES:
        mask |= 1 << V_POPULATION
    if s["tracks"][p, CULTURE] >= WIN_CULTURE:
        mask |= 1 << V_CULTURE
    for t in range(MIGHT, XENO + 1):
        if s["tracks"][p, t] >= WIN_TRACK:
            mask |= 1 << (V_MIGHT + t - MIGHT)
    return mask


@njit
def solo_worlds_ok(s, p):
    """Solo: settled worlds in min(wonders, 4) different sectors outside the homeworld's sector (R23)."""
    need = min(n_wonders(s), 4)
    if need == 0:
        return True
    hs = s["c_sector"][s["home"][p]]
    seen = 0
    n = 0
    sectors = [0] * 16
    for i in range(s["worlds_n"][p]):
        x = s["c_sector"][s["worlds"][p, i]]
        if x == hs:
            continue
        dup = False
        for j in range(n):
            if sectors[j] == x:
                dup = True
        if not dup:
            sectors[n] = x
            n += 1
            seen += 1
    return seen >= need


@njit
def neutral_owner():
    return NEUTRAL


@njit
def ftl_reach(s, p, potential):
    """EXPAND reach 1 + FTL (R16); ``potential`` counts consumable sources too."""
    if potential:
        return 1 + potential_count(s, p, FTL, -1)
    return 1 + s["cnt"][FTL]


@njit
def society_potential(s, p, exclude):
    return potential_count(s, p, SOCIETY, exclude) > 0


@njit
def home_pick_ok(s, c, mode):
    """A discarded card may become a homeworld: a world not in the sector of a homeworld already chosen (1.7);
    ``mode`` 1 (a restarting player, R24): a world in an empty sector."""
    if c < 0 or s["c_type"][c] != WORLD or not in_discard(s, c):
        return False  # (a reshuffle while discarding the five can take a revealed card back into the deck)
    x = s["c_sector"][c]
    if mode == 1:
        return s["cubes"][x] == 0
    for q in range(s["n_players"]):
        h = s["home"][q]
        if h >= 0 and s["c_sector"][h] == x:
            return False
    return True


@njit
def in_discard(s, c):
    for i in range(s["discard_n"]):
        if s["discard"][i] == c:
            return True
    return False


@njit
def tech_target_exists(s, p):
    """A tech can be advanced: an incomplete tableau tech, or room in the tableau for one from the deck (a card
    with 3 advancements cannot be advanced, R14; 16 techs take no new one, R41)."""
    if s["techs_n"][p] < MAX_TECHS:
        return True
    for i in range(s["techs_n"][p]):
        if n_written(s, s["techs"][p, i]) < N_LINES:
            return True
    return False


@njit
def advance_target_exists(s, p, without=-1):
    """ADVANCE has a target: the homeworld or a settled world with fewer than 3 advancements, or a tech
    (``without``: leaving out that settled world, as if it were used up)."""
    h = s["home"][p]
    if h >= 0 and n_written(s, h) < N_LINES:
        return True
    for i in range(s["worlds_n"][p]):
        c = s["worlds"][p, i]
        if c != without and n_written(s, c) < N_LINES:
            return True
    return tech_target_exists(s, p)
