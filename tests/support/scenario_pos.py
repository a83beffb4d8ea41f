"""Presets of the one position builder (:mod:`support.position`) for the end-of-turn, EVOKE, end-of-game,
multiplayer and challenge scenario tests: :class:`Pos` (any seats, nothing placed; cards referred to by the id
``add`` returns), :class:`ChallengePos` and :func:`solo` (player 0 at home in sector 23), card builders (``home``,
``world``, ``tech``, ``civ``, ``blank``) and small helpers to choose decisions (``apply``, ``fail_pending``) and
read the state (``dname``, ``legal``, ``track``, ``lines`` ...).

Positions follow ``docs/position_format.md``. ``deck(...)`` takes cards in the order they are DRAWN (top first); the
format lists the deck bottom to top.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import SECTOR_IDS, SUIT_LETTERS, sector_index
from df_env.games.deep_future.engine.text.render import decision_to_string, event_strings, render_text
from support import invariants
from support.position import PositionBuilder

__all__ = [
    "CHALLENGE_FILLER", "COMPLETE", "FILLER", "HIGH", "TRACKS", "ChallengePos", "Pos", "S", "X", "apply", "blank",
    "civ", "dname", "deck", "fail_pending", "home", "legal", "line", "lines", "ok", "sectors_offered", "solo", "tech",
    "track", "why", "world",
]

TRACKS = "CMSX"
FILLER = ("S1", "S2", "S3", "S4", "S5", "S6", "M1", "M2", "M3", "M4", "M5", "M6")
COMPLETE = (["R3", "R4", "K2"], ["K3", "K4", "R5"], ["K5", "S1", "M1"])  # three techs with 3 advancements each


def X(printed: int) -> int:
    return sector_index(printed)


def S(letter: str) -> int:
    return SUIT_LETTERS.index(letter)


def deck(*ids: int) -> list[int]:
    """Deck cards in drawing order (top first) -> the position format's bottom-to-top list."""
    return list(reversed(ids))


def dname(s: np.ndarray) -> str:
    return L.DECISIONS[int(s["dk"])][0]


def why(s: np.ndarray) -> str:
    return f"\n{decision_to_string(s)}\nevents: {event_strings(s)}\n{render_text(s)}"


def legal(s: np.ndarray) -> set[tuple[str, int]]:
    """The legal actions as (block name, index) pairs."""
    out = set()
    for a in engine.legal_actions(s).tolist():
        b, i = L.block_of(a)
        out.add((L.BLOCK_NAMES[b], i))
    return out


def ok(s: np.ndarray, block: int, index: int) -> bool:
    return bool(s["mask"][L.encode(block, index)])


def apply(s: np.ndarray, block: int, index: int) -> None:
    a = L.encode(block, index)
    assert a in engine.legal_actions(s), f"{L.BLOCK_NAMES[block]}:{index} is not legal{why(s)}"
    engine.apply_action(s, a)
    invariants.check(s)


def fail_pending(s: np.ndarray) -> None:
    """Fail the pending challenge (if the player could meet it; otherwise the engine already failed it, R27)."""
    if dname(s) == "CHALLENGE":
        apply(s, L.B_SPECIAL, L.FAIL)


def sectors_offered(s: np.ndarray) -> set[int]:
    return {int(SECTOR_IDS[i]) for b, i in legal(s) if b == "sector"}


def track(s: np.ndarray, p: int, letter: str) -> int:
    return int(s["tracks"][p, TRACKS.index(letter)])


def line(s: np.ndarray, c: int, k: int) -> str:
    """Line k of card c as "K4" (written), "K" (suit only), "K4*" (circled) or "-" (empty)."""
    suit, num = int(s["c_slot_suit"][c, k]), int(s["c_slot_num"][c, k])
    if suit < 0:
        return "-"
    text = SUIT_LETTERS[suit] + (str(num) if num else "")
    return text + ("*" if (int(s["c_circled"][c]) >> k) & 1 else "")


def lines(s: np.ndarray, c: int) -> list[str]:
    return [line(s, c, k) for k in range(3)]


def home(sector: int, lines: list[Any], num: int = 1, suit: str = "K", **extra: Any) -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "world", "sector": sector, "lines": lines, **extra}


def world(sector: int, lines: list[Any], num: int = 3, suit: str = "R", **extra: Any) -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "world", "sector": sector, "lines": lines, **extra}


def tech(lines: list[Any], **extra: Any) -> dict[str, Any]:
    return {"num": 2, "suit": "S", "type": "tech", "era": 1, "lines": lines, **extra}


def civ(victory: str | None, suit: str | None, sector: int, num: int = 4, csuit: str = "F") -> dict[str, Any]:
    return {"num": num, "suit": csuit, "type": "civilization", "era": 1, "sector": sector, "name": 321,
            "civ_victory": victory, "civ_suit": suit}


class Pos(PositionBuilder):
    """A hand-written position (:class:`support.position.PositionBuilder`); ``add`` returns a card's id. The
    header is era ``era``, turn 5, player ``current`` to play."""

    def __init__(self, players: int = 1, at: str = "action", current: int = 0, variant: str = "standard",
                 seed: int = 7, era: int = 2) -> None:
        super().__init__(players, at, seed, era=era, turn=5, current=current, variant=variant)

    def seat(self, p: int, sector: int, n: int = 3, lines: list[Any] | None = None, num: int = 1, suit: str = "K",
             **fields: Any) -> int:
        """Player p: a homeworld in ``sector`` with ``n`` cubes; returns the homeworld's id."""
        h = self.add(home(sector, lines or ["H1"], num=num, suit=suit))
        self.sector(sector, n, p)
        self.player(p, homeworld=h, **fields)
        return h

    def qualify(self, p: int, sector: int, tracks: dict[str, int]) -> None:
        """Player p meets the tableau condition (homeworld and 3 techs with 3 advancements, section 3)."""
        h = self.seat(p, sector, 4, ["R1", "K1", "R2"], num=3, suit="R")
        ts = [self.add(tech(lines, name=10 + 10 * p + i)) for i, lines in enumerate(COMPLETE)]
        self.player(p, homeworld=h, techs=ts, tracks=tracks)

    def to_line(self, c: int) -> None:
        self.line[str(self.cards[c]["num"])] = c


HIGH = {"C": 5, "M": 4, "S": 4, "X": 4}  # ChallengePos's tracks
CHALLENGE_FILLER = ("S1", "S2", "S3", "S4", "S5", "S6", "M1", "M2", "M3", "M4", "M5", "M6", "R1", "R2", "R3")


class ChallengePos(Pos):
    """The challenge-phase preset: player 0 (current) has his homeworld (card 0, number 1, lines H1) in sector 23
    with 3 cubes and tracks ``HIGH``; player 1 (if any) his homeworld in 56 (3 cubes, lines F1); player 2 (if any)
    in 11."""

    def __init__(self, players: int = 1, at: str = "challenge", tracks: dict[str, int] | None = None,
                 home_lines: list[Any] = ("H1",), upkeep: int = 0) -> None:
        super().__init__(players=players, at=at)
        h = world(23, list(home_lines), num=1, suit="K")
        if upkeep:
            h["upkeep"] = upkeep
        self.home = self.add(h)
        self.sector(23, 3, 0)
        self.player(0, homeworld=self.home, tracks=dict(tracks or HIGH))
        self.homes = [self.home]
        for p, (sec, num) in enumerate(((56, 5), (11, 6))[: players - 1], start=1):
            self.homes.append(self.add(world(sec, ["F1"], num=num, suit="H")))
            self.sector(sec, 3, p)
            self.player(p, homeworld=self.homes[p])

    def stack(self, *top: Any) -> list[int]:
        """The deck: the given cards drawn first, then filler. Returns the ids of the given cards."""
        ids = [c if isinstance(c, int) else self.add(c) for c in top]
        self.deck = deck(*ids, *self.adds(*CHALLENGE_FILLER))
        return ids


def blank(num: int, suit: str) -> str:
    """A blank card's code (``blank(4, "S")`` is ``"S4"``)."""
    return f"{suit}{num}"


def solo(at: str = "challenge", *, home_lines: list[Any] = ("H1",), upkeep: int = 0, tracks: Any = None,
         players: int = 1, variant: str = "standard") -> tuple[Pos, dict[str, Any]]:
    """Player 0: homeworld (card 0) in sector 23 with 3 cubes. With 2 players, player 1 has a homeworld in 56
    (3 cubes). The caller adds hand, deck, challenges."""
    p = Pos(players=players, at=at, variant=variant)
    h = home(23, list(home_lines))
    if upkeep:
        h["upkeep"] = upkeep
    ids: dict[str, Any] = {"home": p.add(h)}
    p.sector(23, 3, 0)
    p.player(0, homeworld=ids["home"], tracks=tracks or {})
    if players >= 2:
        ids["home1"] = p.add(home(56, ["F1"], num=5, suit="H"))
        p.sector(56, 3, 1)
        p.player(1, homeworld=ids["home1"])
    return p, ids
