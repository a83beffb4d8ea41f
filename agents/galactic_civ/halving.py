"""The root of ``net-mcts:root=halving`` (Galactic Civ): sequential halving over the root's actions with common
random numbers.

Why: a heuristic rollout to a Galactic Civ game's end is a coin with a few percent between the best root actions,
and most of its spread is the deal and the dice, not the action. Two actions played out from the *same*
determinization with the *same* generator words (so the same draws and d10 results wherever the two games stay in
step) differ far less than two independent rollouts: on positions of searched 2-player games the spread of the
paired difference of two top actions was 0.00-0.47 against 0.40-0.69 unpaired (docs/galactic_civ/training.md,
"Paired rollouts"). The tree of ``root=tree`` compares actions on independent rollouts; this root compares them
on paired ones, which it can because it is flat: every root action considered is played out from each sample.

The search: the root's ``considered`` actions with the highest prior logits of the network (all, when there are no
more legal actions than that); ``ceil(log2 m)`` rounds, each spending an equal share of the rollout budget; in a
round every action still in is played out from the round's determinizations (:func:`determinize_rec` for the
acting seat, then one set of generator words for the rollouts of that sample, the heuristic at every seat to the
game's end), and the better half by mean result (1 win, 0.5 a draw, 0 a loss, for the acting seat; plus
``margin`` times its progress lead at the end, see below) goes on. The
move: the best mean of the last round's actions (ties: the earlier in the round's ranking, at first the prior's
order).

``margin``: heuristic rollouts call most Galactic Civ positions decided after a few turns (every action of a
searched game's decision scored 0 of 200, or 200 of 200, at most of the positions studied), and then every action
scores alike. A small bonus for the seat's progress score at the game's end minus the best rival's
(:func:`~df_env.games.galactic_civ.progress.progress_lead`, in [-1, 1]) still ranks them: the nearest miss when
every line loses to the heuristic (the opponent is not the heuristic), the surest win when every line wins.
"""

from __future__ import annotations

import math

import numpy as np

from agents.galactic_civ.fast import play_rec
from agents.generic.ranking import rank_descending
from df_env.core.jit import njit
from df_env.core.rng import next_u32
from df_env.games.galactic_civ.engine.decide import apply
from df_env.games.galactic_civ.engine.observe import determinize_rec
from df_env.games.galactic_civ.engine.state import STATE_DTYPE
from df_env.games.galactic_civ.progress import progress_lead

__all__ = ["halving_search"]


@njit
def _considered(s, logits, considered, alive):
    """The root's legal actions into ``alive``, best prior first (ties: the lower action id); returns how many of
    them the search considers (at most ``considered``)."""
    k = s["n_legal"]
    for i in range(k):
        alive[i] = s["legal"][i]
    rank_descending(logits, alive, k)
    return min(k, considered)


@njit
def _seat_result(s, seat):
    """``seat``'s result of a finished game: 1 a win, 0.5 a draw, 0 a loss."""
    if s["winner"] < 0:
        return 0.5
    return 1.0 if s["winner"] == seat else 0.0


@njit
def _paired_round(root, seat, alive, m, samples, margin, r, codes, visits, score):
    """One round from position ``root[0]``: ``samples`` determinizations, each played out after every action of
    ``alive[:m]`` with the same rollout words; a rollout scores the seat's result plus ``margin`` times its
    progress lead at the end."""
    base = np.zeros(1, STATE_DTYPE)
    work = np.zeros(1, STATE_DTYPE)
    words, seed = np.zeros(4, np.int64), np.zeros(4, np.int64)
    n = codes.shape[0]
    peak, counts = np.zeros(n), np.zeros(n, np.int64)
    for _ in range(samples):
        base[0] = root[0]
        determinize_rec(base[0], seat, r)
        for i in range(4):
            seed[i] = next_u32(r)
        if seed[0] == 0:
            seed[0] = 1
        for j in range(m):
            a = alive[j]
            work[0] = base[0]
            apply(work[0], a)
            words[:] = seed
            play_rec(work[0], codes, words, 10**6, peak, counts)
            visits[a] += 1.0
            score[a] += _seat_result(work[0], seat)
            if margin > 0.0:
                score[a] += margin * progress_lead(work[0], seat)


@njit
def halving_search(root, seat, budget, considered, margin, logits, r, codes, visits, score):
    """Sequential halving with paired rollouts from position ``root[0]`` for ``seat`` (the module docstring);
    ``visits`` and ``score`` (zeroed, one entry per action id) receive each action's rollouts and results. Returns
    the move. ``budget`` counts rollouts; every round plays at least one sample of each action still in."""
    s = root[0]
    alive = np.empty(s["n_legal"], np.int64)
    m = _considered(s, logits, considered, alive)
    rounds = max(1, int(math.ceil(math.log2(m)))) if m > 1 else 1
    mean = np.full(logits.shape[0], -1.0)
    for rd in range(rounds):
        samples = max(1, budget // (rounds * m))
        _paired_round(root, seat, alive, m, samples, margin, r, codes, visits, score)
        for j in range(m):
            a = alive[j]
            mean[a] = score[a] / visits[a]
        rank_descending(mean, alive, m)  # stable: among equal means the prior's order stays
        if rd < rounds - 1:
            m = (m + 1) // 2
    return alive[0]
