"""Which of a list of solo deals each agent wins: a quick paired check of search variants on chosen deals.

``df-env bench`` plays deals 0..N-1 of a seed; this plays only the deals named (for example the deals an agent lost
in a study, docs/net_mcts_losses.md), each agent on each deal with the bench's seeds: deal g is the engine seed
``derive_seed(seed, g)`` and the agent seed ``derive_seed(seed, g, 1)`` (as ``df-env bench --players 1``), so a
deal's game is the bench's game of that deal; ``--agent-key K`` seeds the agents by ``derive_seed(seed, g, K)``
instead (the same deals, other draws of the searches: a control for deals chosen because an agent lost them). Prints per
agent the deals won, and per deal who won it; CPU ms a decision counts only the agents' searches (process time
around each decision).

    python experiments/deal_wins.py --seed 41 --deals 9,26,36 --agents net-mcts:iters=400 \
        "net-mcts:iters=400,root=gumbel" [--jobs 2] [--out /tmp/deal_wins.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from agents import make_agent
from df_env.bench import derive_seed
from df_env.games.deep_future.engine.api import GameConfig, apply_action, new_game

MAX_TURNS = 100  # the bench's turn limit for one player


def play(spec: str, seed: int, g: int, key: int = 1) -> dict[str, Any]:
    """Deal ``g`` of ``seed`` played solo by ``spec`` with the agent seed ``derive_seed(seed, g, key)``: won or not,
    decisions, CPU seconds spent choosing."""
    policy = make_agent(spec).as_policy(0, derive_seed(seed, g, key))
    s = new_game(GameConfig(num_players=1), derive_seed(seed, g))
    decisions, cpu = 0, 0.0
    while not s["over"] and s["turn"] <= MAX_TURNS:
        t0 = time.process_time()
        a = int(policy(s))
        cpu += time.process_time() - t0
        apply_action(s, a)
        decisions += 1
    won = bool(s["over"]) and not bool(s["lost"][0])
    return {"agent": spec, "deal": g, "won": won, "decisions": decisions, "cpu": cpu}


def _parse_deals(text: str) -> list[int]:
    """``"9,26,36"`` or ``"0-99"`` (or a mix: ``"0-9,20"``)."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi) + 1)) if hi else [int(lo)]
    return out


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
    deals = _parse_deals(args.deals)
    for spec in args.agents:
        make_agent(spec)  # a bad spec fails here, before any game
    tasks = [(spec, args.seed, g, args.agent_key) for g in deals for spec in args.agents]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(play, *zip(*tasks, strict=True)))
    for spec in args.agents:
        mine = [r for r in rows if r["agent"] == spec]
        won = [r["deal"] for r in mine if r["won"]]
        ms = 1000 * sum(r["cpu"] for r in mine) / max(1, sum(r["decisions"] for r in mine))
        print(f"{spec}: won {len(won)} of {len(mine)}; {ms:.1f} CPU ms a decision; won deals {won}")
    for g in deals:
        print(g, " ".join("W" if r["won"] else "." for r in rows if r["deal"] == g))
    if args.out:
        args.out.write_text(json.dumps({"seed": args.seed, "agents": args.agents, "games": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
