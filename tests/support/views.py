"""Read-only views of a state shared by the scenario tests: the cards of a pile, a hand, a tableau row, and a
sector's cubes by its printed number (R2)."""

from __future__ import annotations

import numpy as np

from df_env.games.deep_future.engine.model.constants import sector_index


def pile(s: np.ndarray, name: str) -> list[int]:
    """The cards of ``deck``, ``discard`` or ``chal``, bottom first."""
    return [int(c) for c in s[name][: s[name + "_n"]]]


def hand(s: np.ndarray, p: int = 0) -> list[int]:
    return [int(c) for c in s["hand"][p, : s["hand_n"][p]]]


def techs(s: np.ndarray, p: int = 0) -> list[int]:
    return [int(c) for c in s["techs"][p, : s["techs_n"][p]]]


def worlds(s: np.ndarray, p: int = 0) -> list[int]:
    return [int(c) for c in s["worlds"][p, : s["worlds_n"][p]]]


def cubes(s: np.ndarray, printed: int) -> tuple[int, int]:
    """(cubes, owner) of the sector with that printed number; owner -1 when empty."""
    x = sector_index(printed)
    n = int(s["cubes"][x])
    return n, (int(s["owner"][x]) if n else -1)
