"""What every game's compiled match shares (``Game.play_compiled``): the seats' compiled policy codes, the agents'
generator words from the agent seed, and the time shared among the seats by their decisions."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .rng import seed_words

Timed = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def timed_compiled_play(play: Callable[..., tuple[np.ndarray, np.ndarray]], s: np.ndarray, agents: Sequence[Any],
                        agent_seed: int, max_turns: int) -> Timed | None:
    """Play the game of ``s`` to its end or ``max_turns`` with a game's compiled whole-game player ``play(state,
    codes, words, max_turns) -> (decisions, peak progress)`` when every agent has a compiled policy (every seat's
    choices drawn from ``seed_words(agent_seed)``); returns (decisions, peak progress, seconds, CPU seconds) per seat,
    the time shared by decision count, or None when some agent has no compiled policy."""
    codes = [a.policy_code for a in agents]
    if any(c is None for c in codes):
        return None
    t0, c0 = time.perf_counter(), time.thread_time()
    counts, peak = play(s, np.array(codes, dtype=np.int64), seed_words(agent_seed), max_turns)
    share = counts / max(1, int(counts.sum()))
    return counts, peak, (time.perf_counter() - t0) * share, (time.thread_time() - c0) * share
