"""Whole games in compiled code for the compiled policies (0 ``random``, 1 ``heuristic``, 2 ``first``).

Used by benchmarks (every seat a compiled policy: no Python per decision) and by MCTS rollouts.
"""

from __future__ import annotations

import numpy as np

from agents.deep_future.heuristic_rules import choose
from df_env.games.deep_future.engine._jit import njit, njit_inline
from df_env.games.deep_future.engine.kernels import pick_random
from df_env.games.deep_future.engine.rules.flow import apply
from df_env.games.deep_future.progress import peak_update

RANDOM, HEURISTIC, FIRST = 0, 1, 2
POLICY_NAMES = ("random", "heuristic", "first")


@njit_inline
def policy_action(s, r, code):
    """The action of compiled policy ``code`` for the pending decision of record ``s``."""
    if code == HEURISTIC:
        return choose(s, r)
    if code == FIRST:
        return pick_first(s)
    return pick_random(s, r)


@njit
def pick_first(s):
    """The lowest legal action of the pending decision of record ``s`` (-1 when there is none)."""
    for i in range(s["mask"].shape[0]):
        if s["mask"][i]:
            return i
    return -1


@njit_inline
def play_rec(s, seat_codes, r, max_turns, max_decisions, peak, counts):
    """Play record ``s`` on with policy ``seat_codes[player]`` for each decision until the game ends, the turn
    counter passes ``max_turns`` or ``max_decisions`` were taken; ``peak[p]`` keeps each player's highest
    progress score, ``counts[p]`` counts his decisions. Returns the number of decisions taken."""
    n = 0
    peak_update(s, peak)
    while not s["over"] and n < max_decisions and s["turn"] <= max_turns:
        p = s["dplayer"]
        apply(s, policy_action(s, r, seat_codes[p]))
        counts[p] += 1
        peak_update(s, peak)
        n += 1
    return n


@njit
def play_arr(a, seat_codes, r, max_turns, max_decisions, peak, counts):
    """:func:`play_rec` on ``a[0]`` (the way Python passes a state record to compiled code)."""
    return play_rec(a[0], seat_codes, r, max_turns, max_decisions, peak, counts)


def play(state: np.ndarray, seat_codes: np.ndarray, words: np.ndarray, max_turns: int = 10**6,
         max_decisions: int = 10**7) -> tuple[np.ndarray, np.ndarray]:
    """Play ``state`` (in place) with compiled policies, seat p by policy ``seat_codes[p]``, drawing from
    generator words ``words``; returns (decisions per player, peak progress per player).

    Example:
        >>> import numpy as np
        >>> from df_env.games.deep_future import engine
        >>> s = engine.new_game(engine.GameConfig(1), seed=3)
        >>> counts, peak = play(s, np.array([RANDOM]), np.array([1, 2, 3, 4]))
        >>> bool(s["over"]) and counts[0] > 0
        True
    """
    n = int(state["n_players"])
    peak = np.zeros(n, dtype=np.float64)
    counts = np.zeros(n, dtype=np.int64)
    codes = np.asarray(seat_codes, dtype=np.int64)
    play_arr(state.reshape(1), codes, words, max_turns, max_decisions, peak, counts)
    return counts, peak
