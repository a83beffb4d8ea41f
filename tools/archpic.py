"""Draws docs/architecture.png, the layers of df_env (docs/architecture.md): one core, many games.

    python -m tools.archpic
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

OUT = Path(__file__).resolve().parents[1] / "docs" / "architecture.png"
# (label, x, y, width, colour): x and width in [0, 1]; y the row (the lower uses nothing above it)
BOXES = [
    ("callers, any game: df-env CLI, bench, ladder, game logs, terminal play and replay (df_env/terminal.py),\n"
     "generic envs (df_env/envs/generic.py), agents/generic (random, first, ismcts) and the agents' registry",
     0.02, 4, 0.96, "#f4d35e"),
    ("Deep Future's own: games/deep_future/{envs (DeepFuture-v0,\ndeep_future_v0, vector env), campaign, analysis, "
     "progress,\nscreen, web, tools}, agents/deep_future (heuristic, mcts,\nnet, net-mcts, oracle); "
     "df_env/net, train",
     0.02, 3, 0.56, "#ee964b"),
    ("Galactic Civ's own:\nagents/galactic_civ, games/galactic_civ/\n{play, progress, screen, web, tools}", 0.60, 3,
     0.38,
     "#ee964b"),
    ("games/deep_future (game.py: the adapter)\nover games/deep_future/engine: api, kernels,\n"
     "observation, text, io, rules, legality, model", 0.02, 2, 0.56, "#0d3b66"),
    ("games/galactic_civ (game.py)\nover its engine/: flow, core, decide,\nobserve, text, position, state, tables",
     0.60, 2, 0.38, "#0d3b66"),
    ("df_env/core, knows no game: the Game protocol + GameInfo, the registry (make_game), errors,\n"
     "the conformance suite (api_test), jit (the compile wrapper and its cache), rng", 0.02, 1, 0.96, "#083d77"),
]


def main() -> None:
    fig, ax = plt.subplots(figsize=(10, 5))
    for label, x, y, w, colour in BOXES:
        ax.add_patch(plt.Rectangle((x, y - 0.42), w, 0.84, color=colour))
        ax.text(x + w / 2, y, label, ha="center", va="center", fontsize=8.5,
                color="white" if y < 3 else "black")
    for y in range(1, 4):
        ax.annotate("", xy=(0.5, y + 0.42), xytext=(0.5, y + 0.58), arrowprops={"arrowstyle": "<-"})
    ax.text(0.5, 0.3, "a game is one package under df_env/games + one line in core/registry.py "
            "(docs/adding_a_game.md); its tools in games/<id>/tools; tools/ (generic) and tests/ outside",
            ha="center", fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 4.6)
    ax.axis("off")
    ax.set_title("df_env: one core, many games; each layer uses only the layers below it (arrows: used by)",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(OUT, dpi=100)


if __name__ == "__main__":
    main()
