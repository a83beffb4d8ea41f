"""Golden playthroughs (OpenSpiel style): a seeded random game written as text at every decision, so that any
behaviour change of the engine shows up as a readable diff in the tests.

    python -m df_env.games.deep_future.tools.playthrough --players 2 --seed 0  # print one
    python -m df_env.games.deep_future.tools.playthrough --update  # rewrite tests/games/deep_future/golden/*.txt
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from df_env.games.deep_future.engine.api import GameConfig, apply_action, is_terminal, legal_actions, new_game, returns
from df_env.games.deep_future.engine.text.render import action_to_string, decision_to_string, event_strings
from df_env.games.deep_future.tools import REPO

GOLDEN = [(1, 0), (1, 7), (2, 1), (3, 2)]
GOLDEN_DIR = REPO / "tests" / "games" / "deep_future" / "golden"


def playthrough(n_players: int, seed: int) -> str:
    """The text of a random game: its setup events, then each decision, its legal actions, the choice (drawn
    from ``np.random.default_rng(seed)``) and the events it caused."""
    rng = np.random.default_rng(seed)
    s = new_game(GameConfig(num_players=n_players), seed=seed)
    lines = [f"# df_env playthrough: {n_players} player(s), seed {seed}", "setup:"]
    lines += [f"  {e}" for e in event_strings(s)]
    while not is_terminal(s):
        legal = legal_actions(s)
        lines.append(f"decision: {decision_to_string(s)}")
        lines.append("  legal: " + " | ".join(f"{a} {action_to_string(s, int(a))}" for a in legal))
        a = int(rng.choice(legal))
        lines.append(f"  chosen: {a} {action_to_string(s, a)}")
        apply_action(s, a)
        lines += [f"  {e}" for e in event_strings(s)]
    lines.append(f"returns: {returns(s).tolist()}")
    return "\n".join(lines) + "\n"


def golden_path(n_players: int, seed: int) -> Path:
    return GOLDEN_DIR / f"playthrough_{n_players}p_seed{seed}.txt"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--update", action="store_true", help="rewrite the golden files of the tests")
    args = ap.parse_args()
    if args.update:
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        for n, seed in GOLDEN:
            golden_path(n, seed).write_text(playthrough(n, seed))
            print("wrote", golden_path(n, seed))
    else:
        print(playthrough(args.players, args.seed), end="")


if __name__ == "__main__":
    main()
