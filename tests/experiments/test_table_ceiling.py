"""``experiments/table_ceiling.py``: the references that see hidden cards, seated at a table for analysis only."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from support.scripts import load_script

from agents.deep_future.mcts import canonicalize_arr
from df_env.bench import derive_seed
from df_env.games.deep_future import engine


@pytest.fixture(scope="module")
def tc() -> ModuleType:
    return load_script("table_ceiling.py")


def _canonical(state: np.ndarray, p: int) -> bytes:
    root = state.reshape(1).copy()
    canonicalize_arr(root, p)
    return root.tobytes()


def _swap_hand_and_deck(state: np.ndarray, q: int) -> np.ndarray:
    """``state`` with the first card of player q's hand and the top deck card exchanged (with their knowledge bits,
    which follow the places: both hidden from the other player)."""
    out = state.copy()
    h, d = int(out["hand"][q, 0]), int(out["deck"][0])
    out["hand"][q, 0], out["deck"][0] = d, h
    out["c_known"][h], out["c_known"][d] = state["c_known"][d], state["c_known"][h]
    return out


def _both_hold_cards(seed: int) -> np.ndarray:
    """A 2-player game played on by random legal moves until the other player holds cards the player to decide
    has not seen."""
    s, rng = engine.new_game(engine.GameConfig(num_players=2), seed=seed), np.random.default_rng(seed)
    while True:
        q = 1 - int(s["dplayer"])
        hidden = [c for c in s["hand"][q, : int(s["hand_n"][q])] if not s["c_known"][c] & (1 << (1 - q))]
        if len(hidden) == int(s["hand_n"][q]) > 0:
            return s
        engine.apply_action(s, int(rng.choice(np.flatnonzero(engine.legal_mask(s)))))


def test_the_hand_seer_sees_the_other_hands_and_nothing_else(tc: ModuleType) -> None:
    s = _both_hold_cards(3)
    p = int(s["dplayer"])
    q = 1 - p
    before = s.copy()
    shown = tc.hands_shown(s)
    assert s.tobytes() == before.tobytes()  # the game's state is not touched
    root = shown.reshape(1).copy()
    canonicalize_arr(root, p)
    assert (root[0]["hand"][q] == s["hand"][q]).all()  # the other hand survives the canonical root
    swapped = _swap_hand_and_deck(s, q)
    assert _canonical(s, p) == _canonical(swapped, p)  # an honest search cannot tell the two apart
    assert _canonical(shown, p) != _canonical(tc.hands_shown(swapped), p)  # the hand seer can
    deck = s.copy()
    n = int(deck["deck_n"])
    deck["deck"][:n] = deck["deck"][:n][::-1]  # the deck's order, which it cannot see
    assert deck.tobytes() != s.tobytes()
    assert _canonical(tc.hands_shown(deck), p) == _canonical(shown, p)


def test_the_games_are_bench_games_and_pair_with_bench_runs(tc: ModuleType, tmp_path: Path) -> None:
    report = tc.run("oracle:iters=5,turns=1", "heuristic", 2, 2, 5, 1)
    assert [(g["seating"], g["game"]) for g in report["games"]] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert [g["agents"] for g in report["games"]] == [[0, 1], [0, 1], [1, 0], [1, 0]]
    assert [g["seed"] for g in report["games"]] == [derive_seed(5, g) for g in (0, 1)] * 2
    again = tc.run("oracle:iters=5,turns=1", "heuristic", 2, 2, 5, 1)
    strip = [{k: v for k, v in g.items() if k != "cpu_seconds"} for g in report["games"]]
    assert strip == [{k: v for k, v in g.items() if k != "cpu_seconds"} for g in again["games"]]  # seeded
    path = tmp_path / "c.json"
    path.write_text(json.dumps(report))
    label, wins = load_script("value_rounds/paired.py").table_wins(path)
    assert label == "heuristic" and len(wins) == 4
    assert sum(wins.values()) == sum(g["winner"] == g["agents"].index(0) for g in report["games"])
    assert "seating 1 (reference at seat 1)" in tc.summary(report)


def test_three_players_seat_the_reference_once(tc: ModuleType) -> None:
    report = tc.run("hands:iters=4,turns=1", "random", 3, 1, 0, 1)
    assert len(report["games"]) == 6
    assert all(sorted(g["agents"]) == [0, 1, 1] and len(g["outcome"]) == 3 for g in report["games"])


def test_only_a_reference_against_an_honest_agent(tc: ModuleType, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match="honest agent: run it with df-env bench; allowed: oracle"):
        tc.check_agents("mcts:iters=5", "heuristic")
    with pytest.raises(SystemExit, match="sees hidden cards too"):
        tc.check_agents("hands", "oracle")
    with pytest.raises(SystemExit, match="positive integer"):
        tc.main(["--reference", "hands:iters=0", "--out", str(tmp_path / "x.json")])
    with pytest.raises(SystemExit):
        tc.main(["--games", "0", "--out", str(tmp_path / "x.json")])
    assert "must be >= 1" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_main_writes_the_report(tc: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "c.json"
    assert tc.main(["--reference", "oracle:iters=4,turns=1", "--opponent", "random", "--games", "1", "--seed", "0",
                    "--jobs", "2", "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["labels"] == ["oracle:iters=4,turns=1", "random"] and "CHEAT" in report["note"]
    assert "all seatings: the reference won" in capsys.readouterr().out
