"""Was this deal winnable? A reference agent replays a solo deal from its start.

:func:`winnable` plays the deal of a finished solo game (its log) or of a seed with a reference agent, by default
``oracle:iters=400``: the clairvoyant search that sees the deck order and the game's generator
(:mod:`agents.deep_future.oracle`, a cheat, which is why a game must be over before it is analysed). When the reference
wins, the deal was winnable and :attr:`Winnable.actions` is a winning line; :meth:`Winnable.log` makes it a game log
that ``df-env replay`` (or the browser's replay) steps through. When it loses, the deal may still be winnable (the
search is not exhaustive); the study in ``docs/ceiling.md`` measured how rarely that happens.

Example:
    >>> result = winnable(3, reference="heuristic")
    >>> result.seed, result.reference, len(result.actions) > 0, result.won in (True, False)
    (3, 'heuristic', True, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from agents import make_agent
from df_env.gamelog import GameLog, final_state
from df_env.games.deep_future.engine.api import GameConfig, apply_action, new_game
from df_env.games.deep_future.engine.model.constants import VICTORY_NAMES

DEFAULT_REFERENCE = "oracle:iters=400"
DEFAULT_MAX_TURNS = 100  # R25's guard for one player, as the environments and df-env bench


@dataclass
class Winnable:
    """The reference's game on one deal.

    Attributes:
        seed: the deal (engine seed).
        reference: the reference's agent spec.
        won: whether it won the deal (then the deal was winnable and ``actions`` is a winning line).
        victory: the victory type when it won, else "".
        turns: the player-turns it played.
        actions: every action of its game, from the start (a game log's actions).
        seconds: the wall time it took.
        restart_on_loss: the R24 variant of the deal's game.
    """

    seed: int
    reference: str
    won: bool
    victory: str
    turns: int
    actions: list[int] = field(default_factory=list)
    seconds: float = 0.0
    restart_on_loss: bool = False

    def log(self) -> GameLog:
        """The reference's game as a game log (``df-env replay``, :func:`df_env.terminal.replay_game`)."""
        log = GameLog(num_players=1, seed=self.seed, seats=[self.reference], actions=list(self.actions),
                      restart_on_loss=self.restart_on_loss)
        log.set_result(final_state(log))
        return log


def _deal(source: GameLog | int) -> tuple[int, bool]:
    """The seed and variant of the deal to analyse; a log must be a finished solo game."""
    if isinstance(source, GameLog):
        if source.num_players != 1:
            raise ValueError(f"only a solo deal can be analysed; this log has {source.num_players} players (the "
                             "reference sees hidden cards and plays no multiplayer game)")
        if not final_state(source)["over"]:
            raise ValueError("the game of this log is not over: the reference sees the deck, so a deal is analysed "
                             "only once its game has ended")
        return source.seed, source.restart_on_loss
    if isinstance(source, bool) or not isinstance(source, (int, np.integer)) or source < 0:
        raise ValueError(f"give a finished solo game's log or a deal's seed (an integer >= 0); got {source!r}")
    return int(source), False


def winnable(source: GameLog | int, reference: str = DEFAULT_REFERENCE, agent_seed: int | None = None,
             max_turns: int = DEFAULT_MAX_TURNS) -> Winnable:
    """Play the deal of ``source`` (a finished solo game's log, or a seed) from its start with ``reference``.

    ``agent_seed`` seeds the reference's generator (default: the deal's seed, as ``df-env play`` seeds agents);
    the game stops after ``max_turns`` player-turns (not won). Raises ValueError for a multiplayer log, a game not
    over, or a bad seed; :class:`agents.AgentSpecError` for a bad reference spec.
    """
    seed, restart = _deal(source)
    if max_turns < 1:
        raise ValueError(f"max_turns must be >= 1, got {max_turns}")
    policy = make_agent(reference).as_policy(0, seed if agent_seed is None else agent_seed)
    t0 = time.perf_counter()
    s = new_game(GameConfig(num_players=1, restart_on_loss=restart), seed)
    actions: list[int] = []
    while not s["over"] and s["turn"] <= max_turns:
        a = policy(s)
        apply_action(s, a)
        actions.append(a)
    won = int(s["winner"]) == 0
    return Winnable(seed=seed, reference=reference, won=won, victory=VICTORY_NAMES[int(s["victory"])] if won else "",
                    turns=int(s["turn"]), actions=actions, seconds=time.perf_counter() - t0, restart_on_loss=restart)


def first_difference(a: list[int], b: list[int]) -> int:
    """The index of the first decision where two lines of the same deal differ (the shorter length if one is the
    start of the other).

    Example:
        >>> first_difference([1, 2, 3], [1, 2, 4, 5])
        2
    """
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k
