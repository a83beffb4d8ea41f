"""The position-building harness of the end-of-turn, EVOKE and end-of-game scenario tests
(``rules/test_end_of_turn_losing.py``, ``rules/test_advance_evoke_win.py`` and the rule files on multiplayer,
Table 6, the campaign and EVOKE): the :class:`Pos` builder for a hand-written position whose cards are referred
to by the id ``add`` returns, card builders (``home``, ``world``, ``tech``, ``civ``) and small helpers to choose
decisions (``apply``, ``fail_pending``) and read the state (``dname``, ``legal``, ``track``, ``lines`` ...).

Positions follow ``docs/position_format.md``. ``deck(...)`` takes cards in the order they are DRAWN (top first); the
format lists the deck bottom to top.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from df_env import engine
from df_env.engine.io.position import from_dict
from df_env.engine.model import layout as L
from df_env.engine.model.constants import SECTOR_IDS, SUIT_LETTERS, sector_index
from df_env.engine.text.render import decision_to_string, event_strings, render_text
from support import invariants

__all__ = [
    "COMPLETE", "FILLER", "TRACKS", "Pos", "S", "X", "apply", "civ", "dname", "deck", "fail_pending", "home", "legal",
    "line", "lines", "ok", "sectors_offered", "tech", "track", "why", "world",
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


class Pos:
    """A hand-written position; ``add`` returns a card's id. The header is era ``era``, turn 5, player ``current``
    to play."""

    def __init__(self, players: int = 1, at: str = "action", current: int = 0, variant: str = "standard",
                 seed: int = 7, era: int = 2) -> None:
        self.cards: list[Any] = []
        self.map: dict[str, Any] = {}
        self.players: list[dict[str, Any]] = [{} for _ in range(players)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.challenges: list[Any] = []
        self.line: dict[str, int] = {}
        self.header: dict[str, Any] = {"players": players, "era": era, "turn": 5, "current": current,
                                       "variant": variant}
        self.at = at
        self.seed = seed
        self.turn: dict[str, Any] | None = None

    def add(self, card: Any) -> int:
        self.cards.append(card)
        return len(self.cards) - 1

    def adds(self, *cards: Any) -> list[int]:
        return [self.add(c) for c in cards]

    def sector(self, printed: int, n: int, owner: Any = 0, **extra: Any) -> Pos:
        self.map[str(printed)] = {"cubes": n, "owner": owner, **extra} if n else dict(extra)
        return self

    def player(self, p: int = 0, **fields: Any) -> Pos:
        self.players[p].update(fields)
        return self

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

    def build(self) -> np.ndarray:
        d: dict[str, Any] = {
            "format": "df_env.position", "version": 1, "at": self.at, "seed": self.seed, "header": self.header,
            "map": self.map, "cards": self.cards, "players": self.players,
            "piles": {"deck": self.deck, "discard": self.discard, "challenges": self.challenges,
                      "line": self.line},
        }
        if self.turn is not None:
            d["turn"] = self.turn
        s = from_dict(d)
        invariants.check(s)
        return s
