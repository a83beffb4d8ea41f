"""What Galactic Civ adds to a match above the rules: whole games in compiled code when every seat has a compiled
policy (``random``, ``first``, ``heuristic``: :mod:`agents.galactic_civ.fast`)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from df_env.core.rng import seed_words

if TYPE_CHECKING:
    from agents.base import Agent


def play_compiled(s: np.ndarray, agents: Sequence[Agent], agent_seed: int,
                  max_turns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Play the game of ``s`` to its end or ``max_turns`` in compiled code when every agent has a compiled policy
    (every seat's choices drawn from ``seed_words(agent_seed)``); returns (decisions, peak progress, seconds,
    CPU seconds) per seat, the time shared by decision count, or None when some agent has no compiled policy."""
    codes = [a.policy_code for a in agents]
    if any(c is None for c in codes):
        return None
    from agents.galactic_civ.fast import play as fast_play

    t0, c0 = time.perf_counter(), time.thread_time()
    counts, peak = fast_play(s, np.array(codes, dtype=np.int64), seed_words(agent_seed), max_turns)
    share = counts / max(1, int(counts.sum()))
    return counts, peak, (time.perf_counter() - t0) * share, (time.thread_time() - c0) * share
