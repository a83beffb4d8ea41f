"""Scenario tests of the end of the turn: upkeep (2.3, R18), meeting challenges (2.4, R19), every row of Table 6,
rival cubes and the spill (R20), the neutral line (R21), losing a homeworld sector (R22) and the start phase
(2.1, R9).

Positions are written in the position format; the deck is listed bottom to top, so the LAST card listed is
revealed first: every random value is stacked. Solo player 0 has his homeworld (card 0) in sector 23; neighbours
of 23 by direction 1..6: 22, off, off, 31, 34, 25.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import invariants

from df_env import engine
from df_env.engine.io.position import make_position
from df_env.engine.model import layout as L
from df_env.engine.model.constants import FAIL, NEUTRAL, SECTOR_IDS, SUIT_LETTERS
from df_env.engine.text.render import action_to_string, decision_to_string, event_strings

X = {int(n): i for i, n in enumerate(SECTOR_IDS)}  # printed sector -> index
TRACKS = "CMSX"


def position(at: str, *, deck: list[Any], hand: list[Any] = (), challenges: list[Any] = (),
             home_lines: list[str] = ("H1",), worlds: list[dict] = (), techs: list[dict] = (),
             cubes: dict[int, Any] | None = None, tracks: dict[str, int] | None = None,
             line: list[dict] = (), players: int = 1, upkeep: int = 0) -> tuple[np.ndarray, dict[str, Any]]:
    """Player 0's solo (or 2-player) position at ``at`` with the given cards; returns state and card ids."""
    cards: list[Any] = []

    def add(spec: Any) -> int:
        cards.append(spec)
        return len(cards) - 1

    home_spec = {"num": 1, "suit": "K", "type": "world", "sector": 23, "lines": list(home_lines)}
    if upkeep:
        home_spec["upkeep"] = upkeep
    ids: dict[str, Any] = {"home": add(home_spec)}
    ids["hand"] = [add(c) for c in hand]
    ids["worlds"] = [add(w) for w in worlds]
    ids["techs"] = [add(t) for t in techs]
    ids["deck"] = [add(c) for c in deck]
    ids["chal"] = [add(c) for c in challenges]
    ids["line"] = {str(w["num"]): add(w) for w in line}
    plist: list[dict[str, Any]] = [{"hand": ids["hand"], "homeworld": ids["home"], "worlds": ids["worlds"],
                                    "techs": ids["techs"], "tracks": tracks or {}}]
    cmap: dict[str, Any] = {"23": {"cubes": 3, "owner": 0}}
    if players == 2:
        ids["home1"] = add({"num": 2, "suit": "S", "type": "world", "sector": 56, "lines": ["H1"]})
        plist.append({"hand": [], "homeworld": ids["home1"]})
        cmap["56"] = {"cubes": 3, "owner": 1}
    for x, v in (cubes or {}).items():
        if v is None:
            cmap.pop(str(x), None)
        else:
            cmap[str(x)] = v
    s = make_position(at=at, header={"players": players}, cards=cards, map=cmap,
                      piles={"deck": ids["deck"], "challenges": ids["chal"], "line": ids["line"]}, players=plist)
    return s, ids


def do(s: np.ndarray, block: int, index: int) -> None:
    a = L.encode(block, index)
    legal = [action_to_string(s, int(b)) for b in engine.legal_actions(s)]
    assert s["mask"][a], f"{L.BLOCK_NAMES[block]} {index} illegal at {decision_to_string(s)}; legal: {legal}"
    engine.apply_action(s, a)
    invariants.check(s)


def fail(s: np.ndarray) -> None:
    """Fail the pending challenge; with no way to meet it the engine has already failed it (R27)."""
    if s["dk"] == L.D_CHALLENGE:
        do(s, L.B_SPECIAL, L.FAIL)


def blank(num: int, suit: str) -> str:
    return f"{suit}{num}"


def track(s: np.ndarray, p: int, letter: str) -> int:
    return int(s["tracks"][p, TRACKS.index(letter)])


def cubes(s: np.ndarray, printed: int) -> tuple[int, int]:
    x = X[printed]
    return int(s["cubes"][x]), int(s["owner"][x])


# ---------------------------------------------------------------------------------------------- Table 6
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
    fail(s)
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
    fail(s)  # S4: Might -3 (to -6: lost) and 1 rival cube
    assert s["over"] and s["winner"] == -1 and engine.returns(s).tolist() == [-1.0]
    assert cubes(s, 66) == (0, -1)


# ---------------------------------------------------------------------------------------------- R19 meeting
def test_meet_with_a_hand_card_of_the_suit_r19() -> None:
    s, ids = position("challenge", deck=[blank(1, "S")] * 12, challenges=[blank(3, "R")],
                      hand=[blank(2, "R"), blank(5, "S")])
    assert s["dk"] == L.D_CHALLENGE
    assert s["mask"][L.encode(L.B_HAND, 0)] and not s["mask"][L.encode(L.B_HAND, 1)]
    do(s, L.B_HAND, 0)
    assert s["over"] == 0 and ids["hand"][0] in s["discard"][: s["discard_n"]]
    assert track(s, 0, "S") == 0  # no failure


def test_meet_with_an_upkeep_cube_of_a_written_suit_r19() -> None:
    s, ids = position("challenge", deck=[blank(1, "S")] * 3, challenges=[blank(3, "H")],
                      home_lines=["H1"], upkeep=2)
    do(s, L.B_TABLEAU, 0)
    assert s["c_upkeep"][ids["home"]] == 1 and track(s, 0, "M") == 0


def test_meet_by_discarding_a_settled_world_r19() -> None:
    w = {"num": 4, "suit": "M", "type": "world", "sector": 34, "lines": ["F2"]}
    s, ids = position("challenge", deck=[blank(1, "S")] * 12, challenges=[blank(3, "F")], worlds=[w],
                      cubes={34: {"cubes": 1, "owner": 0}})
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert s["worlds_n"][0] == 0 and ids["worlds"][0] in s["discard"][: s["discard_n"]]


def test_upkeep_cube_needs_a_written_advancement_of_the_suit_r19() -> None:
    s, _ = position("challenge", deck=[blank(1, "S")] * 3, challenges=[blank(3, "S")], home_lines=["H1"],
                    upkeep=2, hand=[blank(2, "S")])
    assert not s["mask"][L.encode(L.B_TABLEAU, 0)]


# ---------------------------------------------------------------------------------------------- R18 upkeep
def test_upkeep_paid_card_gets_a_cube_and_unpaid_adds_a_challenge_r18() -> None:
    """Homeworld H1 paid with a hand card; one tech unpaid: 1 challenge for it + 1 always = 2 challenges."""
    tech = {"num": 3, "suit": "K", "type": "tech", "lines": ["R4", "K", "F"]}
    s, ids = position("payment", deck=[blank(1, "S")] * 8, hand=[blank(2, "H"), blank(3, "S")], techs=[tech])
    assert s["dk"] == L.D_UPKEEP_CARD
    assert s["mask"][L.encode(L.B_TABLEAU, 0)] and not s["mask"][L.encode(L.B_TABLEAU, L.TECH_SLOT0)]
    do(s, L.B_TABLEAU, 0)  # the paying card is the only H card: taken automatically (R27)
    assert s["c_upkeep"][ids["home"]] == 1
    # the challenge phase started: 2 challenges were added, the first is revealed
    assert s["dk"] in (L.D_CHALLENGE,) or s["over"]
    revealed = 1 + int(s["chal_n"])
    assert revealed == 2, event_strings(s)


def test_upkeep_stops_at_three_cubes_r18() -> None:
    s, ids = position("payment", deck=[blank(1, "S")] * 8, hand=[blank(2, "H"), blank(3, "H")], upkeep=3)
    do(s, L.B_TABLEAU, 0)
    do(s, L.B_HAND, 0)
    assert s["c_upkeep"][ids["home"]] == 3


# ---------------------------------------------------------------------------------------------- R20 rivals
def _rival_row_position(deck_top: list[Any], **kw: Any) -> np.ndarray:
    """An S5 failure (Might -1, 3 random rival cubes): deck top (last) = the failure number 5, then deck_top."""
    deck = [blank(1, "S")] * 4 + list(reversed(deck_top)) + [blank(5, "M")]
    s, _ = position("challenge", deck=deck, challenges=[blank(3, "S")], tracks={"M": 3}, **kw)
    fail(s)
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


# ---------------------------------------------------------------------------------------------- R21, R22
def test_new_world_replaces_the_line_world_with_the_same_number_r20_r21() -> None:
    old = {"num": 2, "suit": "R", "type": "world", "sector": 52, "lines": ["S2"]}
    new = {"num": 2, "suit": "S", "type": "world", "sector": 45, "lines": ["S1"]}
    deck = [blank(1, "S")] * 12 + [new, blank(3, "S"), blank(6, "M")]
    s, ids = position("challenge", deck=deck, challenges=[blank(3, "R")], line=[old],
                      cubes={52: {"cubes": 3, "owner": "N"}})
    fail(s)
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
    assert s["home"][0] != 0 and s["c_sector"][s["home"][0]] == X[34] and s["worlds_n"][0] == 0
    assert not s["over"]


def test_losing_the_homeworld_sector_without_a_settled_world_loses_r22() -> None:
    s = _rival_row_position([blank(4, "K"), blank(2, "K"), blank(3, "K")])
    assert s["over"] and engine.returns(s).tolist() == [-1.0]


# ---------------------------------------------------------------------------------------------- start phase R9
def test_start_discards_down_to_ten_then_draws_up_to_five_r9() -> None:
    s, ids = position("turn_start", deck=[blank(1, "S")] * 5, hand=[blank(2, "M")] * 12)
    assert s["hand_n"][0] == 10 and s["deck_n"] == 5
    s, ids = position("turn_start", deck=[blank(1, "S")] * 5, hand=[blank(2, "M")] * 2)
    assert s["hand_n"][0] == 5 and s["deck_n"] == 2


def test_art_on_the_homeworld_raises_culture_at_the_start_r9_r11() -> None:
    s, _ = position("turn_start", deck=[blank(1, "S")] * 6, home_lines=["M1", "M1"])
    assert track(s, 0, "C") == 2


def test_history_shows_the_top_card_until_it_leaves_the_deck_r8_r42() -> None:
    s, ids = position("turn_start", deck=[blank(1, "S")] * 8, home_lines=["K1"])
    top = s["deck"][s["deck_n"] - 1]
    assert s["dk"] == L.D_START and s["mask"][L.encode(L.B_ADV, 18)], "History is a start-phase choice (R42)"
    assert not s["c_known"][top] & 1, "nothing seen before it is used"
    do(s, L.B_ADV, 18)  # History
    assert s["c_known"][top] & 1 and not s["c_known"][s["deck"][s["deck_n"] - 2]] & 1
    assert s["dk"] == L.D_ACTION, "the seen card stays seen into the action phase (R8)"
    assert s["c_known"][top] & 1


def test_plan_discards_the_hand_and_makes_a_card_of_the_chosen_suit_r12() -> None:
    s, ids = position("action", deck=[blank(1, "S")] * 20 + [blank(4, "S")], hand=[blank(2, "M"), blank(3, "R")])
    do(s, L.B_ACTION, 6)
    do(s, L.B_SUIT, 5)  # foot; the number comes from the top card, a 4
    new = int(s["n_cards"]) - 1
    assert s["c_suit"][new] == 5 and s["c_num"][new] == 4 and new in s["hand"][0, : s["hand_n"][0]]
    assert all(c in s["discard"][: s["discard_n"]] for c in ids["hand"])  # the whole hand was discarded
    assert s["turn"] == 2  # PLAN ended the action phase; the turn went on to its end


# ---------------------------------------------------------------------------------------------- start advancements
def test_economy_pays_a_track_and_draws_two_r9_r4() -> None:
    s, ids = position("start_phase", deck=[blank(1, "S")] * 6, home_lines=["H1"], tracks={"M": 2})
    assert s["dk"] == L.D_START and s["mask"][L.encode(L.B_ADV, 24)]
    n = int(s["hand_n"][0])
    do(s, L.B_ADV, 24)  # Economy
    assert not s["mask"][L.encode(L.B_TRACK, 0)], "Culture 0 cannot pay (R4)"
    do(s, L.B_TRACK, 1)  # Might pays
    assert track(s, 0, "M") == 1 and s["hand_n"][0] == n + 2
    assert not s["mask"][L.encode(L.B_ADV, 24)], "each instance once per turn (R9)"


def test_infrastructure_puts_an_upkeep_cube_for_a_track_r9() -> None:
    s, ids = position("start_phase", deck=[blank(1, "S")] * 6, home_lines=["R1"], tracks={"S": 1})
    do(s, L.B_ADV, 12)  # Infrastructure
    assert not s["mask"][L.encode(L.B_TRACK, 0)], "Culture at 0 cannot pay (R4)"
    do(s, L.B_TRACK, 2)  # Stability pays; the homeworld is the only target (taken automatically, R27)
    assert track(s, 0, "S") == 0 and s["c_upkeep"][ids["home"]] == 1


def test_exploration_moves_a_cube_to_an_adjacent_empty_sector_r9() -> None:
    s, ids = position("start_phase", deck=[blank(1, "S")] * 6, home_lines=["F1"], tracks={"X": 2})
    do(s, L.B_ADV, 30)  # Exploration
    do(s, L.B_TRACK, 3)  # Xeno pays; 23 is the only source (taken automatically, R27)
    assert track(s, 0, "X") == 1 and s["dk"] == L.D_EXPLORE_TO
    assert not s["mask"][L.encode(L.B_SECTOR, 0)]
    do(s, L.B_SECTOR, X[34])
    assert cubes(s, 23) == (2, 0) and cubes(s, 34) == (1, 0)


def test_computation_draws_one_then_discards_one_r9() -> None:
    s, ids = position("start_phase", deck=[blank(1, "S")] * 6 + [blank(5, "K")], home_lines=["S1"],
                      hand=[blank(2, "M"), blank(3, "R")])
    n = int(s["hand_n"][0])
    do(s, L.B_ADV, 0)  # Computation
    assert s["dk"] == L.D_DISCARD and s["hand_n"][0] == n + 1
    drawn = int(s["hand"][0, n])
    do(s, L.B_HAND, n)
    assert s["hand_n"][0] == n and drawn in s["discard"][: s["discard_n"]]


def test_start_advancement_from_a_consumed_settled_world_r10() -> None:
    w = {"num": 4, "suit": "M", "type": "world", "sector": 34, "lines": ["M1"]}
    s, ids = position("start_phase", deck=[blank(1, "S")] * 6, home_lines=["H1"], worlds=[w],
                      cubes={34: {"cubes": 1, "owner": 0}})
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)  # Art on the settled world: used up, Culture +1 (R10, R33)
    assert track(s, 0, "C") == 1 and s["worlds_n"][0] == 0


# ---------------------------------------------------------------------------------------------- setup 1.6, 1.7
@pytest.mark.parametrize("n_players", [1, 2, 3])
def test_setup_over_many_seeds_follows_1_6_and_1_7(n_players: int) -> None:
    """1.6: 36 cards, one per number and suit, 12 original worlds (era 0) with one advancement each. 1.7:
    homeworlds in different sectors with 3 cubes each, balanced advancement counts, the neutral line ordered by
    corner number with 3 neutral cubes per world's sector (5 when shared), none in a homeworld sector."""
    for seed in range(40):
        s = engine.new_game(engine.GameConfig(num_players=n_players), seed=seed)
        while s["phase"] == L.PH_SETUP:  # homeworld picks and balancing choices (1.7): take the first choice
            engine.apply_action(s, int(engine.legal_actions(s)[0]))
        originals = [c for c in range(36) if s["c_era"][c] == 0 and s["c_type"][c] == 1]
        pairs = {(int(s["c_num"][c]), int(s["c_suit"][c])) for c in range(36)}
        assert len(pairs) == 36 and len(originals) >= 12 - n_players  # (a homeworld may be a new card)
        homes = [int(s["home"][p]) for p in range(n_players)]
        sectors = [int(s["c_sector"][h]) for h in homes]
        assert len(set(sectors)) == n_players
        counts = {int((s["c_slot_num"][h] > 0).sum()) for h in homes}
        assert len(counts) == 1, "balancing: equal numbers of advancements (1.7)"
        for p, x in enumerate(sectors):
            assert s["owner"][x] == p and s["cubes"][x] >= 3
        for k, w in enumerate(s["line"]):
            if w < 0:
                continue
            assert s["c_num"][w] == k + 1 and s["c_sector"][w] not in sectors
            shared = sum(1 for v in s["line"] if v >= 0 and s["c_sector"][v] == s["c_sector"][w])
            assert s["cubes"][s["c_sector"][w]] == (5 if shared > 1 else 3) and s["owner"][s["c_sector"][w]] == NEUTRAL
        assert 0 <= s["start_player"] < n_players
