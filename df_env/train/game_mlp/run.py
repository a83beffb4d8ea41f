"""A run of ``df-env train --game ID``: self-play with the expert, the MLP fitted to it, an evaluation of the
network's policy against each opponent, and the files of the output folder: ``config.json``, ``model.npz`` (the
torch-free model, :mod:`df_env.net.game_mlp`), ``summary.json`` (what was played, fitted and measured). Every game,
self-play and evaluation, is dealt with the run's game options (``options``), which the model file's
``__meta__``, the summary and the log lines record."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from agents import make_agent
from df_env.argcheck import describe_options
from df_env.core.game import Game
from df_env.core.registry import make_game
from df_env.core.rng import derive_seed
from df_env.net.game_mlp import load_game_mlp, save_game_mlp

from .selfplay import play_selfplay

__all__ = ["evaluate_net", "train_game_mlp"]


def _split(games: np.ndarray, played: int, holdout: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Sample indices of the training games and of the held-out games (whole games, chosen by ``seed``)."""
    k = int(round(played * holdout)) if played > 1 else 0
    held = np.random.default_rng(derive_seed(seed, 2)).permutation(played)[:k]
    out = np.isin(games, held)
    return np.flatnonzero(~out), np.flatnonzero(out)


def evaluate_net(game: Game, model: Path, num_players: int, opponent: str, games: int, seed: int,
                 options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The network's policy (``net:path=model``) in seat ``g % n`` of game ``g`` (dealt by ``derive_seed(seed,
    g)`` with the game ``options``), every other seat ``opponent``: wins, draws and the win rate."""
    wins = draws = 0
    config = game.make_config(num_players, **(options or {}))
    for g in range(games):
        gseed = derive_seed(seed, g)
        s = game.new_game(config, seed=gseed)
        me = g % num_players
        specs = [f"net:path={model}" if p == me else opponent for p in range(num_players)]
        policies = [make_agent(spec, game=game.info.id).as_policy(p, gseed, game) for p, spec in enumerate(specs)]
        while not game.is_terminal(s):
            game.apply_action(s, policies[game.current_player(s)](s))
        r = game.returns(s)
        wins += int(r[me] > 0)
        draws += int(not r.any())
    return {"opponent": opponent, "games": games, "wins": wins, "draws": draws, "win_rate": wins / games}


def _made_by(config: dict[str, Any], command: str, played: int, samples: int, fit: dict[str, Any]) -> dict[str, Any]:
    made = {"command": command, "seed": config["seed"], "expert": config["expert"], "games": played,
            "samples": samples, "epochs": fit["epochs"], "explore": config["explore"], "record": config["record"]}
    # keys at their defaults are left out: a run of the defaults writes the same file as before the keys existed
    if config.get("target", "move") != "move":
        made["target"] = config["target"]
    if config.get("init"):
        made["init"] = _init_record(config["init"])
    return made


def _init_record(path: str) -> dict[str, str]:
    """The model a run started from: its path and the SHA-1 of its bytes."""
    return {"path": path, "sha1": hashlib.sha1(Path(path).read_bytes()).hexdigest()}


def _new_net(config: dict[str, Any], game_id: str, obs_size: int, num_actions: int) -> Any:
    """The network to fit: random weights (seeded by the run's torch seed), or the weights of ``init``."""
    from .learner import MlpNet, load_weights

    n = int(config["num_players"])
    net = MlpNet(obs_size, list(config["hidden"]), num_actions, n)
    if config.get("init"):
        load_weights(net, load_game_mlp(config["init"], game_id, n))
    return net


def train_game_mlp(game_id: str, config: dict[str, Any], out: Path, command: str, log: Any = print) -> dict[str, Any]:
    """The whole run (see the module docstring); returns the summary it writes."""
    import torch as th

    from .learner import evaluate_fit, fit

    th.manual_seed(int(config["seed"]))
    th.set_num_threads(max(1, int(config["threads"])))
    game, n = make_game(game_id), int(config["num_players"])
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(config, indent=1) + "\n")
    options = dict(config["options"])
    log(f"{game.info.name}, {n} players, {describe_options(options)}: self-play with {config['expert']} "
        f"(target {config['target']}, {config['jobs']} job{'s' * (config['jobs'] > 1)})")
    start, budget = time.monotonic(), float(config["minutes"]) * 60 or float("inf")
    data, played = play_selfplay(game, config, start + budget * float(config["selfplay_share"]))
    t_play = time.monotonic() - start
    log(f"self-play: {played} games ({describe_options(options)}), {len(data['action'])} samples in "
        f"{t_play / 60:.1f} min")
    train_idx, held_idx = _split(data["game"], played, float(config["holdout"]), int(config["seed"]))
    obs_size, num_actions = data["obs"].shape[1], game.info.num_actions
    net = _new_net(config, game_id, obs_size, num_actions)
    fitted = fit(net, data, train_idx, config, int(config["seed"]),
                 start + budget * (1.0 - float(config["eval_share"])), log)
    model = save_game_mlp(out / "model.npz", net.export(), game_id, n, obs_size, num_actions,
                          list(config["hidden"]), _made_by(config, command, played, len(data["action"]), fitted),
                          options=options)
    load_game_mlp(model, game_id, n)  # what was written reads back
    t_fit = time.monotonic() - start - t_play
    evals = [evaluate_net(game, model, n, opp, int(config["eval_games"]), int(config["eval_seed"]), options)
             for opp in config["eval_opponents"]]
    for e in evals:
        log(f"eval ({describe_options(options)}): {e['wins']}/{e['games']} wins against {e['opponent']}")
    summary = {"game": game_id, "num_players": n, "options": options, "command": command,
               "expert": config["expert"], "target": config["target"], "jobs": config["jobs"],
               "init": _init_record(config["init"]) if config["init"] else None, "games": played,
               "samples": len(data["action"]), "held_out_samples": len(held_idx),
               "selfplay_minutes": t_play / 60, "fit_minutes": t_fit / 60,
               "selfplay_cut_by_time": played < int(config["games"]), **fitted,
               "held_out": evaluate_fit(net, data, held_idx) if len(held_idx) else {},
               "eval": evals, "minutes": (time.monotonic() - start) / 60}
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary
