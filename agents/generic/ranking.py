"""Compiled helpers the games' searches share."""

from __future__ import annotations

from df_env.core.jit import njit

__all__ = ["rank_descending"]


@njit
def rank_descending(keys, items, m):
    """Sort ``items[:m]`` in place by ``keys[item]``, highest first; equal keys keep their order (an insertion sort:
    the searches rank a root's actions, a few dozen at most)."""
    for i in range(1, m):
        item = items[i]
        j = i - 1
        while j >= 0 and keys[items[j]] < keys[item]:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = item
