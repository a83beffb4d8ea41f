"""Deep Future's view plug-in: today's page modules behind the :class:`~df_env.web.plugins.base.WebPlugin`
interface (the view in :mod:`df_env.web.view`, the words in :mod:`df_env.web.words` and :mod:`df_env.web.i18n`,
engine names through :mod:`df_env.web.engine_view`; the page is the built-in ``static/app.js``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from agents import DEFAULT_OPPONENTS
from df_env.core import Game, make_game
from df_env.games.deep_future.web import engine_view as E
from df_env.games.deep_future.web.view import player_view
from df_env.games.deep_future.web.words import ResultTracker, event_lines, fix_words, in_setup, say

from ..i18n import bundle


class DeepFutureWeb:
    """Deep Future's plug-in (see the module docstring)."""

    game_id = "deep_future"
    langs: tuple[str, ...] = tuple(E.TEXT_LANGS)
    default_agent = DEFAULT_OPPONENTS[2]
    agent_examples: tuple[str, ...] = ("heuristic", "random", "mcts:iters=200")
    start_options: dict[str, tuple[Any, ...]] = {}  # the R24 variant is not offered on the page
    static_dir: Path | None = None
    script: str | None = None

    @property
    def game(self) -> Game:
        return make_game(self.game_id)

    def player_view(self, state: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any]:
        return player_view(state, observer, lang)

    def events(self, state: np.ndarray, seat: int | None, lang: str = "en", setup: bool = False,
               summary: bool = True) -> list[str]:
        return event_lines(state, seat, setup=setup, summary=summary, lang=lang)

    def chose(self, lang: str, text: str, actor: int | None = None, seat_spec: str = "") -> str:
        if actor is None:
            return say(lang, "you", text=fix_words(text, lang))
        return say(lang, "other", p=actor, seat=seat_spec, text=fix_words(text, lang))

    def in_setup(self, state: np.ndarray) -> bool:
        return in_setup(state)

    def still_playing(self, state: np.ndarray, seat: int) -> bool:
        return not bool(state["lost"][seat])

    def decision_name(self, state: np.ndarray) -> str:
        return str(E.DECISIONS[int(state["dk"])][0])

    def narrator(self, seats: list[str]) -> ResultTracker:
        return ResultTracker(seats)

    def replay_words(self, state: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"events": E.event_strings(state, observer, lang)}
        if bool(state["over"]):
            w = int(state["winner"])
            out["result"] = {"text": say(lang, "replay.won", p=w, v=E.term(lang, "victories", int(state["victory"])))
                             if w >= 0 else say(lang, "replay.nobody")}
        return out

    def bundle(self, lang: str) -> dict[str, Any]:
        return bundle(lang)


PLUGIN = DeepFutureWeb()
