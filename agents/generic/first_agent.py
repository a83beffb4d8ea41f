"""``first``: always the first legal action (the lowest action index the mask allows).

A trivial baseline: no search, no randomness, no look at the game beyond the mask. Any agent worth its name
should beat it. Because the engine numbers the actions of every decision in a fixed order, ``first`` plays a
fixed, deterministic strategy (for example, in the action decision it takes the first action kind on offer).
Benchmarks run games whose every seat is ``first`` (or ``random``, ``heuristic``) entirely in compiled code
(:mod:`agents.deep_future.fast`, policy code 2).
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent, Option, build_options

OPTIONS: dict[str, Option] = {}


class FirstAgent(Agent):
    """Takes the lowest legal action index.

    Example:
        >>> import numpy as np
        >>> FirstAgent().act(None, np.array([False, False, True, True]))
        2
    """

    policy_code = 2

    def __init__(self, name: str = "first") -> None:
        self.name = name

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise ValueError("no legal action: the mask is all False (is the game over?)")
        return int(legal[0])


def make(spec: str, raw: dict[str, str]) -> FirstAgent:
    build_options("first", raw, OPTIONS)
    return FirstAgent(spec)
