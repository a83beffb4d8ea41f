"""The web server's per-game view plug-ins: what the server needs to show one game in a browser, beside the
game's rules (:class:`df_env.core.Game`). The server knows no game: it asks :func:`plugin_for` for the plug-in of
the game a page starts, and every view, event line, end screen and page word of that game comes from it.

A plug-in (:class:`~df_env.web.plugins.base.WebPlugin`) builds a seat's view as JSON from what that seat may see only,
words its actions and events in English and Chinese, says who won and why, and names the page script that draws
its view (served at ``/static/games/<id>/``). A new game adds its plug-in module and one line to :data:`PLUGINS`.

Example:
    >>> plugin_for("galactic_civ").game_id
    'galactic_civ'
"""

from __future__ import annotations

import importlib

from .base import Narrator, WebPlugin

# game id -> the module holding its plug-in (``PLUGIN``), imported on first use
PLUGINS: dict[str, str] = {
    "deep_future": "df_env.web.plugins.deep_future",
    "galactic_civ": "df_env.games.galactic_civ.web.plugin",
}


def web_games() -> tuple[str, ...]:
    """The ids of the games the web server hosts, Deep Future first."""
    return tuple(PLUGINS)


def plugin_for(game_id: str) -> WebPlugin:
    """The plug-in of ``game_id``; ValueError naming the hosted games for another id."""
    if not isinstance(game_id, str) or game_id not in PLUGINS:
        raise ValueError(f"the web server hosts the games {', '.join(PLUGINS)}; got {str(game_id)[:40]!r}")
    plugin: WebPlugin = importlib.import_module(PLUGINS[game_id]).PLUGIN
    return plugin


__all__ = ["PLUGINS", "Narrator", "WebPlugin", "plugin_for", "web_games"]
