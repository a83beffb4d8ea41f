"""experiments/solo_deals.py and deal_wins.py: a deal's game is the bench's game of that deal, deals and
arguments are read strictly, and the JSON is written whole."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from support.scripts import load_script

from agents import make_agent
from df_env.bench import derive_seed, play_game
from df_env.games.deep_future.engine.api import GameConfig


@pytest.fixture(scope="module")
def sd() -> ModuleType:
    return load_script("solo_deals.py")


@pytest.fixture(scope="module")
def dw() -> ModuleType:
    return load_script("deal_wins.py")


def test_deals_are_read_strictly(sd: ModuleType) -> None:
    assert sd.parse_deals("9,26,36") == [9, 26, 36]
    assert sd.parse_deals("0-3") == [0, 1, 2, 3]
    assert sd.parse_deals("0-2, 20") == [0, 1, 2, 20]
    assert sd.parse_deals("7-7") == [7]
    for bad, says in (("abc", "bad part 'abc'"), ("", "bad part ''"), ("1,,2", "bad part ''"),
                      ("-3", "bad part '-3'"), ("2-", "bad part '2-'"), ("1.5", "bad part '1.5'"),
                      ("5-2", "ends before it starts")):
        with pytest.raises(ValueError, match=says):
            sd.parse_deals(bad)
    with pytest.raises(ValueError, match="allowed: deal numbers N >= 0 and ranges N-M"):
        sd.parse_deals("x")


@pytest.mark.parametrize("spec", ["mcts:iters=8", "net-mcts:iters=8"])
def test_a_deal_is_the_bench_game_of_that_deal(dw: ModuleType, spec: str) -> None:
    """deal_wins's game of deal g with a searching agent is the one ``df-env bench --players 1 --seed S`` plays as
    its game g (the bench plays searches in Python, seated by as_policy, as here)."""
    for g in (0, 3):
        mine = dw.play(spec, 41, g)
        s, decisions, _, _ = play_game([make_agent(spec)], GameConfig(num_players=1), derive_seed(41, g),
                                       derive_seed(41, g, 1), 100)
        assert mine["won"] == (bool(s["over"]) and not bool(s["lost"][0])) and mine["turns"] == int(s["turn"])
        assert mine["decisions"] >= int(np.sum(decisions)) > 0  # the bench does not count forced moves
        assert (mine["agent"], mine["deal"]) == (spec, g) and mine["cpu"] >= 0


def test_play_deal_calls_the_chooser_on_every_decision(sd: ModuleType) -> None:
    seen: list[int] = []

    def first_legal(s: np.ndarray, mask: np.ndarray) -> int:
        seen.append(int(mask.sum()))
        return int(np.flatnonzero(mask)[0])

    row = sd.play_deal(first_legal, 12)
    assert row["decisions"] == len(seen) > 0 and min(seen) >= 1
    again = sd.play_deal(first_legal, 12)  # a game is a function of its seed and its decisions
    assert (again["won"], again["decisions"]) == (row["won"], row["decisions"])


def test_main_prints_each_deal_and_writes_json_whole(dw: ModuleType, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs" / "dw.json"
    out.parent.mkdir()
    assert dw.main(["--seed", "41", "--deals", "0,2", "--agents", "heuristic", "random", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["agents"] == ["heuristic", "random"] and [(r["agent"], r["deal"]) for r in doc["games"]] == [
        ("heuristic", 0), ("random", 0), ("heuristic", 2), ("random", 2)]
    text = capsys.readouterr().out
    assert "heuristic: won" in text and "random: won" in text
    assert [p.name for p in out.parent.iterdir()] == ["dw.json"]  # no temporary file left


def test_bad_arguments_name_what_is_allowed(dw: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    for argv, says in ((["--deals", "abc", "--agents", "heuristic"], "--deals: bad part 'abc'"),
                       (["--deals", "0", "--agents", "nosuchagent"], "unknown agent 'nosuchagent'")):
        with pytest.raises(SystemExit):
            dw.main(argv)
        assert says in capsys.readouterr().err


def _slow_echo(seconds: float, k: int) -> dict[str, int]:
    import time

    time.sleep(seconds)
    return {"k": k}


def test_play_all_keeps_the_order_and_is_never_silent(sd: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """Results come back in the tasks' order whatever order the processes finish in, and while a slow game runs
    a line says how many games are done (a deep search's game takes a minute: never silent)."""
    rows = sd.play_all(_slow_echo, [(0.6, 0), (0.0, 1), (0.0, 2)], jobs=2, every=0.2)
    assert [r["k"] for r in rows] == [0, 1, 2]
    assert "of 3 games" in capsys.readouterr().out
