"""What Galactic Civ adds to a match above the rules: whole games in compiled code when every seat has a compiled
policy (``random``, ``first``, ``heuristic``: :mod:`agents.galactic_civ.fast`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from df_env.core.match import timed_compiled_play

if TYPE_CHECKING:
    from agents.base import Agent


def play_compiled(s: np.ndarray, agents: Sequence[Agent], agent_seed: int,
                  max_turns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Whole games in compiled code (:func:`df_env.core.match.timed_compiled_play` over
    :func:`agents.galactic_civ.fast.play`), or None when some agent has no compiled policy."""
    from agents.galactic_civ.fast import play as fast_play

    return timed_compiled_play(fast_play, s, agents, agent_seed, max_turns)
