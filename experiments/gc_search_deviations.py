"""Where a search's Galactic Civ moves differ from the heuristic's, and what each difference is worth: the study
behind the 4-player figures of docs/galactic_civ/training.md ("Why mcts trails the heuristic at 4 players").

Plays ``--games`` games of ``--players`` seats: the searching agent ``--agent`` in seat ``g % players`` of game g,
the other seats ``--table`` (a comma list, one agent per other seat). At each decision of the searching seat with
two or more legal actions where its move differs from the heuristic's, both moves are valued by ``--samples``
paired rollouts to the game's end (each sample one determinization for the acting seat and one set of generator
words shared by both moves), twice:

* **real**: every other seat plays its own compiled policy (``heuristic``, ``first`` or ``random``: the table as it
  is; a seat of another agent plays the heuristic);
* **model**: every seat plays the heuristic, which is what ``mcts``'s rollouts assume.

Prints each difference and, at the end, the mean gain of the search's move over the heuristic's (win probability,
with its standard error) by both valuations. A search whose differences gain nothing in the model and lose in the
real table is misled by its model of the other seats, not only by its noise.

    python experiments/gc_search_deviations.py --agent mcts:iters=400 --table heuristic,first,random --games 4
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

import numpy as np

from agents import make_agent
from agents.base import words_from
from agents.galactic_civ.fast import FIRST, HEURISTIC, RANDOM, play
from df_env.core import make_game

G = make_game("galactic_civ")
CODES = {"heuristic": HEURISTIC, "first": FIRST, "random": RANDOM}


def paired_values(s: Any, moves: list[int], codes: np.ndarray, samples: int, seed: list[int]) -> np.ndarray:
    """The acting seat's mean result (1 win, 0.5 draw, 0 loss) of each of ``moves`` over paired rollouts."""
    p, rng = G.current_player(s), np.random.default_rng(seed)
    out = np.zeros(len(moves))
    for _ in range(samples):
        base, words = G.determinize(s, p, rng), words_from(rng)
        for j, a in enumerate(moves):
            t = base.copy()
            G.apply_action(t, a)
            play(t, codes, words.copy())
            out[j] += (G.returns(t)[p] + 1.0) / 2.0
    return out / samples


def study_game(g: int, args: argparse.Namespace, gains: dict[str, list[float]]) -> None:
    n, table = args.players, args.table.split(",")
    me = g % n
    specs = dict(zip([q for q in range(n) if q != me], table, strict=True)) | {me: args.agent}
    policies = {q: make_agent(specs[q], game="galactic_civ").as_policy(q, g, G) for q in range(n)}
    heuristic = make_agent("heuristic", game="galactic_civ").as_policy(me, g + 10_000, G)
    real = np.array([CODES.get(specs[q], HEURISTIC) for q in range(n)], np.int64)
    model = np.full(n, HEURISTIC, np.int64)
    s, step = G.new_game(G.make_config(n), seed=args.seed + g), 0
    while not G.is_terminal(s):
        a = policies[G.current_player(s)](s)
        if G.current_player(s) == me and G.legal_actions(s).size >= 2 and (h := heuristic(s)) != a:
            vr = paired_values(s, [a, h], real, args.samples, [args.seed, g, step])
            vm = paired_values(s, [a, h], model, args.samples, [args.seed, g, step])
            gains["real"].append(vr[0] - vr[1])
            gains["model"].append(vm[0] - vm[1])
            print(f"game {g} turn {int(s['turn']):2d}  {G.action_to_string(s, a)[:38]:38s} (search) against "
                  f"{G.action_to_string(s, h)[:38]:38s} (heuristic)  real {vr[0]:.3f} / {vr[1]:.3f}  model "
                  f"{vm[0]:.3f} / {vm[1]:.3f}", flush=True)
        G.apply_action(s, a)
        step += 1
    print(f"game {g}: the search in seat {me}; winner {int(s['winner'])}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", default="mcts:iters=400", help="the searching agent studied")
    ap.add_argument("--table", default="heuristic,first,random", help="the other seats' agents, comma separated")
    ap.add_argument("--players", type=int, default=4, help="seats at the table (2-6)")
    ap.add_argument("--games", type=int, default=4, help="games played (seeds SEED..SEED+games-1)")
    ap.add_argument("--samples", type=int, default=150, help="paired rollouts a move")
    ap.add_argument("--seed", type=int, default=500, help="the first game's seed")
    args = ap.parse_args()
    if len(args.table.split(",")) != args.players - 1:
        ap.error(f"--table needs {args.players - 1} agents (one per other seat), got {args.table!r}")
    gains: dict[str, list[float]] = {"real": [], "model": []}
    for g in range(args.games):
        study_game(g, args, gains)
    k = len(gains["real"])
    for name, xs in gains.items():
        se = statistics.stdev(xs) / k**0.5 if k > 1 else float("nan")
        mean = statistics.mean(xs) if xs else float("nan")
        print(f"{k} moves differ from the heuristic's; mean gain of the search's move, {name} valuation: "
              f"{mean:+.4f} (standard error {se:.4f})")


if __name__ == "__main__":
    main()
