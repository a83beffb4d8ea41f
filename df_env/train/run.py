"""``df-env train``: MaskablePPO (sb3-contrib) on the compiled vector env, with evaluation, logs and checkpoints.

Writes into the output folder:

* ``config.json`` (the configuration used), ``progress.csv`` (SB3's log, one row per rollout: steps, steps/s,
  episode reward and length from ``VecMonitor``, the training episodes' win rate, losses), TensorBoard event files
  (with ``tensorboard: true``; ``tensorboard --logdir OUT``);
* ``eval.csv``: one row per evaluation and opponent: step, minutes, games, wins, win rate and its 95% Wilson
  interval, and the baseline (the heuristic on the same games);
* ``checkpoints/step_N.zip`` every ``checkpoint_every`` steps; ``best.zip`` (+ ``best.npz``: the torch-free model
  for the ``net`` agent) whenever an evaluation beats the best so far; ``final.zip`` /
  ``final.npz``; ``curve.png`` (the learning curve) and ``summary.json``.
"""

from __future__ import annotations

import csv
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .evaluate import EvalResult, evaluate_agent, evaluate_policy

EVAL_FIELDS = ["step", "minutes", "opponent", "games", "wins", "win_rate", "lo", "hi", "mean_turns",
               "baseline_win_rate", "baseline_lo", "baseline_hi", "eval_seconds"]


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def progress_bar(config: dict[str, Any], show: bool, file: Any = None) -> Any:
    """The training's progress bar: over the time budget (``minutes``, which usually ends a run first; the steps
    done shown beside it), or over ``total_timesteps`` when there is no budget (``minutes`` 0)."""
    from tqdm import tqdm

    desc = f"train {config['num_players']}p {config['net']}"
    if config["minutes"]:
        return tqdm(total=round(60 * config["minutes"]), unit="s", disable=not show, dynamic_ncols=True, file=file,
                    desc=f"{desc}, {config['minutes']:g} min budget",
                    bar_format="{l_bar}{bar}| {n:.0f}/{total:.0f} s [{elapsed}<{remaining}{postfix}]")
    return tqdm(total=config["total_timesteps"], unit="step", unit_scale=True, disable=not show, desc=desc,
                dynamic_ncols=True, file=file)


def export_npz(model: Any, path: Path, config: dict[str, Any], step: int) -> Path:
    """The policy of ``model`` as a torch-free ``.npz`` (entity net, or the flat MLP's actor)."""
    from df_env.net.numpy_net import save_net

    from .torch_net import export_policy

    kind, weights, dims = export_policy(model)
    made_by = {"command": " ".join(["df-env", *sys.argv[1:]]) if sys.argv else "", "seed": config["seed"],
               "steps": int(step), "config": {k: v for k, v in config.items() if k != "out_dir"}}
    return save_net(path, weights, config["num_players"], dims, made_by, kind=kind)


def build_model(config: dict[str, Any], out: Path, resume: str | Path | None = None) -> tuple[Any, Any]:
    """The vector env (wrapped in ``VecMonitor``) and the MaskablePPO model of ``config`` (or the checkpoint
    ``resume``, trained on: its network, optimizer state and step count)."""
    import torch
    from stable_baselines3.common.logger import configure
    from stable_baselines3.common.vec_env import VecMonitor

    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv

    from .device import resolve_device
    from .ppo.fast import FastMaskablePPO as MaskablePPO
    from .torch_net import EntityPolicy

    device = resolve_device(config["device"])
    torch.set_num_threads(int(config["threads"]) or (os.cpu_count() or 1))
    base = DeepFutureSB3VecEnv(num_envs=config["num_envs"], num_players=config["num_players"],
                               opponents=config["opponents"], reward_fn=config["reward"], seed=config["seed"],
                               threads=int(config["env_threads"]) or None)
    venv = VecMonitor(base)
    if config["net"] == "entity":
        policy: Any = EntityPolicy
        policy_kwargs: dict[str, Any] = {"num_players": config["num_players"], "dims": dict(config["dims"])}
    else:
        policy, policy_kwargs = "MlpPolicy", {"net_arch": list(config["mlp_arch"])}
    if resume is not None:
        model = MaskablePPO.load(str(resume), env=venv, device=device)
        if model.observation_space.shape != venv.observation_space.shape:
            raise ValueError(f"--resume {resume}: the checkpoint is for another number of players")
        model.set_logger(configure(str(out), ["csv"] + (["tensorboard"] if config["tensorboard"] else [])))
        return venv, model
    model = MaskablePPO(policy, venv, n_steps=config["n_steps"], batch_size=config["batch_size"],
                        n_epochs=config["n_epochs"], learning_rate=config["learning_rate"], gamma=config["gamma"],
                        gae_lambda=config["gae_lambda"], ent_coef=config["ent_coef"],
                        clip_range=config["clip_range"], vf_coef=config["vf_coef"],
                        max_grad_norm=config["max_grad_norm"], seed=config["seed"], device=device, verbose=0,
                        policy_kwargs=policy_kwargs)
    formats = ["csv"] + (["tensorboard"] if config["tensorboard"] else [])
    model.set_logger(configure(str(out), formats))
    return venv, model


def _policy_fn(model: Any):
    def act(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        actions, _ = model.predict(obs, action_masks=masks, deterministic=True)
        return np.asarray(actions)

    return act


def _append_eval_rows(path: Path, step: int, minutes: float, results: list[EvalResult],
                      baselines: list[EvalResult]) -> None:
    """One ``eval.csv`` row per opponent, with the heuristic's result on the same games as the baseline."""
    with path.open("a", newline="") as f:
        w = csv.writer(f)
        for r, b in zip(results, baselines, strict=True):
            w.writerow([step, round(minutes, 3), r.opponent, r.games, r.wins,
                        round(r.win_rate, 4), round(r.lo, 4), round(r.hi, 4), round(r.mean_turns, 2),
                        round(b.win_rate, 4), round(b.lo, 4), round(b.hi, 4), r.seconds])


def _eval_message(results: list[EvalResult]) -> str:
    return ", ".join(f"{r.opponent}: {r.wins}/{r.games} = {100 * r.win_rate:.1f}% "
                     f"({100 * r.lo:.1f}-{100 * r.hi:.1f})" for r in results)


# SB3 (the ``train`` extra) is imported only when training, so the callback's hooks live in this mixin and
# :func:`make_callback` joins them to ``BaseCallback``; the type checker sees the mixin as a ``BaseCallback``.
if TYPE_CHECKING:
    from stable_baselines3.common.callbacks import BaseCallback as _CallbackBase
else:
    _CallbackBase = object


class _TrainHooks(_CallbackBase):
    """Evaluations (``eval.csv``, ``best.zip``/``best.npz``), checkpoints, the training episodes' win rate, the
    progress bar and the time limit of :func:`train`."""

    def __init__(self, config: dict[str, Any], out: Path, show_progress: bool) -> None:
        super().__init__()
        self.config, self.out, self.show_progress = config, out, show_progress
        self.n = config["num_players"]
        self.opponents = list(config["eval_opponents"]) if self.n > 1 else [""]
        self.t0 = time.perf_counter()
        self.eval_seconds = 0.0
        self.last_eval = -1
        self.last_ckpt = 0
        self.best = -1.0
        self.baseline: dict[str, EvalResult] = {}
        self.ep_wins = self.ep_count = 0
        self.bar: Any = None
        self.stopped_by_time = False
        self.started = False
        self.start = 0

    def _on_training_start(self) -> None:
        config = self.config
        t = time.perf_counter()
        for opp in self.opponents:
            self.baseline[opp] = evaluate_agent("heuristic", self.n, opp, config["eval_games"], config["eval_seed"])
        self.eval_seconds += time.perf_counter() - t
        with (self.out / "eval.csv").open("w", newline="") as f:
            csv.writer(f).writerow(EVAL_FIELDS)
        self.bar = progress_bar(config, self.show_progress)

    def _start_clock(self) -> None:
        # the clock starts after the first step: numba compiles the env's kernels once
        self.started = True
        self.start = self.num_timesteps - self.training_env.num_envs
        self.t0 = time.perf_counter()
        self.eval_seconds = 0.0

    def _count_episodes(self) -> None:
        dones, rewards = self.locals["dones"], self.locals["rewards"]
        if dones.any():
            self.ep_count += int(dones.sum())
            self.ep_wins += int((rewards[dones] > 0.5).sum())

    def _on_step(self) -> bool:
        config = self.config
        if not self.started:
            self._start_clock()
        self._count_episodes()
        self._show_progress()
        if config["checkpoint_every"] and self.num_timesteps - self.last_ckpt >= config["checkpoint_every"]:
            self.last_ckpt = self.num_timesteps
            self.model.save(self.out / "checkpoints" / f"step_{self.num_timesteps}.zip")
        if config["eval_every"] and self.num_timesteps - max(self.last_eval, 0) >= config["eval_every"]:
            self.run_eval()
        if config["minutes"] and time.perf_counter() - self.t0 > 60 * config["minutes"]:
            self.stopped_by_time = True
            return False
        return True

    def _show_progress(self) -> None:
        """Steps, or with a time budget the seconds of it spent (steps as a postfix, about once a second)."""
        if self.bar is None:
            return
        if not self.config["minutes"]:
            self.bar.update(self.training_env.num_envs)
            return
        spent = min(int(time.perf_counter() - self.t0), self.bar.total)
        if spent > self.bar.n:
            self.bar.set_postfix_str(f"{self.num_timesteps:,} steps", refresh=False)
            self.bar.update(spent - self.bar.n)

    def _on_rollout_end(self) -> None:
        if self.ep_count:
            self.logger.record("rollout/win_rate", self.ep_wins / self.ep_count)
            self.logger.record("rollout/episodes", self.ep_count)
        self.ep_wins = self.ep_count = 0
        train_s = max(1e-9, time.perf_counter() - self.t0 - self.eval_seconds)
        self.logger.record("time/steps_per_s_no_eval", round((self.num_timesteps - self.start) / train_s, 1))
        self.logger.record("time/wall_minutes", round((time.perf_counter() - self.t0) / 60, 3))

    def run_eval(self) -> list[EvalResult]:
        config = self.config
        self.last_eval = self.num_timesteps
        t = time.perf_counter()
        results = [evaluate_policy(_policy_fn(self.model), self.n, opp, config["eval_games"], config["eval_seed"])
                   for opp in self.opponents]
        self.eval_seconds += time.perf_counter() - t
        minutes = (time.perf_counter() - self.t0) / 60
        baselines = [self.baseline[r.opponent if self.n > 1 else ""] for r in results]
        _append_eval_rows(self.out / "eval.csv", self.num_timesteps, minutes, results, baselines)
        for r in results:
            self.logger.record(f"eval/{r.opponent}/win_rate", r.win_rate)
        score = float(np.mean([r.win_rate for r in results]))
        if score > self.best:
            self.best = score
            self.model.save(self.out / "best.zip")
            export_npz(self.model, self.out / "best.npz", config, self.num_timesteps)
        if self.bar is not None:
            self.bar.write(f"step {self.num_timesteps}, {minutes:.1f} min: {_eval_message(results)}")
        return results

    def _on_training_end(self) -> None:
        if self.bar is not None:
            self.bar.close()


def make_callback(config: dict[str, Any], out: Path, show_progress: bool) -> Any:
    from stable_baselines3.common.callbacks import BaseCallback

    class TrainCallback(_TrainHooks, BaseCallback):
        pass

    return TrainCallback(config, out, show_progress)


def train(config: dict[str, Any], out_dir: str | Path, show_progress: bool = True,
          resume: str | Path | None = None) -> dict[str, Any]:
    """Train with ``config`` (see :mod:`df_env.train.config`) into ``out_dir``; returns the summary. ``resume``: a
    checkpoint ``.zip`` to go on training (its PPO settings and step count; ``config`` gives the env, the budget
    and the evaluation)."""
    out = Path(out_dir)
    (out / "checkpoints").mkdir(parents=True, exist_ok=True)
    _atomic_write(out / "config.json", json.dumps(config, indent=1) + "\n")
    venv, model = build_model(config, out, resume)
    callback = make_callback(config, out, show_progress)
    start = int(model.num_timesteps)
    callback.last_eval = callback.last_ckpt = start
    model.learn(total_timesteps=config["total_timesteps"], callback=callback, reset_num_timesteps=resume is None)
    wall = time.perf_counter() - callback.t0
    train_s = max(1e-9, wall - callback.eval_seconds)
    if callback.last_eval != model.num_timesteps:
        callback.run_eval()
    model.save(out / "final.zip")
    export_npz(model, out / "final.npz", config, model.num_timesteps)
    venv.close()
    from .plots import learning_curve

    learning_curve(out)
    summary = {"steps": int(model.num_timesteps), "start_step": start, "resumed_from": str(resume or ""),
               "wall_seconds": round(wall, 1),
               "steps_per_s": round((model.num_timesteps - start) / train_s, 1),
               "eval_seconds": round(callback.eval_seconds, 1),
               "best_eval_win_rate": callback.best, "stopped_by_time": callback.stopped_by_time,
               "baseline": {k or "solo": v.as_dict() for k, v in callback.baseline.items()}}
    _atomic_write(out / "summary.json", json.dumps(summary, indent=1) + "\n")
    return summary
