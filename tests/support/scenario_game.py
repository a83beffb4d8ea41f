"""A preset of the one position builder (:mod:`support.position`) for the action-phase scenario tests
(``rules/test_setup_start_actions.py``, ``rules/test_advancements.py``, ``rules/test_actions_edges.py``): the
:class:`Game` preset, in which player 0 is the current player, card builders (``world``, ``tech``, ``civ``) and
small helpers to choose decisions (``do``, ``act``) and read the state (``dk``, ``cubes``, ``track``, ``written``).

Sectors are given by their printed number (``X`` maps it to an index), advancements by their Table 5 code (``ADV``).
The deck is listed bottom to top in the position format (``docs/position_format.md``); ``Game.top_first`` takes the
cards in drawing order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import SECTOR_IDS, SUIT_LETTERS
from df_env.games.deep_future.engine.text.render import action_to_string, decision_to_string, event_strings, render_text
from support import invariants
from support.position import PositionBuilder
from support.views import cubes, hand, pile, techs, worlds

__all__ = [
    "ADV", "FILLER", "OTHER_HOMES", "X", "Game", "act", "civ", "cubes", "discard", "dk", "do", "hand", "legal", "ok",
    "sectors_offered", "tech", "techs_of", "track", "why", "world", "worlds_of", "written",
]

X = {int(n): i for i, n in enumerate(SECTOR_IDS)}  # printed sector number -> index
ADV = {f"{SUIT_LETTERS[a // 6]}{a % 6 + 1}": a for a in range(36)}  # "H1" -> advancement id
FILLER = ("S2", "M3", "R4", "K5", "H6", "F1", "S3", "M4", "R5", "K6", "H1", "F2")
OTHER_HOMES = (56, 43)  # the homeworld sectors of players 1 and 2


def world(num: int, suit: str, sector: int, *lines: Any) -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "world", "sector": sector, "lines": list(lines)}


def tech(num: int, suit: str, *lines: Any) -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "tech", "era": 1, "lines": list(lines)}


def civ(victory: str, suit: str | None, sector: int, num: int = 4, csuit: str = "F") -> dict[str, Any]:
    return {"num": num, "suit": csuit, "type": "civilization", "era": 1, "sector": sector, "name": 321,
            "civ_victory": victory, "civ_suit": suit}


class Game(PositionBuilder):
    """A hand-written position (:class:`support.position.PositionBuilder`). Player 0 (homeworld card 0 in
    ``home_sector``, 3 cubes) is the current player; players 1 and 2 (if any) have a bare homeworld (lines H2,
    3 cubes) in sectors 56 and 43 (``home1`` is player 1's). ``seed`` is the position's random seed."""

    def __init__(self, *, players: int = 1, at: str = "action", home_lines: tuple[Any, ...] = ("H2",),
                 home_sector: int = 23, home_upkeep: int = 0, era: int = 1, seed: int = 3) -> None:
        super().__init__(players, at, seed, era=era)
        self.map[str(home_sector)] = {"cubes": 3, "owner": 0}
        h = world(1, "K", home_sector, *home_lines)
        if home_upkeep:
            h["upkeep"] = home_upkeep
        self.home = self.add(h)
        self.players[0]["homeworld"] = self.home
        for q in range(1, players):
            sec = OTHER_HOMES[q - 1]
            hq = self.add(world(1 + q, "S", sec, "H2"))
            self.players[q]["homeworld"] = hq
            self.map[str(sec)] = {"cubes": 3, "owner": q}
            if q == 1:
                self.home1 = hq

    def hand(self, *cards: Any, p: int = 0) -> list[int]:
        ids = self.adds(*cards)
        self.players[p]["hand"] = ids
        return ids

    def techs(self, *cards: Any) -> list[int]:
        ids = self.adds(*cards)
        self.players[0]["techs"] = ids
        return ids

    def worlds(self, *cards: Any) -> list[int]:
        ids = self.adds(*cards)
        self.players[0]["worlds"] = ids
        return ids

    def discarded(self, *cards: Any) -> list[int]:
        ids = self.adds(*cards)
        self.discard = ids
        return ids

    def put_line(self, card: dict[str, Any]) -> int:
        c = self.add(card)
        self.line[str(card["num"])] = c
        return c

    def sector(self, printed: int, n: int, owner: Any = 0, **extra: Any) -> Game:
        """As the builder's, but 0 cubes and nothing else removes the sector's entry."""
        if n == 0 and not extra:
            self.map.pop(str(printed), None)
        else:
            super().sector(printed, n, owner, **extra)
        return self

    def tracks(self, **t: int) -> None:
        self.players[0]["tracks"] = t


def legal(s: np.ndarray) -> list[str]:
    return [action_to_string(s, int(a)) for a in engine.legal_actions(s)]


def ok(s: np.ndarray, block: int, index: int) -> bool:
    return bool(s["mask"][L.encode(block, index)])


def why(s: np.ndarray) -> str:
    return f"\n{decision_to_string(s)}\nlegal: {legal(s)}\nevents: {event_strings(s)}\n{render_text(s)}"


def do(s: np.ndarray, block: int, index: int) -> None:
    a = L.encode(block, index)
    assert s["mask"][a], f"{L.BLOCK_NAMES[block]} {index} illegal{why(s)}"
    engine.apply_action(s, a)
    invariants.check(s)


def act(s: np.ndarray, a: int, pay: int | None = None) -> None:
    """Choose action ``a``; pay with hand card id ``pay`` if the payment is asked."""
    do(s, L.B_ACTION, a)
    if dk(s) == "PAY":
        assert pay is not None, why(s)
        do(s, L.B_HAND, hand(s).index(pay))


def dk(s: np.ndarray) -> str:
    return L.DECISIONS[int(s["dk"])][0]


worlds_of = worlds
techs_of = techs


def discard(s: np.ndarray) -> list[int]:
    return pile(s, "discard")


def track(s: np.ndarray, t: int, p: int = 0) -> int:
    return int(s["tracks"][p, t])


def written(s: np.ndarray, c: int) -> list[str]:
    return [f"{SUIT_LETTERS[int(s['c_slot_suit'][c, k])]}{int(s['c_slot_num'][c, k])}"
            for k in range(3) if s["c_slot_num"][c, k]]


def sectors_offered(s: np.ndarray) -> set[int]:
    return {int(SECTOR_IDS[x]) for x in range(37) if ok(s, L.B_SECTOR, x)}
