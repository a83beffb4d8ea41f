"""How far pairing the rollouts of two root actions cuts the noise of comparing them (Galactic Civ, 2 players): the
study behind ``net-mcts:root=halving`` (agents/galactic_civ/halving.py, docs/galactic_civ/training.md).

Plays games with ``--agent`` at both seats; every ``--every`` decisions with at least 3 legal actions it estimates
each legal action's value for the acting seat by ``--samples`` heuristic rollouts to the game's end, each sample one
determinization and one set of generator words shared by every action (paired, as ``root=halving`` plays them).
Prints per position the three best means and the spread (standard deviation) of the difference between the best
two actions' results, paired (the same sample) and unpaired (a shuffled sample of the second): the smaller the
paired spread, the fewer rollouts a paired search needs to tell the two apart ((unpaired / paired)^2 times fewer).

    python experiments/gc_paired_rollouts.py --games 2 --samples 200 --agent mcts:iters=100
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from agents import make_agent
from agents.base import words_from
from agents.galactic_civ.fast import HEURISTIC, play
from df_env.core import make_game

G = make_game("galactic_civ")


def paired_results(s: Any, legal: np.ndarray, samples: int, rng: np.random.Generator) -> np.ndarray:
    """(samples, actions): the acting seat's result (1 win, 0.5 draw, 0 loss) of each action's rollout, each row
    one determinization and one set of rollout words for every action."""
    p = G.current_player(s)
    codes = np.full(int(s["n_players"]), HEURISTIC, np.int64)
    out = np.zeros((samples, legal.size))
    for k in range(samples):
        base, words = G.determinize(s, p, rng), words_from(rng)
        for j, a in enumerate(legal):
            t = base.copy()
            G.apply_action(t, int(a))
            play(t, codes, words.copy())
            out[k, j] = (G.returns(t)[p] + 1.0) / 2.0
    return out


def study_game(agent: str, seed: int, samples: int, every: int) -> None:
    s = G.new_game(G.make_config(2), seed=seed)
    policies = [make_agent(agent, game="galactic_civ").as_policy(p, seed, G) for p in range(2)]
    step = 0
    while not G.is_terminal(s):
        legal = G.legal_actions(s)
        if legal.size >= 3 and step % every == 0:
            rng = np.random.default_rng([seed, step])
            q = paired_results(s, legal, samples, rng)
            mean = q.mean(axis=0)
            best = np.argsort(-mean, kind="stable")[:3]
            paired = q[:, best[0]] - q[:, best[1]]
            unpaired = q[:, best[0]] - q[rng.permutation(samples), best[1]]
            print(f"game {seed} decision {step:3d} turn {int(s['turn']):2d} legal {legal.size:2d}  best three "
                  f"{np.round(mean[best], 3)}  spread of the difference: paired {paired.std():.3f}, unpaired "
                  f"{unpaired.std():.3f}", flush=True)
        G.apply_action(s, policies[G.current_player(s)](s))
        step += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games studied (seeds 0..games-1)")
    ap.add_argument("--samples", type=int, default=200, help="paired samples a position")
    ap.add_argument("--every", type=int, default=12, help="study one decision in this many")
    ap.add_argument("--agent", default="mcts:iters=100", help="the agent that plays the games studied")
    args = ap.parse_args()
    for seed in range(args.games):
        study_game(args.agent, seed, args.samples, args.every)


if __name__ == "__main__":
    main()
