"""``experiments/value_rounds``: the scripts that made the shipped solo model's value head (search self-play data,
then the value fitted to the search's root values)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.scripts import load_script

from agents import make_agent
from df_env.games.deep_future import engine
from df_env.net.numpy_net import default_model_path, load_net

torch = pytest.importorskip("torch")


def _script(name: str) -> ModuleType:
    return load_script(f"value_rounds/{name}.py")


@pytest.mark.slow
def test_self_play_data_then_a_value_model(tmp_path: Path) -> None:
    """Two games of a small search: every searched decision recorded with a visit distribution over legal actions,
    values in [0, 1] and the game's outcome; the same seed gives the same file; training writes a model whose
    value head net-mcts uses (leaf=value by default) and whose policy (teacher distillation) moved little."""
    gen, fit = _script("gen_value"), _script("train_value")
    data = tmp_path / "d.npz"
    assert gen.main(["--spec", "mcts:iters=8", "--seed", "3", "--games", "2", "--out", str(data)]) == 0
    d = np.load(data)
    assert set(d.files) == set(gen.FIELDS) and len(d["player"]) > 20
    assert not (tmp_path / "d.npz.tmp").exists()
    pi = d["pi"].astype(np.float32)
    np.testing.assert_allclose(pi.sum(1), 1.0, atol=1e-2)
    assert not (pi[~d["mask"]] > 0).any()  # visits only on legal actions
    q = d["q"].astype(np.float32)
    assert ((q >= 0) & (q <= 1)).all() and not (q[pi == 0] != 0).any()  # values only of visited actions
    best = pi.argmax(1)
    np.testing.assert_allclose(q[np.arange(len(best)), best], d["qb"], atol=2e-3)  # qb is the choice's q
    assert ((d["qb"] >= 0) & (d["qb"] <= 1)).all() and set(np.unique(d["game"])) == {0, 1}
    assert len(d["z"]) == len(d["player"]) and (d["mask"].sum(1) >= 2).all()
    again = tmp_path / "e.npz"
    gen.main(["--spec", "mcts:iters=8", "--seed", "3", "--games", "2", "--out", str(again)])
    assert all(np.array_equal(d[k], np.load(again)[k]) for k in d.files)
    out = tmp_path / "v.npz"
    assert fit.main(["--data", str(data), "--epochs", "1", "--holdout", "0.5", "--out", str(out)]) == 0
    net, start = load_net(out), load_net(default_model_path(1))
    assert net.meta["value_target"] == "outcome"
    assert net.meta["made_by"]["command"] == "experiments/value_rounds/train_value.py"
    assert not np.array_equal(net.w["value.weight"], start.w["value.weight"])
    agent = make_agent(f"net-mcts:iters=8,path={out}")
    s = engine.new_game(engine.GameConfig(1), seed=1)
    agent.reset(np.random.default_rng(0))
    assert engine.legal_mask(s)[agent.act(None, engine.legal_mask(s), s)] and agent.leaf == 1  # type: ignore[attr-defined]


def test_bad_target_and_missing_data(tmp_path: Path) -> None:
    fit = _script("train_value")
    with pytest.raises(SystemExit, match="matches no file"):
        fit.main(["--data", str(tmp_path / "none_*.npz"), "--out", str(tmp_path / "v.npz")])
    with pytest.raises(SystemExit, match="qb, qm, z, mix:L or teacher"):
        fit.targets("best", np.zeros(1), np.zeros(1), np.zeros(1))
    with pytest.raises(SystemExit, match="mix:L needs"):
        fit.targets("mix:2", np.zeros(1), np.zeros(1), np.zeros(1))


@pytest.mark.slow
def test_three_player_rounds(tmp_path: Path) -> None:
    """Three players (the shipped 3-player model's value rounds): every seat's searched decisions are recorded
    with that seat's outcome (one winner at most: z = 1 only for the winner's rows), and training from the
    3-player model writes a model whose value head a 3-player net-mcts evaluates at its leaves."""
    gen, fit = _script("gen_value"), _script("train_value")
    data = tmp_path / "d3.npz"
    assert gen.main(["--spec", "mcts:iters=6", "--players", "3", "--seed", "5", "--games", "2",
                     "--out", str(data)]) == 0
    d = np.load(data)
    assert set(np.unique(d["player"])) == {0, 1, 2}
    for g in (0, 1):
        rows = d["game"] == g
        assert len(set(d["player"][rows & (d["z"] == 1.0)].tolist())) <= 1  # one winner at most
        for p in range(3):  # one outcome per seat in a game
            assert len(np.unique(d["z"][rows & (d["player"] == p)])) == 1
    out = tmp_path / "v3.npz"
    assert fit.main(["--data", str(data), "--players", "3", "--epochs", "1", "--holdout", "0.5",
                     "--out", str(out)]) == 0
    net = load_net(out)
    assert net.meta["value_target"] == "outcome"
    assert net.w["value.weight"].shape == load_net(default_model_path(3)).w["value.weight"].shape
    agent = make_agent(f"net-mcts:iters=8,path={out}")
    s = engine.new_game(engine.GameConfig(3), seed=2)
    agent.reset(np.random.default_rng(0))
    m = engine.legal_mask(s)
    assert m[agent.act(None, m, s)] and agent.leaf == 1  # type: ignore[attr-defined]


def test_one_game_is_too_little(tmp_path: Path) -> None:
    gen, fit = _script("gen_value"), _script("train_value")
    data = tmp_path / "d.npz"
    gen.main(["--spec", "mcts:iters=4", "--seed", "1", "--games", "1", "--out", str(data)])
    with pytest.raises(SystemExit, match="two or more"):
        fit.main(["--data", str(data), "--out", str(tmp_path / "v.npz")])


def test_the_search_s_policy_targets() -> None:
    fit = _script("train_value")
    visits = np.array([[0.2, 0.5, 0.3, 0.0], [0.0, 0.1, 0.0, 0.9]], dtype=np.float32)
    np.testing.assert_array_equal(fit.search_policy("search", visits), visits)
    np.testing.assert_array_equal(fit.search_policy("choice", visits), [[0, 1, 0, 0], [0, 0, 0, 1]])


def test_children_data_then_a_sibling_fit(tmp_path: Path) -> None:
    """``--children K``: for each searched decision, the K most visited root actions' children, in visit order:
    the acting player's observation after the action (played on a copy: the game itself goes on unchanged), the
    search's value of the action, and which are there; ``train_value.py --children W`` fits them and reports
    how often the value orders siblings as the search."""
    gen, fit = _script("gen_value"), _script("train_value")
    data, plain = tmp_path / "c.npz", tmp_path / "p.npz"
    assert gen.main(["--spec", "mcts:iters=12", "--seed", "4", "--games", "2", "--children", "3",
                     "--out", str(data)]) == 0
    gen.main(["--spec", "mcts:iters=12", "--seed", "4", "--games", "2", "--out", str(plain)])
    d, p = np.load(data), np.load(plain)
    assert set(d.files) == set(gen.FIELDS + gen.CHILD_FIELDS) and d["cobs"].shape == (len(d["obs"]), 3,
                                                                                      d["obs"].shape[1])
    assert all(np.array_equal(d[k], p[k]) for k in p.files)  # the children change nothing of the game
    pi, q = d["pi"].astype(np.float32), d["q"].astype(np.float32)
    for i in range(len(pi)):
        top = [a for a in np.argsort(-pi[i], kind="stable")[:3] if pi[i, a] > 0]
        assert d["cok"][i, len(top):].sum() == 0  # no child beyond the visited actions
        for k in np.flatnonzero(d["cok"][i]):
            np.testing.assert_allclose(d["cq"][i, k], q[i, top[k]], atol=2e-3)
            assert not np.array_equal(d["cobs"][i, k], d["obs"][i])  # the observation after the action
    assert d["cok"][:, 1].any() and d["cok"][:, 0].mean() > 0.9
    out = tmp_path / "v.npz"
    assert fit.main(["--data", str(data), "--children", "5", "--epochs", "1", "--holdout", "0.5",
                     "--out", str(out)]) == 0
    assert not np.array_equal(load_net(out).w["value.weight"], load_net(default_model_path(1)).w["value.weight"])
    # --children-gap G: only decisions whose two favourites are more than G apart; none is 10 apart, so the fit is
    # the fit without siblings
    for name, extra in (("g.npz", ["--children", "5", "--children-gap", "10"]), ("n.npz", [])):
        fit.main(["--data", str(data), *extra, "--epochs", "1", "--holdout", "0.5", "--out", str(tmp_path / name)])
    gap, none = load_net(tmp_path / "g.npz").w, load_net(tmp_path / "n.npz").w
    assert all(np.array_equal(gap[k], none[k]) for k in none)
    assert not np.array_equal(load_net(out).w["value.weight"], none["value.weight"])
    with pytest.raises(SystemExit, match="has no children"):
        fit.main(["--data", str(plain), str(data), "--children", "1", "--out", str(tmp_path / "w.npz")])


def test_net_moves_play_the_policy_and_record_the_search(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """``--net-moves 1 --temp-moves 0`` (DAgger): every move is the ``net`` policy's, so the recorded states are
    those of ``net`` playing the deal alone, each labelled with the search's visits; ``--net-moves 0`` plays the
    search's games unchanged, and a probability outside [0, 1] is refused."""
    gen = _script("gen_value")
    dag, plain, base = tmp_path / "dag.npz", tmp_path / "p.npz", tmp_path / "b.npz"
    common = ["--spec", "mcts:iters=12", "--seed", "6", "--games", "1", "--temp-moves", "0"]
    assert gen.main([*common, "--net-moves", "1", "--out", str(dag)]) == 0
    d = np.load(dag)
    gseed = gen.derive_seed(6, 0)
    s, net = engine.new_game(engine.GameConfig(1), gseed), make_agent("net").as_policy(0, gseed)
    seen = []
    while not s["over"] and s["turn"] <= gen.DEFAULT_TURNS_PER_PLAYER:
        m = engine.legal_mask(s)
        if m.sum() > 1:
            seen.append(gen.observe(s, 0).astype(np.float16))
        engine.apply_action(s, net(s, m))
    assert len(seen) == len(d["obs"]) > 10 and np.array_equal(np.array(seen), d["obs"])
    pi = d["pi"].astype(np.float32)
    assert not (pi[~d["mask"]] > 0).any() and np.allclose(pi.sum(1), 1.0, atol=1e-2)  # the search's labels
    gen.main([*common, "--out", str(base)])
    gen.main([*common, "--net-moves", "0", "--out", str(plain)])
    b, p = np.load(base), np.load(plain)
    assert all(np.array_equal(b[k], p[k]) for k in b.files)
    assert not np.array_equal(b["obs"][: len(seen)], d["obs"][: len(b["obs"])])  # the policy's game is another
    # the policy learns the search's labels while the value stays the start model's (--target teacher): before
    # the first step the value fits its target exactly
    fit, out = _script("train_value"), tmp_path / "v.npz"
    capsys.readouterr()
    assert fit.main(["--data", str(dag), str(plain), "--policy", "search", "--target", "teacher", "--epochs", "1",
                     "--holdout", "0.5", "--out", str(out)]) == 0
    assert "epoch 0: held out: R2 target 1.000" in capsys.readouterr().out
    new, start = load_net(out).w, load_net(default_model_path(1)).w
    assert not np.array_equal(new["context_out.weight"], start["context_out.weight"])
    capsys.readouterr()
    with pytest.raises(SystemExit):
        gen.main([*common, "--net-moves", "1.5", "--out", str(tmp_path / "x.npz")])
    assert "--net-moves must be a probability in [0, 1], got 1.5" in capsys.readouterr().err


def test_widen_grows_the_network_without_changing_what_it_computes(tmp_path: Path) -> None:
    """``--widen trunk=SIZE,head=SIZE``: the wider model file (read by the agents' numpy forward pass) gives the
    start model's logits and value before any step; it then trains like any model; a layer that cannot grow this
    way, a smaller size or a malformed size is refused by name."""
    gen, fit = _script("gen_value"), _script("train_value")
    data = tmp_path / "d.npz"
    gen.main(["--spec", "mcts:iters=6", "--seed", "2", "--games", "2", "--out", str(data)])
    same, trained = tmp_path / "w0.npz", tmp_path / "w1.npz"
    assert fit.main(["--data", str(data), "--widen", "trunk=160,head=40", "--epochs", "0", "--out", str(same)]) == 0
    wide, start = load_net(same), load_net(default_model_path(1))
    assert wide.meta["dims"]["trunk"] == 160 and wide.meta["dims"]["head"] == 40
    assert wide.w["trunk2.weight"].shape == (160, 160) and start.w["trunk2.weight"].shape == (128, 128)
    x = np.load(data)["obs"][:64].astype(np.float32)
    for a, b in zip(wide.forward(x), start.forward(x), strict=True):
        np.testing.assert_allclose(a, b, atol=1e-4)
    fit.main(["--data", str(data), "--widen", "trunk=160", "--epochs", "1", "--holdout", "0.5", "--out", str(trained)])
    after = load_net(trained)
    assert not np.allclose(after.forward(x)[1], start.forward(x)[1], atol=1e-4)
    assert not wide.w["trunk2.weight"][128:, :128].any()  # the new units start silent ...
    assert after.w["trunk2.weight"][128:, :128].any()  # ... and the fit lets them speak
    s = engine.new_game(engine.GameConfig(1), seed=3)
    agent = make_agent(f"net-mcts:iters=8,path={trained}")
    agent.reset(np.random.default_rng(0))
    assert engine.legal_mask(s)[agent.act(None, engine.legal_mask(s), s)]
    for bad, said in (("card=64", "trunk/head=SIZE"), ("trunk=x", "trunk/head=SIZE"), ("trunk=64", "can only grow")):
        with pytest.raises(SystemExit, match=said):
            fit.main(["--data", str(data), "--widen", bad, "--out", str(tmp_path / "no.npz")])


def test_held_out_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--holdout-data``: exactly those files' games are held out (the same for fits on more or less data)."""
    gen, fit = _script("gen_value"), _script("train_value")
    data, other = tmp_path / "a.npz", tmp_path / "b.npz"
    gen.main(["--spec", "mcts:iters=4", "--seed", "1", "--games", "2", "--out", str(data)])
    gen.main(["--spec", "mcts:iters=4", "--seed", "2", "--games", "1", "--out", str(other)])
    capsys.readouterr()
    assert fit.main(["--data", str(data), "--holdout-data", str(other), "--epochs", "0",
                     "--out", str(tmp_path / "v.npz")]) == 0
    n_data, n_other = len(np.load(data)["z"]), len(np.load(other)["z"])
    assert f"train {n_data}, held out {n_other}" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="matches no file outside --data"):
        fit.main(["--data", str(data), "--holdout-data", str(data), "--out", str(tmp_path / "w.npz")])


def test_sibling_loss_counts_only_differences() -> None:
    """The sibling loss is 0 when the values are the search's shifted by any constant per decision, grows with
    a wrong order, ignores children that are not there and decisions with one child; pair_order counts pairs."""
    fit = _script("train_value")
    cq = torch.tensor([[0.6, 0.4, 0.0], [0.9, 0.0, 0.0]])
    ok = torch.tensor([[True, True, False], [True, False, False]])
    shifted = cq + torch.tensor([[0.2], [-0.5]]) + torch.tensor([[0.0, 0.0, 9.0], [0.0, 7.0, 7.0]])
    assert float(fit.sibling_loss(shifted, cq, ok)) == pytest.approx(0.0, abs=1e-7)
    swapped = torch.tensor([[0.4, 0.6, 0.0], [0.1, 0.0, 0.0]])
    assert float(fit.sibling_loss(swapped, cq, ok)) == pytest.approx(0.04)  # each child off by 0.2
    assert fit.pair_order(shifted.numpy(), cq.numpy(), ok.numpy()) == 1.0
    assert fit.pair_order(swapped.numpy(), cq.numpy(), ok.numpy()) == 0.0


_CHILD_ARRAYS = st.sampled_from([np.zeros((3, 8), np.float16), np.zeros((3, 2, 8), np.float16), np.zeros((3, 2)),
                                 np.zeros((3, 2), bool), np.ones((3, 2), np.float32), np.full((3, 2), np.nan),
                                 np.zeros((4, 2, 8), np.float32), np.zeros((3, 2, 7)), np.zeros(3), np.zeros((3, 3)),
                                 np.array([["x", "y"]] * 3), np.zeros((3, 2), np.int64)])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.dictionaries(st.sampled_from(["obs", "cobs", "cq", "cok"]), _CHILD_ARRAYS, max_size=4))
def test_any_children_file_is_read_or_refused_with_a_clear_error(tmp_path: Path, fields: dict) -> None:
    """Fuzzed input (hypothesis): whatever arrays a file holds, ``read_children`` returns children whose shapes
    agree with the observations or exits naming the file and what was wrong."""
    fit = _script("train_value")
    f = tmp_path / "d.npz"
    np.savez(f, **fields)
    try:
        cobs, cq, cok = fit.read_children([str(f)], [np.load(f)])
    except SystemExit as e:
        assert str(f) in str(e) and ("no children" in str(e) or "allowed:" in str(e))
    else:
        obs = fields["obs"]
        assert cobs.shape == cq.shape + obs.shape[1:] and cok.shape == cq.shape and cok.dtype == bool
        assert len(cq) == len(obs) and np.isfinite(cq).all()


def test_a_long_epoch_says_how_far_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    fit = _script("train_value")
    assert fit.still_training(1e18, 1, 10, 100) == 1e18 and capsys.readouterr().out == ""  # 9 s not passed
    assert fit.still_training(0.0, 2, 256, 1000) > 0.0
    assert capsys.readouterr().out == "  epoch 2: 256 of 1000 samples\n"
