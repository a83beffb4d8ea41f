"""``df-env train``, the entity network, its numpy forward pass, model files and the ``net`` agent."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from agents import AgentSpecError, make_agent
from df_env.cli import main
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation.encode import observe
from df_env.net.netlayout import entity_layout
from df_env.net.numpy_net import ModelFileError, load_net, save_net
from df_env.train.config import ConfigError, make_config
from df_env.train.evaluate import evaluate_policy

torch = pytest.importorskip("torch")
from df_env.train.torch_net import EntityNet  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _observations(n: int, games: int = 6, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """(observation, mask) of positions reached by random play in ``n``-player games."""
    out = []
    rng = np.random.default_rng(seed)
    for g in range(games):
        s = engine.new_game(engine.GameConfig(num_players=n), seed=g)
        while not engine.is_terminal(s) and s["turn"] <= 30:
            out.append((observe(s, int(s["dplayer"])), engine.legal_mask(s)))
            engine.apply_action(s, int(rng.choice(engine.legal_actions(s))))
    return out


# ---------------------------------------------------------------------------------------------- layout
@pytest.mark.parametrize("n", [1, 2, 3])
def test_every_legal_entity_action_names_a_present_slot(n: int) -> None:
    """Hand action i, tableau actions and line actions are scored from the slot of the card they name: that slot
    holds a card (its ``present`` feature is 1) whenever the action is legal (hand positions beyond 11 and
    tableau cards beyond the sixth tech/world use the shared "unseen" entity)."""
    lay = entity_layout(n)
    checked = 0
    for obs, mask in _observations(n, games=8):
        for a in np.flatnonzero(mask):
            for block, first, rows, slot in (("hand", 8, lay.head_rows["hand"], a - 8),
                                             ("line", 140, lay.head_rows["line"], a - 140)):
                if 0 <= slot < len(rows) and a < first + len(rows):
                    assert obs[lay.card_idx[rows[slot], 0]] == 1.0, (block, a)
                    checked += 1
            if 48 <= a <= 80:
                i = a - 48
                slot = 0 if i == 0 else i if i <= 6 else 7 + i - 17 if 17 <= i <= 22 else None
                if slot is not None:
                    assert obs[lay.card_idx[lay.head_rows["tableau"][slot], 0]] == 1.0, a
                    checked += 1
    assert checked > 50


def test_action_index_shares_entities_and_covers_every_action() -> None:
    lay = entity_layout(1)
    assert lay.action_index.shape == (engine.NUM_ACTIONS,)
    assert lay.action_index.min() == 0 and lay.action_index.max() == lay.n_scores - 1
    # hand positions 12..39 share one "unseen" score; 0..11 are distinct
    hand = lay.action_index[8:48]
    assert len(set(hand[:12])) == 12 and len(set(hand[12:])) == 1 and hand[12] not in hand[:12]
    # sector actions 81..117: one score per sector
    assert len(set(lay.action_index[81:118])) == 37


# ---------------------------------------------------------------------------------------------- numpy = torch
@pytest.mark.parametrize("n", [1, 2, 3])
def test_numpy_forward_equals_torch(n: int, tmp_path: Path) -> None:
    torch.manual_seed(n)
    net = EntityNet(n)
    with torch.no_grad():  # non-trivial heads: the output layers start near zero
        for p in net.parameters():
            p.add_(0.05 * torch.randn_like(p))
    x = np.stack([o for o, _ in _observations(n, games=3)])
    with torch.no_grad():
        lt, vt = net(torch.as_tensor(x))
    path = save_net(tmp_path / "m.npz", net.export(), n, net.dims, {"seed": 0})
    ln, vn = load_net(path).forward(x)
    assert ln.shape == (len(x), engine.NUM_ACTIONS)
    assert np.abs(lt.numpy()).max() > 1e-2  # a real signal, not all zeros
    np.testing.assert_allclose(ln, lt.numpy(), atol=1e-5, rtol=1e-5)
    np.testing.assert_allclose(vn, vt.numpy()[:, 0], atol=1e-5, rtol=1e-5)


def test_model_file_refuses_another_layout_and_bad_files(tmp_path: Path) -> None:
    net = EntityNet(1)
    path = save_net(tmp_path / "m.npz", net.export(), 1, net.dims)
    with np.load(path) as data:
        meta = json.loads(str(data["__meta__"]))
        arrays = {k: data[k] for k in data.files if k != "__meta__"}
    meta["layout"]["obs_size"] = 1234
    np.savez(tmp_path / "old.npz", __meta__=np.array(json.dumps(meta)), **arrays)
    with pytest.raises(ModelFileError, match="obs size"):
        load_net(tmp_path / "old.npz")
    with pytest.raises(ModelFileError, match="no model file"):
        load_net(tmp_path / "missing.npz")
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(ModelFileError, match="cannot read"):
        load_net(tmp_path / "junk.npz")
    with pytest.raises(AgentSpecError, match="obs size"):
        make_agent(f"net:path={tmp_path / 'old.npz'}")


def test_net_agent_refuses_another_player_count(tmp_path: Path) -> None:
    net = EntityNet(1)
    path = save_net(tmp_path / "m1.npz", net.export(), 1, net.dims)
    agent = make_agent(f"net:path={path}")
    agent.reset(np.random.default_rng(0), 0)
    obs, mask = _observations(2, games=1)[0]
    with pytest.raises(AgentSpecError, match="1-player games, this game has 2 players"):
        agent.act(obs, mask)
    obs, mask = _observations(1, games=1)[0]
    assert mask[agent.act(obs, mask)]


@pytest.mark.slow
def test_net_agent_plays_without_torch(tmp_path: Path) -> None:
    """The net agent imports no torch: a bench game runs with torch made unimportable."""
    net = EntityNet(1)
    path = save_net(tmp_path / "m1.npz", net.export(), 1, net.dims)
    code = (
        "import sys; sys.modules['torch'] = None\n"
        "from df_env.bench import BenchConfig, run_bench\n"
        f"r = run_bench(BenchConfig(agents=('net:path={path}',), games=3, jobs=1), show_progress=False)\n"
        "assert r.summary[0].games == 3\n"
        "assert 'torch' not in sys.modules or sys.modules['torch'] is None\n"
        "print('ok')\n"
    )
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600,
                         env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.strip().endswith("ok")


def test_shipped_solo_model_is_the_default_and_other_sizes_say_what_to_do() -> None:
    from df_env.net.numpy_net import default_model_path

    path = default_model_path(1)
    assert path.is_file() and path.stat().st_size <= 5 * 2**20
    meta = load_net(path).meta
    assert meta["num_players"] == 1 and meta["made_by"]["seed"] == 0
    # made by the value rounds' script in the repository, from the df-env train model it names
    script = Path(__file__).resolve().parents[2] / meta["made_by"]["command"].split()[1]
    assert meta["made_by"]["command"].startswith("bash ") and script.is_file()
    assert "df-env train" in meta["made_by"]["start"] and meta["value_target"] == "outcome"
    agent = make_agent("net")
    agent.reset(np.random.default_rng(0), 0)
    s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    while not engine.is_terminal(s) and s["turn"] <= 100:
        mask = engine.legal_mask(s)
        a = agent.act(observe(s, 0), mask)
        assert mask[a]
        engine.apply_action(s, a)
    if not default_model_path(2).is_file():
        obs, mask = _observations(2, games=1)[0]
        with pytest.raises(AgentSpecError, match="no model is shipped for 2-player games"):
            make_agent("net").act(obs, mask)



@pytest.mark.parametrize("n", [2, 3])
def test_shipped_2p_and_3p_models_play_a_whole_game_with_net_and_net_mcts(n: int) -> None:
    """The 2- and 3-player models: made by the value rounds' script from the df-env train model they name, and they
    play a whole game, ``net`` and ``net-mcts`` (value leaves) side by side."""
    from df_env.net.numpy_net import default_model_path

    path = default_model_path(n)
    assert path.is_file() and path.stat().st_size <= 5 * 2**20
    meta = load_net(path).meta
    assert meta["num_players"] == n and meta["made_by"]["seed"] == 0
    script = Path(__file__).resolve().parents[2] / meta["made_by"]["command"].split()[1]
    assert meta["made_by"]["command"].startswith("bash ") and script.is_file()  # the value rounds' script
    assert f"df-env train --preset {n}p" in meta["made_by"]["start"] and meta["value_target"] == "outcome"
    seats = [make_agent("net"), make_agent("net-mcts:iters=4,turns=1"), make_agent("net")][:n]
    for p, agent in enumerate(seats):
        agent.reset(np.random.default_rng(p), p)
    s = engine.new_game(engine.GameConfig(num_players=n), seed=1)
    decisions = 0
    while not engine.is_terminal(s) and s["turn"] <= 100 * n:
        p = int(s["dplayer"])
        mask = engine.legal_mask(s)
        a = seats[p].act(observe(s, p), mask, s.copy())
        assert mask[a]
        engine.apply_action(s, a)
        decisions += 1
    assert decisions > 20  # whole turns of every seat, every move legal

# ---------------------------------------------------------------------------------------------- evaluation
def test_evaluate_policy_is_reproducible_and_bounded() -> None:
    def first_legal(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return masks.argmax(axis=1)

    a = evaluate_policy(first_legal, 1, games=20, seed=3)
    b = evaluate_policy(first_legal, 1, games=20, seed=3, batch=7)  # batching changes nothing
    assert (a.wins, a.mean_turns) == (b.wins, b.mean_turns)
    assert 0 <= a.lo <= a.win_rate <= a.hi <= 1
    two = evaluate_policy(first_legal, 2, "random", games=6, seed=0)
    assert two.games == 6 and two.opponent == "random"
    with pytest.raises(ValueError, match="opponent"):
        evaluate_policy(first_legal, 2, "", games=2)


# ---------------------------------------------------------------------------------------------- config, CLI
def test_config_errors_name_the_key() -> None:
    with pytest.raises(ConfigError, match="unknown config key 'lr'"):
        make_config("solo", {"lr": 1})
    with pytest.raises(ConfigError, match="net must be one of entity, mlp"):
        make_config("solo", {"net": "cnn"})
    with pytest.raises(ConfigError, match="not a preset"):
        make_config("nope")
    c = make_config("2p", {"n_epochs": "4", "eval_opponents": '["heuristic"]'})
    assert c["n_epochs"] == 4 and c["num_players"] == 2 and c["eval_opponents"] == ["heuristic"]
    with pytest.raises(ConfigError, match="n_steps must be a whole number, got 64.5"):
        make_config("solo", {"n_steps": "64.5"})  # the reader shared with --algo exit (it was kept as a float)


@pytest.mark.slow
def test_train_cli_writes_logs_checkpoints_curve_and_a_playable_model(tmp_path: Path) -> None:
    out = tmp_path / "run"
    sets = ["num_envs=8", "n_steps=16", "batch_size=64", "n_epochs=1", "eval_every=128", "checkpoint_every=128"]
    argv = ["train", "--timesteps", "256", "--minutes", "0", "--eval-games", "4", "--threads", "1",
            "--no-progress", "--out", str(out)]
    for s in sets:
        argv += ["--set", s]
    assert main(argv) == 0
    for name in ("config.json", "progress.csv", "eval.csv", "best.zip", "best.npz", "final.zip", "final.npz",
                 "curve.png", "summary.json"):
        assert (out / name).is_file(), name
    assert (out / "curve.png").read_bytes()[:4] == b"\x89PNG"
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["step_128.zip", "step_256.zip"]
    with (out / "eval.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [int(r["step"]) for r in rows] == [128, 256]
    for r in rows:
        assert r["opponent"] == "solo" and int(r["games"]) == 4
        assert float(r["lo"]) <= float(r["win_rate"]) <= float(r["hi"])
        assert 0 <= float(r["baseline_win_rate"]) <= 1
    with (out / "progress.csv").open() as f:
        prog = list(csv.DictReader(f))
    assert int(float(prog[-1]["time/total_timesteps"])) == 256
    summary = json.loads((out / "summary.json").read_text())
    assert summary["steps"] == 256 and summary["steps_per_s"] > 0
    # the exported model plays, without search, as the net agent
    agent = make_agent(f"net:path={out / 'final.npz'}")
    agent.reset(np.random.default_rng(0), 0)
    obs, mask = _observations(1, games=1)[0]
    assert mask[agent.act(obs, mask)]
    # the numpy model gives the checkpoint's own logits
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(out / "final.zip", device="cpu")
    x = np.stack([o for o, _ in _observations(1, games=1)[:20]])
    with torch.no_grad():
        lt, _ = model.policy.mlp_extractor(torch.as_tensor(x))
    np.testing.assert_allclose(load_net(out / "final.npz").forward(x)[0], lt.numpy(), atol=1e-5, rtol=1e-5)
    # a second run into the same folder is refused (nothing is overwritten)
    assert main(argv) == 2
    # training goes on from a checkpoint: its step count continues
    more = ["train", "--resume", str(out / "final.zip"), "--timesteps", "128", "--minutes", "0", "--eval-games",
            "2", "--threads", "1", "--no-progress", "--out", str(tmp_path / "more"), "--set", "num_envs=8",
            "--set", "eval_every=128", "--set", "checkpoint_every=0"]
    assert main(more) == 0
    resumed = json.loads((tmp_path / "more" / "summary.json").read_text())
    assert (resumed["start_step"], resumed["steps"]) == (256, 384)


@pytest.mark.slow
def test_mlp_policy_exports_to_numpy_with_the_same_logits(tmp_path: Path) -> None:
    from sb3_contrib import MaskablePPO

    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv
    from df_env.train.torch_net import export_policy

    model = MaskablePPO("MlpPolicy", DeepFutureSB3VecEnv(num_envs=2, num_players=2, seed=0), n_steps=8,
                        batch_size=16, seed=0, device="cpu", policy_kwargs={"net_arch": [32, 16]})
    kind, weights, dims = export_policy(model)
    assert kind == "mlp" and dims == {"hidden": [32, 16]}
    net = load_net(save_net(tmp_path / "mlp.npz", weights, 2, dims, kind="mlp"))
    x = np.stack([o for o, _ in _observations(2, games=2)])
    with torch.no_grad():
        latent = model.policy.mlp_extractor.forward_actor(torch.as_tensor(x))
        logits = model.policy.action_net(latent).numpy()
    np.testing.assert_allclose(net.forward(x)[0], logits, atol=1e-5, rtol=1e-5)
    agent = make_agent(f"net:path={tmp_path / 'mlp.npz'}")
    agent.reset(np.random.default_rng(0), 0)
    obs, mask = _observations(2, games=1)[0]
    assert mask[agent.act(obs, mask)]


def test_train_cli_rejects_bad_settings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["train", "--set", "nonsense", "--out", str(tmp_path / "x")]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
    assert main(["train", "--set", "gamma=abc", "--out", str(tmp_path / "x")]) == 2
    assert "gamma" in capsys.readouterr().err
    assert main(["train", "--export", str(tmp_path / "none.zip"), "--to", str(tmp_path / "m.npz")]) == 2
    assert "no checkpoint" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
