"""Readable words for people, shared by the browser page and the terminal: events folded and worded, the end
screen's reasons, small fixes of the engine's wording (plurals), the header line.

Example:
    >>> fix_words("move 1 cubes; 2 cubes")
    'move 1 cube; 2 cubes'
"""

from __future__ import annotations

import re

import numpy as np

from . import engine_view as E

_ONE = re.compile(r"\b1 ((?:upkeep |neutral |more )?(?:cube|card|sector|event|challenge))s\b")


def fix_words(text: str) -> str:
    """The engine's text with its plurals right ("move 1 cubes" -> "move 1 cube")."""
    return _ONE.sub(r"1 \1", text)


def event_lines(s: np.ndarray, seat: int | None, setup: bool = False, summary: bool = True) -> list[str]:
    """The events since the last decision as ``seat`` may see them, in words; a card made out of his sight reads
    "a new card was made (you cannot see it)" instead of "new card a card". ``setup``: the setup's many new cards,
    draws, discards and random values are folded into one line (the map, the tableaux and the hand show where
    they went), with one summary line unless ``summary`` is False (a later step of the setup)."""
    out: list[str] = []
    made = drawn = other = 0
    texts = E.event_strings(s, seat)
    evs = E.events(s)
    for e, text in zip(evs, texts, strict=False):
        if setup and e.code == E.EV_NEW_CARD:
            made += 1
        elif setup and e.code == E.EV_DRAW:
            drawn += 1
        elif setup and e.code not in (E.EV_HOMEWORLD, E.EV_NEUTRAL_WORLD, E.EV_TURN):
            other += 1
        elif e.code == E.EV_NEW_CARD and text.endswith(" a card"):
            out.append("a new card was made (you cannot see it)")
        else:
            out.append(fix_words(text))
    dropped = texts[len(evs):]
    if setup:
        folded = int(s["ev_n"]) - len(evs)
        more = other + folded + drawn
        head = [f"setup: {made} cards made; {more} more setup events (cards dealt, drawn and discarded, random "
                f"values) are not listed: the board shows the result"] if summary and (made or more) else []
        return head + out
    return out + dropped


def in_setup(s: np.ndarray) -> bool:
    """Whether the game is still being set up (the homeworld picks)."""
    phase = int(s["phase"])
    return 0 <= phase < len(E.PHASE_NAMES) and E.PHASE_NAMES[phase] == "setup"


def header(s: np.ndarray) -> str:
    """``Deep Future · era 1 · turn 3 · action phase · player 0 to play`` (no internal values in setup)."""
    era, turn = int(s["era"]), int(s["turn"])
    if bool(s["over"]):
        w = int(s["winner"])
        return f"Deep Future · era {era} · turn {turn} · game over: " + (
            f"player {w} won ({E.VICTORY_NAMES[int(s['victory'])]} victory)" if w >= 0 else "nobody won")
    phase = int(s["phase"])
    name = E.PHASE_NAMES[phase] if 0 <= phase < len(E.PHASE_NAMES) else "?"
    if int(s["cur"]) < 0 or name == "setup":
        return f"Deep Future · era {era} · setup: player {int(s['dplayer'])} picks a homeworld"
    return f"Deep Future · era {era} · turn {turn} · {name} phase · player {int(s['cur'])}'s turn"


def _lose_reason(s: np.ndarray, p: int, code: int) -> str:
    if code == 0:
        crossed = [E.TRACK_NAMES[t] for t in range(1, 4) if int(s["tracks"][p, t]) <= int(E.TRACK_MIN[t])]
        return f"{' and '.join(crossed) or 'a track'} reached the cross ({int(E.TRACK_MIN[1])})"
    if code == 1:
        return "the homeworld was lost (no cube left in its sector and no settled world to move to)"
    return "every player lost"


_TRACKS_ZH = ("文化", "力量", "稳定性", "异族关系")
_VICTORIES_ZH = ("领土", "人口", "文化", "力量", "稳定性", "异族关系")


def _lose_reason_zh(s: np.ndarray, p: int, code: int) -> str:
    if code == 0:
        crossed = [_TRACKS_ZH[t] for t in range(1, 4) if int(s["tracks"][p, t]) <= int(E.TRACK_MIN[t])]
        return f"{'和'.join(crossed) or '一个轨道'}到达✖（{int(E.TRACK_MIN[1])}）"
    if code == 1:
        return "失去母星世界（其星区没有方块，也没有可替换的已定居世界）"
    return "所有玩家都失败"


class ResultTracker:
    """Watches the events of a game as it is played, to say at the end who won and how, and why each player
    lost (the track that reached the cross, the lost homeworld, the failed challenges)."""

    def __init__(self, seats: list[str]) -> None:
        self.seats = seats
        self.failures: dict[int, list[str]] = {p: [] for p in range(len(seats))}
        self.lost_why: dict[int, str] = {}
        self.lost_zh: dict[int, str] = {}

    def saw(self, s: np.ndarray) -> None:
        """Read the events of the last step (call after every action, and once after setup)."""
        failing: dict[int, str] = {}
        for e in E.events(s):
            if e.code == E.EV_CHALLENGE and e.b == 2:
                failing[e.player] = E.SUIT_NAMES[e.a] if 0 <= e.a < 6 else "?"
            elif e.code == E.EV_FAILURE and e.player in failing and 0 <= e.a < 6 and 1 <= e.b <= 6:
                self.failures[e.player].append(f"{failing.pop(e.player)} ({E.SUIT_LETTERS[e.a]}{e.b} "
                                               f"{E.CHALLENGE_NAMES[e.a][e.b - 1]}: {E.FAILURE_TEXTS[e.a][e.b - 1]})")
            elif e.code == E.EV_LOSE and 0 <= e.player < len(self.seats):
                self.lost_why[e.player] = _lose_reason(s, e.player, e.a) + f" (turn {int(s['turn'])})"
                self.lost_zh[e.player] = _lose_reason_zh(s, e.player, e.a) + f"（第 {int(s['turn'])} 回合）"

    def lines_zh(self, s: np.ndarray) -> list[str]:
        """The end screen in Chinese (the v1.6 Chinese rulebook's terms; Table 6 rows keep their English names)."""
        from .i18n import terms

        w = int(s["winner"])
        who = [f"玩家 {p}（{'真人' if x == 'human' else x}）" for p, x in enumerate(self.seats)]
        out = []
        if w >= 0:
            v = _VICTORIES_ZH[int(s["victory"])] if 0 <= int(s["victory"]) < 6 else "?"
            out.append(f"{who[w]}获胜：{v}胜利，第 {int(s['turn'])} 回合。")
        else:
            out.append(f"无获胜者（第 {int(s['turn'])} 回合）。")
        for p in range(len(self.seats)):
            if p == w:
                continue
            why = self.lost_zh.get(p, "另一名玩家先获胜" if w >= 0 else "所有玩家都失败")
            fails = self.failures[p]
            more = f" 未能应对的挑战：{terms('; '.join(fails[-4:]), 'zh')}。" if fails else ""
            out.append(f"{who[p]}失败：{why}。{more}")
        return out

    def who(self, p: int) -> str:
        return f"Player {p} ({self.seats[p] if self.seats[p] != 'human' else 'person'})"

    def lines(self, s: np.ndarray) -> list[str]:
        """The end screen, one line per player (the winner first)."""
        w = int(s["winner"])
        out = []
        if w >= 0:
            v = E.VICTORY_NAMES[int(s["victory"])] if 0 <= int(s["victory"]) < 6 else "?"
            out.append(f"{self.who(w)} won: {v} victory on turn {int(s['turn'])}.")
        else:
            out.append(f"Nobody won (turn {int(s['turn'])}).")
        for p in range(len(self.seats)):
            if p == w:
                continue
            why = self.lost_why.get(p, "another player won first" if w >= 0 else "every player lost")
            fails = self.failures[p]
            more = ""
            if fails:
                earlier = f" (and {len(fails) - 4} earlier)" if len(fails) > 4 else ""
                more = f" Failed challenges: {'; '.join(fails[-4:])}{earlier}."
            out.append(f"{self.who(p)} lost: {why}.{more}")
        return out
