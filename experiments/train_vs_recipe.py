"""The 60-minute figure of issue 12: ``df-env train`` (solo, default config) against the README's old PPO recipe.

    python experiments/train_vs_recipe.py --seed 0 --out /tmp/train_vs_recipe
    python experiments/train_vs_recipe.py --seed 0 --minutes 2 --recipe-minutes 0.5 --out /tmp/tvr  # a smoke run

In one run, on the same machine and load:

1. the old recipe (``experiments/train_ppo.py experiments/configs/ppo_solo.json``: MaskablePPO, flat MLP,
   16 envs x 256 steps) trains for ``--recipe-minutes`` and its env steps/s is measured (no evaluation, the clock
   starts after the first step, as ``df-env train`` counts);
2. ``df-env train --preset solo --seed SEED`` runs with its default config (60 minutes, one torch thread) in a
   subprocess, into ``OUT/train``;
3. the old recipe is measured again (the load may have changed).

It prints a table (steps/s of each, the ratio to the mean of the two recipe measurements, the best evaluation win
rate with its Wilson interval, the heuristic's rate on the same seeds, the minute the evaluation first reached the
heuristic's rate) and writes it as ``OUT/train_vs_recipe.json``. The figures depend on the machine and its load:
the 1-, 5- and 15-minute load averages are recorded before and after. On a machine shared with other jobs the
wall-clock figures measure the share of the CPU each run got; the CPU-time figures (the recipe's process time, the
train subprocess's user+system time, its evaluations and start-up included) do not depend on the load.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECIPE = ROOT / "experiments" / "configs" / "ppo_solo.json"


def _train_ppo_module() -> Any:
    spec = importlib.util.spec_from_file_location("train_ppo", ROOT / "experiments" / "train_ppo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def recipe_steps_per_s(seconds: float, seed: int) -> dict[str, float]:
    """Train the README recipe's MaskablePPO for ``seconds`` (after its first step) and return its env steps/s.

    The model is built as ``experiments/train_ppo.py`` builds it from ``ppo_solo.json`` (same env, reward,
    network and PPO settings); its evaluations and checkpoints are left out, as ``df-env train``'s figure
    leaves out its evaluations."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv

    config = _train_ppo_module().load_config(str(RECIPE), {"seed": seed})
    venv = DeepFutureSB3VecEnv(num_envs=config["num_envs"], num_players=config["num_players"], seat=config["seat"],
                               opponents="random", max_turns=config["max_turns"], reward_fn=config["reward"],
                               seed=config["seed"])
    model = MaskablePPO("MlpPolicy", venv, seed=config["seed"], device="cpu", verbose=0, **config["ppo"])

    class Clock(BaseCallback):
        """Counts whole rollout-and-update cycles: it stops at the first cycle boundary after ``seconds``, or
        (when even one cycle takes longer, on a loaded machine) after ``3 * seconds`` in the middle of one."""

        def __init__(self) -> None:
            super().__init__()
            self.t0 = self.cpu0 = 0.0
            self.start = -1
            self.elapsed = self.cpu = 0.0
            self.steps = 0
            self.stop = False

        def _mark(self) -> None:
            self.elapsed, self.steps = time.perf_counter() - self.t0, self.num_timesteps - self.start
            self.cpu = time.process_time() - self.cpu0

        def _on_rollout_start(self) -> None:
            if self.start >= 0:
                self._mark()  # the previous cycle's update is done
                self.stop = self.elapsed >= seconds

        def _on_step(self) -> bool:
            if self.start < 0:
                self.start, self.t0, self.cpu0 = self.num_timesteps, time.perf_counter(), time.process_time()
                return True
            if time.perf_counter() - self.t0 >= 3 * seconds:
                self._mark()
                self.stop = True
            return not self.stop

    clock = Clock()
    model.learn(total_timesteps=10**9, callback=clock)
    venv.close()
    return {"steps": clock.steps, "seconds": round(clock.elapsed, 1), "cpu_seconds": round(clock.cpu, 1),
            "steps_per_s": round(clock.steps / max(clock.elapsed, 1e-9), 1),
            "steps_per_cpu_s": round(clock.steps / max(clock.cpu, 1e-9), 1)}


def run_default_train(out: Path, seed: int, minutes: float | None) -> dict[str, Any]:
    """``df-env train --preset solo --seed SEED`` in a subprocess (default config; ``minutes`` only for smoke runs)."""
    cmd = [sys.executable, "-m", "df_env.cli", "train", "--preset", "solo", "--seed", str(seed), "--out", str(out),
           "--no-progress"]
    if minutes is not None:
        cmd += ["--minutes", str(minutes)]
    print("running:", " ".join(cmd[2:]), flush=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, env=env)
    cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    summary = json.loads((out / "summary.json").read_text())
    with (out / "eval.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise SystemExit(f"train_vs_recipe: {out / 'eval.csv'} has no evaluation")
    best = max(rows, key=lambda r: float(r["win_rate"]))
    first = next((r for r in rows if float(r["win_rate"]) >= float(r["baseline_win_rate"])), None)
    return {"command": "df-env " + " ".join(cmd[4:]), "steps": summary["steps"],
            "wall_seconds": summary["wall_seconds"], "steps_per_s": summary["steps_per_s"],
            "cpu_seconds": round(cpu, 1), "steps_per_cpu_s": round(summary["steps"] / max(cpu, 1e-9), 1),
            "best": {k: best[k] for k in ("step", "minutes", "games", "wins", "win_rate", "lo", "hi")},
            "heuristic": {"win_rate": best["baseline_win_rate"], "lo": best["baseline_lo"],
                          "hi": best["baseline_hi"]},
            "first_minute_at_heuristic": None if first is None else float(first["minutes"]),
            "evaluations": len(rows)}


def table(result: dict[str, Any]) -> str:
    before, after, train = result["recipe_before"], result["recipe_after"], result["train"]
    recipe = (before["steps_per_s"] + after["steps_per_s"]) / 2
    recipe_cpu = (before["steps_per_cpu_s"] + after["steps_per_cpu_s"]) / 2
    b, h = train["best"], train["heuristic"]
    first = train["first_minute_at_heuristic"]
    lines = [
        "| run | env steps/s (wall) | ratio | env steps per CPU-second | ratio |",
        "|---|---|---|---|---|",
        f"| README recipe (train_ppo.py ppo_solo.json), before | {before['steps_per_s']:,.0f} | | "
        f"{before['steps_per_cpu_s']:,.0f} | |",
        f"| README recipe, after | {after['steps_per_s']:,.0f} | | {after['steps_per_cpu_s']:,.0f} | |",
        f"| df-env train --preset solo --seed {result['seed']} | {train['steps_per_s']:,.0f} | "
        f"{train['steps_per_s'] / recipe:.1f}x | {train['steps_per_cpu_s']:,.0f} | "
        f"{train['steps_per_cpu_s'] / recipe_cpu:.1f}x |",
        "",
        f"best evaluation: {b['wins']}/{b['games']} = {float(b['win_rate']):.1%} "
        f"({float(b['lo']):.1%}-{float(b['hi']):.1%}) at step {b['step']}, minute {float(b['minutes']):.1f}; "
        f"heuristic on the same seeds: {float(h['win_rate']):.1%} ({float(h['lo']):.1%}-{float(h['hi']):.1%})",
        "first reached the heuristic's rate: "
        + ("never" if first is None else f"minute {first:.1f}")
        + f"; {train['steps']:,} steps in {train['wall_seconds'] / 60:.1f} min",
        f"load average (1/5/15 min) before: {result['load_before']}, after: {result['load_after']}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=0, help="seed of the df-env train run and the recipe (default 0)")
    p.add_argument("--out", required=True, help="folder for the train run and train_vs_recipe.json")
    p.add_argument("--recipe-minutes", type=float, default=3.0, help="each recipe measurement (default 3)")
    p.add_argument("--minutes", type=float, default=None,
                   help="override df-env train's budget (smoke runs only; the figure uses the default, 60)")
    args = p.parse_args(argv)
    if args.recipe_minutes <= 0:
        p.error(f"--recipe-minutes must be positive, got {args.recipe_minutes}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    result: dict[str, Any] = {"seed": args.seed, "cpus": os.cpu_count(), "load_before": os.getloadavg()}
    result["recipe_before"] = recipe_steps_per_s(60 * args.recipe_minutes, args.seed)
    print("recipe before:", result["recipe_before"], flush=True)
    result["train"] = run_default_train(out / "train", args.seed, args.minutes)
    result["recipe_after"] = recipe_steps_per_s(60 * args.recipe_minutes, args.seed)
    print("recipe after:", result["recipe_after"], flush=True)
    result["load_after"] = os.getloadavg()
    tmp = out / "train_vs_recipe.json.tmp"
    tmp.write_text(json.dumps(result, indent=1) + "\n")
    tmp.replace(out / "train_vs_recipe.json")
    print(table(result))


if __name__ == "__main__":
    main()
