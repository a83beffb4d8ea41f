"""Training configurations of ``df-env train``: presets for 1, 2 and 3 players, overridable key by key.

Keys (all presets have every key):

* ``num_players`` 1-3; ``opponents``: the spec of every other seat, ``"random"``, ``"heuristic"``, ``"net"`` (the
  shipped model for ``num_players``) or ``"net:path=F.npz"`` (all played in compiled code inside the vector env's
  step);
* ``net``: ``"entity"`` (the entity network, :mod:`df_env.train.torch_net`, exportable to numpy) or ``"mlp"``
  (SB3's flat MLP, ``mlp_arch`` hidden sizes, for comparison); ``dims``: the entity network's layer sizes;
* ``reward``: ``"progress"`` (win/loss +-1 plus the change of the progress score at every step) or ``"win"``;
* PPO: ``num_envs`` games stepped together, ``n_steps`` per game per rollout, ``batch_size``, ``n_epochs``,
  ``learning_rate``, ``gamma``, ``gae_lambda``, ``ent_coef``, ``clip_range``, ``vf_coef``, ``max_grad_norm``;
* budget: ``total_timesteps`` and ``minutes`` (wall-clock limit, 0 = none; whichever comes first);
* ``eval_every`` steps, ``eval_games`` on fixed seeds (``eval_seed``), against each of ``eval_opponents``
  (solo: the policy alone; the heuristic plays the same deals once as the baseline);
* ``checkpoint_every`` steps; ``threads`` torch threads (0 = one per core); ``env_threads`` of the vector env
  (0 = one per core); ``seed``; ``tensorboard`` (write TensorBoard logs too); ``device``: where the network trains,
  ``auto`` (a CUDA GPU when torch sees one, else the CPU), ``cpu``, ``cuda`` or ``cuda:N``
  (:mod:`df_env.train.device`; the rollouts stay in compiled code on the CPU).

The defaults come from the measurements in ``docs/training.md`` (128 games x 32 steps, 1 epoch, batch 1024, one
torch thread: on 2 cores, torch's threads and the vector env's oversubscribe the CPU and a run collapses).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .device import check_device
from .errors import ConfigError

__all__ = ["BASE", "PRESETS", "ConfigError", "check_config", "check_train_opponents", "make_config"]

BASE: dict[str, Any] = {
    "num_players": 1, "opponents": "heuristic", "net": "entity", "dims": {}, "mlp_arch": [256, 256],
    "reward": "progress",
    "num_envs": 128, "n_steps": 32, "batch_size": 256, "n_epochs": 1, "learning_rate": 3e-4, "gamma": 0.995,
    "gae_lambda": 0.95, "ent_coef": 0.01, "clip_range": 0.2, "vf_coef": 0.5, "max_grad_norm": 0.5,
    "total_timesteps": 100_000_000, "minutes": 60.0,
    "eval_every": 250_000, "eval_games": 500, "eval_seed": 1_000_000, "eval_opponents": [],
    "checkpoint_every": 500_000, "threads": 1, "env_threads": 0, "seed": 0, "tensorboard": False, "device": "auto",
}
PRESETS: dict[str, dict[str, Any]] = {
    "solo": {**BASE},
    "2p": {**BASE, "num_players": 2, "opponents": "heuristic", "eval_opponents": ["random", "heuristic"],
           "eval_games": 200},
    "3p": {**BASE, "num_players": 3, "opponents": "heuristic", "eval_opponents": ["random", "heuristic"],
           "eval_games": 198},
}
ALLOWED = {"net": ("entity", "mlp"), "reward": ("progress", "win")}
OPPONENTS = "random, heuristic, net or net:path=F.npz (the opponents played in compiled code inside the env's step)"



def coerce(key: str, value: Any, like: Any) -> Any:
    """``value`` for config key ``key`` checked against the type of its default ``like`` (a string from the command
    line is read as JSON first); a whole number for an integer key."""
    if isinstance(value, str) and not isinstance(like, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            raise ConfigError(f"{key}={value!r}: expected a JSON value like {json.dumps(like)}") from None
    if isinstance(like, str) and not isinstance(value, str):
        raise ConfigError(f"{key} must be a string, got {value!r}")
    if isinstance(like, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"{key} must be true or false, got {value!r}")
    elif isinstance(like, (int, float)):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ConfigError(f"{key} must be a number, got {value!r}")
        if isinstance(like, int) and not float(value).is_integer():
            raise ConfigError(f"{key} must be a whole number, got {value!r}")
        value = int(value) if isinstance(like, int) else float(value)
    elif isinstance(like, list) and not isinstance(value, list):
        raise ConfigError(f"{key} must be a list, got {value!r}")
    elif isinstance(like, dict) and not isinstance(value, dict):
        raise ConfigError(f"{key} must be an object, got {value!r}")
    return value


def read_config(preset: str, overrides: dict[str, Any] | None, presets: dict[str, dict[str, Any]],
                base: dict[str, Any], file_preset: Callable[[dict[str, Any]], str] = lambda given: "solo",
                what: str = "") -> dict[str, Any]:
    """A preset of ``presets`` or a JSON file of keys (over the preset ``file_preset(keys)``), with ``overrides``
    applied, each key known to ``base`` and coerced to its type (not yet range-checked)."""
    if preset in presets:
        config = dict(presets[preset])
    else:
        path = Path(preset)
        if not path.is_file():
            raise ConfigError(f"config {preset!r}: not a preset ({', '.join(presets)}) nor a JSON file")
        try:
            given = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as err:
            raise ConfigError(f"cannot read config {preset!r}: {err}") from None
        if not isinstance(given, dict):
            raise ConfigError(f"config {preset!r} must hold a JSON object")
        config = dict(presets.get(file_preset(given), base))
        overrides = {**given, **(overrides or {})}
    for key, value in (overrides or {}).items():
        if key not in base:
            raise ConfigError(f"unknown config key {key!r}{what}; keys: {', '.join(sorted(base))}")
        config[key] = coerce(key, value, base[key])
    return config


def make_config(preset: str = "solo", overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """A preset name (``solo``, ``2p``, ``3p``) or a JSON file, with ``overrides`` applied and checked."""
    config = read_config(preset, overrides, PRESETS, BASE)
    check_config(config)
    return config


def check_config(c: dict[str, Any]) -> None:
    if c["num_players"] not in (1, 2, 3):
        raise ConfigError(f"num_players must be 1, 2 or 3, got {c['num_players']!r}")
    for key, allowed in ALLOWED.items():
        if c[key] not in allowed:
            raise ConfigError(f"{key} must be one of {', '.join(allowed)}; got {c[key]!r}")
    for key in ("num_envs", "n_steps", "batch_size", "n_epochs", "total_timesteps", "eval_games"):
        if c[key] < 1:
            raise ConfigError(f"{key} must be >= 1, got {c[key]!r}")
    for key in ("eval_every", "checkpoint_every", "threads", "env_threads", "seed", "eval_seed", "minutes"):
        if c[key] < 0:
            raise ConfigError(f"{key} must be >= 0, got {c[key]!r}")
    check_device(c["device"])
    check_train_opponents(c["opponents"], c["num_players"])
    if c["num_players"] > 1 and not c["eval_opponents"]:
        raise ConfigError("eval_opponents: a multiplayer run needs at least one opponent spec to evaluate against")
    from agents import make_agent

    for spec in c["eval_opponents"]:
        make_agent(spec)  # a bad spec fails before training starts


def check_train_opponents(spec: str, num_players: int) -> None:
    """``opponents`` must be played in compiled code: ``random``, ``heuristic``, or the ``net`` agent (its model
    for ``num_players`` players: the shipped one, or ``net:path=F.npz``)."""
    if spec in ("random", "heuristic"):
        return
    if spec != "net" and not spec.startswith("net:"):
        raise ConfigError(f"opponents must be one of {OPPONENTS}; got {spec!r}")
    if num_players == 1:
        return  # solo: no other seat
    from df_env.games.deep_future.envs.common import check_opponents
    from df_env.games.deep_future.envs.episode import OUTSIDE

    try:
        codes, _, _ = check_opponents(spec, num_players, 0)
    except ValueError as err:  # no such model file, or a model for another player count
        raise ConfigError(str(err)) from None
    if (codes[1:num_players] == OUTSIDE).any():
        raise ConfigError(f"opponents {spec!r} would play from Python (net:deterministic=0 samples); use one of "
                          f"{OPPONENTS}")
