"""Scaling and overhead of the Ray backend against the local one: games/s of a bench on 1 and 2 workers.

Each repeat runs, interleaved (the machine is shared, its speed drifts; local and Ray alternate in going first):
local 1 process, Ray 1 worker, local 2 processes, Ray 2 workers (a private local Ray instance with that many CPUs,
started before the timing; the workers' own start and warm-up are inside it, unless ``--prestart`` runs a tiny
bench first). Per-game overhead of Ray = (Ray wall - local wall) / games, also as a share
of the local time per game.

Usage::

    PYTHONPATH=$PWD python experiments/ray_scaling.py --agents mcts:iters=100 --games 40 --repeats 3 [--prestart]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", nargs="+", default=["mcts:iters=100"])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--prestart", action="store_true", help="start the Ray workers before the timing")
    parser.add_argument("--out", default="results/ray_scaling.json")
    args = parser.parse_args()

    from df_env.backends import LocalBackend
    from df_env.bench import BenchConfig, run_bench
    from df_env.cluster.ray_backend import RayBackend

    config = BenchConfig(agents=tuple(args.agents), games=args.games, seed=0)
    runs: list[dict[str, object]] = []
    reference = None
    for rep in range(args.repeats):
        for jobs in args.jobs:
            for name in ("local", "ray") if rep % 2 == 0 else ("ray", "local"):  # alternate who goes first
                backend = LocalBackend(jobs) if name == "local" else RayBackend(jobs=jobs)
                try:
                    if name == "ray" and args.prestart:  # start the workers, load the code: steady state only
                        run_bench(BenchConfig(agents=("random",), games=2 * jobs), show_progress=False,
                                  backend=backend)
                    t0 = time.perf_counter()
                    result = run_bench(config, show_progress=False, backend=backend)
                    wall = time.perf_counter() - t0
                finally:
                    backend.close()
                games = [(g.game, g.winner, g.turns, g.decisions) for g in result.games]
                reference = reference or games
                assert games == reference, "a backend gave other games"
                agent_seconds = sum(sum(g.seconds) for g in result.games)
                runs.append({"repeat": rep, "backend": name, "jobs": jobs, "bench_seconds": result.seconds,
                             "wall_seconds": wall, "games_per_second": len(result.games) / result.seconds,
                             "agent_seconds_per_game": agent_seconds / len(result.games),
                             # wall time per game that is not the agents' (dispatch, idle tail): robust to the
                             # machine's speed drifting between runs
                             "other_seconds_per_game": result.seconds * jobs / len(result.games)
                             - agent_seconds / len(result.games)})
                print(f"repeat {rep} {name:5} jobs {jobs}: {len(result.games) / result.seconds:.3f} games/s "
                      f"({result.seconds:.1f} s; agent time {agent_seconds / len(result.games):.2f} s/game)",
                      flush=True)
    summary = {}
    for jobs in args.jobs:
        pairs = [(a, b) for a in runs for b in runs if a["repeat"] == b["repeat"] and a["jobs"] == b["jobs"] == jobs
                 and a["backend"] == "local" and b["backend"] == "ray"]
        over = [(float(b["bench_seconds"]) - float(a["bench_seconds"])) / args.games for a, b in pairs]  # type: ignore[arg-type]
        share = [(float(b["bench_seconds"]) / float(a["bench_seconds"]) - 1) for a, b in pairs]  # type: ignore[arg-type]
        gps = {n: [float(r["games_per_second"]) for r in runs if r["jobs"] == jobs and r["backend"] == n]  # type: ignore[arg-type]
               for n in ("local", "ray")}
        other = {n: [float(r["other_seconds_per_game"]) for r in runs  # type: ignore[arg-type]
                     if r["jobs"] == jobs and r["backend"] == n] for n in ("local", "ray")}
        summary[jobs] = {"other_seconds_per_game": {n: [min(v), max(v)] for n, v in other.items()},
                         "games_per_second": {n: [min(v), max(v)] for n, v in gps.items()},
                         "ray_overhead_seconds_per_game": [min(over), max(over)],
                         "ray_overhead_share": [min(share), max(share)]}
        print(f"jobs {jobs}: games/s local {min(gps['local']):.3f}-{max(gps['local']):.3f}, ray "
              f"{min(gps['ray']):.3f}-{max(gps['ray']):.3f}; Ray overhead per game {min(over):+.3f} to "
              f"{max(over):+.3f} s ({100 * min(share):+.1f}% to {100 * max(share):+.1f}%); time per game outside "
              f"the agents: local {min(other['local']):.3f}-{max(other['local']):.3f} s, ray "
              f"{min(other['ray']):.3f}-{max(other['ray']):.3f} s")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps({"agents": args.agents, "games": args.games, "runs": runs,
                                          "summary": summary}, indent=1) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
