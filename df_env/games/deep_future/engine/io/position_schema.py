"""The vocabulary of the position format (:mod:`.position`): names for engine codes, and a small
validating reader that knows where each value came from, so every error names its field path.

Names, not codes: suits are letters ``S M R K H F``, sectors their printed numbers (``"23"``, ``"0"`` = black
hole), advancements a suit letter and a number (``"K1"`` = History), cube owners a player index or ``"N"``.

Example:
    >>> from df_env.games.deep_future.engine.io.position_schema import Node, SUITS
    >>> Node("K", "cards[4].suit").choice(SUITS, "a suit")
    3
    >>> Node("Q", "cards[4].suit").choice(SUITS, "a suit")
    Traceback (most recent call last):
    ...
    df_env.games.deep_future.engine.io.position_schema.PositionError: cards[4].suit: "Q" is not a suit (S M R K H F)
"""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from df_env.core.errors import GameError

from ..model.constants import (
    ACTION_NAMES,
    ADV_NAMES,
    CARD_TYPE_NAMES,
    NEUTRAL,
    SECTOR_IDS,
    SUIT_LETTERS,
    TRACK_LETTERS,
    VICTORY_LETTERS,
    VICTORY_NAMES,
    sector_index,
)
from ..model.events import EVENT_NAMES
from ..model.layout import BLOCK_NAMES, DECISIONS, PHASE_NAMES
from ..rules.frames import PROC_NAMES

FORMAT = "df_env.position"
VERSION = 1

SUITS = tuple(SUIT_LETTERS)
TRACKS = tuple(TRACK_LETTERS)
CARD_TYPES = CARD_TYPE_NAMES
PHASES = PHASE_NAMES
ACTIONS = ACTION_NAMES
PROCS = PROC_NAMES
BLOCKS = BLOCK_NAMES
DECISION_NAMES = tuple(name for name, _, _ in DECISIONS)
VARIANTS = ("standard", "restart")  # R24: a losing player leaves the game / takes a new homeworld
EVENTS = {code: name[3:] for code, name in EVENT_NAMES.items()}  # 1 -> "DRAW"
EVENT_CODES = {name: code for code, name in EVENTS.items()}
NEUTRAL_OWNER = "N"
INT16 = (-(2**15), 2**15 - 1)
INT8 = (-128, 127)


class PositionError(GameError):
    """A position that cannot be read: the message names the field path, what was wrong and what is allowed (a
    ValueError, and the core's GameError)."""


# ---------------------------------------------------------------------------------------------- names
def adv_code(adv: int) -> str:
    """``"K1"`` for advancement id 18 (History): the suit letter and the number 1..6 (Table 5)."""
    return f"{SUIT_LETTERS[adv // 6]}{adv % 6 + 1}"


def sector_key(index: int) -> str:
    """The printed number of sector ``index`` as a JSON key: ``"23"``, ``"0"`` for the black hole."""
    return str(int(SECTOR_IDS[index]))


def victory_name(v: int) -> str | None:
    return None if v < 0 else VICTORY_NAMES[v]


def suit_letter(suit: int) -> str | None:
    return None if suit < 0 else SUIT_LETTERS[suit]


def none_if_negative(v: int) -> int | None:
    return None if v < 0 else int(v)


# ---------------------------------------------------------------------------------------------- reading
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
MISSING = object()


def is_int(v: Any) -> bool:
    """An integer value (Python or numpy), not a bool."""
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _show(v: Any) -> str:
    try:
        return json.dumps(v)
    except (TypeError, ValueError):
        return repr(v)


def _join(names: Sequence[str]) -> str:
    return " ".join(names) if all(len(n) == 1 for n in names) else ", ".join(f'"{n}"' for n in names)


class Node:
    """A value of a position being read, with its path (``players[0].hand[2]``) for error messages.

    The readers are named after what they return (``int``, ``bool``, ``str`` ...), hence ``builtins.int`` in
    the annotations inside the class."""

    __slots__ = ("value", "path")

    def __init__(self, value: Any, path: builtins.str) -> None:
        self.value = value
        self.path = path

    def error(self, message: builtins.str) -> PositionError:
        return PositionError(f"{self.path}: {message}" if self.path else message)

    def child(self, key: builtins.str | builtins.int) -> Node:
        if isinstance(key, int):
            return Node(self.value[key], f"{self.path}[{key}]")
        sub = key if _IDENT.match(key) else f'["{key}"]'
        path = sub if not self.path else (f"{self.path}.{sub}" if _IDENT.match(key) else f"{self.path}{sub}")
        return Node(self.value[key], path)

    def fields(
        self, allowed: Sequence[builtins.str], required: Sequence[builtins.str] = ()
    ) -> dict[builtins.str, Node]:
        """The object's entries by key; unknown keys and missing required keys are errors."""
        if not isinstance(self.value, dict):
            raise self.error(f"expected an object with keys {_join(allowed)}, got {_show(self.value)}")
        for k in self.value:
            if k not in allowed:
                raise self.error(f'unknown key "{k}" (allowed: {_join(allowed)})')
        for k in required:
            if k not in self.value:
                raise self.error(f'the key "{k}" is required')
        return {k: self.child(k) for k in self.value}

    def entries(self) -> list[tuple[builtins.str, Node]]:
        """The entries of an object whose keys are data (sector numbers, advancement codes)."""
        if not isinstance(self.value, dict):
            raise self.error(f"expected an object, got {_show(self.value)}")
        return [(str(k), self.child(k)) for k in self.value]

    def items(
        self, max_len: builtins.int | None = None, what: builtins.str = "entries", limit: builtins.str = ""
    ) -> list[Node]:
        """The list's elements; more than ``max_len`` is an error naming the capacity ``limit`` if given."""
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, got {_show(self.value)}")
        if max_len is not None and len(self.value) > max_len:
            cap = f"{limit} = {max_len}" if limit else f"the {max_len} allowed"
            raise self.error(f"{len(self.value)} {what}, more than {cap}")
        return [self.child(i) for i in range(len(self.value))]

    def int(self, lo: builtins.int, hi: builtins.int) -> builtins.int:
        v = self.value
        if not is_int(v):
            raise self.error(f"expected an integer {lo}..{hi}, got {_show(v)}")
        if not lo <= v <= hi:
            raise self.error(f"{v} is out of range {lo}..{hi}")
        return builtins.int(v)

    def opt_int(self, lo: builtins.int, hi: builtins.int) -> builtins.int:
        """An integer, or null for none (-1)."""
        return -1 if self.value is None else self.int(lo, hi)

    def bool(self) -> builtins.bool:
        if not isinstance(self.value, bool):
            raise self.error(f"expected true or false, got {_show(self.value)}")
        return self.value

    def str(self) -> builtins.str:
        if not isinstance(self.value, str):
            raise self.error(f"expected a string, got {_show(self.value)}")
        return self.value

    def choice(self, names: Sequence[builtins.str], what: builtins.str) -> builtins.int:
        """Index of the value in ``names`` (e.g. a suit letter, a decision name)."""
        if not isinstance(self.value, str) or self.value not in names:
            raise self.error(f"{_show(self.value)} is not {what} ({_join(names)})")
        return names.index(self.value)

    def opt_choice(self, names: Sequence[builtins.str], what: builtins.str) -> builtins.int:
        return -1 if self.value is None else self.choice(names, what)

    def victory(self) -> builtins.int:
        """A victory type (Table 2/3) by name or letter: ``"Culture"`` or ``"C"``; null for none."""
        if self.value is None:
            return -1
        if isinstance(self.value, str) and len(self.value) == 1 and self.value in VICTORY_LETTERS:
            return VICTORY_LETTERS.index(self.value)
        return self.choice(VICTORY_NAMES, "a victory type (or its letter T P C M S X)")

    def sector(self) -> builtins.int:
        """A printed sector number (11..66, 0 = black hole) as an int or a string; returns the index 0..36."""
        v = self.value
        ok = is_int(v) or (isinstance(v, str) and v.isdigit())
        try:
            if ok:
                return sector_index(int(v))
        except ValueError:
            pass
        raise self.error(f"{_show(v)} is not a sector (11..66 with digits 1..6, or 0 for the black hole)")

    def advancement(self) -> builtins.int:
        """An advancement by code ``"K1"`` or by name ``"History"``; returns its id 0..35."""
        v = self.value
        if isinstance(v, str):
            if len(v) == 2 and v[0] in SUIT_LETTERS and v[1] in "123456":
                return 6 * SUIT_LETTERS.index(v[0]) + int(v[1]) - 1
            names = [n.lower() for n in ADV_NAMES]
            if v.lower() in names:
                return names.index(v.lower())
        raise self.error(f'{_show(v)} is not an advancement (a suit letter and a number 1..6 such as "K1", or a '
                         f'Table 5 name such as "History")')

    def owner(self, n_players: builtins.int) -> builtins.int:
        """A cube owner: a player index or "N" for the neutral rivals."""
        if self.value == NEUTRAL_OWNER:
            return NEUTRAL
        if is_int(self.value) and 0 <= self.value < n_players:
            return builtins.int(self.value)
        raise self.error(f'{_show(self.value)} is not a cube owner (a player 0..{n_players - 1} or "N" for neutral)')
