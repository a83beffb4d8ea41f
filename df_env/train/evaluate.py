"""Evaluation on fixed seeds: a batched policy (``policy(obs (B, D), masks (B, 200)) -> actions``) plays
``games`` seeded games, alone or against built-in agents, and its win rate gets a 95% Wilson interval.

Solo, game g is dealt with the engine seed ``derive_seed(seed, g)``: the same deals as
``df-env bench --seed SEED`` plays, so the figures compare directly with the bench table. In multiplayer the
learner takes seat ``g % num_players`` and every other seat is the opponent spec.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

import numpy as np

from agents import SeatPolicy, make_agent
from df_env.bench import derive_seed, play_game, wilson
from df_env.games.deep_future.engine.api import GameConfig, apply_action, legal_mask, new_game
from df_env.games.deep_future.engine.observation.encode import observe

Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass
class EvalResult:
    opponent: str
    games: int
    wins: int
    win_rate: float
    lo: float
    hi: float
    mean_turns: float
    seconds: float

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def evaluate_policy(policy: Policy, num_players: int, opponent: str = "", games: int = 500, seed: int = 0,
                    max_turns: int | None = None, batch: int = 512) -> EvalResult:
    """Play ``games`` games with ``policy`` in one seat (solo: alone); the others play ``opponent``."""
    if num_players > 1 and not opponent:
        raise ValueError("evaluate_policy: give an opponent agent spec for a multiplayer evaluation")
    t0 = time.perf_counter()
    limit = max_turns or 100 * num_players
    config = GameConfig(num_players=num_players)
    wins = turns = 0
    for first in range(0, games, batch):
        ids = list(range(first, min(games, first + batch)))
        states = {g: new_game(config, derive_seed(seed, g)) for g in ids}
        seats = {g: g % num_players for g in ids}
        opps: dict[tuple[int, int], SeatPolicy] = {}
        for g in ids:
            for p in range(num_players):
                if p != seats[g]:
                    opps[(g, p)] = make_agent(opponent).as_policy(p, derive_seed(seed, g, 1))
        active = list(ids)
        while active:
            waiting = []
            for g in active:
                s = states[g]
                while not s["over"] and s["turn"] <= limit and int(s["dplayer"]) != seats[g]:
                    apply_action(s, opps[(g, int(s["dplayer"]))](s))
                if s["over"] or s["turn"] > limit:
                    wins += int(s["winner"] == seats[g])
                    turns += int(s["turn"])
                else:
                    waiting.append(g)
            if not waiting:
                break
            obs = np.stack([observe(states[g], seats[g]) for g in waiting])
            masks = np.stack([legal_mask(states[g]) for g in waiting])
            actions = np.asarray(policy(obs, masks)).reshape(-1)
            for g, a, m in zip(waiting, actions, masks, strict=True):
                if not m[int(a)]:
                    raise RuntimeError(f"the evaluated policy chose the illegal action {int(a)} in game {g}")
                apply_action(states[g], int(a))
            active = waiting
    lo, hi = wilson(wins, games)
    return EvalResult(opponent or "solo", games, wins, wins / games, lo, hi, turns / games,
                      round(time.perf_counter() - t0, 2))


def evaluate_agent(spec: str, num_players: int, opponent: str = "", games: int = 500, seed: int = 0,
                   max_turns: int | None = None) -> EvalResult:
    """A built-in agent on the same games and seats as :func:`evaluate_policy` (a baseline for the curve)."""
    t0 = time.perf_counter()
    limit = max_turns or 100 * num_players
    config = GameConfig(num_players=num_players)
    wins = turns = 0
    for g in range(games):
        seat = g % num_players
        agents = [make_agent(spec) if p == seat else make_agent(opponent) for p in range(num_players)]
        s, _, _, _ = play_game(agents, config, derive_seed(seed, g), derive_seed(seed, g, 1), limit)
        wins += int(s["winner"] == seat)
        turns += int(s["turn"])
    lo, hi = wilson(wins, games)
    return EvalResult(opponent or "solo", games, wins, wins / games, lo, hi, turns / games,
                      round(time.perf_counter() - t0, 2))
