"""Galactic Civ's trained players: ``df-env train --game galactic_civ`` writes a model file that loads, a damaged
or foreign model file is refused naming what is wrong, ``net`` and ``net-mcts`` play legal whole games at 2 and 4
players, and the same seeds give the same games and the same model."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from agents import AgentSpecError, agent_names, make_agent
from df_env.cli import main
from df_env.core import make_game
from df_env.core.rng import derive_seed
from df_env.net.game_mlp import default_model_path, load_game_mlp, mlp_forward, mlp_weight_shapes, save_game_mlp
from df_env.net.numpy_net import ModelFileError

G = make_game("galactic_civ")
OBS, ACTIONS = G.info.observation_shapes[2][0], G.info.num_actions
TINY = ["--set", "games=2", "--set", "epochs=1", "--set", "hidden=[16]", "--eval-games", "2", "--no-progress"]


def tiny_model(tmp_path: Path, players: int, seed: int = 0, name: str = "m.npz") -> Path:
    """A model file of random weights (a network of one hidden layer of 8)."""
    rng = np.random.default_rng(seed)
    shapes = mlp_weight_shapes(OBS, [8], ACTIONS, players)
    weights = {k: rng.normal(0, 0.3, shape).astype(np.float32) for k, shape in shapes.items()}
    return save_game_mlp(tmp_path / name, weights, "galactic_civ", players, OBS, ACTIONS, [8], {"command": "test"})


def rewrite(path: Path, out: Path, drop: str = "", reshape: str = "", meta: dict | None = None) -> Path:
    """A copy of a model file with one weight left out or cut, or metadata keys replaced."""
    with np.load(path) as data:
        arrays = {k: np.asarray(data[k]) for k in data.files}
    if drop:
        del arrays[drop]
    if reshape:
        arrays[reshape] = arrays[reshape][:-1]
    if meta:
        arrays["__meta__"] = np.array(json.dumps({**json.loads(str(arrays["__meta__"])), **meta}))
    np.savez(out, **arrays)
    return out


def play_game(specs: list[str], seed: int) -> list[int]:
    """One whole game (every decision through a SeatPolicy, which refuses an illegal action); its actions."""
    s = G.new_game(G.make_config(len(specs)), seed=seed)
    policies = [make_agent(spec, game="galactic_civ").as_policy(p, seed, G) for p, spec in enumerate(specs)]
    actions = []
    while not G.is_terminal(s):
        a = policies[G.current_player(s)](s)
        actions.append(a)
        G.apply_action(s, a)
    assert G.is_terminal(s) and len(actions) > 20
    return actions


def test_the_agents_are_listed() -> None:
    assert {"net", "net-mcts"} <= set(agent_names("galactic_civ"))


def test_training_writes_a_model_that_loads(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert main(["train", "--game", "galactic_civ", "--players", "2", *TINY, "--out", str(out)]) == 0
    net = load_game_mlp(out / "model.npz", "galactic_civ", 2)
    assert (net.game, net.num_players, net.obs_size, net.num_actions) == ("galactic_civ", 2, OBS, ACTIONS)
    assert net.meta["made_by"]["command"].startswith("df-env train --game galactic_civ --players 2 --set games=2")
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 2 and summary["samples"] > 0 and [e["opponent"] for e in summary["eval"]] == [
        "random", "heuristic"]
    assert main(["train", "--game", "galactic_civ", "--players", "2", *TINY, "--out", str(out)]) == 2  # taken


def test_training_is_a_function_of_its_seed(tmp_path: Path) -> None:
    for k in range(2):
        main(["train", "--game", "galactic_civ", "--players", "2", *TINY, "--set", "eval_games=1",
              "--out", str(tmp_path / f"r{k}")])
    a, b = (load_game_mlp(tmp_path / f"r{k}" / "model.npz", "galactic_civ", 2) for k in range(2))
    x = np.random.default_rng(0).random((3, OBS), dtype=np.float32)
    assert np.array_equal(a.forward(x)[0], b.forward(x)[0]) and np.array_equal(a.forward(x)[1], b.forward(x)[1])


@pytest.mark.parametrize("argv, says", [
    (["--players", "7"], "--players must be one of 2, 3, 4, 5, 6"),
    (["--set", "epochs=0"], "epochs must be >= 1"),
    (["--set", "depth=3"], "unknown config key 'depth'"),
    (["--set", "expert=nobody"], "unknown agent 'nobody'"),
    (["--algo", "exit"], "--algo: not an option of --game galactic_civ"),
])
def test_bad_training_arguments_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                                            says: str) -> None:
    assert main(["train", "--game", "galactic_civ", *argv, "--out", str(tmp_path / "x")]) == 2
    assert says in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("damage, says", [
    ({"drop": "value.bias"}, "the weight 'value.bias' is missing"),
    ({"reshape": "policy.weight"}, "the weight 'policy.weight' has shape (7, 269)"),
    ({"meta": {"game": "deep_future"}}, "is a model of 'deep_future', not of 'galactic_civ'"),
    ({"meta": {"num_players": 4}}, "is for 4 players; this game has 2 players"),
    ({"meta": {"obs_size": 600}}, "another obs size (600"),
    ({"meta": {"hidden": [9]}}, "the weight 'hidden.0.weight' has shape (645, 8)"),
])
def test_a_damaged_or_foreign_model_file_is_refused(tmp_path: Path, damage: dict, says: str) -> None:
    bad = rewrite(tiny_model(tmp_path, 2), tmp_path / "bad.npz", **damage)
    with pytest.raises(ModelFileError) as err:
        load_game_mlp(bad, "galactic_civ", 2)
    assert says in str(err.value)
    with pytest.raises(AgentSpecError, match="net-mcts: model"):
        play_game([f"net-mcts:iters=2,path={bad}", "random"], 0)


def test_a_model_for_another_player_count_is_refused(tmp_path: Path) -> None:
    path = tiny_model(tmp_path, 4)
    with pytest.raises(AgentSpecError, match="is for 4 players; this game has 2 players"):
        play_game([f"net:path={path}", "random"], 0)


@pytest.mark.parametrize("players", [2, 4])
def test_net_and_net_mcts_play_legal_whole_games(tmp_path: Path, players: int) -> None:
    path = tiny_model(tmp_path, players)
    specs = [f"net:path={path}", f"net-mcts:iters=4,path={path}", f"net-mcts:iters=4,leaf=value,path={path}",
             "heuristic"][:players]
    play_game(specs, derive_seed(3, players))


@pytest.mark.parametrize("players", [2, 4])
def test_the_shipped_models_play(players: int) -> None:
    play_game(["net", "net-mcts:iters=3"] + ["random"] * (players - 2), 11)


def test_same_seed_same_game(tmp_path: Path) -> None:
    path = tiny_model(tmp_path, 2)
    specs = [f"net-mcts:iters=6,path={path}", f"net:path={path},deterministic=0"]
    first = play_game(specs, 5)
    assert play_game(specs, 5) == first
    assert play_game(specs, 6) != first


def test_the_compiled_forward_pass_equals_numpy_s(tmp_path: Path) -> None:
    net = load_game_mlp(tiny_model(tmp_path, 4), "galactic_civ", 4)
    big = load_game_mlp(default_model_path("galactic_civ", 2), "galactic_civ", 2)
    rng = np.random.default_rng(0)
    for model in (net, big):
        for _ in range(5):
            x = (rng.random(OBS) < 0.1).astype(np.float32) * rng.random(OBS).astype(np.float32)
            logits = np.zeros(ACTIONS, np.float32)
            values = np.zeros(model.num_players, np.float32)
            mlp_forward(model.packed(), x, model.scratch(), logits, values)
            want_logits, want_values = model.forward(x)
            np.testing.assert_allclose(logits, want_logits[0], rtol=1e-4, atol=1e-4)
            np.testing.assert_allclose(values, want_values[0], rtol=1e-5, atol=1e-5)


def test_net_plays_the_best_legal_action_of_the_compiled_pass() -> None:
    """``net`` runs the compiled pass (the same bits on every CPU; numpy's matrix products sum in the order of the
    CPU's BLAS kernel): its move is the highest legal logit of ``mlp_forward``, which ranks the legal actions as
    numpy's pass does wherever two logits are not within rounding of each other."""
    model = load_game_mlp(default_model_path("galactic_civ", 2), "galactic_civ", 2)
    agent = make_agent("net", game="galactic_civ")
    heuristic = make_agent("heuristic", game="galactic_civ").as_policy(0, 1, G)
    s = G.new_game(G.make_config(2), seed=4)
    checked = 0
    while not G.is_terminal(s) and checked < 40:
        seat, mask = G.current_player(s), G.legal_mask(s)
        obs = G.observe(s, seat)
        logits, values = np.zeros(ACTIONS, np.float32), np.zeros(2, np.float32)
        mlp_forward(model.packed(), np.ascontiguousarray(obs, np.float32), model.scratch(), logits, values)
        legal = np.flatnonzero(mask)
        want = int(legal[np.argmax(logits[legal])])
        assert agent.act(obs, mask, s) == want
        ranked = np.sort(logits[legal])
        if legal.size < 2 or ranked[-1] - ranked[-2] > 1e-4:
            assert int(legal[np.argmax(model.forward(obs)[0][0, legal])]) == want
        checked += 1
        G.apply_action(s, heuristic(s) if seat == 0 else want)
    assert checked == 40


def test_net_mcts_stops_at_its_time_budget_and_visits_legal_actions_only() -> None:
    s = G.new_game(G.make_config(2, races="random"), seed=4)
    while len(G.legal_actions(s)) < 3:
        G.apply_action(s, int(G.legal_actions(s)[0]))
    agent = make_agent("net-mcts:iters=100000,time=0.05", game="galactic_civ")
    agent.reset(np.random.default_rng(0))
    visits = agent.search(G.clone(s))  # type: ignore[attr-defined]
    assert 0 < visits.sum() < 100000  # the clock stopped it
    assert visits[~G.legal_mask(s)].sum() == 0
    wide = make_agent("net-mcts:iters=50,c_puct=100", game="galactic_civ")  # exploration spreads the visits
    wide.reset(np.random.default_rng(0))
    visits = wide.search(G.clone(s))  # type: ignore[attr-defined]
    assert visits.sum() == 50 and (visits[G.legal_actions(s)] > 0).sum() >= 2
