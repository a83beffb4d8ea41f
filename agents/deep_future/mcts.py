"""``mcts``: determinized Monte Carlo tree search over the compiled engine (single-observer ISMCTS).

Every iteration:

1. **Determinize**: copy the real state and replace what the acting player cannot know by one sample consistent with
   what he sees (:func:`~df_env.games.deep_future.engine.observation.determinize.determinize_rec`): the cards of the
   deck he has not looked at (History), the face-down challenge pile and the other players' hands he has not seen are
   dealt again among their places, and the game's generator words are redrawn. Nothing hidden from the player survives
   into the search. 2. **Select** down the tree with UCB1 over the engine's flat actions, counting for every action how
   often it
   was *available* (legal) when its node was visited (Cowling et al.'s ISMCTS: the same action sequence may be
   legal in one determinization and not in another). Tree nodes are action sequences (open loop), so a node
   mixes the chance outcomes of the determinizations.
3. **Expand** one untried legal action, then **roll out** in compiled code with the rollout policy (``heuristic``
   or ``random``) for ``turns`` player-turns (0 = to the end of the game).
4. **Evaluate** each player: 1 for a win, 0 for a loss, otherwise his progress score
   (:mod:`df_env.games.deep_future.progress`), and back the value up along the path from the point of view of the
   player who chose each edge.

The action played is the most visited root action. Budget: ``iters`` iterations, or ``time`` seconds per
decision when given (whichever ends first).

Example:
    >>> import numpy as np
    >>> from df_env.games.deep_future import engine
    >>> from agents import make_agent
    >>> s = engine.new_game(engine.GameConfig(1), seed=0)
    >>> agent = make_agent("mcts:iters=20,turns=1")
    >>> agent.reset(np.random.default_rng(0))
    >>> bool(engine.legal_mask(s)[agent.act(None, engine.legal_mask(s), s)])
    True
"""

from __future__ import annotations

import math
import time

import numpy as np

from agents.base import (
    Agent,
    Option,
    build_options,
    choice,
    non_negative_float,
    non_negative_int,
    positive_int,
    words_from,
)
from agents.deep_future.fast import HEURISTIC, RANDOM, play_rec
from agents.deep_future.heuristic_rules import choose
from df_env.core.fmath import log_count, log_count_table
from df_env.games.deep_future.engine._jit import njit, njit_inline
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.model.rng import below
from df_env.games.deep_future.engine.observation.determinize import determinize_rec
from df_env.games.deep_future.engine.rules.flow import apply
from df_env.games.deep_future.progress import progress_rec

OPTIONS: dict[str, Option] = {
    "iters": Option(positive_int, 100, "search iterations per decision"),
    "time": Option(non_negative_float, 0.0, "seconds per decision (0: use iters only)"),
    "rollout": Option(choice("heuristic", "random"), "heuristic", "rollout policy"),
    "turns": Option(non_negative_int, 3, "rollout length in player-turns after the current one (0: to the game end)"),
    "c": Option(non_negative_float, 0.25, "UCB exploration constant (values are in [0, 1])"),
    "bias": Option(non_negative_float, 0.5, "progressive bias towards the heuristic's choice (0: none)"),
    "nodes": Option(positive_int, 4096, "tree size limit when a time budget is set"),
}
MAX_PATH = 512
CHUNK = 16  # iterations between two clock checks under a time budget


# ------------------------------------------------------------------------------------------------ the root
@njit
def canonicalize_rec(s, p):
    """Put what player p cannot see into a fixed arrangement: his unknown cards (unseen deck places, the
    challenge pile, unseen cards in other hands) are dealt back in ascending card order into those places (each
    place keeps its knowledge bits) and the generator words are zeroed. Two states p cannot tell apart become
    identical, so a search from the result depends on nothing hidden from him (the determinization then
    resamples all of it)."""
    n_max = s["deck_n"] + s["chal_n"] + s["hand_n"].sum()
    cards = np.empty(n_max, dtype=np.int64)
    bits = np.empty(n_max, dtype=np.int64)
    k = 0
    bit = 1 << p
    for i in range(s["deck_n"]):
        c = s["deck"][i]
        if not s["c_known"][c] & bit:
            cards[k], bits[k] = c, s["c_known"][c]
            k += 1
    for q in range(s["n_players"]):
        for i in range(s["hand_n"][q]):
            c = s["hand"][q, i]
            if q != p and not s["c_known"][c] & bit:
                cards[k], bits[k] = c, s["c_known"][c]
                k += 1
    for i in range(s["chal_n"]):
        if s["chal"][i] >= 0:
            cards[k], bits[k] = s["chal"][i], s["c_known"][s["chal"][i]]
            k += 1
    pool = np.sort(cards[:k])
    j = 0
    for i in range(s["deck_n"]):
        if not s["c_known"][s["deck"][i]] & bit:
            s["deck"][i] = pool[j]
            j += 1
    for q in range(s["n_players"]):
        for i in range(s["hand_n"][q]):
            if q != p and not s["c_known"][s["hand"][q, i]] & bit:
                s["hand"][q, i] = pool[j]
                j += 1
    for i in range(s["chal_n"]):
        if s["chal"][i] >= 0:
            s["chal"][i] = pool[j]
            j += 1
    for i in range(k):  # the places' knowledge bits, now on the cards dealt there
        s["c_known"][pool[i]] = bits[i]
    s["rng"][:] = 0


@njit
def canonicalize_arr(a, p):
    canonicalize_rec(a[0], p)


# ------------------------------------------------------------------------------------------------ the tree
@njit
def _values(s, out):
    """Per player: 1 win, 0 loss (or a game over without him winning), else his progress score."""
    for q in range(s["n_players"]):
        if s["winner"] == q:
            out[q] = 1.0
        elif s["over"] or s["lost"][q]:
            out[q] = 0.0
        else:
            out[q] = progress_rec(s, q)


@njit
def _select(s, node, n, w, avail, c_uct, bias, r, logs):
    """Mark the legal actions available; return an untried legal action if any (the heuristic's choice first,
    then at random), else the best by UCB1 plus a progressive bias ``bias / (1 + visits)`` towards the
    heuristic's choice."""
    h = choose(s, r) if bias > 0.0 else -1
    if h >= 0 and n[node, h] == 0.0:
        avail[node] += s["mask"]
        return h, True
    n_untried = 0
    pick = -1
    for a in range(s["mask"].shape[0]):
        if s["mask"][a]:
            avail[node, a] += 1.0
            if n[node, a] == 0.0:
                n_untried += 1
                if below(r, n_untried) == 0:
                    pick = a
    if pick >= 0:
        return pick, True
    best = -1.0e30
    for a in range(s["mask"].shape[0]):
        if s["mask"][a] and avail[node, a] > 0.0 and n[node, a] > 0.0:
            u = w[node, a] / n[node, a] + c_uct * math.sqrt(log_count(logs, avail[node, a]) / n[node, a])
            if a == h:
                u += bias / (1.0 + n[node, a])
            if u > best:
                best = u
                pick = a
    return pick, False


@njit_inline
def _simulate(s, child, n, w, avail, n_nodes, c_uct, bias, codes, turns, r, path_node, path_act, path_who,
              depth_out, peak, counts, logs):
    """Selection, expansion and rollout on the determinized record ``s``; the path length goes to
    ``depth_out[0]`` as the path grows (so that it is known if the engine raises)."""
    depth = 0
    node = 0
    while not s["over"] and depth < MAX_PATH:
        a, fresh = _select(s, node, n, w, avail, c_uct, bias, r, logs)
        if a < 0:
            break
        path_node[depth], path_act[depth], path_who[depth] = node, a, s["dplayer"]
        depth += 1
        depth_out[0] = depth
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
    if not s["over"]:
        horizon = s["turn"] + turns if turns > 0 else 1 << 30
        play_rec(s, codes, r, horizon, 1 << 30, peak, counts)
    return depth


@njit
def search_chunk(root, p, iters, child, n, w, avail, n_nodes, c_uct, bias, code, turns, r, logs, clairvoyant=False):
    """Run ``iters`` iterations on the tree arrays (``n_nodes[0]`` nodes in use) from state array ``root``,
    searching for player p. ``code``: rollout policy; ``turns``: rollout horizon (0 = the whole game).
    ``clairvoyant``: search the root as it is, hidden cards and the game's generator included (the ``oracle``
    reference, :mod:`agents.deep_future.oracle`), instead of a determinization per iteration. ``logs``: the table
    of :func:`~df_env.core.fmath.log_count_table`, UCB's logarithm of a count with glibc's bits on every system."""
    work = np.empty(1, dtype=root.dtype)
    path_node = np.empty(MAX_PATH, dtype=np.int64)
    path_act = np.empty(MAX_PATH, dtype=np.int64)
    path_who = np.empty(MAX_PATH, dtype=np.int64)
    codes = np.full(3, code, dtype=np.int64)
    vals = np.zeros(3, dtype=np.float64)
    peak = np.zeros(3, dtype=np.float64)
    counts = np.zeros(3, dtype=np.int64)
    depth_out = np.zeros(1, dtype=np.int64)
    for _ in range(iters):
        work[0] = root[0]
        s = work[0]
        if not clairvoyant:
            determinize_rec(s, p, r)
        depth_out[0] = 0
        try:
            _simulate(s, child, n, w, avail, n_nodes, c_uct, bias, codes, turns, r, path_node, path_act, path_who,
                      depth_out, peak, counts, logs)
            _values(s, vals)
        except Exception:  # an engine error in a simulated line: worth nothing to anyone
            vals[:] = 0.0
        for k in range(depth_out[0]):
            n[path_node[k], path_act[k]] += 1.0
            w[path_node[k], path_act[k]] += vals[path_who[k]]


class MCTSAgent(Agent):
    """Determinized UCT (ISMCTS) with compiled rollouts; see the module docstring."""

    uses_state = True

    def __init__(self, name: str = "mcts", iters: int = 100, time: float = 0.0, rollout: str = "heuristic",
                 turns: int = 3, c: float = 0.25, bias: float = 0.5, nodes: int = 4096) -> None:
        if turns < 0:
            raise ValueError(f"turns must be >= 0, got {turns}")
        self.name = name
        self.iters, self.time_budget, self.turns, self.c, self.bias = iters, time, turns, c, bias
        self.code = HEURISTIC if rollout == "heuristic" else RANDOM
        self.max_nodes = nodes if time > 0 else iters + 1
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)
        self.last_iterations = 0
        self.last_q = np.zeros(NUM_ACTIONS)  # the root actions' mean values after the last search

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.words = words_from(rng)

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if state is None:
            raise ValueError("the mcts agent needs the engine state: call act(obs, mask, state)")
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            return int(legal[0])
        counts = self.search(state)
        counts = np.where(mask, counts, -1.0)
        return int(np.argmax(counts))

    def search(self, state: np.ndarray) -> np.ndarray:
        """Visit counts of the root actions after the search (float array over NUM_ACTIONS)."""
        root = state.reshape(1).copy()
        p = int(state["dplayer"])
        if not self.clairvoyant:
            canonicalize_arr(root, p)
        shape = (self.max_nodes, NUM_ACTIONS)
        child = np.full(shape, -1, dtype=np.int32)
        n, w, avail = np.zeros(shape), np.zeros(shape), np.zeros(shape)
        n_nodes = np.ones(1, dtype=np.int64)
        done = 0
        deadline = time.perf_counter() + self.time_budget
        while done < self.iters:
            k = min(CHUNK, self.iters - done) if self.time_budget > 0 else self.iters
            search_chunk(root, p, k, child, n, w, avail, n_nodes, self.c, self.bias, self.code, self.turns,
                         self.words, log_count_table(), self.clairvoyant)
            done += k
            if self.time_budget > 0 and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        self.last_q = np.where(n[0] > 0, w[0] / np.maximum(n[0], 1.0), 0.0)
        return n[0].copy()


def make(spec: str, raw: dict[str, str]) -> MCTSAgent:
    opts = build_options("mcts", raw, OPTIONS)
    return MCTSAgent(spec, **opts)  # type: ignore[arg-type]
