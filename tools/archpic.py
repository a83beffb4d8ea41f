"""Draws docs/architecture.png, the layers of df_env (docs/architecture.md).

    python -m tools.archpic
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

OUT = Path(__file__).resolve().parents[1] / "docs" / "architecture.png"
BOXES = [  # (label, y, colour)
    ("adapters: envs (Gymnasium, PettingZoo, vector, SB3) / CLI, bench, terminal / agents", 5, "#f4d35e"),
    ("public API (api.py: new_game, legal_actions, apply_action) + compiled boundary (kernels.py)", 4, "#ee964b"),
    ("observation/ (encode, determinize)    text/ (render, card and event text)    io/ (positions)", 3, "#f95738"),
    ("rules/: flow, setup, actions/, advancing, evoke, endturn, victory (+ fillers) + legality/: mask, marks, queries",
     2,
     "#0d3b66"),
    ("model/: constants + tables, state record, action layout, decision catalogue, rng, events, names", 1,
     "#083d77"),
]


def main() -> None:
    fig, ax = plt.subplots(figsize=(9, 4.2))
    for label, y, colour in BOXES:
        ax.add_patch(plt.Rectangle((0.02, y - 0.4), 0.96, 0.8, color=colour))
        ax.text(0.5, y, label, ha="center", va="center", fontsize=9, color="white" if y < 3 else "black")
    for y in range(1, 5):
        ax.annotate("", xy=(0.5, y + 0.4), xytext=(0.5, y + 0.6), arrowprops={"arrowstyle": "<-"})
    ax.text(0.5, 0.25, "df_env/campaign above the engine; tools/ and tests/ outside the package", ha="center",
            fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 5.5)
    ax.axis("off")
    ax.set_title("df_env: each layer uses only the layers below it (arrows: used by)", fontsize=10)
    fig.tight_layout()
    fig.savefig(OUT, dpi=100)


if __name__ == "__main__":
    main()
