"""``heuristic`` (Galactic Civ): rules of thumb aimed at the victory paths, compiled (:mod:`.heuristic_rules`).

One yardstick scores every choice: the deciding seat's *standing*, its victory potential minus the best rival's,
after the choice. The potential follows the victory paths (GC21, GC22): the best path margin (the lead in the
path's primary and in its better secondary, the smaller; 5 wins, GCR16), the breadth of all five margins, the
attributes led strictly (phases 4-10 reward the strict leader; the General Victory counts them, weighed more from
turn 15) and a penalty for the strictly lowest Morale (Approval, GC18). Decision by decision:

* **Race** (GC5, GCR7): the race whose bonus stands best against the races already chosen (a bonus on a path's
  primary and secondary, such as Terran Alliance's Influence and Expansion, beats a single +4).
* **Card play** (GC9-GC16): the card whose effect stands best (one's own scores only rise, so it passes only with
  nothing in hand of the allowed types); Ship Graveyard counts the Ship it lets one play (GCR13).
* **Target** (Aggression, Influence, Trade; a United Planets Issue's "Target Player"): the seat whose expected
  d10 outcome stands best: Aggression and Influence hit the rival closest to winning, Trade's +1 goes to the
  rival it helps least.
* **Pick One** (GCR3, GCR4): the attribute that stands best: Aggression cuts the target's lead on its path,
  Influence takes where it both cuts and adds, Approval's loss falls where it matters least (an attribute at 0 when
  there is one).
* **Expansion** (GC15): always takes the benefit (draw 2, discard 1: one card more).
* **Discard** (GCR14, GCR15): the card whose play would add the least.
* **Moral Dilemma** (GC28, GCR24): Malevolent or the expected Benevolence rolls plus the IB penalty, the better.

Example:
    >>> import df_env
    >>> from agents import make_agent
    >>> game = df_env.make_game("galactic_civ")
    >>> s = game.new_game(game.make_config(4), seed=1)
    >>> seat = game.current_player(s)
    >>> policy = make_agent("heuristic", game="galactic_civ").as_policy(seat=seat, seed=7, game=game)
    >>> bool(game.legal_mask(s)[policy(s)])
    True
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent, Option, build_options, words_from
from agents.galactic_civ.heuristic_rules import choose_arr

OPTIONS: dict[str, Option] = {}

__all__ = ["GalacticCivHeuristic", "make"]


class GalacticCivHeuristic(Agent):
    """The rules of thumb above; reads only what the deciding seat sees (scores, its hand, the pending event)."""

    uses_state = True
    policy_code = 1  # agents.galactic_civ.fast.HEURISTIC: whole games in compiled code

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.words = words_from(rng)

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if state is None:
            raise ValueError("the Galactic Civ heuristic needs the game state: call act(obs, mask, state)")
        a = int(choose_arr(state.reshape(1), self.words))
        if a < 0 or not mask[a]:
            raise ValueError(f"heuristic chose {a}, which the mask does not allow (is the mask of this state?)")
        return a


def make(spec: str, raw: dict[str, str]) -> GalacticCivHeuristic:
    """A Galactic Civ heuristic agent from its spec (it takes no options)."""
    build_options("heuristic", raw, OPTIONS)
    return GalacticCivHeuristic(spec)
