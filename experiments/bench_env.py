"""Speed of the environments (not a test): steps per second with random legal actions.

* single env: ``DeepFutureEnv.step`` in a Python loop (observation + mask + reward every step), the action drawn
  from ``info["action_mask"]`` with a pre-drawn uniform number; raw env and through ``gym.make`` (checker and
  order wrappers);
* vector env: ``DeepFutureVectorEnv`` (``copy=False``) at a batch size, actions chosen in numpy from the masks
  (``argmax(random odd bytes * mask)``), with 1 and 2 threads, measured after ``--warmup`` batch steps (steady
  state: games end and restart at their natural rate) over ``--repeats`` windows of ``--iters`` batch steps (the
  median, and the range of the wall-clock rate); "env only" leaves out the numpy action choice;
* the SB3 ``VecEnv`` (same-step autoreset, info dicts) at the same batch.

Run: ``python experiments/bench_env.py`` (``--help`` for options). The first run compiles the kernels (about a
minute); the numbers are from the runs after the warm-up steps. Each figure is given per wall-clock second and per
CPU second of this process (``time.process_time``): on a machine shared with other jobs the wall-clock rate
drops with the load while the CPU rate shows what the code does with the time it gets.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import gymnasium as gym
import numpy as np

import df_env.envs  # noqa: F401 - registers DeepFuture-v0
from df_env.games.deep_future.envs.gym_env import DeepFutureEnv
from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv
from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv


class Clock:
    """Wall-clock and process CPU time since start()."""

    def start(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def rates(self, steps: float, less_wall: float = 0.0, less_cpu: float = 0.0) -> tuple[float, float]:
        wall = time.perf_counter() - self.wall - less_wall
        cpu = time.process_time() - self.cpu - less_cpu
        return steps / wall, steps / cpu


def bench_single(players: int, steps: int, wrapped: bool) -> tuple[float, float]:
    env = gym.make("DeepFuture-v0", num_players=players) if wrapped else DeepFutureEnv(num_players=players)
    _, info = env.reset(seed=0)
    u = np.random.default_rng(0).random(steps + 1000)
    clock = Clock()
    for k in range(steps + 1000):
        if k == 1000:
            clock.start()
        c = np.cumsum(info["action_mask"])
        _, _, term, trunc, info = env.step(int(np.searchsorted(c, u[k] * c[-1], side="right")))
        if term or trunc:
            _, info = env.reset()
    return clock.rates(steps)


def choose_actions(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One legal action per game, at random: the legal action with the largest random odd byte (ties: the first).
    ``rng.bytes`` is about twice as fast as ``rng.integers`` for a (1024, 200) batch."""
    noise = np.frombuffer(rng.bytes(masks.size), dtype=np.uint8).reshape(masks.shape)
    return np.argmax((noise | 1) * masks, axis=1)


def bench_vector(players: int, batch: int, iters: int, threads: int, warmup: int, repeats: int,
                 opponents: str = "random") -> list[tuple[float, float, float, float]]:
    """Per timed window of ``iters`` batch steps (``repeats`` windows, one after the other, after ``warmup``
    batch steps: the games then start and end at a steady rate, as in training): (wall, cpu) rates with the numpy
    action choice, then (wall, cpu) rates of the env step alone."""
    envs = DeepFutureVectorEnv(num_envs=batch, num_players=players, copy=False, threads=threads,
                               opponents=opponents)
    _, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    masks = info["action_mask"]
    for _ in range(warmup):
        _, _, _, _, info = envs.step(choose_actions(rng, info["action_mask"]))
    windows = []
    clock = Clock()
    for _ in range(repeats):
        clock.start()
        choose_wall = choose_cpu = 0.0
        masks = info["action_mask"]
        for _ in range(iters):
            w0, c0 = time.perf_counter(), time.process_time()
            actions = choose_actions(rng, masks)
            choose_wall += time.perf_counter() - w0
            choose_cpu += time.process_time() - c0
            _, _, _, _, info = envs.step(actions)
            masks = info["action_mask"]
        windows.append(clock.rates(batch * iters) + clock.rates(batch * iters, choose_wall, choose_cpu))
    envs.close()
    return windows


def bench_sb3(players: int, batch: int, iters: int) -> tuple[float, float]:
    venv = DeepFutureSB3VecEnv(num_envs=batch, num_players=players, seed=0)
    venv.reset()
    rng = np.random.default_rng(0)
    clock = Clock()
    for it in range(iters + 20):
        if it == 20:
            clock.start()
        masks = np.stack(venv.env_method("action_masks"))
        venv.step(np.argmax(rng.integers(1, 256, size=masks.shape, dtype=np.uint8) * masks, axis=1))
    return clock.rates(batch * iters)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--single-steps", type=int, default=50_000)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--iters", type=int, default=300, help="batch steps per vector measurement")
    ap.add_argument("--warmup", type=int, default=1000, help="batch steps before a vector measurement starts "
                    "(from a fresh reset every game is at its start; by 1000 steps games end at a steady rate)")
    ap.add_argument("--repeats", type=int, default=5, help="timed windows per vector measurement: the table "
                    "gives their median and range (the machine's speed drifts by tens of percent over seconds "
                    "when other jobs share its memory)")
    ap.add_argument("--opponents", default="random", help="opponents in the vector envs (random, heuristic)")
    ap.add_argument("--vector-only", action="store_true", help="only the vector env measurements")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = ap.parse_args()
    results: dict[str, tuple[float, float]] = {}
    ranges: dict[str, tuple[float, float]] = {}
    for n in args.players:
        if not args.vector_only:
            results[f"single {n}p raw"] = bench_single(n, args.single_steps, wrapped=False)
            results[f"single {n}p gym.make"] = bench_single(n, args.single_steps, wrapped=True)
        opp = "" if n == 1 or args.opponents == "random" else f" vs {args.opponents}"
        for threads in (1, 2):
            windows = np.array(bench_vector(n, args.batch, args.iters, threads, args.warmup, args.repeats,
                                            args.opponents))
            for name, cols in ((f"vector {n}p{opp} batch {args.batch} threads {threads}", (0, 1)),
                               (f"vector {n}p{opp} batch {args.batch} threads {threads} (env only)", (2, 3))):
                results[name] = (float(np.median(windows[:, cols[0]])), float(np.median(windows[:, cols[1]])))
                ranges[name] = (float(windows[:, cols[0]].min()), float(windows[:, cols[0]].max()))
        if not args.vector_only:
            results[f"sb3 vec {n}p batch {args.batch}"] = bench_sb3(n, args.batch, args.iters // 3)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.json:
        print(json.dumps({"load_average_1min": load, "steps_per_second_wall_cpu": results,
                          "vector_wall_range_over_windows": ranges}, indent=1))
        return
    print(f"load average (1 min) at the end: {load:.2f} on {os.cpu_count()} cores; vector rows: median of "
          f"{args.repeats} windows of {args.iters} batch steps, range of the wall-clock rate")
    print(f"{'':48s} {'per wall s':>12s} {'per CPU s':>12s}   {'wall range':>19s}")
    for name, (wall, cpu) in results.items():
        rng = f"{ranges[name][0]:9,.0f}-{ranges[name][1]:9,.0f}" if name in ranges else ""
        print(f"{name:48s} {wall:12,.0f} {cpu:12,.0f}   {rng:>19s}")


if __name__ == "__main__":
    main()
