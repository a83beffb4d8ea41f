"""Rule scenario tests for the actions POWER, SETTLE, GROW, BATTLE and EXPAND (rulebook 2.2; rulings R3, R10-R13,
R15, R16, R22, R27, R34, R38).

Each test builds an exact position by hand (``support.position.player0``), applies the decisions and checks the
outcome. The deck is listed bottom to top: the last card listed is drawn first, so every random value is stacked.
Sectors are written by their printed numbers; the map around the homeworld sector 23 is::

    23 touches 22, 25, 31, 34          24 touches 13, 15, 21, 22, 25, 26
    25 touches 22, 23, 24, 26, 34, 36  the black hole 0 touches 16, 26, 36, 46, 56, 66
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import invariants
from support.position import player0

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import (
    BATTLE,
    CULTURE,
    EXPAND,
    GROW,
    MIGHT,
    POWER,
    SECTOR_IDS,
    SETTLE,
    STABILITY,
    WORLD,
    XENO,
)
from df_env.games.deep_future.engine.text.render import action_to_string, decision_to_string, render_text

X = {int(n): i for i, n in enumerate(SECTOR_IDS)}  # printed sector number -> index


# ---------------------------------------------------------------------------------------------- harness
def build(*, taken: tuple[str, ...] = (), **cards: Any) -> tuple[np.ndarray, dict[str, Any]]:
    """Player 0 in his action phase (:func:`support.position.player0`): his homeworld (card 0) in ``home_sector``
    with 3 cubes. Returns the state and the card ids by place (``ids["hand"][i]`` is the i-th hand card...)."""
    return player0("action", taken=taken, **cards)


def legal(s: np.ndarray) -> list[str]:
    return [action_to_string(s, int(a)) for a in engine.legal_actions(s)]


def ok(s: np.ndarray, block: int, index: int) -> bool:
    return bool(s["mask"][L.encode(block, index)])


def do(s: np.ndarray, block: int, index: int) -> None:
    """Apply one legal decision and check the invariants."""
    a = L.encode(block, index)
    assert s["mask"][a], f"{L.BLOCK_NAMES[block]} {index} illegal at {decision_to_string(s)}; legal: {legal(s)}"
    engine.apply_action(s, a)
    invariants.check(s)


def dk(s: np.ndarray) -> str:
    return L.DECISIONS[int(s["dk"])][0]


def action(s: np.ndarray, a: int, pay_slot: int | None = None) -> None:
    """Choose action ``a``; pay with hand slot ``pay_slot`` if the payment is still to be chosen (R27)."""
    do(s, L.B_ACTION, a)
    if pay_slot is not None and dk(s) == "PAY":
        do(s, L.B_HAND, pay_slot)


def hand(s: np.ndarray, p: int = 0) -> list[int]:
    return [int(c) for c in s["hand"][p, : s["hand_n"][p]]]


def worlds(s: np.ndarray, p: int = 0) -> list[int]:
    return [int(c) for c in s["worlds"][p, : s["worlds_n"][p]]]


def discard(s: np.ndarray) -> list[int]:
    return [int(c) for c in s["discard"][: s["discard_n"]]]


def cubes(s: np.ndarray, n: int) -> tuple[int, int]:
    """(cubes, owner) of printed sector n."""
    return int(s["cubes"][X[n]]), int(s["owner"][X[n]])


def track(s: np.ndarray, t: int, p: int = 0) -> int:
    return int(s["tracks"][p, t])


def written(s: np.ndarray, c: int) -> list[tuple[int, int]]:
    """(suit, number) of the written advancement lines of card c."""
    return [(int(s["c_slot_suit"][c, k]), int(s["c_slot_num"][c, k])) for k in range(3) if s["c_slot_num"][c, k]]


BLANKS = ("S2", "M3", "R4", "K5", "H6", "F1", "S3", "M4")


# ---------------------------------------------------------------------------------------------- POWER
def test_power_draws_two_and_is_paid_with_a_sun_card_r12():
    s, ids = build(hand=("S1", "K2"), deck=BLANKS)
    top2 = ids["deck"][-2:]
    action(s, POWER)
    assert dk(s) == "ACTION", render_text(s)
    assert sorted(hand(s)) == sorted([ids["hand"][1], *top2])
    assert discard(s) == [ids["hand"][0]], "the paying card is discarded"
    assert s["deck_n"] == len(BLANKS) - 2


def test_power_energy_draws_one_more_each_r11():
    s, ids = build(hand=("S1",), home_lines=("S6", "S6"), deck=BLANKS)
    action(s, POWER)
    assert len(hand(s)) == 4, "2 + 2 Energy"
    assert s["deck_n"] == len(BLANKS) - 4


def test_power_industry_discard_one_draw_two_optional_each_instance():
    s, ids = build(hand=("S1", "K2"), home_lines=("S5", "S5"), deck=BLANKS)
    action(s, POWER)
    assert dk(s) == "INDUSTRY", decision_to_string(s)
    assert ok(s, L.B_SPECIAL, L.PASS), "Industry is optional"
    k2 = ids["hand"][1]
    do(s, L.B_HAND, hand(s).index(k2))  # first Industry: discard K2, draw 2
    assert k2 in discard(s) and len(hand(s)) == 4
    assert dk(s) == "INDUSTRY", "the second Industry instance is offered too"
    do(s, L.B_SPECIAL, L.PASS)
    assert dk(s) == "ACTION" and len(hand(s)) == 4 and s["deck_n"] == len(BLANKS) - 4


def test_power_devices_empire_labor_raise_tracks_r11():
    s, _ = build(hand=("S1",), home_lines=("F4", "F3", "R2"), deck=BLANKS, tracks={"C": 1, "M": 2, "S": 3})
    action(s, POWER)
    assert (track(s, CULTURE), track(s, MIGHT), track(s, STABILITY)) == (3, 3, 4)


def test_power_track_gains_stop_at_the_star_r3():
    s, _ = build(hand=("S1",), home_lines=("F4", "F3", "R2"), deck=BLANKS, tracks={"C": 11, "M": 6, "S": 5})
    action(s, POWER)
    assert (track(s, CULTURE), track(s, MIGHT), track(s, STABILITY)) == (12, 6, 6)


def test_two_different_actions_power_once_per_turn_r12():
    s, _ = build(hand=("S1", "S2"), deck=BLANKS)
    action(s, POWER, 0)
    assert dk(s) == "ACTION"
    assert not ok(s, L.B_ACTION, POWER), "the same action cannot be taken twice"


# ---------------------------------------------------------------------------------------------- R10 sources
def test_settled_world_is_consumed_for_its_advancements_r10():
    world = {"num": 3, "suit": "S", "type": "world", "sector": 23, "lines": ["S6"]}  # Energy: POWER
    s, ids = build(hand=("S1",), worlds=(world,), deck=BLANKS)
    action(s, POWER)
    assert dk(s) == "BOOST", decision_to_string(s)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert worlds(s) == [] and ids["worlds"][0] in discard(s), "a settled world is discarded after use"
    assert len(hand(s)) == 3, "2 + 1 Energy from the consumed world"


def test_boost_can_be_declined_and_world_kept_r11():
    world = {"num": 3, "suit": "S", "type": "world", "sector": 23, "lines": ["S6"]}
    s, ids = build(hand=("S1",), worlds=(world,), deck=BLANKS)
    action(s, POWER)
    do(s, L.B_SPECIAL, L.PASS)
    assert worlds(s) == ids["worlds"] and len(hand(s)) == 2


def test_complete_hand_tech_matches_by_action_column_not_suit_r10():
    # a complete tech of corner suit K with Energy (S6, POWER), Devices (F4, POWER) and Genetics (R6, GROW)
    tech = {"num": 4, "suit": "K", "type": "tech", "lines": ["S6", "F4", "R6"]}
    incomplete = {"num": 5, "suit": "S", "type": "tech", "lines": ["S6", "F", "K"]}
    s, ids = build(hand=("S1", tech, incomplete), deck=BLANKS)
    action(s, POWER, 0)
    assert dk(s) == "BOOST", decision_to_string(s)
    assert ok(s, L.B_HAND, 0) and not ok(s, L.B_HAND, 1), "only a complete tech in hand can be consumed"
    do(s, L.B_HAND, 0)
    assert ids["hand"][1] in discard(s)
    assert track(s, CULTURE) == 2, "Devices of the consumed tech applies"
    assert len(hand(s)) == 1 + 3, "the incomplete tech stays, 2 + 1 Energy drawn"


def test_tableau_tech_incomplete_slots_count_r10():
    tech = {"num": 5, "suit": "S", "type": "tech", "lines": ["S6", "F", "K"]}
    s, _ = build(hand=("S1",), techs=(tech,), deck=BLANKS)
    action(s, POWER)
    assert len(hand(s)) == 3, "Energy written on an incomplete tableau tech applies"


def test_world_in_hand_is_never_a_source_r10():
    world = {"num": 3, "suit": "S", "type": "world", "sector": 45, "lines": ["S6"]}
    s, _ = build(hand=("S1", world), deck=BLANKS)
    action(s, POWER, 0)
    assert dk(s) == "ACTION" and len(hand(s)) == 3, "no BOOST, no Energy from a world in hand"


# ---------------------------------------------------------------------------------------------- SETTLE
def world(num: int, suit: str, sector: int, *lines: str) -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "world", "sector": sector, "lines": list(lines)}


def test_settle_world_from_hand_in_controlled_sector_then_draw_one_r13():
    w_ok, w_far, w_ok2 = world(3, "S", 23, "S2"), world(4, "H", 45, "H2"), world(5, "R", 24, "R2")
    s, ids = build(hand=("M1", w_ok, w_far, w_ok2, "S4"), sectors={24: {"cubes": 1, "owner": 0}}, deck=BLANKS)
    action(s, SETTLE, 0)
    assert dk(s) == "SETTLE_SOURCE", decision_to_string(s)
    assert ok(s, L.B_HAND, 0) and ok(s, L.B_HAND, 2) and not ok(s, L.B_HAND, 1), "a world in a controlled sector"
    assert not ok(s, L.B_HAND, 3), "worlds in hand: no blank"
    assert not ok(s, L.B_SPECIAL, L.NEW_WORLD), "worlds in hand: no new card without Society"
    do(s, L.B_HAND, 0)
    assert worlds(s) == [ids["hand"][1]]
    assert written(s, ids["hand"][1]) == [(0, 2)], "a world from hand keeps its advancements"
    assert hand(s) == [ids["hand"][2], ids["hand"][3], ids["hand"][4], ids["deck"][-1]], "then draw 1"


def test_settle_illegal_with_worlds_in_hand_none_in_controlled_sectors_r13():
    s, _ = build(hand=("M1", world(4, "H", 45, "H2"), "S2"), deck=BLANKS)
    assert not ok(s, L.B_ACTION, SETTLE), legal(s)


def test_settle_from_the_line_whatever_the_hand_conquest_free_power_and_advance_r13():
    lw = world(5, "S", 23, "H1")  # Economy: a start advancement, nothing to consume for POWER or ADVANCE
    s, ids = build(hand=("M1", world(4, "H", 45, "H2"), "S3"), line=(lw,), deck=BLANKS * 2)
    assert ok(s, L.B_ACTION, SETTLE), "a line world in a controlled sector is always available"
    action(s, SETTLE)  # the line world is the only source (R27 takes it)
    assert worlds(s) == [ids["line"]["5"]] and s["line"][4] == -1
    # the free POWER drew 2 (no card paid), then the free ADVANCE asks its target
    assert len(hand(s)) == 2 + 2, render_text(s)
    assert dk(s) == "ADVANCE_TARGET", decision_to_string(s)
    do(s, L.B_SPECIAL, L.DECK)
    while dk(s) not in ("ACTION", "NONE"):
        do(s, *L.block_of(int(engine.legal_actions(s)[0])))
    assert dk(s) == "ACTION"
    assert int(s["n_acts"]) == 1, "the free POWER and ADVANCE are not among the two actions"
    assert len(s["techs"][0, : s["techs_n"][0]]) == 1, "the free ADVANCE drew a tech"
    assert ok(s, L.B_ACTION, POWER), "POWER can still be taken as the second action"


def test_settle_conquest_free_power_even_after_power_was_taken_r13():
    lw = world(5, "S", 23, "H1")
    s, _ = build(hand=("M1", world(4, "H", 45, "H2")), line=(lw,), deck=BLANKS * 2, taken=("POWER",))
    action(s, SETTLE)
    assert len(hand(s)) == 1 + 2 and dk(s) == "ADVANCE_TARGET", render_text(s)


def test_settle_conquest_free_power_gets_its_advancements_r13():
    lw = world(5, "S", 23, "H1")
    s, _ = build(hand=("M1",), home_lines=("S6", "F4"), line=(lw,), deck=BLANKS * 2)
    action(s, SETTLE)
    assert dk(s) == "SETTLE_SOURCE" and ok(s, L.B_SPECIAL, L.NEW_WORLD), "empty hand: a new card or the line"
    do(s, L.B_LINE, 4)
    assert len(hand(s)) == 3, "free POWER with Energy: 2 + 1"
    assert track(s, CULTURE) == 2, "Devices applies to the free POWER"


def test_settle_blank_becomes_world_in_chosen_sector_random_advancement_draw_one_ends_reveal_r13_r38():
    # deck top first: K (suit of the advancement), 3 (its number) -> K3 Ecology; then the card drawn
    deck = ("F6", "H2", "R3", "K1")
    s, ids = build(hand=("M1", "S4", "H5"), sectors={24: {"cubes": 1, "owner": 0}}, deck=deck, players=2)
    action(s, SETTLE, 0)
    assert dk(s) == "SETTLE_SOURCE"
    assert ok(s, L.B_HAND, 0) and ok(s, L.B_HAND, 1), "any blank"
    assert not ok(s, L.B_SPECIAL, L.NEW_WORLD), "a blank in hand: no new card"
    do(s, L.B_HAND, 0)  # S4
    assert dk(s) == "WORLD_SECTOR" and ok(s, L.B_SECTOR, X[24]) and ok(s, L.B_SECTOR, X[23])
    assert not ok(s, L.B_SECTOR, X[56]), "only a sector he controls"
    do(s, L.B_SECTOR, X[24])
    c = ids["hand"][1]
    assert worlds(s) == [c] and s["c_type"][c] == WORLD and s["c_sector"][c] == X[24]
    assert (s["c_num"][c], s["c_suit"][c]) == (4, 0), "the blank keeps its corner"
    assert written(s, c) == [(3, 3)] and s["c_circled"][c] == 0, "one random advancement, not circled"
    assert hand(s) == [ids["hand"][2], ids["deck"][1]], "draw 1 after the world is placed (R38)"
    # R13: the hand was revealed to player 1 "until his hand changes": the settle's own draw changed it
    assert not s["c_known"][ids["hand"][2]] & 2, "the draw ended the reveal (R13)"
    assert track(s, XENO) == 0, "the world's Ecology is not applied to the SETTLE that made it"


def test_settle_new_card_when_no_world_and_no_blank_no_draw_r13():
    # only a tech in hand besides the payment; new card: number 6 then suit F; advancement: suit H then number 2
    tech = {"num": 2, "suit": "R", "type": "tech", "lines": ["R1", "K", "S"]}
    deck = ("S1", "K4", "H5", "F1", "S6")  # drawn: S6 (number 6), F1 (suit F), H5 (suit H), K4 (number 4)
    s, ids = build(hand=("M1", tech), deck=deck, players=2)
    action(s, SETTLE)  # the only source is a new card, the only sector 23 (R27 takes both)
    (c,) = worlds(s)
    assert c not in ids["deck"] and (s["c_num"][c], s["c_suit"][c]) == (6, 5)
    assert written(s, c) == [(4, 4)], "H4 Construction"
    assert hand(s) == [ids["hand"][1]], "no draw from a new card"
    assert s["c_known"][ids["hand"][1]] & 2, "the hand was revealed"
    assert int(s["deck_n"]) == 1


def test_settle_society_new_card_whatever_the_hand_and_no_reveal_r13():
    w = world(3, "S", 23, "S2")
    deck = ("S1", "K4", "H5", "F1", "S6")
    s, ids = build(hand=("M1", w), home_lines=("M6",), deck=deck, players=2)
    action(s, SETTLE)
    assert ok(s, L.B_SPECIAL, L.NEW_WORLD) and ok(s, L.B_HAND, 0)
    do(s, L.B_SPECIAL, L.NEW_WORLD)  # the only sector 23: R27
    assert len(worlds(s)) == 1 and worlds(s)[0] != ids["hand"][1]
    assert hand(s) == [ids["hand"][1]]
    assert s["c_known"][ids["hand"][1]] == 0, "Society: the hand stays hidden"


def test_settle_society_from_consumable_source_makes_settle_legal_r34():
    # a world in hand in a far sector only: SETTLE needs Society, which a settled world can give
    sw = world(2, "M", 23, "M6")
    s, ids = build(hand=("M1", world(4, "H", 45, "H2")), worlds=(sw,), deck=BLANKS)
    assert ok(s, L.B_ACTION, SETTLE), legal(s)
    n_disc = len(discard(s))
    action(s, SETTLE)
    # going on needs the Society first (R34): consuming the world is the only choice, then a new card is the only
    # source: R27 takes both
    assert dk(s) == "ACTION", decision_to_string(s)
    assert ids["worlds"][0] in discard(s) and len(discard(s)) > n_disc
    (c,) = worlds(s)
    assert c not in ids["hand"] and ids["hand"][1] in hand(s)


def test_settle_paying_card_does_not_count_r34():
    # the only Society is on the complete tech of suit M that would pay for SETTLE
    tech = {"num": 1, "suit": "M", "type": "tech", "lines": ["M6", "S2", "S3"]}
    s, _ = build(hand=(tech, world(4, "H", 45, "H2")), deck=BLANKS)
    assert not ok(s, L.B_ACTION, SETTLE), legal(s)


def test_settle_society_tech_in_hand_cannot_pay_but_can_be_consumed_r34_r10():
    tech = {"num": 1, "suit": "M", "type": "tech", "lines": ["M6", "S2", "S3"]}
    s, ids = build(hand=(tech, "M1", world(4, "H", 45, "H2")), deck=BLANKS, players=2)
    # only M1 may pay: paying with the tech would leave no source (R34); then BOOST must consume the tech (going
    # on is not yet possible), a new card is the only source and 23 the only sector: R27 takes each single choice
    action(s, SETTLE)
    assert dk(s) == "ACTION", decision_to_string(s)
    assert ids["hand"][1] in discard(s) and ids["hand"][0] in discard(s), "M1 paid, the Society tech was consumed"
    assert hand(s) == [ids["hand"][2]] and len(worlds(s)) == 1
    assert s["c_known"][ids["hand"][2]] == 0, "Society from a consumed tech: the hand stays hidden"


def test_settle_government_adds_advancements_and_offers_circling_r13_r11():
    # Government x2 on the homeworld: 1 random + 2 more (up to 3). Deck top first: K, 3 (random K3), then
    # the first Government: suit H, circle offered (none circled yet) -> choose H6; the second: suit S then 1
    deck = ("F5", "S1", "S2", "H4", "R3", "K1")
    s, ids = build(hand=("M1", "S4"), home_lines=("M5", "M5"), deck=deck)
    action(s, SETTLE)  # a blank, the only sector: R27
    assert dk(s) == "CIRCLE", decision_to_string(s)
    do(s, L.B_NUMBER, 5)  # circle H6 Defense
    assert dk(s) == "ACTION", decision_to_string(s)
    c = ids["hand"][1]
    assert written(s, c) == [(3, 3), (4, 6), (0, 1)]
    assert s["c_circled"][c] == 2, "only the chosen one is circled; no second circle once one is circled"
    assert hand(s) == [ids["deck"][0]], "the card is drawn after all the advancements (R38)"


def test_settle_government_up_to_three_advancements_r13():
    # a world from hand with 2 advancements and 2 Government: only 1 more line is free
    w = world(3, "S", 23, "S2", "S3")
    deck = ("F5", "S1", "S2", "H4")
    s, ids = build(hand=("M1", w), home_lines=("M5", "M5"), deck=deck)
    action(s, SETTLE)
    assert dk(s) == "CIRCLE"
    do(s, L.B_SPECIAL, L.GENERATE)  # suit H, number 2
    c = ids["hand"][1]
    assert dk(s) == "ACTION" and written(s, c) == [(0, 2), (0, 3), (4, 2)]
    assert int(s["deck_n"]) == 1, "one advancement generated (2 cards), then 1 card drawn"


def test_settle_government_no_circle_when_the_world_has_a_circled_advancement_r13_r14():
    w = world(3, "S", 23, {"suit": "S", "num": 2, "circled": True})
    deck = ("F5", "S1", "H4")  # Government: suit H (no circling offered), number 1
    s, ids = build(hand=("M1", w), home_lines=("M5",), deck=deck)
    action(s, SETTLE)
    assert dk(s) == "ACTION", decision_to_string(s)
    assert written(s, ids["hand"][1]) == [(0, 2), (4, 1)] and s["c_circled"][ids["hand"][1]] == 1


def test_settle_government_applies_to_a_conquered_line_world_r13():
    lw = world(5, "S", 23, "H1")
    deck = BLANKS + ("F5", "S3", "R4")  # Government: suit R, circle offered -> generate: number 3
    s, ids = build(hand=("M1", world(4, "H", 45, "H2")), home_lines=("M5",), line=(lw,), deck=deck)
    action(s, SETTLE)
    assert dk(s) == "CIRCLE", decision_to_string(s)
    do(s, L.B_SPECIAL, L.GENERATE)
    assert written(s, ids["line"]["5"]) == [(4, 1), (2, 3)]
    assert s["c_circled"][ids["line"]["5"]] == 0


def test_settle_leisure_medicine_ecology_raise_tracks_r11():
    s, _ = build(hand=("M1", world(3, "S", 23, "S2")), home_lines=("M2", "R4", "K3"), deck=BLANKS)
    action(s, SETTLE)
    assert (track(s, CULTURE), track(s, STABILITY), track(s, XENO)) == (2, 1, 1)


# ---------------------------------------------------------------------------------------------- GROW
def test_grow_two_cubes_in_own_sector_up_to_five_r27():
    s, _ = build(
        hand=("R1",), sectors={23: {"cubes": 4, "owner": 0}, 24: {"cubes": 5, "owner": 0}, 25: {"cubes": 1, "owner": 0}}
    )
    action(s, GROW)
    assert dk(s) == "GROW_TARGET"
    assert ok(s, L.B_SECTOR, X[23]) and ok(s, L.B_SECTOR, X[25]) and not ok(s, L.B_SECTOR, X[24])
    do(s, L.B_SECTOR, X[23])
    assert cubes(s, 23) == (5, 0), "up to 5"


def test_grow_cannot_be_taken_if_no_cube_can_be_placed_r27():
    s, _ = build(hand=("R1",), sectors={23: {"cubes": 5, "owner": 0}})
    assert not ok(s, L.B_ACTION, GROW), legal(s)


def test_grow_genetics_adds_two_more_r27():
    s, _ = build(hand=("R1",), home_lines=("R6",), sectors={23: {"cubes": 1, "owner": 0}})
    action(s, GROW)
    assert cubes(s, 23) == (5, 0), "2 + 2 Genetics (R27 chose the only sector)"


def test_grow_biology_one_cube_each_in_different_other_sectors_r27():
    sectors = {23: {"cubes": 1, "owner": 0}, 24: {"cubes": 1, "owner": 0}, 25: {"cubes": 4, "owner": 0}}
    s, _ = build(hand=("R1",), home_lines=("R5", "R5", "R5"), sectors=sectors)
    action(s, GROW)
    do(s, L.B_SECTOR, X[23])
    assert dk(s) == "BIOLOGY"
    assert not ok(s, L.B_SECTOR, X[23]) and ok(s, L.B_SECTOR, X[24]) and ok(s, L.B_SECTOR, X[25])
    do(s, L.B_SECTOR, X[25])
    assert dk(s) == "BIOLOGY" and not ok(s, L.B_SECTOR, X[25]), "different sectors"
    do(s, L.B_SECTOR, X[24])
    # the third Biology has no sector left: its cube is not placed
    assert dk(s) == "ACTION"
    assert (cubes(s, 23), cubes(s, 24), cubes(s, 25)) == ((3, 0), (2, 0), (5, 0))


def test_grow_agriculture_construction_education_raise_tracks_r11():
    s, _ = build(hand=("R1",), home_lines=("H3", "H4", "K2"))
    action(s, GROW)
    assert (track(s, STABILITY), track(s, CULTURE), track(s, XENO)) == (1, 2, 1)
    assert cubes(s, 23) == (5, 0)


# ---------------------------------------------------------------------------------------------- BATTLE
def test_battle_remove_k_of_yours_for_k_of_theirs_r15():
    s, _ = build(hand=("H1",), sectors={23: {"cubes": 4, "owner": 0}, 22: {"cubes": 3, "owner": "N"}})
    action(s, BATTLE)  # the only pair 23-22: R27 takes it; count k = 1..3
    assert dk(s) == "BATTLE_COUNT" and ok(s, L.B_COUNT, 3) and not ok(s, L.B_COUNT, 4) and not ok(s, L.B_COUNT, 0)
    do(s, L.B_COUNT, 2)
    assert cubes(s, 23) == (2, 0) and cubes(s, 22) == (1, 3)
    assert dk(s) == "ACTION"


def test_battle_defense_removes_more_free_distributed_over_pairs_r15():
    sectors = {23: {"cubes": 5, "owner": 0}, 22: {"cubes": 3, "owner": "N"}, 34: {"cubes": 3, "owner": "N"}}
    s, _ = build(hand=("H1",), home_lines=("H5", "H6", "H6"), sectors=sectors)
    action(s, BATTLE)
    do(s, L.B_SECTOR, X[22])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "BATTLE_DEFENSE" and ok(s, L.B_COUNT, 2) and not ok(s, L.B_COUNT, 3)
    do(s, L.B_COUNT, 1)  # 1 Defense here, keep 1 for the next pair
    assert cubes(s, 22) == (1, 3) and cubes(s, 23) == (4, 0)
    assert dk(s) == "BATTLE_FROM", "Military: a second pair"
    do(s, L.B_SECTOR, X[23])
    # the pair 23-22 cannot be battled twice: 34 is the only target left and R27 takes it
    assert dk(s) == "BATTLE_COUNT" and s["ctx"][1] == 3, decision_to_string(s)
    do(s, L.B_COUNT, 1)
    assert dk(s) == "BATTLE_DEFENSE" and ok(s, L.B_COUNT, 1) and not ok(s, L.B_COUNT, 2)
    do(s, L.B_COUNT, 1)
    assert cubes(s, 34) == (1, 3) and cubes(s, 23) == (3, 0)


def test_battle_military_sector_may_be_in_several_pairs_r15():
    sectors = {23: {"cubes": 2, "owner": 0}, 24: {"cubes": 3, "owner": 0}, 22: {"cubes": 3, "owner": "N"}}
    s, _ = build(hand=("H1",), home_lines=("H5",), home_sector=24, sectors=sectors)
    action(s, BATTLE)
    do(s, L.B_SECTOR, X[23])  # 23-22 (the only pair from 23: R27)
    do(s, L.B_COUNT, 1)
    assert cubes(s, 22) == (2, 3)
    assert dk(s) == "BATTLE_FROM" and ok(s, L.B_SECTOR, X[24])
    do(s, L.B_SECTOR, X[24])
    do(s, L.B_COUNT, 2)
    assert cubes(s, 22) == (0, -1), "22 was in two pairs"


def test_battle_depleting_own_sector_loses_its_worlds_r22():
    sw = world(3, "S", 24, "S2")
    sectors = {24: {"cubes": 2, "owner": 0}, 25: {"cubes": 2, "owner": "N"}, 23: {"cubes": 3, "owner": 0}}
    s, ids = build(hand=("H1",), worlds=(sw,), sectors=sectors)
    action(s, BATTLE)
    do(s, L.B_SECTOR, X[24])
    do(s, L.B_COUNT, 2)
    assert cubes(s, 24) == (0, -1) and cubes(s, 25) == (0, -1)
    assert worlds(s) == [] and ids["worlds"][0] in discard(s)


def test_battle_other_player_losing_last_cubes_loses_sector_and_homeworld_r22():
    sectors = {46: {"cubes": 3, "owner": 0}, 56: {"cubes": 1, "owner": 1}, 23: None}
    s, ids = build(hand=("H1",), sectors=sectors, players=2, home_sector=46, other_hand=("S1",))
    action(s, BATTLE)  # the only pair 46-56 and k = 1: R27
    assert cubes(s, 56) == (0, -1) and cubes(s, 46) == (2, 0)
    # no settled world to rehome on: player 1 loses (standard variant, R24); his homeworld joins the line
    assert s["lost"][1] == 1 and s["home"][1] == -1, render_text(s)
    assert s["line"][1] == ids["home1"]


def test_battle_no_rival_adjacent_track_of_choice_and_advancements_apply_r15():
    s, _ = build(hand=("H1",), home_lines=("H2", "R3", "S4"), sectors={45: {"cubes": 2, "owner": "N"}})
    action(s, BATTLE)
    assert dk(s) == "TRACK_GAIN"
    do(s, L.B_TRACK, XENO)
    assert (track(s, CULTURE), track(s, STABILITY), track(s, MIGHT), track(s, XENO)) == (2, 1, 1, 1)


def test_battle_advancements_apply_with_a_battle_too_r15():
    s, _ = build(hand=("H1",), home_lines=("H2", "R3", "S4"), sectors={22: {"cubes": 1, "owner": "N"}})
    action(s, BATTLE)
    while dk(s) != "ACTION":
        do(s, *L.block_of(int(engine.legal_actions(s)[0])))
    assert cubes(s, 22) == (0, -1)
    assert (track(s, CULTURE), track(s, STABILITY), track(s, MIGHT)) == (2, 1, 1)


# ---------------------------------------------------------------------------------------------- EXPAND
def test_expand_moves_cubes_leaving_one_to_adjacent_empty_or_own_r16():
    sectors = {23: {"cubes": 4, "owner": 0}, 22: {"cubes": 1, "owner": "N"}, 34: {"cubes": 4, "owner": 0}}
    s, _ = build(hand=("F1",), sectors=sectors)
    action(s, EXPAND)
    do(s, L.B_SECTOR, X[23])
    assert dk(s) == "EXPAND_TO"
    assert ok(s, L.B_SECTOR, X[25]) and ok(s, L.B_SECTOR, X[31]) and ok(s, L.B_SECTOR, X[34])
    assert not ok(s, L.B_SECTOR, X[22]), "a rival's sector"
    assert not ok(s, L.B_SECTOR, X[24]), "2 steps away without FTL"
    do(s, L.B_SECTOR, X[34])  # room for 1 cube only: R27 takes the count
    assert cubes(s, 34) == (5, 0) and cubes(s, 23) == (3, 0), "never above 5"
    s2, _ = build(hand=("F1",), sectors=sectors)
    action(s2, EXPAND)
    do(s2, L.B_SECTOR, X[23])
    do(s2, L.B_SECTOR, X[25])
    assert ok(s2, L.B_COUNT, 3) and not ok(s2, L.B_COUNT, 4), "leave at least 1"
    do(s2, L.B_COUNT, 3)
    assert cubes(s2, 23) == (1, 0) and cubes(s2, 25) == (3, 0)


def test_expand_ftl_range_through_black_hole_never_into_it_r16():
    sectors = {23: None, 26: {"cubes": 3, "owner": 0}}
    s, _ = build(hand=("F1",), home_lines=("F6",), home_sector=26, sectors=sectors)
    action(s, EXPAND)
    assert dk(s) == "EXPAND_TO", decision_to_string(s)
    assert ok(s, L.B_SECTOR, X[46]), "26 - black hole - 46: 2 steps with FTL"
    assert not ok(s, L.B_SECTOR, 0), "never the black hole"
    assert not ok(s, L.B_SECTOR, X[44]), "3 steps"


def test_expand_cannot_be_taken_if_no_cube_can_move_r16_r34():
    s, _ = build(hand=("F1",), sectors={23: {"cubes": 1, "owner": 0}})
    assert not ok(s, L.B_ACTION, EXPAND), legal(s)


def test_expand_ftl_from_settled_world_makes_expand_legal_r34():
    # all sectors next to 23 full of neutral cubes: only FTL reaches an empty sector
    ring = {n: {"cubes": 1, "owner": "N"} for n in (22, 25, 31, 34)}
    sw = world(3, "F", 23, "F6")
    s, _ = build(hand=("F1",), sectors=ring)
    assert not ok(s, L.B_ACTION, EXPAND)
    s, _ = build(hand=("F1",), worlds=(sw,), sectors=ring)
    assert ok(s, L.B_ACTION, EXPAND), legal(s)
    action(s, EXPAND)  # BOOST: the world is the only choice (going on is not yet possible, R34)
    assert dk(s) == "EXPAND_TO" and worlds(s) == [] and ok(s, L.B_SECTOR, X[24]), decision_to_string(s)
    ftl_tech = {"num": 1, "suit": "F", "type": "tech", "lines": ["F6", "S2", "S3"]}
    s, _ = build(hand=(ftl_tech,), sectors=ring)
    assert not ok(s, L.B_ACTION, EXPAND), "the paying card's FTL does not count (R34)"


def test_expand_spacecraft_exactly_one_more_cube_to_another_destination_r16():
    s, _ = build(hand=("F1",), home_lines=("F5",), sectors={23: {"cubes": 5, "owner": 0}})
    action(s, EXPAND)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 2)
    assert dk(s) == "SPACECRAFT" and not ok(s, L.B_SECTOR, X[25]) and ok(s, L.B_SECTOR, X[34])
    do(s, L.B_SECTOR, X[34])
    assert cubes(s, 23) == (2, 0) and cubes(s, 25) == (2, 0) and cubes(s, 34) == (1, 0)
    assert dk(s) == "ACTION"


def test_expand_wonder_population_adds_cubes_table2_r16():
    sectors = {25: {"cubes": 0, "wonder": "Population", "wonder_suit": "R"}, 23: {"cubes": 5, "owner": 0}}
    s, ids = build(hand=("F1", "R3", "S6"), sectors=sectors)
    action(s, EXPAND, 0)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "WONDER_USE" and ok(s, L.B_HAND, 0) and not ok(s, L.B_HAND, 1)
    do(s, L.B_HAND, 0)
    assert cubes(s, 25) == (4, 0), "1 moved + 3"
    assert ids["hand"][1] in discard(s)


def test_expand_wonder_territory_draws_culture_adds_and_caps_r16_r3():
    sectors = {
        25: {"cubes": 0, "wonder": "Territory", "wonder_suit": "S"},
        34: {"cubes": 0, "wonder": "Culture", "wonder_suit": "S"},
        23: {"cubes": 5, "owner": 0},
    }
    s, _ = build(hand=("F1", "S2"), sectors=sectors, deck=BLANKS)
    action(s, EXPAND, 0)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    do(s, L.B_HAND, 0)
    assert len(hand(s)) == 2, "T: draw 2"
    s, _ = build(hand=("F1", "S5"), sectors=sectors, tracks={"C": 10})
    action(s, EXPAND, 0)
    do(s, L.B_SECTOR, X[34])
    do(s, L.B_COUNT, 1)
    do(s, L.B_HAND, 0)
    assert track(s, CULTURE) == 12, "C: +5, stops at the star"


def test_expand_wonder_only_when_the_sector_was_empty_r16():
    sectors = {25: {"cubes": 1, "owner": 0, "wonder": "Might", "wonder_suit": "S"}, 23: {"cubes": 5, "owner": 0}}
    s, _ = build(hand=("F1", "S2"), sectors=sectors)
    action(s, EXPAND, 0)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "ACTION" and track(s, MIGHT) == 0


def test_expand_astronomy_communication_religion_raise_tracks_r11():
    s, _ = build(hand=("F1",), home_lines=("K4", "S3", "F2"))
    action(s, EXPAND)
    assert (track(s, XENO), track(s, MIGHT), track(s, CULTURE)) == (1, 1, 2)


def test_expand_wonder_population_stops_at_five_r16():
    sectors = {25: {"cubes": 0, "wonder": "Population", "wonder_suit": "R"}, 23: {"cubes": 5, "owner": 0}}
    s, _ = build(hand=("F1", "R6"), sectors=sectors)
    action(s, EXPAND, 0)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 2)
    do(s, L.B_HAND, 0)
    assert cubes(s, 25) == (5, 0), "2 moved + 6, up to 5"


def test_expand_spacecraft_destination_with_wonder_r16():
    sectors = {34: {"cubes": 0, "wonder": "Stability", "wonder_suit": "K"}, 23: {"cubes": 5, "owner": 0}}
    s, _ = build(hand=("F1", "K3"), home_lines=("F5",), sectors=sectors)
    action(s, EXPAND, 0)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "SPACECRAFT"
    do(s, L.B_SECTOR, X[34])
    assert dk(s) == "WONDER_USE", decision_to_string(s)
    do(s, L.B_HAND, 0)
    assert track(s, STABILITY) == 3 and cubes(s, 34) == (1, 0)


def test_expand_spacecraft_needs_a_cube_left_to_move_r16():
    s, _ = build(hand=("F1",), home_lines=("F5",), sectors={23: {"cubes": 3, "owner": 0}})
    action(s, EXPAND)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 2)
    assert dk(s) == "ACTION" and cubes(s, 23) == (1, 0), "the source keeps its last cube: no Spacecraft move"


@pytest.mark.parametrize("wonder,t", [("Might", MIGHT), ("Stability", STABILITY), ("Xeno", XENO)])
def test_expand_wonder_track_effects_table2_r16(wonder: str, t: int):
    sectors = {25: {"cubes": 0, "wonder": wonder, "wonder_suit": "H"}, 23: {"cubes": 5, "owner": 0}}
    s, _ = build(hand=("F1", "H4", "S2"), sectors=sectors, tracks={"M": 1, "S": 1, "X": 1})
    action(s, EXPAND, 0)
    do(s, L.B_SECTOR, X[25])
    do(s, L.B_COUNT, 1)
    assert dk(s) == "WONDER_USE" and ok(s, L.B_SPECIAL, L.PASS) and not ok(s, L.B_HAND, 1)
    do(s, L.B_HAND, 0)
    assert track(s, t) == 5 and [track(s, u) for u in (MIGHT, STABILITY, XENO) if u != t] == [1, 1]
