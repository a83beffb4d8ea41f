"""Fit an outcome value head onto a model file by ridge least squares (numpy, seconds to minutes; no torch).

Plays ``--games`` games with the agents ``--policies`` (taken in turn, game by game; every seat the same agent;
game g dealt with the engine seed ``derive_seed(seed, g)``), records at every decision the trunk context ``c`` of
the acting player's observation and, at the game's end, that player's backed-up value as ``net-mcts`` and
``mcts`` count it (1 win, 0 loss, else his progress score when the turn limit stopped the game). Fits
``value = c . w + b`` on the first 80% of the games by ridge regression and reports the fit on the rest, then fits
on all of them and writes the model with this value head and ``"value_target": "outcome"`` in its metadata (so
``net-mcts`` evaluates its leaves with it: ``leaf=value`` by default, or ``leaf=mix``).

    python experiments/fit_value_head.py --players 1 --games 600 --seed 0 --out results/value/net_1p_value.npz
    python experiments/fit_value_head.py --model df_env/models/net_2p.npz --policies heuristic net --games 300 \\
        --out results/value/net_2p_value.npz
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from agents import make_agent
from df_env.bench import DEFAULT_TURNS_PER_PLAYER, derive_seed
from df_env.games.deep_future.engine.api import GameConfig, apply_action, new_game
from df_env.games.deep_future.engine.observation import observe
from df_env.games.deep_future.progress import progress
from df_env.net.numpy_net import NumpyEntityNet, default_model_path, load_net, save_net


def outcome(state: np.ndarray, player: int) -> float:
    """The backed-up value of ``player`` at the end of a game: 1 win, 0 loss, else his progress score."""
    if int(state["winner"]) == player:
        return 1.0
    if bool(state["over"]) or bool(state["lost"][player]):
        return 0.0
    return float(progress(state, player))


def play(net: NumpyEntityNet, spec: str, seed: int, game: int) -> tuple[np.ndarray, np.ndarray]:
    """One game: the contexts of the acting player's observations and each one's final value."""
    n = net.num_players
    s = new_game(GameConfig(n), derive_seed(seed, game))
    agents = [make_agent(spec).as_policy(p, derive_seed(seed, game, 1)) for p in range(n)]
    obs, who = [], []
    while not s["over"] and int(s["turn"]) <= DEFAULT_TURNS_PER_PLAYER * n:
        p = int(s["dplayer"])
        x = observe(s, p)
        obs.append(x)
        who.append(p)
        apply_action(s, agents[p](s))
    if not obs:
        return np.zeros((0, 1), np.float32), np.zeros(0)
    values = np.array([outcome(s, p) for p in range(n)])
    return net.context(np.stack(obs)), values[np.array(who)]


def ridge(c: np.ndarray, y: np.ndarray, lam: float) -> tuple[np.ndarray, float]:
    """``w, b`` minimizing ``|c w + b - y|^2 + lam |w|^2`` (the bias not penalized)."""
    x = np.concatenate([c.astype(np.float64), np.ones((len(c), 1))], 1)
    reg = lam * np.eye(x.shape[1])
    reg[-1, -1] = 0.0
    sol = np.linalg.solve(x.T @ x + reg, x.T @ y)
    return sol[:-1], float(sol[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="", help="the entity model whose trunk is used (default: the shipped one)")
    ap.add_argument("--players", type=int, default=1, choices=(1, 2, 3), help="with the shipped model")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--policies", nargs="+", default=["heuristic"], help="agent specs playing the games, in turn")
    ap.add_argument("--ridge", type=float, default=1.0, help="ridge penalty on the weights")
    ap.add_argument("--out", required=True, help="the model file to write (.npz)")
    args = ap.parse_args(argv)
    if args.games < 5:
        ap.error(f"--games must be at least 5 (a fit and a held-out part), got {args.games}")
    path = Path(args.model) if args.model else default_model_path(args.players)
    net = load_net(path)
    if not isinstance(net, NumpyEntityNet):
        ap.error(f"{path} is a {net.meta.get('kind')} model; a value head is fitted onto an entity model")
    t0 = time.perf_counter()
    data = [play(net, args.policies[g % len(args.policies)], args.seed, g) for g in range(args.games)]
    cut = int(0.8 * args.games)
    fit_c, fit_y = np.concatenate([d[0] for d in data[:cut]]), np.concatenate([d[1] for d in data[:cut]])
    val_c, val_y = np.concatenate([d[0] for d in data[cut:]]), np.concatenate([d[1] for d in data[cut:]])
    w, b = ridge(fit_c, fit_y, args.ridge)
    mse = float(np.mean((val_c @ w + b - val_y) ** 2))
    base = float(np.mean((fit_y.mean() - val_y) ** 2))
    w, b = ridge(np.concatenate([fit_c, val_c]), np.concatenate([fit_y, val_y]), args.ridge)
    weights = {k: v for k, v in net.w.items()}
    weights["value.weight"] = w.reshape(-1, 1).astype(np.float32)
    weights["value.bias"] = np.array([b], dtype=np.float32)
    made_by = {"command": "python3 experiments/fit_value_head.py " + " ".join(sys.argv[1:] if argv is None else argv),
               "seed": args.seed, "games": args.games, "policies": args.policies, "trunk_of": str(path),
               "trunk_made_by": net.meta.get("made_by", {})}
    save_net(args.out, weights, net.num_players, net.meta.get("dims", {}), made_by, "entity", value_target="outcome")
    print(json.dumps({"out": args.out, "samples": int(len(fit_y) + len(val_y)), "held_out_mse": round(mse, 5),
                      "constant_mse": round(base, 5), "held_out_r2": round(1 - mse / base, 4) if base else None,
                      "mean_target": round(float(fit_y.mean()), 4), "seconds": round(time.perf_counter() - t0, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
