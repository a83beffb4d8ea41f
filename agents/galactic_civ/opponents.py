"""A model of the other seats for the searches' rollouts (``opponents=observed``, and ``auto`` at 3 or more players,
of ``mcts`` and ``net-mcts``).

A search plays every seat's rollout with a compiled policy (:mod:`agents.galactic_civ.fast`). By default every
seat is the heuristic; at a table where some seats play far worse (``first``, ``random``, a beginner), the rollouts
then fear threats that never come (docs/galactic_civ/training.md, "Why `mcts` trails the heuristic at 4 players").
This model watches each other seat's decisions (:meth:`agents.base.Agent.observe`) and, by Bayes' rule, names the
compiled policy that best explains them: ``heuristic``, ``first`` or ``random``. A seat's public name (the
table's, :meth:`agents.base.Agent.meet`: what a log, a ladder and a page show) comes first: ``first`` and ``random``
are those policies, any other agent of the game is modelled by the heuristic; a person or a learner is judged by its
moves.

Only decisions whose legal actions and heuristic scores are public count as evidence: a race (GC5), a target (GC11,
GC12, GC17, GCR25), a Pick One (GCR4), the Expansion benefit (GC15) and a Moral Dilemma (GC28). Their scores read
the attribute table, the phase, the pending roll and the Event card, never a hand; card plays and discards, whose
choices depend on the hand, are skipped. Each policy is taken to play its own choice with probability ``1 - eps``
and a uniform legal action otherwise (a search agrees with the heuristic most of the time and is modelled as one).

Example:
    >>> import df_env
    >>> game = df_env.make_game("galactic_civ")
    >>> s = game.new_game(game.make_config(2), seed=3)
    >>> model = OpponentModel(seat=1 - game.current_player(s))
    >>> model.observe(s, int(s["legal"][0]))  # the other seat took its lowest legal race
    >>> model.codes(2, own=HEURISTIC).tolist()[model.seat]
    1
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from agents import agent_names
from agents.base import AgentSpecError, parse_spec
from agents.galactic_civ.fast import FIRST, HEURISTIC, RANDOM
from agents.galactic_civ.heuristic_rules import action_value, standing
from df_env.core.fmath import log as flog  # evidence in log-odds: the same bits on every machine
from df_env.core.jit import njit
from df_env.games.galactic_civ.engine.state import (
    A_PASS,
    D_DILEMMA,
    D_EXPAND,
    D_PICK,
    D_PLAY,
    D_RACE,
    D_TARGET,
    MAX_PLAYERS,
)

POLICIES = (HEURISTIC, FIRST, RANDOM)  # the compiled policies the model chooses among, in its arrays' order
POLICY_NAMES = {HEURISTIC: "heuristic", FIRST: "first", RANDOM: "random"}
NAMED = {"first": FIRST, "random": RANDOM}  # a seat of another agent of the game is modelled by the heuristic
GAME_ID = "galactic_civ"
OPPONENTS = ("auto", "assumed", "observed")  # the searches' option: the model at 3+ players, never, always
# log prior odds: a seat is the heuristic until its moves say otherwise (the search's old model, and the right one
# against every search agent)
LOG_PRIOR = (0.0, -1.5, -1.5)
PASS_NOISE = 0.05  # how often a seat that plays its cards passes with one in hand (a search, now and then)


@njit
def _heuristic_best(s, best):
    """The heuristic's best actions (its ties) for the pending decision of ``s`` into ``best``; their count, or 0
    when the decision's scores may read a hand (a card play, a discard) or one action is legal."""
    dk = s["dk"]
    if s["n_legal"] < 2 or not (dk == D_RACE or dk == D_TARGET or dk == D_PICK or dk == D_EXPAND
                                or dk == D_DILEMMA):
        return 0
    n = s["n_players"]
    me = s["dplayer"]
    turn = s["turn"]
    w0 = s["attr"][:n].astype(np.int64)
    base = standing(w0, n, me, turn)
    top = -1e18
    k = 0
    for i in range(s["n_legal"]):
        a = s["legal"][i]
        v = action_value(s, w0, n, me, turn, base, a)
        if v > top + 1e-9:
            top, k = v, 0
        if v > top - 1e-9:
            best[k] = a
            k += 1
    return k


@njit
def _best_arr(a, best):
    return _heuristic_best(a[0], best)


def heuristic_choices(state: np.ndarray) -> np.ndarray:
    """The heuristic's best actions (its ties) for the pending decision of ``state``; empty when the decision's
    scores may read a hand (a card play, a discard) or one action is legal."""
    best = np.zeros(64, dtype=np.int64)
    return best[:int(_best_arr(state.reshape(1), best))].copy()


class OpponentModel:
    """Each other seat's compiled policy, from the decisions seen (see the module docstring).

    Attributes:
        seat: the modelling seat (its own decisions are not evidence).
        eps: the share of a policy's moves taken to be uniform noise.
        log_odds: per seat, the log posterior of each of :data:`POLICIES`.
    """

    def __init__(self, seat: int, eps: float = 0.5) -> None:
        if not 0.0 < eps < 1.0:
            raise ValueError(f"eps must be in (0, 1), got {eps!r}")
        self.seat, self.eps = int(seat), float(eps)
        self.log_odds = np.tile(np.array(LOG_PRIOR), (MAX_PLAYERS, 1))
        self.named: dict[int, int] = {}  # seats whose public name is a compiled policy's: that policy

    def meet(self, seats: Sequence[str]) -> None:
        """The table's public seat names (agent specs): a seat of ``first`` or ``random`` plays that policy, a seat
        of any other agent of the game the heuristic (the compiled policy nearest a search's strength: a search's
        public moves can look like ``random``'s); a person or a learner is judged by its moves."""
        known = set(agent_names(GAME_ID))
        self.named = {}
        for p, spec in enumerate(seats):
            try:
                name = parse_spec(spec)[0]
            except AgentSpecError:
                continue
            if p != self.seat and name in known:
                self.named[p] = NAMED.get(name, HEURISTIC)

    def observe(self, state: np.ndarray, action: int) -> None:
        """Weigh ``action``, chosen by seat ``state["dplayer"]`` in ``state``, as evidence of its policy."""
        p = int(state["dplayer"])
        if p == self.seat or p < 0 or p in self.named or bool(state["over"]):  # a named seat's policy is known
            return
        if int(state["dk"]) == D_PLAY:
            self._weigh_pass(p, int(state["hand_n"][p]), action == A_PASS)
            return
        best = heuristic_choices(state)
        if best.size == 0:
            return
        n = int(state["n_legal"])
        noise = self.eps / n
        heuristic = (1.0 - self.eps) / best.size if action in best.tolist() else 0.0
        first = (1.0 - self.eps) if action == int(state["legal"][0]) else 0.0
        self.log_odds[p] += (flog(heuristic + noise), flog(first + noise), flog(1.0 / n))

    def _weigh_pass(self, p: int, hand: int, passed: bool) -> None:
        """A card play with ``hand`` cards in hand (a public count): the heuristic and ``first`` play a card
        whenever one is legal (a play never lowers one's own scores; a card's id is below the pass's), ``random``
        passes about once in ``hand + 1`` (the legal cards themselves stay hidden)."""
        if hand == 0:
            return
        rare, uniform = PASS_NOISE, 1.0 / (hand + 1)
        odds = (rare, rare, uniform) if passed else (1.0 - rare, 1.0 - rare, 1.0 - uniform)
        self.log_odds[p] += [flog(v) for v in odds]

    def policy_of(self, seat: int) -> int:
        """The compiled policy code of ``seat``: its public name's, or the one that best explains its decisions so
        far."""
        if seat in self.named:
            return self.named[seat]
        return POLICIES[int(np.argmax(self.log_odds[seat]))]

    def codes(self, num_players: int, own: int) -> np.ndarray:
        """The rollout's policy codes: ``own`` for the modelling seat, :meth:`policy_of` for the others."""
        out = np.array([self.policy_of(p) for p in range(num_players)], dtype=np.int64)
        out[self.seat] = own
        return out


class ModelsOpponents:
    """What a search with the ``opponents`` option shares (``mcts``, ``net-mcts``): the model, seated with the agent
    (:meth:`seat_model` from ``reset``), fed by the game loop (:meth:`meet`, :meth:`observe`) unless
    ``opponents=assumed``, and the rollout's policy codes (:meth:`rollout_codes`): the model's with ``observed``,
    and with ``auto`` at a table of 3 or more (at 2 players ``auto`` is ``assumed``, move for move)."""

    observes: bool = False
    model: OpponentModel
    opponents: str = "assumed"

    def seat_model(self, opponents: str, seat: int) -> None:
        """A fresh model for ``seat``; ``opponents`` is one of :data:`OPPONENTS`."""
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}; got {opponents!r}")
        self.opponents, self.observes, self.model = opponents, opponents != "assumed", OpponentModel(seat)

    def modelling(self, num_players: int) -> bool:
        """Whether the rollouts at a table of ``num_players`` play the model's policies."""
        return self.opponents == "observed" or (self.opponents == "auto" and num_players >= 3)

    def meet(self, seats: Sequence[str]) -> None:
        self.model.meet(seats)
        if self.opponents == "auto":  # at 2 players the model is never used: stop being shown the moves
            self.observes = len(seats) >= 3

    def observe(self, state: np.ndarray, action: int) -> None:
        self.model.observe(state, action)

    def rollout_codes(self, num_players: int, own: int) -> np.ndarray:
        """Each seat's rollout policy code: ``own`` everywhere, or the model's for the others (:meth:`modelling`)."""
        if self.modelling(num_players):
            return self.model.codes(num_players, own)
        return np.full(num_players, own, dtype=np.int64)
