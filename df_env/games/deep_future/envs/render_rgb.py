"""A picture of a position (``render_mode="rgb_array"``), drawn with matplotlib's Agg backend (no window, no
pyplot state).

Left: the hex galaxy, sectors labelled with their printed numbers; cubes as a coloured disc with their count
(players red, blue, green; neutral rivals yellow, the colours of the text view); homeworlds with a thick ring
in the player's colour, settled worlds with a thin one, neutral-line worlds with a yellow diamond, wonders with a
star and their letter; the sector in the pending decision's context is outlined. Right: the tracks as bars, each
player's tableau, the hand the observer may see, the neutral line, the piles and the pending decision.

Example:
    >>> from df_env.games.deep_future import engine
    >>> from df_env.games.deep_future.envs.render_rgb import render_rgb
    >>> img = render_rgb(engine.new_game(engine.GameConfig(2), seed=0), observer=0)
    >>> img.shape[2], img.dtype
    (3, dtype('uint8'))
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle, RegularPolygon

from df_env.games.deep_future.engine.model.constants import (
    N_SECTORS,
    NEIGH,
    NEUTRAL,
    SECTOR_IDS,
    TRACK_MAX,
    TRACK_MIN,
    TRACK_NAMES,
)
from df_env.games.deep_future.engine.model.state import State
from df_env.games.deep_future.engine.text import render as T

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c")
NEUTRAL_COLOUR = "#e6b800"
SIZE_INCHES = (16.0, 9.0)
DPI = 80

# flat-topped hexes: direction d (1..6, R2) from a sector to its neighbour
_STEP = ((0.0, math.sqrt(3)), (1.5, math.sqrt(3) / 2), (1.5, -math.sqrt(3) / 2), (0.0, -math.sqrt(3)),
         (-1.5, -math.sqrt(3) / 2), (-1.5, math.sqrt(3) / 2))


def _hex_centres() -> np.ndarray:
    """Centre of each sector, found by walking the map's directions out from the black hole."""
    pos = np.full((N_SECTORS, 2), np.nan)
    pos[0] = (0.0, 0.0)
    frontier = [0]
    while frontier:
        nxt = []
        for x in frontier:
            for d in range(6):
                y = int(NEIGH[x, d])
                if y >= 0 and np.isnan(pos[y, 0]):
                    pos[y] = pos[x] + _STEP[d]
                    nxt.append(y)
        frontier = nxt
    return pos


CENTRES = _hex_centres()


def _colour(owner: int) -> str:
    return NEUTRAL_COLOUR if owner == NEUTRAL else PLAYER_COLOURS[owner]


def _world_sectors(s: np.ndarray) -> tuple[dict[int, int], dict[int, int], set[int]]:
    """Sectors of the homeworlds and settled worlds (-> player), and of the neutral line's worlds."""
    homes, worlds = {}, {}
    for p in range(int(s["n_players"])):
        if s["home"][p] >= 0:
            homes[int(s["c_sector"][s["home"][p]])] = p
        for i in range(int(s["worlds_n"][p])):
            worlds[int(s["c_sector"][s["worlds"][p, i]])] = p
    line = {int(s["c_sector"][c]) for c in s["line"] if c >= 0}
    return homes, worlds, line


def _context_sector(s: np.ndarray) -> int:
    from df_env.games.deep_future.engine.observation.encode import CTX_KIND, K_SECTOR

    dk = int(s["dk"])
    if dk > 0 and not s["over"] and CTX_KIND[dk, 0] == K_SECTOR:
        return int(s["ctx"][0])
    return -1


def _draw_sector(ax: Axes, s: np.ndarray, x: int, marks: tuple[dict[int, int], dict[int, int], set[int]],
                 focus: int) -> None:
    cx, cy = CENTRES[x]
    homes, worlds, line = marks
    face = "#222222" if x == 0 else "#f4f1e8"
    edge, width = ("#ff00ff", 3.5) if x == focus else ("#888888", 1.0)
    ax.add_patch(RegularPolygon((cx, cy), 6, radius=0.98, orientation=math.pi / 6, facecolor=face, edgecolor=edge,
                                linewidth=width))
    ax.text(cx, cy + 0.62, "BH" if x == 0 else str(int(SECTOR_IDS[x])), ha="center", va="center", fontsize=8,
            color="#bbbbbb" if x == 0 else "#555555")
    n = int(s["cubes"][x])
    if n > 0:
        owner = int(s["owner"][x])
        ax.add_patch(Circle((cx, cy - 0.05), 0.36, facecolor=_colour(owner), edgecolor="black", linewidth=0.8))
        ax.text(cx, cy - 0.05, str(n), ha="center", va="center", fontsize=11, weight="bold",
                color="black" if owner == NEUTRAL else "white")
    if x in homes:
        ax.add_patch(RegularPolygon((cx, cy), 6, radius=0.86, orientation=math.pi / 6, fill=False,
                                    edgecolor=PLAYER_COLOURS[homes[x]], linewidth=4))
    if x in worlds:
        ax.add_patch(RegularPolygon((cx, cy), 6, radius=0.8, orientation=math.pi / 6, fill=False,
                                    edgecolor=PLAYER_COLOURS[worlds[x]], linewidth=1.8, linestyle="--"))
    if x in line:
        ax.plot([cx - 0.55], [cy - 0.5], marker="D", markersize=7, color=NEUTRAL_COLOUR, markeredgecolor="black")
    if s["wonder"][x] >= 0:
        ax.plot([cx + 0.55], [cy - 0.5], marker="*", markersize=13, color="#9467bd", markeredgecolor="black")
        ax.text(cx + 0.55, cy - 0.82, T.VICTORY_LETTERS[int(s["wonder"][x])], ha="center", fontsize=7)


def _draw_map(ax: Axes, s: np.ndarray) -> None:
    marks = _world_sectors(s)
    focus = _context_sector(s)
    for x in range(N_SECTORS):
        _draw_sector(ax, s, x, marks, focus)
    ax.set_xlim(CENTRES[:, 0].min() - 1.2, CENTRES[:, 0].max() + 1.2)
    ax.set_ylim(CENTRES[:, 1].min() - 1.2, CENTRES[:, 1].max() + 1.2)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title("thick ring: homeworld   dashed: settled world   diamond: neutral line world   star: wonder",
                 fontsize=8)


def _draw_tracks(ax: Axes, s: np.ndarray) -> None:
    n = int(s["n_players"])
    for t in range(4):
        for p in range(n):
            y = -(t * (n + 1) + p)
            v = int(s["tracks"][p, t])
            lo, hi = int(TRACK_MIN[t]), int(TRACK_MAX[t])
            ax.barh(y, hi - lo, left=lo, color="#eeeeee", height=0.8)
            ax.barh(y, v - max(lo, 0) if t == 0 else v, left=0, color=PLAYER_COLOURS[p], height=0.8)
            ax.text(hi + 0.3, y, f"{v:+d}" if t else str(v), va="center", fontsize=8)
        ax.text(-6.3, -(t * (n + 1)) - (n - 1) / 2, TRACK_NAMES[t], ha="right", va="center", fontsize=9)
    ax.axvline(0, color="black", linewidth=0.6)
    ax.set_xlim(-6.5, 13.5)
    ax.axis("off")


def _player_lines(s: np.ndarray, p: int, observer: int | None) -> list[str]:
    head = f"player {p}" + (" (lost)" if s["lost"][p] else "") + (" — to decide" if s["dplayer"] == p else "")
    out = [head]
    if s["home"][p] >= 0:
        out.append("  home  " + T.card_to_string(s, int(s["home"][p])))
    for i in range(int(s["techs_n"][p])):
        out.append("  tech  " + T.card_to_string(s, int(s["techs"][p, i])))
    for i in range(int(s["worlds_n"][p])):
        out.append("  world " + T.card_to_string(s, int(s["worlds"][p, i])))
    hand = [int(c) for c in s["hand"][p, : int(s["hand_n"][p])]]
    if observer is None or observer == p:
        out.append(f"  hand ({len(hand)}): " + ", ".join(T.card_label(s, c).split(" ", 1)[1] for c in hand))
    else:
        known = [c for c in hand if (int(s["c_known"][c]) >> observer) & 1]
        out.append(f"  hand: {len(hand)} cards" + (", known: " + ", ".join(T.card_label(s, c) for c in known)
                                                     if known else ""))
    return out


def _draw_text(ax: Axes, s: np.ndarray, observer: int | None) -> None:
    y = 1.0
    for p in range(int(s["n_players"])):
        for k, line in enumerate(_player_lines(s, p, observer)):
            ax.text(0.0, y, line[:110], fontsize=8, family="monospace", va="top",
                    color=PLAYER_COLOURS[p] if k == 0 else "black", weight="bold" if k == 0 else "normal")
            y -= 0.035
        y -= 0.015
    worlds = [T.card_to_string(s, int(c)) for c in s["line"] if c >= 0]
    for text in ["neutral line:"] + ["  " + w for w in worlds]:
        ax.text(0.0, y, text[:110], fontsize=8, family="monospace", va="top", color="#8a6d00")
        y -= 0.035
    piles = f"deck {int(s['deck_n'])}   discard {int(s['discard_n'])}   challenges {int(s['chal_n'])}"
    ax.text(0.0, y - 0.01, piles, fontsize=8, family="monospace", va="top")
    y -= 0.06
    for k, line in enumerate(_decision_lines(s)):
        ax.text(0.0, y, line, fontsize=9 if k < 2 else 8, va="top", weight="bold" if k < 2 else "normal",
                family=None if k < 2 else "monospace")
        y -= 0.035
    ax.axis("off")


def _decision_lines(s: np.ndarray, most: int = 6) -> list[str]:
    """The pending decision (wrapped to two lines) and its first legal actions."""
    if s["over"]:
        return ["game over" + (f": player {int(s['winner'])} won" if s["winner"] >= 0 else ": nobody won")]
    head = textwrap.wrap(T.decision_to_string(s).splitlines()[0], 100)[:2]
    legal = np.flatnonzero(s["mask"])
    lines = [f"  {int(a):4d}  {T.action_to_string(s, int(a))}"[:105] for a in legal[:most]]
    if legal.size > most:
        lines.append(f"  ... {legal.size - most} more legal actions")
    return head + lines


def render_rgb(state: State, observer: int | None = None) -> np.ndarray:
    """An ``(H, W, 3)`` uint8 picture of ``state``; ``observer`` hides the hands he cannot see (None: all)."""
    s = T.as_record(state)
    fig = Figure(figsize=SIZE_INCHES, dpi=DPI)
    canvas = FigureCanvasAgg(fig)
    grid = fig.add_gridspec(2, 2, width_ratios=(1.0, 1.15), height_ratios=(0.32, 0.68), left=0.01, right=0.99,
                            top=0.94, bottom=0.01, wspace=0.04, hspace=0.05)
    fig.suptitle(T.render_text(s, observer).splitlines()[0], fontsize=12)
    _draw_map(fig.add_subplot(grid[:, 0]), s)
    _draw_tracks(fig.add_subplot(grid[0, 1]), s)
    _draw_text(fig.add_subplot(grid[1, 1]), s, observer)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[:, :, :3].copy()
