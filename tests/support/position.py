"""The one position builder of the tests: a hand-written position in the position format
(``docs/position_format.md``) made of cards referred to by the id :meth:`PositionBuilder.add` returns.

Every scenario test builds its position with it, directly or through a preset: ``scenario_pos.Pos`` (any seats,
nothing placed), ``scenario_game.Game`` (player 0 at home in sector 23, the action-phase tests),
``scenario_pos.ChallengePos`` (the challenge-phase tests) and :func:`player0` (player 0's position from keyword
lists of cards, returning the card ids by place). :meth:`PositionBuilder.build` is the one place a position is
read (``from_dict``) and checked (``support.invariants``).

The deck is listed bottom to top in the format; :meth:`PositionBuilder.top_first` takes the cards in drawing order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from df_env.games.deep_future.engine.io.position import from_dict
from support import invariants

__all__ = ["PositionBuilder", "player0", "position"]


class PositionBuilder:
    """A hand-written position: ``players`` seats, at ``at``, with the engine seed ``seed`` (None: the position
    reader's default) and the ``header`` fields given."""

    def __init__(self, players: int = 1, at: str = "action", seed: int | None = None, **header: Any) -> None:
        self.cards: list[Any] = []
        self.map: dict[str, Any] = {}
        self.players: list[dict[str, Any]] = [{} for _ in range(players)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.challenges: list[Any] = []
        self.line: dict[str, int] = {}
        self.header: dict[str, Any] = {"players": players, **header}
        self.at = at
        self.seed = seed
        self.turn: dict[str, Any] | None = None

    def add(self, card: Any) -> int:
        """A card (a dict of the format's card fields, or a blank's code like ``"K4"``); returns its id."""
        self.cards.append(card)
        return len(self.cards) - 1

    def adds(self, *cards: Any) -> list[int]:
        return [self.add(c) for c in cards]

    def sector(self, printed: int, n: int, owner: Any = 0, **extra: Any) -> PositionBuilder:
        """Sector ``printed`` holds ``n`` cubes of ``owner`` (0 cubes: only ``extra``, e.g. a name)."""
        self.map[str(printed)] = {"cubes": n, "owner": owner, **extra} if n else dict(extra)
        return self

    def player(self, p: int = 0, **fields: Any) -> PositionBuilder:
        """Fields of player ``p``: ``homeworld``, ``hand``, ``techs``, ``worlds``, ``tracks`` ..."""
        self.players[p].update(fields)
        return self

    def top_first(self, *cards: Any) -> list[int]:
        """The deck, cards in drawing order (the first is the top card); returns their ids."""
        ids = self.adds(*cards)
        self.deck = list(reversed(ids))
        return ids

    def document(self) -> dict[str, Any]:
        """The position as the format's document."""
        d: dict[str, Any] = {
            "format": "df_env.position", "version": 1, "at": self.at, "header": self.header,
            "map": self.map, "cards": self.cards, "players": self.players,
            "piles": {"deck": self.deck, "discard": self.discard, "challenges": self.challenges,
                      "line": self.line},
        }
        if self.seed is not None:
            d["seed"] = self.seed
        if self.turn is not None:
            d["turn"] = self.turn
        return d

    def build(self) -> np.ndarray:
        """The engine state of this position (checked by the invariant checker)."""
        s = from_dict(self.document())
        invariants.check(s)
        return s


def player0(at: str = "action", *, hand: tuple[Any, ...] = (), home_lines: tuple[Any, ...] = ("H1",),
            home_sector: int = 23, upkeep: int = 0, techs: tuple[Any, ...] = (), worlds: tuple[Any, ...] = (),
            deck: tuple[Any, ...] = (), challenges: tuple[Any, ...] = (), line: tuple[dict[str, Any], ...] = (),
            sectors: dict[int, Any] | None = None, tracks: dict[str, int] | None = None, players: int = 1,
            other_hand: tuple[Any, ...] = (),
            taken: tuple[str, ...] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
    """Player 0's position at ``at``: his homeworld (card 0, number 1, suit K, ``home_lines``, ``upkeep`` cubes)
    in ``home_sector`` with 3 cubes; with 2 players, player 1's homeworld (number 2, suit S, lines H1) in 56 with
    3 cubes and ``other_hand``. ``deck`` is listed bottom to top (the last card is drawn first); ``sectors`` sets
    map entries by printed number (None removes one); ``taken``: the actions already taken this turn. Returns the
    state and the card ids by place (``ids["hand"][i]`` is the i-th hand card, ``ids["line"]["3"]`` ...)."""
    b = PositionBuilder(players, at)
    home = {"num": 1, "suit": "K", "type": "world", "sector": home_sector, "lines": list(home_lines)}
    if upkeep:
        home["upkeep"] = upkeep
    ids: dict[str, Any] = {"home": b.add(home)}
    for place, cards in (("hand", hand), ("techs", techs), ("worlds", worlds), ("deck", deck),
                         ("chal", challenges)):
        ids[place] = b.adds(*cards)
    ids["line"] = {str(c["num"]): b.add(c) for c in line}
    b.player(0, hand=ids["hand"], homeworld=ids["home"], techs=ids["techs"], worlds=ids["worlds"],
             tracks=tracks or {})
    b.sector(home_sector, 3, 0)
    if players == 2:
        ids["home1"] = b.add({"num": 2, "suit": "S", "type": "world", "sector": 56, "lines": ["H1"]})
        ids["hand1"] = b.adds(*other_hand)
        b.player(1, hand=ids["hand1"], homeworld=ids["home1"])
        b.sector(56, 3, 1)
    for x, v in (sectors or {}).items():
        if v is None:
            b.map.pop(str(x), None)
        else:
            b.map[str(x)] = v
    b.deck, b.challenges, b.line = ids["deck"], ids["chal"], ids["line"]
    if taken is not None:
        b.turn = {"actions_taken": list(taken)}
    return b.build(), ids


def position(at: str, *, deck: list[Any], cubes: dict[int, Any] | None = None,
             **cards: Any) -> tuple[np.ndarray, dict[str, Any]]:
    """:func:`player0` as the end-of-turn tests write it: ``deck`` and the other card lists as lists, ``cubes``
    for the map entries (homeworld card 0 in sector 23)."""
    return player0(at, deck=tuple(deck), sectors=cubes, **cards)
