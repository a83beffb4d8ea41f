"""Galactic Civ's view plug-in for the web server (:class:`df_env.web.plugins.base.WebPlugin`): the seat's view
(:mod:`.view`), the events since a seat's last decision (the engine's log in words: all public, GCR21), the end
screen, the page's words (:mod:`.words`) and the page script ``static/page.js``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from df_env.core import Game, make_game

from ..engine.api import RACE_MODES
from ..engine.state import DECISION_NAMES, PH_RACE
from ..engine.tables import PATH_LEAD
from ..engine.text import log_lines
from ..screen import leads, path_margins
from .view import player_view
from .words import LANGS, bundle, say, victory_name


class EndScreen:
    """Galactic Civ's end screen: who won and how (a path, GC21, or the General Victory, GC22) or a draw (GCR19),
    and for each other seat the attributes it led and its best path margin. Nothing to follow during the game:
    the final position says it all."""

    def __init__(self, seats: list[str]) -> None:
        self.seats = seats

    def saw(self, state: np.ndarray) -> None:
        """Nothing to keep (every reason is in the final position)."""

    def who(self, p: int, lang: str) -> str:
        spec = self.seats[p]
        return say(lang, "who", p=p, seat=say(lang, "person") if spec == "human" else spec)

    def lines(self, state: np.ndarray, lang: str = "en") -> list[str]:
        s = state.reshape(())
        n, w, turn = int(s["n_players"]), int(s["winner"]), int(s["turn"])
        margins, led = path_margins(s), (leads(s) > 0).sum(axis=1)
        out = [say(lang, "end.won", who=self.who(w, lang), v=victory_name(int(s["victory"]), lang), turn=turn)
               if w >= 0 else say(lang, "end.draw", turn=turn)]
        for p in range(n):
            if p == w:
                continue
            k = int(np.argmax(margins[p]))
            out.append(say(lang, "end.lost" if w >= 0 else "end.drawn", who=self.who(p, lang), led=int(led[p]),
                           path=victory_name(k + 1, lang), margin=int(margins[p, k]), need=PATH_LEAD))
        return out


class GalacticCivWeb:
    """Galactic Civ's plug-in (see the module docstring)."""

    game_id = "galactic_civ"
    langs: tuple[str, ...] = LANGS
    default_agent = "heuristic"  # answers in milliseconds; the ladder's strongest fast player of this game
    agent_examples: tuple[str, ...] = ("heuristic", "random", "first", "mcts:iters=200")
    # the CLI's options (df_env/argcheck.py add_game_options), the default first: the optional Events deck
    # (GC24-GC31), the races chosen in turn (GCR7) or dealt at random, and GCR2's variant (Trade tests Influence)
    start_options: dict[str, tuple[Any, ...]] = {"events": (False, True), "races": RACE_MODES,
                                                 "trade_literal": (False, True)}
    static_dir: Path | None = Path(__file__).parent / "static"
    script: str | None = "page.js"

    @property
    def game(self) -> Game:
        return make_game(self.game_id)

    def player_view(self, state: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any]:
        return player_view(state, observer, lang)

    def events(self, state: np.ndarray, seat: int | None, lang: str = "en", setup: bool = False,
               summary: bool = True) -> list[str]:
        """The engine's log since the last decision in words (rolls, plays, draws as counts, discards, votes,
        events): public, the same for every seat (GCR21)."""
        return [line for line in log_lines(state, lang) if line]

    def chose(self, lang: str, text: str, actor: int | None = None, seat_spec: str = "") -> str:
        if actor is None:
            return say(lang, "you", text=text)
        return say(lang, "other", p=actor, seat=say(lang, "person") if seat_spec == "human" else seat_spec,
                   text=text)

    def in_setup(self, state: np.ndarray) -> bool:
        return int(state["phase"]) == PH_RACE

    def still_playing(self, state: np.ndarray, seat: int) -> bool:
        return not bool(state["over"])  # nobody is out before the end

    def decision_name(self, state: np.ndarray) -> str:
        return DECISION_NAMES[int(state["dk"])]

    def narrator(self, seats: list[str]) -> EndScreen:
        return EndScreen(seats)

    def replay_words(self, state: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {"events": self.events(state, observer, lang)}
        if bool(state["over"]):
            w = int(state["winner"])
            out["result"] = {"text": say(lang, "replay.won", p=w, v=victory_name(int(state["victory"]), lang))
                             if w >= 0 else say(lang, "replay.nobody")}
        return out

    def bundle(self, lang: str) -> dict[str, Any]:
        return bundle(lang)


PLUGIN = GalacticCivWeb()
