"""Scenario tests of Galactic Civ's victory (GC21, GC22) and of the optional Events rules (GC24-GC31), with their
rulings. Each test's docstring starts with the rule ids it checks."""

from __future__ import annotations

import json

import numpy as np
import pytest
from support.gc_position import (
    BENEVOLENT,
    MALEVOLENT,
    G,
    build,
    decision,
    dice_left,
    do,
    doc,
    legal,
    phase,
    pile,
    score,
    target,
)

from df_env.core.errors import GameError
from df_env.games.galactic_civ.engine.tables import EVENT_NAMES, EVENT_TYPE

STOP = {1: ["Escorts"]}  # the next seat holds a Ship: its Construction stops the engine


def test_gc21_gcr16_gcr17_conquest_after_turn_ten() -> None:
    """GC21, GCR16, GCR17: from turn 11, a lead of 5 in Military and in Expansion is a Conquest Victory."""
    s = build(phase="End", turn=11, attrs={0: {"Military": 10, "Expansion": 10}}, hands=STOP)
    assert G.is_terminal(s) and int(s["winner"]) == 0 and G.outcome(s)["victory"] == "Conquest"
    assert list(G.returns(s)) == [1.0, -1.0]


def test_gcr16_lead_of_four_is_not_enough() -> None:
    """GCR16: a lead of 4 in the primary or in both others is no victory."""
    assert not G.is_terminal(build(phase="End", turn=11, attrs={0: {"Military": 9, "Expansion": 10}}, hands=STOP))
    assert not G.is_terminal(build(phase="End", turn=11, attrs={0: {"Military": 10, "Expansion": 9}}, hands=STOP))


def test_gcr17_no_path_victory_in_turn_ten() -> None:
    """GCR17: paths 1-5 are never checked before turn 11."""
    s = build(phase="End", turn=10, attrs={0: {"Military": 20, "Expansion": 20}}, hands=STOP)
    assert not G.is_terminal(s) and int(s["cur"]) == 1


@pytest.mark.parametrize("path,attrs", [
    ("Diplomacy", {"Influence": 10, "Military": 10}), ("Ascension", {"Exploration": 10, "Research": 10}),
    ("Technology", {"Research": 10, "Trade": 10}), ("Influence", {"Influence": 10, "Morale": 10}),
])
def test_gc21_each_path(path: str, attrs: dict[str, int]) -> None:
    """GC21: each of paths 2-5 with its primary and one of its others."""
    s = build(phase="End", turn=15, attrs={0: attrs}, hands=STOP)
    assert G.outcome(s)["victory"] == path and int(s["winner"]) == 0


def test_gcr18_priority_and_lowest_path() -> None:
    """GCR18: every player is checked at each End Phase, the active one first, then in turn order; the winner's
    lowest-numbered path is recorded."""
    s = build(phase="End", turn=12, attrs={0: {"Military": 10, "Expansion": 10, "Influence": 10, "Trade": 10}},
              hands=STOP)
    assert G.outcome(s)["victory"] == "Conquest"
    s = build(3, phase="End", turn=12, active=0, attrs={1: {"Research": 10, "Trade": 10},
                                                        2: {"Military": 10, "Expansion": 10}})
    assert int(s["winner"]) == 1 and G.outcome(s)["victory"] == "Technology"
    s = build(3, phase="End", turn=12, active=1, first=1, attrs={1: {"Research": 10, "Trade": 10},
                                                                 2: {"Military": 10, "Expansion": 10}})
    assert int(s["winner"]) == 1
    s = build(3, phase="End", turn=12, active=2, first=0, attrs={0: {"Research": 10, "Trade": 10},
                                                                 1: {"Military": 10, "Expansion": 10}})
    assert int(s["winner"]) == 0


def test_gc22_gcr19_general_victory_after_turn_twenty() -> None:
    """GC22, GCR19: after the last player's End Phase of turn 20, the player who holds the strictly highest score
    in strictly the most attributes wins; tied attributes go to nobody."""
    s = build(phase="End", turn=20, first=0, active=1,
              attrs={0: {"Morale": 6, "Research": 6, "Trade": 6, "Military": 7}, 1: {"Exploration": 6,
                                                                                     "Influence": 6}})
    assert G.is_terminal(s) and int(s["winner"]) == 0 and G.outcome(s)["victory"] == "General"
    s = build(phase="End", turn=20, first=0, active=0, attrs={0: {"Morale": 6, "Research": 6, "Trade": 6}},
              hands=STOP)
    assert not G.is_terminal(s)  # seat 1 has not gone yet in turn 20


def test_gcr19_draw_and_path_first() -> None:
    """GCR19: a tie for the most attributes is a draw (no winner, zero returns); turn 20's path check comes
    first."""
    s = build(phase="End", turn=20, first=0, active=1, attrs={0: {"Morale": 6, "Research": 6},
                                                             1: {"Trade": 6, "Military": 6}})
    assert G.is_terminal(s) and int(s["winner"]) == -1 and G.outcome(s)["victory"] == "draw"
    assert list(G.returns(s)) == [0.0, 0.0] and G.outcome(s)["seats"] == ["draw", "draw"]
    s = build(phase="End", turn=20, first=0, active=1, attrs={0: {"Morale": 6, "Research": 6, "Trade": 6},
                                                             1: {"Military": 10, "Expansion": 10}})
    assert int(s["winner"]) == 1 and G.outcome(s)["victory"] == "Conquest"


def _ev(top: str, turn: int = 5, dice: list[int] | None = None, players: int = 2, **kw: object) -> np.ndarray:
    return build(players, phase="Opportunity", turn=turn, events=True, event_top=[top], dice=dice or [1],
                 hands={0: ["Escorts"]}, **kw)


def test_gc24_gc26_gcr22_event_roll() -> None:
    """GC24, GC26, GCR22: from turn 3 a d10 ends the Opportunity Phase; odd draws the top Event, resolved at
    once and put on the Event discard pile; even draws none; turns 1-2 roll nothing."""
    s = _ev("New Wormhole", dice=[3])
    assert score(s, 0, "Exploration") == 7 and pile(s, "edisc") == ["New Wormhole"] and int(s["edeck_n"]) == 76
    s = _ev("New Wormhole", dice=[4])
    assert score(s, 0, "Exploration") == 5 and int(s["edeck_n"]) == 77 and dice_left(s) == 0
    s = _ev("New Wormhole", turn=2, dice=[3])
    assert dice_left(s) == 1 and score(s, 0, "Exploration") == 5
    s = build(phase="Opportunity", turn=5, events=False, dice=[3], hands={0: ["Escorts"]})
    assert dice_left(s) == 1  # Events off (the default): no roll at all


def test_gc27_gcr23_galactic_event_hits_active_player_only() -> None:
    """GC27, GCR23, GCR20: a Galactic Event changes only the active player's attributes, floor 0."""
    s = _ev("Xenophobes", attrs={0: {"Influence": 1}})
    assert score(s, 0, "Influence") == 0 and score(s, 1, "Influence") == 5


def test_gc28_gcr24_moral_dilemma_malevolent() -> None:
    """GC28, GCR24: a Moral Dilemma asks the active player; Malevolent applies the card."""
    s = _ev("Lava Caves")
    assert decision(s) == "dilemma" and legal(s) == {BENEVOLENT, MALEVOLENT} and phase(s) == "Opportunity"
    do(s, MALEVOLENT)
    assert (score(s, 0, "Exploitation"), score(s, 0, "Trade"), score(s, 0, "Expansion")) == (7, 7, 3)
    assert pile(s, "edisc") == ["Lava Caves"] and phase(s) == "Construction"


def test_gc29_gcr24_gcr30_benevolent_rolls_then_penalty() -> None:
    """GC29, GCR24, GCR30, GC25: Benevolent rolls twice on the Benevolence Table (1-2 Expansion, 3-5 Morale, 6-8
    Influence, 9-10 Research), in order, then takes the IB penalty."""
    s = _ev("Stone Age Natives", dice=[1, 2, 10])
    assert "Exploitation -2" in G.action_to_string(s, BENEVOLENT)
    do(s, BENEVOLENT)
    assert (score(s, 0, "Expansion"), score(s, 0, "Research"), score(s, 0, "Exploitation")) == (6, 6, 3)
    s = _ev("Sentient Pods", dice=[1, 5, 8])
    do(s, BENEVOLENT)
    assert (score(s, 0, "Morale"), score(s, 0, "Influence"), score(s, 0, "Research")) == (6, 6, 5)


def test_gc30_gc31_gcr25_council_vote_winner_gains() -> None:
    """GC30, GC31, GCR25: votes are Influence + Expansion + Military; the strictly most wins the card's benefit
    (the drawing player need not be the winner)."""
    s = _ev("Host Legal Center", attrs={1: {"Military": 6}})
    assert score(s, 1, "Influence") == 7 and score(s, 0, "Influence") == 5


def test_gcr25_vote_tie_gives_nothing() -> None:
    """GCR25: a tie for the most votes: no effect."""
    s = _ev("Host Legal Center", attrs={1: {"Military": 6}, 0: {"Expansion": 6}})
    assert score(s, 1, "Influence") == 5 and score(s, 0, "Influence") == 5 and pile(s, "edisc")


def test_gcr25_target_player_chosen_by_winner() -> None:
    """GCR25: a "Target Player" UPI: the vote winner (here not the active player) picks any other player."""
    s = _ev("Terror Star Ban", players=3, attrs={2: {"Military": 6}})
    assert decision(s) == "target" and G.current_player(s) == 2 and legal(s) == {target(0), target(1)}
    do(s, target(0))
    assert score(s, 0, "Military") == 3 and score(s, 1, "Military") == 5


def test_gcr25_all_other_players() -> None:
    """GCR25: an "All other Players" UPI hits everyone but the vote winner."""
    s = _ev("Require Star Democracy", players=3, attrs={1: {"Influence": 6}})
    assert [score(s, p, "Morale") for p in range(3)] == [3, 5, 3]


def test_gcr31_event_deck_reshuffles_and_cards_are_kept() -> None:
    """GCR31, GCR22: an empty Event deck takes its shuffled discard pile; every event is always somewhere."""
    d = doc(phase="Opportunity", turn=5, events=True, dice=[1], hands={0: ["Escorts"]})
    d["event_discard"], d["event_deck"] = d["event_deck"], []
    s = G.from_json(json.dumps(d))
    assert int(s["edeck_n"]) == 76 and int(s["edisc_n"]) + int(s["event"] >= 0) == 1
    d["event_deck"] = d["event_discard"][1:]
    with pytest.raises(GameError, match="77 events"):
        G.from_json(json.dumps(d))


def test_event_deck_has_three_types() -> None:
    """GC24: 39 Moral Dilemmas, 14 Galactic Events, 24 United Planets Issues."""
    assert [int((EVENT_TYPE == t).sum()) for t in range(3)] == [39, 14, 24] and len(set(EVENT_NAMES)) == 77
