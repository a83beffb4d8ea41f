"""Wall time of a training iteration on each device (``--device cpu`` against ``cuda``), for docs/training.md.

    python experiments/bench_train_device.py                      # every device torch sees: cpu, then cuda if any
    python experiments/bench_train_device.py --devices cpu --rounds 2

Two parts, each on the same inputs per device:

* **PPO** (``df-env train``'s solo defaults, built by ``build_model`` as the CLI does): one rollout and update as a
  warm-up, then ``--rounds`` of each, timed apart. The rollouts run on the CPU cores whatever the device (the
  compiled env and, for the entity network, its compiled forward pass); the update is what moves to the GPU.
* **Expert iteration's learner** (``Learner.fit``, solo defaults: batch 256, 2 epochs) on ``--samples`` synthetic
  samples of the real observation and action sizes: the part of an expert-iteration round that is matrix products.

Prints one JSON line per device and part, with the machine, the load and the date. Timing is wall time with the
GPU synchronized, so run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch


def _sync(device: str) -> None:
    if device.startswith("cuda"):
        torch.cuda.synchronize()


def machine() -> dict[str, Any]:
    """What made the figures: processor, cores, load, GPU, torch and the date."""
    cpu = platform.processor()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    gpu = torch.cuda.get_device_name(0) if torch.cuda.is_available() else None
    return {"cpu": cpu, "cores": os.cpu_count(), "load": os.getloadavg()[0], "gpu": gpu, "torch": torch.__version__,
            "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")}


def ppo(device: str, rounds: int) -> dict[str, Any]:
    """Seconds of one PPO rollout and one update with the solo defaults on ``device`` (mean of ``rounds``)."""
    from stable_baselines3.common.callbacks import BaseCallback

    from df_env.train.config import make_config
    from df_env.train.run import build_model

    class _Nothing(BaseCallback):
        def _on_step(self) -> bool:
            return True

    config = make_config("solo", {"device": device, "eval_every": 0, "checkpoint_every": 0})
    with tempfile.TemporaryDirectory() as tmp:
        venv, model = build_model(config, Path(tmp))
        cb = _Nothing()
        model._setup_learn(10**9, cb)
        cb.init_callback(model)

        def roll() -> float:
            t = time.perf_counter()
            model.collect_rollouts(venv, cb, model.rollout_buffer, model.n_steps)
            _sync(device)
            return time.perf_counter() - t

        def update() -> float:
            t = time.perf_counter()
            model.train()
            _sync(device)
            return time.perf_counter() - t

        roll(), update()
        t_roll = [roll() for _ in range(rounds)]
        t_update = [update() for _ in range(rounds)]
        venv.close()
    steps = config["num_envs"] * config["n_steps"]
    return {"part": "ppo", "device": device, "steps_per_rollout": steps, "rollout_s": float(np.mean(t_roll)),
            "update_s": float(np.mean(t_update)), "iteration_s": float(np.mean(t_roll) + np.mean(t_update))}


def learner(device: str, samples: int, rounds: int) -> dict[str, Any]:
    """Seconds of expert iteration's ``Learner.fit`` over ``samples`` synthetic samples on ``device``."""
    from df_env.games.deep_future.engine import NUM_ACTIONS
    from df_env.games.deep_future.engine.observation.encode import observation_layout
    from df_env.net.numpy_net import default_model_path
    from df_env.train.exit.config import make_exit_config
    from df_env.train.exit.learner import Learner, net_from_file

    torch.manual_seed(0)
    config = make_exit_config("solo", {"device": device})
    fit = Learner(net_from_file(default_model_path(1)), config)
    rng = np.random.default_rng(0)
    obs = rng.random((samples, observation_layout(1).size), dtype=np.float32)
    mask = rng.random((samples, NUM_ACTIONS)) < 0.1
    mask[:, 0] = True
    data = {"obs": obs, "mask": mask, "pi": (mask / mask.sum(1, keepdims=True)).astype(np.float32),
            "z": rng.random(samples, dtype=np.float32)}
    fit.fit(data, seed=0)
    times = []
    for r in range(rounds):
        t = time.perf_counter()
        fit.fit(data, seed=r + 1)
        _sync(device)
        times.append(time.perf_counter() - t)
    return {"part": "exit_learner", "device": device, "samples": samples, "batch_size": config["batch_size"],
            "epochs": config["epochs"], "fit_s": float(np.mean(times))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--devices", nargs="+", default=["cpu"] + (["cuda"] if torch.cuda.is_available() else []))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--samples", type=int, default=30_000, help="learner samples (default 30,000: about the replay "
                    "window of 6 rounds of 24 solo games)")
    args = ap.parse_args(argv)
    print(json.dumps({"machine": machine()}), flush=True)
    for device in args.devices:
        print(json.dumps(ppo(device, args.rounds)), flush=True)
        print(json.dumps(learner(device, args.samples, args.rounds)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
