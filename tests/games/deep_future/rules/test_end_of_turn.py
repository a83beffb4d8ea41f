"""Scenario tests of the end of the turn: upkeep (2.3, R18), meeting challenges (2.4, R19), every row of Table 6,
rival cubes and the spill (R20), the neutral line (R21), losing a homeworld sector (R22) and the start phase
(2.1, R9).

Positions are written in the position format; the deck is listed bottom to top, so the LAST card listed is
revealed first: every random value is stacked. Solo player 0 has his homeworld (card 0) in sector 23; neighbours
of 23 by direction 1..6: 22, off, off, 31, 34, 25.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import invariants
from support.position import position

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import NEUTRAL, SECTOR_IDS
from df_env.games.deep_future.engine.text.render import action_to_string, decision_to_string

X = {int(n): i for i, n in enumerate(SECTOR_IDS)}  # printed sector -> index
TRACKS = "CMSX"


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


# ---------------------------------------------------------------------------------------------- R19 meeting


# ---------------------------------------------------------------------------------------------- R18 upkeep


# ---------------------------------------------------------------------------------------------- R20 rivals


# ---------------------------------------------------------------------------------------------- R21, R22


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
