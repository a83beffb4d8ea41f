"""Whole Galactic Civ games in compiled code when every seat has a compiled policy (``random``, ``first``,
``heuristic``): benchmarks (``Game.play_compiled``) and search rollouts (:mod:`agents.galactic_civ.mcts`)."""

from __future__ import annotations

import numpy as np

from agents.galactic_civ.heuristic_rules import choose
from df_env.core.jit import njit
from df_env.games.galactic_civ.engine.decide import apply
from df_env.games.galactic_civ.engine.kernels import pick_random
from df_env.games.galactic_civ.progress import peak_update

RANDOM, HEURISTIC, FIRST = 0, 1, 2  # the policy codes of agents.base.Agent.policy_code


@njit
def policy_action(s, r, code):
    """The action of compiled policy ``code`` for the pending decision of record ``s``."""
    if code == HEURISTIC:
        return choose(s, r)
    if code == FIRST:
        return s["legal"][0]  # the legal list is ascending: the lowest legal action
    return pick_random(s, r)


@njit
def play_rec(s, seat_codes, r, max_turns, peak, counts):
    """Play record ``s`` on with policy ``seat_codes[seat]`` for each decision until the game ends or the turn
    counter passes ``max_turns``; ``peak`` keeps each seat's highest progress, ``counts`` its decisions."""
    peak_update(s, peak)
    while not s["over"] and s["turn"] <= max_turns:
        p = s["dplayer"]
        apply(s, policy_action(s, r, seat_codes[p]))
        counts[p] += 1
        peak_update(s, peak)


@njit
def play_arr(a, seat_codes, r, max_turns, peak, counts):
    """:func:`play_rec` on ``a[0]``."""
    play_rec(a[0], seat_codes, r, max_turns, peak, counts)


def play(state: np.ndarray, seat_codes: np.ndarray, words: np.ndarray,
         max_turns: int = 10**6) -> tuple[np.ndarray, np.ndarray]:
    """Play ``state`` (in place) with compiled policies, seat p by ``seat_codes[p]``, drawing from generator words
    ``words``; returns (decisions per seat, peak progress per seat)."""
    n = int(state["n_players"])
    peak = np.zeros(n, dtype=np.float64)
    counts = np.zeros(n, dtype=np.int64)
    play_arr(state.reshape(1), np.asarray(seat_codes, dtype=np.int64), words, max_turns, peak, counts)
    return counts, peak
