"""What Deep Future adds to a match above the rules: whole games in compiled code when every seat has a compiled
policy (``random``, ``first``, ``heuristic``: :mod:`agents.deep_future.fast`), and each seat's progress score
(:mod:`df_env.games.deep_future.progress`), the closest he came to winning."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from df_env.core.match import timed_compiled_play
from df_env.games.deep_future.progress import peak_update_arr

if TYPE_CHECKING:
    from agents.base import Agent


def play_compiled(s: np.ndarray, agents: Sequence[Agent], agent_seed: int,
                  max_turns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Whole games in compiled code (:func:`df_env.core.match.timed_compiled_play` over
    :func:`agents.deep_future.fast.play`), or None when some agent has no compiled policy."""
    from agents.deep_future.fast import play as fast_play

    return timed_compiled_play(fast_play, s, agents, agent_seed, max_turns)


def update_peaks(s: np.ndarray, peak: np.ndarray) -> None:
    """Raise ``peak[p]`` to seat p's progress score in ``s`` where it is higher."""
    peak_update_arr(s.reshape(1), peak)
