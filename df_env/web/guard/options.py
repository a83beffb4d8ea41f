"""A new game's start options (``POST /api/games``'s ``options``): each a start option of the game's plug-in
(:attr:`~df_env.web.plugins.base.WebPlugin.start_options`) set to one of its allowed values, of the same JSON type;
anything else is a :class:`~df_env.web.games.RequestError` (400) naming what was wrong and what is allowed.

Example:
    >>> from df_env.web.plugins import plugin_for
    >>> check_options({"options": {"races": "random"}}, plugin_for("galactic_civ"), 2)
    {'events': False, 'races': 'random', 'trade_literal': False}
"""

from __future__ import annotations

import json
from typing import Any

from df_env.core import GameError
from df_env.gamelog import config_options

from ..games import RequestError
from ..plugins import WebPlugin
from .bodies import shown


def _values_text(values: tuple[Any, ...]) -> str:
    """An option's allowed values as the request writes them: ``false or true``, ``"choose" or "random"``."""
    return " or ".join(json.dumps(v) for v in values)


def _as_json(value: Any) -> str:
    """A client's value as JSON for an error message, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return shown(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_one_of(value: Any, allowed: tuple[Any, ...]) -> bool:
    """Whether ``value`` is one of ``allowed``, of the same JSON type (1 is not true, 0 not false)."""
    return any(type(value) is type(a) and value == a for a in allowed)


def check_options(doc: dict[str, Any], plugin: WebPlugin, n: int) -> dict[str, Any]:
    """A new game's ``options`` (an object of the game's start options, each one of its allowed values; absent:
    the game's defaults), checked against the game's configuration; the game's whole configuration besides
    ``num_players`` (what its log records: Galactic Civ's events, races and trade_literal)."""
    options = doc.get("options", {})
    allowed = plugin.start_options
    name = plugin.game.info.name
    listed = ", ".join(f"{k} ({_values_text(v)})" for k, v in allowed.items()) or "none"
    if not isinstance(options, dict):
        raise RequestError(400, f"field 'options' must be an object of {name}'s start options (options: {listed}); "
                                f"got {_as_json(options)}")
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise RequestError(400, f"field 'options': {name} has no start option {_as_json(unknown[0])} (options: "
                                f"{listed})")
    for key, value in options.items():
        if not _is_one_of(value, allowed[key]):
            raise RequestError(400, f"field 'options': {name}'s {key} must be {_values_text(allowed[key])}, got "
                                    f"{_as_json(value)}")
    game = plugin.game
    try:
        config = game.config_from_dict({"num_players": n, **options})
    except GameError as err:
        raise RequestError(400, f"field 'options': {err}") from None
    return config_options(game.config_to_dict(config))
