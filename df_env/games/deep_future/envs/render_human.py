"""``render_mode="human"``: the picture of ``rgb_array`` in a window (matplotlib), where a display exists.

Without a display (no ``DISPLAY``/``WAYLAND_DISPLAY`` on Linux) or without an interactive matplotlib backend, the
person is shown the game as text instead: ``render()`` prints the ``ansi`` view to stdout, and says once (a
warning) why there is no window and what it would need. So an env made with ``render_mode="human"`` works on every
machine (Gymnasium's ``check_env`` makes one for each declared render mode).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import numpy as np

NEEDS = ("render_mode='human' opens a window where it can: that needs a display{why} and an interactive matplotlib "
         "backend (e.g. TkAgg: apt-get install python3-tk). Without one the game is printed as text (the 'ansi' "
         "view); for a picture use render_mode='rgb_array', or play in a browser with df-env serve")
NON_INTERACTIVE = ("agg", "pdf", "svg", "ps", "cairo", "template")


def display_problem() -> str | None:
    """Why no window can be opened here (None: a display seems to exist)."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return NEEDS.format(why=" (DISPLAY and WAYLAND_DISPLAY are not set)")
    return None


def window_problem() -> str | None:
    """Why no window can be opened here: no display, or a matplotlib backend that cannot open windows (None: a
    window can be opened)."""
    problem = display_problem()
    if problem:
        return problem
    import matplotlib.pyplot as plt

    backend = plt.get_backend().lower()
    if backend in NON_INTERACTIVE or "inline" in backend:
        return NEEDS.format(why=f" (matplotlib's backend is {backend!r}, which cannot open windows)")
    return None


_WINDOW: list[Window] = []  # one window for the process, updated in place
_TOLD: list[str] = []  # the reason there is no window, once told


def show(state: Any, observer: int | None) -> None:
    """Show ``state`` as ``observer`` sees it: in the window, or as text on stdout where no window can open."""
    if not _WINDOW and not _TOLD:
        problem = window_problem()
        if problem:
            import warnings

            warnings.warn(problem, stacklevel=4)  # at the caller of env.render()
            _TOLD.append(problem)
        else:
            _WINDOW.append(Window())
    if _WINDOW:
        from .render_rgb import render_rgb

        _WINDOW[0].show(render_rgb(state, observer))
        return
    from df_env.games.deep_future.engine.text.render import render_text

    print(render_text(state, observer), flush=True)


class Window:
    """One matplotlib window, updated in place at every ``render()``."""

    def __init__(self) -> None:
        import matplotlib.pyplot as plt

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
