"""CPU time per env step of ``df-env train``'s rollouts and updates (load-independent: the process's CPU time).

    python experiments/bench_train_cpu.py                                   # the solo defaults, compiled rollouts
    python experiments/bench_train_cpu.py '{"num_envs": 64, "n_steps": 64, "n_epochs": 3}' sb3   # SB3's loop

Builds the model as ``df-env train`` does (``build_model``, solo preset, one torch thread, CONFIG overrides), runs
one rollout and update as a warm-up, then ROUNDS of each, and prints the microseconds of CPU per env step of each
part. MODE ``fast`` uses :class:`df_env.train.ppo.fast.FastMaskablePPO`'s loop, ``sb3`` MaskablePPO's own.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from df_env.train.config import make_config
from df_env.train.run import build_model


class _Nothing(BaseCallback):
    def _on_step(self) -> bool:
        return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("config", nargs="?", default="{}", help="JSON object of config overrides")
    ap.add_argument("mode", nargs="?", default="fast", choices=("fast", "sb3"))
    ap.add_argument("rounds", nargs="?", type=int, default=3)
    args = ap.parse_args()
    config = make_config("solo", {"threads": 1, **json.loads(args.config)})
    with tempfile.TemporaryDirectory() as tmp:
        venv, model = build_model(config, Path(tmp))
        torch.set_num_threads(int(config["threads"]) or 1)
        cb = _Nothing()
        model._setup_learn(10**9, cb)
        cb.init_callback(model)
        collect = model.collect_rollouts if args.mode == "fast" else \
            lambda *a: MaskablePPO.collect_rollouts(model, *a)

        def roll() -> None:
            collect(venv, cb, model.rollout_buffer, model.n_steps)

        roll()
        model.train()
        t_roll = t_update = 0.0
        for _ in range(args.rounds):
            t = time.process_time()
            roll()
            t_roll += time.process_time() - t
            t = time.process_time()
            model.train()
            t_update += time.process_time() - t
        venv.close()
    n = args.rounds * config["num_envs"] * config["n_steps"]
    print(f"{args.mode} {args.config}: rollout {1e6 * t_roll / n:.1f} us/step, update {1e6 * t_update / n:.1f} "
          f"us/step -> {n / (t_roll + t_update):.0f} env steps per CPU-second")


if __name__ == "__main__":
    main()
