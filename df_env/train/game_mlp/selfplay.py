"""Self-play data for :mod:`df_env.train.game_mlp`: every seat plays the expert agent (with a random legal action
instead, now and then: ``explore``); a decision with more than one legal action is kept with probability
``record`` as a sample: the acting seat's observation (float16: every value of an observation is in [0, 1]), the
legal mask, the expert's action (whatever was played) and, once the game is over, every seat's outcome relative to
the acting seat (the value target: 1 a win, 0 a loss, 0.5 a draw).

The policy target (``target``): ``move``, the expert's action (a one-hot distribution, kept as the action id), or
``visits`` (a ``net-mcts`` expert only): the expert's root visit counts normalized over the legal actions, kept as
``policy``, float16 ``(S, num_actions)``, zero on every illegal action
(:meth:`agents.galactic_civ.net_mcts.GalacticCivNetMCTS.decide`, which plays the move ``act`` plays).

Every game is dealt with the run's game options (``options``, e.g. the Events deck). Game ``g`` of a run with seed
``seed`` is dealt by ``derive_seed(seed, g)``, its agents seeded by the same number
(:func:`agents.base.seat_rng`), its exploration and recording drawn from ``derive_seed(seed, g, 1)``: the data is a
function of the seed and the number of games. ``jobs`` worker processes (:class:`df_env.backends.LocalBackend`)
play the games; the data is joined in game order, so it is the same for any number of jobs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from agents import make_agent
from agents.base import SeatPolicy
from df_env.backends import LocalBackend, run_keyed
from df_env.core.game import Game
from df_env.core.registry import make_game
from df_env.core.rng import derive_seed

__all__ = ["Samples", "play_selfplay", "selfplay_game", "visit_target"]

# obs (S, D) float16, mask (S, A) bool, action (S,), value (S, n), game (S,); with target=visits also policy (S, A)
Samples = dict[str, np.ndarray]
CHUNK_GAMES = 8  # games a worker plays between two reports (the order of the data does not depend on it)
_WORKER: dict[str, Any] = {}


def relative_outcome(game: Game, s: Any, seat: int) -> np.ndarray:
    """Every seat's outcome in [0, 1] (1 win, 0 loss, 0.5 a draw), rotated so that index k is seat
    ``(seat + k) % n``, as the game's observation rotates seats."""
    out = (np.asarray(game.returns(s), dtype=np.float32) + 1.0) / 2.0
    return np.roll(out, -seat)


def visit_target(counts: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Root visit counts as a distribution over the legal actions (float16, zero elsewhere; uniform over the legal
    actions when none was visited)."""
    c = np.where(mask, np.maximum(np.asarray(counts, dtype=np.float64), 0.0), 0.0)
    if not c.sum() > 0:
        c = mask.astype(np.float64)
    return (c / c.sum()).astype(np.float16)


def _expert_move(policy: SeatPolicy, game: Game, s: Any, mask: np.ndarray,
                 visits: bool) -> tuple[int, np.ndarray | None]:
    """The expert's action and, with ``visits``, its root visit distribution (the same action either way)."""
    if not visits:
        return policy(s, mask), None
    action, counts = policy.agent.decide(mask, game.clone(s))  # type: ignore[attr-defined]
    return int(action), visit_target(counts, mask)


def selfplay_game(game: Game, config: dict[str, Any], g: int) -> Samples:
    """The samples of self-play game ``g`` (see the module docstring)."""
    n, seed = int(config["num_players"]), derive_seed(int(config["seed"]), g)
    visits = config.get("target", "move") == "visits"
    s = game.new_game(game.make_config(n, **config.get("options", {})), seed=seed)
    policies = [make_agent(config["expert"], game=game.info.id).as_policy(p, seed, game) for p in range(n)]
    rng = np.random.default_rng(derive_seed(int(config["seed"]), g, 1))
    obs, masks, actions, seats, targets = [], [], [], [], []
    while not game.is_terminal(s):
        p, mask = game.current_player(s), game.legal_mask(s)
        a, target = _expert_move(policies[p], game, s, mask, visits)
        legal = np.flatnonzero(mask)
        if legal.size > 1 and rng.random() < config["record"]:
            obs.append(game.observe(s, p).astype(np.float16))
            masks.append(mask.copy())
            actions.append(a)
            seats.append(p)
            targets.append(target)
        if legal.size > 1 and rng.random() < config["explore"]:
            a = int(legal[rng.integers(legal.size)])
        game.apply_action(s, a)
    value = np.array([relative_outcome(game, s, p) for p in seats], dtype=np.float32).reshape(len(seats), n)
    out = {"obs": np.array(obs, dtype=np.float16).reshape(len(seats), -1), "mask": np.array(masks, dtype=bool),
           "action": np.array(actions, dtype=np.int64), "value": value, "game": np.full(len(seats), g, np.int64)}
    if visits:
        out["policy"] = np.array(targets, dtype=np.float16).reshape(len(seats), game.info.num_actions)
    return out


def _init_worker(game_id: str, config: dict[str, Any], deadline: float) -> None:
    _WORKER.update(game=make_game(game_id), config=config, deadline=deadline)


def _play_chunk(games: list[int]) -> list[tuple[int, Samples | None]]:
    """Self-play games ``games`` in this (initialized) worker; ``None`` for a game not started before the
    deadline."""
    game, config, deadline = _WORKER["game"], _WORKER["config"], _WORKER["deadline"]
    return [(g, None if time.monotonic() >= deadline else selfplay_game(game, config, g)) for g in games]


def play_selfplay(game: Game, config: dict[str, Any], deadline: float,
                  progress: Callable[[int, int], None] | None = None) -> tuple[Samples, int]:
    """Play games ``0 .. games-1`` in ``jobs`` processes (a game not started when ``time.monotonic()`` passes
    ``deadline`` is not played); the samples of the games ``0 .. k-1`` before the first one not played, in game
    order, and ``k``. ``progress(games done, samples of the last)`` sees every game as it arrives."""
    total, jobs = int(config["games"]), int(config.get("jobs", 1))
    chunks = [list(range(g, min(g + CHUNK_GAMES, total))) for g in range(0, total, CHUNK_GAMES)]
    fork_safe = make_agent(config["expert"], game=game.info.id).fork_safe
    done: dict[int, Samples | None] = {}
    for g, part in run_keyed(LocalBackend(min(jobs, len(chunks))), _play_chunk, chunks, key=lambda r: r[0],
                             expected=range(total), initializer=_init_worker,
                             initargs=(game.info.id, config, deadline), fork_safe=fork_safe):
        done[g] = part
        if progress is not None and part is not None:
            progress(len(done), len(part["action"]))
    parts: list[Samples] = []
    for g in range(total):
        part = done[g]
        if part is None:
            break
        parts.append(part)
    if not parts:
        raise RuntimeError("no self-play game finished within the time budget (raise minutes)")
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}, len(parts)
