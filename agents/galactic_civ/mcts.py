"""``mcts`` (Galactic Civ): the determinized search of :mod:`agents.generic.ismcts` with compiled rollouts.

The generic ``ismcts`` plays random moves for two turns after its tree in Python, which is slow (about a second
a decision at 400 iterations) and, with random rollouts, weaker than this game's heuristic. This search keeps the
generic tree (single-observer ISMCTS: each iteration determinizes the position for the acting seat, selects down
an open-loop tree with UCB1 counting availability, expands one untried action) and replaces the rollout: from the
leaf, every seat plays the game to its end with a compiled policy in one compiled call
(:mod:`agents.galactic_civ.fast`): the heuristic by default (``rollout=heuristic``), or ``random``. The backed-up
value is the game's result (+1 win, -1 loss, 0 draw, rescaled to [0, 1]) from the point of view of the seat that
chose each edge. The action played is the most visited root action.

Example:
    >>> import df_env
    >>> from agents import make_agent
    >>> game = df_env.make_game("galactic_civ")
    >>> s = game.new_game(game.make_config(2), seed=1)
    >>> seat = game.current_player(s)
    >>> policy = make_agent("mcts:iters=20", game="galactic_civ").as_policy(seat=seat, seed=0, game=game)
    >>> bool(game.legal_mask(s)[policy(s)])
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.base import Option, build_options, choice, non_negative_float, positive_int, words_from
from agents.galactic_civ.fast import HEURISTIC, RANDOM, play_arr
from agents.galactic_civ.heuristic_rules import choose_arr
from agents.galactic_civ.opponents import OPPONENTS, ModelsOpponents
from agents.generic.ismcts import ISMCTSAgent
from df_env.core import make_game
from df_env.games.galactic_civ.progress import progress_leads_arr

ROLLOUTS = {"heuristic": HEURISTIC, "random": RANDOM}


def _rollout_name(text: str) -> str:
    if text not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}; got {text!r}")
    return text


OPTIONS: dict[str, Option] = {
    "iters": Option(positive_int, 400, "search iterations per decision"),
    "time": Option(non_negative_float, 0.0, "seconds per decision (0: no limit; the search stops at whichever "
                   "of iters and time comes first)"),
    "c": Option(non_negative_float, 0.7, "UCB1 exploration constant"),
    "rollout": Option(_rollout_name, "heuristic", "the compiled policy every seat plays after the tree, to the "
                      "game's end: heuristic or random"),
    "margin": Option(non_negative_float, 0.0, "added to each rollout's result for each seat: this times the seat's "
                     "progress lead at the game's end (in [-1, 1]; 0: the result alone)"),
    "opponents": Option(choice(*OPPONENTS), "auto", "the other seats' rollout policy: assumed (the rollout "
                        "option's), observed (first or random for a seat of that name, the heuristic for a seat of "
                        "another agent, else whichever of the three best explains the seat's public decisions: "
                        "agents.galactic_civ.opponents) or auto (observed at 3 or more players, assumed at 2)"),
    "trust": Option(non_negative_float, 0.0, "the heuristic's move at the root counts this share of the "
                    "iterations as extra visits when the move is chosen (0: none; the search must then find "
                    "another move clearly better to play it)"),
}

__all__ = ["GalacticCivMCTS", "make"]


class GalacticCivMCTS(ModelsOpponents, ISMCTSAgent):
    """Determinized search over Galactic Civ with whole-game compiled rollouts (see the module docstring)."""

    def __init__(self, name: str, iters: int, seconds: float, c: float, rollout: str, margin: float = 0.0,
                 trust: float = 0.0, opponents: str = "auto") -> None:
        super().__init__(name, iters, seconds, 0, c, make_game("galactic_civ"))
        self.rollout_code, self.margin, self.trust = ROLLOUTS[rollout], margin, trust
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)
        self.seat_model(opponents, 0)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        super().reset(rng, player)
        self.words = words_from(rng)
        self.seat_model(self.opponents, player)

    def root_visits(self, state: Any) -> dict[int, float]:
        """The tree's root visits, plus ``trust`` times the iterations for the heuristic's move (from what the
        seat sees: the heuristic reads no hidden card)."""
        visits = super().root_visits(state)
        if self.trust > 0.0:
            h = int(choose_arr(state.reshape(1), self.words))
            visits[h] = visits.get(h, 0.0) + self.trust * self.iters
        return visits

    def _rollout(self, s: Any) -> np.ndarray:
        n = int(s["n_players"])
        codes = self.rollout_codes(n, own=self.rollout_code)
        peak, counts = np.zeros(n), np.zeros(n, dtype=np.int64)
        play_arr(s.reshape(1), codes, self.words, 10**6, peak, counts)
        values = (self.game.returns(s) + 1.0) / 2.0
        if self.margin > 0.0:
            leads = np.zeros(n)
            progress_leads_arr(s.reshape(1), leads)
            values += self.margin * leads
        return values


def make(spec: str, raw: dict[str, str]) -> GalacticCivMCTS:
    """A Galactic Civ search agent from its spec (options: :data:`OPTIONS`)."""
    o = build_options("mcts", raw, OPTIONS)
    iters, seconds, c, rollout, margin, trust = (o[k] for k in ("iters", "time", "c", "rollout", "margin", "trust"))
    assert isinstance(iters, int) and isinstance(seconds, float) and isinstance(c, float) and isinstance(rollout, str)
    assert isinstance(margin, float) and isinstance(trust, float)
    return GalacticCivMCTS(spec, iters, seconds, c, rollout, margin, trust, str(o["opponents"]))
