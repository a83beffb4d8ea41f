"""Review 3, the actions POWER, SETTLE, GROW, BATTLE and EXPAND (rulebook 2.2, 2.2.1) and the wonders (Table 2):
scenario tests for edges the earlier files leave open: which card pays (R12, R34), the neutral line's conquest and
its free actions (R13), SETTLE with an empty deck (R7), the 5-cube limit and the black hole in EXPAND and BATTLE
(R1, R15, R16), BATTLE with three players, declining a wonder, and the turn's two different actions.

Each test builds an exact position (``docs/position_format.md``); the deck is given top card first
(``Game.top_first``). Sector 23 touches 22, 25, 31, 34; 16 and 46 both touch the black hole but not each other.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from support.scenario_game import (
    FILLER,
    Game,
    X,
    cubes,
    discard,
    dk,
    do,
    hand,
    ok,
    sectors_offered,
    tech,
    techs_of,
    track,
    why,
    world,
    worlds_of,
    written,
)

from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import (
    ADVANCE,
    BATTLE,
    CULTURE,
    EXPAND,
    GROW,
    NEUTRAL,
    POWER,
    SETTLE,
    SUIT_LETTERS,
    WORLD,
    XENO,
)


def civ(victory: str, sector: int, num: int, suit: str) -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "civilization", "era": 1, "sector": sector, "name": 321,
            "civ_victory": victory, "civ_suit": None}


def hand_offered(s: np.ndarray) -> list[int]:
    """Card ids of the hand slots offered by the pending decision."""
    return [c for i, c in enumerate(hand(s)) if ok(s, L.B_HAND, i)]


def finish_free_advance_on_home(s: np.ndarray) -> None:
    """Answer the free ADVANCE's decisions: the homeworld, then generate (no circling)."""
    assert dk(s) == "ADVANCE_TARGET", why(s)
    do(s, L.B_TABLEAU, 0)
    if dk(s) == "CIRCLE":
        do(s, L.B_SPECIAL, L.GENERATE)


# ================================================================================ paying for an action (2.2, R12, R34)
def test_a_civilization_card_of_the_actions_suit_pays_for_it_2_2_r12():
    """2.2 "discarding a card from his hand with a suit matching": any card type pays, a civilization card too (R12);
    a card of another suit never does."""
    g = Game()
    ids = g.hand(civ("Culture", 45, 3, "R"), "R2", "S4")
    s = g.build()
    do(s, L.B_ACTION, GROW)
    assert dk(s) == "PAY" and hand_offered(s) == ids[:2], why(s)
    do(s, L.B_HAND, 0)
    assert ids[0] in discard(s) and hand(s) == ids[1:], why(s)
    assert dk(s) == "ACTION" and cubes(s, 23) == (5, 0), "GROW went on in the only sector (R27)"


def test_settle_paid_with_the_only_world_in_hand_then_settles_a_blank_2_2_r13_r34():
    """2.2 SETTLE "After the player discards the card to settle, he will add a world": R34 does not count the card
    that pays, so a moon world in an uncontrolled sector may pay, and with no world left the blank is the source
    (R13: then draw 1)."""
    g = Game()
    ids = g.hand(world(2, "M", 45, "S2"), "S4")  # the only moon card is a world in sector 45 (not his)
    top = g.top_first("H1", "K3", "R5", *FILLER)  # advancement: suit H (first card), number 3; then R5 is drawn
    s = g.build()
    assert ok(s, L.B_ACTION, SETTLE), why(s)
    do(s, L.B_ACTION, SETTLE)  # the world pays, the blank is the only source, 23 the only sector: R27
    assert dk(s) == "ACTION", why(s)
    assert ids[0] in discard(s) and worlds_of(s) == [ids[1]], why(s)
    assert int(s["c_type"][ids[1]]) == WORLD and int(s["c_sector"][ids[1]]) == X[23]
    assert written(s, ids[1]) == ["H3"], "suit of the first card (H), number of the second (3)"
    assert hand(s) == [top[2]], "a blank settled: draw 1 (R13)"


def test_settle_with_society_and_a_world_in_a_controlled_sector_offers_it_and_a_new_card_table5_m6_r13():
    """Table 5 M6 Society: a new world "regardless of whether he has worlds in his hand"; the world in a controlled
    sector stays a source too (R13)."""
    g = Game(home_lines=("M6",))
    ids = g.hand("M1", world(3, "R", 23, "R2"))
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, SETTLE)
    assert dk(s) == "SETTLE_SOURCE", why(s)
    assert hand_offered(s) == [ids[1]] and ok(s, L.B_SPECIAL, L.NEW_WORLD), why(s)


def test_settle_new_card_with_deck_and_discard_empty_recycles_the_paying_card_1_4_r7_r13():
    """1.4 "If a player must draw cards and there are none left, shuffle the discard pile": with no world and no
    blank, SETTLE makes a new card; the deck is empty, so every random value comes from the paying card reshuffled
    (number 1, suit M; advancement suit M, number 1 = M1 Art); no card is drawn after a new card (R13)."""
    g = Game()
    ids = g.hand("M1", tech(2, "R", "R1", "K", "S"))
    s = g.build()
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0
    do(s, L.B_ACTION, SETTLE)  # a new card is the only source, 23 the only sector: R27
    assert dk(s) == "ACTION", why(s)
    (c,) = worlds_of(s)
    assert c not in ids and (int(s["c_num"][c]), SUIT_LETTERS[int(s["c_suit"][c])]) == (1, "M"), why(s)
    assert written(s, c) == ["M1"], why(s)
    assert hand(s) == [ids[1]] and int(s["deck_n"]) + int(s["discard_n"]) == 1, "no draw after a new card"


def test_power_with_an_empty_deck_reshuffles_the_discard_pile_including_the_paying_card_1_4_2_2():
    """2.2 POWER draws 2; 1.4: with no card left, the discard pile (which holds the paying sun card) becomes the
    deck."""
    g = Game()
    ids = g.hand("S1", "K2")
    old = g.discarded("R3")
    s = g.build()
    do(s, L.B_ACTION, POWER)
    assert dk(s) == "ACTION", why(s)
    assert sorted(hand(s)) == sorted([ids[1], ids[0], old[0]]), why(s)
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0


def test_after_two_different_actions_the_action_phase_ends_2_2_r12():
    """2.2 "up to 2 *different* actions": after POWER and GROW no third action is asked."""
    g = Game()
    g.hand("S1", "R2", "K3", "F4")
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, POWER)
    assert dk(s) == "ACTION" and not ok(s, L.B_ACTION, POWER), why(s)
    do(s, L.B_ACTION, GROW)  # 23 is the only sector: R27
    assert dk(s) != "ACTION" and int(s["n_acts"]) == 2, why(s)


# ================================================================================ the neutral line's conquest (R13)
def test_conquest_as_the_second_action_still_gets_free_power_and_advance_then_the_phase_ends_r13():
    """2.2 SETTLE: a line world in a controlled sector gives "a free power and a free advance action"; they are not
    among the two actions (R13), so a conquest as the second action still gets both, and the phase then ends."""
    g = Game(home_lines=("H2",))
    lw = g.put_line(world(5, "S", 23, "H1"))
    g.hand("M1")
    g.top_first(*FILLER)
    g.turn = {"actions_taken": ["GROW"]}
    s = g.build()
    do(s, L.B_ACTION, SETTLE)  # the line world is the only source besides a new card
    assert dk(s) == "SETTLE_SOURCE", why(s)
    do(s, L.B_LINE, 4)
    assert worlds_of(s) == [lw] and len(hand(s)) == 2, "free POWER: 2 cards" + why(s)
    finish_free_advance_on_home(s)
    assert len(written(s, g.home)) == 2, why(s)
    assert dk(s) != "ACTION" and int(s["n_acts"]) == 2, "the action phase is over" + why(s)


def test_conquest_free_advance_leaves_advance_available_as_the_second_action_r13():
    """R13: the free ADVANCE of a conquest is not among the two actions: ADVANCE may still be taken."""
    g = Game(home_lines=("H2",))
    g.put_line(world(5, "S", 23, "H1"))
    g.hand("M1", "K2")
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, SETTLE)
    do(s, L.B_LINE, 4)
    finish_free_advance_on_home(s)
    assert dk(s) == "ACTION" and int(s["n_acts"]) == 1, why(s)
    assert ok(s, L.B_ACTION, ADVANCE) and ok(s, L.B_ACTION, POWER) and not ok(s, L.B_ACTION, SETTLE), why(s)


def test_conquest_free_advance_is_skipped_when_nothing_can_take_an_advancement_r13_r41():
    """R13 "a free ADVANCE (if anything can take one)": homeworld and conquered world full, 16 complete techs
    (R41: no tech from the deck): only the free POWER happens."""
    g = Game(home_lines=("H2", "H3", "H4"))
    lw = g.put_line(world(5, "S", 23, "H1", "S2", "S3"))
    g.techs(*(tech(1 + i % 6, "S", "S2", "S3", "K2") for i in range(16)))
    ids = g.hand("M1")
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, SETTLE)  # the line world or a new card: R41 leaves 0 settled worlds, so both
    do(s, L.B_LINE, 4)
    assert dk(s) == "ACTION" and worlds_of(s) == [lw], why(s)
    assert len(hand(s)) == 2 and ids[0] in discard(s), "the free POWER drew 2" + why(s)
    assert len(techs_of(s)) == 16


def test_settle_with_16_settled_worlds_is_closed_even_for_a_line_world_r41_r13():
    """R41: with 16 settled worlds SETTLE is not available, the neutral line's world included."""
    g = Game()
    g.put_line(world(5, "S", 23, "H1"))
    g.worlds(*(world(1 + i % 6, "R", 23, "R2") for i in range(16)))
    g.hand("M1")
    s = g.build()
    assert not ok(s, L.B_ACTION, SETTLE), why(s)


# ================================================================================ GROW, BATTLE, EXPAND edges
def test_battle_rivals_across_the_black_hole_are_not_adjacent_track_gain_r15_r1():
    """2.2 BATTLE "an adjacent sector": 16 and 46 both touch the black hole but not each other, so a rival in 46
    is not adjacent to 16: "If no rival cubes are adjacent" the player raises a track instead (R15)."""
    g = Game(home_sector=16)
    g.sector(46, 3, "N")
    g.hand("H1")
    s = g.build()
    do(s, L.B_ACTION, BATTLE)
    assert dk(s) == "TRACK_GAIN", why(s)
    do(s, L.B_TRACK, XENO)
    assert track(s, XENO) == 1 and cubes(s, 46) == (3, NEUTRAL) and track(s, CULTURE) == 2


def test_battle_three_players_targets_both_other_players_and_neutrals_never_own_r15():
    """R15 "an adjacent sector with rival cubes (neutral or another player's)", with three players; never his own
    sector."""
    g = Game(players=3, home_sector=45)
    g.sector(23, 0)
    g.sector(45, 4, 0)
    g.sector(44, 1, "N")
    g.sector(46, 2, 0)
    g.hand("H1")
    s = g.build()
    do(s, L.B_ACTION, BATTLE)
    assert dk(s) == "BATTLE_FROM", why(s)
    do(s, L.B_SECTOR, X[45])
    assert dk(s) == "BATTLE_TO" and sectors_offered(s) == {56, 43, 44}, why(s)
    do(s, L.B_SECTOR, X[43])
    do(s, L.B_COUNT, 2)
    assert cubes(s, 43) == (1, 2) and cubes(s, 45) == (2, 0) and cubes(s, 56) == (3, 1), why(s)


def test_expand_source_whose_only_destinations_are_full_own_sectors_is_not_offered_r16_r1():
    """2.2 EXPAND "never above 5" (R1, R16): 23's neighbours are its own full sectors, so 23 is no source; 22
    (next to empty 21 and 24) is."""
    g = Game()
    g.sector(23, 4, 0)
    for n in (22, 25, 31, 34):
        g.sector(n, 5, 0)
    g.hand("F1")
    s = g.build()
    do(s, L.B_ACTION, EXPAND)
    assert dk(s) == "EXPAND_FROM", why(s)
    offered = sectors_offered(s)
    assert 23 not in offered and 22 in offered, offered


def test_grow_target_with_four_cubes_takes_one_and_biology_still_places_r27():
    """2.2 GROW: "There can never be more than 5 cubes per sector": 4 + 2 stops at 5; Biology (Table 5 R5) still
    puts its cube in another sector."""
    g = Game(home_lines=("R5",))
    g.sector(23, 4, 0)
    g.sector(25, 1, 0)
    g.hand("R1")
    s = g.build()
    do(s, L.B_ACTION, GROW)
    do(s, L.B_SECTOR, X[23])
    assert dk(s) == "BIOLOGY" and sectors_offered(s) == {25}, why(s)
    do(s, L.B_SECTOR, X[25])
    assert cubes(s, 23) == (5, 0) and cubes(s, 25) == (2, 0), why(s)


# ================================================================================ wonders (Table 2, 2.2.1)
def test_wonder_may_be_declined_and_the_card_is_kept_table2_2_2_1():
    """2.2.1 "he *may* take the special action of that wonder if he discards a card": declining keeps the card and
    applies nothing."""
    g = Game()
    g.sector(23, 5, 0)
    g.sector(25, 0, wonder="Culture", wonder_suit="R")
    ids = g.hand("F1", "R6")
    s = g.build()
    do(s, L.B_ACTION, EXPAND)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "WONDER_USE", why(s)
    do(s, L.B_SPECIAL, L.PASS)
    assert hand(s) == [ids[1]] and track(s, CULTURE) == 0 and cubes(s, 25) == (1, 0), why(s)


def test_wonder_territory_draws_only_what_is_left_table2_r7():
    """Table 2 T "Draw # cards"; R7: drawing stops when deck and discard pile are empty. A 5 draws only the two
    cards in the discard pile (the paying foot card and the wonder card)."""
    g = Game()
    g.sector(23, 5, 0)
    g.sector(25, 0, wonder="Territory", wonder_suit="S")
    ids = g.hand("F1", "S5")
    s = g.build()
    do(s, L.B_ACTION, EXPAND)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    do(s, L.B_HAND, 0)
    assert dk(s) == "ACTION" and sorted(hand(s)) == sorted(ids), why(s)
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0


def test_wonder_population_in_the_main_and_the_spacecraft_destination_each_once_table2_r16():
    """R16 "For each destination that was empty before the move and holds a wonder": the main destination and the
    Spacecraft destination each allow their wonder, each for its own card (#: that card's number)."""
    g = Game(home_lines=("F5",))
    g.sector(23, 5, 0)
    g.sector(25, 0, wonder="Population", wonder_suit="R")
    g.sector(34, 0, wonder="Xeno", wonder_suit="R")
    ids = g.hand("F1", "R2", "R3")
    s = g.build()
    do(s, L.B_ACTION, EXPAND)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "WONDER_USE" and hand_offered(s) == ids[1:], why(s)
    do(s, L.B_HAND, hand(s).index(ids[1]))
    assert cubes(s, 25) == (3, 0), "1 moved + 2"
    assert dk(s) == "SPACECRAFT", why(s)
    do(s, L.B_SECTOR, X[34])
    assert dk(s) == "WONDER_USE", why(s)
    do(s, L.B_HAND, 0)
    assert track(s, XENO) == 3 and cubes(s, 34) == (1, 0) and cubes(s, 23) == (3, 0), why(s)


# ================================================================================ review 3 finding, fixed (R47)
def test_conquest_free_advance_may_be_declined_2_2_settle_r13_r47() -> None:
    """2.2 SETTLE: "When he does, he *may* immediately take a free power and a free advance action". The only
    ADVANCE target is a tech from the deck (homeworld and conquered world hold 3 advancements), which adds a tech
    that owes upkeep every turn (2.3): the target decision offers pass (R47), and passing adds no tech."""
    g = Game(home_lines=("H2", "H3", "H4"))
    lw = g.put_line(world(5, "S", 23, "H1", "H2", "H3"))  # no ADVANCE advancement: nothing to consume
    g.hand("M1")
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, SETTLE)
    assert dk(s) == "SETTLE_SOURCE", why(s)
    do(s, L.B_LINE, 4)
    assert worlds_of(s) == [lw]
    assert dk(s) == "ADVANCE_TARGET" and ok(s, L.B_SPECIAL, L.PASS) and ok(s, L.B_SPECIAL, L.DECK), why(s)
    do(s, L.B_SPECIAL, L.PASS)
    assert techs_of(s) == [] and dk(s) == "ACTION", why(s)


def test_conquest_free_advance_offers_pass_beside_its_targets_2_2_settle_r47() -> None:
    """R47: at the conquest's free ADVANCE the targets are offered and so is pass."""
    g = Game(home_lines=("H2",))
    g.put_line(world(5, "S", 23, "H1"))
    g.hand("M1")
    g.top_first(*FILLER)
    s = g.build()
    do(s, L.B_ACTION, SETTLE)
    do(s, L.B_LINE, 4)
    assert dk(s) == "ADVANCE_TARGET", why(s)
    assert ok(s, L.B_SPECIAL, L.PASS) and ok(s, L.B_TABLEAU, 0) and ok(s, L.B_SPECIAL, L.DECK), why(s)
