"""The compiled forward pass (df_env.net.numba_net) against the numpy one, on real observations."""

from __future__ import annotations

import numpy as np
import pytest

from agents import make_agent
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation import observation_layout, observe
from df_env.net.netlayout import entity_layout
from df_env.net.numba_net import forward_py, observe_forward, pack, value_target
from df_env.net.numpy_net import NumpyEntityNet, NumpyMlpNet, default_model_path, load_net


def entity_net(n_players: int, seed: int = 0) -> NumpyEntityNet:
    """The shipped model for 1-2 players; for 3 players the solo model's weights with the two inputs whose size
    depends on the player count drawn at random (no 3-player model is shipped)."""
    if n_players < 3:
        return load_net(default_model_path(n_players))  # type: ignore[return-value]
    base = load_net(default_model_path(1))
    assert isinstance(base, NumpyEntityNet)
    g = np.random.default_rng(seed)
    lay = entity_layout(n_players)
    w = dict(base.w)
    w["sec1.weight"] = g.normal(0, 0.2, (lay.map_idx.shape[1] + 1 + 37, w["sec1.weight"].shape[1])).astype(np.float32)
    w["glob.weight"] = g.normal(0, 0.1, (lay.glob_idx.size, w["glob.weight"].shape[1])).astype(np.float32)
    return NumpyEntityNet(w, {**base.meta, "num_players": n_players})


def positions(n_players: int, count: int, seed: int = 0) -> list[np.ndarray]:
    """Positions of a game played by the heuristic, from the setup to late in the game (copies)."""
    s = engine.new_game(engine.GameConfig(n_players), seed=seed)
    agent = make_agent("heuristic")
    agent.reset(np.random.default_rng(seed))
    out = []
    k = 0
    while not s["over"] and len(out) < count:
        if k % 4 == 0:
            out.append(s.copy())
        engine.apply_action(s, agent.act(None, engine.legal_mask(s), s))
        k += 1
    return out


@pytest.mark.parametrize("n_players", [1, 2, 3])
def test_compiled_forward_equals_numpy(n_players: int) -> None:
    net = entity_net(n_players)
    packed = pack(net)
    states = positions(n_players, 12, seed=n_players)
    assert len(states) >= 8
    for s in states:
        for me in range(n_players):
            x = observe(s, me)
            want_logits, want_value = net.forward(x[None])
            logits, value = forward_py(packed, x)
            np.testing.assert_allclose(logits, want_logits[0], rtol=1e-5, atol=2e-5)
            assert value == pytest.approx(float(want_value[0]), rel=1e-5, abs=2e-5)


def test_only_the_asked_logits_are_written_and_the_observation_is_compiled() -> None:
    net = entity_net(2)
    packed = pack(net)
    s = positions(2, 5)[-1]
    me = int(s["dplayer"])
    need = engine.legal_mask(s)
    logits = np.full(engine.NUM_ACTIONS, 7.0)
    obs = np.empty(observation_layout(2).size, dtype=np.float32)
    value = observe_forward(packed, s.reshape(1)[0], me, obs, need, logits, True)
    np.testing.assert_array_equal(obs, observe(s, me))
    want, want_value = net.forward(observe(s, me)[None])
    np.testing.assert_allclose(logits[need], want[0, need], rtol=1e-5, atol=2e-5)
    assert (logits[~need] == 7.0).all()
    assert value == pytest.approx(float(want_value[0]), rel=1e-5, abs=2e-5)


def test_mlp_models_too(tmp_path) -> None:
    g = np.random.default_rng(3)
    d = observation_layout(1).size
    w = {"pi.0.weight": g.normal(0, 0.05, (d, 16)), "pi.0.bias": g.normal(0, 0.1, 16),
         "pi.1.weight": g.normal(0, 0.3, (16, 8)), "pi.1.bias": np.zeros(8),
         "action.weight": g.normal(0, 0.5, (8, engine.NUM_ACTIONS)), "action.bias": g.normal(0, 1, engine.NUM_ACTIONS)}
    net = NumpyMlpNet({k: v.astype(np.float32) for k, v in w.items()}, {"num_players": 1})
    packed = pack(net)
    for s in positions(1, 4):
        x = observe(s, 0)
        logits, value = forward_py(packed, x)
        np.testing.assert_allclose(logits, net.forward(x[None])[0][0], rtol=1e-5, atol=1e-5)
        assert np.isnan(value)


def test_wrong_observation_size_and_value_target() -> None:
    packed = pack(entity_net(1))
    with pytest.raises(ValueError, match="1-player games"):
        forward_py(packed, np.zeros(observation_layout(2).size, dtype=np.float32))
    assert value_target(entity_net(2)) == "outcome"  # every shipped model went through value rounds
    meta = {k: v for k, v in entity_net(1).meta.items() if k != "value_target"}
    assert value_target(NumpyEntityNet(entity_net(1).w, meta)) == "critic"  # a PPO model's file
