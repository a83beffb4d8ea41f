"""Text of the engine's event log (``state["ev"]``, codes in :mod:`df_env.engine.model.events`).

With an ``observer``, a card he cannot see where it now lies (another player's hand, the deck, the challenge pile)
reads "a card", unless its ``c_known`` bit says he has seen it.

Example:
    >>> from df_env import engine
    >>> s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    >>> event_strings(s)[0]
    'new card #0 1S blank'
    >>> events(s)[0]
    Event(code=6, player=-1, a=0, b=0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from ..model import events as ev
from ..model.constants import (
    ACTION_NAMES,
    CHALLENGE_NAMES,
    FAILURE_TEXTS,
    MAX_EVENTS,
    SUIT_LETTERS,
    TRACK_NAMES,
    VICTORY_NAMES,
)
from ..model.state import State
from .cardtext import (
    adv_label,
    as_record,
    card_label,
    cubes_text,
    get,
    is_card,
    sector_label,
    signed,
    suit_name,
    wonder_text,
)

_LOSE_REASONS = ("a track reached the cross", "the homeworld was lost", "every player lost")
_DISCARD_FROM = ("from a hand", "from the deck", "from a tableau")


class Event(NamedTuple):
    """One logged event (see :mod:`df_env.engine.model.events` for the meaning of ``a`` and ``b`` per code)."""

    code: int
    player: int
    a: int
    b: int


# ---------------------------------------------------------------------------------------------- events
def events(state: State) -> list[Event]:
    """The events stored since the last decision (at most ``MAX_EVENTS``; ``ev_n`` counts the dropped ones too)."""
    s = as_record(state)
    n = min(get(s, "ev_n"), MAX_EVENTS)
    return [Event(*(int(v) for v in s["ev"][i])) for i in range(n)]


def _visible(s: np.ndarray, card: int, observer: int | None) -> bool:
    """Whether ``observer`` may see this card where it lies now: hidden in another's hand, the deck or the
    challenge pile, unless its ``c_known`` bit says he saw it."""
    if observer is None or not is_card(s, card) or (get(s, "c_known", card) >> observer) & 1:
        return True
    n = get(s, "n_players")
    for p in range(n):
        if p != observer and card in s["hand"][p, : get(s, "hand_n", p)]:
            return False
    return card not in s["deck"][: get(s, "deck_n")] and card not in s["chal"][: get(s, "chal_n")]


def _seen(s: np.ndarray, card: int, observer: int | None) -> str:
    return card_label(s, card) if _visible(s, card, observer) else "a card"


def _ev_discard(s: np.ndarray, e: Event, o: int | None) -> str:
    where = _DISCARD_FROM[e.b] if 0 <= e.b < len(_DISCARD_FROM) else "from play"
    return f"{card_label(s, e.a)} was discarded {where}"


def _ev_cubes(s: np.ndarray, e: Event, o: int | None) -> str:
    if e.b == 0:
        return f"sector {sector_label(e.a)} is now empty"
    return f"sector {sector_label(e.a)} now holds {cubes_text(e.b, e.player)}"


def _ev_challenge(s: np.ndarray, e: Event, o: int | None) -> str:
    outcome = ("revealed", "met", "failed")[e.b] if 0 <= e.b < 3 else f"status {e.b}"
    return f"player {e.player}: {suit_name(e.a)} challenge {outcome}"


def _ev_failure(s: np.ndarray, e: Event, o: int | None) -> str:
    if not (0 <= e.a < 6 and 1 <= e.b <= 6):
        return f"Table 6 row {e.a}/{e.b}"
    return f"Table 6 {SUIT_LETTERS[e.a]}{e.b} {CHALLENGE_NAMES[e.a][e.b - 1]}: {FAILURE_TEXTS[e.a][e.b - 1]}"


def _ev_neutral(s: np.ndarray, e: Event, o: int | None) -> str:
    replaced = f", replacing {card_label(s, e.b)}" if e.b >= 0 else ""
    return f"{card_label(s, e.a)} joined the neutral line{replaced}"


def _ev_homeworld(s: np.ndarray, e: Event, o: int | None) -> str:
    if e.a < 0:
        return f"player {e.player} lost his homeworld"
    return f"player {e.player}'s homeworld is now {card_label(s, e.a)}"


def _ev_lose(s: np.ndarray, e: Event, o: int | None) -> str:
    why = _LOSE_REASONS[e.a] if 0 <= e.a < len(_LOSE_REASONS) else f"reason {e.a}"
    return f"player {e.player} lost ({why})"


def _ev_win(s: np.ndarray, e: Event, o: int | None) -> str:
    kind = VICTORY_NAMES[e.a] if 0 <= e.a < 6 else f"type {e.a}"
    return f"player {e.player} won: {kind} victory"


def _ev_wonder(s: np.ndarray, e: Event, o: int | None) -> str:
    if e.b < 0:
        return f"player {e.player} used the {wonder_text(s, -1 - e.b)}"
    return f"a {wonder_text(s, e.b)} was placed"


def _ev_random(s: np.ndarray, e: Event, o: int | None) -> str:
    return f"random suit: {suit_name(e.b)}" if e.a == 1 else f"random number: {e.b}"


_EVENT_TEXT: dict[int, Callable[[np.ndarray, Event, int | None], str]] = {
    ev.EV_DRAW: lambda s, e, o: f"player {e.player} drew {_seen(s, e.a, o)}",
    ev.EV_DISCARD: _ev_discard,
    ev.EV_TRACK: lambda s, e, o: f"player {e.player}: {TRACK_NAMES[e.a % 4]} is now {signed(e.b)}",
    ev.EV_CUBES: _ev_cubes,
    ev.EV_ACTION: lambda s, e, o: f"player {e.player} takes {ACTION_NAMES[e.a % 8]}" + (" (free)" if e.b else ""),
    ev.EV_NEW_CARD: lambda s, e, o: f"new card {_seen(s, e.a, o)}",
    ev.EV_ADVANCEMENT: lambda s, e, o: f"{card_label(s, e.a)} received {adv_label(e.b)}",
    ev.EV_SETTLE: lambda s, e, o: f"player {e.player} settled {card_label(s, e.a)}" + (" (EVOKE)" if e.b else ""),
    ev.EV_CHALLENGE: _ev_challenge,
    ev.EV_FAILURE: _ev_failure,
    ev.EV_NEUTRAL_WORLD: _ev_neutral,
    ev.EV_SECTOR_LOST: lambda s, e, o: f"player {e.player} lost sector {sector_label(e.a)}",
    ev.EV_HOMEWORLD: _ev_homeworld,
    ev.EV_LOSE: _ev_lose,
    ev.EV_WIN: _ev_win,
    ev.EV_WONDER: _ev_wonder,
    ev.EV_UPKEEP: lambda s, e, o: f"{card_label(s, e.a)} now holds {e.b} upkeep cubes",
    ev.EV_TURN: lambda s, e, o: f"turn {e.a}: player {e.player} begins",
    ev.EV_RANDOM: _ev_random,
    ev.EV_SHUFFLE: lambda s, e, o: f"the discard pile ({e.a} cards) was shuffled into a new deck",
    ev.EV_CIVILIZATION: lambda s, e, o: f"player {e.player} founded {card_label(s, e.a)} (era {e.b})",
}


def event_to_string(state: State, event: Event | tuple[int, int, int, int], observer: int | None = None) -> str:
    """Text of one event. With an ``observer``, cards hidden from him (another's hand, the deck) read "a card"."""
    s = as_record(state)
    e = Event(*(int(v) for v in event))
    text = _EVENT_TEXT.get(e.code)
    return text(s, e, observer) if text else f"event {e.code} (player {e.player}, {e.a}, {e.b})"


def event_strings(state: State, observer: int | None = None) -> list[str]:
    """Text of the stored events, oldest first, with a last line saying how many were not recorded."""
    s = as_record(state)
    out = [event_to_string(s, e, observer) for e in events(s)]
    dropped = get(s, "ev_n") - len(out)
    if dropped > 0:
        out.append(f"... and {dropped} more events (not recorded)")
    return out
