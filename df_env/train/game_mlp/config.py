"""Configurations of ``df-env train --game ID`` (games other than Deep Future): one preset per player count,
overridable key by key (``--set KEY=VALUE``), every key checked before anything starts.

Keys (``docs/galactic_civ/training.md``, "Configuration"):

* ``num_players`` (``--players``); ``options``: the game's configuration options every game of the run (self-play
  and evaluation) is dealt with, e.g. Galactic Civ's ``{"events": true}`` (``--events``, ``--races``,
  ``--trade-literal``; ``--set options=JSON`` for the rest, such as a list of races);
* self-play: ``games``, ``expert`` (the agent spec every seat plays), ``explore`` (the probability that a seat
  plays a random legal action instead of the expert's: the data then covers positions the expert alone never
  reaches; the expert's choice is still the target), ``record`` (the probability that a decision with more than
  one legal action is kept as a sample), ``target`` (the policy target: ``move``, the expert's action, or
  ``visits``, a ``net-mcts`` expert's root visit distribution), ``jobs`` (self-play worker processes: the data is
  the same for any number);
* learner: ``hidden`` (layer sizes), ``epochs``, ``batch_size``, ``learning_rate``, ``weight_decay``,
  ``value_coef`` (the weight of the value's cross-entropy beside the policy's), ``holdout`` (the share of games
  kept out of training to measure the fit), ``init`` (a model file the network starts from instead of random
  weights: one round of expert iteration goes on from the last; "" none);
* ``minutes``: the wall-clock cap of the whole run (0: none): self-play stops at ``selfplay_share`` of it,
  training at ``1 - eval_share`` (the summary says when a cap cut either short: the run is then not reproducible
  bit for bit);
* evaluation: ``eval_games`` per opponent of ``eval_opponents`` on seeds ``eval_seed`` (the network in seat
  ``g % n``); ``seed``, ``threads`` (torch threads).
"""

from __future__ import annotations

from typing import Any

from ..config import read_config
from ..errors import ConfigError

__all__ = ["GAME_BASE", "check_game_config", "make_game_config"]

GAME_BASE: dict[str, Any] = {
    "num_players": 2, "options": {}, "games": 6000, "expert": "heuristic", "explore": 0.1, "record": 0.5,
    "target": "move", "jobs": 1, "init": "",
    "hidden": [256, 256], "epochs": 10, "batch_size": 512, "learning_rate": 1e-3, "weight_decay": 1e-5,
    "value_coef": 1.0, "holdout": 0.05,
    "minutes": 34.0, "selfplay_share": 0.6, "eval_share": 0.1,
    "eval_games": 200, "eval_opponents": ["random", "heuristic"], "eval_seed": 1_000_000,
    "seed": 0, "threads": 1,
}
# per player count: a game of 4 takes about 2.5x the decisions of a game of 2, and the heuristic is slower
PLAYER_PRESETS: dict[int, dict[str, Any]] = {2: {}, 4: {"games": 3500}}
PROBABILITIES = ("explore", "record", "holdout", "selfplay_share", "eval_share")
POSITIVE = ("games", "epochs", "batch_size", "eval_games", "jobs")
TARGETS = ("move", "visits")
SEARCH_EXPERTS = ("net-mcts",)  # the experts whose root visit counts can be the policy target
NON_NEGATIVE = ("learning_rate", "weight_decay", "value_coef", "minutes", "eval_seed", "seed", "threads")


def make_game_config(game: str, num_players: int, overrides: dict[str, Any] | None = None,
                     options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The preset of ``game`` for ``num_players`` with ``overrides`` applied (values from the command line are
    read as JSON first) and the game ``options`` of the command line's flags added to the key ``options``,
    checked key by key; a :class:`ConfigError` names the key and what is allowed."""
    from df_env.core.registry import make_game

    info = make_game(game).info
    if isinstance(num_players, bool) or num_players not in info.player_counts:
        raise ConfigError(f"--players must be one of {', '.join(map(str, info.player_counts))} for {info.name}; "
                          f"got {num_players!r}")
    base = {**GAME_BASE, **PLAYER_PRESETS.get(num_players, {}), "num_players": num_players}
    presets = {"game": base}
    config = read_config("game", dict(overrides or {}), presets, base, lambda given: "game",
                         what=f" for --game {game}")
    if config["num_players"] != num_players:
        raise ConfigError("give the player count with --players, not --set num_players")
    config["options"] = {**config["options"], **(options or {})}
    check_game_config(config, game)
    return config


def check_game_config(c: dict[str, Any], game: str) -> None:
    """Every key in range (a :class:`ConfigError` naming the key and what is allowed)."""
    for key in POSITIVE:
        if c[key] < 1:
            raise ConfigError(f"{key} must be >= 1, got {c[key]!r}")
    for key in NON_NEGATIVE:
        if c[key] < 0:
            raise ConfigError(f"{key} must be >= 0, got {c[key]!r}")
    for key in PROBABILITIES:
        if not 0.0 <= c[key] <= 1.0:
            raise ConfigError(f"{key} must be in [0, 1], got {c[key]!r}")
    if c["record"] <= 0:
        raise ConfigError("record must be > 0: with 0 no sample is kept")
    if c["selfplay_share"] + c["eval_share"] >= 1.0:
        raise ConfigError("selfplay_share + eval_share must leave time to train (their sum < 1)")
    hidden = c["hidden"]
    if not isinstance(hidden, list) or not hidden or not all(
            isinstance(h, int) and not isinstance(h, bool) and h >= 1 for h in hidden):
        raise ConfigError(f"hidden must be a list of positive layer sizes, e.g. [256, 256]; got {hidden!r}")
    _check_options(c["options"], game, int(c["num_players"]))
    if not isinstance(c["eval_opponents"], list):
        raise ConfigError(f"eval_opponents must be a list of agent specs; got {c['eval_opponents']!r}")
    from agents import make_agent

    for spec in [c["expert"], *c["eval_opponents"]]:
        make_agent(spec, game=game)  # a bad spec fails before anything runs
    _check_target(c["target"], c["expert"], game)
    _check_init(c["init"], game, int(c["num_players"]), hidden)


def _check_target(target: Any, expert: str, game: str) -> None:
    """``move`` with any expert; ``visits`` only with a search expert that returns its root visit counts."""
    from agents import make_agent
    from agents.base import parse_spec

    if target not in TARGETS:
        raise ConfigError(f"target must be one of {', '.join(TARGETS)} (move: the expert's action; visits: a "
                          f"net-mcts expert's root visit counts); got {target!r}")
    if target == "visits" and (parse_spec(expert)[0] not in SEARCH_EXPERTS
                               or not hasattr(make_agent(expert, game=game), "decide")):
        raise ConfigError(f"target=visits needs an expert that searches: one of {', '.join(SEARCH_EXPERTS)} "
                          f"(e.g. --set expert=net-mcts:iters=200); got expert={expert!r}. With any other expert "
                          f"use target=move (its chosen action)")


def _check_init(init: Any, game: str, num_players: int, hidden: list[int]) -> None:
    """``init`` (when given) must be a model file of ``game`` for ``num_players`` with the run's hidden sizes."""
    from df_env.net.game_mlp import load_game_mlp
    from df_env.net.numpy_net import ModelFileError

    if not isinstance(init, str):
        raise ConfigError(f"init must be the path of a model file (.npz) or \"\" for none; got {init!r}")
    if not init:
        return
    try:
        model = load_game_mlp(init, game, num_players)
    except ModelFileError as err:
        raise ConfigError(f"init: {err}") from None
    if list(model.meta["hidden"]) != list(hidden):
        raise ConfigError(f"init: model {init} has hidden layers {model.meta['hidden']!r}, this run {hidden!r}; "
                          f"give the same sizes (--set hidden=...) or another model")


def _check_options(options: Any, game: str, num_players: int) -> None:
    """The game options must make a configuration of ``game`` for ``num_players`` (its own error names the keys
    and values allowed)."""
    from df_env.core import GameError, make_game

    if not isinstance(options, dict):
        raise ConfigError(f"options must be an object of game options, e.g. {{\"events\": true}}; got {options!r}")
    if "num_players" in options:
        raise ConfigError("options: give the player count with --players, not in options")
    try:
        make_game(game).make_config(num_players, **options)
    except GameError as err:
        raise ConfigError(f"options: {err}") from None
