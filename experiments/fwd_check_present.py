"""Check the encoder property that the compiled forward pass (df_env.net.numba_net) relies on: a card slot whose
"present" feature (its first) is 0 has every feature 0, so that the pass may take such a slot as empty from that
one input instead of testing all 40.

Plays games of 1, 2 and 3 players with the random and the heuristic agent and checks every player's observation
at every decision (``df_env.games.deep_future.engine.observation.observe``). Exits with status 1 on a counterexample.

    PYTHONPATH=. python experiments/fwd_check_present.py [--games G]
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from agents import make_agent
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation import observe
from df_env.net.netlayout import entity_layout


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20, help="games per player count and agent")
    a = ap.parse_args()
    checked = slots = filled = 0
    for n in (1, 2, 3):
        idx = entity_layout(n).card_idx
        for name in ("random", "heuristic"):
            for g in range(a.games):
                s = engine.new_game(engine.GameConfig(num_players=n), seed=1000 * n + g)
                agents = [make_agent(name).as_policy(p, g) for p in range(n)]
                while not engine.is_terminal(s):
                    for me in range(n):
                        cards = observe(s, me)[idx]  # (slots, 40)
                        empty = cards[:, 0] == 0.0
                        bad = empty & (cards != 0.0).any(1)
                        if bad.any():
                            print(f"{n} players, {name}, game {g}, observer {me}: slots {np.flatnonzero(bad)} have "
                                  "inputs but 'present' 0")
                            return 1
                        checked += 1
                        slots += cards.shape[0]
                        filled += int((~empty).sum())
                    mask = engine.legal_mask(s)
                    engine.apply_action(s, int(agents[int(s["dplayer"])](s, mask)))
    print(f"ok: {checked} observations, {slots} card slots ({filled} filled): every slot with 'present' 0 is all zero")
    return 0


if __name__ == "__main__":
    sys.exit(main())
