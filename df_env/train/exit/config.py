"""Configurations of ``df-env train --algo exit``: presets for 1, 2 and 3 players, overridable key by key.

Keys (every preset has every key; ``docs/training.md``, "Expert iteration"):

* ``num_players`` 1-3; ``start``: ``"shipped"`` (``df_env/models/net_{n}p.npz``), ``"scratch"`` (a fresh entity
  network of ``dims``) or the path of a model file (``.npz``);
* self-play: ``iterations`` (at most), ``minutes`` (wall-clock budget, 0 = none), ``games`` per iteration,
  ``expert`` (the search the current model's seats play: ``"net-mcts"``, guided by the current model, or
  ``"mcts"``, the heuristic-guided search, a fixed expert to distil), ``search_iters`` (iterations per decision),
  ``c_puct`` (net-mcts only), ``rollout``, ``turns`` (the search's options),
  ``temp_moves`` (a seat's first N searched decisions sample the visit counts ``n^(1/temperature)``; then the most
  visited action), ``temperature``, ``net_moves`` (the probability that a later searched decision plays the
  current model's policy instead of the most visited action, DAgger-style: the expert labels the states the
  network reaches), ``max_turns`` (0: 100 x players);
* league (2-3 players): ``league`` weights of what sits in the seats other than the learner's: ``current`` (the
  current model's search, it records data too), ``past`` (a past checkpoint's policy, ``net:path=iter_K.npz``),
  ``heuristic``;
* learner: ``target_temp`` (the policy target: the visit distribution raised to ``1/target_temp``; 1 as
  searched, 0 the most visited action), ``learning_rate``, ``weight_decay``, ``batch_size``, ``epochs`` (passes
  over the replay window per iteration), ``train_steps`` (when > 0: at most that many minibatches per iteration,
  so that a growing window costs no more), ``replay`` (iterations of data kept; a value above ``iterations`` keeps
  everything), ``policy_coef`` and ``value_coef`` (the weights of the two losses; ``policy_coef=0`` trains the
  value head and the trunk only); ``value_q`` (the value target is ``(1 - value_q) outcome + value_q q``, ``q``
  the search's root value), ``policy_target`` (``"search"``: the visit distribution; ``"start"``: the start
  model's own policy, kept by distillation while the value is learned); ``dims`` (from scratch only);
* evaluation: ``eval_every`` iterations, ``eval_games`` on ``eval_seed``, ``eval_opponents`` (multiplayer);
* ``threads`` torch threads, ``seed``; ``device`` where the learner trains (``auto``: a CUDA GPU when torch sees
  one, else the CPU; ``cpu``, ``cuda``, ``cuda:N``); ``backend`` (``local`` / ``ray``), ``jobs`` (self-play
  games at once; 0: one per core), ``address`` (Ray).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..config import read_config
from ..device import check_device
from ..errors import ConfigError

__all__ = ["EXIT_BASE", "EXIT_PRESETS", "check_exit_config", "make_exit_config"]

EXIT_BASE: dict[str, Any] = {
    "num_players": 1, "start": "shipped", "dims": {},
    "iterations": 1000, "minutes": 60.0, "games": 24, "expert": "net-mcts", "search_iters": 64, "c_puct": 1.0,
    "rollout": "heuristic", "turns": 3, "temp_moves": 4, "temperature": 1.0, "net_moves": 0.0, "max_turns": 0,
    "league": {"current": 1.0, "past": 0.0, "heuristic": 0.0},
    "target_temp": 1.0, "learning_rate": 1e-4, "weight_decay": 1e-5, "batch_size": 256, "epochs": 2,
    "train_steps": 0, "replay": 6, "policy_coef": 1.0, "value_coef": 1.0, "value_q": 0.0, "policy_target": "search",
    "eval_every": 1, "eval_games": 500, "eval_seed": 1_000_000, "eval_opponents": [],
    "threads": 1, "seed": 0, "backend": "local", "jobs": 0, "address": "", "device": "auto",
}
_LEAGUE = {"current": 0.5, "past": 0.3, "heuristic": 0.2}
EXIT_PRESETS: dict[str, dict[str, Any]] = {
    "solo": {**EXIT_BASE},
    "2p": {**EXIT_BASE, "num_players": 2, "league": dict(_LEAGUE), "eval_opponents": ["random", "heuristic"],
           "eval_games": 200},
    "3p": {**EXIT_BASE, "num_players": 3, "league": dict(_LEAGUE), "eval_opponents": ["random", "heuristic"],
           "eval_games": 198},
}
ALLOWED = {"expert": ("net-mcts", "mcts"), "rollout": ("heuristic", "random"), "backend": ("local", "ray"),
           "policy_target": ("search", "start")}
POSITIVE = ("iterations", "games", "search_iters", "batch_size", "epochs", "replay", "eval_games")
NON_NEGATIVE = ("minutes", "target_temp", "c_puct", "turns", "temp_moves", "max_turns", "learning_rate", "weight_decay",
                "train_steps", "policy_coef", "value_coef", "eval_every", "eval_seed", "threads", "seed", "jobs")


def _file_preset(given: dict[str, Any]) -> str:
    """The preset a JSON config file starts from: the one of its player count."""
    return {1: "solo", 2: "2p", 3: "3p"}.get(given.get("num_players", 1), "solo")


def make_exit_config(preset: str = "solo", overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """A preset name (``solo``, ``2p``, ``3p``) or a JSON file of keys, with ``overrides`` applied and checked."""
    config = read_config(preset, overrides, EXIT_PRESETS, EXIT_BASE, _file_preset, what=" for --algo exit")
    check_exit_config(config)
    return config


def _check_league(c: dict[str, Any]) -> None:
    league = c["league"]
    unknown = set(league) - {"current", "past", "heuristic"}
    if unknown:
        raise ConfigError(f"league: unknown entries {sorted(unknown)}; allowed: current, past, heuristic")
    for k, v in league.items():
        if not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0:
            raise ConfigError(f"league weight {k!r} must be a number >= 0, got {v!r}")
    if c["num_players"] > 1 and sum(league.values()) <= 0:
        raise ConfigError("league: the weights must not all be 0 (current, past, heuristic)")


def check_exit_config(c: dict[str, Any]) -> None:
    """Every key in range, before anything starts (a :class:`ConfigError` naming the key and what is allowed)."""
    if c["num_players"] not in (1, 2, 3):
        raise ConfigError(f"num_players must be 1, 2 or 3, got {c['num_players']!r}")
    for key, allowed in ALLOWED.items():
        if c[key] not in allowed:
            raise ConfigError(f"{key} must be one of {', '.join(allowed)}; got {c[key]!r}")
    for key in POSITIVE:
        if c[key] < 1:
            raise ConfigError(f"{key} must be >= 1, got {c[key]!r}")
    for key in NON_NEGATIVE:
        if c[key] < 0:
            raise ConfigError(f"{key} must be >= 0, got {c[key]!r}")
    if not 0.0 <= c["net_moves"] <= 1.0:
        raise ConfigError(f"net_moves must be a probability in [0, 1], got {c['net_moves']!r}")
    if not 0.0 <= c["value_q"] <= 1.0:
        raise ConfigError(f"value_q must be a weight in [0, 1], got {c['value_q']!r}")
    if c["temperature"] <= 0:
        raise ConfigError(f"temperature must be > 0, got {c['temperature']!r}")
    if c["start"] not in ("shipped", "scratch") and not Path(c["start"]).is_file():
        raise ConfigError(f"start must be 'shipped', 'scratch' or a model file (.npz); no file {c['start']!r}")
    if c["address"] and c["backend"] != "ray":
        raise ConfigError("an address is only for the ray backend (--backend ray --address HOST:PORT)")
    check_device(c["device"])
    _check_league(c)
    if c["num_players"] > 1 and not c["eval_opponents"]:
        raise ConfigError("eval_opponents: a multiplayer run needs at least one opponent spec to evaluate against")
    from agents import make_agent

    for spec in c["eval_opponents"]:
        make_agent(spec)  # a bad spec fails before training starts
