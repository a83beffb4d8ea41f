"""``net-mcts`` with the entity network in compiled code: leaf evaluation by an outcome value head (``leaf``), the
file format that marks such a head, and ``experiments/fit_value_head.py``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from support.scripts import load_script

from agents import AgentSpecError, make_agent
from df_env.games.deep_future import engine
from df_env.net.numpy_net import NumpyEntityNet, default_model_path, load_net, save_net


def _outcome_model(path: Path, value: float) -> str:
    """The shipped solo model with a constant outcome value head (``value`` everywhere)."""
    net = load_net(default_model_path(1))
    assert isinstance(net, NumpyEntityNet)
    w = dict(net.w)
    w["value.weight"] = np.zeros_like(w["value.weight"])
    w["value.bias"] = np.array([value], dtype=np.float32)
    save_net(path, w, 1, net.meta["dims"], {"test": True}, value_target="outcome")
    return str(path)


def _critic_model(path: Path, n_players: int = 2) -> str:
    """The shipped model for ``n_players`` saved without ``value_target``: a PPO model's file (its value is a
    critic)."""
    net = load_net(default_model_path(n_players))
    assert isinstance(net, NumpyEntityNet)
    save_net(path, dict(net.w), n_players, net.meta["dims"], {"test": True})
    return str(path)


def _early_position() -> np.ndarray:
    s = engine.new_game(engine.GameConfig(1), seed=0)
    h = make_agent("heuristic")
    h.reset(np.random.default_rng(0))
    while int(s["turn"]) < 3 or engine.legal_mask(s).sum() < 3:
        engine.apply_action(s, h.act(None, engine.legal_mask(s), s))
    return s


def test_outcome_value_target_is_written_and_read(tmp_path: Path) -> None:
    path = _outcome_model(tmp_path / "v.npz", 0.25)
    assert load_net(path).meta["value_target"] == "outcome"
    for n in (1, 2, 3):  # every shipped model has been through value rounds
        assert load_net(default_model_path(n)).meta["value_target"] == "outcome"
    assert "value_target" not in load_net(_critic_model(tmp_path / "c.npz")).meta  # a PPO model: a critic
    with pytest.raises(ValueError, match="value_target must be None or 'outcome'"):
        save_net(tmp_path / "bad.npz", {}, 1, {}, value_target="critic")
    assert not (tmp_path / "bad.npz").exists()


def test_leaf_values_come_from_the_value_head(tmp_path: Path) -> None:
    """A constant value head: with ``leaf=value`` every visited root action's mean value is that constant (no
    walk reaches the game's end this early); with ``mix`` the rollouts move it; the default is ``value``."""
    s = _early_position()
    path = _outcome_model(tmp_path / "v.npz", 0.25)
    q = {}
    for leaf in ("auto", "value", "mix", "rollout"):
        agent = make_agent(f"net-mcts:iters=24,leaf={leaf},path={path}")
        agent.reset(np.random.default_rng(0))
        counts = agent.search(s)  # type: ignore[attr-defined]
        assert counts.sum() == 24
        q[leaf] = agent.last_q[counts > 0]  # type: ignore[attr-defined]
    np.testing.assert_allclose(q["value"], 0.25, atol=1e-6)
    np.testing.assert_array_equal(q["auto"], q["value"])
    assert not np.allclose(q["mix"], 0.25) and not np.allclose(q["rollout"], 0.25)


def test_value_leaves_need_an_outcome_head(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    critic = _critic_model(tmp_path / "c.npz")
    with pytest.raises(AgentSpecError, match="value_target"):
        make_agent(f"net-mcts:iters=4,leaf=value,path={critic}")
    import df_env.net.numpy_net as numpy_net

    monkeypatch.setattr(numpy_net, "default_model_path", lambda n: Path(critic))  # a shipped PPO model
    agent = make_agent("net-mcts:iters=4,leaf=mix")  # the shipped model, loaded at the first decision
    s = engine.new_game(engine.GameConfig(2), seed=0)
    with pytest.raises(AgentSpecError, match="the model shipped has none: use leaf=rollout"):
        agent.act(None, engine.legal_mask(s), s)
    with pytest.raises(AgentSpecError, match="leaf"):
        make_agent("net-mcts:leaf=net")


def test_c_puct_auto_follows_the_leaf_evaluation(tmp_path: Path) -> None:
    """``c_puct=auto`` (the default): 0.25 with value or mix leaves, 1.0 with rollouts; a number is kept."""
    path = _outcome_model(tmp_path / "v.npz", 0.5)
    for spec, want in ((f"path={path}", 0.25), (f"leaf=mix,path={path}", 0.25), (f"leaf=rollout,path={path}", 1.0),
                       (f"c_puct=0.7,path={path}", 0.7), (f"c_puct=auto,leaf=rollout,path={path}", 1.0)):
        assert make_agent(f"net-mcts:iters=4,{spec}").c_puct == want, spec  # type: ignore[attr-defined]
    critic = make_agent(f"net-mcts:iters=4,path={_critic_model(tmp_path / 'c.npz')}")  # no outcome head: rollouts
    assert critic.c_puct == 1.0 and critic.leaf == 0  # type: ignore[attr-defined]
    shipped_2p = make_agent("net-mcts:iters=4")  # the shipped 2-player model: value leaves (stop 22)
    shipped_2p.net_for(2)  # type: ignore[attr-defined]
    assert shipped_2p.c_puct == 0.25 and shipped_2p.leaf == 1  # type: ignore[attr-defined]
    with pytest.raises(AgentSpecError, match="c_puct"):
        make_agent("net-mcts:c_puct=big")


def test_entity_network_search_is_reproducible(tmp_path: Path) -> None:
    s = _early_position()
    path = _outcome_model(tmp_path / "v.npz", 0.5)
    runs = []
    for _ in range(2):
        agent = make_agent(f"net-mcts:iters=30,leaf=mix,path={path}")
        agent.reset(np.random.default_rng(9))
        runs.append(agent.search(s))  # type: ignore[attr-defined]
    assert np.array_equal(runs[0], runs[1]) and runs[0].sum() == 30


def test_fit_value_head_writes_an_outcome_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = load_script("fit_value_head.py")
    out = tmp_path / "fit.npz"
    assert mod.main(["--players", "1", "--games", "5", "--seed", "2", "--out", str(out)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["samples"] > 100
    net = load_net(out)
    assert net.meta["value_target"] == "outcome" and net.meta["made_by"]["games"] == 5
    assert not np.array_equal(net.w["value.weight"], load_net(default_model_path(1)).w["value.weight"])
    agent = make_agent(f"net-mcts:iters=8,path={out}")
    s = _early_position()
    agent.reset(np.random.default_rng(0))
    assert engine.legal_mask(s)[agent.act(None, engine.legal_mask(s), s)]
    assert agent.leaf == 1  # type: ignore[attr-defined]  # LEAF_VALUE, chosen by default for an outcome head
