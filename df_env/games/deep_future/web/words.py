"""Readable words for people, shared by the browser page and the terminal: events folded and worded, the end
screen's reasons, small fixes of the engine's wording (plurals), the header line.

Example:
    >>> fix_words("move 1 cubes; 2 cubes")
    'move 1 cube; 2 cubes'
"""

from __future__ import annotations

import json
import re
from importlib import resources

import numpy as np

from . import engine_view as E

_ONE = re.compile(r"\b1 ((?:upkeep |neutral |more )?(?:cube|card|sector|event|challenge))s\b")

# The page's and the terminal's own sentences, one table per language with the same keys and placeholders.
_WORDS = json.loads(resources.files("df_env.games.deep_future.web").joinpath("data/words.json").read_text("utf-8"))
TEXTS: dict[str, dict[str, str]] = _WORDS["texts"]  # data: web/data/words.json


def say(lang: str, key: str, **values: object) -> str:
    """Sentence ``key`` of :data:`TEXTS` in ``lang``, filled with ``values``."""
    if lang not in TEXTS:
        raise ValueError(f"lang must be one of {', '.join(TEXTS)}, got {lang!r}")
    return TEXTS[lang][key].format(**values)


def fix_words(text: str, lang: str = "en") -> str:
    """The engine's text with its plurals right ("move 1 cubes" -> "move 1 cube"); Chinese has no plurals."""
    return _ONE.sub(r"1 \1", text) if lang == "en" else text


def event_lines(s: np.ndarray, seat: int | None, setup: bool = False, summary: bool = True,
                lang: str = "en") -> list[str]:
    """The events since the last decision as ``seat`` may see them, in words of ``lang``; a card made out of his
    sight reads "a new card was made (you cannot see it)" instead of "new card a card". ``setup``: the setup's
    many new cards, draws, discards and random values are folded into one line (the map, the tableaux and the hand
    show where they went), with one summary line unless ``summary`` is False (a later step of the setup)."""
    out: list[str] = []
    made = drawn = other = 0
    texts = E.event_strings(s, seat, lang)
    evs = E.events(s)
    hidden = " " + E.tr(lang, "a_card")
    for e, text in zip(evs, texts, strict=False):
        if setup and e.code == E.EV_NEW_CARD:
            made += 1
        elif setup and e.code == E.EV_DRAW:
            drawn += 1
        elif setup and e.code not in (E.EV_HOMEWORLD, E.EV_NEUTRAL_WORLD, E.EV_TURN):
            other += 1
        elif e.code == E.EV_NEW_CARD and text.endswith(hidden):
            out.append(say(lang, "hidden_card"))
        else:
            out.append(fix_words(text, lang))
    dropped = texts[len(evs):]
    if setup:
        folded = int(s["ev_n"]) - len(evs)
        more = other + folded + drawn
        head = [say(lang, "setup", made=made, more=more)] if summary and (made or more) else []
        return head + out
    return out + dropped


def in_setup(s: np.ndarray) -> bool:
    """Whether the game is still being set up (the homeworld picks)."""
    phase = int(s["phase"])
    return 0 <= phase < len(E.PHASE_NAMES) and E.PHASE_NAMES[phase] == "setup"


def header(s: np.ndarray, lang: str = "en") -> str:
    """``Deep Future · era 1 · turn 3 · action phase · player 0 to play`` (no internal values in setup)."""
    era, turn = int(s["era"]), int(s["turn"])
    if bool(s["over"]):
        w = int(s["winner"])
        result = say(lang, "head.won", p=w, v=E.term(lang, "victories", int(s["victory"]))) if w >= 0 \
            else say(lang, "head.nobody")
        return say(lang, "head.over", era=era, turn=turn, result=result)
    phase = int(s["phase"])
    name = E.PHASE_NAMES[phase] if 0 <= phase < len(E.PHASE_NAMES) else "?"
    if int(s["cur"]) < 0 or name == "setup":
        return say(lang, "head.setup", era=era, p=int(s["dplayer"]))
    return say(lang, "head.turn", era=era, turn=turn, phase=E.term(lang, "phases", phase), p=int(s["cur"]))


def _lose_reason(s: np.ndarray, p: int, code: int, lang: str = "en") -> str:
    if code == 0:
        crossed = [E.term(lang, "tracks", t) for t in range(1, 4) if int(s["tracks"][p, t]) <= int(E.TRACK_MIN[t])]
        tracks = say(lang, "lose.and").join(crossed) or say(lang, "lose.a_track")
        return say(lang, "lose.cross", tracks=tracks, limit=int(E.TRACK_MIN[1]))
    return say(lang, "lose.home" if code == 1 else "lose.all")


class ResultTracker:
    """Watches the events of a game as it is played, to say at the end who won and how, and why each player
    lost (the track that reached the cross, the lost homeworld, the failed challenges), in either language."""

    def __init__(self, seats: list[str]) -> None:
        self.seats = seats
        self.failures: dict[int, list[tuple[int, int, int]]] = {p: [] for p in range(len(seats))}
        self._why: dict[int, dict[str, str]] = {}  # player: why he lost, per language

    def saw(self, s: np.ndarray) -> None:
        """Read the events of the last step (call after every action, and once after setup)."""
        failing: dict[int, int] = {}
        for e in E.events(s):
            if e.code == E.EV_CHALLENGE and e.b == 2:
                failing[e.player] = e.a
            elif e.code == E.EV_FAILURE and e.player in failing and 0 <= e.a < 6 and 1 <= e.b <= 6:
                self.failures[e.player].append((failing.pop(e.player), e.a, e.b))
            elif e.code == E.EV_LOSE and 0 <= e.player < len(self.seats):
                self._why[e.player] = {lang: say(lang, "lose.turn", why=_lose_reason(s, e.player, e.a, lang),
                                                 turn=int(s["turn"])) for lang in TEXTS}

    @property
    def lost_why(self) -> dict[int, str]:
        """Why each lost player lost, in English (``{player: "Might reached the cross (-6) (turn 7)"}``)."""
        return {p: why["en"] for p, why in self._why.items()}

    def _failure(self, lang: str, fail: tuple[int, int, int]) -> str:
        suit, row, number = fail
        name, effect = E.challenge_row(lang, row, number)
        return say(lang, "failure", suit=E.term(lang, "suits", suit) if 0 <= suit < 6 else "?",
                   letter=E.SUIT_LETTERS[row], number=number, name=name, effect=effect)

    def who(self, p: int, lang: str = "en") -> str:
        seat = self.seats[p] if self.seats[p] != "human" else say(lang, "person")
        return say(lang, "who", p=p, seat=seat)

    def lines(self, s: np.ndarray, lang: str = "en") -> list[str]:
        """The end screen in ``lang``, one line per player (the winner first)."""
        w, turn = int(s["winner"]), int(s["turn"])
        out = []
        if w >= 0:
            v = E.term(lang, "victories", int(s["victory"])) if 0 <= int(s["victory"]) < 6 else "?"
            out.append(say(lang, "end.won", who=self.who(w, lang), v=v, turn=turn))
        else:
            out.append(say(lang, "end.nobody", turn=turn))
        for p in range(len(self.seats)):
            if p == w:
                continue
            why = self._why.get(p, {}).get(lang) or say(lang, "end.first" if w >= 0 else "lose.all")
            fails = self.failures[p]
            more = ""
            if fails:
                earlier = say(lang, "end.earlier", n=len(fails) - 4) if len(fails) > 4 else ""
                text = E.tr(lang, "sep.semi").join(self._failure(lang, f) for f in fails[-4:])
                more = say(lang, "end.fails", fails=text, earlier=earlier)
            out.append(say(lang, "end.lost", who=self.who(p, lang), why=why, more=more))
        return out

    def lines_zh(self, s: np.ndarray) -> list[str]:
        """The end screen in Chinese (the v1.6 Chinese rulebook's terms)."""
        return self.lines(s, "zh")
