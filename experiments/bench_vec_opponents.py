"""Speed of the vector env against given opponents (not a test): env steps per CPU second of this process.

A ``DeepFutureVectorEnv`` (``copy=False``, one thread unless ``--threads``) of ``--players`` players and
``--batch`` games per opponent spec, random legal actions for the learning seat (chosen in numpy, left out of the
time), ``--warmup`` batch steps, then ``--repeats`` windows of ``--iters`` batch steps; prints per spec the median
and the best window in env steps (one per game per batch step) per CPU second (``time.process_time``: on a shared
machine the wall clock drops with the load, the CPU rate shows what the code does with the time it gets) and per
wall second.

Run: ``PYTHONPATH=. python experiments/bench_vec_opponents.py --opponents random heuristic net``. An opponent
spec other than random, heuristic and net (e.g. ``mcts:iters=10``) plays from Python; ``--python`` plays the
``net`` spec from Python (a callable around the agent, the way any Python policy plays) to compare the two paths.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv


def python_policy(spec: str):
    """The agent ``spec`` (one that decides from the observation and the mask alone, such as ``net``) as a Python
    callable ``policy(obs, mask)``: the path of any Python opponent."""
    from agents import make_agent

    agent = make_agent(spec)
    return lambda obs, mask: agent.act(obs, mask)


def bench(spec: str, players: int, batch: int, iters: int, warmup: int, repeats: int, python: bool,
          threads: int = 1) -> list[tuple[float, float]]:
    """(CPU rate, wall rate) per window."""
    envs = DeepFutureVectorEnv(num_envs=batch, num_players=players, copy=False, threads=threads,
                               opponents=python_policy(spec) if python else spec)
    _, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    windows = []
    for k in range(warmup + repeats * iters):
        if k >= warmup and (k - warmup) % iters == 0:
            cpu, wall, pick_cpu, pick_wall = time.process_time(), time.perf_counter(), 0.0, 0.0
        c0, w0 = time.process_time(), time.perf_counter()
        noise = np.frombuffer(rng.bytes(info["action_mask"].size), dtype=np.uint8).reshape(info["action_mask"].shape)
        actions = np.argmax((noise | 1) * info["action_mask"], axis=1)
        if k >= warmup:
            pick_cpu += time.process_time() - c0
            pick_wall += time.perf_counter() - w0
        _, _, _, _, info = envs.step(actions)
        if k >= warmup and (k - warmup) % iters == iters - 1:
            windows.append((batch * iters / (time.process_time() - cpu - pick_cpu),
                            batch * iters / (time.perf_counter() - wall - pick_wall)))
    envs.close()
    return windows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opponents", nargs="+", default=["random", "heuristic", "net"])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--iters", type=int, default=100, help="batch steps per timed window")
    ap.add_argument("--warmup", type=int, default=100, help="batch steps before the first window")
    ap.add_argument("--repeats", type=int, default=5, help="timed windows")
    ap.add_argument("--python", action="store_true", help="play the opponents from Python (a callable)")
    ap.add_argument("--threads", type=int, default=1, help="threads of the vector env (used when every other seat "
                    "is compiled; the CPU rate then adds up the threads' time)")
    args = ap.parse_args()
    print(f"{args.players} players, {args.batch} games, {args.threads} thread(s); env steps per second, "
          f"{args.repeats} windows of {args.iters} batch steps after {args.warmup}")
    print(f"{'opponents':28s} {'CPU median':>12s} {'CPU best':>12s} {'wall median':>12s}")
    for spec in args.opponents:
        w = np.array(bench(spec, args.players, args.batch, args.iters, args.warmup, args.repeats, args.python,
                           args.threads))
        name = spec + (" (Python)" if args.python else "")
        print(f"{name:28s} {np.median(w[:, 0]):12,.0f} {w[:, 0].max():12,.0f} {np.median(w[:, 1]):12,.0f}",
              flush=True)


if __name__ == "__main__":
    main()
