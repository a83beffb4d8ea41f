"""``net-mcts``: the determinized MCTS of :mod:`agents.deep_future.mcts` guided by a trained network's policy (PUCT).

Every iteration is the one of ``mcts`` (determinize the canonical root for the acting player, walk down the
open-loop tree, expand one action, evaluate the leaf, back up per-player values: 1 win, 0 loss, else the progress
score), except for the selection rule and the leaf evaluation:

* **PUCT** (AlphaZero) with availability counts (ISMCTS): at a node, over its legal actions ``a`` in this
  determinization (the search trusts the mask),
  ``Q(a) + c_puct * P(a) * sqrt(N) / (1 + n(a))`` where ``n(a)`` is the action's visit count, ``N`` the sum of the
  visit counts of the legal actions, ``Q(a)`` the action's mean value (for an unvisited action: the node's mean
  value less ``fpu``, default 0: "first-play urgency") and ``P`` the network's policy: the softmax of its logits
  over those actions, the logits computed on the **acting player's observation** at the node. An optional
  progressive bias ``bias / (1 + n(a))`` towards the heuristic's choice is added as in ``mcts`` (default 0: off).
* **Priors on demand**, in compiled code: the network's forward pass runs inside the search
  (:mod:`df_env.net.numba_net`, on the acting player's observation written by the engine's compiled encoder),
  for the actions available at the node whose logits are not known yet: once when a walk first has to choose
  there, again only if a later determinization makes an action available that had no logit; never for a forced
  choice (one available action). The search never returns to Python before its budget is spent.

**Leaf evaluation** (``leaf``): ``rollout`` as in ``mcts``; ``value``: the model's value output on each player's
observation of the leaf (clipped to [0, 1]; the acting player's pass also gives the new node's prior); ``mix``:
the mean of the two. ``value`` and ``mix`` need a model whose value output was trained to estimate this backed-up
value (``"value_target": "outcome"`` in its metadata, written by ``experiments/fit_value_head.py`` or expert
iteration); the PPO critic of ``df-env train``'s models (a discounted shaped return) is refused. By default
(``auto``) a model with an outcome value head uses ``value``, another ``rollout``.

Spec: ``net-mcts:iters=N`` with the model shipped for the table's player count (``df_env/models/net_{n}p.npz``, as
``net``), or ``net-mcts:path=F.npz``. Same seeding and determinism as ``mcts``: the same spec and generator give
the same moves.

The other seats (``opponents``): by default (``search``) every seat's choices in the tree are searched by PUCT
over its own observation and values. ``opponents=named``: a seat whose public name at the table (what
:func:`agents.introduce` tells every seated agent: the spec a log, a ladder and a page show) is a compiled policy,
``heuristic``, ``first`` or ``random``, plays that policy in the tree and the rollouts, as that seat will in the
game; a seat of any other name is searched as before. Nothing hidden is read: the name is public, and the policy is
run on the determinization as every other move of the walk.

Wider roots (off by default; docs/agents.md, measured in docs/ceiling.md): ``root=gumbel``, Gumbel AlphaZero's
root (:func:`gumbel_root_search`: ``considered`` actions sampled by Gumbel-top-k over the root's logits with noise
of scale ``gumbel``, sequential halving over them, the move the best by ``g + logit + sigma(q)``); ``min_visits=K``,
a floor of K visits for every root action at a root with at most ``FLOOR_WIDTH`` (4) legal actions;
``paired=1`` with ``root=gumbel``: each halving phase walks every action on the same determinizations and draws.

Example:
    >>> from agents import agent_options
    >>> " ".join(sorted(agent_options("net-mcts")))
    'bias c_puct considered fpu gumbel iters leaf min_visits nodes opponents paired path reuse rollout root time turns'
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from agents.base import (
    Agent,
    AgentSpecError,
    Option,
    boolean,
    build_options,
    choice,
    non_negative_float,
    non_negative_int,
    positive_int,
    words_from,
)
from agents.generic.ranking import rank_descending
from df_env.core.fmath import exp as fexp  # the priors' and the noise's exp and log: the same bits on every machine
from df_env.core.fmath import log as flog
from df_env.games.deep_future.engine.api import apply_action
from df_env.games.deep_future.engine.kernels import apply, njit  # the compiled boundary
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.model.rng import next_u32
from df_env.games.deep_future.engine.observation.determinize import determinize_rec
from df_env.net.numba_net import observe_forward, pack, value_target

from .fast import FIRST, HEURISTIC, RANDOM, play_rec, policy_action
from .heuristic_rules import choose
from .mcts import CHUNK, MAX_PATH, _values, canonicalize_arr


def _c_puct(text: str) -> float | str:
    return "auto" if text == "auto" else non_negative_float(text)


def _at_least_two(text: str) -> int:
    value = positive_int(text)
    if value < 2:
        raise ValueError("must be an integer >= 2")
    return value


# The visit floor (min_visits) applies at roots with at most this many legal actions: the two-to-four-way choices
# (pay upkeep or stop, meet a challenge or fail it) where the loss study found the prior starves the "do less" move.
FLOOR_WIDTH = 4
# Gumbel AlphaZero's sigma(q) = (C_VISIT + max visits) * C_SCALE * q, the paper's (and mctx's) constants.
GUMBEL_C_VISIT, GUMBEL_C_SCALE = 50.0, 0.1

OPTIONS: dict[str, Option] = {
    "iters": Option(positive_int, 100, "search iterations per decision"),
    "path": Option(str, "", "a model file (.npz from df-env train); default: the shipped model for the table's "
                            "player count"),
    "c_puct": Option(_c_puct, "auto", "PUCT exploration constant (values are in [0, 1]; auto: 0.25 with value or "
                                      "mix leaves, 1.0 with rollouts)"),
    "time": Option(non_negative_float, 0.0, "seconds per decision (0: use iters only)"),
    "leaf": Option(choice("auto", "rollout", "value", "mix"), "auto",
                   "leaf evaluation: rollout, the model's outcome value head, or their mean (auto: value when the "
                   "model has an outcome value head, else rollout)"),
    "rollout": Option(choice("heuristic", "random"), "heuristic", "rollout policy"),
    "turns": Option(non_negative_int, 3, "rollout length in player-turns after the current one (0: to the game end)"),
    "bias": Option(non_negative_float, 0.0, "progressive bias towards the heuristic's choice (0: none)"),
    "fpu": Option(non_negative_float, 0.0, "first-play urgency reduction: an untried action's value is the node's "
                                           "mean value minus this (0: the mean)"),
    "nodes": Option(positive_int, 4096, "tree size limit when a time budget is set"),
    "reuse": Option(boolean, False, "keep the subtree of the actions played for the next decision (1) or start "
                                 "every search afresh (0)"),
    "root": Option(choice("puct", "gumbel"), "puct",
                   "root selection: puct (as below the root; the move: the most visited), or gumbel (Gumbel "
                   "AlphaZero: sampled actions, sequential halving; the move: the best by prior, noise and value)"),
    "min_visits": Option(non_negative_int, 0, f"puct root: visit every root action at least this often when there "
                                              f"are at most {FLOOR_WIDTH} legal ones (0: no floor)"),
    "considered": Option(_at_least_two, 16, "gumbel root: the number of root actions sampled for sequential "
                                            "halving (at least 2)"),
    "gumbel": Option(non_negative_float, 1.0, "gumbel root: the scale of the Gumbel noise on the prior's logits "
                                              "(0: the top actions by prior, no noise)"),
    "paired": Option(boolean, False, "gumbel root: in each halving phase, walk every action on the same "
                                     "determinizations and random draws (1), or on fresh ones each (0)"),
    "opponents": Option(choice("search", "named"), "search",
                        "the other seats' choices in the tree: search them (search), or, for a seat whose public "
                        "name is a compiled policy (heuristic, first, random), play that policy (named)"),
}
# opponents=named: the public seat names (agent specs) that are compiled policies, and their codes (agents/deep_future
# /fast.py). Any other name (a search, a network, a person) is searched as before.
NAMED_POLICIES = {"heuristic": HEURISTIC, "first": FIRST, "random": RANDOM}
LEAF_ROLLOUT, LEAF_VALUE, LEAF_MIX = 0, 1, 2
LEAVES = {"rollout": LEAF_ROLLOUT, "value": LEAF_VALUE, "mix": LEAF_MIX}
# The PUCT constant by leaf evaluation when c_puct=auto. Measured solo (300 deals, seed 31, docs/training.md):
# value leaves are sharper than the 3-turn rollouts' progress scores, so the prior needs less weight.
C_PUCT_AUTO = {LEAF_ROLLOUT: 1.0, LEAF_VALUE: 0.25, LEAF_MIX: 0.25}
# ctl: [iterations done, forward passes, the current walk's length]
DONE, FORWARDS, DEPTH = 0, 1, 2


@njit
def _available(s, need, idx):
    """Mark in ``need`` the actions PUCT chooses among (the legal ones: the search trusts the mask) and list them
    in ``idx`` in ascending order; their number."""
    mask = s["mask"]
    k = 0
    for a in range(mask.shape[0]):
        need[a] = mask[a]
        if mask[a]:
            idx[k] = a
            k += 1
    return k


@njit
def _prior(net, s, node, logits, need, miss, obs, ctl):
    """Fill the missing logits of the available actions ``need`` at ``node``: from the acting player's
    observation when the node has none yet; an action that a later determinization makes available at a node
    that has its logits (a card drawn differently, say) gets their mean, a neutral prior, instead of a forward
    pass of its own (the node's other logits came from another determinization's observation anyway)."""
    missing = False
    for a in range(need.shape[0]):
        miss[a] = need[a] and math.isnan(logits[node, a])
        missing |= miss[a]
    if not missing:
        return
    known = 0
    total = 0.0
    for a in range(need.shape[0]):
        if not math.isnan(logits[node, a]):
            known += 1
            total += logits[node, a]
    if known == 0:
        observe_forward(net, s, s["dplayer"], obs, miss, logits[node], True)
        ctl[FORWARDS] += 1
        return
    for a in range(need.shape[0]):
        if miss[a]:
            logits[node, a] = total / known


@njit
def _under_floor(n, logits, idx, k, floor):
    """The root action to visit because of the visit floor: of the available ones (``idx[:k]``), when there are at
    most ``FLOOR_WIDTH``, the least visited below ``floor`` visits (ties: the higher prior); -1 for none."""
    if floor <= 0 or k > FLOOR_WIDTH:
        return -1
    pick = -1
    for i in range(k):
        a = idx[i]
        if n[0, a] < floor and (pick < 0 or n[0, a] < n[0, pick]
                                or (n[0, a] == n[0, pick] and logits[0, a] > logits[0, pick])):
            pick = a
    return pick


@njit
def _puct(net, s, node, n, w, avail, logits, c_puct, bias, fpu_cut, floor, r, need, idx, miss, ex, obs, ctl, model):
    """Mark the available actions and return the PUCT choice at ``node`` (at the root, an action under the visit
    ``floor`` first) and whether it was never tried. The loops run over the list ``idx`` of the available actions
    (a few of the 200), in ascending order; ``ex[i]`` keeps the prior weight ``exp(logit - max)`` of ``idx[i]``.
    A seat with a policy code in ``model`` (``opponents=named``) plays that compiled policy's move instead: no
    prior, no search of its choice."""
    k = _available(s, need, idx)
    if k == 0:
        return -1, False
    if model[s["dplayer"]] >= 0:
        a = policy_action(s, r, model[s["dplayer"]])
        return a, n[node, a] == 0.0
    for i in range(k):
        avail[node, idx[i]] += 1.0
    if k == 1:  # a forced choice needs no prior
        return idx[0], n[node, idx[0]] == 0.0
    _prior(net, s, node, logits, need, miss, obs, ctl)
    if node == 0:
        low = _under_floor(n, logits, idx, k, floor)
        if low >= 0:
            return low, n[0, low] == 0.0
    h = choose(s, r) if bias > 0.0 else -1
    mx = -1.0e30
    n_sum = 0.0
    w_sum = 0.0
    for i in range(k):
        a = idx[i]
        n_sum += n[node, a]
        w_sum += w[node, a]
        mx = max(mx, logits[node, a])
    z = 0.0
    for i in range(k):
        ex[i] = fexp(logits[node, idx[i]] - mx)
        z += ex[i]
    fpu = (w_sum / n_sum if n_sum > 0.0 else 0.5) - fpu_cut
    scale = c_puct * math.sqrt(n_sum if n_sum > 0.0 else 1.0) / z
    best = -1.0e30
    pick = -1
    for i in range(k):
        a = idx[i]
        na = n[node, a]
        q = w[node, a] / na if na > 0.0 else fpu
        u = q + scale * ex[i] / (1.0 + na)
        if a == h:
            u += bias / (1.0 + na)
        if u > best:
            best = u
            pick = a
    return pick, n[node, pick] == 0.0


@njit
def new_node(child, n, w, avail, logits, i):
    """Clear row ``i`` of the tree arrays for a new node (the arrays are reused from search to search)."""
    child[i] = -1
    n[i] = 0.0
    w[i] = 0.0
    avail[i] = 0.0
    logits[i] = np.nan


@njit
def _walk(net, s, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut, floor, forced, r, path_node, path_act,
          path_who, need, idx, miss, ex, obs, ctl, model):
    """Walk down from the root to a fresh edge (or the game end, or the tree full); returns the path length and the
    node reached (-1: none). The root action is ``forced`` when it is >= 0 (Gumbel root), else chosen by PUCT (also
    if this determinization made ``forced`` illegal: applying an illegal action is never done)."""
    depth = 0
    node = 0
    while not s["over"] and depth < MAX_PATH:
        if depth == 0 and forced >= 0 and s["mask"][forced]:  # legal in every determinization; checked anyway
            a, fresh = forced, n[0, forced] == 0.0
        else:
            a, fresh = _puct(net, s, node, n, w, avail, logits, c_puct, bias, fpu_cut, floor, r, need, idx, miss,
                             ex, obs, ctl, model)
        if a < 0:
            break
        path_node[depth], path_act[depth], path_who[depth] = node, a, s["dplayer"]
        depth += 1
        ctl[DEPTH] = depth  # the length so far, known if the engine raises
        apply(s, a)
        nxt = child[node, a]
        if nxt < 0:
            if n_nodes[0] >= child.shape[0]:
                return depth, -1
            nxt = n_nodes[0]
            n_nodes[0] += 1
            new_node(child, n, w, avail, logits, nxt)
            child[node, a] = nxt
        node = nxt
        if fresh:
            break
    return depth, node


@njit
def _net_values(net, s, node, logits, need, idx, obs, vals, ctl):
    """Each player's value from the model's value head on his observation (clipped to [0, 1]; 0 for a player out
    of the game); the acting player's pass also gives the node's prior."""
    me = s["dplayer"]
    prior = _available(s, need, idx) > 1 and node >= 0  # a forced choice needs no prior
    for a in range(need.shape[0]):
        need[a] = need[a] and node >= 0 and math.isnan(logits[node, a])
    row = logits[node] if node >= 0 else logits[0]
    for q in range(s["n_players"]):
        if s["lost"][q]:
            vals[q] = 0.0
            continue
        v = observe_forward(net, s, q, obs, need, row, q == me and prior)
        ctl[FORWARDS] += 1
        vals[q] = min(max(v, 0.0), 1.0)


@njit
def _leaf(net, s, node, leaf, code, turns, r, logits, need, idx, obs, vals, ctl, model):
    """The values of the walk's end state ``s`` for every player, by ``leaf`` (rollout, value head or their mean); in
    a rollout a seat of ``model`` plays its own policy, the others ``code``."""
    if s["over"]:
        _values(s, vals)
        return
    if leaf != LEAF_ROLLOUT:
        _net_values(net, s, node, logits, need, idx, obs, vals, ctl)
    if leaf == LEAF_VALUE:
        return
    net_vals = vals.copy()
    codes = np.full(3, code, dtype=np.int64)
    for q in range(3):
        if model[q] >= 0:
            codes[q] = model[q]
    peak = np.zeros(3, dtype=np.float64)
    counts = np.zeros(3, dtype=np.int64)
    play_rec(s, codes, r, s["turn"] + turns if turns > 0 else 1 << 30, 1 << 30, peak, counts)
    _values(s, vals)
    if leaf == LEAF_MIX:
        for q in range(s["n_players"]):
            vals[q] = 0.5 * (vals[q] + net_vals[q])


@njit
def search_chunk(net, root, p, iters, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut, floor, forced, leaf,
                 code, turns, r, ctl, model):
    """Run iterations until ``ctl[DONE] == iters`` on the tree arrays, the priors (``logits``, NaN: not computed
    yet) and leaf values from the packed network ``net`` (:mod:`df_env.net.numba_net`); every walk starts with the
    root action ``forced`` when it is >= 0. ``model``: per seat, the compiled policy it is known to play (-1: its
    choices are searched)."""
    work = np.empty(1, dtype=root.dtype)
    path_node = np.empty(MAX_PATH, dtype=np.int64)
    path_act = np.empty(MAX_PATH, dtype=np.int64)
    path_who = np.empty(MAX_PATH, dtype=np.int64)
    vals = np.zeros(3, dtype=np.float64)
    need = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    idx = np.zeros(NUM_ACTIONS, dtype=np.int64)
    miss = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    ex = np.zeros(NUM_ACTIONS, dtype=np.float64)
    obs = np.empty(net[4][2], dtype=np.float32)
    while ctl[DONE] < iters:
        work[0] = root[0]
        s = work[0]
        determinize_rec(s, p, r)
        ctl[DEPTH] = 0
        try:
            depth, node = _walk(net, s, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut, floor, forced, r,
                                path_node, path_act, path_who, need, idx, miss, ex, obs, ctl, model)
            _leaf(net, s, node, leaf, code, turns, r, logits, need, idx, obs, vals, ctl, model)
        except Exception:  # an engine error in a simulated line: worth nothing to anyone
            depth = ctl[DEPTH]
            vals[:] = 0.0
        for k in range(depth):
            n[path_node[k], path_act[k]] += 1.0
            w[path_node[k], path_act[k]] += vals[path_who[k]]
        ctl[DONE] += 1


@njit
def _root_prior(net, root, p, logits, idx, r, ctl):
    """The root's logits (one forward pass on a determinization of it: the acting player's observation does not
    depend on the hidden cards) and its legal actions listed in ``idx``; their number."""
    # Every use reads work[0] afresh: a record taken once (s = work[0]) does not keep its array alive, and numba
    # frees a local array after its last use, so s would point into freed memory that the arrays allocated next
    # reuse (the segmentation faults of the Gumbel root: tests/games/deep_future/agents/test_net_mcts.py).
    work = root.copy()
    determinize_rec(work[0], p, r)
    need = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    miss = np.zeros(NUM_ACTIONS, dtype=np.bool_)
    obs = np.empty(net[4][2], dtype=np.float32)
    k = _available(work[0], need, idx)
    if k > 1:
        _prior(net, work[0], 0, logits, need, miss, obs, ctl)
    else:
        logits[0, idx[0]] = 0.0
    return k


@njit
def _gumbel(r, scale):
    """A Gumbel(0, ``scale``) sample from the generator words ``r``."""
    u = (next_u32(r) + 0.5) / 4294967296.0
    return -scale * flog(-flog(u))


@njit
def _completed_scores(n, w, logits, g, idx, k, out):
    """Gumbel AlphaZero's root score ``g + logit + sigma(q)`` of the root actions ``idx[:k]`` into ``out``: ``q`` is
    the action's mean value (an unvisited one: the root's mean value), rescaled to [0, 1] over the actions;
    ``sigma(q) = (GUMBEL_C_VISIT + most visits) * GUMBEL_C_SCALE * q``."""
    n_sum, w_sum, top = 0.0, 0.0, 0.0
    for i in range(k):
        n_sum += n[0, idx[i]]
        w_sum += w[0, idx[i]]
        top = max(top, n[0, idx[i]])
    mean = w_sum / n_sum if n_sum > 0.0 else 0.5
    lo, hi = 1.0e30, -1.0e30
    for i in range(k):
        a = idx[i]
        out[i] = w[0, a] / n[0, a] if n[0, a] > 0.0 else mean
        lo, hi = min(lo, out[i]), max(hi, out[i])
    span = max(hi - lo, 1.0e-9)
    for i in range(k):
        a = idx[i]
        out[i] = g[i] + logits[0, a] + (GUMBEL_C_VISIT + top) * GUMBEL_C_SCALE * (out[i] - lo) / span


@njit
def _keep_best(cand, m, score, keep):
    """Reorder the first ``m`` candidates (positions into the root's action list) by descending ``score`` of
    those positions and return ``keep``: the number to go on with."""
    rank_descending(score, cand, m)
    return keep


@njit
def _walk_keys(r, count):
    """``count`` generators' words drawn from ``r``: one per walk of a paired phase."""
    keys = np.empty((count, 4), dtype=np.int64)
    for i in range(count):
        for j in range(4):
            keys[i, j] = next_u32(r)
        if keys[i, 0] == 0 and keys[i, 1] == 0 and keys[i, 2] == 0 and keys[i, 3] == 0:
            keys[i, 0] = 1  # xoshiro's one forbidden state
    return keys


@njit
def _candidate_walks(net, root, p, target, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut, forced, leaf,
                     code, turns, r, ctl, keys, model):
    """Walks with the root action ``forced`` until ``ctl[DONE] == target``: on fresh draws from ``r``, or when
    ``keys`` has rows, walk ``i`` of the phase on a generator started from ``keys[i]`` (its determinization and
    every later draw), so that every action of the phase meets the same futures."""
    if keys.shape[0] == 0:
        search_chunk(net, root, p, target, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut, 0, forced,
                     leaf, code, turns, r, ctl, model)
        return
    walk = np.empty(4, dtype=np.int64)
    i = 0
    while ctl[DONE] < target and i < keys.shape[0]:
        walk[:] = keys[i]
        search_chunk(net, root, p, ctl[DONE] + 1, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut, 0,
                     forced, leaf, code, turns, walk, ctl, model)
        i += 1


@njit
def gumbel_root_search(net, root, p, iters, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut, leaf, code,
                       turns, r, ctl, considered, scale, paired, model):
    """Gumbel AlphaZero's root (Danihelka et al. 2022): sample ``considered`` root actions without replacement by
    Gumbel-top-k over the prior's logits (noise of ``scale``), share the ``iters`` walks among them by sequential
    halving (each phase visits every remaining action equally, then keeps the better half by ``g + logit +
    sigma(q)``; the last phase, two actions, spends what is left), PUCT below the root. Returns the chosen action:
    the best remaining one by that score. ``paired``: each phase's walks of every action share their
    determinizations and draws (common random numbers: the phase compares the actions on the same futures)."""
    idx = np.zeros(NUM_ACTIONS, dtype=np.int64)
    k = _root_prior(net, root, p, logits, idx, r, ctl)
    if k == 0:
        return -1
    g = np.zeros(k, dtype=np.float64)
    score = np.zeros(k, dtype=np.float64)
    for i in range(k):
        g[i] = _gumbel(r, scale) if scale > 0.0 else 0.0
        score[i] = g[i] + logits[0, idx[i]]
    cand = np.arange(k)
    m = _keep_best(cand, k, score, min(considered, k))
    phases = max(1, int(math.ceil(math.log2(m))))
    while m > 1 and ctl[DONE] < iters:
        last = m <= 2
        per = (iters - ctl[DONE]) // m if last else max(1, iters // (phases * m))
        keys = _walk_keys(r, per if paired else 0)
        for j in range(m):
            target = min(ctl[DONE] + per, iters)
            _candidate_walks(net, root, p, target, child, n, w, avail, n_nodes, logits, c_puct, bias, fpu_cut,
                             idx[cand[j]], leaf, code, turns, r, ctl, keys, model)
        _completed_scores(n, w, logits, g, idx, k, score)
        m = _keep_best(cand, m, score, m if last else (m + 1) // 2)
        if last:
            break
    return idx[cand[0]]


@njit
def keep_subtree(child, n, w, avail, logits, top, cap, out_child, out_n, out_w, out_avail, out_logits):
    """Copy the subtree under node ``top`` into the ``out_*`` arrays, renumbered breadth first (``top`` becomes
    node 0), at most ``cap`` nodes (the shallowest; an edge to a node left out keeps its statistics and gets a
    new node when a walk next goes down it); returns the number of nodes copied."""
    order = np.empty(cap, dtype=np.int64)
    new_id = np.full(child.shape[0], -1, dtype=np.int64)
    order[0] = top
    new_id[top] = 0
    k = 1
    head = 0
    while head < k:
        u = order[head]
        head += 1
        for a in range(child.shape[1]):
            c = child[u, a]
            if c >= 0 and k < cap:
                new_id[c] = k
                order[k] = c
                k += 1
    for i in range(k):
        u = order[i]
        for a in range(child.shape[1]):
            c = child[u, a]
            out_child[i, a] = new_id[c] if c >= 0 else -1
        out_n[i] = n[u]
        out_w[i] = w[u]
        out_avail[i] = avail[u]
        out_logits[i] = logits[u]
    return k


def _load(path: Path) -> Any:
    from df_env.net.numpy_net import ModelFileError, load_net

    try:
        return load_net(path)
    except ModelFileError as err:
        raise AgentSpecError(f"net-mcts: {err}") from None


class NetMCTSAgent(Agent):
    """Determinized MCTS with PUCT selection over a network's policy, in compiled code; see the module docstring.

    **Tree reuse** (``reuse=1``; default 0: it cost 2-19% more time a decision and won no more solo games in 300
    deals, docs/training.md): :meth:`act` keeps the tree of its last search and the actions played
    since (its own, forced ones included); the next search starts from the subtree those actions lead to, so its
    ``iters`` new iterations add to the ones already spent there. The subtree is kept only when the state it is
    given is exactly the one those actions lead to (the last state ``act`` saw with its action applied), so a
    decision made by anyone else in between (another player, a person, a caller that skips ``act``) starts the
    search afresh. :meth:`search` never reuses (a pure function of the state and the generator)."""

    uses_state = True

    def __init__(self, name: str = "net-mcts", iters: int = 100, path: str = "", c_puct: float | str = "auto",
                 time: float = 0.0, leaf: str = "auto", rollout: str = "heuristic", turns: int = 3,
                 bias: float = 0.0, fpu: float = 0.0, nodes: int = 4096, reuse: bool = False, root: str = "puct",
                 min_visits: int = 0, considered: int = 16, gumbel: float = 1.0, paired: bool = False,
                 opponents: str = "search") -> None:
        if root == "gumbel" and (time > 0 or reuse or min_visits > 0):
            raise AgentSpecError("net-mcts: root=gumbel shares a fixed number of iterations among the root actions "
                                 "of a fresh tree: it takes iters, not time, reuse or min_visits (allowed with "
                                 "root=gumbel: iters, considered, gumbel, paired and the options below the root)")
        if paired and root != "gumbel":
            raise AgentSpecError("net-mcts: paired=1 pairs the walks of the Gumbel root's halving phases: it needs "
                                 "root=gumbel")
        self.name = name
        self.opponents = opponents
        self.observes = opponents == "named"  # to learn the seats' names (meet); no decision needs watching
        self.seat = 0
        self.model = np.full(3, -1, dtype=np.int64)  # per seat, the compiled policy it is known to play (-1: none)
        self.root, self.min_visits, self.considered, self.gumbel = root, min_visits, considered, gumbel
        self.paired = paired
        self.iters, self.time_budget, self.turns, self.bias, self.fpu = iters, time, turns, bias, fpu
        self.c_puct_option = c_puct
        self.c_puct = 1.0  # settled with the leaf evaluation when the model is known (_use)
        self.code = HEURISTIC if rollout == "heuristic" else RANDOM
        self.max_nodes = nodes if time > 0 else iters + 1
        self.path = path
        self.leaf_option = leaf
        self.reuse = reuse
        self.net: Any = None
        self.packed: Any = None
        self.leaf = LEAF_ROLLOUT
        if path:
            self._use(_load(Path(path)))
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)
        self.last_iterations = 0
        self.last_forwards = 0
        self.last_reused = 0  # root visits the last search started with (tree reuse)
        self.last_q = np.zeros(NUM_ACTIONS)  # the root actions' mean values after the last search
        self.last_prior = np.zeros(NUM_ACTIONS)  # the network's policy at the root (0 off the legal actions)
        self.last_choice = -1  # the Gumbel root's chosen action in the last search (-1: a PUCT root)
        # tree reuse: the kept subtree holds at most `keep` nodes; a search adds at most max_nodes - 1
        self.keep = max(1, self.max_nodes // 2 if time > 0 else iters)
        self._bufs: list[tuple[np.ndarray, ...]] = []  # two sets of tree arrays (child, n, w, avail, logits)
        self._cur = 0  # the set holding the last search's tree
        self._kept = False  # whether that tree may be reused
        self._moves: list[int] = []  # the actions played from the tree's root since
        self._last: tuple[np.ndarray, int] | None = None  # the last state act() saw and its answer

    def _use(self, net: Any) -> None:
        """Take ``net`` as the model: pack it for compiled code and settle the leaf evaluation."""
        outcome = value_target(net) == "outcome"
        if self.leaf_option in ("value", "mix") and not outcome:
            raise AgentSpecError(f"net-mcts: leaf={self.leaf_option} needs a model with an outcome value head "
                                 f"(\"value_target\": \"outcome\" in its metadata); the model "
                                 f"{self.path or 'shipped'} has none: use leaf=rollout")
        self.leaf = LEAVES[self.leaf_option] if self.leaf_option != "auto" else (
            LEAF_VALUE if outcome else LEAF_ROLLOUT)
        self.c_puct = C_PUCT_AUTO[self.leaf] if self.c_puct_option == "auto" else float(self.c_puct_option)
        self.net, self.packed = net, pack(net)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.words = words_from(rng)
        self.seat = int(player)
        self.model[:] = -1
        self.observes = self.opponents == "named"
        self._forget()

    def meet(self, seats: Sequence[str]) -> None:
        """``opponents=named``: each other seat whose public name is a compiled policy's (``heuristic``, ``first``,
        ``random``, without options) plays that policy in the tree; the others are searched. Nothing after this
        needs watching, so the game loop stops showing this agent the moves."""
        self.model[:] = -1
        for q, spec in enumerate(seats[: self.model.size]):
            if q != self.seat and self.opponents == "named":
                self.model[q] = NAMED_POLICIES.get(str(spec).strip(), -1)
        self.observes = False

    def _forget(self) -> None:
        self._kept, self._moves, self._last = False, [], None

    def release(self) -> None:
        """Drop the tree buffers (about 11 MB at 400 iterations) and the kept tree; the next search allocates
        them again."""
        self._bufs, self._cur = [], 0
        self._forget()

    def net_for(self, num_players: int) -> Any:
        """The network for a table of ``num_players`` (loads the shipped one on first use); a clear error when the
        model is for another player count or none is shipped."""
        if self.net is None:
            from df_env.net.numpy_net import default_model_path

            p = default_model_path(num_players)
            if not p.is_file():
                raise AgentSpecError(
                    f"net-mcts: no model is shipped for {num_players}-player games ({p} is missing); train one with "
                    f"df-env train and use net-mcts:path=FILE.npz")
            self._use(_load(p))
        if self.net.num_players != num_players:
            raise AgentSpecError(f"net-mcts: the model {self.path or 'shipped'} is for {self.net.num_players}-player "
                                 f"games, this game has {num_players} players")
        return self.net

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if state is None:
            raise ValueError("the net-mcts agent needs the engine state: call act(obs, mask, state)")
        self.net_for(int(state["n_players"]))
        if self.reuse:
            self._follow(state)
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            a = int(legal[0])
        else:
            counts = self._search(state, self.reuse)
            gumbel_pick = self.last_choice >= 0 and bool(mask[self.last_choice])
            a = self.last_choice if gumbel_pick else int(np.argmax(np.where(mask, counts, -1.0)))
        if self.reuse:
            self._last = (state.copy(), a)
        return a

    def _follow(self, state: np.ndarray) -> None:
        """Extend the moves since the tree's root by the last answer if ``state`` is exactly what it led to;
        otherwise drop the tree."""
        if not self._kept or self._last is None:
            self._forget()
            return
        before, a = self._last
        after = before.copy()
        apply_action(after, a)
        if after.tobytes() != state.tobytes():
            self._forget()
            return
        self._moves.append(a)

    def search(self, state: np.ndarray) -> np.ndarray:
        """Visit counts of the root actions after a fresh search (float array over NUM_ACTIONS)."""
        return self._search(state, False)

    def _start_tree(self, reuse: bool) -> tuple[tuple[np.ndarray, ...], int]:
        """The tree arrays for a search and the nodes in use: the kept subtree of the moves played since the last
        search (copied into the other set of arrays), or an empty root."""
        if not self._bufs:
            shape = (self.max_nodes + self.keep, NUM_ACTIONS)
            self._bufs = [(np.full(shape, -1, dtype=np.int32), np.zeros(shape), np.zeros(shape), np.zeros(shape),
                           np.full(shape, np.nan)) for _ in range(2)]
        old, top = self._bufs[self._cur], 0
        if reuse and self._kept:
            for a in self._moves:
                top = int(old[0][top, a])
                if top < 0:
                    break
        if not (reuse and self._kept) or top < 0:
            tree = self._bufs[self._cur]
            child, n, w, avail, logits = tree
            new_node(child, n, w, avail, logits, 0)
            return tree, 1
        self._cur = 1 - self._cur
        tree = self._bufs[self._cur]
        o_child, o_n, o_w, o_avail, o_logits = old
        child, n, w, avail, logits = tree
        return tree, int(keep_subtree(o_child, o_n, o_w, o_avail, o_logits, top, self.keep, child, n, w, avail, logits))

    def _run_puct(self, root: np.ndarray, p: int, tree: tuple[np.ndarray, ...], n_nodes: np.ndarray,
                  ctl: np.ndarray) -> None:
        """The PUCT search's iterations, in chunks between clock checks under a time budget."""
        child, n, w, avail, logits = tree
        deadline = time.perf_counter() + self.time_budget
        while ctl[DONE] < self.iters:
            target = min(int(ctl[DONE]) + CHUNK, self.iters) if self.time_budget > 0 else self.iters
            search_chunk(self.packed, root, p, target, child, n, w, avail, n_nodes, logits, self.c_puct, self.bias,
                         self.fpu, self.min_visits, -1, self.leaf, self.code, self.turns, self.words, ctl, self.model)
            if self.time_budget > 0 and time.perf_counter() >= deadline:
                break

    def _search(self, state: np.ndarray, reuse: bool) -> np.ndarray:
        self.net_for(int(state["n_players"]))
        root = state.reshape(1).copy()
        p = int(state["dplayer"])
        canonicalize_arr(root, p)
        (child, n, w, avail, logits), used = self._start_tree(reuse)
        self.last_reused = int(n[0].sum())
        n_nodes = np.array([used], dtype=np.int64)
        ctl = np.zeros(3, dtype=np.int64)
        self.last_choice = -1
        if self.root == "gumbel":
            self.last_choice = int(gumbel_root_search(
                self.packed, root, p, self.iters, child, n, w, avail, n_nodes, logits, self.c_puct, self.bias,
                self.fpu, self.leaf, self.code, self.turns, self.words, ctl, self.considered, self.gumbel,
                self.paired, self.model))
        else:
            self._run_puct(root, p, (child, n, w, avail, logits), n_nodes, ctl)
        self.last_iterations = int(ctl[DONE])
        self.last_forwards = int(ctl[FORWARDS])
        self.last_q = np.where(n[0] > 0, w[0] / np.maximum(n[0], 1.0), 0.0)
        self.last_prior = _softmax_legal(logits[0], state["mask"])
        self._kept, self._moves = reuse, []
        return n[0].copy()


def _softmax_legal(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The policy over the legal actions from a node's logits (a forced choice has no logits: it gets 1; a legal
    action without a logit, the mean of the others)."""
    out = np.zeros(NUM_ACTIONS)
    legal = np.flatnonzero(mask)
    row = logits[legal].astype(np.float64)
    known = ~np.isnan(row)
    if not known.any():
        out[legal] = 1.0 / max(1, legal.size)
        return out
    row[~known] = row[known].mean()
    e = np.exp(row - row.max())
    out[legal] = e / e.sum()
    return out


def make(spec: str, raw: dict[str, str]) -> NetMCTSAgent:
    opts = build_options("net-mcts", raw, OPTIONS)
    return NetMCTSAgent(spec, **opts)  # type: ignore[arg-type]
