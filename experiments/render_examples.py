"""Write docs/render_example.png and docs/render_example.txt: one mid-game position of a 2-player game (built-in
heuristic agents on both seats up to turn 14), drawn by ``render_mode="rgb_array"`` and ``"ansi"`` as player 0
sees it.

Run: ``python experiments/render_examples.py``.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.image as mpimg
import numpy as np

from df_env.games.deep_future import engine
from df_env.games.deep_future.envs.gym_env import DeepFutureEnv

DOCS = Path(__file__).resolve().parent.parent / "docs"


def position(seed: int = 11, turns: int = 14) -> np.ndarray:
    """A position after ``turns`` player-turns of heuristic play (random play if the agents package is absent)."""
    from agents.deep_future.fast import HEURISTIC, play

    for k in range(50):
        s = engine.new_game(engine.GameConfig(num_players=2), seed=seed + k)
        play(s, np.array([HEURISTIC, HEURISTIC]), np.array([seed + k, 2, 3, 4]), max_turns=turns)
        if not s["over"] and int(s["dplayer"]) == 0 and not s["lost"].any() and int(s["techs_n"][1]) > 0:
            return s
    raise RuntimeError("no unfinished position found")


def main() -> None:
    s = position()
    DOCS.mkdir(exist_ok=True)
    for mode in ("rgb_array", "ansi"):
        env = DeepFutureEnv(num_players=2, render_mode=mode)
        env.reset(seed=0, options={"state": s})
        out = env.render()
        if mode == "ansi":
            (DOCS / "render_example.txt").write_text(out + "\n")
        else:
            mpimg.imsave(DOCS / "render_example.png", out)
    print(f"wrote {DOCS / 'render_example.png'} and {DOCS / 'render_example.txt'}")


if __name__ == "__main__":
    main()
