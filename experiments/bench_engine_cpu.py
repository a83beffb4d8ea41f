"""Engine speed on a loaded machine: compiled random play (1-3 players) and a Python loop of legal_actions +
apply_action, each the best of several repetitions in CPU time of this process (wall time is useless when other
jobs share the cores). One JSON line of decisions per second; run it alternately on two checkouts to compare.

    PYTHONPATH=. python3 experiments/bench_engine_cpu.py
"""

from __future__ import annotations

import json
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


def compiled(n_players: int, n_games: int = 3000, reps: int = 7) -> float:
    """Decisions per CPU second of whole random games inside one compiled call (best of ``reps``)."""
    template = starts(n_players, 500)
    dec = np.zeros(n_games, np.int64)
    win = np.zeros(n_games, np.int64)
    turns = np.zeros(n_games, np.int64)
    random_games_arr(template, seed_words(1), 2, 10**6, dec, win, turns)  # compile / warm up
    best = float("inf")
    for _ in range(reps):
        c0 = time.process_time()
        random_games_arr(template, seed_words(2), n_games, 10**6, dec, win, turns)
        best = min(best, time.process_time() - c0)
    return float(dec.sum()) / best


def python_loop(n_players: int = 2, n_decisions: int = 3000, reps: int = 5) -> float:
    """Decisions per CPU second of legal_actions, a numpy choice and apply_action (best of ``reps``)."""
    rng = np.random.default_rng(0)
    best = float("inf")
    for rep in range(reps):
        s = engine.new_game(engine.GameConfig(num_players=n_players), seed=rep)
        c0 = time.process_time()
        for k in range(n_decisions):
            if engine.is_terminal(s):
                s = engine.new_game(engine.GameConfig(num_players=n_players), seed=100 + k)
            legal = engine.legal_actions(s)
            engine.apply_action(s, int(legal[rng.integers(len(legal))]))
        best = min(best, time.process_time() - c0)
    return n_decisions / best


if __name__ == "__main__":
    res = {f"compiled_{n}p": compiled(n) for n in (1, 2, 3)}
    res["python_loop_2p"] = python_loop()
    print(json.dumps(res))
