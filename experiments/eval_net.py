"""Evaluate a model file (``.npz``) on fixed seeds, batched (seconds, where ``df-env bench`` plays it decision by
decision): solo game g uses the engine seed ``derive_seed(seed, g)``, the same deals as ``df-env bench --seed
SEED``; the heuristic plays the same games as the baseline.

    python experiments/eval_net.py df_env/models/net_1p.npz --games 500 --seed 0
    python experiments/eval_net.py model_2p.npz --games 200 --opponents random heuristic
"""

from __future__ import annotations

import argparse
import json

from df_env.net.numpy_net import load_net
from df_env.train.evaluate import evaluate_agent, evaluate_policy


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("model")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--opponents", nargs="*", default=[], help="multiplayer: the spec of the other seats")
    args = p.parse_args()
    net = load_net(args.model)
    n = net.num_players
    for opp in args.opponents or [""]:
        r = evaluate_policy(net.act, n, opp, args.games, args.seed)
        b = evaluate_agent("heuristic", n, opp, args.games, args.seed)
        for who, res in (("net", r), ("heuristic", b)):
            print(json.dumps({"agent": who, **res.as_dict()}))
            print(f"{who:10s} {res.opponent:10s} {res.wins}/{res.games} = {100 * res.win_rate:.1f}% "
                  f"(95% CI {100 * res.lo:.1f}-{100 * res.hi:.1f}), mean turns {res.mean_turns:.1f}")


if __name__ == "__main__":
    main()
