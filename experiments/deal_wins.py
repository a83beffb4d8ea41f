"""Which of a list of solo deals each agent wins: a quick paired check of search variants on chosen deals.

``df-env bench`` plays deals 0..N-1 of a seed; this plays only the deals named (for example the deals an agent lost
in a study, docs/net_mcts_losses.md), each agent on each deal with the bench's seeds: deal g is the engine seed
``derive_seed(seed, g)`` and the agent seed ``derive_seed(seed, g, 1)`` (as ``df-env bench --players 1``), so a
searching agent's game of a deal is the bench's game of that deal (``random``, ``heuristic`` and ``net`` the bench
plays compiled, with other draws: experiments/solo_deals.py); ``--agent-key K`` seeds the agents by
``derive_seed(seed, g, K)`` instead (the same deals, other draws of the searches: a control for deals chosen because an
agent lost them). Prints per agent the deals won, and per deal who won it; CPU ms a decision counts only the agents'
searches (process time around each decision).

    python experiments/deal_wins.py --seed 41 --deals 9,26,36 --agents net-mcts:iters=400 \
        "net-mcts:iters=400,root=gumbel" [--jobs 2] [--out /tmp/deal_wins.json]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # solo_deals beside this script, however it is loaded

from solo_deals import parse_deals, play_all, play_deal, write_json_whole

from agents import make_agent
from df_env.bench import derive_seed


def play(spec: str, seed: int, g: int, key: int = 1) -> dict[str, Any]:
    """Deal ``g`` of ``seed`` played solo by ``spec`` with the agent seed ``derive_seed(seed, g, key)``: won or not,
    decisions, CPU seconds spent choosing."""
    policy = make_agent(spec).as_policy(0, derive_seed(seed, g, key))
    return {"agent": spec, "deal": g, **play_deal(lambda s, mask: policy(s), derive_seed(seed, g))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--deals", required=True, help="deal numbers: 9,26,36 or 0-99")
    ap.add_argument("--agents", nargs="+", required=True)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--agent-key", type=int, default=1,
                    help="agent seed derive_seed(seed, g, KEY) (1: the bench's; another: the same deals, other "
                         "search draws, a control for selection on deals an agent lost)")
    ap.add_argument("--out", type=Path, default=None, help="also write the games as JSON here")
    args = ap.parse_args(argv)
    try:
        deals = parse_deals(args.deals)
        for spec in args.agents:
            make_agent(spec)  # a bad spec fails here, before any game
    except ValueError as e:
        ap.error(str(e))
    tasks = [(spec, args.seed, g, args.agent_key) for g in deals for spec in args.agents]
    rows = play_all(play, tasks, args.jobs)
    for spec in args.agents:
        mine = [r for r in rows if r["agent"] == spec]
        won = [r["deal"] for r in mine if r["won"]]
        ms = 1000 * sum(r["cpu"] for r in mine) / max(1, sum(r["decisions"] for r in mine))
        print(f"{spec}: won {len(won)} of {len(mine)}; {ms:.1f} CPU ms a decision; won deals {won}")
    for g in deals:
        print(g, " ".join("W" if r["won"] else "." for r in rows if r["deal"] == g))
    if args.out:
        write_json_whole(args.out, {"seed": args.seed, "agents": args.agents, "games": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
