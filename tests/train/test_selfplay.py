"""``df-env train --algo exit``: expert iteration (self-play with net-mcts, the league, the learner), its config
checks, determinism, the model files it writes, and its data generation on the local and the Ray backend."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents import make_agent
from df_env.backends import LocalBackend
from df_env.bench import derive_seed, play_game
from df_env.cli import main
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation.encode import observe
from df_env.games.deep_future.progress import progress
from df_env.net.numpy_net import default_model_path, load_net, save_net
from df_env.train.errors import ConfigError

torch = pytest.importorskip("torch")
from df_env.train.exit.config import make_exit_config  # noqa: E402
from df_env.train.exit.learner import net_from_file, stack_records  # noqa: E402
from df_env.train.exit.run import iteration_tasks, train_exit  # noqa: E402
from df_env.train.exit.selfplay import (  # noqa: E402
    GameTask,
    SearchSettings,
    generate,
    league_roles,
    outcome,
    play_chunk,
)

ROOT = Path(__file__).resolve().parents[2]
TINY = {"jobs": 1, "games": 2, "search_iters": 4, "iterations": 1, "eval_games": 4, "max_turns": 3, "temp_moves": 2,
        "batch_size": 64, "minutes": 0}
SETTINGS = SearchSettings(search_iters=4, temp_moves=2, max_turns=3)


def _models(n: int) -> dict[str, bytes]:
    return {"current": default_model_path(n).read_bytes()}


def _same_records(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> None:
    assert [r["key"] for r in a] == [r["key"] for r in b]
    for x, y in zip(a, b, strict=True):
        assert x.keys() == y.keys()
        for k in x:
            if isinstance(x[k], np.ndarray):
                np.testing.assert_array_equal(x[k], y[k], err_msg=k)
            else:
                assert x[k] == y[k], k


# ---------------------------------------------------------------------------------------------- config
@pytest.mark.parametrize(("overrides", "message"), [
    ({"gamez": 3}, "unknown config key 'gamez'"),
    ({"games": 0}, "games must be >= 1"),
    ({"search_iters": "many"}, "search_iters='many': expected a JSON value"),
    ({"games": 2.5}, "games must be a whole number"),
    ({"temperature": 0}, "temperature must be > 0"),
    ({"rollout": "smart"}, "rollout must be one of heuristic, random"),
    ({"backend": "spark"}, "backend must be one of local, ray"),
    ({"address": "1.2.3.4:6379"}, "an address is only for the ray backend"),
    ({"start": "no/such/model.npz"}, "start must be 'shipped', 'scratch' or a model file"),
    ({"league": {"current": 1, "friends": 1}}, "league: unknown entries ['friends']"),
    ({"league": {"current": -1}}, "league weight 'current' must be a number >= 0"),
    ({"num_players": 4}, "num_players must be 1, 2 or 3"),
    ({"expert": "alphazero"}, "expert must be one of net-mcts, mcts; got 'alphazero'"),
    ({"expert": 1}, "expert must be a string"),
    ({"train_steps": -1}, "train_steps must be >= 0"),
    ({"target_temp": -0.5}, "target_temp must be >= 0"),
    ({"policy_coef": -1}, "policy_coef must be >= 0"),
    ({"net_moves": 1.5}, "net_moves must be a probability in [0, 1], got 1.5"),
])
def test_bad_exit_config_is_a_clear_error(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        make_exit_config("solo", overrides)


def test_exit_presets_per_player_count() -> None:
    for preset, n in (("solo", 1), ("2p", 2), ("3p", 3)):
        c = make_exit_config(preset)
        assert c["num_players"] == n and c["start"] == "shipped" and c["threads"] == 1
    assert make_exit_config("2p")["league"] == {"current": 0.5, "past": 0.3, "heuristic": 0.2}
    with pytest.raises(ConfigError, match="the weights must not all be 0"):
        make_exit_config("2p", {"league": {"current": 0, "past": 0}})
    with pytest.raises(ConfigError, match="not a preset"):
        make_exit_config("4p")


def test_cli_algo_flags_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--algo", "exit", "--net", "mlp", "--out", str(tmp_path / "a")]) == 2
    assert "--net: not an option of --algo exit" in capsys.readouterr().err
    assert main(["train", "--backend", "ray", "--out", str(tmp_path / "b")]) == 2
    assert "--backend: not an option of --algo ppo" in capsys.readouterr().err
    assert main(["train", "--algo", "exit", "--set", "games=0", "--out", str(tmp_path / "c")]) == 2
    assert "games must be >= 1" in capsys.readouterr().err
    assert not (tmp_path / "a").exists() and not (tmp_path / "c").exists()


# ---------------------------------------------------------------------------------------------- self-play
def test_outcome_is_the_search_value() -> None:
    """1 for the winner, 0 for a loss or a game over without winning, else the progress score
    (agents/deep_future/mcts.py)."""
    s = engine.new_game(engine.GameConfig(num_players=2), seed=3)
    np.testing.assert_allclose(outcome(s), [progress(s, 0), progress(s, 1)], rtol=1e-6)
    assert 0.0 < outcome(s)[0] < 1.0
    agents = [make_agent("heuristic"), make_agent("heuristic")]
    end, _, _, _ = play_game(agents, engine.GameConfig(num_players=2), 5, 6, 200)
    assert end["over"] and end["winner"] in (0, 1)
    w = int(end["winner"])
    assert outcome(end).tolist() == [1.0 if q == w else 0.0 for q in range(2)]


def test_league_roles() -> None:
    rng = np.random.default_rng(0)
    assert league_roles(3, 4, {"heuristic": 1.0}, ["iter_0"], rng) == ("heuristic", "current", "heuristic")
    assert league_roles(2, 0, {"past": 1.0}, [], rng) == ("current", "current")  # no past checkpoint yet
    assert league_roles(2, 0, {"past": 1.0}, ["iter_3"], rng) == ("current", "past:iter_3")
    drawn = [league_roles(2, 1, {"current": 1, "heuristic": 1}, [], rng)[0] for _ in range(200)]
    assert {"current", "heuristic"} == set(drawn)


def test_selfplay_records_the_searching_seats_only() -> None:
    """A 2-player game with the heuristic in seat 1: only seat 0 records; every record is a distribution over
    the legal actions; the value target is the outcome of the acting player."""
    tasks = [GameTask(1, 0, derive_seed(7, 1, 0), ("current", "heuristic"))]
    [rec] = generate(LocalBackend(1), tasks, _models(2), SETTINGS)
    assert len(rec["player"]) > 0 and set(rec["player"].tolist()) == {0}
    assert rec["obs"].shape == (len(rec["player"]), load_net(default_model_path(2)).obs_size)
    np.testing.assert_allclose(rec["pi"].sum(1), 1.0, rtol=1e-5)
    assert not (rec["pi"] > 0)[~rec["mask"]].any()
    assert (rec["mask"].sum(1) > 1).all()  # forced moves teach nothing: not recorded
    data = stack_records([rec])
    np.testing.assert_array_equal(data["z"], rec["outcome"][rec["player"]])


def test_selfplay_past_checkpoint_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    models = {**_models(2), "iter_0": default_model_path(2).read_bytes()}
    tasks = [GameTask(2, 1, derive_seed(1, 2, 1), ("past:iter_0", "current"))]
    [rec] = generate(LocalBackend(1), tasks, models, SETTINGS)
    assert set(rec["player"].tolist()) == {1}
    assert list(tmp_path.iterdir()) == []  # the workers' copies of the models are removed at the end
    with pytest.raises(ValueError, match="unknown seat role 'past:iter_9'"):
        generate(LocalBackend(1), [GameTask(2, 0, 5, ("current", "past:iter_9"))], models, SETTINGS)


def test_selfplay_data_is_deterministic_and_seeded() -> None:
    config = make_exit_config("2p", TINY)
    tasks = iteration_tasks(config, 1, [])
    assert tasks == iteration_tasks(config, 1, [])
    assert [t.seed for t in tasks] == [derive_seed(0, 1, g) for g in range(2)]
    a = generate(LocalBackend(1), tasks, _models(2), SETTINGS)
    b = generate(LocalBackend(1), list(reversed(tasks)), _models(2), SETTINGS)
    _same_records(a, b)
    other = generate(LocalBackend(1), iteration_tasks({**config, "seed": 1}, 1, []), _models(2), SETTINGS)
    assert not np.array_equal(a[0]["obs"], other[0]["obs"])


def test_mcts_expert_records_the_visits_of_mcts() -> None:
    """``expert="mcts"``: a searching seat plays ``mcts:iters=search_iters,...`` and its first record's policy
    target is the visit distribution of that search on the game's first real decision (same seat seed)."""
    st = SearchSettings(search_iters=8, temp_moves=2, max_turns=3, expert="mcts")
    assert st.expert_spec(Path("m.npz")) == "mcts:iters=8,rollout=heuristic,turns=3"
    assert SETTINGS.expert_spec(Path("m.npz")).startswith("net-mcts:iters=4,c_puct=1.0,")
    with pytest.raises(ValueError, match="expert must be one of net-mcts, mcts; got 'uct'"):
        SearchSettings(expert="uct").expert_spec(Path("m.npz"))
    task = GameTask(1, 0, derive_seed(3, 1, 0), ("current",))
    [rec] = generate(LocalBackend(1), [task], _models(1), st)
    assert len(rec["player"]) > 0
    visits = rec["pi"] * 8  # a distribution of 8 root visits: whole numbers summing to 8
    np.testing.assert_allclose(visits, np.round(visits), atol=1e-5)
    np.testing.assert_allclose(visits.sum(1), 8.0, rtol=1e-6)
    s = engine.new_game(engine.GameConfig(num_players=1), task.seed)
    while engine.legal_mask(s).sum() == 1:
        engine.apply_action(s, int(np.flatnonzero(engine.legal_mask(s))[0]))
    agent = make_agent("mcts:iters=8,rollout=heuristic,turns=3")
    agent.reset(np.random.default_rng(np.random.SeedSequence(task.seed, spawn_key=(0, 0))), 0)
    counts = agent.search(s)  # type: ignore[attr-defined]
    np.testing.assert_allclose(rec["pi"][0], counts / counts.sum(), rtol=1e-6)
    # the recorded root value: the mean backed-up value of the most visited action of that search
    assert rec["q"][0] == pytest.approx(agent.last_q[int(np.argmax(counts))], rel=1e-6)  # type: ignore[attr-defined]
    assert rec["q"].shape == rec["player"].shape and ((rec["q"] >= 0) & (rec["q"] <= 1)).all()
    net_rec = generate(LocalBackend(1), [task], _models(1), SearchSettings(search_iters=8, temp_moves=2,
                                                                          max_turns=3))[0]
    assert not np.array_equal(net_rec["pi"], rec["pi"])  # the default expert searches differently


def test_train_steps_passes() -> None:
    """``epochs`` shuffled passes; ``train_steps`` > 0 caps the minibatches (the pass where they end is cut)."""
    from df_env.train.exit.learner import _passes

    full = _passes(np.random.default_rng(0), 100, 64, 2, 0)
    assert [len(o) for o in full] == [100, 100]
    assert all(sorted(o.tolist()) == list(range(100)) for o in full)
    cut = _passes(np.random.default_rng(0), 100, 64, 2, 3)  # 2 minibatches a pass: 64 + 36, then 64
    assert [len(o) for o in cut] == [100, 64]
    assert len(set(cut[1].tolist())) == 64
    assert [len(o) for o in _passes(np.random.default_rng(0), 100, 64, 2, 9)] == [100, 100]  # under the cap
    same = _passes(np.random.default_rng(0), 100, 64, 2, 9)
    assert all(np.array_equal(a, b) for a, b in zip(full, same, strict=True))  # as without a cap


def test_policy_coef_zero_trains_the_value_only() -> None:
    """``policy_coef=0``: the action heads (policy only) keep their weights, the value output moves."""
    from df_env.train.exit.learner import Learner

    torch.set_num_threads(1)
    net = net_from_file(default_model_path(1))
    before = {k: v.clone() for k, v in net.state_dict().items()}
    rng = np.random.default_rng(0)
    n, size = 64, load_net(default_model_path(1)).obs_size
    mask = rng.random((n, 200)) < 0.1
    mask[:, 0] = True
    data = {"obs": (rng.random((n, size)) < 0.1).astype(np.float32), "mask": mask,
            "pi": (np.eye(200, dtype=np.float32)[np.zeros(n, int)]), "z": np.ones(n, np.float32)}
    config = make_exit_config("solo", {"policy_coef": 0.0, "batch_size": 32, "weight_decay": 0.1})
    Learner(net, config).fit(data, 0)
    after = net.state_dict()
    heads = [k for k in after if k.startswith(("head_", "context_out", "unseen"))]
    assert heads and all(torch.equal(before[k], after[k]) for k in heads)
    assert not torch.equal(before["value.weight"], after["value.weight"])


def test_value_q_mixes_the_outcome_with_the_search_value() -> None:
    """``value_q``: the value target is ``(1 - value_q) outcome + value_q q`` of the acting player."""
    rec = {"obs": np.zeros((3, 2), np.float32), "mask": np.ones((3, 4), bool), "player": np.array([0, 1, 0]),
           "pi": np.full((3, 4), 0.25, np.float32), "outcome": np.array([1.0, 0.0]),
           "q": np.array([0.5, 0.25, 0.75], np.float32)}
    np.testing.assert_allclose(stack_records([rec])["z"], [1.0, 0.0, 1.0])
    np.testing.assert_allclose(stack_records([rec], value_q=1.0)["z"], [0.5, 0.25, 0.75])
    np.testing.assert_allclose(stack_records([rec], value_q=0.25)["z"], [0.875, 0.0625, 0.9375])
    with pytest.raises(ConfigError, match=r"value_q must be a weight in \[0, 1\], got 2"):
        make_exit_config("solo", {"value_q": 2})
    with pytest.raises(ConfigError, match="policy_target must be one of search, start; got 'visits'"):
        make_exit_config("solo", {"policy_target": "visits"})


def test_policy_target_start_keeps_the_start_policy() -> None:
    """``policy_target="start"``: the policy is distilled from a frozen copy of the start model, so the
    visit targets (here all on action 0) are ignored: the start's policy moves far less than with the visits,
    while the value output learns its target."""
    from df_env.train.exit.learner import NEG, Learner

    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    x = load_net(default_model_path(1))
    n = 128
    mask = rng.random((n, 200)) < 0.2
    mask[:, 0] = True
    data = {"obs": (rng.random((n, x.obs_size)) < 0.05).astype(np.float32), "mask": mask,
            "pi": np.eye(200, dtype=np.float32)[np.zeros(n, int)], "z": np.full(n, 0.7, np.float32)}

    def policy(net: Any) -> Any:
        with torch.no_grad():
            logits, value = net(torch.as_tensor(data["obs"]))
            return torch.softmax(logits.masked_fill(~torch.as_tensor(mask), NEG), 1), value[:, 0]

    start, _ = policy(net_from_file(default_model_path(1)))
    moved = {}
    for target in ("search", "start"):
        net = net_from_file(default_model_path(1))
        config = make_exit_config("solo", {"policy_target": target, "batch_size": 32, "epochs": 12,
                                           "learning_rate": 1e-3})
        Learner(net, config).fit(data, 0)
        pi, value = policy(net)
        moved[target] = float((pi - start).abs().sum(1).mean())
        assert float((value - 0.7).abs().mean()) < 0.1  # the value learned its target either way
    assert moved["start"] < 0.2 * moved["search"]


def test_sharpened_policy_targets() -> None:
    """``target_temp``: 1 keeps the visit distribution, 0.5 squares it, 0 puts it all on the most visited."""
    from df_env.train.exit.learner import sharpen

    rec = {"obs": np.zeros((2, 3), np.float32), "mask": np.ones((2, 4), bool), "player": np.array([0, 0]),
           "pi": np.array([[0.5, 0.25, 0.25, 0.0], [0.4, 0.4, 0.2, 0.0]], np.float32), "outcome": np.array([1.0])}
    np.testing.assert_array_equal(stack_records([rec])["pi"], rec["pi"])
    np.testing.assert_allclose(stack_records([rec], 0.5)["pi"][0], [4 / 6, 1 / 6, 1 / 6, 0.0], rtol=1e-6)
    np.testing.assert_allclose(sharpen(rec["pi"], 0.0), [[1, 0, 0, 0], [0.5, 0.5, 0, 0]])


def test_net_moves_play_the_networks_policy() -> None:
    """``net_moves=1`` (no sampled openings): the network plays every move, the expert only labels; the recorded
    states are those of a game of the ``net`` agent, and the labels are mcts visit distributions."""
    st = SearchSettings(search_iters=8, temp_moves=0, max_turns=3, expert="mcts", net_moves=1.0)
    task = GameTask(1, 0, derive_seed(4, 1, 0), ("current",))
    [rec] = generate(LocalBackend(1), [task], _models(1), st)
    s = engine.new_game(engine.GameConfig(num_players=1), task.seed)
    net = make_agent("net")
    net.reset(np.random.default_rng(0), 0)
    seen = []
    while not s["over"] and s["turn"] <= 3:
        mask = engine.legal_mask(s)
        o = observe(s, 0)
        if mask.sum() > 1:
            seen.append(o)
        engine.apply_action(s, int(net.act(o, mask, None)))
    np.testing.assert_array_equal(rec["obs"], np.asarray(seen, dtype=np.float32))
    np.testing.assert_allclose(rec["pi"].sum(1), 1.0, rtol=1e-6)
    plain = generate(LocalBackend(1), [task], _models(1), SearchSettings(search_iters=8, temp_moves=0, max_turns=3,
                                                                        expert="mcts"))[0]
    assert not np.array_equal(plain["obs"], rec["obs"]) or not np.array_equal(plain["pi"], rec["pi"])


# ---------------------------------------------------------------------------------------------- the run
def _weights(path: Path) -> dict[str, np.ndarray]:
    return dict(load_net(path).w)


@pytest.mark.slow
def test_exit_run_is_deterministic_and_writes_models(tmp_path: Path) -> None:
    """Same seed -> the same weights after an iteration (CPU, one torch thread); the model files load with
    load_net, carry the value target and play as ``net:path=...``."""
    torch.set_num_threads(1)
    config = make_exit_config("solo", TINY)
    s1 = train_exit(config, tmp_path / "a", show_progress=False)
    train_exit(config, tmp_path / "b", show_progress=False)
    assert s1["iterations"] == 1 and s1["selfplay_games"] == 2 and s1["backend"]["backend"] == "local"
    wa, wb = _weights(tmp_path / "a" / "iter_1.npz"), _weights(tmp_path / "b" / "iter_1.npz")
    assert wa.keys() == wb.keys()
    assert all(np.array_equal(wa[k], wb[k]) for k in wa)
    w0 = _weights(tmp_path / "a" / "iter_0.npz")
    assert any(not np.array_equal(w0[k], wa[k]) for k in wa)  # it learned something
    shipped = _weights(default_model_path(1))
    assert all(np.array_equal(w0[k], shipped[k]) for k in shipped)  # iter_0: the start, the shipped model
    # iter_0 keeps the start's value target (so the first search evaluates leaves as the start model allows)
    assert load_net(tmp_path / "a" / "iter_0.npz").meta.get("value_target") == load_net(
        default_model_path(1)).meta.get("value_target")
    net = load_net(tmp_path / "a" / "iter_1.npz")
    assert net.meta["value_target"] == "outcome" and net.meta["made_by"]["algo"] == "exit"
    assert load_net(tmp_path / "a" / "best.npz").meta["made_by"]["algo"] == "exit"
    agent = make_agent(f"net:path={tmp_path / 'a' / 'best.npz'}")
    end, decisions, _, _ = play_game([agent], engine.GameConfig(num_players=1), 3, 4, 20)
    assert decisions.sum() > 0
    rows = (tmp_path / "a" / "eval.csv").read_text().splitlines()
    assert rows[0].startswith("step,") and [r.split(",")[0] for r in rows[1:]] == ["0", "1"]
    assert (tmp_path / "a" / "progress.csv").read_text().count("\n") == 2
    assert (tmp_path / "a" / "curve.png").stat().st_size > 0
    assert json.loads((tmp_path / "a" / "config.json").read_text())["games"] == 2


@pytest.mark.slow
def test_exit_run_distilling_mcts_is_deterministic(tmp_path: Path) -> None:
    """``expert=mcts`` with a window keeping everything and a fixed number of learner steps: the same seed gives
    the same weights; the model files carry the value target (so net-mcts uses value leaves with them)."""
    torch.set_num_threads(1)
    config = make_exit_config("solo", {**TINY, "games": 1, "iterations": 2, "expert": "mcts", "search_iters": 8,
                                       "replay": 1000, "train_steps": 2, "eval_every": 2})
    train_exit(config, tmp_path / "a", show_progress=False)
    train_exit(config, tmp_path / "b", show_progress=False)
    wa, wb = _weights(tmp_path / "a" / "iter_2.npz"), _weights(tmp_path / "b" / "iter_2.npz")
    assert all(np.array_equal(wa[k], wb[k]) for k in wa)
    rows = (tmp_path / "a" / "progress.csv").read_text().splitlines()[1:]
    head = (tmp_path / "a" / "progress.csv").read_text().splitlines()[0].split(",")
    window = [int(r.split(",")[head.index("window_samples")]) for r in rows]
    decisions = [int(r.split(",")[head.index("decisions")]) for r in rows]
    assert window == [decisions[0], decisions[0] + decisions[1]]  # the window keeps every iteration
    net = load_net(tmp_path / "a" / "iter_2.npz")
    assert net.meta["value_target"] == "outcome" and net.meta["made_by"]["config"]["expert"] == "mcts"
    from agents.deep_future.net_mcts import LEAF_VALUE

    assert make_agent(f"net-mcts:iters=4,path={tmp_path / 'a' / 'iter_2.npz'}").leaf == LEAF_VALUE  # type: ignore[attr-defined]


@pytest.mark.slow
def test_exit_from_scratch_2p_league_with_past_checkpoints(tmp_path: Path) -> None:
    config = make_exit_config("2p", {**TINY, "iterations": 2, "start": "scratch", "league": {"past": 1.0},
                                     "eval_opponents": ["random"], "dims": {"trunk": 32, "glob": 32}})
    summary = train_exit(config, tmp_path, show_progress=False)
    assert summary["iterations"] == 2
    net = net_from_file(tmp_path / "iter_2.npz")
    assert net.dims["trunk"] == 32 and net.num_players == 2
    assert [t.roles for t in iteration_tasks(config, 2, ["iter_0"])] == [("current", "past:iter_0"),
                                                                         ("past:iter_0", "current")]


def test_shipped_models_load_into_torch_with_or_without_a_value_target(tmp_path: Path) -> None:
    """The shipped models have an outcome value head (the value rounds), a PPO model a critic (no value_target):
    all start an expert-iteration run."""
    for n in (1, 2, 3):
        assert load_net(default_model_path(n)).meta.get("value_target") == "outcome"
        assert net_from_file(default_model_path(n)).num_players == n
    net = load_net(default_model_path(2))
    ppo = tmp_path / "ppo_2p.npz"
    save_net(ppo, dict(net.w), 2, net.meta["dims"])  # type: ignore[attr-defined]
    assert "value_target" not in load_net(ppo).meta and net_from_file(ppo).num_players == 2


def test_save_net_extra_meta_cannot_replace_the_format(tmp_path: Path) -> None:
    from df_env.net.numpy_net import save_net

    w = dict(load_net(default_model_path(1)).w)
    with pytest.raises(ValueError, match="may not replace the keys \\['num_players'\\]"):
        save_net(tmp_path / "m.npz", w, 1, {}, extra_meta={"num_players": 2})
    assert not list(tmp_path.iterdir())


# ---------------------------------------------------------------------------------------------- on Ray
@pytest.fixture(scope="module")
def ray_instance():  # type: ignore[no-untyped-def]
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="warning",
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}})
    yield ray
    ray.shutdown()


def test_ray_selfplay_gives_the_local_records(ray_instance) -> None:  # type: ignore[no-untyped-def]
    from df_env.cluster.ray_backend import RayBackend

    tasks = iteration_tasks(make_exit_config("2p", {**TINY, "games": 3}), 1, [])
    local = generate(LocalBackend(1), tasks, _models(2), SETTINGS)
    remote = generate(RayBackend(), tasks, _models(2), SETTINGS)
    _same_records(local, remote)
    assert ray_instance.is_initialized()


def test_ray_selfplay_worker_death_is_retried_and_counted_once(ray_instance, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from df_env.cluster.ray_backend import RayBackend

    def die_once(chunk: list[GameTask]) -> list[dict[str, Any]]:  # pickled by value into the workers
        marker = tmp_path / f"ran-{chunk[0].game}"
        if chunk[0].game % 2 == 0 and not marker.exists():
            marker.touch()
            os._exit(1)  # the worker dies mid-game: Ray retries the task on a new worker
        return play_chunk(chunk)

    tasks = iteration_tasks(make_exit_config("solo", {**TINY, "games": 3}), 1, [])
    got = generate(RayBackend(max_retries=2), tasks, _models(1), SETTINGS, fn=die_once)
    assert [r["key"] for r in got] == [(1, 0), (1, 1), (1, 2)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ran-0", "ran-2"]
    _same_records(got, generate(LocalBackend(1), tasks, _models(1), SETTINGS))
