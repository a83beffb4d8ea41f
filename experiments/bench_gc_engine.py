"""Galactic Civ's engine speed beside Deep Future's, in one run: the Python loop (legal_actions + apply_action,
a numpy choice) and random play with whole games in compiled code. Not a test: figures are printed (and
optionally written as JSON).

    python experiments/bench_gc_engine.py            # both games
    python experiments/bench_gc_engine.py --quick    # smaller sizes
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_engine as df_bench

from df_env.games.deep_future.engine.model.rng import seed_words
from df_env.games.galactic_civ import GAME as G
from df_env.games.galactic_civ.engine.kernels import random_games_arr


def gc_compiled(n_players: int, events: bool, n_games: int) -> dict:
    """Decisions per second of whole random games inside one compiled call (start positions made before)."""
    template = np.stack([G.new_game(G.make_config(n_players, events=events), g) for g in range(min(n_games, 500))])
    dec, win, vic = (np.zeros(n_games, np.int64) for _ in range(3))
    random_games_arr(template, seed_words(1), 2, dec, win, vic)  # compile / warm up
    t, c = time.perf_counter(), time.process_time()
    random_games_arr(template, seed_words(2), n_games, dec, win, vic)
    dt, cpu = time.perf_counter() - t, time.process_time() - c
    return {"players": n_players, "events": events, "games": n_games, "decisions_per_s": dec.sum() / dt,
            "decisions_per_cpu_s": dec.sum() / cpu,
            "mean_decisions": float(dec.mean()), "draws": int((vic == 7).sum())}


def gc_python_loop(n_players: int, events: bool, n_decisions: int) -> dict:
    """Decisions per second of a Python loop over the Game API: legal_actions, a numpy choice, apply_action."""
    rng = np.random.default_rng(0)
    done, seed, spent = 0, 0, 0.0
    while done < n_decisions:
        s = G.new_game(G.make_config(n_players, events=events), seed)
        seed += 1
        t = time.perf_counter()
        while not G.is_terminal(s):
            legal = G.legal_actions(s)
            G.apply_action(s, legal[rng.integers(len(legal))])
            done += 1
        spent += time.perf_counter() - t
    return {"players": n_players, "events": events, "decisions": done, "decisions_per_s": done / spent}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller sizes")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--no-df", action="store_true", help="skip Deep Future's figures")
    args = ap.parse_args()
    games, decisions = (2_000, 20_000) if args.quick else (20_000, 100_000)
    out: dict = {g: {"compiled": [], "python_loop": []} for g in ("galactic_civ", "deep_future")}
    for n, ev in ((2, False), (4, False), (4, True), (6, True)):
        r = gc_compiled(n, ev, games)
        out["galactic_civ"]["compiled"].append(r)
        print(f"Galactic Civ compiled random play, {n}p events {ev}: {r['decisions_per_s']:,.0f} decisions/s "
              f"({r['decisions_per_cpu_s']:,.0f} per CPU second; {r['mean_decisions']:.0f} decisions a game)")
    for n, ev in ((2, False), (4, True)):
        r = gc_python_loop(n, ev, decisions)
        out["galactic_civ"]["python_loop"].append(r)
        print(f"Galactic Civ python loop, {n}p events {ev}: {r['decisions_per_s']:,.0f} decisions/s")
    for n in () if args.no_df else (1, 2, 3):
        r = df_bench.compiled_random_play(n, games)
        out["deep_future"]["compiled"].append(r)
        print(f"Deep Future compiled random play, {n}p: {r['decisions_per_s']:,.0f} decisions/s")
        r = df_bench.python_loop(n, decisions)
        out["deep_future"]["python_loop"].append(r)
        print(f"Deep Future python loop, {n}p: {r['decisions_per_s']:,.0f} decisions/s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
