"""``net-mcts`` (Galactic Civ): the determinized search of ``mcts`` (:mod:`agents.galactic_civ.mcts`) guided by a
trained network (``df-env train --game galactic_civ``, :mod:`df_env.net.game_mlp`).

Every iteration determinizes the position for the acting seat (other hands, the decks and the generator drawn
again: :func:`~df_env.games.galactic_civ.engine.observe.determinize_rec`, the compiled twin of
:meth:`Game.determinize`), walks down an open-loop tree of action sequences, expands one action, evaluates
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

The root: ``root=tree`` is the above; ``root=halving`` (:mod:`agents.galactic_civ.halving`) has no tree: sequential
halving over the root's actions with paired rollouts; ``root=auto``, the default, plays halving (with ``iters``
counting rollouts, 800 by default: at 2 players it beat ``mcts:iters=400`` at that CPU time, the tree did not; at 4,
with the model of the other seats, it won 13 of 24 where the tree won 6), and the tree when an option of the tree
(``time``, ``c_puct``, ``leaf``) is given. ``opponents`` (``auto``: the model of the other seats at 3 or more
players, :mod:`agents.galactic_civ.opponents`) as ``mcts``'s.

The whole search runs in compiled code (the tree as arrays, the observation encoder
:func:`~df_env.games.galactic_civ.engine.observe.encode`, the network's forward pass
:func:`~df_env.net.game_mlp.mlp_forward` and the rollouts); it returns to Python only between chunks of iterations
when a time budget is set. An iteration costs about a heuristic rollout to the game's end, so the default ``iters``
(700) spends about the CPU time of ``mcts:iters=400``, whose tree is Python (docs/galactic_civ/training.md). The
action played is the most visited root action. Spec: ``net-mcts:iters=N`` with the model shipped for the table's
player count (``df_env/models/galactic_civ_{n}p.npz``), or ``net-mcts:path=F.npz``. The same spec and generator give
the same moves. :meth:`GalacticCivNetMCTS.decide` returns the action played with the root's visit counts.

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
from typing import Any, NamedTuple

import numpy as np

from agents.base import (
    Agent,
    AgentSpecError,
    Option,
    build_options,
    choice,
    non_negative_float,
    positive_int,
    words_from,
)
from agents.galactic_civ.fast import HEURISTIC, play_rec
from agents.galactic_civ.halving import halving_search
from agents.galactic_civ.net import ModelCache
from agents.galactic_civ.opponents import OPPONENTS, ModelsOpponents
from df_env.core.fmath import exp as fexp  # the same bits on every machine (not the C library's exp)
from df_env.core.jit import njit
from df_env.games.galactic_civ.engine.decide import apply
from df_env.games.galactic_civ.engine.observe import OBS_SIZE, determinize_rec, encode
from df_env.games.galactic_civ.engine.state import NUM_ACTIONS, STATE_DTYPE
from df_env.net.game_mlp import GameMlp, mlp_forward

OPTIONS: dict[str, Option] = {
    "iters": Option(positive_int, 700, "search iterations per decision (700: about the CPU time of mcts:iters=400); "
                    "with root=halving, rollouts (default 800: about the same CPU time at 2 players)"),
    "time": Option(non_negative_float, 0.0, "seconds per decision (0: no limit; the search stops at whichever "
                   "of iters and time comes first)"),
    "c_puct": Option(non_negative_float, 1.0, "PUCT exploration constant (values are in [0, 1])"),
    "leaf": Option(choice("rollout", "value", "mix"), "rollout", "leaf evaluation: heuristic rollout to the end, the "
                   "network's value output, or their mean"),
    "root": Option(choice("auto", "tree", "halving"), "auto", "tree: PUCT over the open-loop tree; halving: "
                   "sequential halving over the root's actions with paired rollouts (agents/galactic_civ/halving.py); "
                   "auto: halving, or the tree when time, c_puct or leaf is given"),
    "considered": Option(positive_int, 8, "root=halving: the root actions with the highest prior it compares"),
    "margin": Option(non_negative_float, 0.1, "root=halving: a rollout's bonus per unit of the seat's progress lead "
                     "at the game's end (ranks actions when every rollout is won or lost)"),
    "opponents": Option(choice(*OPPONENTS), "auto", "the other seats' rollout policy: assumed (the heuristic), "
                        "observed (as mcts's: agents.galactic_civ.opponents) or auto (observed at 3 or more players, "
                        "assumed at 2)"),
    "path": Option(str, "", "a model file (.npz from df-env train --game galactic_civ); default: the shipped "
                            "model for the table's player count"),
}
LEAVES = ("rollout", "value", "mix")
TREE_ONLY = ("time", "c_puct", "leaf")  # options of the tree alone
HALVING_ITERS = 800  # root=halving's rollouts when iters is not given: about mcts:iters=400's CPU at 2 players
LEAF_ROLLOUT, LEAF_VALUE, LEAF_MIX = range(len(LEAVES))
CHUNK = 64  # iterations a compiled call runs between two looks at the clock (a time budget)

__all__ = ["GalacticCivNetMCTS", "make"]


class _Tree(NamedTuple):
    """The search's arrays (a named tuple: compiled code reads its fields by name), one row per node (node 0 the
    root), one column per action id: the child node (-1 none), the visits ``n`` and value sums ``w`` (for the seat
    that chose the action), and the prior's weights ``exp(logit - max logit)`` once ``known``; plus the scratch of
    one walk (its record, path and the network's buffers)."""

    child: np.ndarray
    n: np.ndarray
    w: np.ndarray
    prior: np.ndarray
    known: np.ndarray
    path: np.ndarray  # (node, action, seat) of each step of a walk
    work: np.ndarray  # the walk's record (a copy of the root, determinized)
    obs: np.ndarray
    buf: np.ndarray
    logits: np.ndarray
    values: np.ndarray  # the network's values, relative to the observer
    vals: np.ndarray  # every seat's value of the leaf, absolute seats
    size: np.ndarray  # nodes in use


def _new_tree(nodes: int, net: GameMlp) -> _Tree:
    """The arrays of a search of at most ``nodes`` nodes with network ``net``."""
    return _Tree(child=np.full((nodes, NUM_ACTIONS), -1, np.int32), n=np.zeros((nodes, NUM_ACTIONS)),
                 w=np.zeros((nodes, NUM_ACTIONS)), prior=np.zeros((nodes, NUM_ACTIONS), np.float32),
                 known=np.zeros(nodes, np.bool_), path=np.zeros((nodes + 1, 3), np.int64),
                 work=np.zeros(1, STATE_DTYPE), obs=np.zeros(OBS_SIZE, np.float32), buf=net.scratch(),
                 logits=np.zeros(NUM_ACTIONS, np.float32), values=np.zeros(net.num_players, np.float32),
                 vals=np.zeros(net.num_players), size=np.zeros(1, np.int64))


@njit
def _clear(tree, node):
    tree.child[node, :] = -1
    tree.n[node, :] = 0.0
    tree.w[node, :] = 0.0
    tree.prior[node, :] = 0.0
    tree.known[node] = False


@njit
def _forward(net, tree, s, seat):
    """The network on ``seat``'s observation of ``s``: logits into the tree's ``logits``, every seat's value
    (absolute seats) into its ``vals``."""
    obs, buf, logits, values, vals = tree.obs, tree.buf, tree.logits, tree.values, tree.vals
    encode(s, seat, obs)
    mlp_forward(net, obs, buf, logits, values)
    n = s["n_players"]
    for k in range(n):
        vals[(seat + k) % n] = values[k]


@njit
def _set_prior(tree, node):
    """The node's prior weights from the logits just computed: ``exp(logit - max)`` over every action."""
    logits, prior = tree.logits, tree.prior
    top = logits.max()
    for a in range(logits.shape[0]):
        prior[node, a] = fexp(logits[a] - top)
    tree.known[node] = True


@njit
def _select(tree, s, node, c_puct):
    """The PUCT choice among the legal actions of ``s`` at ``node``: ``Q + c_puct * P * sqrt(N) / (1 + n)``, an
    unvisited action valued at the node's mean (0.5 before any visit), ``P`` the prior renormalized over the legal
    actions (uniform if every legal weight underflowed); ties: the lowest action id."""
    n, w, prior = tree.n, tree.w, tree.prior
    k = s["n_legal"]
    total, wsum, z = 0.0, 0.0, 0.0
    for i in range(k):
        a = s["legal"][i]
        total += n[node, a]
        wsum += w[node, a]
        z += prior[node, a]
    fpu = wsum / total if total > 0 else 0.5
    uniform = not z > 0.0
    scale = c_puct * math.sqrt(max(total, 1.0)) / (float(k) if uniform else z)
    best, best_u = -1, -math.inf
    for i in range(k):
        a = s["legal"][i]
        q = w[node, a] / n[node, a] if n[node, a] > 0 else fpu
        u = q + scale * (1.0 if uniform else prior[node, a]) / (1.0 + n[node, a])
        if u > best_u:
            best, best_u = a, u
    return best


@njit
def _outcome(s, vals):
    """Each seat's result in [0, 1] of a finished game: 1 the winner, 0 the others, 0.5 all on a draw."""
    for p in range(s["n_players"]):
        vals[p] = 0.5 if s["winner"] < 0 else (1.0 if p == s["winner"] else 0.0)


@njit
def _evaluate(net, tree, s, fresh, leaf, r, codes, peak, counts):
    """Each seat's value of the leaf ``s`` into the tree's ``vals``; a network pass also gives the new node
    ``fresh`` its prior."""
    vals = tree.vals
    if s["over"]:
        _outcome(s, vals)
        return
    if leaf != LEAF_ROLLOUT:
        _forward(net, tree, s, s["dplayer"])
        if fresh >= 0:
            _set_prior(tree, fresh)
        if leaf == LEAF_VALUE:
            return
    net_vals = vals.copy() if leaf == LEAF_MIX else vals
    play_rec(s, codes, r, 10**6, peak, counts)
    _outcome(s, vals)
    if leaf == LEAF_MIX:
        for p in range(vals.shape[0]):
            vals[p] = (vals[p] + net_vals[p]) / 2.0


@njit
def _iterate(net, tree, root, seat, c_puct, leaf, r, codes, peak, counts):
    """One iteration: determinize the root for ``seat``, walk down by PUCT to the first new node, evaluate the
    leaf and back up each seat's value along the path (for the seat that chose each edge)."""
    child, n, w, known, path, work = tree.child, tree.n, tree.w, tree.known, tree.path, tree.work
    vals, size = tree.vals, tree.size
    work[0] = root
    s = work[0]
    determinize_rec(s, seat, r)
    node, depth, fresh = 0, 0, -1
    while not s["over"]:
        p = s["dplayer"]
        if s["n_legal"] == 1:
            a = s["legal"][0]
        else:
            if not known[node]:
                _forward(net, tree, s, p)
                _set_prior(tree, node)
            a = _select(tree, s, node, c_puct)
        path[depth, 0], path[depth, 1], path[depth, 2] = node, a, p
        depth += 1
        apply(s, a)
        if child[node, a] < 0:
            fresh = size[0]
            size[0] += 1
            _clear(tree, fresh)
            child[node, a] = fresh
            break
        node = child[node, a]
    _evaluate(net, tree, s, fresh, leaf, r, codes, peak, counts)
    for d in range(depth):
        n[path[d, 0], path[d, 1]] += 1.0
        w[path[d, 0], path[d, 1]] += vals[path[d, 2]]


@njit
def search_chunk(net, tree, root, seat, iters, c_puct, leaf, r, codes):
    """``iters`` iterations from the position ``root[0]`` (node 0 must be set up); every random choice from
    generator words ``r``."""
    peak = np.zeros(codes.shape[0])
    counts = np.zeros(codes.shape[0], np.int64)
    for _ in range(iters):
        _iterate(net, tree, root[0], seat, c_puct, leaf, r, codes, peak, counts)


@njit
def _root_logits(net, tree, root, seat):
    """The network's logits on ``seat``'s observation of ``root[0]`` into the tree's ``logits``."""
    _forward(net, tree, root[0], seat)


class GalacticCivNetMCTS(ModelsOpponents, Agent):
    """The network-guided determinized search (see the module docstring)."""

    uses_state = True

    def __init__(self, name: str, iters: int, seconds: float, c_puct: float, leaf: str, path: str,
                 root: str = "tree", considered: int = 8, margin: float = 0.0, rollouts: int = 0,
                 opponents: str = "auto") -> None:
        self.name, self.iters, self.seconds, self.c_puct, self.leaf = name, iters, seconds, c_puct, leaf
        self.root, self.considered, self.margin = root, considered, margin
        self.rollouts = rollouts or iters  # root=halving's budget
        self.last_choice = -1  # the move of the last search
        self.models = ModelCache("net-mcts", path)
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)
        self.net: GameMlp | None = None
        self._packed: tuple[Any, ...] = ()
        self._tree: _Tree | None = None
        self.seat_model(opponents, 0)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.words = words_from(rng)
        self.seat_model(self.opponents, player)

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if state is None:
            raise ValueError("net-mcts needs the state (uses_state): call act(obs, mask, state)")
        return self.decide(mask, state)[0]

    def decide(self, mask: np.ndarray, state: Any) -> tuple[int, np.ndarray]:
        """The action :meth:`act` plays in ``state`` (the most visited legal root action, or with ``root=halving``
        the best of its last round; the only legal one without a search) and the root's visit counts over every
        action id (float64, zero for an action not visited; all zero when one action is legal; with
        ``root=halving``, each action's rollouts). The same generator state gives the same action as ``act``:
        this is ``act`` (expert iteration's search targets, ``df-env train --set target=visits``)."""
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            return int(legal[0]), np.zeros(mask.shape[0])
        visits = self.search(state)
        return self.last_choice, visits

    def _tree_for(self, num_players: int) -> _Tree:
        net = self.models.for_players(num_players)
        if net is not self.net or self._tree is None:
            self.net, self._packed = net, net.packed()
            self._tree = _new_tree(self.iters + 1, net)
        return self._tree

    def search(self, state: Any) -> np.ndarray:
        """The root's visit counts (over every action id; with ``root=halving``, each action's rollouts) after a
        search from ``state``; the move chosen is then :attr:`last_choice`."""
        n_players = int(state["n_players"])
        tree = self._tree_for(n_players)
        _clear(tree, 0)
        tree.size[0] = 1
        root = state.reshape(1)
        seat, leaf = int(state["dplayer"]), LEAVES.index(self.leaf)
        codes = self.rollout_codes(n_players, own=HEURISTIC)
        if self.root_for(n_players) == "halving":
            return self._halving(tree, root, seat, codes)
        t_end = time.perf_counter() + self.seconds if self.seconds > 0 else math.inf
        done = 0
        while done < self.iters:
            k = min(CHUNK, self.iters - done) if self.seconds > 0 else self.iters
            search_chunk(self._packed, tree, root, seat, k, self.c_puct, leaf, self.words, codes)
            done += k
            if time.perf_counter() >= t_end:
                break
        visits = tree.n[0].copy()
        self.last_choice = int(np.argmax(np.where(root[0]["mask"] != 0, visits, -1.0)))
        return visits

    def root_for(self, num_players: int) -> str:
        """The root search played at a table of ``num_players``: ``root``, or for ``auto`` halving (at 2 players it
        beat ``mcts:iters=400`` at its CPU time; at 4, with the model of the other seats, it won 13 of 24 where the
        tree won 6, docs/galactic_civ/training.md)."""
        del num_players  # every table plays halving since stop 35; the argument keeps the callers' question
        return "halving" if self.root == "auto" else self.root

    def _halving(self, tree: _Tree, root: np.ndarray, seat: int, codes: np.ndarray) -> np.ndarray:
        """``root=halving``: the network's logits at the root order the actions, then the paired-rollout root
        search of :mod:`agents.galactic_civ.halving` spends ``iters`` rollouts."""
        _root_logits(self._packed, tree, root, seat)
        visits, score = np.zeros(NUM_ACTIONS), np.zeros(NUM_ACTIONS)
        self.last_choice = int(halving_search(root, seat, self.rollouts, self.considered, self.margin, tree.logits,
                                              self.words, codes, visits, score))
        return visits


def make(spec: str, raw: dict[str, str]) -> GalacticCivNetMCTS:
    """A Galactic Civ net-mcts agent from its spec (options: :data:`OPTIONS`)."""
    o = build_options("net-mcts", raw, OPTIONS)
    iters, seconds, c_puct, leaf, path = (o[k] for k in ("iters", "time", "c_puct", "leaf", "path"))
    root, considered, margin = str(o["root"]), o["considered"], o["margin"]
    assert isinstance(iters, int) and isinstance(seconds, float) and isinstance(c_puct, float)
    assert isinstance(considered, int) and isinstance(margin, float)
    if root == "auto" and set(raw) & set(TREE_ONLY):
        root = "tree"  # an option of the tree asks for the tree
    if root != "tree":
        _check_halving(raw, considered, root)
    elif set(raw) & {"considered", "margin"}:
        raise AgentSpecError("net-mcts: considered and margin are options of root=halving (add root=halving)")
    rollouts = iters if "iters" in raw else HALVING_ITERS
    return GalacticCivNetMCTS(spec, iters, seconds, c_puct, str(leaf), str(path), root, considered, margin, rollouts,
                              str(o["opponents"]))


def _check_halving(raw: dict[str, str], considered: int, root: str) -> None:
    """``root=halving`` plays rollouts for ``iters`` and compares at least two actions: the tree's options are
    refused rather than silently ignored."""
    tree_only = sorted(set(raw) & set(TREE_ONLY))
    if tree_only and root == "halving":
        raise AgentSpecError(f"net-mcts: root=halving takes iters (rollouts) and considered, not "
                             f"{', '.join(tree_only)} (options of root=tree)")
    if considered < 2:
        raise AgentSpecError(f"net-mcts: 'considered' must be an integer >= 2 with root=halving (and auto); got "
                             f"{considered}")
