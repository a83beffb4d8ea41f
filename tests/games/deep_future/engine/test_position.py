"""The position format: exact round trips of engine states, hand-written positions, and validation errors."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.io.position import (
    PositionError,
    from_dict,
    from_json,
    make_position,
    to_dict,
    to_json,
)
from df_env.games.deep_future.engine.kernels import fill_mask_arr, random_playout_arr
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import (
    ACTION_NAMES,
    ADVANCE,
    BATTLE,
    PLAN,
    POWER,
    SKULL,
    SUIT_LETTERS,
    V_CULTURE,
)
from df_env.games.deep_future.engine.model.rng import seed_words

DOC = Path(__file__).resolve().parents[4] / "docs" / "position_format.md"


def decision(s: np.ndarray) -> str:
    return L.DECISIONS[int(s["dk"])][0]


def act(block: int, index: int) -> int:
    return L.encode(block, index)


def assert_round_trip(s: np.ndarray) -> dict[str, Any]:
    """JSON text and dict both restore the state byte for byte (the mask recomputed on load)."""
    text = to_json(s)
    assert from_json(text).tobytes() == s.tobytes()
    d = to_dict(s)
    assert from_dict(json.loads(json.dumps(d))).tobytes() == s.tobytes()
    return d


# ---------------------------------------------------------------------------------------------- round trips
GAMES = [(1, False, seed) for seed in range(8)] + [(2, seed % 3 == 1, seed) for seed in range(8)] + [
    (3, seed % 3 == 1, seed) for seed in range(8)
]


def random_positions(players: int, restart: bool, seed: int, limit: int = 120) -> Iterator[np.ndarray]:
    """Every decision point of one random game (at most ``limit``), the final one included."""
    s = engine.new_game(engine.GameConfig(num_players=players, restart_on_loss=restart), seed=seed)
    r = seed_words(1000 + seed)
    for _ in range(limit):
        yield s
        if s["over"]:
            return
        random_playout_arr(s.reshape(1), r, 1)


@pytest.mark.parametrize("players,restart,seed", GAMES)
def test_round_trip_is_byte_exact_in_random_play(players: int, restart: bool, seed: int) -> None:
    n = 0
    for s in random_positions(players, restart, seed):
        assert from_json(to_json(s)).tobytes() == s.tobytes(), f"decision {n}: {decision(s)}"
        n += 1
    assert n > 5


@pytest.mark.parametrize("decisions", [3, 12, 1000])
def test_writing_leaves_the_state_alone_and_the_stack_shows_the_game(decisions: int) -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), seed=11)
    random_playout_arr(s.reshape(1), seed_words(3), decisions)
    before = s.copy()
    d = assert_round_trip(s)
    assert s.tobytes() == before.tobytes()
    stack = [frame["proc"] for frame in d["engine"]["stack"]]
    assert (stack == []) == bool(s["over"]) and (s["over"] or stack[0] == "game")


def test_json_is_readable_names_not_codes() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), seed=5)
    d = to_dict(s)
    assert d["format"] == "df_env.position" and d["version"] == 1
    assert all(c["suit"] in SUIT_LETTERS for c in d["cards"])
    assert d["engine"]["decision"]["kind"] in {name for name, _, _ in L.DECISIONS}
    for key, sec in d["map"].items():
        assert re.fullmatch(r"0|[1-6][1-6]", key)
        assert sec.get("owner") in (0, 1, "N", None)
    text = to_json(s)
    assert "\n" in text and max(len(line) for line in text.splitlines()) <= 120


# ---------------------------------------------------------------------------------------------- hand-written
def solo(**over: Any) -> dict[str, Any]:
    """A small solo position: homeworld (card 6) in sector 23 with 3 cubes; hand S1 K4 H5; deck S6 M5 R2 (top)."""
    d: dict[str, Any] = {
        "format": "df_env.position",
        "version": 1,
        "at": "action",
        "seed": 3,
        "header": {"players": 1, "turn": 4},
        "map": {"23": {"cubes": 3, "owner": 0}, "36": {"cubes": 2, "owner": "N"}},
        "cards": [
            "S1", "K4", "H5", "S6", "M5", "R2",
            {"num": 1, "suit": "K", "type": "world", "sector": 23, "lines": [{"suit": "K", "num": 1, "circled": True}]},
        ],
        "piles": {"deck": [3, 4, 5]},
        "players": [{"hand": [0, 1, 2], "homeworld": 6}],
    }
    d.update(over)
    return d


def test_minimal_action_position_has_the_right_legal_actions() -> None:
    s = from_dict(solo())
    assert decision(s) == "ACTION" and int(s["dplayer"]) == 0
    assert int(s["turn"]) == 4 and L.PHASE_NAMES[int(s["phase"])] == "action"
    legal = set(engine.legal_actions(s).tolist())
    # S pays POWER, K pays ADVANCE, H pays BATTLE; PLAN is always possible; no R card: no GROW; no M: no SETTLE
    assert legal == {POWER, ADVANCE, BATTLE, PLAN, act(L.B_SPECIAL, L.PASS)}


def test_power_from_a_written_position_draws_the_deck_top() -> None:
    s = from_dict(solo())
    engine.apply_action(s, POWER)  # the only sun card pays at once (a single choice is automatic, R27)
    assert decision(s) == "ACTION"
    assert list(s["discard"][: s["discard_n"]]) == [0]
    assert list(s["hand"][0, : s["hand_n"][0]]) == [1, 2, 5, 4]  # deck listed bottom-to-top: 5 is the top
    assert list(s["deck"][: s["deck_n"]]) == [3]
    assert_round_trip(s)


def test_turn_start_draws_up_to_five_and_counts_the_turn() -> None:
    s = from_dict(solo(at="turn_start"))
    assert int(s["turn"]) == 4  # header.turn is the turn that begins
    assert int(s["hand_n"][0]) == 5
    assert decision(s) in ("START", "ACTION")


def test_start_phase_position_offers_the_start_decision() -> None:
    # a settled world with Art (M1) can be consumed for its start advancement: D_START has a real choice
    d = solo(at="start_phase")
    d["cards"].append({"num": 2, "suit": "M", "type": "world", "sector": 23, "lines": ["M1"]})
    d["players"][0]["worlds"] = [7]
    s = from_dict(d)
    assert decision(s) == "START"
    assert act(L.B_TABLEAU, L.WORLD_SLOT0) in engine.legal_actions(s)


def test_payment_position_asks_for_upkeep() -> None:
    s = from_dict(solo(at="payment"))  # the homeworld's K suit is paid with the K4 in hand
    assert decision(s) == "UPKEEP_CARD" and L.PHASE_NAMES[int(s["phase"])] == "payment"


def test_challenge_position_reveals_the_pile_in_order() -> None:
    d = solo(at="challenge")
    d["cards"][6]["upkeep"] = 1
    d["cards"][5] = "K2"
    d["piles"] = {"deck": [3, 4], "challenges": [5, {"suit": "H"}]}  # the K2 card, then a challenge with no card
    s = from_dict(d)
    assert decision(s) == "CHALLENGE" and int(s["ctx"][0]) == SKULL
    legal = set(engine.legal_actions(s).tolist())
    # the K4 in hand, the homeworld's upkeep cube (it has a K advancement), or fail
    assert legal == {act(L.B_HAND, 1), act(L.B_TABLEAU, 0), act(L.B_SPECIAL, L.FAIL)}
    assert list(s["discard"][: s["discard_n"]]) == [5]  # the revealed challenge card
    pending = assert_round_trip(s)
    assert pending["piles"]["challenges"] == [{"suit": "H"}]
    engine.apply_action(s, act(L.B_HAND, 1))
    assert decision(s) == "CHALLENGE" and int(s["ctx"][0]) == SUIT_LETTERS.index("H")  # the generated one
    assert int(s["chal_n"]) == 0 and 1 in s["discard"][: s["discard_n"]]


def test_a_card_in_no_pile_is_written_as_held() -> None:
    # The engine may hold a card between piles while a procedure runs (a card being made into a world): the
    # writer lists such cards under piles.held so that every card still lies in exactly one place.
    s = from_dict(solo())
    s["hand"][0, 2] = -1
    s["hand_n"][0] = 2
    fill_mask_arr(s.reshape(1))  # the mask is derived from the hand
    d = assert_round_trip(s)
    assert d["piles"]["held"] == [2] and d["players"][0]["hand"] == [0, 1]
    with pytest.raises(PositionError, match=r"cards\[2\]: card 2 lies nowhere"):
        from_dict(edit("piles.held", DELETE, d))


def winning_position() -> dict[str, Any]:
    """Player 0 of 2 meets Culture and Might: homeworld R1 K1 R2, complete techs (R3 R4 K2) (K3 K4 R5) (K5 S1 M1)."""
    tech = {"num": 1, "suit": "S", "type": "tech"}
    cards = [
        {"num": 3, "suit": "R", "type": "world", "sector": 33, "lines": ["R1", "K1", "R2"]},
        {**tech, "lines": ["R3", "R4", "K2"], "name": 11},
        {**tech, "lines": ["K3", "K4", "R5"], "name": 12},
        {**tech, "lines": ["K5", "S1", "M1"], "name": 13},
        {"num": 5, "suit": "H", "type": "world", "sector": 61, "lines": ["H1"]},
        "S2", "M2", "R3", "K4", "H5", "F6",
    ]
    return {
        "format": "df_env.position", "version": 1, "at": "action", "seed": 9,
        "header": {"players": 2, "current": 0, "era": 3, "turn": 20},
        "map": {"33": {"cubes": 4, "owner": 0}, "61": {"cubes": 3, "owner": 1}},
        "cards": cards,
        "piles": {"deck": [5, 6, 7, 8], "discard": [9, 10]},
        "players": [{"homeworld": 0, "techs": [1, 2, 3], "tracks": {"C": 12, "M": 6}}, {"homeworld": 4}],
    }


def test_victory_creates_civilization_wonder_and_name_which_round_trip() -> None:
    s = from_dict(winning_position())
    assert decision(s) == "VICTORY"
    assert_round_trip(s)
    engine.apply_action(s, act(L.B_VICTORY, V_CULTURE))
    assert decision(s) == "CIV_SUIT"
    assert_round_trip(s)
    engine.apply_action(s, act(L.B_SUIT, SUIT_LETTERS.index("R")))
    assert decision(s) == "WONDER_SUIT"
    engine.apply_action(s, act(L.B_SUIT, SUIT_LETTERS.index("K")))
    assert engine.is_terminal(s)
    d = assert_round_trip(s)
    assert d["header"]["winner"] == 0 and d["header"]["victory"] == "Culture" and d["header"]["over"]
    assert d["map"]["33"]["wonder"] == "Culture" and d["map"]["33"]["wonder_suit"] == "K" and "name" in d["map"]["33"]
    civ = d["cards"][-1]
    assert civ["type"] == "civilization" and civ["civ_victory"] == "Culture" and civ["civ_suit"] == "R"
    assert civ["history"] == [0, 1, 2, 3] and civ["sector"] == 33 and civ["era"] == 3
    assert d["piles"]["discard"][-1] == civ["id"]


def test_make_position_fills_in_format_and_version() -> None:
    d = solo()
    s = make_position(at="action", seed=3, header=d["header"], map=d["map"], cards=d["cards"], piles=d["piles"],
                      players=d["players"])
    assert s.tobytes() == from_dict(d).tobytes()


def test_doc_example_loads_as_documented() -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(), flags=re.S)
    assert blocks, "docs/position_format.md has no json example"
    s = from_json(blocks[0])
    assert decision(s) == "ACTION" and int(s["dplayer"]) == 0 and int(s["turn"]) == 7
    names = [ACTION_NAMES[a] if a < len(ACTION_NAMES) else "pass" for a in engine.legal_actions(s)]
    assert names == ["POWER", "SETTLE", "ADVANCE", "EXPAND", "PLAN", "pass"]
    assert_round_trip(s)


# ---------------------------------------------------------------------------------------------- validation
def edit(path: str, value: Any, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """A copy of ``base`` (default: :func:`solo`) with ``value`` at ``path`` (dots and [i]); DELETE removes it."""
    d = copy.deepcopy(base if base is not None else solo())
    *keys, last = re.findall(r"[^.]+", path)
    target = d
    for k in keys:
        target = target[int(k)] if isinstance(target, list) else target[k]
    key: Any = int(last) if isinstance(target, list) else last
    if value is DELETE:
        del target[key]
    else:
        target[key] = value
    return d


DELETE = object()

ERRORS = [
    ("players.0.hand.2", 57, r"players\[0\]\.hand\[2\]: card 57 does not exist \(the pool has 7 cards\)"),
    ("map.23.cubes", 7, r'map\["23"\]\.cubes: 7 is out of range 0\.\.5'),
    ("cards.4", {"num": 5, "suit": "Q"}, r'cards\[4\]\.suit: "Q" is not a suit \(S M R K H F\)'),
    ("cards.4", {"num": 7, "suit": "M"}, r"cards\[4\]\.num: 7 is out of range 1\.\.6"),
    ("cards.4", "Q5", r'cards\[4\]: "Q5" is not a card'),
    ("cards.4", {"num": 5, "suit": "M", "colour": "red"},
     r'cards\[4\]: unknown key "colour" \(allowed: "id", "num", "suit", "type", '),
    ("cards.4", {"num": 5, "suit": "M", "id": 3}, r"cards\[4\]\.id: 3 is not this card's id"),
    ("cards.4", {"num": 5, "suit": "M", "type": "planet"}, r'cards\[4\]\.type: "planet" is not a card type'),
    ("cards.6.lines.0", {"suit": "K", "num": 1, "name": "Art"}, r'cards\[6\]\.lines\[0\]\.name: .*does not match K1'),
    ("cards.6.lines.0", "Z9", r'cards\[6\]\.lines\[0\]: "Z9" is not an advancement'),
    ("header.colour", 1, r'header: unknown key "colour" \(allowed: "players", "variant", '),
    ("hat", 1, r'unknown key "hat" \(allowed: "format", "version", "at", '),
    ("version", 2, r"version: written by a newer format version 2; this df_env reads version 1"),
    ("format", "chess.fen", r'format: .* is not "df_env\.position"'),
    ("header", DELETE, r'the key "header" is required'),
    ("header.players", 4, r"header\.players: 4 is out of range 1\.\.3"),
    ("header.variant", "restart", r'header\.variant: "restart" \(R24\) needs 2 or 3 players'),
    ("header.phase", "payment", r'header\.phase: "payment" does not match at = "action"'),
    ("at", "lunch", r'at: "lunch" is not a resume point \("turn_start", "start_phase", "action", "payment", '),
    ("at", DELETE, r'"at" is required without an "engine" section'),
    ("map.27", {"cubes": 1, "owner": 0}, r'map\["27"\]: "27" is not a sector \(11\.\.66'),
    ("map.23.owner", 1, r'map\["23"\]\.owner: 1 is not a cube owner \(a player 0\.\.0 or "N" for neutral\)'),
    ("map.23.owner", DELETE, r'map\["23"\]: 3 cubes need an "owner"'),
    ("map.41", {"owner": 0}, r'map\["41"\]\.owner: an empty sector has no owner'),
    ("map.41", {"wonder": "Culture"}, r'map\["41"\]: a wonder needs both'),
    ("piles.discard", [0], r"players\[0\]\.hand\[0\]: card 0 is already in piles\.discard\[0\] \(every card lies "),
    ("piles.deck", [3, 4], r"cards\[5\]: card 5 lies nowhere \(put it in piles\.deck"),
    ("piles.challenges", [{"suit": "Q"}], r'piles\.challenges\[0\]\.suit: "Q" is not a suit'),
    ("piles.line", {"7": 3}, r'piles\.line\["7"\]: "7" is not a corner number'),
    ("players.0.techs", [1], r"players\[0\]\.techs\[0\]: card 1 is already in players\[0\]\.hand\[1\]"),
    ("players.0.homeworld", 3, r"players\[0\]\.homeworld: card 3 is already in piles\.deck\[0\]"),
    ("players.0.tracks", {"C": 13}, r"players\[0\]\.tracks\.C: 13 is out of range 0\.\.12"),
    ("players.0.tracks", {"Q": 1}, r'players\[0\]\.tracks: unknown key "Q" \(allowed: C M S X\)'),
    ("players", [{}, {}], r"players: 2 players listed, header\.players says 1"),
    ("turn", {"actions_taken": ["NAP"]}, r'turn\.actions_taken\[0\]: "NAP" is not an action'),
    ("turn", {"start_used": {"History!": 1}}, r'turn\.start_used\["History!"\]: "History!" is not an advancement'),
    ("engine", {"rng": [1, 2, 3, 4]}, r'at: a position with an "engine" section resumes exactly'),
    ("seed", -1, r"seed: -1 is out of range 0\.\."),
]


@pytest.mark.parametrize("path,value,message", ERRORS, ids=[e[0] for e in ERRORS])
def test_malformed_positions_name_the_field(path: str, value: Any, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        from_dict(edit(path, value))


def test_cards_must_fit_where_they_lie() -> None:
    d = solo(piles={"deck": [4, 5]})
    d["players"][0]["techs"] = [3]
    with pytest.raises(PositionError, match=r"players\[0\]\.techs\[0\]: card 3 is not a tech"):
        from_dict(d)
    d = solo(piles={"deck": [4, 5, 6]})
    d["players"][0]["homeworld"] = 3
    with pytest.raises(PositionError, match=r"players\[0\]\.homeworld: card 3 is not a world with a sector"):
        from_dict(d)
    d = solo()
    d["cards"].append({"num": 4, "suit": "M", "type": "world", "sector": 11})
    d["piles"]["line"] = {"3": 7}
    with pytest.raises(PositionError, match=r'piles\.line\["3"\]: card 7 has corner number 4: a line world lies '):
        from_dict(d)


def test_capacity_errors_name_the_limit() -> None:
    d = solo()
    d["cards"] += ["S2"] * 41
    d["players"][0]["hand"] = list(range(7, 48))
    with pytest.raises(PositionError, match=r"players\[0\]\.hand: 41 cards, more than MAX_HAND = 40"):
        from_dict(d)


def test_engine_section_errors() -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), seed=2)
    d = to_dict(s)
    with pytest.raises(PositionError, match=r'engine\.stack\[0\]\.proc: "dance" is not a procedure'):
        from_dict(edit("engine.stack.0.proc", "dance", d))
    with pytest.raises(PositionError, match=r'engine\.decision\.kind: "SING" is not a decision kind'):
        from_dict(edit("engine.decision.kind", "SING", d))
    with pytest.raises(PositionError, match=r"engine\.rng: the generator words cannot all be 0"):
        from_dict(edit("engine.rng", [0, 0, 0, 0], d))


def test_writing_something_that_is_not_a_state() -> None:
    with pytest.raises(ValueError, match="expected one game state"):
        to_json(np.zeros(3))


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(PositionError, match="not valid JSON"):
        from_json("{")
    with pytest.raises(PositionError, match="expected an object"):
        from_json("[1, 2]")
    assert issubclass(PositionError, ValueError)
