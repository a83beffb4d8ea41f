"""Rule scenario tests, second pass over the book: setup (1.6-1.7), the start phase (2.1, R9, R10, R33, R42),
the eight actions of 2.2 with 2.2.1, Tables 2-5, hidden information (R8, R13, R43) and rulings R9-R17, R27, R32,
R34, R35, R37, R38, R41.

Every test builds an exact position (``docs/position_format.md``), applies decisions and asserts what the RULEBOOK
(or a binding ruling) requires. The deck is listed bottom to top in the position format; the helper ``top_first``
takes the cards in drawing order. Sector 23 touches 22, 25, 31, 34; sector 26 touches the black hole.
"""

from __future__ import annotations

from support.scenario_game import (
    ADV,
    FILLER,
    Game,
    X,
    civ,
    cubes,
    discard,
    dk,
    do,
    hand,
    ok,
    sectors_offered,
    tech,
    track,
    why,
    world,
    worlds_of,
)

from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import (
    BATTLE,
    CULTURE,
    DIST,
    EVOKE,
    EXPAND,
    GROW,
    MIGHT,
    NEIGH,
    NEUTRAL,
    PLAN,
    POWER,
    SECTOR_IDS,
    SETTLE,
    STABILITY,
    XENO,
)


# ================================================================================ 2.1 start phase, R4, R9, R10, R33
def test_start_economy_not_offered_when_no_track_can_pay_r4_r9():
    # R4: M, S, X at -5 would reach the cross; Culture at 0 cannot drop: Economy cannot be taken
    g = Game(at="start_phase", home_lines=("H1",))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(C=0, M=-5, S=-5, X=-5)
    s = g.build()
    assert dk(s) == "ACTION" and len(hand(s)) == 5, why(s)  # only "pass" was left: R27 took it


def test_start_economy_might_at_minus_4_can_pay_r4():
    g = Game(at="start_phase", home_lines=("H1",))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(C=0, M=-4, S=-5, X=-5)
    s = g.build()
    assert dk(s) == "START" and ok(s, L.B_ADV, ADV["H1"]), why(s)
    do(s, L.B_ADV, ADV["H1"])  # Might is the only payable track: R27 takes it
    assert track(s, MIGHT) == -5 and not s["lost"][0] and len(hand(s)) == 7, why(s)


def test_start_exploration_only_into_adjacent_empty_sectors_not_black_hole_r9():
    # homeworld 26 touches the black hole; one neighbour is the player's, one neutral, the rest empty
    nb = [int(y) for y in NEIGH[X[26]] if y > 0]
    own, rival = int(SECTOR_IDS[nb[0]]), int(SECTOR_IDS[nb[1]])
    g = Game(at="start_phase", home_lines=("F1",), home_sector=26)
    g.sector(own, 1, 0)
    g.sector(rival, 2, "N")
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(X=2)
    s = g.build()
    do(s, L.B_ADV, ADV["F1"])
    do(s, L.B_TRACK, XENO)
    if dk(s) == "EXPLORE_FROM":
        do(s, L.B_SECTOR, X[26])
    assert dk(s) == "EXPLORE_TO", why(s)
    expected = {int(SECTOR_IDS[y]) for y in nb} - {own, rival}
    assert sectors_offered(s) == expected, why(s)
    assert 0 not in sectors_offered(s)


def test_start_exploration_may_vacate_a_sector_losing_its_worlds_2_1():
    g = Game(at="start_phase", home_lines=("F1",))
    g.sector(34, 1, 0)
    (w,) = g.worlds(world(4, "M", 34, "M2"))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(X=2)
    s = g.build()
    do(s, L.B_ADV, ADV["F1"])
    do(s, L.B_TRACK, XENO)
    assert dk(s) == "EXPLORE_FROM" and ok(s, L.B_SECTOR, X[34]), why(s)
    do(s, L.B_SECTOR, X[34])
    target = next(int(SECTOR_IDS[y]) for y in NEIGH[X[34]] if y > 0 and s["cubes"][y] == 0)
    do(s, L.B_SECTOR, X[target])
    assert cubes(s, 34) == (0, -1) and cubes(s, target) == (1, 0)
    assert worlds_of(s) == [] and w in discard(s), "his world in the vacated sector is discarded (2.1, R22)"


def test_start_infrastructure_targets_a_tech_and_skips_cards_at_3_r9():
    g = Game(at="start_phase", home_lines=("R1",), home_upkeep=3)
    t_full, t_room = g.techs({**tech(2, "S", "S4", "F", "K"), "upkeep": 3},
                             {**tech(3, "M", "M2", "F", "K"), "upkeep": 2})
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(S=1, M=-5, X=-5)
    s = g.build()
    do(s, L.B_ADV, ADV["R1"])
    # Stability is the only payable track, the second tech the only card with room: R27 takes both
    assert track(s, STABILITY) == 0 and int(s["c_upkeep"][t_room]) == 3, why(s)
    assert int(s["c_upkeep"][t_full]) == 3 and int(s["c_upkeep"][g.home]) == 3


def test_start_infrastructure_not_offered_when_every_card_holds_3_r9():
    g = Game(at="start_phase", home_lines=("R1",), home_upkeep=3)
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(S=2)
    s = g.build()
    assert dk(s) == "ACTION", why(s)


def test_start_each_instance_once_two_economy_twice_r9():
    g = Game(at="start_phase", home_lines=("H1", "H1"))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(M=3)
    s = g.build()
    do(s, L.B_ADV, ADV["H1"])
    do(s, L.B_TRACK, MIGHT)
    assert ok(s, L.B_ADV, ADV["H1"]), "the second instance"
    do(s, L.B_ADV, ADV["H1"])
    do(s, L.B_TRACK, MIGHT)
    assert len(hand(s)) == 9 and track(s, MIGHT) == 1
    assert dk(s) == "ACTION", "no third use; only pass was left (R27)" + why(s)


def test_start_complete_hand_tech_consumed_grants_its_start_advancement_r10():
    g = Game(at="start_phase", home_lines=("H2",))
    t, *_ = g.hand(tech(2, "S", "H1", "S2", "S3"), *FILLER[:4])
    g.top_first(*FILLER[5:])
    g.tracks(M=2)
    s = g.build()
    assert dk(s) == "START" and ok(s, L.B_HAND, 0) and not ok(s, L.B_ADV, ADV["H1"]), why(s)
    do(s, L.B_HAND, 0)
    assert t in discard(s)
    assert ok(s, L.B_ADV, ADV["H1"]), "the consumed tech's Economy may be used this turn" + why(s)
    do(s, L.B_ADV, ADV["H1"])
    do(s, L.B_TRACK, MIGHT)
    assert track(s, MIGHT) == 1 and len(hand(s)) == 6


def test_start_world_or_incomplete_tech_in_hand_is_never_consumed_r10():
    g = Game(at="start_phase", home_lines=("H2",))
    g.hand(world(3, "S", 45, "H1"), tech(2, "S", "H1", "S", "S"), *FILLER[:3])
    g.top_first(*FILLER[5:])
    g.tracks(M=2)
    s = g.build()
    assert dk(s) == "ACTION", why(s)


def test_start_history_on_consumed_world_looks_one_card_deeper_r33():
    g = Game(at="start_phase", home_lines=("K1",))
    g.worlds(world(3, "S", 23, "K1"))
    g.hand(*FILLER[:5])
    top = g.top_first(*FILLER[5:])
    s = g.build()
    # R33: the consumed world's History shows one card at once; then the tableau's History (R42) adds its depth
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert int(s["lookahead"][0]) == 1 and s["c_known"][top[0]] & 1 and not s["c_known"][top[1]] & 1, why(s)
    do(s, L.B_ADV, ADV["K1"])
    assert int(s["lookahead"][0]) == 2 and all(s["c_known"][c] & 1 for c in top[:2]), why(s)


def test_start_computation_works_without_the_draw_up_r27():
    g = Game(at="turn_start", home_lines=("S1",))
    ids = g.hand(*FILLER[:6])
    top = g.top_first(*FILLER[6:])
    s = g.build()
    assert dk(s) == "START" and hand(s) == ids, "6 cards: no draw-up"
    do(s, L.B_ADV, ADV["S1"])
    assert dk(s) == "DISCARD" and hand(s) == ids + [top[0]]
    do(s, L.B_HAND, 0)
    assert len(hand(s)) == 6 and ids[0] in discard(s)


def test_start_hand_over_ten_discards_at_random_to_ten_and_draws_nothing_r9():
    g = Game(at="turn_start", home_lines=("H2",))
    g.hand(*(FILLER + ("S4",))[:11])
    g.top_first("S5", "S6")
    s = g.build()
    assert len(hand(s)) == 10 and int(s["deck_n"]) == 2 and len(discard(s)) == 1, why(s)


# ================================================================================ interrupts during actions (R22)
def test_battle_taking_a_rivals_homeworld_sector_lets_him_rehome_then_the_battle_goes_on_r15_r22():
    g = Game(players=2, home_lines=("H5",))  # Military: a second pair
    g.sector(46, 4, 0)
    g.sector(45, 2, "N")
    g.hand("H1", "S2")
    w1 = g.adds(world(3, "M", 66, "M2"), world(4, "R", 65, "R2"))
    g.players[1]["worlds"] = w1
    g.sector(66, 1, 1)
    g.sector(65, 1, 1)
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, BATTLE)
    if dk(s) == "PAY":
        do(s, L.B_HAND, 0)
    assert dk(s) == "BATTLE_TO", "46 is the only source (R27)" + why(s)
    do(s, L.B_SECTOR, X[56])
    do(s, L.B_COUNT, 3)
    assert dk(s) == "REHOME" and int(s["dplayer"]) == 1, why(s)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)
    assert int(s["home"][1]) == w1[1] and worlds_of(s, 1) == [w1[0]]
    assert dk(s) == "BATTLE_FROM" and int(s["dplayer"]) == 0, "the battle resumes: Military's second pair" + why(s)
    do(s, L.B_SECTOR, X[46])  # 46-45 is then the only fresh pair (R27)
    assert dk(s) == "ACTION" and cubes(s, 45) == (1, NEUTRAL), why(s)


def test_exploration_vacating_the_homeworld_sector_rehomes_then_the_start_phase_goes_on_r9_r22():
    g = Game(at="start_phase", home_lines=("F1", "H1"))
    g.sector(23, 1, 0)
    ws = g.worlds(world(3, "M", 44, "H1"), world(4, "R", 45, "R2"))
    g.sector(44, 1, 0)
    g.sector(45, 1, 0)
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(X=2, M=3)
    s = g.build()
    do(s, L.B_ADV, ADV["F1"])
    do(s, L.B_TRACK, XENO)
    do(s, L.B_SECTOR, X[23])
    do(s, L.B_SECTOR, X[22])
    assert dk(s) == "REHOME", why(s)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert int(s["home"][0]) == ws[0] and g.home in [int(c) for c in s["line"]]
    assert dk(s) == "START", "still in the start phase (R9)" + why(s)
    assert ok(s, L.B_ADV, ADV["H1"]), "the new homeworld's Economy may be used (R10)"


# ======================================================================= information: History (R8, R9), reveal (R13)
def test_start_history_can_follow_economy_so_the_new_top_card_is_seen_r9_r8_r42():
    # R9: start-phase advancements "in any order the player chooses"; History is that choice (R42). Economy
    # first, then History: the player looks at the top card of the deck as it is after Economy's draw.
    g = Game(at="turn_start", home_lines=("K1", "H1"))
    g.hand(*FILLER[:5])
    top = g.top_first("S4", "M5", "R6", "K1", "H2")
    g.tracks(M=2)
    s = g.build()
    assert dk(s) == "START" and ok(s, L.B_ADV, ADV["K1"]), why(s)
    assert not s["c_known"][top[0]] & 1 and int(s["lookahead"][0]) == 0, "nothing seen before History is used"
    do(s, L.B_ADV, ADV["H1"])
    if dk(s) == "PAY_TRACK":
        do(s, L.B_TRACK, MIGHT)
    assert hand(s)[-2:] == top[:2]
    do(s, L.B_ADV, ADV["K1"])
    assert s["c_known"][top[2]] & 1 and not s["c_known"][top[3]] & 1, "one History: the top card only" + why(s)
    assert dk(s) == "ACTION", "History once a turn (R9): only 'pass' was left, taken by the engine (R27)"


def test_start_two_history_look_two_deep_in_one_use_2_1_r42():
    # 2.1: "If he has multiple history advancements he can look that many cards deep."
    g = Game(at="turn_start", home_lines=("K1", "K1"))
    g.hand(*FILLER[:5])
    top = g.top_first("S4", "M5", "R6")
    s = g.build()
    do(s, L.B_ADV, ADV["K1"])
    assert [bool(s["c_known"][c] & 1) for c in top] == [True, True, False], why(s)
    assert int(s["lookahead"][0]) == 2
    assert dk(s) == "ACTION", "both instances used together: only 'pass' was left (R27)"


def test_settle_new_card_reveal_ends_when_the_hand_changes_r13():
    # R13: settling from a new card without Society "reveals the hand to the other players (in their
    # observation of him until his hand changes)".
    g = Game(players=2, home_lines=("H2",))
    # no world and no blank in hand besides the payment: a civilization card (suit S) and an incomplete tech
    ids = g.hand("M1", civ("Culture", "S", 44, num=2, csuit="S"), tech(2, "R", "R1", "K", "S"))
    g.top_first("S6", "F1", "H5", "K4", *FILLER)  # new card 6/F, advancement H then 4; then POWER draws
    s = g.build()
    do(s, L.B_ACTION, SETTLE)
    assert len(worlds_of(s)) == 1 and hand(s) == ids[1:], why(s)
    assert s["c_known"][ids[2]] & 2, "revealed to player 1"
    do(s, L.B_ACTION, POWER)  # S2 pays: the hand changes
    assert ids[2] in hand(s)
    assert not s["c_known"][ids[2]] & 2, "the reveal lasts until his hand changes (R13)" + why(s)


# ================================================================================ 2.2 actions: coverage probes
def test_battle_no_defense_decision_when_the_pair_is_already_cleared_r32():
    g = Game(home_lines=("H6",))
    g.sector(23, 4, 0)
    g.sector(22, 2, "N")
    g.hand("H1")
    s = g.build()
    do(s, L.B_ACTION, BATTLE)
    assert dk(s) == "BATTLE_COUNT", why(s)
    do(s, L.B_COUNT, 2)
    assert dk(s) == "ACTION" and cubes(s, 22) == (0, -1) and cubes(s, 23) == (2, 0), why(s)


def test_battle_rival_two_sectors_away_is_not_adjacent_track_gain_r15():
    g = Game(home_lines=("H2",))
    g.sector(24, 3, "N")  # 24 is two steps from 23
    g.hand("H1")
    s = g.build()
    do(s, L.B_ACTION, BATTLE)
    assert dk(s) == "TRACK_GAIN", why(s)
    do(s, L.B_TRACK, STABILITY)
    assert track(s, STABILITY) == 1 and track(s, CULTURE) == 2 and cubes(s, 24) == (3, NEUTRAL)


def test_battle_against_another_players_cubes_r15():
    g = Game(players=2, home_lines=("H2",), home_sector=46)
    g.sector(23, 0)
    g.sector(46, 4, 0)
    g.hand("H1")
    s = g.build()
    do(s, L.B_ACTION, BATTLE)
    assert dk(s) == "BATTLE_COUNT" and ok(s, L.B_COUNT, 3) and not ok(s, L.B_COUNT, 4), why(s)
    do(s, L.B_COUNT, 2)
    assert cubes(s, 56) == (1, 1) and cubes(s, 46) == (2, 0)


def test_expand_never_into_a_sector_of_another_colour_r16():
    g = Game(players=2, home_lines=("H2",), home_sector=46)
    g.sector(23, 0)
    g.sector(46, 4, 0)
    g.sector(45, 1, "N")
    g.hand("F1")
    s = g.build()
    do(s, L.B_ACTION, EXPAND)
    assert dk(s) == "EXPAND_TO", why(s)
    offered = sectors_offered(s)
    assert 56 not in offered and 45 not in offered and 0 not in offered
    assert offered == {36, 35, 44}, offered


def test_expand_spacecraft_destination_within_ftl_range_r16():
    g = Game(home_lines=("F5", "F6"))
    g.sector(23, 5, 0)
    g.hand("F1")
    s = g.build()
    do(s, L.B_ACTION, EXPAND)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "SPACECRAFT", why(s)
    far = {n for n in sectors_offered(s) if DIST[X[23], X[n]] == 2}
    assert 24 in far and not ok(s, L.B_SECTOR, X[25]), "1 + FTL steps, a different destination"
    do(s, L.B_SECTOR, X[24])
    assert cubes(s, 24) == (1, 0) and cubes(s, 25) == (1, 0) and cubes(s, 23) == (3, 0)


def test_expand_wonder_without_a_card_of_its_suit_asks_nothing_table2():
    g = Game(home_lines=("H2",))
    g.sector(23, 5, 0)
    g.sector(25, 0, wonder="Might", wonder_suit="R")
    g.hand("F1", "S4")
    s = g.build()
    do(s, L.B_ACTION, EXPAND)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 2)
    assert dk(s) == "ACTION" and track(s, MIGHT) == 0 and cubes(s, 25) == (2, 0), why(s)


def test_grow_biology_skips_full_sectors_and_may_be_declined_r27():
    g = Game(home_lines=("R5",))
    g.sector(23, 2, 0)
    g.sector(25, 5, 0)
    g.sector(34, 1, 0)
    g.hand("R1")
    s = g.build()
    do(s, L.B_ACTION, GROW)
    do(s, L.B_SECTOR, X[23])
    assert dk(s) == "BIOLOGY" and sectors_offered(s) == {34} and ok(s, L.B_SPECIAL, L.PASS), why(s)
    do(s, L.B_SPECIAL, L.PASS)
    assert cubes(s, 23) == (4, 0) and cubes(s, 34) == (1, 0)


def test_settle_society_with_a_blank_offers_blank_or_new_card_r13():
    g = Game(home_lines=("M6",))
    g.hand("M1", "S2")
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, SETTLE)
    assert dk(s) == "SETTLE_SOURCE" and ok(s, L.B_HAND, 0) and ok(s, L.B_SPECIAL, L.NEW_WORLD), why(s)


def test_settle_line_world_or_world_in_hand_both_offered_r13():
    g = Game(home_lines=("H2",))
    g.put_line(world(5, "S", 23, "H1"))
    g.hand("M1", world(3, "R", 23, "R2"))
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, SETTLE)
    assert dk(s) == "SETTLE_SOURCE" and ok(s, L.B_LINE, 4) and ok(s, L.B_HAND, 0), why(s)
    assert not ok(s, L.B_SPECIAL, L.NEW_WORLD)


def test_plan_as_second_action_discards_the_whole_hand_r12():
    g = Game(home_lines=("H2",))
    ids = g.hand("S1", "M2", "R3")
    top = g.top_first("F4", "K5", "H3", *FILLER)
    s = g.build()
    do(s, L.B_ACTION, POWER)
    assert dk(s) == "ACTION" and ok(s, L.B_ACTION, PLAN)
    do(s, L.B_ACTION, PLAN)
    do(s, L.B_SUIT, 2)  # heart; the number is the next card's: H3 -> 3
    assert all(c in discard(s) for c in ids[1:] + top[:2])
    new = int(s["n_cards"]) - 1
    assert (int(s["c_num"][new]), int(s["c_suit"][new])) == (3, 2)
    assert int(s["turn"]) == 2, "PLAN ended the action phase: the turn went on to its end"


def test_evoke_territory_never_into_the_black_hole_table3_r17():
    g = Game(home_lines=("H2",), home_sector=26)
    g.sector(23, 0)
    for n in (15, 24, 25, 36, 16):
        g.sector(n, 1, "N")
    g.hand(civ("Territory", None, 26), "S2")
    s = g.build()
    do(s, L.B_ACTION, EVOKE)
    assert dk(s) == "ACTION" and cubes(s, 0) == (0, -1), why(s)


def test_evoke_foot_counts_leave_one_behind_table4_r17():
    g = Game(home_lines=("H2",))
    g.sector(23, 5, 0)
    g.hand(civ("Culture", "F", 23), "S2")
    s = g.build()
    do(s, L.B_ACTION, EVOKE)
    assert track(s, CULTURE) == 3
    if dk(s) == "FOOT_FROM":
        do(s, L.B_SECTOR, X[23])
    assert dk(s) == "FOOT_TO" and sectors_offered(s) == {22, 31, 34, 25}, why(s)
    do(s, L.B_SECTOR, X[22])
    assert dk(s) == "FOOT_COUNT" and ok(s, L.B_COUNT, 3) and not ok(s, L.B_COUNT, 4), "one must go elsewhere"
    do(s, L.B_COUNT, 3)
    assert not ok(s, L.B_SECTOR, X[22])
    do(s, L.B_SECTOR, X[34])
    assert cubes(s, 23) == (1, 0) and cubes(s, 22) == (3, 0) and cubes(s, 34) == (1, 0), why(s)


def test_evoke_hand_removes_another_players_last_cube_there_r17_r22():
    g = Game(players=2, home_lines=("H2",), home_sector=46)
    g.sector(23, 0)
    g.sector(46, 3, 0)
    g.sector(45, 1, 1)
    g.hand(civ("Might", "H", 46), "S2")
    s = g.build()
    do(s, L.B_ACTION, EVOKE)
    assert dk(s) == "TRACK_GAIN", why(s)
    do(s, L.B_TRACK, XENO)
    assert track(s, MIGHT) == 2 and track(s, XENO) == 1
    assert dk(s) == "EVOKE_RIVAL" and sectors_offered(s) == {45, 56}, why(s)
    do(s, L.B_SECTOR, X[45])
    assert cubes(s, 45) == (0, -1)
