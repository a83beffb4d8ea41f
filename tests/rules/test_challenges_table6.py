"""Rule review, third pass: the end of a turn -- upkeep (2.3, R18), challenges (2.4, R19), Table 6 (challenge
failures), rival cubes and the spill (R20), the neutral line (R21), losing in the middle of a challenge phase
(R3, R22, R24) and a win on another player's turn during it (R23, R30).

Only cases not already covered by ``rules/test_end_of_turn.py`` / ``rules/test_end_of_turn_losing.py``. Positions are
written by hand in the position format (``docs/position_format.md``); ``deck(...)`` takes cards in the order they
are DRAWN (top first). Each random value is stacked.

Sector neighbours used below (direction 1..6, R2): 23: 22 - - 31 34 25; 25: 24 22 23 34 36 26;
26: 15 24 25 36 BH 16; 34: 25 23 31 32 35 36; 46: BH 36 35 44 45 56; 56: 66 BH 46 45 54 55.
"""

from __future__ import annotations

from typing import Any

from support.scenario_pos import (
    TRACKS,
    S,
    apply,
    deck,
    dname,
    legal,
    tech,
    track,
    why,
    world,
)
from support.scenario_pos import Pos as SharedPos
from support.views import cubes, hand, pile, worlds

from df_env.engine.model import layout as L
from df_env.engine.model.constants import NEUTRAL, WORLD
from df_env.engine.text.render import event_strings

HIGH = {"C": 5, "M": 4, "S": 4, "X": 4}
FILLER = ("S1", "S2", "S3", "S4", "S5", "S6", "M1", "M2", "M3", "M4", "M5", "M6", "R1", "R2", "R3")


# ---------------------------------------------------------------------------------------------- helpers
class Pos(SharedPos):
    """A hand-written position. Player 0 (current) has his homeworld (card 0, number 1, lines H1) in sector 23
    with 3 cubes; player 1 (if any) his homeworld in 56 (3 cubes, lines F1); player 2 (if any) in 11."""

    def __init__(self, players: int = 1, at: str = "challenge", tracks: dict[str, int] | None = None,
                 home_lines: list[Any] = ("H1",), upkeep: int = 0) -> None:
        super().__init__(players=players, at=at)
        h = world(23, list(home_lines), num=1, suit="K")
        if upkeep:
            h["upkeep"] = upkeep
        self.home = self.add(h)
        self.sector(23, 3, 0)
        self.player(0, homeworld=self.home, tracks=dict(tracks or HIGH))
        self.homes = [self.home]
        for p, (sec, num) in enumerate(((56, 5), (11, 6))[: players - 1], start=1):
            self.homes.append(self.add(world(sec, ["F1"], num=num, suit="H")))
            self.sector(sec, 3, p)
            self.player(p, homeworld=self.homes[p])

    def stack(self, *top: Any) -> list[int]:
        """The deck: the given cards drawn first, then filler. Returns the ids of the given cards."""
        ids = [c if isinstance(c, int) else self.add(c) for c in top]
        self.deck = deck(*ids, *self.adds(*FILLER))
        return ids


# ================================================================================ R20 rival cubes: the chosen sector
def test_row4_chosen_sector_of_another_player_at_the_limit_gets_nothing_and_nothing_spills_R20() -> None:
    """2.4: "If a different player has cubes in that sector, add 1 cube of his color there, if he is not at the
    limit." Table 6 S4 (Rising warlord: Might -3, 1 random rival cube): the sector drawn (5,6 -> 56) is player
    1's with 5 cubes: nothing is added and nothing spills (no direction card is drawn)."""
    p = Pos(players=2)
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
    p = Pos(players=3)
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
    p = Pos()
    p.sector(23, 5, 0)
    p.challenges = [p.add("H2")]
    p.stack("M4", "K6", "S2", "S3")
    s = p.build()
    assert track(s, 0, "M") == 1 and cubes(s, 23) == (4, 0), why(s)


def test_row5_chosen_own_sector_exactly_emptied_places_no_neutral_cube_R20_R22() -> None:
    """2.4: 3 rival cubes (F5: Xeno -1) into his sector 34 holding exactly 3 of his cubes: all 3 removed, none
    remain to place, the sector is empty; his world there is discarded (R22), his homeworld stays."""
    p = Pos()
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
    p = Pos()
    p.sector(25, 5, "N").sector(34, 2, 0)
    p.challenges = [p.add("M1")]
    p.stack("M5", "K6", "S2", "S5", "R4")
    s = p.build()
    assert track(s, 0, "S") == 3, why(s)
    assert cubes(s, 25) == (5, NEUTRAL) and cubes(s, 34) == (1, NEUTRAL), why(s)


def test_row6_new_world_in_a_full_neutral_sector_spills_all_five_cubes_R20() -> None:
    """Table 6 S6 (New civilization emerges) and R20 "a full neutral sector takes none and the remainder spills on
    from it": the new line world lies in 25, already full: all 5 cubes go in direction 4 to 34 (empty)."""
    p = Pos()
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
    p = Pos()
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
    p = Pos(tracks={"C": 5, "M": 4, "S": 4, "X": -5})
    p.challenges = [p.add("S3")]
    p.stack("M1")
    s = p.build()
    assert track(s, 0, "M") == 2 and track(s, 0, "X") == -6 and s["lost"][0] and s["over"], why(s)


def test_track_at_the_bottom_edge_stops_at_the_cross_and_loses_R3() -> None:
    """2.4: "If the track cannot move further, it moves to the most extreme point it can go and stops": M2
    (Stability -3) from -4 stops at -6 (the cross, R3): the player loses."""
    p = Pos(tracks={"C": 5, "M": 4, "S": -4, "X": 4})
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
    p = Pos(players=2)
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
    p = Pos(players=2)
    p.sector(23, 1, 0)
    p.challenges = [p.add("R6")]
    p.stack("M5", "K6", "S2", "S3")
    s = p.build()
    assert s["lost"][0] and track(s, 0, "S") == 3 and cubes(s, 23) == (2, NEUTRAL), why(s)


def test_player_leaving_mid_pile_still_has_the_black_hole_cleared_R1_R20_R24() -> None:
    """2 players: player 0's first failure (H5: 3 rival cubes) spills from the full sector 26 into the black hole
    (direction 5); his second failure (S2: Might -3 from -3) reaches the cross and he leaves (R24). His turn ends
    at once and the black hole is still cleared (R1: it never holds cubes between turns)."""
    p = Pos(players=2, tracks={"C": 5, "M": -2, "S": 4, "X": 4})
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
    p = Pos(home_lines=["H1"], upkeep=2)
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
    p = Pos(players=2)
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
def test_upkeep_any_written_suit_of_the_homeworld_pays_and_challenges_drawn_after_a_reshuffle_R18_1_4() -> None:
    """2.3/R18: the homeworld (H1, S4) can be paid with an S card (any written suit); the tech (R2) stays unpaid.
    The deck is empty: the challenge cards come from the discard pile shuffled into a new deck (1.4, R5):
    1 (unpaid tech) + 1 = 2 challenges."""
    p = Pos(at="payment", home_lines=["H1", "S4"])
    t = p.add(tech(["R2", "K", "F"]))
    s5 = p.add("S5")
    p.player(0, hand=[s5], techs=[t])
    p.discard = p.adds(*FILLER)
    s = p.build()
    assert dname(s) == "UPKEEP_CARD" and legal(s) == {("tableau", 0), ("special", L.PASS)}, why(s)
    apply(s, L.B_TABLEAU, 0)
    assert int(s["c_upkeep"][p.home]) == 1 and s5 not in hand(s), why(s)
    evs = event_strings(s)
    assert any("shuffled into a new deck" in e for e in evs), evs
    assert len([e for e in evs if "challenge revealed" in e]) >= 1 and int(s["turn"]) >= 5, evs


def test_generated_challenge_with_no_card_anywhere_still_fails_with_a_generated_number_R7_R39() -> None:
    """R7/R39: a challenge with no card behind it ({"suit": "S"}), deck and discard empty, nothing to meet it:
    it fails; the generator gives the Table 6 number. Every S row lowers Might or adds a new (generated) world to
    the line."""
    p = Pos()
    p.challenges = [{"suit": "S"}]
    s = p.build()
    evs = event_strings(s)
    assert track(s, 0, "M") < HIGH["M"] or any(int(c) >= 0 for c in s["line"]), why(s)
    assert any("S" in e or "sun" in e for e in evs), evs


def test_new_world_from_the_world_search_is_a_world_card_R20() -> None:
    """R20: the world search stops at the first WORLD; a tech or civilization card on the way is discarded."""
    p = Pos()
    p.challenges = [p.add("K2")]
    t = p.add(tech(["R2", "K", "F"]))
    w = p.add(world(44, ["S1"], num=5, suit="M"))
    p.stack("M6", t, w)
    s = p.build()
    assert t in pile(s, "discard") and int(s["line"][4]) == w and int(s["c_type"][w]) == WORLD, why(s)
    assert cubes(s, 44) == (5, NEUTRAL), why(s)


def test_upkeep_an_empty_line_suit_of_a_tech_does_not_pay_R18() -> None:
    """2.3/R18: a card is paid with a hand card matching "the suit of a completed advancement on the card": the
    tech (R2 written; K and F lines empty) cannot be paid with a K card; the homeworld (H1) cannot either. No
    upkeep decision: 2 unpaid cards + 1 = 3 challenges, and the K card meets the first (K) challenge."""
    p = Pos(at="payment")
    t = p.add(tech(["R2", "K", "F"]))
    k5 = p.add("K5")
    p.player(0, hand=[k5], techs=[t])
    chal = p.stack("K1", "S2", "M3")
    s = p.build()
    assert dname(s) == "CHALLENGE" and int(s["ctx"][0]) == S("K"), why(s)
    assert pile(s, "chal") == chal[1:] and legal(s) == {("hand", 0), ("special", L.FAIL)}, why(s)


def test_player_leaving_mid_pile_passes_the_turn_to_the_next_player_still_in_three_players_R24() -> None:
    """3 players, player 1 has already left (R24 default). Player 0 fails S2 (Might -3 from -3: the cross) with a
    second challenge still in his pile: he leaves, the challenge is dropped, and the turn passes to player 2."""
    p = Pos(players=3, tracks={"C": 5, "M": -3, "S": 4, "X": 4})
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
def test_no_card_anywhere_gives_only_the_minimum_one_generated_challenge_R7_R18_R39() -> None:
    """R7: "If a card must be drawn or discarded and the deck and the discard pile are both empty: drawing into a
    hand simply stops; ...; the challenge pile still gets its minimum one challenge, with a generator-drawn suit."
    2.3: an unpaid card adds "a card from the top of the deck" -- with no card anywhere there is none to add; only
    the pile's minimum one challenge (2.3 "*always* has at least 1 card") is generated. Homeworld and one tech
    unpaid, deck and discard empty: exactly 1 challenge is revealed (R39)."""
    p = Pos(at="payment", tracks={"C": 6, "M": 5, "S": 5, "X": 5})
    t = p.add({"num": 2, "suit": "S", "type": "tech", "era": 1, "lines": ["R2", "K", "F"]})
    p.player(0, techs=[t])
    s = p.build()
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0
    revealed = [e for e in event_strings(s) if "challenge revealed" in e]
    assert len(revealed) == 1, why(s)
