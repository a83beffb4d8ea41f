"""``random``: a uniformly random legal action.

Benchmarks run games where every seat is ``random`` (or ``heuristic``) entirely in compiled code
(:mod:`agents.deep_future.fast`), drawing from generator words instead of the agent's ``np.random.Generator``; both
draws are uniform over the legal actions and reproducible from the game's seed. """

from __future__ import annotations

import numpy as np

from agents.base import Agent, Option, build_options

OPTIONS: dict[str, Option] = {}


class RandomAgent(Agent):
    """Picks uniformly among the legal actions.

    Example:
        >>> import numpy as np
        >>> a = RandomAgent(); a.reset(np.random.default_rng(0))
        >>> a.act(None, np.array([False, True, False]))
        1
    """

    policy_code = 0

    def __init__(self, name: str = "random") -> None:
        self.name = name
        self.rng = np.random.default_rng(0)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.rng = rng

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise ValueError("no legal action: the mask is all False (is the game over?)")
        return int(legal[self.rng.integers(legal.size)])


def make(spec: str, raw: dict[str, str]) -> RandomAgent:
    build_options("random", raw, OPTIONS)
    return RandomAgent(spec)
