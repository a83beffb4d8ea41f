"""Engine speed: random play with whole games in compiled code, a Python loop of legal_actions + apply_action,
clone, and compile time cold and warm. Not a test: figures are printed (and optionally written as JSON).

    python experiments/bench_engine.py            # all figures
    python experiments/bench_engine.py --quick    # smaller sizes
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.kernels import random_games_arr
from df_env.games.deep_future.engine.model.rng import seed_words
from df_env.games.deep_future.engine.model.state import STATE_DTYPE


def starts(n_players: int, n: int) -> np.ndarray:
    out = np.empty(n, dtype=STATE_DTYPE)
    for g in range(n):
        out[g] = engine.new_game(engine.GameConfig(num_players=n_players), seed=g)
    return out


def compiled_random_play(n_players: int, n_games: int) -> dict:
    """Decisions per second with whole games inside one compiled call (start positions prepared before)."""
    template = starts(n_players, min(n_games, 2000))
    dec = np.zeros(n_games, dtype=np.int64)
    win = np.zeros(n_games, dtype=np.int64)
    turns = np.zeros(n_games, dtype=np.int64)
    random_games_arr(template, seed_words(1), 2, 10**6, dec, win, turns)  # compile / warm up
    t = time.perf_counter()
    random_games_arr(template, seed_words(2), n_games, 10**6, dec, win, turns)
    dt = time.perf_counter() - t
    return {"players": n_players, "games": n_games, "decisions": int(dec.sum()), "seconds": dt,
            "decisions_per_s": dec.sum() / dt, "mean_decisions": float(dec.mean()), "mean_turns": float(turns.mean()),
            "wins": int((win >= 0).sum())}


def python_loop(n_players: int, n_decisions: int) -> dict:
    """Decisions per second of a Python loop: legal_actions, a numpy choice, apply_action."""
    rng = np.random.default_rng(0)
    done = 0
    seed = 0
    t = time.perf_counter()
    new_game_time = 0.0
    while done < n_decisions:
        t0 = time.perf_counter()
        s = engine.new_game(engine.GameConfig(num_players=n_players), seed=seed)
        new_game_time += time.perf_counter() - t0
        seed += 1
        while not engine.is_terminal(s):
            legal = engine.legal_actions(s)
            engine.apply_action(s, legal[rng.integers(len(legal))])
            done += 1
    dt = time.perf_counter() - t - new_game_time
    return {"players": n_players, "decisions": done, "seconds": dt, "decisions_per_s": done / dt,
            "new_game_us": 1e6 * new_game_time / seed}


def clone_time(n: int = 200_000) -> dict:
    s = engine.new_game(engine.GameConfig(num_players=3), seed=0)
    engine.clone(s)
    t = time.perf_counter()
    for _ in range(n):
        engine.clone(s)
    return {"clone_us": 1e6 * (time.perf_counter() - t) / n, "state_bytes": STATE_DTYPE.itemsize}


def compile_times() -> dict:
    """Seconds to import and start a game with an empty numba cache (cold) and with the cache filled (warm)."""
    code = "import time; t=time.time(); from df_env.games.deep_future import engine; " \
           "engine.new_game(engine.GameConfig(), 0); " \
           "from df_env.games.deep_future.engine.kernels import random_playout_arr; print(time.time()-t)"
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = []
        for _ in range(2):
            done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            out.append(float(done.stdout.strip().splitlines()[-1]))
    return {"cold_s": out[0], "warm_s": out[1]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller sizes")
    ap.add_argument("--no-compile", action="store_true", help="skip the cold/warm compile measurement")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()
    games = 5_000 if args.quick else 50_000
    decisions = 20_000 if args.quick else 200_000
    results: dict = {"compiled": [], "python_loop": []}
    for n in (1, 2, 3):
        r = compiled_random_play(n, games)
        results["compiled"].append(r)
        print(f"compiled random play, {n}p: {r['decisions_per_s']:,.0f} decisions/s "
              f"({r['games']} games, {r['mean_decisions']:.1f} decisions and {r['mean_turns']:.1f} turns per game)")
    for n in (1, 2, 3):
        r = python_loop(n, decisions)
        results["python_loop"].append(r)
        print(f"python loop legal_actions+apply_action, {n}p: {r['decisions_per_s']:,.0f} decisions/s "
              f"(new_game {r['new_game_us']:.0f} us, not counted)")
    results["clone"] = clone_time()
    print(f"clone: {results['clone']['clone_us']:.2f} us (state {results['clone']['state_bytes']} bytes)")
    if not args.no_compile:
        results["compile"] = compile_times()
        print(f"compile: cold {results['compile']['cold_s']:.1f} s, warm {results['compile']['warm_s']:.2f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
