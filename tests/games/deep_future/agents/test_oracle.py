"""The clairvoyant reference ``oracle`` (issue 28): it searches the true state, it is refused wherever it would
cheat a player, and the ladder rates it apart (the ceiling row)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from agents import AGENT_NAMES, CLAIRVOYANT_AGENTS, AgentSpecError, is_clairvoyant, make_agent, refuse_clairvoyant
from agents.deep_future.mcts import MCTSAgent
from df_env.bench import BenchConfig, run_bench
from df_env.cli import main
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation.determinize import determinize
from df_env.ladder import REFERENCE_REASON, build_ladder, format_table, markdown_table, parse_record, read_ladder


def _playing_state(seed: int = 3) -> np.ndarray:
    """A solo state a few decisions in, with several legal choices."""
    s = engine.new_game(engine.GameConfig(1), seed=seed)
    rng = np.random.default_rng(seed)
    while np.flatnonzero(engine.legal_mask(s)).size < 3:
        engine.apply_action(s, int(rng.choice(np.flatnonzero(engine.legal_mask(s)))))
    return s


def _search(spec: str, s: np.ndarray) -> np.ndarray:
    agent = make_agent(spec)
    assert isinstance(agent, MCTSAgent)
    agent.reset(np.random.default_rng(5))
    return agent.search(s)


def _same_view_other_deck(s: np.ndarray) -> np.ndarray:
    """A state the player cannot tell from ``s``: his unseen cards dealt again, the generator redrawn."""
    other = determinize(s, 0, np.random.default_rng(11))
    assert not np.array_equal(other["deck"], s["deck"]) or not np.array_equal(other["rng"], s["rng"])
    return other


def test_oracle_is_registered_and_labelled_a_cheat(capsys: pytest.CaptureFixture[str]) -> None:
    assert "oracle" in AGENT_NAMES and CLAIRVOYANT_AGENTS == ("oracle",)
    agent = make_agent("oracle:iters=10")
    assert agent.clairvoyant and is_clairvoyant(agent) and is_clairvoyant("oracle:iters=9")
    assert not any(make_agent(n).clairvoyant for n in ("random", "heuristic", "mcts"))
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    assert "oracle:" in out and "CHEAT, sees hidden cards" in out


def test_oracle_searches_the_true_state_where_mcts_sees_only_the_players_view() -> None:
    """mcts gives the same search for two states the player cannot tell apart; the oracle does not (it knows the
    deck), and on one state it is a function of its spec and generator."""
    s = _playing_state()
    other = _same_view_other_deck(s)
    assert np.array_equal(_search("mcts:iters=200", s), _search("mcts:iters=200", other))
    oracle = _search("oracle:iters=200", s)
    assert np.array_equal(oracle, _search("oracle:iters=200", s))
    assert not np.array_equal(oracle, _search("oracle:iters=200", other))
    assert not np.array_equal(oracle, _search("mcts:iters=200", s))


def test_oracle_takes_the_mcts_options_with_400_iterations_by_default() -> None:
    agent = make_agent("oracle")
    assert isinstance(agent, MCTSAgent) and agent.iters == 400
    with pytest.raises(AgentSpecError, match="no option nosuch"):
        make_agent("oracle:nosuch=1")


# ---------------------------------------------------------------------------------------------- refused seats
def test_refused_as_a_multiplayer_bench_seat() -> None:
    with pytest.raises(AgentSpecError, match="sees hidden cards.*2-player benchmark"):
        run_bench(BenchConfig(agents=("oracle:iters=5", "heuristic"), num_players=2, games=1, jobs=1),
                  show_progress=False)


def test_refused_as_a_play_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "-n", "2", "--opponents", "oracle", "--log", "/nonexistent/x.json"]) == 2
    err = capsys.readouterr().err
    assert "--opponents" in err and "sees hidden cards" in err and "opponent in df-env play" in err


def test_refused_as_a_campaign_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "g.json")
    assert main(["campaign", "new", path]) == 0
    assert main(["campaign", "play", path, "--agents", "oracle"]) == 2
    assert "player of campaign games" in capsys.readouterr().err


def test_refused_as_an_environment_opponent() -> None:
    from df_env.games.deep_future.envs.gym_env import DeepFutureEnv

    with pytest.raises(ValueError, match="opponents \\(seat 1\\).*environment's opponent"):
        DeepFutureEnv(num_players=2, opponents="oracle:iters=5")


def test_the_seat_policy_refuses_a_multiplayer_decision() -> None:
    """The last guard, for any adapter that seats an agent without asking first."""
    s = engine.new_game(engine.GameConfig(2), seed=0)
    policy = make_agent("oracle:iters=5").as_policy(int(s["dplayer"]), 0)
    with pytest.raises(AgentSpecError, match="plays only solo games"):
        policy(s)


def test_only_the_ceiling_analysis_seats_it_at_a_table() -> None:
    """``SeatPolicy(..., analysis=True)`` lets the reference decide at a table (the ceiling analysis of
    experiments/table_ceiling.py); no module of the package or of the agents passes it."""
    from agents.base import SeatPolicy

    s = engine.new_game(engine.GameConfig(2), seed=0)
    a = SeatPolicy(make_agent("oracle:iters=5,turns=1"), int(s["dplayer"]), 0, analysis=True)(s)
    assert engine.legal_mask(s)[a]
    root = Path(__file__).resolve().parents[4]
    call = re.compile(r"analysis\s*=\s*True\s*[,)]")  # passed in a call (the docs of the keyword do not count)
    files = [p for folder in ("df_env", "agents") for p in sorted((root / folder).rglob("*.py"))]
    passing = [str(p.relative_to(root)) for p in files if call.search(p.read_text(encoding="utf-8"))]
    assert passing == []
    assert call.search((root / "experiments" / "table_ceiling.py").read_text(encoding="utf-8"))


def test_refused_as_a_web_seat_of_a_multiplayer_game(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from df_env.web.server import create_app

    with TestClient(create_app(tmp_path)) as client:  # the page's agents are an allow-list without the cheat
        for seats in (["human", "oracle"], ["oracle"]):
            r = client.post("/api/games", json={"seats": seats, "seed": 0})
            assert r.status_code == 400 and "'oracle'" in r.text and "a page may choose the agents" in r.text
            assert "oracle" not in r.json()["error"].split("choose the agents")[1]


def test_refuse_clairvoyant_passes_honest_agents() -> None:
    refuse_clairvoyant("mcts:iters=5", "anything")
    refuse_clairvoyant(make_agent("heuristic"), "anything")
    with pytest.raises(AgentSpecError, match="cannot be a test seat"):
        refuse_clairvoyant("oracle", "a test seat")


# ---------------------------------------------------------------------------------------------- ladder
def _rec(seats: list[str], winner: int, seed: int, **extra: object) -> dict:
    n = len(seats)
    return {"v": 1, "players": n, "seats": seats, "seed": seed, "agent_seed": seed, "turn_limit": 100,
            "restart_on_loss": False, "winner": winner, "returns": [1 if p == winner else -1 for p in range(n)],
            "turns": 10, "decisions": [10] * n, "seconds": [0.01] * n, **extra}


def test_the_ladder_rates_honest_agents_without_the_reference() -> None:
    honest = [parse_record(_rec(["mcts"], 0 if k % 2 else -1, k)) for k in range(20)]
    honest += [parse_record(_rec(["heuristic"], 0 if k % 3 == 0 else -1, 100 + k)) for k in range(20)]
    reference = [parse_record(_rec(["oracle:iters=400"], 0 if k else -1, k, reference=True)) for k in range(20)]
    marked_only = [parse_record(_rec(["renamed"], 0, 500, reference=True))]  # the mark alone keeps it apart
    alone, both = build_ladder(honest, passes=2), build_ladder(honest + reference + marked_only, passes=2)
    assert [(r.agent, r.mu, r.sigma) for r in alone.rows] == [(r.agent, r.mu, r.sigma) for r in both.rows]
    assert both.unrated == {REFERENCE_REASON: 21}
    ceiling = {r.agent: r.count(1) for r in both.ceiling}
    assert (ceiling["oracle:iters=400"].games, ceiling["oracle:iters=400"].wins) == (20, 19)
    text = format_table(both)
    assert "ceiling (solo; a clairvoyant reference that SEES HIDDEN CARDS" in text
    assert text.index("ceiling") > text.index("1 player")
    assert "| ceiling: `oracle:iters=400` (sees hidden cards, not rated) | - | 95.0%" in markdown_table(both)


def test_bench_marks_the_reference_games_and_ladder_shows_the_ceiling(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    ladder = tmp_path / "ladder.jsonl"
    assert main(["bench", "--no-progress", "--agents", "oracle:iters=5,turns=1", "heuristic", "--games", "2", "-j",
                 "1", "--out", str(tmp_path / "b"), "--ladder", str(ladder)]) == 0
    lines = [json.loads(x) for x in ladder.read_text().splitlines()]
    assert sorted(bool(x.get("reference")) for x in lines) == [False, False, True, True]
    assert all(x.get("reference") == (x["seats"] == ["oracle:iters=5,turns=1"]) or not x.get("reference")
               for x in lines)
    capsys.readouterr()
    assert main(["ladder", "--file", str(ladder), "--no-plot"]) == 0
    out = capsys.readouterr().out
    assert "ceiling (solo" in out and "2 not rated (clairvoyant reference" in out
    assert len(build_ladder(read_ladder(ladder)).ceiling) == 1
