"""Server memory after many abandoned games (issue 26's bar: within 50 MB of its start after 5,000).

Creates games through the API (a person and the default agent: each game is started, the agent may play its first
moves, then nobody comes back), and prints the server's resident memory (VmRSS) after a warm-up and after all of
them, with how many games the store still holds and how many it dropped.

    PYTHONPATH=$PWD python3 experiments/bench_web_memory.py --games 5000
"""

from __future__ import annotations

import argparse
import gc
import tempfile

from starlette.testclient import TestClient

from agents import DEFAULT_OPPONENTS
from df_env.web.server import create_app


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--opponent", default=DEFAULT_OPPONENTS[2])
    args = ap.parse_args()
    app = create_app(tempfile.mkdtemp())
    store = app.state.store
    with TestClient(app) as client:
        def create(i: int) -> None:
            r = client.post("/api/games", json={"seats": ["human", args.opponent]})
            assert r.status_code == 201, r.text
            store.games[r.json()["game"]].wait_idle()
        for i in range(args.warmup):
            create(i)
        gc.collect()
        start = rss_mb()
        print(f"after {args.warmup} games (warm-up): RSS {start:.1f} MB, {len(store.games)} held")
        for i in range(args.games):
            create(i)
            if (i + 1) % 1000 == 0:
                print(f"  {i + 1}: RSS {rss_mb():.1f} MB, {len(store.games)} held, {store.dropped} dropped",
                      flush=True)
        gc.collect()
        end = rss_mb()
        print(f"after {args.games} more abandoned games: RSS {end:.1f} MB ({end - start:+.1f} MB), "
              f"{len(store.games)} held, {store.dropped} dropped")


if __name__ == "__main__":
    main()
