"""Scenario tests of the challenge phase (2.4): meeting a challenge (R19), every row of Table 6 and the order of its
effects (R3), rival cubes and the spill (R20), new worlds and the neutral line (R20, R21), losing sectors and
players in the middle of the phase (R22, R24) and a win on another player's turn during it (R23, R30). Upkeep
(2.3, R18) is ``test_upkeep.py``.

Positions are written by hand with the one position builder (``support.position``; presets ``position``,
``solo``, ``ChallengePos``). ``deck(...)`` takes cards in the order they are DRAWN (top first); ``position``'s
``deck`` is listed bottom to top (the LAST card listed is revealed first). Each random value is stacked.

Sector neighbours used below (direction 1..6, R2): 23: 22 - - 31 34 25; 25: 24 22 23 34 36 26;
26: 15 24 25 36 BH 16; 34: 25 23 31 32 35 36; 46: BH 36 35 44 45 56; 56: 66 BH 46 45 54 55; 21: off above.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support.position import position
from support.scenario_pos import (
    FILLER,
    HIGH,
    TRACKS,
    ChallengePos,
    S,
    X,
    apply,
    blank,
    deck,
    dname,
    fail_pending,
    legal,
    solo,
    tech,
    track,
    why,
    world,
)
from support.views import cubes, hand, pile, worlds

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import FAIL, NEUTRAL, SUIT_LETTERS, WORLD
from df_env.games.deep_future.engine.text.render import event_strings


# ================================================================================ R20 rival cubes: the chosen sector
def test_row4_chosen_sector_of_another_player_at_the_limit_gets_nothing_and_nothing_spills_R20() -> None:
    """2.4: "If a different player has cubes in that sector, add 1 cube of his color there, if he is not at the
    limit." Table 6 S4 (Rising warlord: Might -3, 1 random rival cube): the sector drawn (5,6 -> 56) is player
    1's with 5 cubes: nothing is added and nothing spills (no direction card is drawn)."""
    p = ChallengePos(players=2)
    p.sector(56, 5, 1)
    p.challenges = [p.add("S3")]
    fail_n, line_n, d1, d2, nxt = p.stack("M4", "K6", "S5", "S6", "F1")
    s = p.build()
    assert track(s, 0, "M") == 1 and cubes(s, 56) == (5, 1), why(s)
    assert int(s["cubes"][1:].sum()) == 3 + 5 and not (s["owner"] == NEUTRAL).any(), why(s)
    disc = pile(s, "discard")
    assert [fail_n, line_n, d1, d2] == disc[1:5] and nxt not in disc, why(s)


def test_row5_three_cubes_in_another_players_sector_add_only_one_of_his_colour_three_players_R20() -> None:
    """R20 with 3 players: Table 6 K5 (Xeno intervention: Xeno -1, 3 random rival cubes): the line-number card
    (3) matches a line world in sector 11, where player 2 has 3 cubes: 1 cube of player 2's colour is added,
    whatever the number; player 1 is untouched."""
    p = ChallengePos(players=3)
    lw = p.add(world(11, ["S2"], num=3, suit="M"))
    p.to_line(lw)
    p.challenges = [p.add("K3")]
    p.stack("M5", "K3")
    s = p.build()
    assert track(s, 0, "X") == 3 and cubes(s, 11) == (4, 2) and cubes(s, 56) == (3, 1), why(s)
    assert not (s["owner"] == NEUTRAL).any(), why(s)


def test_row4_chosen_own_sector_with_more_cubes_keeps_the_rest_R20() -> None:
    """2.4: "If the player facing the challenge has cubes in that sector, first remove cubes one-for-one ... then
    add any remaining neutral rival cubes when empty": H4 (Might -3, 1 rival cube) into his own sector 23 with 5
    cubes: 1 removed, 4 of his stay, no neutral cube."""
    p = ChallengePos()
    p.sector(23, 5, 0)
    p.challenges = [p.add("H2")]
    p.stack("M4", "K6", "S2", "S3")
    s = p.build()
    assert track(s, 0, "M") == 1 and cubes(s, 23) == (4, 0), why(s)


def test_row5_chosen_own_sector_exactly_emptied_places_no_neutral_cube_R20_R22() -> None:
    """2.4: 3 rival cubes (F5: Xeno -1) into his sector 34 holding exactly 3 of his cubes: all 3 removed, none
    remain to place, the sector is empty; his world there is discarded (R22), his homeworld stays."""
    p = ChallengePos()
    w34 = p.add(world(34, ["S2"], num=4))
    p.sector(34, 3, 0)
    p.player(0, worlds=[w34])
    p.challenges = [p.add("F2")]
    p.stack("M5", "K6", "S3", "S4")
    s = p.build()
    assert cubes(s, 34) == (0, -1) and worlds(s) == [] and w34 in pile(s, "discard"), why(s)
    assert int(s["home"][0]) == p.home and not s["lost"][0], why(s)


# ================================================================================ R20 the spill
def test_spill_into_the_challenged_players_own_sector_removes_his_cubes_R20() -> None:
    """2.4: "If the adjacent sector contains *any* player's cubes, remove cubes one-for-one ... and add remaining
    neutral rivals when empty" -- also the player facing the challenge. M5 (Stability -1, 3 rival cubes): 25 is
    full of neutral cubes; the spill (direction 4) reaches his sector 34 with 2 cubes: 2 removed, 1 neutral."""
    p = ChallengePos()
    p.sector(25, 5, "N").sector(34, 2, 0)
    p.challenges = [p.add("M1")]
    p.stack("M5", "K6", "S2", "S5", "R4")
    s = p.build()
    assert track(s, 0, "S") == 3, why(s)
    assert cubes(s, 25) == (5, NEUTRAL) and cubes(s, 34) == (1, NEUTRAL), why(s)


def test_row6_new_world_in_a_full_neutral_sector_spills_all_five_cubes_R20() -> None:
    """Table 6 S6 (New civilization emerges) and R20 "a full neutral sector takes none and the remainder spills on
    from it": the new line world lies in 25, already full: all 5 cubes go in direction 4 to 34 (empty)."""
    p = ChallengePos()
    p.sector(25, 5, "N")
    p.challenges = [p.add("S2")]
    w = p.add(world(25, ["S1"], num=4, suit="M"))
    p.stack("M6", w, "K4")
    s = p.build()
    assert int(s["line"][3]) == w, why(s)
    assert cubes(s, 25) == (5, NEUTRAL) and cubes(s, 34) == (5, NEUTRAL), why(s)
    assert all(track(s, 0, t) == HIGH[t] for t in TRACKS), why(s)


def test_row6_world_search_discards_the_non_worlds_it_passes_R20() -> None:
    """2.4: "he discards cards from the deck until he discards a world": the two non-world cards on top go to the
    discard pile (after the challenge and the failure-number card); the world joins the line, not the discard
    pile, and its empty sector 45 gets the 5 rival cubes."""
    p = ChallengePos()
    chal = p.add("R4")
    p.challenges = [chal]
    w = p.add(world(45, ["S1"], num=2, suit="M"))
    fail_n, a, b = p.stack("M6", "F1", "F2", w)[:3]
    s = p.build()
    assert pile(s, "discard")[:4] == [chal, fail_n, a, b], why(s)
    assert w not in pile(s, "discard") and int(s["line"][1]) == w and cubes(s, 45) == (5, NEUTRAL), why(s)


# ================================================================================ R3, Table 6 order
def test_second_decrease_reaching_the_cross_loses_after_the_first_applies_table6_R3() -> None:
    """Table 6 S1 (Pervasive corruption: Might -2 then Xeno -1): with Xeno at -5 the second decrease reaches the
    cross; the first one has been applied (Might 4 -> 2); the solo game ends with no winner."""
    p = ChallengePos(tracks={"C": 5, "M": 4, "S": 4, "X": -5})
    p.challenges = [p.add("S3")]
    p.stack("M1")
    s = p.build()
    assert track(s, 0, "M") == 2 and track(s, 0, "X") == -6 and s["lost"][0] and s["over"], why(s)


def test_track_at_the_bottom_edge_stops_at_the_cross_and_loses_R3() -> None:
    """2.4: "If the track cannot move further, it moves to the most extreme point it can go and stops": M2
    (Stability -3) from -4 stops at -6 (the cross, R3): the player loses."""
    p = ChallengePos(tracks={"C": 5, "M": 4, "S": -4, "X": 4})
    p.challenges = [p.add("M3")]
    p.stack("M2")
    s = p.build()
    assert track(s, 0, "S") == -6 and track(s, 0, "C") == 5 and s["over"], why(s)


# ================================================================================ R22, R24 losing in the middle
def test_row6_new_world_in_home_sector_removes_all_and_the_player_leaves_mid_pile_R22_R24() -> None:
    """2 players. Table 6 H6: the new line world (number 4) lies in player 0's homeworld sector 23 (3 cubes): all
    3 removed, 2 neutral placed. He has no settled world: he loses (R22) and leaves (R24 default): his homeworld
    (number 1) joins the line, his other sector 34 gets 1 neutral rival, his hand is discarded, his second
    challenge is dropped (no failure card for it) and player 1's turn begins."""
    p = ChallengePos(players=2)
    p.sector(34, 2, 0)
    k2 = p.add("K2")
    p.player(0, hand=[k2])
    c1, c2 = p.add("H3"), p.add("S3")
    p.challenges = [c1, c2]
    w = p.add(world(23, ["S1"], num=4, suit="M"))
    p.stack("M6", w)
    s = p.build()
    assert s["lost"][0] and not s["over"], why(s)
    assert cubes(s, 23) == (2, NEUTRAL) and cubes(s, 34) == (1, NEUTRAL), why(s)
    assert int(s["line"][3]) == w and int(s["line"][0]) == p.home, why(s)
    assert hand(s, 0) == [] and k2 in pile(s, "discard") and c2 in pile(s, "discard"), why(s)
    assert int(s["cur"]) == 1 and int(s["chal_n"]) == 0, why(s)
    assert "failure" not in " ".join(e for e in event_strings(s) if "Stability" in e)


def test_row5_rivals_empty_home_then_neutral_cubes_still_placed_in_multiplayer_R20_R24() -> None:
    """2 players, R5 (Stability -1, 3 rival cubes) into player 0's homeworld sector 23 with only 1 cube: 1 removed
    (he loses: no settled world, R22/R24), the 2 remaining neutral cubes are placed there."""
    p = ChallengePos(players=2)
    p.sector(23, 1, 0)
    p.challenges = [p.add("R6")]
    p.stack("M5", "K6", "S2", "S3")
    s = p.build()
    assert s["lost"][0] and track(s, 0, "S") == 3 and cubes(s, 23) == (2, NEUTRAL), why(s)


def test_player_leaving_mid_pile_still_has_the_black_hole_cleared_R1_R20_R24() -> None:
    """2 players: player 0's first failure (H5: 3 rival cubes) spills from the full sector 26 into the black hole
    (direction 5); his second failure (S2: Might -3 from -3) reaches the cross and he leaves (R24). His turn ends
    at once and the black hole is still cleared (R1: it never holds cubes between turns)."""
    p = ChallengePos(players=2, tracks={"C": 5, "M": -2, "S": 4, "X": 4})
    p.sector(26, 5, "N")
    p.challenges = [p.add("H1"), p.add("S3")]
    p.stack("M5", "K6", "S2", "S6", "R5", "M2")
    s = p.build()
    assert "sector BH now holds 3 neutral cubes" in event_strings(s), why(s)
    assert s["lost"][0] and int(s["cubes"][0]) == 0 and int(s["cur"]) == 1, why(s)


def test_rehomed_player_meets_his_next_challenge_only_with_cards_not_old_upkeep_R22_R19() -> None:
    """R22: a failure empties the homeworld sector 23 (S6: new world in 23, 3 of his cubes removed); the old
    homeworld (with 2 upkeep cubes of suit H) joins the line and its cubes are not kept (2.2.1); his settled
    world in 34 becomes the homeworld with 0 upkeep. His next challenge (H) can only be met by a hand card."""
    p = ChallengePos(home_lines=["H1"], upkeep=2)
    w34 = p.add(world(34, ["H2"], num=4))
    p.sector(34, 1, 0)
    h5 = p.add("H5")
    p.player(0, worlds=[w34], hand=[h5])
    p.challenges = [p.add("S3"), p.add("H3")]
    nw = p.add(world(23, ["S1"], num=2, suit="M"))
    p.stack("M6", nw)
    s = p.build()
    assert int(s["home"][0]) == w34 and int(s["c_upkeep"][w34]) == 0, why(s)
    assert int(s["line"][0]) == p.home and int(s["c_upkeep"][p.home]) == 0, why(s)
    assert dname(s) == "CHALLENGE" and int(s["ctx"][0]) == S("H"), why(s)
    assert legal(s) == {("hand", 0), ("special", L.FAIL)}, why(s)


# ================================================================================ R23 a win during a challenge
def test_one_cube_of_his_colour_can_make_another_player_win_at_once_R20_R23() -> None:
    """R20 + R23 ("one can win on another's turn"): player 0 fails S4 (1 random rival cube); the sector drawn is
    player 1's (4 cubes) and gets 1 cube of HIS colour, bringing him to 25 cubes on the map with homeworld and 3
    complete techs: player 1 wins (Population) at once, during player 0's challenge phase."""
    p = ChallengePos(players=2)
    h1 = p.homes[1]
    p.cards[h1] = world(56, ["F1", "K1", "R2"], num=5, suit="H")
    ts = [p.add(tech(lines, name=10 + i)) for i, lines in enumerate((["R3", "R4", "K2"], ["K3", "K4", "R5"],
                                                                     ["K5", "S1", "M1"]))]
    for sec, n in ((56, 5), (55, 5), (54, 5), (45, 5), (46, 4)):  # player 1: 24 cubes
        p.sector(sec, n, 1)
    p.player(1, techs=ts)
    p.challenges = [p.add("S3")]
    p.stack("M4", "K6", "S4", "S6")
    s = p.build()
    assert cubes(s, 46) == (5, 1) and int(s["winner"]) == 1, why(s)


# ================================================================================ 2.3 upkeep (R18), R7


def test_generated_challenge_with_no_card_anywhere_still_fails_with_a_generated_number_R7_R39() -> None:
    """R7/R39: a challenge with no card behind it ({"suit": "S"}), deck and discard empty, nothing to meet it:
    it fails; the generator gives the Table 6 number. Every S row lowers Might or adds a new (generated) world to
    the line."""
    p = ChallengePos()
    p.challenges = [{"suit": "S"}]
    s = p.build()
    evs = event_strings(s)
    assert track(s, 0, "M") < HIGH["M"] or any(int(c) >= 0 for c in s["line"]), why(s)
    assert any("S" in e or "sun" in e for e in evs), evs


def test_new_world_from_the_world_search_is_a_world_card_R20() -> None:
    """R20: the world search stops at the first WORLD; a tech or civilization card on the way is discarded."""
    p = ChallengePos()
    p.challenges = [p.add("K2")]
    t = p.add(tech(["R2", "K", "F"]))
    w = p.add(world(44, ["S1"], num=5, suit="M"))
    p.stack("M6", t, w)
    s = p.build()
    assert t in pile(s, "discard") and int(s["line"][4]) == w and int(s["c_type"][w]) == WORLD, why(s)
    assert cubes(s, 44) == (5, NEUTRAL), why(s)


def test_player_leaving_mid_pile_passes_the_turn_to_the_next_player_still_in_three_players_R24() -> None:
    """3 players, player 1 has already left (R24 default). Player 0 fails S2 (Might -3 from -3: the cross) with a
    second challenge still in his pile: he leaves, the challenge is dropped, and the turn passes to player 2."""
    p = ChallengePos(players=3, tracks={"C": 5, "M": -3, "S": 4, "X": 4})
    p.player(1, lost=True, homeworld=None)
    p.cards[p.homes[1]] = "F5"
    p.discard = [p.homes[1]]
    del p.map["56"]
    c2 = p.add("M3")
    p.challenges = [p.add("S3"), c2]
    p.stack("M2")
    s = p.build()
    assert s["lost"][0] and not s["over"] and int(s["cur"]) == 2, why(s)
    assert c2 in pile(s, "discard") and cubes(s, 23) == (1, NEUTRAL), why(s)


# ================================================================================ review 3 finding, fixed


# ================================================================================ moved from the end-of-turn files
ROWS = [(suit, n) for suit in range(6) for n in range(1, 7)]


@pytest.mark.parametrize("suit,number", ROWS, ids=[f"{SUIT_LETTERS[s]}{n}" for s, n in ROWS])
def test_table6_every_row_applies_its_failure(suit: int, number: int) -> None:
    """2.4, Table 6, R19-R20: an unmet challenge of ``suit``; the next discard's number selects the row, whose
    track decreases and rival cubes apply in order. Tracks start at +3 (Culture 5) so no loss interferes."""
    letter = SUIT_LETTERS[suit]
    # deck, top last: the failure number, then (rival cubes) the line-number card 4 -> no line world -> sector
    # 6,6 -> sector 66; (new world) discards until a world: a world numbered 2 in sector 45.
    deck: list[Any] = [blank(6, "S"), blank(6, "S"), blank(4, "S")]
    if number == 6:
        deck = [{"num": 2, "suit": "S", "type": "world", "sector": 45, "lines": ["S1"]}]
    deck = deck + [blank(number, "M")]
    s, ids = position("challenge", deck=deck, challenges=[blank(3, letter)],
                      tracks={"C": 5, "M": 3, "S": 3, "X": 3})
    fail_pending(s)
    row = FAIL[suit, number - 1]
    expect = {"C": 5, "M": 3, "S": 3, "X": 3}
    for k in range(2):
        if row[2 * k] >= 0:
            t = TRACKS[row[2 * k]]
            expect[t] = max(0 if t == "C" else -6, expect[t] - row[2 * k + 1])
    for t in TRACKS:
        assert track(s, 0, t) == expect[t], f"{t}: {event_strings(s)}"
    if row[4] > 0:
        assert cubes(s, 66) == (row[4], NEUTRAL), event_strings(s)
    if row[5]:
        w = ids["deck"][0]
        assert s["line"][1] == w and cubes(s, 45) == (5, NEUTRAL), event_strings(s)


def test_failure_stops_when_a_track_reaches_the_cross_r3() -> None:
    """R3: reaching -6 loses; the rest of the row no longer matters (no rival cube is placed)."""
    s, _ = position("challenge", deck=[blank(6, "S"), blank(6, "S"), blank(4, "S"), blank(4, "S")],
                    challenges=[blank(3, "S")], tracks={"M": -3})
    fail_pending(s)  # S4: Might -3 (to -6: lost) and 1 rival cube
    assert s["over"] and s["winner"] == -1 and engine.returns(s).tolist() == [-1.0]
    assert cubes(s, 66) == (0, -1)


def test_meet_with_a_hand_card_of_the_suit_r19() -> None:
    s, ids = position("challenge", deck=[blank(1, "S")] * 12, challenges=[blank(3, "R")],
                      hand=[blank(2, "R"), blank(5, "S")])
    assert s["dk"] == L.D_CHALLENGE
    assert s["mask"][L.encode(L.B_HAND, 0)] and not s["mask"][L.encode(L.B_HAND, 1)]
    apply(s, L.B_HAND, 0)
    assert s["over"] == 0 and ids["hand"][0] in s["discard"][: s["discard_n"]]
    assert track(s, 0, "S") == 0  # no failure


def test_meet_with_an_upkeep_cube_of_a_written_suit_r19() -> None:
    s, ids = position("challenge", deck=[blank(1, "S")] * 3, challenges=[blank(3, "H")],
                      home_lines=["H1"], upkeep=2)
    apply(s, L.B_TABLEAU, 0)
    assert s["c_upkeep"][ids["home"]] == 1 and track(s, 0, "M") == 0


def test_meet_by_discarding_a_settled_world_r19() -> None:
    w = {"num": 4, "suit": "M", "type": "world", "sector": 34, "lines": ["F2"]}
    s, ids = position("challenge", deck=[blank(1, "S")] * 12, challenges=[blank(3, "F")], worlds=[w],
                      cubes={34: {"cubes": 1, "owner": 0}})
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert s["worlds_n"][0] == 0 and ids["worlds"][0] in s["discard"][: s["discard_n"]]


def test_upkeep_cube_needs_a_written_advancement_of_the_suit_r19() -> None:
    s, _ = position("challenge", deck=[blank(1, "S")] * 3, challenges=[blank(3, "S")], home_lines=["H1"],
                    upkeep=2, hand=[blank(2, "S")])
    assert not s["mask"][L.encode(L.B_TABLEAU, 0)]


def _rival_row_position(deck_top: list[Any], **kw: Any) -> np.ndarray:
    """An S5 failure (Might -1, 3 random rival cubes): deck top (last) = the failure number 5, then deck_top."""
    deck = [blank(1, "S")] * 4 + list(reversed(deck_top)) + [blank(5, "M")]
    s, _ = position("challenge", deck=deck, challenges=[blank(3, "S")], tracks={"M": 3}, **kw)
    fail_pending(s)
    return s


def test_rivals_go_to_the_line_world_with_the_matching_number_r20() -> None:
    w = {"num": 3, "suit": "R", "type": "world", "sector": 52, "lines": ["S2"]}
    s = _rival_row_position([blank(3, "K")], line=[w], cubes={52: {"cubes": 1, "owner": "N"}})
    assert cubes(s, 52) == (4, NEUTRAL)


def test_rivals_remove_the_challenged_players_cubes_first_r20() -> None:
    s = _rival_row_position([blank(4, "K"), blank(3, "K"), blank(4, "K")], cubes={34: {"cubes": 2, "owner": 0}})
    assert cubes(s, 34) == (1, NEUTRAL)  # 2 of his removed, the last 1 placed as a neutral cube


def test_rivals_in_another_players_sector_add_one_of_his_colour_r20() -> None:
    s = _rival_row_position([blank(4, "K"), blank(5, "K"), blank(6, "K")], players=2)
    assert cubes(s, 56) == (4, 1)


def test_full_neutral_sector_spills_in_the_discarded_direction_r20() -> None:
    """Sector 25 holds 4 neutral cubes: 1 more fills it, the 2 left spill in direction 4 (below) = 34."""
    s = _rival_row_position([blank(4, "K"), blank(2, "K"), blank(5, "K"), blank(4, "K")],
                            cubes={25: {"cubes": 4, "owner": "N"}})
    assert cubes(s, 25) == (5, NEUTRAL) and cubes(s, 34) == (2, NEUTRAL), event_strings(s)


def test_spill_off_the_galaxy_is_lost_r20() -> None:
    """Sector 21 full: direction 1 (above) is off the galaxy, the 3 cubes are lost."""
    s = _rival_row_position([blank(4, "K"), blank(2, "K"), blank(1, "K"), blank(1, "K")],
                            cubes={21: {"cubes": 5, "owner": "N"}})
    assert cubes(s, 21) == (5, NEUTRAL) and int(s["cubes"].sum()) == 3 + 5


def test_spill_into_the_black_hole_is_cleared_at_the_end_of_the_challenge_phase_r1_r20() -> None:
    s = _rival_row_position([blank(4, "K"), blank(2, "K"), blank(6, "K"), blank(5, "K")],
                            cubes={26: {"cubes": 5, "owner": "N"}})  # 26 full; direction 5 -> the black hole
    assert "sector BH now holds 3 neutral cubes" in event_strings(s), event_strings(s)
    assert s["cubes"][0] == 0


def test_new_world_replaces_the_line_world_with_the_same_number_r20_r21() -> None:
    old = {"num": 2, "suit": "R", "type": "world", "sector": 52, "lines": ["S2"]}
    new = {"num": 2, "suit": "S", "type": "world", "sector": 45, "lines": ["S1"]}
    deck = [blank(1, "S")] * 12 + [new, blank(3, "S"), blank(6, "M")]
    s, ids = position("challenge", deck=deck, challenges=[blank(3, "R")], line=[old],
                      cubes={52: {"cubes": 3, "owner": "N"}})
    fail_pending(s)
    assert s["line"][1] == ids["deck"][12] and ids["line"]["2"] in s["discard"][: s["discard_n"]]
    assert cubes(s, 45) == (5, NEUTRAL) and cubes(s, 52) == (3, NEUTRAL)  # R27: old cubes stay


def test_losing_the_homeworld_sector_moves_home_to_a_settled_world_r22() -> None:
    """Rival cubes remove all 3 cubes in the homeworld sector 23: the homeworld joins the neutral line and the
    only settled world (sector 34) becomes the new homeworld at once (the single choice is taken, R27)."""
    w = {"num": 4, "suit": "M", "type": "world", "sector": 34, "lines": ["F2"]}
    s = _rival_row_position([blank(4, "K"), blank(2, "K"), blank(3, "K")], worlds=[w],
                            cubes={34: {"cubes": 1, "owner": 0}})
    assert cubes(s, 23) == (0, -1)
    assert s["line"][0] == 0  # the homeworld (card 0, number 1) joined the neutral line, with no cubes
    assert s["home"][0] != 0 and s["c_sector"][s["home"][0]] == X(34) and s["worlds_n"][0] == 0
    assert not s["over"]


def test_losing_the_homeworld_sector_without_a_settled_world_loses_r22() -> None:
    s = _rival_row_position([blank(4, "K"), blank(2, "K"), blank(3, "K")])
    assert s["over"] and engine.returns(s).tolist() == [-1.0]


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


def test_failure_with_a_rival_cube_after_a_track_loss_in_order_table6() -> None:
    """Table 6 "effects apply in the order written": R4 (Rioting worlds): Stability -3 then 1 rival cube; with
    Stability at -3 the cross is reached first (R3) and the rival cube is never placed (no card drawn for it)."""
    p, ids = solo("challenge", tracks={"S": -3})
    p.challenges = [p.add("R1")]
    p.deck = deck(p.add("M4"), *p.adds("K1", "S4", "S4"), *p.adds(*FILLER))
    s = p.build()
    assert s["over"] and track(s, 0, "S") == -6 and cubes(s, 44) == (0, -1), why(s)
