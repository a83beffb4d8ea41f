"""How a campaign's galaxy evolves: play N games in one campaign and print the deck, wonders and win rate.

    python experiments/campaign_report.py --games 50 --players 1 --seed 0            # random play (compiled)
    python experiments/campaign_report.py --games 50 --agent heuristic --out c.json  # any agents spec

Each row is the state after that game: the pool by card type, named sectors, wonders, the era and the win rate
so far. The campaign file (``--out``, default a temporary file) can be inspected with ``campaign_show``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from df_env.games.deep_future.campaign.commands import Policy, campaign_new, campaign_play
from df_env.games.deep_future.campaign.core import Campaign, GameRecord
from df_env.games.deep_future.engine.model.constants import BLANK, CIV, TECH, WORLD

HEADER = f"{'game':>4} {'era':>3} {'result':<10} {'turns':>5} {'cards':>5} {'blank':>5} {'world':>5} {'tech':>5} " \
         f"{'civ':>4} {'named':>5} {'wonders':>7} {'win rate':>8}"


def row(rec: GameRecord, camp: Campaign, wins: int) -> str:
    g = camp.galaxy
    types = np.bincount(g["c_type"][: camp.n_cards], minlength=4)
    result = {"victory": f"win {'TPCMSX'[rec.victory or 0]}", "no_winner": "lost", "truncated": "stopped"}
    return (f"{rec.game:>4} {rec.era:>3} {result[rec.outcome]:<10} {rec.turns:>5} {camp.n_cards:>5} "
            f"{types[BLANK]:>5} {types[WORLD]:>5} {types[TECH]:>5} {types[CIV]:>4} "
            f"{int(np.sum(g['sector_name'] >= 0)):>5} {int(np.sum(g['wonder'] >= 0)):>7} {wins / rec.game:>8.1%}")


def agent_policies(spec: str, n: int):  # type: ignore[no-untyped-def]
    """A function game_seed -> one fresh policy per seat built from an :mod:`agents` spec."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository's agents package
    from agents import make_agent

    def for_game(seed: int) -> Sequence[Policy]:
        return [make_agent(spec).as_policy(p, seed) for p in range(n)]

    return for_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0, help="campaign seed")
    ap.add_argument("--agent", default=None, help="agents spec for every seat (default: compiled random play)")
    ap.add_argument("--max-turns", type=int, default=1000)
    ap.add_argument("--every", type=int, default=1, help="print every k-th game")
    ap.add_argument("--out", default=None, help="campaign file to write (default: a temporary file)")
    args = ap.parse_args()
    path = args.out or os.path.join(tempfile.mkdtemp(), "campaign.json")
    campaign_new(path, args.seed, overwrite=args.out is not None)
    agents = agent_policies(args.agent, args.players) if args.agent else None
    wins = [0]
    print(f"campaign {path}: seed {args.seed}, {args.players} player(s), agent {args.agent or 'random (compiled)'}")
    print(HEADER)

    def on_game(rec: GameRecord, camp: Campaign) -> None:
        wins[0] += rec.outcome == "victory"
        if rec.game % args.every == 0 or rec.game == args.games:
            print(row(rec, camp, wins[0]), flush=True)

    t = time.perf_counter()
    campaign_play(path, args.games, agents, num_players=args.players, players=[args.agent or "random"] * args.players,
                  max_turns=args.max_turns, on_game=on_game)
    print(f"{args.games} games in {time.perf_counter() - t:.1f} s (each saved to {path})")


if __name__ == "__main__":
    main()
