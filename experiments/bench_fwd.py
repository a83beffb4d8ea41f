"""Time the compiled forward pass of an entity model (df_env.net.numba_net) on real positions, by part.

Positions: three solo games (or ``--players`` games) played by the heuristic, every decision. CPU time
(``time.process_time``), so that other jobs on the machine count less. The parts are timed as cumulative stages
(cards; + sectors; + trunk; + logits of the legal actions), each stage's cost the difference
(full passes only with a numba_net that has no stages, as before this layout).

    PYTHONPATH=. python experiments/bench_fwd.py [MODEL.npz] [--players N] [--reps R]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from agents import make_agent
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine._jit import njit
from df_env.games.deep_future.engine.kernels import encode
from df_env.net import numba_net as nn_
from df_env.net.numpy_net import default_model_path, load_net


def positions(n_players: int, obs_size: int, games: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """The deciding player's observation and the legal mask at every decision of ``games`` heuristic games."""
    obs, masks = [], []
    for g in range(games):
        s = engine.new_game(engine.GameConfig(num_players=n_players), seed=3 + g)
        h = make_agent("heuristic").as_policy(0, g)
        while not engine.is_terminal(s):
            x = np.zeros(obs_size, np.float32)
            encode(s.copy().reshape(1)[0], int(s["dplayer"]), x)
            obs.append(x)
            masks.append(engine.legal_mask(s))
            engine.apply_action(s, int(h(s)))
    return np.array(obs), np.array(masks)


@njit
def stages(net, X, M, reps, upto):
    """Run the pass's first ``upto`` stages (1 cards, 2 + sectors, 3 + trunk, 4 + logits) on every row."""
    f, ii = nn_._scratch(net)
    logits = np.zeros(M.shape[1])
    acc = 0.0
    for _ in range(reps):
        for i in range(X.shape[0]):
            x = X[i]
            nn_._card_part(net, x, f, ii)
            if upto >= 2:
                nn_._sector_part(net, x, f, ii)
            if upto >= 3:
                nn_._trunk_part(net, x, f, ii)
            if upto >= 4:
                nn_._logits(net, x, f, ii, M[i], logits)
            acc += f[0]
    return acc


@njit
def full(net, X, M, reps, want):
    logits = np.zeros(M.shape[1])
    acc = 0.0
    for _ in range(reps):
        for i in range(X.shape[0]):
            acc += nn_.forward(net, X[i], M[i], logits, want)
    return acc


def timed(fn, net, X, M, reps, arg) -> float:
    """CPU seconds of ``fn`` (compiled first, on two rows)."""
    fn(net, X[:2], M[:2], 1, arg)
    t = time.process_time()
    fn(net, X, M, reps, arg)
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("model", nargs="?", default=None)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--reps", type=int, default=20)
    a = ap.parse_args()
    path = a.model or str(default_model_path(a.players))
    net = nn_.pack(load_net(path))
    X, masks = positions(a.players, int(net[4][nn_.C_OBS]))
    n = len(X) * a.reps
    prev = 0.0
    for k, name in enumerate(["cards", "sectors", "trunk", "logits"] if hasattr(nn_, "_card_part") else [], 1):
        t = 1e6 * timed(stages, net, X, masks, a.reps, k) / n
        print(f"{name:12s} {t - prev:6.2f} us")
        prev = t
    for want in (False, True):
        print(f"full want_logits={want} {1e6 * timed(full, net, X, masks, a.reps, want) / n:6.2f} us")


if __name__ == "__main__":
    main()
