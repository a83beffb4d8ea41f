"""Review 3 scenario tests: PLAN (2.2 action 7), EVOKE (2.2 action 8), Tables 3 and 4, civilization cards in play;
rulings R7, R12, R17, R23, R35, R41 (``/work/shared/rules/RULINGS.md``, ``docs/rulings.md``).

Each test builds an exact position by hand (``docs/position_format.md``), applies decisions and checks what the
rulebook says. Random values come from the stacked deck (1.3, R6): ``deck(...)`` lists cards top first.
Only cases not already covered by ``rules/test_advance_evoke_win.py``, ``rules/test_setup_start_actions.py``,
``rules/test_end_of_turn.py`` and the other review files are here.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from support.scenario_pos import (
    Pos,
    S,
    X,
    apply,
    civ,
    deck,
    dname,
    legal,
    lines,
    sectors_offered,
    tech,
    why,
    world,
)
from support.views import cubes, hand, pile, techs, worlds

from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import ACTION_NAMES, BLANK, DIST, MAX_TECHS

POWER = ACTION_NAMES.index("POWER")
PLAN = ACTION_NAMES.index("PLAN")
EVOKE = ACTION_NAMES.index("EVOKE")
HOME = 23  # homeworld sector in most scenarios; neighbours 22, 31, 34, 25
FILLER = ("M1", "R2", "H3", "F4", "S5", "K6", "M2", "R3")


# ---------------------------------------------------------------------------------------------- helpers
def track(s: np.ndarray, t: int, p: int = 0) -> int:
    return int(s["tracks"][p][t])


def home(lines_: list[Any], sector: int = HOME, num: int = 1, suit: str = "K") -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "world", "sector": sector, "lines": lines_}


def solo(home_lines: list[Any] | None = None, *, hand_cards: tuple[Any, ...] = (), draws: tuple[Any, ...] = FILLER,
         tech_cards: tuple[Any, ...] = (), tracks: Any = None, home_cubes: int = 3) -> tuple[Pos, dict[str, Any]]:
    """Solo, player 0 in his action phase, homeworld (card 0) in 23; ``hand_cards`` in hand; the deck draws
    ``draws`` in order."""
    p = Pos()
    ids: dict[str, Any] = {"home": p.add(home(home_lines or ["K1"]))}
    ids["techs"] = p.adds(*tech_cards)
    ids["hand"] = p.adds(*hand_cards)
    ids["draws"] = p.adds(*draws)
    p.deck = deck(*ids["draws"])
    p.sector(HOME, home_cubes, 0)
    p.player(0, homeworld=ids["home"], techs=ids["techs"], hand=ids["hand"], tracks=tracks or {})
    return p, ids


def act(s: np.ndarray, a: int, pay: int | None = None) -> None:
    """Choose action a; if a PAY decision follows, pay with hand card ``pay``."""
    apply(s, L.B_ACTION, a)
    if dname(s) == "PAY":
        assert pay is not None, why(s)
        apply(s, L.B_HAND, hand(s).index(pay))


# ================================================================================ EVOKE legality (2.2 action 8, R12)
def test_evoke_pay_offers_only_civilization_cards_of_controlled_sectors_2_2_8_R17() -> None:
    """2.2 EVOKE: 'If the player holds a civilization card that matches a sector he controls'. Of two civilization
    cards (sectors 23, controlled, and 44, not) only the first is offered; a world of sector 23 is no EVOKE card."""
    p, ids = solo(hand_cards=(civ("Culture", None, 44), world(23, ["S1"]), civ("Might", None, 23), "S3"))
    s = p.build()
    c44, w23, c23, _ = ids["hand"]
    apply(s, L.B_ACTION, EVOKE)
    # a single legal card is taken without asking (R27)
    assert dname(s) == "ACTION" and track(s, 1) == 2 and c23 in pile(s, "discard"), why(s)
    assert hand(s) == [c44, w23, ids["hand"][3]]


def test_evoke_with_two_playable_civilization_cards_asks_which_2_2_8_R17() -> None:
    p, ids = solo(hand_cards=(civ("Culture", None, 23), civ("Xeno", None, 25), "S3"))
    p.sector(25, 1, 0)
    s = p.build()
    apply(s, L.B_ACTION, EVOKE)
    assert dname(s) == "PAY" and legal(s) == {("hand", 0), ("hand", 1)}, why(s)
    apply(s, L.B_HAND, 1)
    assert track(s, 3) == 2 and track(s, 0) == 0 and hand(s) == [ids["hand"][0], ids["hand"][2]], why(s)
    assert ("action", EVOKE) not in legal(s)  # two *different* actions: the second civilization waits


def test_civilization_card_pays_a_suited_action_by_its_corner_suit_R12() -> None:
    """R12: actions are paid 'with a hand card of the action's suit (any card type, civilization cards included)'.
    A civilization card of corner suit S (sector 44, not controlled) pays POWER."""
    p, ids = solo(hand_cards=(civ("Culture", "S", 44, num=2, csuit="S"),))
    s = p.build()
    assert ("action", EVOKE) not in legal(s) and ("action", POWER) in legal(s), why(s)
    apply(s, L.B_ACTION, POWER)
    assert ids["hand"][0] in pile(s, "discard") and hand(s) == ids["draws"][:2], why(s)
    assert track(s, 0) == 0  # paying POWER with it applies none of its Table 3/4 effects


def test_evoke_as_second_action_after_power_R12() -> None:
    p, ids = solo(hand_cards=("S1", civ("Stability", None, 23)))
    s = p.build()
    act(s, POWER, ids["hand"][0])
    assert ("action", EVOKE) in legal(s), why(s)
    act(s, EVOKE, ids["hand"][1])
    assert track(s, 2) == 2 and int(s["turn"]) == 5 and dname(s) != "ACTION", why(s)


def test_evoke_then_plan_in_the_same_turn_R12() -> None:
    """R12: EVOKE counts as one of the two actions; PLAN may be the second."""
    p, ids = solo(hand_cards=(civ("Culture", None, 23), "S3", "K4"))
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert ("action", PLAN) in legal(s), why(s)
    apply(s, L.B_ACTION, PLAN)
    apply(s, L.B_SUIT, S("H"))
    assert all(c in pile(s, "discard") for c in ids["hand"]), why(s)


def test_plan_first_leaves_no_evoke_R12() -> None:
    """2.2 PLAN: 'The player cannot take any more actions this turn' - not even EVOKE with a playable card: the
    turn goes on to the payment phase."""
    p, ids = solo(hand_cards=(civ("Culture", None, 23),), draws=("M5",) + FILLER)
    s = p.build()
    apply(s, L.B_ACTION, PLAN)
    apply(s, L.B_SUIT, S("K"))
    assert dname(s) != "ACTION" and int(s["n_acts"]) == 2, why(s)
    assert ids["hand"][0] in pile(s, "discard") and track(s, 0) == 0


# ================================================================================ PLAN (2.2 action 7, R12)
def test_plan_new_card_is_a_blank_of_the_chosen_suit_and_drawn_number_R12_R6() -> None:
    """2.2 PLAN: 'creates a new card with a random value but a chosen suit, keeping it in his hand': one discard
    gives the number (F5 -> 5), the card is a new blank of this era joining the pool (R6)."""
    p, ids = solo(hand_cards=("S1", "M2", world(44, ["R1"]), tech(["R1", "S2", "K3"])), draws=("F5",) + FILLER)
    s = p.build()
    n0 = int(s["n_cards"])
    apply(s, L.B_ACTION, PLAN)
    assert dname(s) == "PLAN_SUIT" and legal(s) == {("suit", i) for i in range(6)}, why(s)
    apply(s, L.B_SUIT, S("M"))
    new = n0
    assert int(s["n_cards"]) == n0 + 1
    assert (int(s["c_num"][new]), int(s["c_suit"][new]), int(s["c_type"][new])) == (5, S("M"), BLANK)
    assert int(s["c_era"][new]) == 2
    assert all(c in pile(s, "discard") for c in ids["hand"] + [ids["draws"][0]]), why(s)


def test_plan_with_an_empty_hand_is_legal_R12() -> None:
    p, ids = solo(hand_cards=())
    s = p.build()
    assert ("action", PLAN) in legal(s), why(s)
    n0 = int(s["n_cards"])
    apply(s, L.B_ACTION, PLAN)
    apply(s, L.B_SUIT, S("F"))
    assert int(s["c_suit"][n0]) == S("F") and int(s["c_num"][n0]) == 1  # M1 on top


def test_plan_with_no_card_anywhere_takes_the_number_from_the_generator_R7() -> None:
    """R7: no card in deck or discard: the number comes from the generator (1..6); the hand is still discarded."""
    p, ids = solo(hand_cards=("S1", "R2"), draws=())
    s = p.build()
    n0 = int(s["n_cards"])
    apply(s, L.B_ACTION, PLAN)
    apply(s, L.B_SUIT, S("K"))  # K: it can pay the K1 homeworld's upkeep, so play stops at UPKEEP_CARD
    assert 1 <= int(s["c_num"][n0]) <= 6 and int(s["c_suit"][n0]) == S("K"), why(s)
    assert dname(s) == "UPKEEP_CARD" and sorted(pile(s, "discard")) == sorted(ids["hand"]), why(s)
    assert hand(s) == [n0]


def test_plan_draws_the_number_before_the_hand_is_discarded_R12_R5() -> None:
    """R12 order: 'choose a suit, one discard gives the number, the whole hand is discarded'. With an empty deck
    the discard pile (one card, H4) is shuffled in for the number; the hand's cards are not part of that shuffle."""
    p, ids = solo(hand_cards=("S1", "R2"), draws=())
    (old,) = p.adds("H4")
    p.discard = [old]
    s = p.build()
    n0 = int(s["n_cards"])
    apply(s, L.B_ACTION, PLAN)
    apply(s, L.B_SUIT, S("S"))
    assert int(s["c_num"][n0]) == 4, why(s)


# ================================================================================ Table 3
def test_evoke_territory_into_an_empty_wonder_sector_takes_no_wonder_effect_table3_table2_R17() -> None:
    """Table 3 Territory is no EXPAND: entering an empty wonder sector gives no Table 2 effect (2.2.1: only an
    expand action), even holding a card of the wonder's suit."""
    p, ids = solo(hand_cards=(civ("Territory", None, 23), "S6"))
    p.sector(22, 1, "N").sector(34, 1, "N").sector(25, 1, "N")
    p.sector(31, 0, wonder="Culture", wonder_suit="S")
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert cubes(s, 31) == (1, 0) and dname(s) == "ACTION" and track(s, 0) == 0, why(s)
    assert hand(s) == [ids["hand"][1]]


def test_evoke_population_with_every_sector_full_has_no_effect_table3_R27() -> None:
    p, ids = solo(hand_cards=(civ("Population", "S", 23),), home_cubes=5)
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert dname(s) == "ACTION" and cubes(s, 23) == (5, 0), why(s)
    assert hand(s) == ids["draws"][:3]  # Table 4 still applies


def test_evoke_population_adds_4_into_any_controlled_sector_not_only_the_civilizations_table3() -> None:
    p, ids = solo(hand_cards=(civ("Population", None, 23),))
    p.sector(44, 1, 0)
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert dname(s) == "EVOKE_OWN" and sectors_offered(s) == {23, 44}, why(s)
    apply(s, L.B_SECTOR, X(44))
    assert cubes(s, 44) == (5, 0) and cubes(s, 23) == (3, 0)


def test_evoke_table3_track_stops_at_the_star_R3() -> None:
    p, ids = solo(hand_cards=(civ("Might", None, 23),), tracks={"M": 5})
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert track(s, 1) == 6, why(s)


def test_evoke_table3_culture_win_ends_the_game_before_table4_R23() -> None:
    """R23: winning is checked after every automatic effect; the first moment the conditions hold the game ends.
    Culture 9 + 3 = 12 with a complete homeworld and 3 complete techs: the Table 4 sun draw does not happen."""
    full = tuple(tech(["R1", "F2", "K3"], name=i) for i in range(3))
    p, ids = solo(["K1", "K2", "K3"], hand_cards=(civ("Culture", "S", 23),), tech_cards=full, tracks={"C": 9})
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert int(s["winner"]) == 0 and int(s["victory"]) == 2, why(s)
    assert all(c not in hand(s) for c in ids["draws"][:3])


# ================================================================================ Table 4
def test_evoke_sun_reshuffles_the_discard_pile_when_the_deck_runs_out_table4_R5() -> None:
    """Table 4 sun: draw 3. One card in the deck; the discard pile (with the civilization card just played) is
    shuffled into a new deck for the other two (1.3)."""
    p, ids = solo(hand_cards=(civ("Culture", "S", 23),), draws=("M1",))
    old = p.adds("R2", "H3")
    p.discard = old
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    got = hand(s)
    assert len(got) == 3 and got[0] == ids["draws"][0], why(s)
    assert set(got[1:]) <= set(old + [ids["hand"][0]])


def test_evoke_sun_with_no_card_left_draws_what_there_is_R7() -> None:
    """R7: drawing into a hand simply stops. The deck is empty and the discard pile holds only the civilization
    card itself: it comes back to hand, nothing more."""
    p, ids = solo(hand_cards=(civ("Culture", "S", 23),), draws=())
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert hand(s) == [ids["hand"][0]] and dname(s) == "ACTION", why(s)


def test_evoke_moon_world_in_any_controlled_sector_is_a_new_card_not_from_hand_table4_R17() -> None:
    """Table 4 moon 'Settle on a new world' (R17: a new-card world, whatever the hand): a world card held in hand
    for a controlled sector and a blank stay in hand."""
    p, ids = solo(hand_cards=(civ("Culture", "M", 23), world(44, ["S1"]), "K5"))
    p.sector(44, 1, 0)
    s = p.build()
    n0 = int(s["n_cards"])
    act(s, EVOKE, ids["hand"][0])
    assert dname(s) == "WORLD_SECTOR" and sectors_offered(s) == {23, 44}, why(s)
    apply(s, L.B_SECTOR, X(44))
    assert worlds(s) == [n0] and hand(s) == ids["hand"][1:], why(s)


def test_evoke_heart_with_one_free_place_puts_one_cube_table4_R27() -> None:
    p, ids = solo(hand_cards=(civ("Culture", "R", 23),), home_cubes=4)
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert cubes(s, 23) == (5, 0) and dname(s) == "ACTION", why(s)


def test_evoke_heart_with_every_sector_full_has_no_effect_table4() -> None:
    p, ids = solo(hand_cards=(civ("Culture", "R", 23),), home_cubes=5)
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert cubes(s, 23) == (5, 0) and dname(s) == "ACTION" and track(s, 0) == 3, why(s)


def test_evoke_skull_with_16_techs_offers_only_the_incomplete_one_R41_R17() -> None:
    """R41: with 16 techs no card comes from the deck; the one incomplete tech is the only skull target."""
    full = [tech(["R1", "F2", "K3"], name=i) for i in range(MAX_TECHS - 1)] + [tech(["R1", "F", "K"])]
    p, ids = solo(hand_cards=(civ("Culture", "K", 23),), tech_cards=tuple(full))
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert dname(s) in ("ADVANCE_TARGET", "TECH_LINE"), why(s)
    if dname(s) == "ADVANCE_TARGET":
        assert legal(s) == {("tableau", L.TECH_SLOT0 + MAX_TECHS - 1)}, why(s)
        apply(s, L.B_TABLEAU, L.TECH_SLOT0 + MAX_TECHS - 1)
    apply(s, L.B_SUIT, S("K"))
    assert dname(s) == "CIRCLE", why(s)
    apply(s, L.B_NUMBER, 3)
    assert lines(s, ids["techs"][-1]) == ["R1", "F", "K4*"] and len(techs(s)) == MAX_TECHS


def test_evoke_skull_from_deck_incomplete_tech_free_pick_of_the_value_R35() -> None:
    """R14/R17: an incomplete tech from the deck joins the tableau; R35 free pick of the advancement filled even
    though that tech already has a circled advancement."""
    t = tech([{"suit": "S", "num": 1, "circled": True}, "H", "F"])
    p, ids = solo(hand_cards=(civ("Culture", "K", 23),), draws=(t,) + FILLER)
    s = p.build()
    new_tech = ids["draws"][0]
    act(s, EVOKE, ids["hand"][0])
    assert dname(s) == "ADVANCE_TARGET" or dname(s) == "TECH_LINE", why(s)
    if dname(s) == "ADVANCE_TARGET":
        apply(s, L.B_SPECIAL, L.DECK)
    assert techs(s) == [new_tech] and dname(s) == "TECH_LINE", why(s)
    apply(s, L.B_SUIT, S("F"))
    assert dname(s) == "CIRCLE", why(s)
    apply(s, L.B_NUMBER, 2)
    assert lines(s, new_tech) == ["S1*", "H", "F3*"]


def test_evoke_skull_has_no_chemistry_redraw_on_new_tech_suits_2_2_8() -> None:
    """'There are no advancements that affect this action': Chemistry (K5) on the homeworld offers no redraw of
    the suits of a tech made from the deck."""
    p, ids = solo(["K5"], hand_cards=(civ("Culture", "K", 23),), draws=("F5", "H1", "M2", "S4", "K6", "R1"))
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    for _ in range(3):
        assert dname(s) == "PICK_LINE_SUIT", why(s)
        apply(s, L.B_SPECIAL, L.GENERATE)
    assert dname(s) == "TECH_LINE", why(s)


def test_evoke_hand_adds_1_to_any_track_including_culture_table4() -> None:
    p, ids = solo(hand_cards=(civ("Xeno", "H", 23),))
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert dname(s) == "TRACK_GAIN" and legal(s) == {("track", t) for t in range(4)}, why(s)
    apply(s, L.B_TRACK, 0)
    assert [track(s, t) for t in range(4)] == [1, 0, 0, 2]


def test_evoke_hand_rival_cube_adjacent_to_a_sector_placed_by_table3_territory_R17() -> None:
    """R17: Table 3 first, then Table 4; 'adjacent' means adjacent to a sector you control - also one gained by the
    Table 3 Territory cube. 23's neighbours: 22 empty; the rival in 21 is adjacent only to 22."""
    p, ids = solo(hand_cards=(civ("Territory", "H", 23),))
    p.sector(31, 1, "N").sector(34, 1, "N").sector(25, 1, "N")
    p.sector(21, 2, "N")
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    # the only empty sector next to 23 is 22: taken without asking (R27)
    assert cubes(s, 22) == (1, 0) and dname(s) == "TRACK_GAIN", why(s)
    apply(s, L.B_TRACK, 2)
    assert dname(s) == "EVOKE_RIVAL" and 21 in sectors_offered(s), why(s)
    apply(s, L.B_SECTOR, X(21))
    assert int(s["cubes"][X(21)]) == 1 and cubes(s, 22) == (1, 0), why(s)


def test_evoke_foot_never_into_the_black_hole_and_no_ftl_R17() -> None:
    """R17 foot: two different *adjacent* sectors (no FTL, FTL = F5 on the homeworld), never the black hole. From
    16 (5 cubes) the black hole is adjacent but never offered."""
    p = Pos()
    h = p.add(home(["F5"], sector=16))
    cv = p.add(civ("Culture", "F", 16))
    p.deck = deck(*p.adds(*FILLER))
    p.sector(16, 5, 0)
    p.player(0, homeworld=h, hand=[cv])
    s = p.build()
    act(s, EVOKE, cv)
    if dname(s) == "FOOT_FROM":
        apply(s, L.B_SECTOR, X(16))
    assert dname(s) == "FOOT_TO", why(s)
    offered = sectors_offered(s)
    assert 0 not in offered and offered and all(DIST[X(16), X(y)] == 1 for y in offered), offered


def test_evoke_foot_into_an_empty_wonder_sector_takes_no_wonder_effect_R17() -> None:
    p, ids = solo(hand_cards=(civ("Culture", "F", 23), "S6"), home_cubes=5)
    p.sector(22, 0, wonder="Might", wonder_suit="S")
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    if dname(s) == "FOOT_FROM":
        apply(s, L.B_SECTOR, X(23))
    apply(s, L.B_SECTOR, X(22))
    apply(s, L.B_COUNT, 1)
    apply(s, L.B_SECTOR, X(31))
    apply(s, L.B_COUNT, 1)
    assert cubes(s, 22) == (1, 0) and cubes(s, 31) == (1, 0) and cubes(s, 23) == (3, 0), why(s)
    assert dname(s) == "ACTION" and track(s, 1) == 0 and hand(s) == [ids["hand"][1]], why(s)


def test_evoke_foot_with_only_one_destination_has_no_effect_R17() -> None:
    """R17 foot needs two different adjacent sectors; 23 (5 cubes) has one free neighbour (31): no effect."""
    p, ids = solo(hand_cards=(civ("Culture", "F", 23),), home_cubes=5)
    p.sector(22, 1, "N").sector(34, 1, "N").sector(25, 1, "N")
    s = p.build()
    act(s, EVOKE, ids["hand"][0])
    assert dname(s) == "ACTION" and cubes(s, 23) == (5, 0) and cubes(s, 31) == (0, -1), why(s)


def test_evoke_hand_empties_other_players_homeworld_he_rehomes_R22() -> None:
    """Table 4 hand removes player 1's last cube in his homeworld sector 22 (adjacent to 23); he holds a settled
    world in 44, which becomes his new homeworld (R22), on player 0's turn; player 0's turn then goes on."""
    p = Pos(players=2)
    h0 = p.add(home(["K1"]))
    h1 = p.add(home(["S1"], sector=22, num=2, suit="M"))
    w1 = p.add(world(44, ["R2"]))
    w1b = p.add(world(45, ["R3"]))
    cv = p.add(civ("Culture", "H", 23))
    p.deck = deck(*p.adds(*FILLER))
    p.sector(23, 3, 0).sector(22, 1, 1).sector(44, 2, 1).sector(45, 1, 1)
    p.player(0, homeworld=h0, hand=[cv])
    p.player(1, homeworld=h1, worlds=[w1, w1b])
    s = p.build()
    act(s, EVOKE, cv)
    apply(s, L.B_TRACK, 1)
    # 22 is the only adjacent rival sector: its cube is removed without asking (R27)
    assert cubes(s, 22) == (0, -1) and dname(s) == "REHOME" and int(s["dplayer"]) == 1, why(s)
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)
    assert int(s["home"][1]) == w1b and worlds(s, 1) == [w1] and not bool(s["lost"][1]), why(s)
    assert dname(s) == "ACTION" and int(s["dplayer"]) == 0 and h1 in [int(c) for c in s["line"]], why(s)


# ================================================================================ civilization cards in play
def test_civilization_card_meets_a_challenge_of_its_corner_suit_2_4_R19() -> None:
    """2.4/R19: 'Discard a card from his hand matching the suit of the challenge' - a civilization card is a hand
    card like any other: its corner suit (H) meets an H challenge."""
    p, ids = solo(hand_cards=(civ("Culture", "S", 44, num=3, csuit="H"),))
    p.at = "challenge"
    (ch,) = p.adds("H2")
    p.challenges = [ch]
    s = p.build()
    assert dname(s) == "CHALLENGE" and ("hand", 0) in legal(s), why(s)
    apply(s, L.B_HAND, 0)
    assert ids["hand"][0] in pile(s, "discard") and ids["hand"][0] not in hand(s), why(s)
    assert [track(s, t) for t in range(4)] == [0, 0, 0, 0]  # met: no Table 6 effect, no Table 3/4 effect


def test_evoke_hand_empties_another_players_settled_world_sector_the_world_is_discarded_R22() -> None:
    """Table 4 hand removes player 1's last cube in 22, where his settled world lies: the world is discarded
    (2.2.1 / R22); his homeworld elsewhere stays."""
    p = Pos(players=2)
    h0 = p.add(home(["K1"]))
    h1 = p.add(home(["S1"], sector=44, num=2, suit="M"))
    w1 = p.add(world(22, ["R2"]))
    cv = p.add(civ("Culture", "H", 23))
    p.deck = deck(*p.adds(*FILLER))
    p.sector(23, 3, 0).sector(22, 1, 1).sector(44, 2, 1)
    p.player(0, homeworld=h0, hand=[cv])
    p.player(1, homeworld=h1, worlds=[w1])
    s = p.build()
    act(s, EVOKE, cv)
    apply(s, L.B_TRACK, 3)
    assert cubes(s, 22) == (0, -1) and worlds(s, 1) == [] and w1 in pile(s, "discard"), why(s)
    assert int(s["home"][1]) == h1 and not bool(s["lost"][1]) and dname(s) == "ACTION"

# ================================================================================ review 3 question, ruled (R46)
def test_evoke_moon_new_world_does_not_reveal_the_hand_table4_r13_r17_r46() -> None:
    """R46: EVOKE moon settles on a new card whatever the hand holds (R17), so it reveals nothing: SETTLE's reveal
    (R13) shows that the hand held no world (and no blank, for a new card), which the moon does not require."""
    p = Pos(players=2)
    h0 = p.add(home(["K1"]))
    h1 = p.add(home(["S1"], sector=44, num=2, suit="M"))
    cv = p.add(civ("Culture", "M", 23))
    kept = p.add("R5")
    p.deck = deck(*p.adds(*FILLER))
    p.sector(23, 3, 0).sector(44, 2, 1)
    p.player(0, homeworld=h0, hand=[cv, kept])
    p.player(1, homeworld=h1)
    s = p.build()
    worlds_before = int(s["worlds_n"][0])
    act(s, EVOKE, cv)  # one controlled sector: the new world goes to 23 at once
    assert hand(s) == [kept] and int(s["worlds_n"][0]) == worlds_before + 1
    assert int(s["c_known"][kept]) & 0b10 == 0, "player 1 does not see player 0's hand"
