"""Rule scenario tests, second pass over the book: upkeep (2.3, R18), challenges (2.4, R19-R21, Table 6), losing
sectors, homeworlds and the game (R22, R24, section 3), winning (section 3, R23) and the winner's choices (R26).

Positions are written by hand in the position format (``docs/position_format.md``). ``deck(...)`` takes cards in
the order they are DRAWN (top first); the format lists the deck bottom to top. Each random value is stacked.

Sector neighbours used below (direction 1..6, R2): 23: 22 - - 31 34 25; 25: 24 22 23 34 36 26;
26: 15 24 25 36 BH 16; 34: 25 23 31 32 35 36; 46: BH 36 35 44 45 56; 56: 66 BH 46 45 54 55.
"""

from __future__ import annotations

from typing import Any

import pytest
from support.scenario_pos import (
    FILLER,
    TRACKS,
    Pos,
    S,
    X,
    apply,
    deck,
    dname,
    fail_pending,
    home,
    legal,
    tech,
    track,
    why,
    world,
)
from support.views import cubes, hand, pile, techs, worlds

from df_env import engine
from df_env.engine.io.position import PositionError, from_dict, to_dict
from df_env.engine.model import layout as L
from df_env.engine.model.constants import NEUTRAL, WORLD
from df_env.engine.text.render import event_strings


# ---------------------------------------------------------------------------------------------- helpers
def solo(at: str = "challenge", *, home_lines: list[Any] = ("H1",), upkeep: int = 0, tracks: Any = None,
         players: int = 1, variant: str = "standard") -> tuple[Pos, dict[str, Any]]:
    """Player 0: homeworld (card 0) in sector 23 with 3 cubes. With 2 players, player 1 has a homeworld in 56
    (3 cubes). The caller adds hand, deck, challenges."""
    p = Pos(players=players, at=at, variant=variant)
    h = home(23, list(home_lines))
    if upkeep:
        h["upkeep"] = upkeep
    ids: dict[str, Any] = {"home": p.add(h)}
    p.sector(23, 3, 0)
    p.player(0, homeworld=ids["home"], tracks=tracks or {})
    if players >= 2:
        ids["home1"] = p.add(home(56, ["F1"], num=5, suit="H"))
        p.sector(56, 3, 1)
        p.player(1, homeworld=ids["home1"])
    return p, ids


# ================================================================================ 2.3 upkeep (R18)
def test_a_card_at_three_cubes_may_be_paid_and_then_adds_no_challenge_R18() -> None:
    """R18: "a card already at 3 may still be paid; it counts as paid". Paid homeworld: only the one extra
    challenge is added (1 in all)."""
    p, ids = solo("payment", upkeep=3)
    h2, s5 = p.adds("H2", "S5")
    p.player(0, hand=[h2, s5])
    p.deck = deck(*p.adds("S3", "S4", "S6", "M1", "M2"))
    s = p.build()
    assert dname(s) == "UPKEEP_CARD", why(s)
    apply(s, L.B_TABLEAU, 0)  # the H card is the only one that pays (taken at once, R27)
    assert int(s["c_upkeep"][ids["home"]]) == 3 and h2 in pile(s, "discard")
    # the challenge phase: the only challenge (S3) is revealed and S5 can meet it
    assert dname(s) == "CHALLENGE" and int(s["chal_n"]) == 0, why(s)


def test_each_card_is_paid_at_most_once_a_turn_R18() -> None:
    """R18: "each card is paid at most once a turn": with two H cards, the homeworld gets one cube only and the
    second H card stays in hand."""
    p, ids = solo("payment")
    h2, h3 = p.adds("H2", "H3")
    p.player(0, hand=[h2, h3])
    p.deck = deck(*p.adds("S3", "S4", "S6", "M1", "M2"))
    s = p.build()
    apply(s, L.B_TABLEAU, 0)
    apply(s, L.B_HAND, 0)
    assert int(s["c_upkeep"][ids["home"]]) == 1
    assert h3 in hand(s) and dname(s) != "UPKEEP_CARD", why(s)


def test_declining_upkeep_adds_one_challenge_per_unpaid_card_plus_one_R18() -> None:
    """2.3, R18: homeworld and two techs all unpaid (the player stops paying): 3 + 1 = 4 challenges, revealed
    in the order added (R27): the top deck card first."""
    p, ids = solo("payment")
    t1 = p.add(tech(["H2", "K", "F"]))
    t2 = p.add(tech(["R2", "S3", "K"]))
    h2, k5 = p.adds("H2", "K5")
    p.player(0, hand=[h2, k5], techs=[t1, t2])
    chal = p.adds("K1", "S2", "M3", "F4")
    p.deck = deck(*chal, *p.adds("S3", "S4", "S6", "M1", "M2"))
    s = p.build()
    assert dname(s) == "UPKEEP_CARD"
    apply(s, L.B_SPECIAL, L.PASS)
    # the first challenge (K1, suit skull) is revealed; K5 could meet it, so the decision waits
    assert dname(s) == "CHALLENGE" and int(s["ctx"][0]) == S("K"), why(s)
    assert pile(s, "chal") == chal[1:], why(s)
    assert chal[0] in pile(s, "discard")  # a revealed challenge card goes to the discard pile (R19)


def test_upkeep_with_no_card_anywhere_makes_only_the_minimum_generated_challenge_R7_R39() -> None:
    """R7/R39: with deck and discard empty, drawing challenges stops (the unpaid homeworld's and the extra one are
    not drawn), and the pile still gets its minimum one challenge, with a generator-drawn suit."""
    p, ids = solo("payment", tracks={"C": 6, "M": 5, "S": 5, "X": 5})
    s = p.build()
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0
    evs = event_strings(s)
    revealed = [e for e in evs if "challenge revealed" in e]
    assert len(revealed) == 1 and not s["over"], evs


# ================================================================================ 2.4 meeting challenges (R19)
def test_the_homeworld_itself_is_never_discarded_to_meet_a_challenge_R19() -> None:
    """R19: a settled world may be discarded (never the homeworld); the homeworld only gives upkeep cubes."""
    p, ids = solo("challenge", home_lines=["K2"])
    w = p.add(world(34, ["K3"]))
    k4 = p.add("K4")
    p.sector(34, 1, 0)
    p.player(0, worlds=[w], hand=[k4])
    p.challenges = [p.add("K6")]
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "CHALLENGE"
    assert legal(s) == {("hand", 0), ("tableau", L.WORLD_SLOT0), ("special", L.FAIL)}, why(s)


def test_a_met_challenge_draws_no_failure_card_R19() -> None:
    p, ids = solo("challenge")
    r2 = p.add("R2")
    p.player(0, hand=[r2])
    chal = p.add("R5")
    p.challenges = [chal]
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    n_deck = int(s["deck_n"])
    apply(s, L.B_HAND, 0)
    # the turn ends; the next (solo) turn draws up to 5 at its start: nothing was drawn for a failure
    assert pile(s, "discard")[:2] == [chal, r2], why(s)
    assert int(s["deck_n"]) == n_deck - 5, why(s)
    assert all(track(s, 0, t) == 0 for t in TRACKS)


# ================================================================================ Table 6 and R20
def test_culture_loss_stops_at_zero_and_does_not_lose_R3() -> None:
    """Table 6 S2: Might -3 and Culture -1; Culture at 0 stays at 0 (no cross on Culture, R3)."""
    p, ids = solo("challenge", tracks={"C": 0, "M": 4})
    p.challenges = [p.add("S6")]
    p.deck = deck(p.add("M2"), *p.adds(*FILLER))
    s = p.build()
    assert track(s, 0, "M") == 1 and track(s, 0, "C") == 0 and not s["lost"][0], why(s)


def test_new_civilization_in_the_facing_players_sector_removes_his_cubes_first_row6_R20() -> None:
    """Table 6 x6: the new line world lies in sector 34 where player 0 has 2 cubes: 2 removed, 3 neutral
    placed (2.4: "first remove cubes one-for-one ... then add any remaining")."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.sector(34, 2, 0)
    p.challenges = [p.add("H1")]
    w = p.add(world(34, ["S1"], num=4, suit="M"))
    p.deck = deck(p.add("M6"), w, *p.adds(*FILLER))
    s = p.build()
    assert int(s["line"][3]) == w and cubes(s, 34) == (3, NEUTRAL), why(s)


def test_new_civilization_in_another_players_sector_adds_one_of_his_colour_row6_R20() -> None:
    """R20: the new world's sector is player 1's (3 cubes): it gets 1 cube of HIS colour, whatever the number."""
    p, ids = solo("challenge", players=2, tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.challenges = [p.add("H1")]
    w = p.add(world(56, ["S1"], num=4, suit="M"))
    p.deck = deck(p.add("M6"), w, *p.adds(*FILLER))
    s = p.build()
    assert int(s["line"][3]) == w and cubes(s, 56) == (4, 1), why(s)


def test_new_civilization_search_shuffles_the_discard_pile_in_R20() -> None:
    """R20: no world left in the deck, one in the discard pile: the discard pile is shuffled in and the search
    goes on until the world comes up; it joins the line under its number with 5 rival cubes in its sector."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.challenges = [p.add("H1")]
    w = p.add(world(45, ["S1"], num=2, suit="M"))
    p.discard = [w, *p.adds("S1", "S2")]
    p.deck = deck(p.add("M6"), *p.adds("F1", "F2"))
    s = p.build()
    assert int(s["line"][1]) == w and cubes(s, 45) == (5, NEUTRAL), why(s)


def test_new_civilization_with_no_world_anywhere_generates_one_R20_R6() -> None:
    """R20: no world in deck or discard: a new world card is generated (R6: number of the first discard, suit
    of the second), in a random sector (two discards: 4, 5 -> 45) with one random advancement (suit K, number 3),
    then it joins the line and its sector gets the 5 cubes."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.challenges = [p.add("H1")]
    stack = p.adds("M6", "S2", "R1", "S4", "S5", "K1", "S3")
    p.deck = deck(*stack, *p.adds(*FILLER))
    n0 = len(p.cards)
    s = p.build()
    c = n0
    assert int(s["n_cards"]) == n0 + 1 and int(s["c_type"][c]) == WORLD, why(s)
    assert (int(s["c_num"][c]), int(s["c_suit"][c]), int(s["c_sector"][c])) == (2, S("R"), X(45))
    assert (int(s["c_slot_suit"][c, 0]), int(s["c_slot_num"][c, 0])) == (S("K"), 3)
    assert int(s["line"][1]) == c and cubes(s, 45) == (5, NEUTRAL), why(s)


def test_spill_into_another_players_sector_removes_his_cubes_R20() -> None:
    """R20: "a spill into any player's sector removes his cubes": sector 46 is full of neutral cubes; 3 rival
    cubes (row x5) spill in direction 6 into 56, player 1's homeworld sector with 3 cubes: all 3 removed (not
    "+1 of his colour", which is only for the chosen sector). Player 1 has a settled world in 55 and keeps
    playing with it as his homeworld (R22)."""
    p, ids = solo("challenge", players=2, tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    w1 = p.add(world(55, ["S2"], num=6, suit="F"))
    p.sector(55, 1, 1)
    p.player(1, worlds=[w1])
    p.sector(46, 5, "N")
    p.challenges = [p.add("H1")]
    # failure number 5 (H5: Might -1, 3 rival cubes); line number 6 (no line world); sector 4,6 = 46 (full);
    # spill direction 6 -> 56
    p.deck = deck(*p.adds("M5", "K6", "S4", "S6", "R6"), *p.adds(*FILLER))
    s = p.build()
    assert cubes(s, 46) == (5, NEUTRAL) and cubes(s, 56) == (0, -1), why(s)
    assert int(s["line"][4]) == ids["home1"], why(s)  # player 1's lost homeworld joined the line (R22)
    assert int(s["home"][1]) == w1 and not s["lost"][1], why(s)


def test_spill_chains_through_full_sectors_R20() -> None:
    """2.4: "if the limit is reached again repeat this process": 25 full -> direction 6 -> 26 full -> direction
    4 -> 36 (empty) gets the 3 cubes."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.sector(25, 5, "N").sector(26, 5, "N")
    p.challenges = [p.add("H1")]
    p.deck = deck(*p.adds("M5", "K6", "S2", "S5", "R6", "R4"), *p.adds(*FILLER))
    s = p.build()
    assert cubes(s, 25) == (5, NEUTRAL) and cubes(s, 26) == (5, NEUTRAL) and cubes(s, 36) == (3, NEUTRAL), why(s)


def test_rival_cubes_number_card_is_discarded_with_an_empty_line_R20() -> None:
    """R20: the line-number card is discarded even when the line is empty; then two discards give the sector."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.challenges = [p.add("H1")]
    num_card, d1, d2 = p.adds("K1", "S4", "S4")
    p.deck = deck(p.add("M4"), num_card, d1, d2, *p.adds(*FILLER))
    s = p.build()
    assert cubes(s, 44) == (1, NEUTRAL) and track(s, 0, "M") == 0, why(s)
    assert [num_card, d1, d2] == pile(s, "discard")[2:5], why(s)


# ================================================================================ R22 losing sectors
def test_losing_a_sector_discards_only_the_worlds_in_it_R22() -> None:
    """R22/2.2.1: player 0 loses his only cube in 34 (3 rival cubes from a row x5, sector 34): his world there is
    discarded, his world in 25 stays, his homeworld stays."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    w34 = p.add(world(34, ["S2"], num=4))
    w25 = p.add(world(25, ["S3"], num=5))
    p.sector(34, 1, 0).sector(25, 1, 0)
    p.player(0, worlds=[w34, w25])
    p.challenges = [p.add("H1")]
    p.deck = deck(*p.adds("M5", "K6", "S3", "S4"), *p.adds(*FILLER))
    s = p.build()
    assert cubes(s, 34) == (2, NEUTRAL), why(s)
    assert worlds(s) == [w25] and w34 in pile(s, "discard") and int(s["home"][0]) == ids["home"], why(s)


def test_new_homeworld_is_chosen_from_worlds_outside_the_lost_sector_R22() -> None:
    """R22: the homeworld sector 23 is emptied (row x6: the new world lies in 23, 5 rival cubes remove 3 of his);
    his other world in 23 is discarded too; of the worlds in 34 and 25 he chooses the new homeworld (upkeep 0);
    the old homeworld joins the line (replacing the world numbered 1 there) without cubes."""
    p, ids = solo("challenge", upkeep=2, tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    w23 = p.add(world(23, ["S2"], num=4))
    w34 = p.add(world(34, ["S3"], num=5))
    w25 = p.add(world(25, ["S4"], num=6))
    p.sector(34, 1, 0).sector(25, 1, 0)
    p.player(0, worlds=[w23, w34, w25])
    old_line = p.add(world(52, ["R2"], num=1))
    p.to_line(old_line)
    p.sector(52, 3, "N")
    p.challenges = [p.add("M1")]  # moon: no upkeep cube of that suit can meet it
    new_w = p.add(world(23, ["F3"], num=2, suit="S"))
    p.deck = deck(p.add("M6"), new_w, *p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "REHOME" and int(s["dplayer"]) == 0, why(s)
    assert legal(s) == {("tableau", L.WORLD_SLOT0), ("tableau", L.WORLD_SLOT0 + 1)}, why(s)
    assert w23 in pile(s, "discard") and old_line in pile(s, "discard")
    assert int(s["line"][0]) == ids["home"] and int(s["c_upkeep"][ids["home"]]) == 0
    assert cubes(s, 23) == (2, NEUTRAL)  # 5 rival cubes: 3 of his removed, 2 placed
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)  # the world in 25
    assert int(s["home"][0]) == w25 and worlds(s) == [w34] and int(s["c_upkeep"][w25]) == 0, why(s)


def test_rehome_is_asked_of_the_other_player_during_my_challenge_phase_R22() -> None:
    """R22: "at once, even on another player's turn": a spill empties player 1's homeworld sector 56 during
    player 0's challenge phase; player 1 (with worlds in 55 and 66) picks his new homeworld, then player 0's
    turn goes on (his second challenge is revealed)."""
    p, ids = solo("challenge", players=2, tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    w55 = p.add(world(55, ["S2"], num=6, suit="F"))
    w66 = p.add(world(66, ["S3"], num=3, suit="F"))
    p.sector(55, 1, 1).sector(66, 1, 1)
    p.player(1, worlds=[w55, w66])
    p.sector(46, 5, "N")
    k2 = p.add("K2")
    p.player(0, hand=[k2])
    p.challenges = [p.add("H1"), p.add("K3")]
    p.deck = deck(*p.adds("M5", "K6", "S4", "S6", "R6"), *p.adds(*FILLER))
    s = p.build()
    assert cubes(s, 56) == (0, -1), why(s)
    assert dname(s) == "REHOME" and int(s["dplayer"]) == 1, why(s)
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)  # the world in 66
    assert int(s["home"][1]) == w66 and worlds(s, 1) == [w55], why(s)
    # back to player 0: his second challenge (K) is pending, K2 can meet it
    assert dname(s) == "CHALLENGE" and int(s["dplayer"]) == 0 and int(s["ctx"][0]) == S("K"), why(s)


# ================================================================================ section 3, R24 losing
def test_multiplayer_loss_clears_the_player_and_he_takes_no_more_turns_R24() -> None:
    """Section 3 / R24 default: player 1 fails a challenge (S1: Might -2 from -5: the cross). His tableau and
    hand are discarded (upkeep cubes gone), his homeworld joins the line, each of his sectors gets 1 neutral
    rival instead of his cubes, his remaining challenge is dropped and the next turns are all player 0's."""
    p = Pos(players=2, at="challenge", current=1)
    h0 = p.add(home(23, ["H1"]))
    p.sector(23, 3, 0)
    p.player(0, homeworld=h0)
    h1 = p.add(home(56, ["F1"], num=5, suit="H", upkeep=2))
    t1 = p.add(tech(["H2", "K", "F"], upkeep=1))
    w1 = p.add(world(55, ["S2"], num=6, suit="F"))
    c1 = p.add("R4")
    p.sector(56, 4, 1).sector(55, 2, 1)
    p.player(1, homeworld=h1, techs=[t1], worlds=[w1], hand=[c1], tracks={"M": -5})
    p.challenges = [p.add("S3"), p.add("M3")]
    p.deck = deck(p.add("K1"), *p.adds(*FILLER), *p.adds("R1", "R2", "R3", "R5", "R6", "K2", "K3"))
    s = p.build()
    fail_pending(s)  # (his settled world could meet it; he declines)
    assert s["lost"][1] and not s["over"], why(s)
    assert cubes(s, 56) == (1, NEUTRAL) and cubes(s, 55) == (1, NEUTRAL), why(s)
    assert int(s["line"][4]) == h1 and int(s["home"][1]) < 0
    assert techs(s, 1) == [] and worlds(s, 1) == [] and hand(s, 1) == []
    assert {t1, w1, c1} <= set(pile(s, "discard")) and int(s["c_upkeep"][t1]) == 0
    assert int(s["chal_n"]) == 0
    assert int(s["cur"]) == 0
    turn = int(s["turn"])
    while not s["over"] and int(s["turn"]) < turn + 3:
        assert int(s["cur"]) == 0, why(s)
        a = int(engine.legal_actions(s)[-1])
        engine.apply_action(s, a)


def test_restart_variant_new_homeworld_in_an_empty_sector_on_his_next_turn_R24_R28() -> None:
    """R24 variant "restart", R28: player 1 lost; on his next turn he discards 5 cards and takes one of the
    discarded worlds in an EMPTY sector (the one in 23 is player 0's sector, not offered), with 3 cubes, tracks
    back at the start, no balancing advancements."""
    p = Pos(players=2, at="turn_start", current=1, variant="restart")
    h0 = p.add(home(23, ["H1"]))
    p.sector(23, 3, 0)
    p.player(0, homeworld=h0)
    p.player(1, lost=True, tracks={"M": -6})
    wa = p.add(world(23, ["S2"], num=4))
    wb = p.add(world(44, ["S3"], num=5))
    p.deck = deck(wa, p.add("R1"), wb, p.add("R2"), p.add("R3"), *p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "HOME_PICK" or int(s["home"][1]) == wb, why(s)
    if dname(s) == "HOME_PICK":
        assert legal(s) == {("reveal", 2)}, why(s)
        apply(s, L.B_REVEAL, 2)
    assert int(s["home"][1]) == wb and cubes(s, 44) == (3, 1) and not s["lost"][1], why(s)
    assert [track(s, 1, t) for t in TRACKS] == [0, 0, 0, 0]
    assert int(s["c_slot_num"][wb, 1]) == 0  # no balancing advancement


def test_last_player_left_is_not_held_to_the_solo_wonder_condition_R24_R23() -> None:
    """R24: "a last player left plays on ... (the solo-only condition does not start to apply)": player 1 has
    left; player 0 qualifies (Culture star) with wonders on the map and no settled world: he wins."""
    p = Pos(players=2, at="action", current=0)
    h0 = p.add(home(33, ["R1", "K1", "R2"], num=3, suit="R"))
    ts = [p.add(tech(lines, name=10 + i)) for i, lines in enumerate((["R3", "R4", "K2"], ["K3", "K4", "R5"],
                                                                     ["K5", "S1", "M1"]))]
    p.sector(33, 4, 0)
    p.sector(11, 0, None, wonder="Might", wonder_suit="F").sector(12, 0, None, wonder="Xeno", wonder_suit="F")
    p.player(0, homeworld=h0, techs=ts, tracks={"C": 12})
    p.player(1, lost=True)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert int(s["winner"]) == 0, why(s)


# ================================================================================ R26 the winner's civilization
def test_civilization_table3_effect_is_the_chosen_victory_type_R26() -> None:
    """R26/section 3: with Culture and Might both at the star, the winner picks Might: the civilization card's
    Table 3 effect and the wonder's letter are Might (Table 2 letter M)."""
    p = Pos(players=1, at="action")
    h0 = p.add(home(33, ["R1", "K1", "R2"], num=3, suit="R"))
    ts = [p.add(tech(lines, name=10 + i)) for i, lines in enumerate((["R3", "R4", "K2"], ["K3", "K4", "R5"],
                                                                     ["K5", "S1", "M1"]))]
    p.sector(33, 4, 0)
    p.player(0, homeworld=h0, techs=ts, tracks={"C": 12, "M": 6})
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "VICTORY"
    apply(s, L.B_VICTORY, 3)  # Might
    apply(s, L.B_SUIT, S("K"))  # Table 4 suit
    apply(s, L.B_SUIT, S("R"))  # wonder suit
    assert engine.is_terminal(s)
    c = int(s["n_cards"]) - 1
    assert int(s["c_civ3"][c]) == 3 and int(s["c_civ4"][c]) == S("K")
    assert int(s["wonder"][X(33)]) == 3 and int(s["wonder_suit"][X(33)]) == S("R")


# ================================================================================ stale "paid" flag (R18)
def test_tech_of_a_player_who_left_still_owes_upkeep_for_its_new_owner_R18_R24() -> None:
    """R18: "each unpaid card adds the top deck card to the challenge pile". Player 1 pays upkeep for his tech T
    (H2), then fails S1 (Might -5 -> the cross) and leaves the game (R24): T is discarded. Later T comes up when
    player 0 ADVANCEs from the deck (an incomplete tech joins the tableau, R14). Player 0 never paid T's upkeep
    this turn, so at his payment phase T must be payable and, unpaid, must add a challenge: with homeworld and
    T unpaid, 2 + 1 = 3 challenges."""
    p = Pos(players=2, at="payment", current=1)
    h0 = p.add(home(23, ["S4"]))
    p.sector(23, 3, 0)
    k6, h4 = p.adds("K6", "H4")
    p.player(0, homeworld=h0, hand=[k6, h4])
    h1 = p.add(home(56, ["F1"], num=5, suit="H"))
    t = p.add(tech(["H2", "K", "F"]))
    h2 = p.add("H2")
    p.sector(56, 3, 1)
    p.player(1, homeworld=h1, techs=[t], hand=[h2], tracks={"M": -5})
    # player 1: challenges S3 (homeworld unpaid) and S5 (the extra one); the failure number 1 (S1: Might -2)
    p.deck = deck(*p.adds("S3", "S5", "M1"), *p.adds(*FILLER), *p.adds("R1", "R2", "R3", "R4", "R5", "R6"))
    s = p.build()
    assert dname(s) == "UPKEEP_CARD" and int(s["dplayer"]) == 1, why(s)
    apply(s, L.B_TABLEAU, L.TECH_SLOT0)  # pay T with H2 (the only card that pays: taken at once)
    assert s["lost"][1] and t in pile(s, "discard"), why(s)
    # player 0's turn: start phase / action. T comes up on top of the deck (moved there, as a reshuffle could).
    while dname(s) != "ACTION":
        apply(s, L.B_SPECIAL, L.PASS)
    d = to_dict(s)
    d["piles"]["discard"].remove(t)
    d["piles"]["deck"].append(t)
    s = from_dict(d)
    assert int(s["deck"][s["deck_n"] - 1]) == t
    apply(s, L.B_ACTION, 3)  # ADVANCE, paid by K6
    if dname(s) == "PAY":
        apply(s, L.B_HAND, hand(s).index(k6))
    assert dname(s) == "ADVANCE_TARGET", why(s)
    apply(s, L.B_SPECIAL, L.DECK)
    assert t in techs(s, 0), why(s)
    while int(s["phase"]) != L.PH_PAYMENT and dname(s) != "UPKEEP_CARD":
        acts = engine.legal_actions(s).tolist()
        pas = L.encode(L.B_SPECIAL, L.PASS)
        engine.apply_action(s, pas if pas in acts else acts[0])
    # player 0 holds H4: T (written H2) can be paid
    assert dname(s) == "UPKEEP_CARD", why(s)
    assert L.encode(L.B_TABLEAU, 1 + techs(s, 0).index(t)) in engine.legal_actions(s).tolist(), (
        "T's upkeep was paid by its former owner, not this turn: player 0 must be able to pay it" + why(s))


def test_a_paid_mark_outside_a_tableau_is_refused_by_the_position_reader_R18() -> None:
    """R18: the paid mark (like upkeep cubes) belongs to a homeworld or a tableau tech; a stale mark on a deck
    card would let its next owner skip that card's upkeep, so a position that writes one is refused."""
    p, ids = solo("action", home_lines=["S4"], tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    k6, r2 = p.adds("K6", "R2")
    p.player(0, hand=[k6, r2])
    t = p.add(tech(["H2", "K", "F"], paid=True))
    p.deck = deck(t, *p.adds(*FILLER))
    with pytest.raises(PositionError, match=rf"cards\[{t}\]\.paid: card {t} lies in piles\.deck"):
        p.build()


def test_spill_goes_on_out_of_the_black_hole_R20() -> None:
    """R20: spills may land in the black hole, "a spill goes on out of it like any sector", and it is cleared at
    the end of the challenge phase. Two failures (x5: 3 rival cubes each) both spill from the full sector 26 in
    direction 5 (the black hole): 3, then 2 more fill it (5) and the last cube spills in direction 3 -> 36."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.sector(26, 5, "N")
    p.challenges = [p.add("H1"), p.add("H2")]
    one = ("M5", "K6", "S2", "S6", "R5")  # number 5; line number 6 (empty); sector 2,6 = 26; direction 5
    p.deck = deck(*p.adds(*one), *p.adds(*one), p.add("F3"), *p.adds(*FILLER))
    s = p.build()
    evs = event_strings(s)
    assert "sector BH now holds 5 neutral cubes" in evs, evs
    assert cubes(s, 36) == (1, NEUTRAL), why(s)
    assert int(s["cubes"][0]) == 0  # cleared at the end of the challenge phase


def test_upkeep_cube_on_a_tech_needs_a_written_line_of_the_suit_not_an_empty_one_R19() -> None:
    """R19: an upkeep cube meets a challenge only from a card with a WRITTEN advancement of its suit: the tech
    (H2 written, K and F lines empty) cannot pay a K challenge, though it can pay an H challenge."""
    p, ids = solo("challenge", home_lines=["S1"])
    t = p.add(tech(["H2", "K", "F"], upkeep=2))
    k1 = p.add("K1")
    p.player(0, techs=[t], hand=[k1])
    p.challenges = [p.add("K4"), p.add("H5")]
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert legal(s) == {("hand", 0), ("special", L.FAIL)}, why(s)
    apply(s, L.B_HAND, 0)
    assert dname(s) == "CHALLENGE" and legal(s) == {("tableau", L.TECH_SLOT0), ("special", L.FAIL)}, why(s)
    apply(s, L.B_TABLEAU, L.TECH_SLOT0)
    assert int(s["c_upkeep"][t]) == 1


def test_art_reaching_the_culture_star_wins_at_the_start_of_the_turn_table5_R23() -> None:
    """Table 5 Art (START, C +1, automatic R11) takes Culture 11 -> 12 (the star) with homeworld and 3 complete
    techs: the victory is detected at once (R23), before any action."""
    p = Pos(players=1, at="turn_start")
    h0 = p.add(home(33, ["R1", "K1", "M1"], num=3, suit="R"))
    ts = [p.add(tech(lines, name=10 + i)) for i, lines in enumerate((["R3", "R4", "K2"], ["K3", "K4", "R5"],
                                                                     ["K5", "S1", "R2"]))]
    p.sector(33, 4, 0)
    p.player(0, homeworld=h0, techs=ts, tracks={"C": 11})
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert track(s, 0, "C") == 12 and int(s["winner"]) == 0 and int(s["victory"]) == 2, why(s)


def test_every_player_lost_ends_the_game_with_no_winner_R24() -> None:
    """R24: "the game ends with no winner if every player has lost": player 1 left earlier; player 0 (the last
    one) reaches the cross on Might."""
    p = Pos(players=2, at="challenge", current=0)
    h0 = p.add(home(23, ["H1"]))
    p.sector(23, 3, 0)
    p.player(0, homeworld=h0, tracks={"M": -4})
    p.player(1, lost=True)
    p.challenges = [p.add("S3")]
    p.deck = deck(p.add("M2"), *p.adds(*FILLER))
    s = p.build()
    assert s["over"] and int(s["winner"]) < 0 and list(engine.returns(s)) == [-1.0, -1.0], why(s)


def test_failure_with_a_rival_cube_after_a_track_loss_in_order_table6() -> None:
    """Table 6 "effects apply in the order written": R4 (Rioting worlds): Stability -3 then 1 rival cube; with
    Stability at -3 the cross is reached first (R3) and the rival cube is never placed (no card drawn for it)."""
    p, ids = solo("challenge", tracks={"S": -3})
    p.challenges = [p.add("R1")]
    p.deck = deck(p.add("M4"), *p.adds("K1", "S4", "S4"), *p.adds(*FILLER))
    s = p.build()
    assert s["over"] and track(s, 0, "S") == -6 and cubes(s, 44) == (0, -1), why(s)
