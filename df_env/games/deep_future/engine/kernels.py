"""Compiled entry points over state arrays (records are passed to numba by pointer through a 1-d array)."""

from __future__ import annotations

import numpy as np

from ._jit import CACHE_DIR, njit  # noqa: F401  (CACHE_DIR: where the compiled code is cached)
from .legality.mask import fill_mask
from .model.rng import below
from .observation.encode import encode  # noqa: F401  (the observation of a record, for compiled agents)

# registers that compiled agents read in the frame of the procedure asking, s["f_reg"][s["sp"] - 1, R_...]
from .rules.actions.battle import R_BATTLE_FROM  # noqa: F401
from .rules.actions.expand import R_EXPAND_SOURCE  # noqa: F401
from .rules.advancing import R_GEN_SUIT  # noqa: F401
from .rules.flow import apply, run, start_game


@njit
def start_game_arr(a):
    start_game(a[0])


@njit
def apply_arr(a, action):
    apply(a[0], action)


@njit
def pick_random(s, r):
    """A uniformly random legal action of the pending decision, drawn from generator words ``r``."""
    k = below(r, s["n_legal"])
    for i in range(s["mask"].shape[0]):
        if s["mask"][i]:
            if k == 0:
                return i
            k -= 1
    return -1


@njit
def random_playout_arr(a, r, max_decisions):
    """Play state a[0] to the end (or ``max_decisions``) with uniformly random legal actions drawn from
    generator words r. Returns the number of decisions taken."""
    s = a[0]
    n = 0
    while not s["over"] and n < max_decisions:
        apply(s, pick_random(s, r))
        n += 1
    return n


@njit
def random_games_arr(template, r, n_games, max_decisions, out_decisions, out_winner, out_turns):
    """Play ``n_games`` random games from copies of ``template`` (a fresh start position each), whole games in
    compiled code; per game: decisions taken, winner (-1 none), turns."""
    work = np.empty(1, dtype=template.dtype)
    for g in range(n_games):
        work[0] = template[g % template.shape[0]]
        n = random_playout_arr(work, r, max_decisions)
        out_decisions[g] = n
        out_winner[g] = work[0]["winner"]
        out_turns[g] = work[0]["turn"]


@njit
def run_arr(a):
    """Run the engine from its current procedure stack to the next decision (used after loading a position)."""
    run(a[0])


@njit
def fill_mask_arr(a):
    """Recompute the mask of the pending decision (derived data, e.g. after editing a state by hand)."""
    return fill_mask(a[0])
