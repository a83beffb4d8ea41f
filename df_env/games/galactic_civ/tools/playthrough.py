"""Galactic Civ's golden playthroughs: a seeded random game written as text at every decision (the decision, its
legal actions, the choice and what followed: draws as counts, rolls, plays, events, votes), so that a behaviour
change of the engine shows as a readable diff in tests/games/galactic_civ/test_gc_golden.py.

    python -m df_env.games.galactic_civ.tools.playthrough --players 4 --seed 2 --events  # print one
    python -m df_env.games.galactic_civ.tools.playthrough --update  # rewrite tests/games/galactic_civ/golden/
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from df_env.games.galactic_civ import GAME as G
from df_env.games.galactic_civ.engine.text import log_lines
from df_env.games.galactic_civ.tools import REPO

GOLDEN = [(2, 1, False), (4, 2, True)]  # (players, seed, events)
GOLDEN_DIR = REPO / "tests" / "games" / "galactic_civ" / "golden"


def playthrough(n_players: int, seed: int, events: bool) -> str:
    """The text of a random game (choices from ``np.random.default_rng(seed)``), ending with the final position."""
    rng = np.random.default_rng(seed)
    s = G.new_game(G.make_config(n_players, events=events), seed)
    lines = [f"# Galactic Civ playthrough: {n_players} players, seed {seed}, events {'on' if events else 'off'}"]
    lines += [f"  {e}" for e in log_lines(s)]
    while not G.is_terminal(s):
        legal = G.legal_actions(s)
        lines.append(f"decision: {G.decision_to_string(s)}")
        lines.append("  legal: " + " | ".join(f"{a} {G.action_to_string(s, int(a))}" for a in legal))
        a = int(rng.choice(legal))
        lines.append(f"  chosen: {a} {G.action_to_string(s, a)}")
        G.apply_action(s, a)
        lines += [f"  {e}" for e in log_lines(s) if e]
    lines.append(G.render(s))
    lines.append(f"returns: {G.returns(s).tolist()}")
    return "\n".join(lines) + "\n"


def golden_path(n_players: int, seed: int, events: bool) -> Path:
    return GOLDEN_DIR / f"playthrough_{n_players}p_seed{seed}{'_events' if events else ''}.txt"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--events", action="store_true")
    ap.add_argument("--update", action="store_true", help="rewrite the golden files of the tests")
    args = ap.parse_args()
    if args.update:
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        for n, seed, events in GOLDEN:
            golden_path(n, seed, events).write_text(playthrough(n, seed, events))
            print("wrote", golden_path(n, seed, events))
    else:
        print(playthrough(args.players, args.seed, args.events), end="")


if __name__ == "__main__":
    main()
