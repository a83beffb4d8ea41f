"""The ``net`` opponent played in compiled code inside the envs' steps (``df_env.games.deep_future.envs.episode.NET``):
the same moves as the Python ``net`` agent, one network per env, clear errors for a model that does not fit."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from agents import make_agent
from df_env.games.deep_future.envs.common import AgentPolicy
from df_env.games.deep_future.envs.episode import HEURISTIC, NET, OUTSIDE, no_net
from df_env.games.deep_future.envs.gym_env import DeepFutureEnv
from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv
from df_env.net.numba_net import pack
from df_env.net.numpy_net import default_model_path, load_net
from df_env.train.config import ConfigError, make_config


def python_net():
    """The ``net`` agent as a Python callable opponent (the path every Python policy takes)."""
    agent = make_agent("net")
    return lambda obs, mask: agent.act(obs, mask)


def vector_run(num_players: int, opponents, steps: int, seed: int, threads: int = 1) -> list[tuple[np.ndarray, ...]]:
    """Observations, masks, rewards and ends of ``steps`` batch steps with random legal actions for seat 0."""
    envs = DeepFutureVectorEnv(num_envs=3, num_players=num_players, opponents=opponents, threads=threads)
    obs, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [(obs, info["action_mask"])]
    for _ in range(steps):
        actions = np.argmax(info["action_mask"] * rng.random(info["action_mask"].shape), axis=1)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        out.append((obs, info["action_mask"], rewards, terminated, truncated))
    envs.close()
    return out


def same(a: list[tuple[np.ndarray, ...]], b: list[tuple[np.ndarray, ...]]) -> bool:
    return all(np.array_equal(x, y) for u, v in zip(a, b, strict=True) for x, y in zip(u, v, strict=True))


def test_net_opponents_are_compiled_and_share_one_network() -> None:
    envs = DeepFutureVectorEnv(num_envs=2, num_players=3, opponents=["net", "heuristic"], threads=1)
    o = envs.games.options
    assert o.codes.tolist() == [OUTSIDE, NET, HEURISTIC] and o.policies == (None, None, None)
    assert envs.games.fused  # no Python seat: the whole batch step is one compiled call
    assert o.net[4].tolist() == pack(load_net(default_model_path(3)))[4].tolist()
    both = DeepFutureVectorEnv(num_envs=1, num_players=3, threads=1,
                               opponents=["net", f"net:path={default_model_path(3)}"]).games.options
    assert both.codes.tolist() == [OUTSIDE, NET, NET]  # the shipped model named twice: one network


def test_an_env_without_a_network_passes_none() -> None:
    # the kernels are then compiled without the forward pass (None is its own numba type)
    assert no_net() is None
    assert DeepFutureVectorEnv(num_envs=1, num_players=2, opponents="heuristic").games.options.net is None
    assert DeepFutureEnv(num_players=2, opponents="mcts:iters=2").options.net is None


def test_vector_env_net_opponent_makes_the_moves_of_the_python_net_agent() -> None:
    compiled = vector_run(2, "net", steps=40, seed=5)
    assert sum(int(step[3].sum()) for step in compiled[1:]) >= 1  # games ended and were reset on the way
    assert same(compiled, vector_run(2, python_net(), steps=40, seed=5))
    assert same(compiled, vector_run(2, "net", steps=40, seed=5, threads=2))  # two threads share the network
    assert not same(compiled, vector_run(2, "heuristic", steps=40, seed=5))  # the comparison can tell them apart


def test_three_players_net_beside_a_compiled_heuristic_equal_the_python_net() -> None:
    compiled = vector_run(3, ["heuristic", "net"], steps=25, seed=2)
    assert same(compiled, vector_run(3, ["heuristic", python_net()], steps=25, seed=2))


def test_single_env_net_opponent_makes_the_moves_of_the_python_net_agent() -> None:
    runs = []
    for opponents in ("net", python_net()):
        env = DeepFutureEnv(num_players=2, opponents=opponents, seat=1)
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(0)
        trace = [obs]
        for _ in range(120):
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            trace += [obs, np.array([reward, terminated, truncated])]
            if terminated or truncated:
                obs, info = env.reset()
                trace.append(obs)
        runs.append(trace)
    assert any(t.shape == (3,) and (t[1] or t[2]) for t in runs[0])  # at least one game ended
    assert all(np.array_equal(x, y) for x, y in zip(*runs, strict=True))


def test_sb3_vec_env_net_opponent_with_same_step_autoreset_equals_the_python_net() -> None:
    pytest.importorskip("stable_baselines3")
    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv

    runs = []
    for opponents in ("net", python_net()):
        venv = DeepFutureSB3VecEnv(num_envs=3, num_players=2, opponents=opponents, seed=4, threads=1)
        trace = [venv.reset()]
        rng = np.random.default_rng(1)
        for _ in range(40):
            masks = venv.action_masks()
            obs, rewards, dones, infos = venv.step(np.argmax(masks * rng.random(masks.shape), axis=1))
            trace += [obs, rewards, dones] + [i["terminal_observation"] for i in infos if "terminal_observation" in i]
        runs.append(trace)
    assert len(runs[0]) > 1 + 3 * 40  # games ended, their last observations were compared too
    assert all(np.array_equal(x, y) for x, y in zip(*runs, strict=True))


def test_train_config_takes_a_net_opponent() -> None:
    assert make_config("2p", {"opponents": "net"})["opponents"] == "net"
    assert make_config("3p", {"opponents": f"net:path={default_model_path(3)}"})["num_players"] == 3
    assert make_config("2p")["opponents"] == make_config("3p")["opponents"] == "heuristic"  # the presets' default
    with pytest.raises(ConfigError, match=r"opponents must be one of random, heuristic, net or net:path=F\.npz .*"
                                          r"got 'mcts:iters=5'"):
        make_config("2p", {"opponents": "mcts:iters=5"})
    with pytest.raises(ConfigError, match="is for 1-player games, this game has 2 players"):
        make_config("2p", {"opponents": f"net:path={default_model_path(1)}"})
    with pytest.raises(ConfigError, match="would play from Python"):
        make_config("2p", {"opponents": "net:deterministic=0"})


def test_other_networks_and_sampling_play_from_python(tmp_path: Path) -> None:
    copy = tmp_path / "other.npz"
    shutil.copy(default_model_path(3), copy)
    o = DeepFutureVectorEnv(num_envs=1, num_players=3, threads=1,
                            opponents=["net", f"net:path={copy}"]).games.options
    assert o.codes.tolist() == [OUTSIDE, NET, OUTSIDE] and isinstance(o.policies[2], AgentPolicy)
    o = DeepFutureEnv(num_players=2, opponents="net:deterministic=0").options
    assert o.codes.tolist() == [OUTSIDE, OUTSIDE, OUTSIDE] and isinstance(o.policies[1], AgentPolicy)


@pytest.mark.parametrize(("opponents", "message"), [
    ("net:path=no/such/model.npz", r"opponents \(seat 1\): net: .*no/such/model\.npz"),
    (f"net:path={default_model_path(1)}", r"opponents \(seat 1\): net: the model .*net_1p\.npz is for 1-player "
                                          r"games, this game has 2 players"),
    ("net:depth=3", r"opponents \(seat 1\): .*depth.*path"),
])
def test_a_net_opponent_that_does_not_fit_is_refused(opponents: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DeepFutureVectorEnv(num_envs=1, num_players=2, opponents=opponents)
    with pytest.raises(ValueError, match=message):
        DeepFutureEnv(num_players=2, opponents=opponents)
