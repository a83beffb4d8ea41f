"""Expert iteration with search targets for Galactic Civ (issue 25): ``net-mcts`` returns its root visit counts
with the move it plays (:meth:`GalacticCivNetMCTS.decide`, the same move as ``act``); ``df-env train --game
galactic_civ --set target=visits`` fits the policy to them (a net-mcts expert only), ``--jobs N`` plays the
self-play games in N processes with the same data and the same model file, and ``--set init=MODEL`` starts the
network from a model file (checked like any model file), so that rounds chain."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from agents import make_agent
from df_env.cli import main
from df_env.core import make_game
from df_env.net.game_mlp import load_game_mlp, mlp_weight_shapes, save_game_mlp
from df_env.train.game_mlp.config import make_game_config
from df_env.train.game_mlp.selfplay import play_selfplay, selfplay_game

G = make_game("galactic_civ")
OBS, ACTIONS = G.info.observation_shapes[2][0], G.info.num_actions
TINY = ["--set", "games=3", "--set", "epochs=1", "--set", "hidden=[16]", "--eval-games", "1", "--no-progress"]


def tiny_model(folder: Path, players: int = 2, hidden: int = 8, name: str = "m.npz") -> Path:
    """A model file of random weights (one hidden layer of ``hidden``)."""
    rng = np.random.default_rng(players)
    shapes = mlp_weight_shapes(OBS, [hidden], ACTIONS, players)
    weights = {k: rng.normal(0, 0.3, shape).astype(np.float32) for k, shape in shapes.items()}
    return save_game_mlp(folder / name, weights, "galactic_civ", players, OBS, ACTIONS, [hidden], {"command": "test"})


def train(tmp_path: Path, name: str, *argv: str) -> int:
    return main(["train", "--game", "galactic_civ", "--players", "2", *TINY, *argv, "--out", str(tmp_path / name)])


def weights(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as data:
        return {k: np.asarray(data[k]) for k in data.files if k != "__meta__"}


def test_decide_returns_the_move_act_plays_and_the_root_visits(tmp_path: Path) -> None:
    s = G.new_game(G.make_config(2, races="random"), seed=4)
    while len(G.legal_actions(s)) < 3:
        G.apply_action(s, int(G.legal_actions(s)[0]))
    mask, spec = G.legal_mask(s), f"net-mcts:iters=40,c_puct=3,path={tiny_model(tmp_path)}"
    agents = [make_agent(spec, game="galactic_civ") for _ in range(2)]
    for agent in agents:
        agent.reset(np.random.default_rng(9))
    action, visits = agents[0].decide(mask, G.clone(s))  # type: ignore[attr-defined]
    assert action == agents[1].act(None, mask, G.clone(s))  # the same generator: the same move
    assert visits.shape == (ACTIONS,) and visits.sum() == 40 and visits[~mask].sum() == 0
    assert action == int(np.argmax(visits)) and (visits > 0).sum() >= 2
    only = np.zeros(ACTIONS, bool)
    only[action] = True
    alone, none = agents[0].decide(only, G.clone(s))  # type: ignore[attr-defined]
    assert alone == action and not none.any()  # one legal action: no search, no visits


def test_visit_targets_are_distributions_over_the_legal_actions(tmp_path: Path) -> None:
    expert = f"net-mcts:iters=12,c_puct=3,path={tiny_model(tmp_path)}"
    moves = make_game_config("galactic_civ", 2, {"games": 1, "expert": expert, "record": 0.3})
    visits = {**moves, "target": "visits"}
    data, plain = selfplay_game(G, visits, 0), selfplay_game(G, moves, 0)
    pi = data["policy"].astype(np.float64)
    assert data["policy"].dtype == np.float16 and pi.shape == (len(data["action"]), ACTIONS) and len(pi) > 5
    np.testing.assert_allclose(pi.sum(1), 1.0, atol=2e-3)  # float16 rounding only
    assert (pi[~data["mask"]] == 0).all() and (pi[data["mask"]] >= 0).all()
    assert (pi[np.arange(len(pi)), data["action"]] == pi.max(1)).all()  # the move played is the most visited
    assert (pi > 0).sum(1).max() >= 2  # a distribution, not the move's one-hot
    assert "policy" not in plain and all(np.array_equal(data[k], plain[k]) for k in plain)  # the same games


@pytest.mark.parametrize("argv, says", [
    (["--set", "target=visits"], "target=visits needs an expert that searches: one of net-mcts (e.g. --set "
                                 "expert=net-mcts:iters=200); got expert='heuristic'"),
    (["--set", "target=visits", "--set", "expert=mcts:iters=5"], "got expert='mcts:iters=5'. With any other "
                                                                  "expert use target=move"),
    (["--set", "target=best"], "target must be one of move, visits"),
    (["--jobs", "0"], "jobs must be >= 1, got 0"),
    (["--set", "init=/no/such/model.npz"], "init: no model file '/no/such/model.npz'"),
])
def test_bad_targets_jobs_and_init_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                                               says: str) -> None:
    assert train(tmp_path, "x", *argv) == 2
    assert says in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_an_init_model_of_another_shape_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    four, small = tiny_model(tmp_path, players=4), tiny_model(tmp_path, hidden=8, name="small.npz")
    assert train(tmp_path, "x", "--set", f"init={four}") == 2
    assert f"init: model {four} is for 4 players; this game has 2 players" in capsys.readouterr().err
    assert train(tmp_path, "x", "--set", f"init={small}") == 2
    assert f"init: model {small} has hidden layers [8], this run [16]" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_a_run_starts_from_its_init_model(tmp_path: Path) -> None:
    assert train(tmp_path, "a") == 0
    first = tmp_path / "a" / "model.npz"
    frozen = ["--set", "learning_rate=0", "--set", "weight_decay=0"]  # Adam moves nothing: the weights stay
    assert train(tmp_path, "b", "--set", f"init={first}", "--set", "seed=5", *frozen) == 0
    assert train(tmp_path, "c", "--set", "seed=5", *frozen) == 0
    a, b, c = (weights(tmp_path / k / "model.npz") for k in "abc")
    assert all(np.array_equal(a[k], b[k]) for k in a) and not all(np.array_equal(a[k], c[k]) for k in a)
    meta = load_game_mlp(tmp_path / "b" / "model.npz", "galactic_civ", 2).meta
    record = {"path": str(first), "sha1": hashlib.sha1(first.read_bytes()).hexdigest()}
    assert meta["made_by"]["init"] == record and f"--set 'init=\"{first}\"'" in meta["made_by"]["command"]
    assert json.loads((tmp_path / "b" / "summary.json").read_text())["init"] == record
    assert json.loads((tmp_path / "b" / "config.json").read_text())["init"] == str(first)
    default = load_game_mlp(tmp_path / "a" / "model.npz", "galactic_civ", 2).meta["made_by"]
    assert "init" not in default and "target" not in default  # a run of the defaults: the keys of before


def test_jobs_change_nothing_but_the_speed(tmp_path: Path) -> None:
    assert train(tmp_path, "one") == 0
    assert train(tmp_path, "two", "--jobs", "2") == 0
    assert (tmp_path / "one" / "model.npz").read_bytes() == (tmp_path / "two" / "model.npz").read_bytes()
    summary = json.loads((tmp_path / "two" / "summary.json").read_text())
    assert summary["jobs"] == 2 and "jobs" not in summary["command"]
    expert = f"net-mcts:iters=6,path={tiny_model(tmp_path)}"
    config = make_game_config("galactic_civ", 2, {"games": 3, "expert": expert, "target": "visits", "record": 0.2})
    (one, n1), (two, n2) = (play_selfplay(G, {**config, "jobs": jobs}, float("inf")) for jobs in (1, 2))
    assert n1 == n2 == 3 and one.keys() == two.keys() and "policy" in one
    assert all(np.array_equal(one[k], two[k]) for k in one)
    assert np.array_equal(np.unique(one["game"]), [0, 1, 2]) and (np.diff(one["game"]) >= 0).all()  # game order


def test_a_round_with_visit_targets_trains_and_records_it(tmp_path: Path) -> None:
    expert = f"net-mcts:iters=6,path={tiny_model(tmp_path)}"
    assert train(tmp_path, "r", "--set", f"expert={expert}", "--set", "target=visits", "--set", "games=2") == 0
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["target"] == "visits" and summary["expert"] == expert and summary["samples"] > 0
    assert 0.0 <= summary["train"]["agreement"] <= 1.0 and summary["train"]["policy_loss"] > 0
    made_by = load_game_mlp(tmp_path / "r" / "model.npz", "galactic_civ", 2).meta["made_by"]
    assert made_by["target"] == "visits" and "--set 'target=\"visits\"'" in made_by["command"]
