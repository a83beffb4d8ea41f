"""``df-env train --algo exit``: the expert-iteration loop (self-play with the expert search, then the learner).

Iteration ``K`` (1, 2, ...): ``games`` self-play games of the ``expert`` search (``net-mcts`` guided by the model
``iter_{K-1}.npz``, or the fixed ``mcts``; :mod:`.selfplay`; game ``g`` is dealt with the engine seed
``derive_seed(seed, K, g)``, its seats drawn from the league with ``derive_seed(seed, K, g, 1)``) on the backend;
the records of the last ``replay`` iterations (all of them when ``replay`` >= ``iterations``) train the network
(:mod:`.learner`, shuffled with ``derive_seed(seed, K, 2)``), which is saved as ``iter_K.npz``; every
``eval_every`` iterations its policy (no search) plays the evaluation games and the best so far is ``best.npz``.

Writes into the output folder: ``config.json``, ``iter_0.npz`` (the start) .. ``iter_K.npz``, ``best.npz``,
``progress.csv`` (one row per iteration), ``eval.csv`` (the columns of the PPO run's, ``step`` = iteration),
``curve.png`` and ``summary.json``.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from df_env.backends import Backend, make_backend
from df_env.bench import derive_seed
from df_env.net.numpy_net import default_model_path, load_net

from ..evaluate import EvalResult, evaluate_agent, evaluate_policy
from ..run import EVAL_FIELDS, _append_eval_rows, _atomic_write, _eval_message
from .selfplay import GameTask, SearchSettings, generate, league_roles

PROGRESS_FIELDS = ["iteration", "minutes", "games", "decisions", "window_samples", "selfplay_win_rate",
                   "mean_outcome", "policy_loss", "value_loss", "gen_seconds", "train_seconds", "decisions_per_s"]
PAST_KEPT = 8  # the league's past checkpoints: the last PAST_KEPT iterations before the current one


def iteration_tasks(config: dict[str, Any], iteration: int, past: list[str]) -> list[GameTask]:
    """The self-play games of ``iteration``: seeds and seat roles, a pure function of the config and ``past``."""
    n = int(config["num_players"])
    tasks = []
    for g in range(int(config["games"])):
        rng = np.random.default_rng(derive_seed(config["seed"], iteration, g, 1))
        roles = league_roles(n, g, config["league"], past, rng) if n > 1 else ("current",)
        tasks.append(GameTask(iteration, g, derive_seed(config["seed"], iteration, g), roles))
    return tasks


def start_value_target(config: dict[str, Any]) -> str | None:
    """What the start model's value output estimates: ``"outcome"`` for a model file that says so, else None (a PPO
    critic, or a fresh network's untrained head): ``iter_0.npz`` keeps it, so that the first iteration's search
    evaluates its leaves by rollouts unless the start model has an outcome value head."""
    from df_env.net.numba_net import value_target

    start = config["start"]
    if start == "scratch":
        return None
    path = default_model_path(int(config["num_players"])) if start == "shipped" else Path(start)
    return "outcome" if value_target(load_net(path)) == "outcome" else None


def start_net(config: dict[str, Any]) -> Any:
    """The network to start from: the shipped model, a fresh one (seeded) or a model file."""
    import torch as th

    from ..torch_net import EntityNet
    from .learner import net_from_file

    start = config["start"]
    if start == "scratch":
        th.manual_seed(derive_seed(config["seed"], 0))
        return EntityNet(int(config["num_players"]), dict(config["dims"]))
    path = default_model_path(int(config["num_players"])) if start == "shipped" else Path(start)
    net = net_from_file(path)
    if net.num_players != int(config["num_players"]):
        raise ValueError(f"start model {path} is for {net.num_players}-player games, the config has "
                         f"num_players={config['num_players']}")
    return net


def _made_by(config: dict[str, Any], iteration: int, games: int) -> dict[str, Any]:
    return {"command": " ".join(["df-env", *sys.argv[1:]]) if sys.argv else "", "algo": "exit",
            "seed": config["seed"], "iteration": iteration, "selfplay_games": games,
            "config": {k: v for k, v in config.items() if k != "address"}}


class ExitRun:
    """The state of one run: the folder, the learner, the replay window, the evaluation's best."""

    def __init__(self, config: dict[str, Any], out: Path, backend: Backend, show_progress: bool) -> None:
        from .learner import Learner

        self.config, self.out, self.backend = config, out, backend
        self.n = int(config["num_players"])
        self.opponents = list(config["eval_opponents"]) if self.n > 1 else [""]
        self.learner = Learner(start_net(config), config)
        self.window: list[list[dict[str, Any]]] = []
        self.games = 0
        self.best = -1.0
        self.baseline: dict[str, EvalResult] = {}
        self.t0 = time.perf_counter()
        self.show_progress = show_progress
        self.last_eval = -1

    def model_path(self, k: int) -> Path:
        return self.out / f"iter_{k}.npz"

    def save(self, k: int) -> Path:
        from .learner import VALUE_TARGET, save_model

        target = VALUE_TARGET if k > 0 else start_value_target(self.config)
        return save_model(self.learner.net, self.model_path(k), _made_by(self.config, k, self.games), target)

    def evaluate(self, k: int) -> list[EvalResult]:
        c = self.config
        self.last_eval = k
        net = load_net(self.model_path(k))
        results = [evaluate_policy(net.act, self.n, opp, c["eval_games"], c["eval_seed"]) for opp in self.opponents]
        minutes = (time.perf_counter() - self.t0) / 60
        _append_eval_rows(self.out / "eval.csv", k, minutes, results,
                          [self.baseline[r.opponent if self.n > 1 else ""] for r in results])
        score = float(np.mean([r.win_rate for r in results]))
        if score > self.best:
            self.best = score
            tmp = self.out / "best.npz.tmp"
            shutil.copyfile(self.model_path(k), tmp)
            os.replace(tmp, self.out / "best.npz")
        return results

    def iterate(self, k: int, bar: Any) -> dict[str, Any]:
        """One iteration: self-play with ``iter_{k-1}``, train, save ``iter_k``; its ``progress.csv`` row."""
        c = self.config
        past = [f"iter_{j}" for j in range(max(0, k - 1 - PAST_KEPT), k - 1)] if self.n > 1 else []
        models = {"current": self.model_path(k - 1).read_bytes(), **{p: (self.out / f"{p}.npz").read_bytes()
                                                                      for p in past}}
        t = time.perf_counter()
        records = generate(self.backend, iteration_tasks(c, k, past), models, SearchSettings.from_config(c),
                           on_game=lambda r: bar.update(1))
        gen = time.perf_counter() - t
        self.games += len(records)
        self.window = (self.window + [records])[-int(c["replay"]):]
        from .learner import stack_records

        data = stack_records([r for recs in self.window for r in recs], float(c["target_temp"]), float(c["value_q"]))
        t = time.perf_counter()
        fit = self.learner.fit(data, derive_seed(c["seed"], k, 2))
        train_s = time.perf_counter() - t
        self.save(k)
        decisions = sum(len(r["player"]) for r in records)
        cur = [(r["outcome"][p], r["winner"] == p) for r in records for p, role in enumerate(r["roles"])
               if role == "current"]
        return {"iteration": k, "minutes": round((time.perf_counter() - self.t0) / 60, 3), "games": len(records),
                "decisions": decisions, "window_samples": fit["samples"],
                "selfplay_win_rate": round(float(np.mean([w for _, w in cur])), 4),
                "mean_outcome": round(float(np.mean([o for o, _ in cur])), 4),
                "policy_loss": round(fit["policy_loss"], 5), "value_loss": round(fit["value_loss"], 5),
                "gen_seconds": round(gen, 2), "train_seconds": round(train_s, 2),
                "decisions_per_s": round(decisions / max(gen, 1e-9), 2)}


def _start(run: ExitRun) -> None:
    c, out = run.config, run.out
    _atomic_write(out / "config.json", json.dumps(c, indent=1) + "\n")
    for opp in run.opponents:
        run.baseline[opp] = evaluate_agent("heuristic", run.n, opp, c["eval_games"], c["eval_seed"])
    with (out / "eval.csv").open("w", newline="") as f:
        csv.writer(f).writerow(EVAL_FIELDS)
    with (out / "progress.csv").open("w", newline="") as f:
        csv.writer(f).writerow(PROGRESS_FIELDS)
    run.save(0)
    run.evaluate(0)


def _loop(run: ExitRun) -> tuple[int, bool]:
    """The iterations until ``iterations`` or the time budget; (iterations done, stopped by the time budget)."""
    from tqdm import tqdm

    config, out = run.config, run.out
    bar = tqdm(total=int(config["iterations"]) * int(config["games"]), unit="game", disable=not run.show_progress,
               desc=f"exit {run.n}p", dynamic_ncols=True)
    k, stopped_by_time = 0, False
    while k < int(config["iterations"]):
        if config["minutes"] and time.perf_counter() - run.t0 > 60 * float(config["minutes"]):
            stopped_by_time = True
            break
        k += 1
        row = run.iterate(k, bar)
        with (out / "progress.csv").open("a", newline="") as f:
            csv.writer(f).writerow([row[h] for h in PROGRESS_FIELDS])
        if config["eval_every"] and k % int(config["eval_every"]) == 0:
            bar.write(f"iteration {k}, {row['minutes']:.1f} min: {_eval_message(run.evaluate(k))}")
    if k and run.last_eval != k:
        run.evaluate(k)
    bar.close()
    return k, stopped_by_time


def train_exit(config: dict[str, Any], out_dir: str | Path, show_progress: bool = True,
               backend: Backend | None = None) -> dict[str, Any]:
    """Expert iteration with ``config`` (:mod:`.config`) into ``out_dir``; returns the summary. ``backend``: where
    the self-play games run (default: the config's ``backend``, ``jobs``, ``address``)."""
    import torch as th

    th.set_num_threads(int(config["threads"]) or (os.cpu_count() or 1))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    own = backend is None
    backend = backend or make_backend(config["backend"], int(config["jobs"]) or None,  # 0: one per core
                                      config["address"] or None)
    try:
        run = ExitRun(config, out, backend, show_progress)
        _start(run)
        k, stopped_by_time = _loop(run)
        described = backend.describe()
    finally:
        if own:
            backend.close()
    return _finish(run, k, stopped_by_time, described)


def _finish(run: ExitRun, k: int, stopped_by_time: bool, described: dict[str, object]) -> dict[str, Any]:
    from ..plots import learning_curve

    learning_curve(run.out, x_key="iteration", y_key="selfplay_win_rate", x_label="expert-iteration iteration",
                   train_label="self-play games (search, sampled openings)")
    summary = {"algo": "exit", "iterations": k, "selfplay_games": run.games,
               "wall_seconds": round(time.perf_counter() - run.t0, 1), "best_eval_win_rate": run.best,
               "stopped_by_time": stopped_by_time, "backend": described,
               "baseline": {key or "solo": v.as_dict() for key, v in run.baseline.items()}}
    _atomic_write(run.out / "summary.json", json.dumps(summary, indent=1) + "\n")
    return summary
