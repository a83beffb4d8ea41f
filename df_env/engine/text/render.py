"""Human-readable text of a game: cards, actions, the pending decision, events, and a compact text view.

Everything here reads a state and returns strings; nothing changes the state. Action strings depend on the pending
decision (``state["dk"]``, ``state["ctx"]``, ``state["dplayer"]``): hand slot 3 reads "pay with #7 ..." when paying
for an action and "discard #7 ..." for Computation. Every action id in ``range(NUM_ACTIONS)`` has a string in every
position, legal or not, game over included.

This module is the text layer's front door: card text lives in :mod:`~df_env.engine.text.cardtext` and event text in
:mod:`~df_env.engine.text.eventtext`; both are re-exported here.

Example:
    >>> from df_env import engine
    >>> from df_env.engine.text import action_to_string, decision_to_string
    >>> s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    >>> decision_to_string(s).startswith("player 0: ")
    True
    >>> all(action_to_string(s, int(a)) for a in engine.legal_actions(s))
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources

import numpy as np

from ..model import layout as L
from ..model.constants import (
    ACTION_NAMES,
    ADV_NOTES,
    N_SECTORS,
    NEUTRAL,
    SUIT_LETTERS,
    SUIT_NAMES,
    TRACK_NAMES,
    VICTORY_LETTERS,
    VICTORY_NAMES,
    sector_index,
)
from ..model.names import sector_name
from ..model.state import State
from ..rules.endturn import GENERATED_SUIT as _GENERATED_SUIT
from .cardtext import (
    TABLE3_EFFECTS,
    TABLE4_EFFECTS,
    WONDER_EFFECTS,
    adv_label,
    as_record,
    card_label,
    card_or,
    card_to_string,
    get,
    is_card,
    is_player,
    plural,
    sector_label,
    sector_to_string,
    signed,
    slot_card,
    slot_name,
    suit_letter,
    suit_name,
    wonder_text,
)
from .eventtext import Event, event_strings, event_to_string, events

# ---------------------------------------------------------------------------------------------- actions
_HAND_VERBS = {
    L.D_DISCARD: "discard", L.D_PAY: "pay with", L.D_START: "consume hand tech", L.D_BOOST: "consume hand tech",
    L.D_INDUSTRY: "discard (Industry, draw 2)", L.D_SETTLE_SOURCE: "settle from hand",
    L.D_WONDER_USE: "discard for the wonder", L.D_UPKEEP_PAY: "pay upkeep with", L.D_CHALLENGE: "meet it with",
}
_TABLEAU_VERBS = {
    L.D_START: "consume", L.D_BOOST: "consume", L.D_INFRA_TARGET: "upkeep cube on", L.D_ADVANCE_TARGET: "advance",
    L.D_UPKEEP_CARD: "pay upkeep for", L.D_REHOME: "new homeworld:",
}
_SECTOR_VERBS = {
    L.D_EXPLORE_FROM: "explore from", L.D_EXPLORE_TO: "explore into", L.D_WORLD_SECTOR: "place the world in",
    L.D_GROW_TARGET: "grow in", L.D_BIOLOGY: "1 extra cube (Biology) in", L.D_BATTLE_FROM: "battle from",
    L.D_BATTLE_TO: "attack", L.D_EXPAND_FROM: "expand from", L.D_EXPAND_TO: "expand to",
    L.D_SPACECRAFT: "1 more cube (Spacecraft) to", L.D_EVOKE_EMPTY: "1 cube into", L.D_EVOKE_OWN: "cubes into",
    L.D_EVOKE_RIVAL: "remove 1 rival cube in", L.D_FOOT_FROM: "move from", L.D_FOOT_TO: "move to",
}
_SUIT_VERBS = {
    L.D_PICK_LINE_SUIT: "new line of suit", L.D_TECH_LINE: "fill the line of suit",
    L.D_PLAN_SUIT: "plan a card of suit", L.D_CIV_SUIT: "civilization effect of suit",
    L.D_WONDER_SUIT: "wonder of suit",
}
_COUNT_TEXT = {
    L.D_BATTLE_COUNT: "remove {k} of your cubes", L.D_BATTLE_DEFENSE: "spend {k} Defense",
    L.D_EXPAND_COUNT: "move {k} cubes", L.D_FOOT_COUNT: "move {k} cubes",
}
_PASS_TEXT = {
    L.D_START: "end the start phase", L.D_ACTION: "end the action phase", L.D_BOOST: "go on",
    L.D_INDUSTRY: "decline Industry", L.D_BIOLOGY: "decline Biology", L.D_BATTLE_FROM: "stop the battle",
    L.D_SPACECRAFT: "decline Spacecraft", L.D_WONDER_USE: "decline the wonder", L.D_UPKEEP_CARD: "stop paying upkeep",
    L.D_ADVANCE_TARGET: "decline the free ADVANCE",
}
_ACTION_HINTS = tuple(f"pay with a {SUIT_NAMES[a]} card" for a in range(6)) + (
    "ends the action phase", "play a civilization card")


def _ctx(state: np.ndarray, k: int) -> int:
    return get(state, "ctx", k)


def _hand_text(state: np.ndarray, dk: int, i: int) -> str:
    verb = _HAND_VERBS.get(dk, "hand card")
    p = get(state, "dplayer")
    if not is_player(state, p) or i >= get(state, "hand_n", p):
        return f"{verb} hand slot {i + 1} (empty)"
    return f"{verb} {card_to_string(state, get(state, 'hand', p, i))}"


def _tableau_text(state: np.ndarray, dk: int, slot: int) -> str:
    card = slot_card(state, get(state, "dplayer"), slot)
    if dk == L.D_CHALLENGE:
        verb = "discard" if slot >= L.WORLD_SLOT0 else "remove an upkeep cube from"
    else:
        verb = _TABLEAU_VERBS.get(dk, "tableau")
    return f"{verb} {slot_name(slot)} {card_or(state, card, '(empty)')}"


def _sector_text(state: np.ndarray, dk: int, x: int) -> str:
    return f"{_SECTOR_VERBS.get(dk, 'choose')} {sector_to_string(state, x)}"


def _track_text(state: np.ndarray, dk: int, t: int) -> str:
    p = get(state, "dplayer")
    now = f" (now {signed(get(state, 'tracks', p, t))})" if is_player(state, p) else ""
    if dk == L.D_PAY_TRACK:
        return f"reduce {TRACK_NAMES[t]} by 1{now}"
    if dk == L.D_TRACK_GAIN:
        return f"raise {TRACK_NAMES[t]} by 1{now}"
    return f"track {TRACK_NAMES[t]}{now}"


def _suit_text(state: np.ndarray, dk: int, suit: int) -> str:
    return f"{_SUIT_VERBS.get(dk, 'suit')} {SUIT_NAMES[suit]} ({SUIT_LETTERS[suit]})"


def _number_text(state: np.ndarray, dk: int, i: int) -> str:
    suit = _ctx(state, 1)
    if dk == L.D_CIRCLE and 0 <= suit < 6:
        return f"circle {adv_label(6 * suit + i)}"
    return f"number {i + 1}"


def _count_text(state: np.ndarray, dk: int, k: int) -> str:
    return _COUNT_TEXT.get(dk, "count {k}").format(k=k)


def _line_choice(state: np.ndarray, dk: int, k: int) -> str:
    card = get(state, "line", k)
    if not is_card(state, card):
        return f"neutral line {k + 1} (empty)"
    return f"settle neutral-line world {card_to_string(state, card)}"


def _reveal_text(state: np.ndarray, dk: int, i: int) -> str:
    card = get(state, "reveal", i)
    return f"pick homeworld {card_or(state, card, f'(revealed card {i + 1}: none)')}"


def _adv_text(state: np.ndarray, dk: int, a: int) -> str:
    return f"use {adv_label(a)}: {ADV_NOTES[a]}"


def _victory_text(state: np.ndarray, dk: int, v: int) -> str:
    return f"{VICTORY_NAMES[v]} victory ({VICTORY_LETTERS[v]})"


def _action_text(state: np.ndarray, dk: int, a: int) -> str:
    return f"{ACTION_NAMES[a]} ({_ACTION_HINTS[a]})"


def _special_text(state: np.ndarray, dk: int, k: int) -> str:
    name = L.SPECIAL_NAMES[k]
    if k == L.PASS and dk in _PASS_TEXT:
        return f"{name}: {_PASS_TEXT[dk]}"
    if dk == L.D_CHEM and k in (L.KEEP, L.REDRAW):
        return f"{name} the drawn {_chem_value(state)}"
    return name


def _chem_value(state: np.ndarray) -> str:
    kind, value = _ctx(state, 0), _ctx(state, 1)
    return f"number {value}" if kind == 1 else f"suit {suit_name(value)}"


_BLOCK_TEXT: dict[int, Callable[[np.ndarray, int, int], str]] = {
    L.B_ACTION: _action_text, L.B_HAND: _hand_text, L.B_TABLEAU: _tableau_text, L.B_SECTOR: _sector_text,
    L.B_TRACK: _track_text, L.B_SUIT: _suit_text, L.B_NUMBER: _number_text, L.B_COUNT: _count_text,
    L.B_LINE: _line_choice, L.B_REVEAL: _reveal_text, L.B_ADV: _adv_text, L.B_VICTORY: _victory_text,
    L.B_SPECIAL: _special_text,
}


def action_to_string(state: State, action: int) -> str:
    """Text of ``action`` in the context of the pending decision, e.g. ``pay with #7 3S world "Xo" (41) [...]``.

    Works for every id in ``range(NUM_ACTIONS)``, legal or not, also once the game is over (then without the
    decision's wording). Raises ValueError for an id outside the action space.
    """
    s = as_record(state)
    a = int(action)
    if not 0 <= a < L.NUM_ACTIONS:
        raise ValueError(f"action {action} is outside the action space 0..{L.NUM_ACTIONS - 1}")
    block, index = L.block_of(a)
    dk = L.D_NONE if get(s, "over") else get(s, "dk")
    return _BLOCK_TEXT[block](s, dk, index)


# ---------------------------------------------------------------------------------------------- decisions
def _ctx_card(s: np.ndarray) -> str:
    return card_label(s, _ctx(s, 0))


def _ctx_sector(s: np.ndarray) -> str:
    return f"from {sector_label(_ctx(s, 0))}"


def _ctx_bits(names: tuple[str, ...]) -> Callable[[np.ndarray], str]:
    return lambda s: "/".join(n for i, n in enumerate(names) if (_ctx(s, 0) >> i) & 1)


def _ctx_action(s: np.ndarray) -> str:
    a = _ctx(s, 0)
    return ACTION_NAMES[a] if 0 <= a < len(ACTION_NAMES) else f"action {a}"


_CONTEXT: dict[int, Callable[[np.ndarray], str]] = {
    L.D_HOME_PICK: lambda s: "restart: a world in an empty sector" if _ctx(s, 0) == 1 else "setup",
    L.D_CIRCLE: lambda s: f"{_ctx_card(s)}, suit {suit_name(_ctx(s, 1))}",
    L.D_CHEM: lambda s: f"drawn {_chem_value(s)}",
    L.D_PICK_LINE_SUIT: lambda s: f"{_ctx_card(s)}, line {_ctx(s, 1) + 1}",
    L.D_PAY_TRACK: lambda s: adv_label(_ctx(s, 0)),
    L.D_EXPLORE_TO: _ctx_sector,
    L.D_PAY: _ctx_action,
    L.D_BOOST: _ctx_action,
    L.D_BIOLOGY: lambda s: f"grown: {sector_label(_ctx(s, 0))}",
    L.D_ADVANCE_TARGET: lambda s: ("ADVANCE", "EVOKE skull", "free ADVANCE (conquest, may pass)")[min(_ctx(s, 0), 2)],
    L.D_TECH_LINE: _ctx_card,
    L.D_BATTLE_FROM: lambda s: f"{_ctx(s, 0)} pairs fought",
    L.D_BATTLE_TO: _ctx_sector,
    L.D_BATTLE_COUNT: lambda s: f"{_ctx(s, 0)}..{_ctx(s, 1)}",
    L.D_BATTLE_DEFENSE: lambda s: f"{_ctx(s, 0)}..{_ctx(s, 1)}",
    L.D_EXPAND_TO: _ctx_sector,
    L.D_EXPAND_COUNT: lambda s: f"{_ctx(s, 0)}..{_ctx(s, 1)}",
    L.D_SPACECRAFT: _ctx_sector,
    L.D_WONDER_USE: lambda s: wonder_text(s, _ctx(s, 0)),
    L.D_UPKEEP_PAY: _ctx_card,
    L.D_CHALLENGE: lambda s: f"{suit_name(_ctx(s, 0))} challenge",
    L.D_VICTORY: _ctx_bits(VICTORY_NAMES),
    L.D_CIV_SUIT: _ctx_bits(SUIT_NAMES),
    L.D_WONDER_SUIT: _ctx_bits(SUIT_NAMES),
    L.D_FOOT_TO: lambda s: _ctx_sector(s) + (f", not {sector_label(_ctx(s, 1))}" if _ctx(s, 1) > 0 else ""),
    L.D_FOOT_COUNT: lambda s: f"{_ctx(s, 0)}..{_ctx(s, 1)}",
}
CONTEXT_DOCS: dict[int, str] = {
    L.D_HOME_PICK: "ctx[0]: 0 setup, 1 a restarting player (R24)",
    L.D_CIRCLE: "ctx[0]: the card, ctx[1]: the suit",
    L.D_CHEM: "ctx[0]: 0 a suit was drawn, 1 a number; ctx[1]: the value",
    L.D_PICK_LINE_SUIT: "ctx[0]: the new tech, ctx[1]: the line (0..2)",
    L.D_PAY_TRACK: "ctx[0]: the start advancement being paid",
    L.D_EXPLORE_TO: "ctx[0]: the source sector",
    L.D_PAY: "ctx[0]: the action", L.D_BOOST: "ctx[0]: the action",
    L.D_BIOLOGY: "ctx[0]: the sector grown",
    L.D_ADVANCE_TARGET: "ctx[0]: 0 the ADVANCE action, 1 EVOKE skull, 2 a conquest's free ADVANCE (pass allowed)",
    L.D_TECH_LINE: "ctx[0]: the tech",
    L.D_BATTLE_FROM: "ctx[0]: pairs fought so far (pass only after the first)",
    L.D_BATTLE_TO: "ctx[0]: your sector",
    L.D_BATTLE_COUNT: "ctx[0]..ctx[1]: the legal counts", L.D_BATTLE_DEFENSE: "ctx[0]..ctx[1]: the legal counts",
    L.D_EXPAND_TO: "ctx[0]: the source sector", L.D_EXPAND_COUNT: "ctx[0]..ctx[1]: the legal counts",
    L.D_SPACECRAFT: "ctx[0]: the source sector",
    L.D_WONDER_USE: "ctx[0]: the wonder's sector",
    L.D_UPKEEP_PAY: "ctx[0]: the card being paid for",
    L.D_CHALLENGE: "ctx[0]: the challenge's suit",
    L.D_VICTORY: "ctx[0]: bitmask of the victory types that hold",
    L.D_CIV_SUIT: "ctx[0]: bitmask of the allowed suits", L.D_WONDER_SUIT: "ctx[0]: bitmask of the allowed suits",
    L.D_FOOT_TO: "ctx[0]: the source sector, ctx[1]: the first destination (-1 none)",
    L.D_FOOT_COUNT: "ctx[0]..ctx[1]: the legal counts",
}


def _game_over_text(s: np.ndarray) -> str:
    w, v = get(s, "winner"), get(s, "victory")
    if w < 0:
        return "game over: no winner"
    kind = f" ({VICTORY_NAMES[v]} victory)" if 0 <= v < 6 else ""
    return f"game over: player {w} won{kind}"


def decision_to_string(state: State) -> str:
    """The pending decision: ``player 0: ACTION — choose an action, or end the action phase (R12)``, with its
    context in brackets where it has one; ``game over: ...`` once the game has ended."""
    s = as_record(state)
    dk = get(s, "dk")
    if get(s, "over") or not 0 < dk < L.NUM_DECISIONS:
        return _game_over_text(s)
    name, _, what = L.DECISIONS[dk]
    text = f"player {get(s, 'dplayer')}: {name} — {what}"
    ctx = _CONTEXT.get(dk)
    return f"{text} [{ctx(s)}]" if ctx else text


# ---------------------------------------------------------------------------------------------- the text view
_COL_STEP, _CELL_W, _MAP_ROWS = 5, 9, 13  # same-row hexes are two columns apart, so a cell may be wider than a step
_COLUMNS: dict[str, list[int]] = json.loads(
    resources.files("df_env.engine").joinpath("data/galaxy_map.json").read_text())["columns_left_to_right_top_to_bottom"]
# (text row, text column) of each sector in the flat-topped hex map: a column's cells sit on every other row.
_GRID: dict[int, tuple[int, int]] = {
    sector_index(sid): (2 * j + abs(int(q)), (int(q) + 3) * _COL_STEP)
    for q, col in _COLUMNS.items() for j, sid in enumerate(col)
}
_ANSI: dict[int | str, str] = {0: "31", 1: "34", 2: "32", NEUTRAL: "33", "title": "1", "dim": "2"}


def _paint(text: str, key: int | str, color: bool) -> str:
    return f"\x1b[{_ANSI[key]}m{text}\x1b[0m" if color and key in _ANSI else text


def _sector_marks(s: np.ndarray) -> list[str]:
    """Per sector: ``*`` a homeworld, ``+`` a settled world, ``W`` a wonder."""
    home: set[int] = set()
    settled: set[int] = set()
    for p in range(get(s, "n_players")):
        if is_card(s, get(s, "home", p)):
            home.add(get(s, "c_sector", get(s, "home", p)))
        settled.update(get(s, "c_sector", get(s, "worlds", p, i)) for i in range(get(s, "worlds_n", p)))
    return [("*" if x in home else "") + ("+" if x in settled else "") + ("W" if get(s, "wonder", x) >= 0 else "")
            for x in range(N_SECTORS)]


def _cell(s: np.ndarray, x: int, flags: str, color: bool) -> str:
    """``23 0x3*+W``: sector, owner x cubes (``n`` neutral), marks; always ``_CELL_W`` characters wide."""
    n, owner = get(s, "cubes", x), get(s, "owner", x)
    occupant = ("n" if owner == NEUTRAL else str(owner)) + f"x{n}" if n else " . "
    return f"{sector_label(x):>2} " + _paint(occupant, owner, color and n > 0) + f"{flags:<3}"


def _map_lines(s: np.ndarray, color: bool) -> list[str]:
    marks = _sector_marks(s)
    rows: list[list[tuple[int, str]]] = [[] for _ in range(_MAP_ROWS)]
    for x, (row, start) in _GRID.items():
        rows[row].append((start, _cell(s, x, marks[x], color)))
    lines = []
    for cells in rows:
        line, at = "", 0
        for start, text in sorted(cells):
            line += " " * (start - at) + text
            at = start + _CELL_W
        lines.append(line.rstrip())
    lines.append("(sector owner x cubes: 0-2 players, n neutral; * homeworld, + settled world, W wonder)")
    for x in range(N_SECTORS):
        name = sector_name(get(s, "sector_name", x))
        if name:
            lines.append(f"named: {sector_label(x)} {name}")
        if get(s, "wonder", x) >= 0:
            lines.append(f"wonder: {wonder_text(s, x)}")
    return lines


def _tracks_text(s: np.ndarray, p: int) -> str:
    values = [get(s, "tracks", p, t) for t in range(4)]
    return "  ".join(f"{TRACK_NAMES[t]} {v if t == 0 else signed(v)}" for t, v in enumerate(values))


def _player_head(s: np.ndarray, p: int, color: bool) -> str:
    mine = (s["owner"] == p) & (s["cubes"] > 0)
    tags = [tag for tag, on in (("to play", get(s, "dplayer") == p and not get(s, "over")),
                                ("lost", get(s, "lost", p)), ("winner", get(s, "winner") == p)) if on]
    head = _paint(f"player {p}", p, color) + (f" ({', '.join(tags)})" if tags else "")
    size = f"{plural(int(mine.sum()), 'sector')}, {plural(int(s['cubes'][mine].sum()), 'cube')}"
    return f"{head}: {_tracks_text(s, p)} | {size}"


def _hand_lines(s: np.ndarray, p: int, observer: int | None) -> list[str]:
    hand = [int(c) for c in s["hand"][p, : get(s, "hand_n", p)]]
    if observer is None or observer == p:
        return [f"  hand ({len(hand)}):"] + [f"    {card_to_string(s, c)}" for c in hand]
    known = [c for c in hand if (get(s, "c_known", c) >> observer) & 1]
    head = f"  hand: {plural(len(hand), 'card')}" + (f", {len(known)} known to you:" if known else "")
    return [head] + [f"    {card_to_string(s, c)}" for c in known]


def _player_lines(s: np.ndarray, observer: int | None, color: bool) -> list[str]:
    lines = []
    for p in range(get(s, "n_players")):
        lines.append(_player_head(s, p, color))
        for slot in range(L.BLOCK_SIZE[L.B_TABLEAU]):
            card = slot_card(s, p, slot)
            if card >= 0:
                lines.append(f"  {slot_name(slot):<16} {card_to_string(s, card)}")
        lines += _hand_lines(s, p, observer)
    return lines


def _neutral_lines(s: np.ndarray) -> list[str]:
    return [card_to_string(s, c) for c in (get(s, "line", k) for k in range(6)) if is_card(s, c)] or ["(empty)"]


def _deck_note(s: np.ndarray, observer: int | None) -> str:
    """The deck cards shown: the top 5 to an all-seeing view, else those the observer has looked at (R8)."""
    deck = [int(c) for c in s["deck"][: get(s, "deck_n")]][::-1]
    if observer is None:
        return "top first: " + ", ".join(card_label(s, c) for c in deck[:5]) if deck else ""
    seen = [card_label(s, c) for c in deck if (get(s, "c_known", c) >> observer) & 1]
    return "known to you, top first: " + ", ".join(seen) if seen else ""


def _pile_lines(s: np.ndarray, observer: int | None) -> list[str]:
    deck_n, discard_n, chal_n = get(s, "deck_n"), get(s, "discard_n"), get(s, "chal_n")
    top = f" (top {card_label(s, get(s, 'discard', discard_n - 1))})" if discard_n else ""
    lines = [f"deck {plural(deck_n, 'card')}; discard {plural(discard_n, 'card')}{top}; "
             f"challenge pile {plural(chal_n, 'card')}"]
    note = _deck_note(s, observer)
    if note:
        lines.append(f"deck {note}")
    if observer is None and chal_n:
        suits = [get(s, "c_suit", c) if c >= 0 else _GENERATED_SUIT - c for c in s["chal"][:chal_n]]
        lines.append("challenges in order: " + " ".join(suit_letter(int(u)) for u in suits))
    revealed = [card_to_string(s, int(c)) for c in s["reveal"] if c >= 0]
    if revealed:
        lines.append("revealed for the homeworld pick: " + "; ".join(revealed))
    return lines


def _decision_lines(s: np.ndarray, observer: int | None) -> list[str]:
    lines = [decision_to_string(s)]
    if observer is None or observer == get(s, "dplayer"):
        lines += [f"  {a:>3}  {action_to_string(s, int(a))}" for a in np.flatnonzero(s["mask"])]
    return lines


def _section(title: str, lines: list[str], color: bool) -> list[str]:
    return [_paint(f"== {title} ==", "title", color)] + [f"  {line}" for line in lines]


def _header(s: np.ndarray) -> str:
    if get(s, "over"):
        return f"Deep Future, era {get(s, 'era')}, turn {get(s, 'turn')}: {_game_over_text(s)}"
    phase = get(s, "phase")
    phase_name = L.PHASE_NAMES[phase] if 0 <= phase < len(L.PHASE_NAMES) else f"phase {phase}"
    return (f"Deep Future, era {get(s, 'era')}, turn {get(s, 'turn')}, {phase_name} phase; "
            f"player {get(s, 'cur')}'s turn (start player {get(s, 'start_player')})")


def render_text(state: State, observer: int | None = None, color: bool = False) -> str:
    """A compact text view: map, tracks, tableaus, hands, neutral line, piles, the pending decision, the events.

    ``observer`` shows the game as that player sees it (other hands as sizes plus the cards revealed to him, the
    deck cards he has looked at); None shows everything, the legal actions included. ``color`` adds ANSI colours
    (players red, blue, green; neutral yellow); the text reads the same without them.
    """
    s = as_record(state)
    if observer is not None and not is_player(s, int(observer)):
        raise ValueError(f"observer must be None or a player 0..{get(s, 'n_players') - 1}, got {observer!r}")
    events_text = event_strings(s, observer) or ["(none)"]
    out = [_paint(_header(s), "title", color)]
    for title, lines in (("map", _map_lines(s, color)), ("players", _player_lines(s, observer, color)),
                         ("neutral line", _neutral_lines(s)), ("piles", _pile_lines(s, observer)),
                         ("decision", _decision_lines(s, observer)), ("events since the last decision", events_text)):
        out += _section(title, lines, color)
    return "\n".join(out)


__all__ = [
    "CONTEXT_DOCS",
    "TABLE3_EFFECTS",
    "TABLE4_EFFECTS",
    "WONDER_EFFECTS",
    "Event",
    "action_to_string",
    "adv_label",
    "card_label",
    "card_to_string",
    "decision_to_string",
    "event_strings",
    "event_to_string",
    "events",
    "render_text",
    "sector_label",
    "sector_to_string",
    "slot_card",
]
