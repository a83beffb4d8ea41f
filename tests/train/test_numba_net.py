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


# The passes in a child process compiled for the baseline x86-64 (SSE2: no AVX, no FMA) with an empty cache, its
# BLAS forced to an old kernel too (the constants of pack): it writes every logit and value it computes.
_OTHER_CPU = """
import sys
import numpy as np
from df_env.net.game_mlp import default_model_path as gc_model, load_game_mlp, mlp_forward
from df_env.net.numba_net import forward_py, pack
from df_env.net.numpy_net import default_model_path, load_net
d = np.load(sys.argv[1])
packed = pack(load_net(default_model_path(1)))
rows = [forward_py(packed, x, m) for x, m in zip(d["x"], d["need"])]
gc = load_game_mlp(gc_model("galactic_civ", 2), "galactic_civ", 2)
gp, buf = gc.packed(), gc.scratch()
gl, gv = [], []
for x in d["gx"]:
    logits, values = np.zeros(gp[2].shape[1], np.float32), np.zeros(2, np.float32)
    mlp_forward(gp, x, buf, logits, values)
    gl.append(logits), gv.append(values)
np.savez(sys.argv[2], logits=np.array([r[0] for r in rows]), values=np.array([r[1] for r in rows]),
         gc_logits=np.array(gl), gc_values=np.array(gv))
"""


@pytest.mark.slow
def test_the_passes_compute_the_same_bits_on_another_cpu(tmp_path) -> None:
    """A cluster's games equal the local ones (docs/cluster.md): the compiled passes use no fastmath and a fixed
    summation order, and pack's constants are correctly rounded sums, so a pass compiled for another CPU gives the
    same bits. With fastmath, the baseline build differed from this AVX-512 CPU's in the last bits of 98% of the
    positions' logits (stop 47), and a search that read them played other games."""
    import os
    import subprocess
    import sys

    from df_env.net.game_mlp import default_model_path as gc_model
    from df_env.net.game_mlp import load_game_mlp, mlp_forward

    states = positions(1, 30, seed=5)
    x = np.array([observe(s, 0) for s in states])
    need = np.array([engine.legal_mask(s) for s in states])
    gx = (np.random.default_rng(0).random((40, load_game_mlp(gc_model("galactic_civ", 2), "galactic_civ", 2)
                                            .obs_size)) < 0.1).astype(np.float32)
    np.savez(tmp_path / "in.npz", x=x, need=need, gx=gx)
    env = {**os.environ, "NUMBA_CPU_NAME": "generic", "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "OPENBLAS_CORETYPE": "Prescott"}
    subprocess.run([sys.executable, "-c", _OTHER_CPU, str(tmp_path / "in.npz"), str(tmp_path / "out.npz")], env=env,
                   check=True, timeout=600)
    other = np.load(tmp_path / "out.npz")
    packed = pack(load_net(default_model_path(1)))
    rows = [forward_py(packed, xi, m) for xi, m in zip(x, need, strict=True)]
    assert np.array_equal(np.array([r[0] for r in rows]), other["logits"], equal_nan=True)
    assert np.array([r[1] for r in rows]).tobytes() == other["values"].tobytes()
    gc = load_game_mlp(gc_model("galactic_civ", 2), "galactic_civ", 2)
    gp, buf = gc.packed(), gc.scratch()
    for k, xi in enumerate(gx):
        logits, values = np.zeros(gp[2].shape[1], np.float32), np.zeros(2, np.float32)
        mlp_forward(gp, xi, buf, logits, values)
        assert logits.tobytes() == other["gc_logits"][k].tobytes()
        assert values.tobytes() == other["gc_values"][k].tobytes()
