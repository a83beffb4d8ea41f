"""The interface between the web server and one game's page (a plug-in; :mod:`df_env.web.plugins`).

The server keeps the state, the seats, the log and the agents (:mod:`df_env.web.games`) through the game's
:class:`~df_env.core.Game`; everything it shows comes from the game's plug-in:

* ``player_view(state, observer, lang)``: the seat's view, JSON-ready, built only from what ``observer`` may see
  (None: everything, for replays of finished games); it carries ``decision`` with ``choices`` (``action``, ``text``)
  only for the seat that decides;
* ``events(state, seat, lang, setup, summary)``: what happened since the last decision as ``seat`` may see it;
* ``chose(lang, text, actor, seat_spec)``: "you: ..." / "player 1 (heuristic): ..." for the event list;
* ``narrator(seats)``: watches a game as it is played and writes its end screen (who won and how, why the others
  lost);
* ``bundle(lang)``: the page's own words; ``script``: the page script that draws the view (None: the built-in
  Deep Future page), served with ``static_dir`` at ``/static/games/<id>/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from df_env.core import Game


class Narrator(Protocol):
    """Follows one game to say at its end who won and how, and why each other seat lost."""

    def saw(self, state: Any) -> None:
        """Read what the last step did (called after every action and once after setup)."""

    def lines(self, state: Any, lang: str = "en") -> list[str]:
        """The end screen in ``lang``, one line per seat (the winner first)."""


class WebPlugin(Protocol):
    """One game's view plug-in (see the module docstring)."""

    game_id: str
    langs: tuple[str, ...]  # the languages of every text the plug-in writes
    default_agent: str  # the agent an agent seat gets by default on the start page
    agent_examples: tuple[str, ...]  # agent specs the start page offers
    static_dir: Path | None  # the page's files, served at /static/games/<game_id>/
    script: str | None  # the page script in static_dir (None: the built-in Deep Future page)
    # the game's configuration options the start page offers and ``POST /api/games`` takes in its ``options``
    # object: name -> the values allowed, the first the game's default. ``(False, True)`` is a checkbox labelled by
    # the game's words ``ui["option_<name>"]``; other values a choice, each labelled ``ui["option_<name>_<value>"]``.
    # Galactic Civ's: events and trade_literal (on/off), races ("choose" or "random"); Deep Future's: none
    start_options: dict[str, tuple[Any, ...]]

    @property
    def game(self) -> Game:
        """The game's rules."""

    def player_view(self, state: Any, observer: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``observer`` sees, JSON-ready (see the module docstring)."""

    def events(self, state: Any, seat: int | None, lang: str = "en", setup: bool = False,
               summary: bool = True) -> list[str]:
        """The events of the last step as ``seat`` may see them (``setup``: the step was part of the setup)."""

    def chose(self, lang: str, text: str, actor: int | None = None, seat_spec: str = "") -> str:
        """A choice in the event list: the seat's own (``actor`` None) or another's."""

    def in_setup(self, state: Any) -> bool:
        """Whether the game is still being set up (its events are folded)."""

    def still_playing(self, state: Any, seat: int) -> bool:
        """Whether ``seat`` is still in the game (not lost)."""

    def decision_name(self, state: Any) -> str:
        """The pending decision's name (an error message names it)."""

    def narrator(self, seats: list[str]) -> Narrator:
        """A new narrator for a game with these seats."""

    def replay_words(self, state: Any, observer: int | None, lang: str = "en") -> dict[str, Any]:
        """A replay step's ``events`` (that step's, as ``observer`` sees them) and, at the end, its ``result``."""

    def bundle(self, lang: str) -> dict[str, Any]:
        """The page's own words in ``lang``."""
