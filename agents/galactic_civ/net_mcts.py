"""``net-mcts`` (Galactic Civ): the determinized search of ``mcts`` (:mod:`agents.galactic_civ.mcts`) guided by a
trained network (``df-env train --game galactic_civ``, :mod:`df_env.net.game_mlp`).

Every iteration determinizes the position for the acting seat (:meth:`Game.determinize`: other hands, the decks
and the generator drawn again), walks down an open-loop tree of action sequences, expands one action, evaluates
the leaf and backs up each seat's value (1 win, 0 loss, 0.5 draw) for the seat that chose each edge, as ``mcts``
does; it differs in two places:

* **PUCT** (AlphaZero) instead of UCB1: at a node, over the actions legal in this determinization,
  ``Q(a) + c_puct * P(a) * sqrt(N) / (1 + n(a))``, with ``P`` the softmax of the network's logits over those
  actions, computed once per node on the acting seat's observation (at the root, the real position's), ``n(a)``
  the action's visits, ``N`` their sum and ``Q(a)`` its mean value (an unvisited action: the node's mean value);
* the **leaf**: ``rollout`` (the default: every seat plays the compiled heuristic to the game's end, as
  ``mcts``), ``value`` (the network's value output on the acting seat's observation, one sigmoid per seat; the
  same forward pass gives the new node's prior), or ``mix`` (their mean). At 100 iterations against
  ``mcts:iters=100`` the three won alike (14-15 of 20 games each, docs/galactic_civ/training.md) and ``rollout``
  costs the least CPU; the shipped value heads overfit their training games.

A network pass costs about as much as an iteration of ``mcts``, so the default ``iters`` (200) spends about the CPU
time of ``mcts:iters=400``. The action played is the most visited root action. Spec: ``net-mcts:iters=N`` with the
model shipped for the
table's player count (``df_env/models/galactic_civ_{n}p.npz``), or ``net-mcts:path=F.npz``. The same spec and
generator give the same moves.

Example:
    >>> import df_env
    >>> from agents import make_agent
    >>> game = df_env.make_game("galactic_civ")
    >>> s = game.new_game(game.make_config(2), seed=1)
    >>> seat = game.current_player(s)
    >>> policy = make_agent("net-mcts:iters=20", game="galactic_civ").as_policy(seat=seat, seed=0, game=game)
    >>> bool(game.legal_mask(s)[policy(s)])
    True
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from agents.base import Agent, Option, build_options, choice, non_negative_float, positive_int, words_from
from agents.galactic_civ.fast import HEURISTIC, play_arr
from agents.galactic_civ.net import ModelCache
from df_env.core import make_game
from df_env.net.game_mlp import GameMlp

OPTIONS: dict[str, Option] = {
    "iters": Option(positive_int, 200, "search iterations per decision (200: about the CPU time of mcts:iters=400)"),
    "time": Option(non_negative_float, 0.0, "seconds per decision (0: no limit; the search stops at whichever "
                   "of iters and time comes first)"),
    "c_puct": Option(non_negative_float, 1.0, "PUCT exploration constant (values are in [0, 1])"),
    "leaf": Option(choice("rollout", "value", "mix"), "rollout", "leaf evaluation: heuristic rollout to the end, the "
                   "network's value output, or their mean"),
    "path": Option(str, "", "a model file (.npz from df-env train --game galactic_civ); default: the shipped "
                            "model for the table's player count"),
}
LEAF_ROLLOUT, LEAF_VALUE, LEAF_MIX = "rollout", "value", "mix"

__all__ = ["GalacticCivNetMCTS", "make"]


class _Node:
    """A node of the open-loop tree: visits and value sums per action (for the seat that chose it), the logits of
    the network at the node (None until first needed) and the children."""

    __slots__ = ("children", "logits", "n", "w", "weights")

    def __init__(self, num_actions: int) -> None:
        self.n = np.zeros(num_actions)
        self.w = np.zeros(num_actions)
        self.logits: np.ndarray | None = None
        self.weights = np.zeros(num_actions)  # exp(logits - max): the prior before its normalization
        self.children: dict[int, _Node] = {}

    def set_logits(self, logits: np.ndarray) -> None:
        self.logits = logits
        lg = logits.astype(np.float64)
        self.weights = np.exp(lg - lg.max())

    def select(self, legal: np.ndarray, c_puct: float) -> int:
        """The PUCT choice among ``legal`` (the node's logits must be known)."""
        p = self.weights[legal]
        n, w = self.n[legal], self.w[legal]
        total = n.sum()
        fpu = w.sum() / total if total > 0 else 0.5
        q = np.where(n > 0, w / np.maximum(n, 1.0), fpu)
        z = p.sum()
        if not z > 0.0:  # every legal logit far below an illegal one's: a uniform prior
            p, z = np.ones(legal.size), float(legal.size)
        u = q + (c_puct * math.sqrt(max(total, 1.0)) / z) * p / (1.0 + n)
        return int(legal[int(np.argmax(u))])


class GalacticCivNetMCTS(Agent):
    """The network-guided determinized search (see the module docstring)."""

    uses_state = True

    def __init__(self, name: str, iters: int, seconds: float, c_puct: float, leaf: str, path: str) -> None:
        self.name, self.iters, self.seconds, self.c_puct, self.leaf = name, iters, seconds, c_puct, leaf
        self.game = make_game("galactic_civ")
        self.models = ModelCache("net-mcts", path)
        self.rng = np.random.default_rng(0)
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)
        self.net: GameMlp | None = None

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.rng = rng
        self.words = words_from(rng)

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if state is None:
            raise ValueError("net-mcts needs the state (uses_state): call act(obs, mask, state)")
        self.net = self.models.for_players(int(state["n_players"]))
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            return int(legal[0])
        return int(np.argmax(np.where(mask, self.search(state), -1.0)))

    def search(self, state: Any) -> np.ndarray:
        """The root's visit counts (over every action id) after a search from ``state``."""
        game = self.game
        seat = game.current_player(state)
        if self.net is None:
            self.net = self.models.for_players(int(state["n_players"]))
        root = _Node(game.info.num_actions)
        root.set_logits(self._forward(state, seat)[0])
        t_end = time.perf_counter() + self.seconds if self.seconds > 0 else math.inf
        for _ in range(self.iters):
            self._iterate(root, game.determinize(state, seat, self.rng))
            if time.perf_counter() >= t_end:
                break
        return root.n.copy()

    def _forward(self, s: Any, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The network's logits at ``s`` for ``seat`` and every seat's value (absolute seats)."""
        assert self.net is not None
        logits, values = self.net.forward(self.game.observe(s, seat))
        return logits[0], np.roll(values[0], seat)

    def _iterate(self, root: _Node, s: Any) -> None:
        game, path, node = self.game, [], root
        fresh: _Node | None = None
        while not game.is_terminal(s):
            legal = game.legal_actions(s)
            seat = game.current_player(s)
            if legal.size == 1:
                a = int(legal[0])
            else:
                if node.logits is None:
                    node.set_logits(self._forward(s, seat)[0])
                a = node.select(legal, self.c_puct)
            path.append((node, a, seat))
            game.apply_action(s, a)
            if a not in node.children:
                fresh = node.children[a] = _Node(game.info.num_actions)
                break
            node = node.children[a]
        values = self._evaluate(s, fresh)
        for node, a, seat in path:
            node.n[a] += 1.0
            node.w[a] += values[seat]

    def _evaluate(self, s: Any, child: _Node | None) -> np.ndarray:
        """Each seat's value of the leaf ``s`` in [0, 1]; a network pass also gives the new node ``child`` its
        logits."""
        game = self.game
        if game.is_terminal(s):
            return (game.returns(s) + 1.0) / 2.0
        value = None
        if self.leaf != LEAF_ROLLOUT:
            logits, value = self._forward(s, game.current_player(s))
            if child is not None:
                child.set_logits(logits)
            if self.leaf == LEAF_VALUE:
                return value
        n = int(s["n_players"])
        play_arr(s.reshape(1), np.full(n, HEURISTIC, dtype=np.int64), self.words, 10**6, np.zeros(n),
                 np.zeros(n, dtype=np.int64))
        rollout = (game.returns(s) + 1.0) / 2.0
        return rollout if value is None else (rollout + value) / 2.0


def make(spec: str, raw: dict[str, str]) -> GalacticCivNetMCTS:
    """A Galactic Civ net-mcts agent from its spec (options: :data:`OPTIONS`)."""
    o = build_options("net-mcts", raw, OPTIONS)
    iters, seconds, c_puct, leaf, path = (o[k] for k in ("iters", "time", "c_puct", "leaf", "path"))
    assert isinstance(iters, int) and isinstance(seconds, float) and isinstance(c_puct, float)
    return GalacticCivNetMCTS(spec, iters, seconds, c_puct, str(leaf), str(path))
