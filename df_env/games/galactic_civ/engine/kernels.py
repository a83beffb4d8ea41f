"""Compiled entry points over state arrays (a record reaches numba by pointer through a 1-d array), and whole
random games in compiled code (benchmarks, the conformance of long runs)."""

from __future__ import annotations

import numpy as np

from df_env.core.jit import njit  # the one compile wrapper of every game, with its on-disk cache
from df_env.core.rng import below

from .core import fill_mask
from .decide import apply
from .flow import run, start_game


@njit
def start_game_arr(a, random_races):
    start_game(a[0], random_races)


@njit
def apply_arr(a, action):
    apply(a[0], action)


@njit
def run_arr(a):
    """Run from the state's phase and step to the next decision (after a position without one is loaded)."""
    run(a[0])


@njit
def fill_mask_arr(a):
    fill_mask(a[0])


@njit
def pick_random(s, r):
    """A uniformly random legal action of the pending decision, drawn from generator words r."""
    return s["legal"][below(r, s["n_legal"])]


@njit
def random_games_arr(template, r, n_games, out_decisions, out_winner, out_victory):
    """Play ``n_games`` random games from copies of ``template``'s records (cyclically), whole games in compiled
    code; per game: decisions taken, winner (-1 none) and victory code."""
    work = np.empty(1, dtype=template.dtype)
    for g in range(n_games):
        work[0] = template[g % template.shape[0]]
        s = work[0]
        n = 0
        while not s["over"]:
            apply(s, pick_random(s, r))
            n += 1
        out_decisions[g] = n
        out_winner[g] = s["winner"]
        out_victory[g] = s["victory"]
