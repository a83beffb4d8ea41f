"""Self-play data for :mod:`df_env.train.game_mlp`: every seat plays the expert agent (with a random legal action
instead, now and then: ``explore``); a decision with more than one legal action is kept with probability
``record`` as a sample: the acting seat's observation (float16: every value of an observation is in [0, 1]), the
legal mask, the expert's action (the policy target, whatever was played) and, once the game is over, every seat's
outcome relative to the acting seat (the value target: 1 a win, 0 a loss, 0.5 a draw).

Every game is dealt with the run's game options (``options``, e.g. the Events deck). Game ``g`` of a run with seed
``seed`` is dealt by ``derive_seed(seed, g)``, its agents seeded by the same number
(:func:`agents.base.seat_rng`), its exploration and recording drawn from ``derive_seed(seed, g, 1)``: the data is a
function of the seed and the number of games.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from agents import make_agent
from df_env.core.game import Game
from df_env.core.rng import derive_seed

__all__ = ["Samples", "play_selfplay", "selfplay_game"]

Samples = dict[str, np.ndarray]  # obs (S, D) float16, mask (S, A) bool, action (S,), value (S, n), game (S,)


def relative_outcome(game: Game, s: Any, seat: int) -> np.ndarray:
    """Every seat's outcome in [0, 1] (1 win, 0 loss, 0.5 a draw), rotated so that index k is seat
    ``(seat + k) % n``, as the game's observation rotates seats."""
    out = (np.asarray(game.returns(s), dtype=np.float32) + 1.0) / 2.0
    return np.roll(out, -seat)


def selfplay_game(game: Game, config: dict[str, Any], g: int) -> Samples:
    """The samples of self-play game ``g`` (see the module docstring)."""
    n, seed = int(config["num_players"]), derive_seed(int(config["seed"]), g)
    s = game.new_game(game.make_config(n, **config.get("options", {})), seed=seed)
    policies = [make_agent(config["expert"], game=game.info.id).as_policy(p, seed, game) for p in range(n)]
    rng = np.random.default_rng(derive_seed(int(config["seed"]), g, 1))
    obs, masks, actions, seats = [], [], [], []
    while not game.is_terminal(s):
        p, mask = game.current_player(s), game.legal_mask(s)
        a = policies[p](s, mask)
        legal = np.flatnonzero(mask)
        if legal.size > 1 and rng.random() < config["record"]:
            obs.append(game.observe(s, p).astype(np.float16))
            masks.append(mask.copy())
            actions.append(a)
            seats.append(p)
        if legal.size > 1 and rng.random() < config["explore"]:
            a = int(legal[rng.integers(legal.size)])
        game.apply_action(s, a)
    value = np.array([relative_outcome(game, s, p) for p in seats], dtype=np.float32).reshape(len(seats), n)
    return {"obs": np.array(obs, dtype=np.float16).reshape(len(seats), -1), "mask": np.array(masks, dtype=bool),
            "action": np.array(actions, dtype=np.int64), "value": value, "game": np.full(len(seats), g, np.int64)}


def play_selfplay(game: Game, config: dict[str, Any], deadline: float,
                  progress: Callable[[int, int], None] | None = None) -> tuple[Samples, int]:
    """Play games ``0 .. games-1`` (or until ``time.monotonic()`` passes ``deadline``); the samples of all of them
    and the number of games played."""
    parts: list[Samples] = []
    played = 0
    for g in range(int(config["games"])):
        if time.monotonic() >= deadline:
            break
        parts.append(selfplay_game(game, config, g))
        played += 1
        if progress is not None:
            progress(played, sum(len(p["action"]) for p in parts[-1:]))
    if not parts:
        raise RuntimeError("no self-play game finished within the time budget (raise minutes)")
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}, played
