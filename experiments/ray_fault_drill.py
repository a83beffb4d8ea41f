"""Fault drill: a bench on a two-node Ray cluster survives losing a node, with every game counted exactly once.

1. starts a two-node cluster on this machine: a head node (``ray start --head --num-cpus=1``) and a worker node
   (``ray start --address=... --num-cpus=1`` with its own custom resource), each one CPU;
2. runs ``run_bench`` on it through the Ray backend (``--address``);
3. after ``--kill-after`` games have come back, and once the worker node is running a game (its worker process
   shows ``ray::_run_chunk``), kills the worker node's raylet with SIGKILL (``--how stop`` runs ``ray stop`` of
   that node instead: not possible on one machine without stopping the head too, so SIGKILL is the default);
4. checks that the bench completes on the head alone, that every (seating, game) is counted exactly once, and
   that every game is identical (all fields but the timing) to the same bench on the local backend;
5. stops every Ray process (``ray stop --force``) whatever happened.

Usage::

    PYTHONPATH=$PWD python experiments/ray_fault_drill.py                       # mcts:iters=100, 20 games, kill after 5
    PYTHONPATH=$PWD python experiments/ray_fault_drill.py --agents heuristic mcts:iters=20 --games 24

Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HEAD_PORT = 6390
WORKER_NODE_MANAGER_PORT = 6391


def sh(*args: str, env: dict[str, str] | None = None) -> str:
    out = subprocess.run(list(args), capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    return out.stdout


def processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of every process."""
    out = []
    for line in sh("ps", "-eo", "pid=,ppid=,args=").splitlines():
        parts = line.split(None, 2)
        out.append((int(parts[0]), int(parts[1]), parts[2] if len(parts) > 2 else ""))
    return out


def worker_raylet() -> int:
    """The pid of the worker node's raylet (the one listening on WORKER_NODE_MANAGER_PORT)."""
    found = [pid for pid, _, cmd in processes()
             if cmd.split(" ")[0].endswith("raylet") and f"--node_manager_port={WORKER_NODE_MANAGER_PORT}" in cmd]
    if len(found) != 1:
        raise RuntimeError(f"expected one raylet on port {WORKER_NODE_MANAGER_PORT}, found {found}")
    return found[0]


def busy_workers(raylet: int) -> list[int]:
    """Worker processes of that raylet running a chunk of games now."""
    return [pid for pid, ppid, cmd in processes() if ppid == raylet and cmd.startswith("ray::_run_chunk")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", nargs="+", default=["mcts:iters=100"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--kill-after", type=int, default=5, help="games back before the worker node is killed")
    parser.add_argument("--out", default="results/ray_fault_drill.json")
    args = parser.parse_args()

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p),
           # notice a dead node within a few seconds (default: 3 s x 5 missed checks)
           "RAY_health_check_period_ms": "1000", "RAY_health_check_failure_threshold": "3",
           # Ray's token authentication (the token Ray keeps in ~/.ray/auth_token, made on first use), on every
           # node and in this driver: with the mode unset, a head may enable it and a joining node may not
           "RAY_AUTH_MODE": os.environ.get("RAY_AUTH_MODE", "token")}
    os.environ["RAY_AUTH_MODE"] = env["RAY_AUTH_MODE"]
    address = f"127.0.0.1:{HEAD_PORT}"
    report: dict[str, object] = {"agents": args.agents, "games": args.games}
    try:
        sh("ray", "start", "--head", f"--port={HEAD_PORT}", "--node-ip-address=127.0.0.1", "--num-cpus=1",
           "--resources", json.dumps({"head_node": 1}), "--include-dashboard=false", env=env)
        sh("ray", "start", f"--address={address}", "--node-ip-address=127.0.0.1", "--num-cpus=1",
           f"--node-manager-port={WORKER_NODE_MANAGER_PORT}", "--resources", json.dumps({"worker_node": 1}),
           env=env)
        raylet = worker_raylet()
        print(f"cluster up: head {address}, worker node raylet pid {raylet}")
        return drill(args, address, raylet, report)
    finally:
        sh("ray", "stop", "--force")
        left = [pid for pid, _, cmd in processes() if cmd.split(" ")[0].endswith("raylet") or cmd.startswith("ray::")]
        print(f"ray stop --force: {len(left)} Ray processes left")


def drill(args: argparse.Namespace, address: str, raylet: int, report: dict[str, object]) -> int:
    import ray

    from df_env.bench import BenchConfig, run_bench
    from df_env.cluster.ray_backend import RayBackend

    config = BenchConfig(agents=tuple(args.agents), games=args.games, seed=0)
    killed = threading.Event()
    kill_info: dict[str, object] = {}
    raw_keys: list[tuple[int, int]] = []

    def kill_when_busy(games_back: int) -> None:
        deadline = time.time() + 120
        while time.time() < deadline:
            busy = busy_workers(raylet)
            if busy:
                os.kill(raylet, signal.SIGKILL)
                kill_info.update(games_back=games_back, busy_worker_pids=busy,
                                 at=time.strftime("%H:%M:%S"), raylet=raylet)
                print(f"\nkilled the worker node's raylet {raylet} (SIGKILL) after {games_back} games, while its "
                      f"worker(s) {busy} ran a game")
                killed.set()
                return
            time.sleep(0.05)
        print("the worker node never ran a game: nothing killed")

    class DrillBackend(RayBackend):
        """The Ray backend, plus: kill the worker node once enough games have come back."""

        def imap_unordered(self, *a, **k):  # type: ignore[no-untyped-def]
            back = 0
            for part in super().imap_unordered(*a, **k):
                raw_keys.extend((r.seating, r.game) for r in part)  # as the backend reports them, before run_keyed
                back += len(part)
                if back >= args.kill_after and not kill_info and not killed.is_set():
                    kill_info["pending"] = True
                    threading.Thread(target=kill_when_busy, args=(back,), daemon=True).start()
                yield part

    ray.init(address=address, logging_level="warning")
    print("nodes:", [(n["NodeManagerPort"], n["Resources"]) for n in ray.nodes() if n["Alive"]])
    t0 = time.perf_counter()
    result = run_bench(config, show_progress=True, backend=DrillBackend(address=address))
    seconds = time.perf_counter() - t0
    alive = [n["NodeManagerPort"] for n in ray.nodes() if n["Alive"]]
    ray.shutdown()

    expected = {(si, g) for g in range(config.games) for si in range(len(config.seatings()))}
    local = run_bench(config, show_progress=False)

    def strip(games):  # type: ignore[no-untyped-def]
        return [{k: v for k, v in asdict(g).items() if k != "seconds"} for g in games]

    checks = {
        "the worker node was killed while running a game": killed.is_set(),
        "the worker node is dead at the end": WORKER_NODE_MANAGER_PORT not in alive,
        "no game reported twice by the backend": sorted(raw_keys) == sorted(expected),
        "every game counted exactly once": [(g.seating, g.game) for g in result.games] == sorted(expected),
        "every game identical to the local backend's (all fields but timing)":
            strip(result.games) == strip(local.games),
    }
    report.update(kill=kill_info, seconds=round(seconds, 1), games_reported=len(raw_keys),
                  games_counted=len(result.games), nodes_alive_after=alive,
                  checks=checks, wins=[s.wins for s in result.summary], meta=result.meta)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=1, default=str) + "\n")
    for name, ok in checks.items():
        print(f"{'PASS' if ok else 'FAIL'}  {name}")
    print(f"{len(result.games)} games in {seconds:.1f} s; wrote {args.out}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
