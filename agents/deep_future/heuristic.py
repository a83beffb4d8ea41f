"""``heuristic``: a rule-based player that builds its tableau and keeps its civilization alive.

The engine asks one decision at a time; the heuristic scores every legal choice of that decision and takes the
best (ties at random). The scores live in :mod:`agents.deep_future.heuristic_rules` (compiled, so whole games and MCTS
rollouts run without Python). The strategy, decision by decision:

Building towards victory (section 3: homeworld and three techs with three advancements each, then a track, a
territory or a population goal)
    * ACTION: while the tableau is unfinished, ADVANCE comes first; a SETTLE that conquers a neutral-line world
      (it brings a free POWER and a free ADVANCE) beats everything; EVOKE a civilization when possible; POWER
      when the hand is down to two cards; GROW when the homeworld sector is thin or threatened; BATTLE to clear
      rivals next to the homeworld or a neutral world it can then conquer, or for +1 on a low track when no
      rival is adjacent; EXPAND for territory. PLAN (it discards the hand) only with an empty hand. Each action
      is charged the value of the cheapest card that pays for it and credited the track gains its tableau
      advancements give, so an action whose advancements raise a low track is preferred. With two cards or
      fewer it is likelier to stop and keep them for upkeep and challenges.
    * ADVANCE target: the homeworld until it has three advancements (it costs no upkeep), then the most advanced
      incomplete tech, and a new tech from the deck only when no tech is under way.
    * Circling: the most valuable advancement of the drawn suit (value table ``ADV_VALUE``: Literature, Art,
      Philosophy, Engineering, Devices, Energy, Labor, Empire and Construction first: track gains on the
      actions it takes most, Culture above all); generating instead when the suit has nothing above average.
      Tech lines: the suit with the best advancement. Chemistry redraws a value below the suit's average.

Staying alive (tracks reach the cross through failed challenges)
    * Upkeep: pays every card it can (each unpaid card adds a challenge; each payment adds an upkeep cube),
      spending the least valuable hand card.
    * Challenges: met with an upkeep cube first, then the cheapest hand card of the suit, then a settled world;
      failing only when nothing else is possible.
    * Start phase: Computation always; Economy and Infrastructure only when a track can spare a step (Culture
      above 3 or another track above 0), paid with that track; History last, after the draws (R42).
    * Hand cards are valued: an evocable civilization, complete techs (boosts) and worlds in controlled sectors
      are kept; duplicates of a suit and suits no upkeep needs go first.

Map
    * GROW the homeworld sector until it holds four cubes, then sectors with rivals next to them; EXPAND from the
      largest stack into empty sectors with room around them (wonders preferred); BATTLE with as many cubes as
      keep one in the source sector; new worlds are settled outside the homeworld's sector (solo wonders).

Example:
    >>> import numpy as np
    >>> from df_env.games.deep_future import engine
    >>> s = engine.new_game(engine.GameConfig(1), seed=0)
    >>> agent = HeuristicAgent(); agent.reset(np.random.default_rng(0))
    >>> a = agent.act(None, engine.legal_mask(s), s)
    >>> bool(engine.legal_mask(s)[a])
    True
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent, Option, build_options, words_from
from agents.deep_future.heuristic_rules import ADV_VALUE, choose_arr

OPTIONS: dict[str, Option] = {}

__all__ = ["ADV_VALUE", "HeuristicAgent", "make"]


class HeuristicAgent(Agent):
    """The rule-based strategy above; needs the engine state (it reads only the acting player's view)."""

    uses_state = True
    policy_code = 1

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name
        self.words = np.array([1, 2, 3, 4], dtype=np.int64)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.words = words_from(rng)

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if state is None:
            raise ValueError("the heuristic agent needs the engine state: call act(obs, mask, state)")
        a = int(choose_arr(state.reshape(1), self.words))
        if a < 0 or not mask[a]:
            raise ValueError(f"heuristic chose {a}, which the mask does not allow (is the mask of this state?)")
        return a


def make(spec: str, raw: dict[str, str]) -> HeuristicAgent:
    build_options("heuristic", raw, OPTIONS)
    return HeuristicAgent(spec)
