"""How far a search agrees with itself: two independent searches of the same decisions (other search draws).

A fit can learn a search's ranking of sibling actions (train_value.py ``--children``) only as far as that ranking
is the position's and not the search's draws. This plays ``--games`` solo games with the search ``--spec``
(game g dealt with the engine seed ``derive_seed(seed, g)``, played by search A's most visited action) and at every
searched decision runs a second search B of the same state with other draws. It reports how often B's most
visited action is A's, and how often B's values order A's two most visited actions (and all pairs of A's ``--k`` most
visited) as A's values do: the share a perfect student of A could reach against an independent draw of A.

    python experiments/value_rounds/teacher_noise.py --spec mcts:iters=6400 --seed 1400 --games 2 [--json out.json]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # train_value beside this script, however it is loaded
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # experiments/solo_deals

from solo_deals import write_json_whole
from train_value import pair_counts

from agents import make_agent
from df_env.bench import DEFAULT_TURNS_PER_PLAYER, derive_seed
from df_env.games.deep_future import engine


def pairs(order: np.ndarray, qa: np.ndarray, qb: np.ndarray, seen: np.ndarray) -> tuple[int, int]:
    """(pairs that B orders as A, pairs counted): pairs of the actions ``order`` (A's most visited first) that both
    searches visited and A valued differently."""
    return pair_counts(qb[order][None], qa[order][None], seen[order][None])


def play(spec: str, seed: int, game: int, k: int, tally: dict[str, int]) -> None:
    """One game played by search A; every searched decision also searched by B; the counts added to ``tally``."""
    gseed = derive_seed(seed, game)
    s = engine.new_game(engine.GameConfig(num_players=1), gseed)
    a, b = (make_agent(spec).as_policy(0, derive_seed(seed, game, key)).agent for key in (1, 2))
    said = time.time()
    while not s["over"] and s["turn"] <= DEFAULT_TURNS_PER_PLAYER:
        m = engine.legal_mask(s)
        if m.sum() == 1:
            engine.apply_action(s, int(np.flatnonzero(m)[0]))
            continue
        ca, qa = np.where(m, a.search(s), 0.0), a.last_q.copy()
        cb, qb = np.where(m, b.search(s), 0.0), b.last_q.copy()
        order = np.argsort(-ca, kind="stable")
        order = order[ca[order] > 0]
        tally["decisions"] += 1
        tally["same_choice"] += int(np.argmax(ca) == np.argmax(cb))
        for key, top in (("top2", order[:2]), ("pairs", order[:k])):
            same, total = pairs(top, qa, qb, (ca > 0) & (cb > 0))
            tally[key + "_same"] += same
            tally[key + "_total"] += total
        if time.time() - said >= 9:  # two deep searches a decision: never silent for more than 10 s
            print(f"  game {game}: turn {int(s['turn'])}, {tally['decisions']} decisions", flush=True)
            said = time.time()
        engine.apply_action(s, int(np.argmax(ca)))


def summary(t: dict[str, int]) -> dict[str, Any]:
    """The shares of the tally."""
    return {"decisions": t["decisions"], "same_choice": t["same_choice"] / max(t["decisions"], 1),
            "top2_ordered_alike": t["top2_same"] / max(t["top2_total"], 1), "top2_pairs": t["top2_total"],
            "pairs_ordered_alike": t["pairs_same"] / max(t["pairs_total"], 1), "pairs": t["pairs_total"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--spec", default="mcts:iters=6400", help="the search agent (mcts or net-mcts spec)")
    ap.add_argument("--seed", type=int, default=1400)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--k", type=int, default=6, help="pairs among A's K most visited actions (as gen_value.py "
                    "--children K)")
    ap.add_argument("--json", default="", help="also write the figures to this JSON file (written whole)")
    a = ap.parse_args(argv)
    if a.games < 1 or a.k < 2:
        ap.error(f"--games must be 1 or more and --k 2 or more, got {a.games} and {a.k}")
    if not hasattr(make_agent(a.spec), "search"):
        ap.error(f"--spec {a.spec!r} is not a search agent (mcts or net-mcts)")
    tally = dict.fromkeys(("decisions", "same_choice", "top2_same", "top2_total", "pairs_same", "pairs_total"), 0)
    for g in range(a.games):
        play(a.spec, a.seed, g, a.k, tally)
        print(f"{g + 1} games: {summary(tally)}", flush=True)
    if a.json:
        write_json_whole(a.json, {"args": vars(a), **summary(tally)}, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
