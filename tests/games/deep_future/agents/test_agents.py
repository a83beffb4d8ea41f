"""Agents: the registry and specs, legality, reproducibility, strength (heuristic over random), and that the
search agent depends on nothing hidden from the acting player."""

from __future__ import annotations

import numpy as np
import pytest

from agents import AGENT_NAMES, Agent, AgentSpecError, agent_options, make_agent, parse_spec
from agents.deep_future.fast import HEURISTIC, RANDOM, play
from agents.deep_future.heuristic_rules import choose_arr
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model.rng import seed_words
from df_env.games.deep_future.engine.observation.determinize import determinize
from df_env.games.deep_future.progress import progress, progress_parts


def _states(n_players: int, n: int, seed: int = 0) -> list[np.ndarray]:
    """Positions from heuristic games (copies), ``n`` per game over a few games."""
    out = []
    for g in range(3):
        s = engine.new_game(engine.GameConfig(n_players), seed=seed + g)
        w = seed_words(seed + 100 + g)
        while not s["over"] and len(out) < n * (g + 1):
            out.append(s.copy())
            engine.apply_action(s, int(choose_arr(s.reshape(1), w)))
    return out


# ---------------------------------------------------------------------------------------------- specs
def test_registry_names_and_options() -> None:
    assert AGENT_NAMES == ("random", "first", "heuristic", "mcts", "ppo", "net", "net-mcts", "oracle", "ismcts")
    assert set(agent_options("mcts")) >= {"iters", "time", "rollout", "turns", "c"}
    assert agent_options("random") == {}


def test_parse_spec() -> None:
    assert parse_spec(" MCTS:iters=5, rollout=random ") == ("mcts", {"iters": "5", "rollout": "random"})
    assert parse_spec("random") == ("random", {})
    with pytest.raises(AgentSpecError, match="key=value"):
        parse_spec("mcts:iters")


@pytest.mark.parametrize("spec, message", [
    ("alphazero", "unknown agent 'alphazero'.*random, first, heuristic, mcts, ppo"),
    ("mcts:depth=3", "no option depth.*iters"),
    ("mcts:iters=-2", "bad value '-2' for option 'iters'"),
    ("mcts:rollout=smart", "must be one of heuristic, random"),
    ("random:x=1", "takes no options"),
    ("ppo", "needs a model file"),
    ("ppo:path=/nonexistent/model.zip", "no model file"),
    ("", "non-empty"),
])
def test_bad_specs_say_what_is_allowed(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec)


def test_spec_options_reach_the_agent() -> None:
    a = make_agent("mcts:iters=7,turns=0,rollout=random,c=0.5")
    assert (a.iters, a.turns, a.c, a.code, a.name) == (7, 0, 0.5, RANDOM, "mcts:iters=7,turns=0,rollout=random,c=0.5")


# ---------------------------------------------------------------------------------------------- legality
@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:iters=8,turns=1"])
@pytest.mark.parametrize("n_players", [1, 2, 3])
def test_agents_choose_legal_actions(spec: str, n_players: int) -> None:
    agent = make_agent(spec)
    assert isinstance(agent, Agent)
    agent.reset(np.random.default_rng(0), 0)
    for s in _states(n_players, 15 if spec.startswith("mcts") else 60):
        mask = engine.legal_mask(s)
        a = agent.act(None, mask, s.copy())
        assert mask[a], (spec, a)


def test_state_agents_refuse_to_act_without_the_state() -> None:
    s = engine.new_game(engine.GameConfig(1), seed=0)
    for spec in ("heuristic", "mcts:iters=2"):
        with pytest.raises(ValueError, match="needs the engine state"):
            make_agent(spec).act(None, engine.legal_mask(s))


def test_random_agent_is_reproducible_and_uniform() -> None:
    mask = np.zeros(10, dtype=bool)
    mask[[1, 4, 7]] = True
    draws = []
    for _ in range(2):
        a = make_agent("random")
        a.reset(np.random.default_rng(42))
        draws.append([a.act(None, mask) for _ in range(3000)])
    assert draws[0] == draws[1]
    counts = np.bincount(draws[0], minlength=10)
    assert set(np.flatnonzero(counts)) == {1, 4, 7}
    assert counts[[1, 4, 7]].min() > 850  # 1000 expected each


# ---------------------------------------------------------------------------------------------- strength
def _compiled_games(code: int, n: int) -> tuple[int, float, float]:
    wins, peaks, turns = 0, [], []
    for g in range(n):
        s = engine.new_game(engine.GameConfig(1), seed=5000 + g)
        _, peak = play(s, np.array([code]), seed_words(g), max_turns=100)
        wins += int(s["winner"] == 0)
        peaks.append(peak[0])
        turns.append(int(s["turn"]))
    return wins, float(np.mean(peaks)), float(np.mean(turns))


def test_heuristic_beats_random_clearly() -> None:
    r_wins, r_peak, r_turns = _compiled_games(RANDOM, 150)
    h_wins, h_peak, h_turns = _compiled_games(HEURISTIC, 150)
    assert r_wins == 0
    assert h_peak > r_peak + 0.15  # measured about 0.24 vs 0.6
    assert h_turns > 2 * r_turns  # it keeps its civilization alive much longer


def test_compiled_play_is_reproducible() -> None:
    runs = []
    for _ in range(2):
        s = engine.new_game(engine.GameConfig(2), seed=9)
        counts, peak = play(s, np.array([HEURISTIC, RANDOM]), seed_words(1), max_turns=60)
        runs.append((s.tobytes(), counts.tolist(), peak.tolist()))
    assert runs[0] == runs[1]


# ---------------------------------------------------------------------------------------------- mcts
def test_mcts_is_reproducible() -> None:
    s = _states(1, 30)[-1]
    choices = []
    for _ in range(2):
        a = make_agent("mcts:iters=30")
        a.reset(np.random.default_rng(3))
        choices.append(a.search(s))
    assert np.array_equal(choices[0], choices[1])
    assert choices[0].sum() == 30


@pytest.mark.parametrize("n_players", [1, 2, 3])
def test_mcts_uses_no_hidden_information(n_players: int) -> None:
    """Two positions the acting player cannot tell apart (the hidden cards and the generator resampled) give
    exactly the same search."""
    s = [st for st in _states(n_players, 40, seed=7) if st["deck_n"] >= 8][-1]
    p = int(s["dplayer"])
    other = determinize(s, p, np.random.default_rng(11))
    assert (other["deck"] != s["deck"]).any() and (other["rng"] != s["rng"]).any()
    results = []
    for state in (s, other):
        agent = make_agent("mcts:iters=40")
        agent.reset(np.random.default_rng(0), p)
        results.append(agent.search(state))
    assert np.array_equal(results[0], results[1])


def test_mcts_time_budget() -> None:
    s = _states(1, 10)[-1]
    a = make_agent("mcts:iters=100000,time=0.05")
    a.reset(np.random.default_rng(0))
    a.act(None, engine.legal_mask(s), s)
    assert 0 < a.last_iterations < 100000


# ---------------------------------------------------------------------------------------------- progress
def test_progress_score_parts() -> None:
    s = engine.new_game(engine.GameConfig(1), seed=0)
    parts = progress_parts(s, 0)
    home_adv = int((s["c_slot_num"][s["home"][0]] > 0).sum())
    assert parts["tableau"] == pytest.approx(min(3, home_adv) / 12)
    assert parts["victory"] == pytest.approx(max(1 / 12, 3 / 25))  # one sector, three cubes, tracks at 0
    assert parts["wonders"] == 1.0  # no wonder on a fresh map
    assert parts["score"] == pytest.approx(0.5 * parts["tableau"] + 0.4 * parts["victory"] + 0.1)
    s["winner"] = 0
    assert progress(s, 0) == 1.0
    with pytest.raises(ValueError, match="player must be in 0..0"):
        progress(s, 1)


# ---------------------------------------------------------------------------------------------- ppo
def test_ppo_agent_loads_a_saved_policy_and_acts_legally(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv

    venv = DeepFutureSB3VecEnv(num_envs=1, num_players=2, seed=0)
    model = sb3_contrib.MaskablePPO("MlpPolicy", venv, n_steps=8, batch_size=8, seed=0, device="cpu")
    model.save(tmp_path / "m.zip")
    agent = make_agent(f"ppo:path={tmp_path / 'm.zip'}")
    assert agent.uses_observation and not agent.fork_safe
    from df_env.games.deep_future.engine.observation.encode import observe

    for s in _states(2, 20):
        p = int(s["dplayer"])
        mask = engine.legal_mask(s)
        assert mask[agent.act(observe(s, p), mask)]
    solo = engine.new_game(engine.GameConfig(1), seed=0)
    with pytest.raises(ValueError, match="trained for another number of players"):
        agent.act(observe(solo, 0), engine.legal_mask(solo))
    (tmp_path / "bad.zip").write_text("not a model")
    with pytest.raises(AgentSpecError, match="cannot read"):
        make_agent(f"ppo:path={tmp_path / 'bad.zip'}")


@pytest.mark.parametrize("name, key", [("net", "deterministic"), ("ppo", "deterministic"), ("net-mcts", "reuse")])
def test_every_on_off_option_reads_the_same_words(name: str, key: str) -> None:
    from agents.base import boolean, build_options

    parse = agent_options(name)[key].parse
    assert parse is boolean
    assert [parse(w) for w in ("1", "true", "YES", "0", "false", "No")] == [True] * 3 + [False] * 3
    with pytest.raises(AgentSpecError, match="must be 1/true/yes or 0/false/no"):
        build_options(name, {key: "maybe"}, agent_options(name))
