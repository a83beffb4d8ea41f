"""``render_mode="human"``: the picture of ``rgb_array`` in a window (matplotlib), where a display exists.

Without a display (no ``DISPLAY``/``WAYLAND_DISPLAY`` on Linux) or without an interactive matplotlib backend, the
env refuses ``render_mode="human"`` when it is made, saying what it needs and what to use instead.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import numpy as np

NEEDS = ("render_mode='human' opens a window: it needs a display{why} and an interactive matplotlib backend (e.g. "
         "TkAgg: apt-get install python3-tk). Without one, use render_mode='rgb_array' (a picture to save or show "
         "yourself) or 'ansi' (text), or play in a browser with df-env serve")


def display_problem() -> str | None:
    """Why no window can be opened here (None: a display seems to exist)."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return NEEDS.format(why=" (DISPLAY and WAYLAND_DISPLAY are not set)")
    return None


class Window:
    """One matplotlib window, updated in place at every ``render()``."""

    def __init__(self) -> None:
        import matplotlib.pyplot as plt

        backend = plt.get_backend().lower()
        if backend in ("agg", "pdf", "svg", "ps", "cairo", "template") or "inline" in backend:
            raise RuntimeError(NEEDS.format(why=f" (matplotlib's backend is {backend!r}, which cannot open windows)"))
        self.plt = plt
        self.fig, self.ax = plt.subplots(figsize=(16, 9))
        self.ax.axis("off")
        self.image: Any = None

    def show(self, img: np.ndarray) -> None:
        if self.image is None:
            self.image = self.ax.imshow(img)
            self.fig.tight_layout()
        else:
            self.image.set_data(img)
        self.plt.pause(0.001)
