"""Text of the engine's event log (``state["ev"]``, codes in :mod:`df_env.games.deep_future.engine.model.events`).

With an ``observer``, a card he cannot see where it now lies (another player's hand, the deck, the challenge pile)
reads "a card", unless its ``c_known`` bit says he has seen it.

Example:
    >>> from df_env.games.deep_future import engine
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
from ..model.constants import MAX_EVENTS, SUIT_LETTERS
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
from .templates import has, tr
from .terms import challenge_row, term


class Event(NamedTuple):
    """One logged event (see :mod:`..model.events` for the meaning of ``a`` and ``b`` per code)."""

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


def _seen(s: np.ndarray, card: int, observer: int | None, lang: str = "en") -> str:
    return card_label(s, card, lang) if _visible(s, card, observer) else tr(lang, "a_card")


def _pick(lang: str, prefix: str, i: int, **values: object) -> str:
    """Template ``prefix.i`` if there is one, else ``prefix.other`` (an out-of-range code)."""
    key = f"{prefix}.{i}"
    return tr(lang, key) if has(lang, key) else tr(lang, f"{prefix}.other", **values)


def _ev_discard(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    return tr(lang, "ev.discard", card=card_label(s, e.a, lang), where=_pick(lang, "discard", e.b))


def _ev_cubes(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    if e.b == 0:
        return tr(lang, "ev.empty", x=sector_label(e.a))
    return tr(lang, "ev.cubes", x=sector_label(e.a), cubes=cubes_text(e.b, e.player, lang))


def _ev_challenge(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    return tr(lang, "ev.challenge", p=e.player, suit=suit_name(e.a, lang), outcome=_pick(lang, "outcome", e.b, b=e.b))


def _ev_failure(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    if not (0 <= e.a < 6 and 1 <= e.b <= 6):
        return tr(lang, "ev.failure_row", a=e.a, b=e.b)
    name, effect = challenge_row(lang, e.a, e.b)
    return tr(lang, "ev.failure", letter=SUIT_LETTERS[e.a], number=e.b, name=name, effect=effect)


def _ev_neutral(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    replaced = tr(lang, "ev.replacing", card=card_label(s, e.b, lang)) if e.b >= 0 else ""
    return tr(lang, "ev.neutral", card=card_label(s, e.a, lang), replaced=replaced)


def _ev_homeworld(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    if e.a < 0:
        return tr(lang, "ev.home_lost", p=e.player)
    return tr(lang, "ev.home", p=e.player, card=card_label(s, e.a, lang))


def _ev_lose(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    return tr(lang, "ev.lose", p=e.player, why=_pick(lang, "lose", e.a, a=e.a))


def _ev_win(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    kind = term(lang, "victories", e.a) if 0 <= e.a < 6 else tr(lang, "victory.type", a=e.a)
    return tr(lang, "ev.win", p=e.player, kind=kind)


def _ev_wonder(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    if e.b < 0:
        return tr(lang, "ev.wonder_used", p=e.player, wonder=wonder_text(s, -1 - e.b, lang))
    return tr(lang, "ev.wonder_placed", wonder=wonder_text(s, e.b, lang))


def _ev_random(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    if e.a == 1:
        return tr(lang, "ev.random_suit", suit=suit_name(e.b, lang))
    return tr(lang, "ev.random_number", n=e.b)


def _ev_track(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    return tr(lang, "ev.track", p=e.player, track=term(lang, "tracks", e.a % 4), v=signed(e.b))


def _ev_action(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    free = tr(lang, "ev.free") if e.b else ""
    return tr(lang, "ev.action", p=e.player, action=term(lang, "actions", e.a % 8)) + free


def _ev_settle(s: np.ndarray, e: Event, o: int | None, lang: str) -> str:
    return tr(lang, "ev.settle", p=e.player, card=card_label(s, e.a, lang)) + (tr(lang, "ev.evoke") if e.b else "")


_EVENT_TEXT: dict[int, Callable[[np.ndarray, Event, int | None, str], str]] = {
    ev.EV_DRAW: lambda s, e, o, lang: tr(lang, "ev.draw", p=e.player, card=_seen(s, e.a, o, lang)),
    ev.EV_DISCARD: _ev_discard,
    ev.EV_TRACK: _ev_track,
    ev.EV_CUBES: _ev_cubes,
    ev.EV_ACTION: _ev_action,
    ev.EV_NEW_CARD: lambda s, e, o, lang: tr(lang, "ev.new_card", card=_seen(s, e.a, o, lang)),
    ev.EV_ADVANCEMENT: lambda s, e, o, lang: tr(lang, "ev.advancement", card=card_label(s, e.a, lang),
                                                adv=adv_label(e.b, lang)),
    ev.EV_SETTLE: _ev_settle,
    ev.EV_CHALLENGE: _ev_challenge,
    ev.EV_FAILURE: _ev_failure,
    ev.EV_NEUTRAL_WORLD: _ev_neutral,
    ev.EV_SECTOR_LOST: lambda s, e, o, lang: tr(lang, "ev.sector_lost", p=e.player, x=sector_label(e.a)),
    ev.EV_HOMEWORLD: _ev_homeworld,
    ev.EV_LOSE: _ev_lose,
    ev.EV_WIN: _ev_win,
    ev.EV_WONDER: _ev_wonder,
    ev.EV_UPKEEP: lambda s, e, o, lang: tr(lang, "ev.upkeep", card=card_label(s, e.a, lang), n=e.b),
    ev.EV_TURN: lambda s, e, o, lang: tr(lang, "ev.turn", t=e.a, p=e.player),
    ev.EV_RANDOM: _ev_random,
    ev.EV_SHUFFLE: lambda s, e, o, lang: tr(lang, "ev.shuffle", n=e.a),
    ev.EV_CIVILIZATION: lambda s, e, o, lang: tr(lang, "ev.civ", p=e.player, card=card_label(s, e.a, lang), era=e.b),
}


def event_to_string(state: State, event: Event | tuple[int, int, int, int], observer: int | None = None,
                    lang: str = "en") -> str:
    """Text of one event in ``lang``. With an ``observer``, cards hidden from him (another's hand, the deck) read
    "a card"."""
    s = as_record(state)
    e = Event(*(int(v) for v in event))
    text = _EVENT_TEXT.get(e.code)
    return text(s, e, observer, lang) if text else tr(lang, "ev.unknown", code=e.code, p=e.player, a=e.a, b=e.b)


def event_strings(state: State, observer: int | None = None, lang: str = "en") -> list[str]:
    """Text of the stored events in ``lang``, oldest first, with a last line saying how many were not recorded."""
    s = as_record(state)
    out = [event_to_string(s, e, observer, lang) for e in events(s)]
    dropped = get(s, "ev_n") - len(out)
    if dropped > 0:
        out.append(tr(lang, "ev.dropped", n=dropped))
    return out
