"""Scenario tests of upkeep (2.3, R18): paying each card's upkeep with a card of a written suit, at most three
cubes and once a turn, the challenges an unpaid card adds, the minimum generated challenge (R7, R39), and a paid
mark that stays with a card. Meeting the challenges (2.4, R19) is ``test_challenges.py``.

Positions are written by hand with the one position builder (``support.position``; presets ``position``,
``solo``, ``ChallengePos``). ``deck(...)`` takes cards in the order they are DRAWN (top first); ``position``'s
``deck`` is listed bottom to top (the LAST card listed is revealed first). Each random value is stacked.

Sector neighbours used below (direction 1..6, R2): 23: 22 - - 31 34 25; 25: 24 22 23 34 36 26;
26: 15 24 25 36 BH 16; 34: 25 23 31 32 35 36; 46: BH 36 35 44 45 56; 56: 66 BH 46 45 54 55; 21: off above.
"""

from __future__ import annotations

import pytest
from support.position import position
from support.scenario_pos import (
    CHALLENGE_FILLER,
    FILLER,
    ChallengePos,
    Pos,
    S,
    apply,
    blank,
    deck,
    dname,
    home,
    legal,
    solo,
    tech,
    why,
)
from support.views import hand, pile, techs

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.io.position import PositionError, from_dict, to_dict
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.text.render import event_strings


def test_upkeep_paid_card_gets_a_cube_and_unpaid_adds_a_challenge_r18() -> None:
    """Homeworld H1 paid with a hand card; one tech unpaid: 1 challenge for it + 1 always = 2 challenges."""
    tech = {"num": 3, "suit": "K", "type": "tech", "lines": ["R4", "K", "F"]}
    s, ids = position("payment", deck=[blank(1, "S")] * 8, hand=[blank(2, "H"), blank(3, "S")], techs=[tech])
    assert s["dk"] == L.D_UPKEEP_CARD
    assert s["mask"][L.encode(L.B_TABLEAU, 0)] and not s["mask"][L.encode(L.B_TABLEAU, L.TECH_SLOT0)]
    apply(s, L.B_TABLEAU, 0)  # the paying card is the only H card: taken automatically (R27)
    assert s["c_upkeep"][ids["home"]] == 1
    # the challenge phase started: 2 challenges were added, the first is revealed
    assert s["dk"] in (L.D_CHALLENGE,) or s["over"]
    revealed = 1 + int(s["chal_n"])
    assert revealed == 2, event_strings(s)


def test_upkeep_stops_at_three_cubes_r18() -> None:
    s, ids = position("payment", deck=[blank(1, "S")] * 8, hand=[blank(2, "H"), blank(3, "H")], upkeep=3)
    apply(s, L.B_TABLEAU, 0)
    apply(s, L.B_HAND, 0)
    assert s["c_upkeep"][ids["home"]] == 3


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


def test_upkeep_any_written_suit_of_the_homeworld_pays_and_challenges_drawn_after_a_reshuffle_R18_1_4() -> None:
    """2.3/R18: the homeworld (H1, S4) can be paid with an S card (any written suit); the tech (R2) stays unpaid.
    The deck is empty: the challenge cards come from the discard pile shuffled into a new deck (1.4, R5):
    1 (unpaid tech) + 1 = 2 challenges."""
    p = ChallengePos(at="payment", home_lines=["H1", "S4"])
    t = p.add(tech(["R2", "K", "F"]))
    s5 = p.add("S5")
    p.player(0, hand=[s5], techs=[t])
    p.discard = p.adds(*CHALLENGE_FILLER)
    s = p.build()
    assert dname(s) == "UPKEEP_CARD" and legal(s) == {("tableau", 0), ("special", L.PASS)}, why(s)
    apply(s, L.B_TABLEAU, 0)
    assert int(s["c_upkeep"][p.home]) == 1 and s5 not in hand(s), why(s)
    evs = event_strings(s)
    assert any("shuffled into a new deck" in e for e in evs), evs
    assert len([e for e in evs if "challenge revealed" in e]) >= 1 and int(s["turn"]) >= 5, evs


def test_upkeep_an_empty_line_suit_of_a_tech_does_not_pay_R18() -> None:
    """2.3/R18: a card is paid with a hand card matching "the suit of a completed advancement on the card": the
    tech (R2 written; K and F lines empty) cannot be paid with a K card; the homeworld (H1) cannot either. No
    upkeep decision: 2 unpaid cards + 1 = 3 challenges, and the K card meets the first (K) challenge."""
    p = ChallengePos(at="payment")
    t = p.add(tech(["R2", "K", "F"]))
    k5 = p.add("K5")
    p.player(0, hand=[k5], techs=[t])
    chal = p.stack("K1", "S2", "M3")
    s = p.build()
    assert dname(s) == "CHALLENGE" and int(s["ctx"][0]) == S("K"), why(s)
    assert pile(s, "chal") == chal[1:] and legal(s) == {("hand", 0), ("special", L.FAIL)}, why(s)


def test_no_card_anywhere_gives_only_the_minimum_one_generated_challenge_R7_R18_R39() -> None:
    """R7: "If a card must be drawn or discarded and the deck and the discard pile are both empty: drawing into a
    hand simply stops; ...; the challenge pile still gets its minimum one challenge, with a generator-drawn suit."
    2.3: an unpaid card adds "a card from the top of the deck" -- with no card anywhere there is none to add; only
    the pile's minimum one challenge (2.3 "*always* has at least 1 card") is generated. Homeworld and one tech
    unpaid, deck and discard empty: exactly 1 challenge is revealed (R39)."""
    p = ChallengePos(at="payment", tracks={"C": 6, "M": 5, "S": 5, "X": 5})
    t = p.add({"num": 2, "suit": "S", "type": "tech", "era": 1, "lines": ["R2", "K", "F"]})
    p.player(0, techs=[t])
    s = p.build()
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0
    revealed = [e for e in event_strings(s) if "challenge revealed" in e]
    assert len(revealed) == 1, why(s)
