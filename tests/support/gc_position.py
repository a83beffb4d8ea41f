"""Galactic Civ scenario positions: build the exact position a rule test needs (JSON, as the position reader takes
it), force the dice, read it (the engine runs to the position's first decision) and name actions by words."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from df_env.games.galactic_civ import GAME
from df_env.games.galactic_civ.engine import state as S
from df_env.games.galactic_civ.engine.tables import ATTRIBUTES, CARD_NAMES, EVENT_NAMES, RACE_NAMES

G = GAME


def doc(players: int = 2, *, phase: str = "Construction", turn: int = 5, active: int = 0, first: int = 0,
        attrs: Mapping[int, Mapping[str, int]] | None = None, hands: Mapping[int, Sequence[str]] | None = None,
        deck_top: Sequence[str] = (), discard: Sequence[str] = (), dice: Sequence[int] = (), events: bool = False,
        event_top: Sequence[str] = (), races: Sequence[str] | None = None, **extra: Any) -> dict[str, Any]:
    """A position document at the start of ``phase`` (no decision: the reader runs to the first one). Every
    score is 5 unless ``attrs`` says otherwise; cards not in hands, ``deck_top`` (top first) or ``discard`` fill
    the deck below ``deck_top`` in id order; ``event_top`` lies on the Event deck (top first)."""
    hands = hands or {}
    held = [c for h in hands.values() for c in h] + list(deck_top) + list(discard)
    rest = [c for c in CARD_NAMES if c not in held]
    races = list(races or RACE_NAMES[:players])
    seats = [{"race": races[p], "attributes": {a: (attrs or {}).get(p, {}).get(a, 5) for a in ATTRIBUTES},
              "hand": list(hands.get(p, []))} for p in range(players)]
    ev_rest = [e for e in EVENT_NAMES if e not in event_top]
    d = {"game": "galactic_civ", "version": S.STATE_VERSION, "players": players, "events": events,
         "trade_literal": False, "turn": turn, "first": first, "active": active, "phase": phase, "step": 0,
         "decision": None, "decider": None,
         "context": {"types": [], "effect": "aggression", "target": None, "chooser": None, "graveyard": False},
         "bonus_hand": False, "event": None, "vote_winner": None, "seats": seats,
         "deck": rest + list(reversed(deck_top)), "discard": list(discard),
         "event_deck": (ev_rest + list(reversed(event_top))) if events else [], "event_discard": [],
         "forced_dice": list(dice), "rng": [1, 2, 3, 4], "over": False, "winner": None, "victory": "", "log": []}
    d.update(extra)
    return d


def build(players: int = 2, **kw: Any) -> np.ndarray:
    """The state of ``doc(players, **kw)``, run to its first decision."""
    return G.from_json(json.dumps(doc(players, **kw)))


def play(name: str) -> int:
    return S.A_PLAY + CARD_NAMES.index(name)


def discard(name: str) -> int:
    return S.A_DISCARD + CARD_NAMES.index(name)


def target(seat: int) -> int:
    return S.A_TARGET + seat


def pick(attr: str) -> int:
    return S.A_ATTR + ATTRIBUTES.index(attr)


PASS, TAKE, BENEVOLENT, MALEVOLENT = S.A_PASS, S.A_TAKE, S.A_DILEMMA, S.A_DILEMMA + 1


def race(name: str) -> int:
    return S.A_RACE + RACE_NAMES.index(name)


def do(s: np.ndarray, *actions: int) -> np.ndarray:
    for a in actions:
        G.apply_action(s, a)
    return s


def score(s: np.ndarray, seat: int, attr: str) -> int:
    return int(s["attr"][seat, ATTRIBUTES.index(attr)])


def scores(s: np.ndarray, seat: int) -> dict[str, int]:
    return {a: int(s["attr"][seat, i]) for i, a in enumerate(ATTRIBUTES)}


def hand(s: np.ndarray, seat: int) -> set[str]:
    return {CARD_NAMES[c] for c in np.flatnonzero(s["hand"][seat])}


def pile(s: np.ndarray, field: str = "disc") -> list[str]:
    names = EVENT_NAMES if field.startswith("e") else CARD_NAMES
    return [names[c] for c in s[field][: int(s[field + "_n"])]]


def phase(s: np.ndarray) -> str:
    return S.PHASES[int(s["phase"])]


def decision(s: np.ndarray) -> str:
    return S.DECISION_NAMES[int(s["dk"])]


def legal(s: np.ndarray) -> set[int]:
    return {int(a) for a in G.legal_actions(s)}


def dice_left(s: np.ndarray) -> int:
    return int(s["forced_n"])


def with_five(**over: int) -> dict[str, int]:
    """A seat's scores: 5 each but ``over`` (attribute names as keywords)."""
    return {a: over.get(a, 5) for a in ATTRIBUTES}


def names(cards: Iterable[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]
