"""``net-mcts``: the determinized MCTS of :mod:`agents.mcts` guided by a trained network's policy (PUCT).

Every iteration is the one of ``mcts`` (determinize the canonical root for the acting player, walk down the
open-loop tree, expand one action, roll out with the heuristic or random policy for ``turns`` player-turns, back
up per-player values: 1 win, 0 loss, else the progress score), except for the selection rule:

* **PUCT** (AlphaZero) with availability counts (ISMCTS): at a node, over its legal actions ``a`` in this
  determinization (the heuristic's unsafe actions left out while a safe one exists),
  ``Q(a) + c_puct * P(a) * sqrt(N) / (1 + n(a))`` where ``n(a)`` is the action's visit count, ``N`` the sum of the
  visit counts of the legal actions, ``Q(a)`` the action's mean value (for an unvisited action: the node's mean
  value, "first-play urgency") and ``P`` the network's policy: the softmax of its logits over those actions,
  the logits computed on the **acting player's observation** at the node. An optional progressive bias
  ``bias / (1 + n(a))`` towards the heuristic's choice is added as in ``mcts`` (default 0: off).
* **Priors on demand**: a node's logits are computed once, the first time a walk has to choose an action there
  (the root on the first iteration, a leaf when it is reached again), from the determinization that walk holds;
  leaves visited only once (most of them) never cost a forward pass. So a decision of ``iters`` iterations costs
  at most ``iters`` forward passes (batch 1) and usually far fewer. The tree walk and rollouts run in compiled
  code; the search pauses there when it needs a prior and Python runs the numpy forward pass.

Leaves are evaluated by the rollouts, as in ``mcts``: the model files written by ``df-env train`` carry a PPO
critic at most (a discounted shaped return, not a win probability), so its value is not used. A value-head leaf
evaluation would replace the rollout step of :func:`_iterate` by a second pause (the leaf's observation to
Python, the value back) and is not built.

Spec: ``net-mcts:iters=N`` with the model shipped for the table's player count (``df_env/models/net_{n}p.npz``, as
``net``), or ``net-mcts:path=F.npz``. Same seeding and determinism as ``mcts``: the same spec and generator give
the same moves.

Example:
    >>> from agents import agent_options
    >>> sorted(agent_options("net-mcts"))
    ['bias', 'c_puct', 'iters', 'nodes', 'path', 'rollout', 'time', 'turns']
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

import numpy as np

from df_env.engine.kernels import apply, njit  # the compiled boundary
from df_env.engine.model.layout import NUM_ACTIONS
from df_env.engine.observation.determinize import determinize_rec
from df_env.engine.observation.encode import observation_layout, observe

from .base import (
    Agent,
    AgentSpecError,
    Option,
    build_options,
    choice,
    non_negative_float,
    non_negative_int,
    positive_int,
    words_from,
)
from .fast import HEURISTIC, RANDOM, play_rec
from .heuristic_rules import choose
from .mcts import CHUNK, MAX_PATH, _unsafe, _values, canonicalize_arr

OPTIONS: dict[str, Option] = {
    "iters": Option(positive_int, 100, "search iterations per decision"),
    "path": Option(str, "", "a model file (.npz from df-env train); default: the shipped model for the table's "
                            "player count"),
    "c_puct": Option(non_negative_float, 1.0, "PUCT exploration constant (values are in [0, 1])"),
    "time": Option(non_negative_float, 0.0, "seconds per decision (0: use iters only)"),
    "rollout": Option(choice("heuristic", "random"), "heuristic", "rollout policy"),
    "turns": Option(non_negative_int, 3, "rollout length in player-turns after the current one (0: to the game end)"),
    "bias": Option(non_negative_float, 0.0, "progressive bias towards the heuristic's choice (0: none)"),
    "nodes": Option(positive_int, 4096, "tree size limit when a time budget is set"),
}

# ctl: [iterations done, paused (1: work holds a walk waiting for the prior of node ctl[2] at depth ctl[3])]
DONE, PAUSED, NODE, DEPTH = 0, 1, 2, 3


@njit
def _puct(s, node, n, w, avail, logits, c_puct, bias, r):
    """Mark the available actions and return the PUCT choice at ``node`` and whether it was never tried."""
    mask = s["mask"]
    m = mask.shape[0]
    safe = False
    for a in range(m):
        if mask[a] and not _unsafe(s, a):
            safe = True
            break
    h = choose(s, r) if bias > 0.0 else -1
    mx = -1.0e30
    n_sum = 0.0
    w_sum = 0.0
    for a in range(m):
        if mask[a] and (not safe or not _unsafe(s, a)):
            avail[node, a] += 1.0
            n_sum += n[node, a]
            w_sum += w[node, a]
            if logits[node, a] > mx:
                mx = logits[node, a]
    if mx == -1.0e30:
        return -1, False
    z = 0.0
    for a in range(m):
        if mask[a] and (not safe or not _unsafe(s, a)):
            z += math.exp(logits[node, a] - mx)
    fpu = w_sum / n_sum if n_sum > 0.0 else 0.5
    scale = c_puct * math.sqrt(n_sum if n_sum > 0.0 else 1.0) / z
    best = -1.0e30
    pick = -1
    for a in range(m):
        if mask[a] and (not safe or not _unsafe(s, a)):
            na = n[node, a]
            q = w[node, a] / na if na > 0.0 else fpu
            u = q + scale * math.exp(logits[node, a] - mx) / (1.0 + na)
            if a == h:
                u += bias / (1.0 + na)
            if u > best:
                best = u
                pick = a
    return pick, n[node, pick] == 0.0


@njit
def _walk(s, node, depth, child, n, w, avail, n_nodes, logits, has_prior, c_puct, bias, r, path_node, path_act,
          path_who, ctl):
    """Walk down from ``node`` at ``depth``; returns -1 when the walk is over (a fresh edge, the game end, the
    tree full), else the node whose prior is missing. The path length is kept in ``ctl[DEPTH]`` as it grows."""
    while not s["over"] and depth < MAX_PATH:
        if not has_prior[node]:
            return node
        a, fresh = _puct(s, node, n, w, avail, logits, c_puct, bias, r)
        if a < 0:
            break
        path_node[depth], path_act[depth], path_who[depth] = node, a, s["dplayer"]
        depth += 1
        ctl[DEPTH] = depth
        apply(s, a)
        nxt = child[node, a]
        if nxt < 0:
            if n_nodes[0] >= child.shape[0]:
                break
            nxt = n_nodes[0]
            n_nodes[0] += 1
            child[node, a] = nxt
        node = nxt
        if fresh:
            break
    return -1


@njit
def _iterate(root, p, iters, work, child, n, w, avail, n_nodes, logits, has_prior, c_puct, bias, code, turns, r,
             path_node, path_act, path_who, ctl):
    """Run iterations until ``ctl[DONE] == iters`` (returns 0) or until a walk needs a node's prior (returns 1,
    with ``ctl[PAUSED] = 1``, the node in ``ctl[NODE]`` and the walk's determinized state in ``work[0]``: fill
    ``logits[node]``, set ``has_prior[node]`` and call again to resume)."""
    codes = np.full(3, code, dtype=np.int64)
    vals = np.zeros(3, dtype=np.float64)
    peak = np.zeros(3, dtype=np.float64)
    counts = np.zeros(3, dtype=np.int64)
    while ctl[DONE] < iters:
        if ctl[PAUSED] == 1:
            node = ctl[NODE]
            ctl[PAUSED] = 0
        else:
            work[0] = root[0]
            determinize_rec(work[0], p, r)
            node = 0
            ctl[DEPTH] = 0
        s = work[0]
        need = -1
        try:
            need = _walk(s, node, ctl[DEPTH], child, n, w, avail, n_nodes, logits, has_prior, c_puct, bias, r,
                         path_node, path_act, path_who, ctl)
            if need < 0:
                if not s["over"]:
                    horizon = s["turn"] + turns if turns > 0 else 1 << 30
                    play_rec(s, codes, r, horizon, 1 << 30, peak, counts)
                _values(s, vals)
        except Exception:  # an engine error in a simulated line: worth nothing to anyone
            need = -1
            vals[:] = 0.0
        if need >= 0:
            ctl[PAUSED] = 1
            ctl[NODE] = need
            return 1
        for k in range(ctl[DEPTH]):
            n[path_node[k], path_act[k]] += 1.0
            w[path_node[k], path_act[k]] += vals[path_who[k]]
        ctl[DONE] += 1
    return 0


def _load(path: Path) -> Any:
    from df_env.train.numpy_net import ModelFileError, load_net

    try:
        return load_net(path)
    except ModelFileError as err:
        raise AgentSpecError(f"net-mcts: {err}") from None


class NetMCTSAgent(Agent):
    """Determinized MCTS with PUCT selection over a numpy network's policy; see the module docstring."""

    uses_state = True

    def __init__(self, name: str = "net-mcts", iters: int = 100, path: str = "", c_puct: float = 1.0,
                 time: float = 0.0, rollout: str = "heuristic", turns: int = 3, bias: float = 0.0,
                 nodes: int = 4096) -> None:
        self.name = name
        self.iters, self.time_budget, self.turns, self.c_puct, self.bias = iters, time, turns, c_puct, bias
        self.code = HEURISTIC if rollout == "heuristic" else RANDOM
        self.max_nodes = nodes if time > 0 else iters + 1
        self.path = path
        self.net: Any = _load(Path(path)) if path else None
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)
        self.last_iterations = 0
        self.last_forwards = 0

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.words = words_from(rng)

    def net_for(self, num_players: int) -> Any:
        """The network for a table of ``num_players`` (loads the shipped one on first use); a clear error when the
        model is for another player count or none is shipped."""
        if self.net is None:
            from df_env.train.numpy_net import default_model_path

            p = default_model_path(num_players)
            if not p.is_file():
                raise AgentSpecError(
                    f"net-mcts: no model is shipped for {num_players}-player games ({p} is missing); train one with "
                    f"df-env train and use net-mcts:path=FILE.npz")
            self.net = _load(p)
        if self.net.num_players != num_players:
            raise AgentSpecError(f"net-mcts: the model {self.path or 'shipped'} is for {self.net.num_players}-player "
                                 f"games, this game has {num_players} players")
        return self.net

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if state is None:
            raise ValueError("the net-mcts agent needs the engine state: call act(obs, mask, state)")
        self.net_for(int(state["n_players"]))
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            return int(legal[0])
        counts = self.search(state)
        counts = np.where(mask, counts, -1.0)
        return int(np.argmax(counts))

    def search(self, state: np.ndarray) -> np.ndarray:
        """Visit counts of the root actions after the search (float array over NUM_ACTIONS)."""
        n_players = int(state["n_players"])
        net = self.net_for(n_players)
        root = state.reshape(1).copy()
        p = int(state["dplayer"])
        canonicalize_arr(root, p)
        shape = (self.max_nodes, NUM_ACTIONS)
        child = np.full(shape, -1, dtype=np.int32)
        n, w, avail = np.zeros(shape), np.zeros(shape), np.zeros(shape)
        logits = np.zeros(shape, dtype=np.float64)
        has_prior = np.zeros(self.max_nodes, dtype=np.bool_)
        n_nodes = np.ones(1, dtype=np.int64)
        work = np.empty(1, dtype=root.dtype)
        path_node, path_act, path_who = (np.empty(MAX_PATH, dtype=np.int64) for _ in range(3))
        ctl = np.zeros(4, dtype=np.int64)
        obs = np.empty(observation_layout(n_players).size, dtype=np.float32)
        view = work.reshape(())
        forwards = 0
        deadline = time.perf_counter() + self.time_budget
        while ctl[DONE] < self.iters:
            target = min(int(ctl[DONE]) + CHUNK, self.iters) if self.time_budget > 0 else self.iters
            while _iterate(root, p, target, work, child, n, w, avail, n_nodes, logits, has_prior, self.c_puct,
                           self.bias, self.code, self.turns, self.words, path_node, path_act, path_who, ctl):
                node = int(ctl[NODE])
                observe(view, int(view["dplayer"]), obs)
                logits[node] = net.forward(obs[None])[0][0]
                has_prior[node] = True
                forwards += 1
            if self.time_budget > 0 and time.perf_counter() >= deadline:
                break
        self.last_iterations = int(ctl[DONE])
        self.last_forwards = forwards
        return n[0].copy()


def make(spec: str, raw: dict[str, str]) -> NetMCTSAgent:
    opts = build_options("net-mcts", raw, OPTIONS)
    return NetMCTSAgent(spec, **opts)  # type: ignore[arg-type]
