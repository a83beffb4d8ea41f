"""``ismcts``: determinized Monte Carlo tree search over any :class:`df_env.core.Game` that offers
``determinize`` (single-observer ISMCTS, Cowling et al.), written against the Game contract alone.

It is the ``mcts`` of a game that has no compiled search of its own (Deep Future's ``mcts`` is compiled:
:mod:`agents.deep_future.mcts`), and it plays every game as ``ismcts``. Every iteration determinizes the position for
the acting seat (what it cannot see is resampled: :meth:`Game.determinize`), selects down an open-loop tree of action
sequences with UCB1 counting each action's availability, expands one untried legal action, plays random moves for
``turns`` turns (0: to the end) and backs up the returns (+1 win, -1 loss, 0 unfinished, rescaled to [0, 1]) from the
point of view of the seat that chose each edge. The action played is the most visited root action.

Example:
    >>> import numpy as np
    >>> import df_env
    >>> from agents import make_agent
    >>> game = df_env.make_game("deep_future")
    >>> s = game.new_game(game.make_config(num_players=1), seed=0)
    >>> policy = make_agent("ismcts:iters=10,turns=1").as_policy(seat=0, seed=0, game=game)
    >>> bool(game.legal_mask(s)[policy(s)])
    True
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from agents.base import Agent, Option, build_options, non_negative_float, non_negative_int, positive_int
from df_env.core import Game, make_game
from df_env.core.fmath import log, log_count_table

OPTIONS: dict[str, Option] = {
    "iters": Option(positive_int, 100, "search iterations per decision"),
    "time": Option(non_negative_float, 0.0, "seconds per decision (0: no limit; the search stops at whichever "
                   "of iters and time comes first)"),
    "turns": Option(non_negative_int, 2, "random-rollout length in turns after the tree (0: to the end)"),
    "c": Option(non_negative_float, 0.7, "UCB1 exploration constant"),
}


def _log_count(k: int) -> float:
    """UCB's logarithm of a count, with glibc's bits on every system (:func:`df_env.core.fmath.log_count`)."""
    table = log_count_table()
    return float(table[k]) if k < table.shape[0] else log(float(k))


@dataclass
class _Node:
    """A node of the open-loop tree: per action, visits, value sum (for the seat that chose it) and availability."""

    visits: dict[int, int] = field(default_factory=dict)
    value: dict[int, float] = field(default_factory=dict)
    avail: dict[int, int] = field(default_factory=dict)
    children: dict[int, _Node] = field(default_factory=dict)

    def select(self, legal: np.ndarray, c: float) -> int:
        for a in legal.tolist():
            self.avail[a] = self.avail.get(a, 0) + 1
        untried = [a for a in legal.tolist() if a not in self.visits]
        if untried:
            return untried[0]
        return max(legal.tolist(), key=lambda a: self.value[a] / self.visits[a]
                   + c * math.sqrt(_log_count(self.avail[a]) / self.visits[a]))

    def update(self, action: int, value: float) -> None:
        self.visits[action] = self.visits.get(action, 0) + 1
        self.value[action] = self.value.get(action, 0.0) + value


class ISMCTSAgent(Agent):
    """The generic determinized search (see the module docstring)."""

    uses_state = True

    def __init__(self, name: str, iters: int, seconds: float, turns: int, c: float, game: Game) -> None:
        if not game.info.has("determinize"):
            raise ValueError(f"ismcts needs a game that offers determinize; {game.info.name} does not")
        self.name, self.iters, self.seconds, self.turns, self.c, self.game = name, iters, seconds, turns, c, game
        self.rng = np.random.default_rng(0)
        self.seat = 0

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.rng, self.seat = rng, player

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: Any = None) -> int:
        if state is None:
            raise ValueError("ismcts needs the state (uses_state)")
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            return int(legal[0])
        visits = self.root_visits(state)
        return int(max(legal.tolist(), key=lambda a: (visits.get(a, 0), -a)))

    def root_visits(self, state: Any) -> dict[int, float]:
        """Search ``state`` for the seat to act; each root action's visit count (the move: the most visited)."""
        root = _Node()
        seat = self.game.current_player(state)
        t_end = time.perf_counter() + self.seconds if self.seconds > 0 else math.inf
        for _ in range(self.iters):
            self._iterate(root, self.game.determinize(state, seat, self.rng))
            if time.perf_counter() >= t_end:
                break
        return {a: float(v) for a, v in root.visits.items()}

    def _iterate(self, root: _Node, s: Any) -> None:
        game, path, node = self.game, [], root
        while not game.is_terminal(s):
            legal = game.legal_actions(s)
            a = node.select(legal, self.c)
            path.append((node, a, game.current_player(s)))
            game.apply_action(s, a)
            if a not in node.children:
                node.children[a] = _Node()
                break
            node = node.children[a]
        values = self._rollout(s)
        for node, a, seat in path:
            node.update(a, values[seat])

    def _rollout(self, s: Any) -> np.ndarray:
        game = self.game
        stop = game.turn(s) + self.turns if self.turns else math.inf
        while not game.is_terminal(s) and game.turn(s) < stop:
            legal = game.legal_actions(s)
            game.apply_action(s, int(legal[self.rng.integers(legal.size)]))
        return (game.returns(s) + 1.0) / 2.0


TAKES_GAME = True  # make_agent passes the game's id: this agent plays any game


def make(spec: str, raw: dict[str, str], game: str = "deep_future") -> ISMCTSAgent:
    o = build_options("ismcts", raw, OPTIONS)
    iters, seconds, turns, c = (o[k] for k in ("iters", "time", "turns", "c"))
    assert isinstance(iters, int) and isinstance(turns, int) and isinstance(seconds, float) and isinstance(c, float)
    return ISMCTSAgent(spec, iters, seconds, turns, c, make_game(game))
