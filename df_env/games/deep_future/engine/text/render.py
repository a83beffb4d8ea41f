"""Human-readable text of a game: cards, actions, the pending decision, events, and a compact text view.

Everything here reads a state and returns strings; nothing changes the state. Action strings depend on the pending
decision (``state["dk"]``, ``state["ctx"]``, ``state["dplayer"]``): hand slot 3 reads "pay with #7 ..." when paying
for an action and "discard #7 ..." for Computation. Every action id in ``range(NUM_ACTIONS)`` has a string in every
position, legal or not, game over included.

This module is the text layer's front door: card text lives in :mod:`.cardtext` and event text in
:mod:`~df_env.games.deep_future.engine.text.eventtext`; both are re-exported here.

Example:
    >>> from df_env.games.deep_future import engine
    >>> from df_env.games.deep_future.engine.text import action_to_string, decision_to_string
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
    N_SECTORS,
    NEUTRAL,
    SUIT_LETTERS,
    VICTORY_LETTERS,
    sector_index,
)
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
from .propernames import sector_name
from .templates import count, has, tr
from .terms import TERMS, check_lang, term


# ---------------------------------------------------------------------------------------------- actions
def _dname(dk: int) -> str:
    return L.DECISIONS[dk][0] if 0 <= dk < L.NUM_DECISIONS else "NONE"


def _verb(lang: str, block: str, dk: int) -> str:
    """The decision's own word for a choice of ``block`` (``hand.PAY``: "pay with"), else the block's default."""
    key = f"{block}.{_dname(dk)}"
    return tr(lang, key) if has(lang, key) else tr(lang, f"{block}.other")


def _ctx(state: np.ndarray, k: int) -> int:
    return get(state, "ctx", k)


def _hand_text(state: np.ndarray, dk: int, i: int, lang: str) -> str:
    verb = _verb(lang, "hand", dk)
    p = get(state, "dplayer")
    if not is_player(state, p) or i >= get(state, "hand_n", p):
        return tr(lang, "hand.empty", verb=verb, i=i + 1)
    return tr(lang, "hand.choice", verb=verb, card=card_to_string(state, get(state, "hand", p, i), lang))


def _tableau_text(state: np.ndarray, dk: int, slot: int, lang: str) -> str:
    card = slot_card(state, get(state, "dplayer"), slot)
    if dk == L.D_CHALLENGE:
        verb = tr(lang, "tableau.discard" if slot >= L.WORLD_SLOT0 else "tableau.unkeep")
    else:
        verb = _verb(lang, "tableau", dk)
    return tr(lang, "tableau.choice", verb=verb, slot=slot_name(slot, lang),
              card=card_or(state, card, tr(lang, "empty"), lang))


def _sector_text(state: np.ndarray, dk: int, x: int, lang: str) -> str:
    return tr(lang, "sector.choice", verb=_verb(lang, "sector", dk), sector=sector_to_string(state, x, lang))


def _track_text(state: np.ndarray, dk: int, t: int, lang: str) -> str:
    p = get(state, "dplayer")
    now = tr(lang, "track.now", v=signed(get(state, "tracks", p, t))) if is_player(state, p) else ""
    key = {L.D_PAY_TRACK: "track.reduce", L.D_TRACK_GAIN: "track.raise"}.get(dk, "track.other")
    return tr(lang, key, track=term(lang, "tracks", t), now=now)


def _suit_text(state: np.ndarray, dk: int, suit: int, lang: str) -> str:
    return tr(lang, "suit.choice", verb=_verb(lang, "suit", dk), suit=term(lang, "suits", suit),
              letter=SUIT_LETTERS[suit])


def _number_text(state: np.ndarray, dk: int, i: int, lang: str) -> str:
    suit = _ctx(state, 1)
    if dk == L.D_CIRCLE and 0 <= suit < 6:
        return tr(lang, "number.circle", adv=adv_label(6 * suit + i, lang))
    return tr(lang, "number.other", n=i + 1)


def _count_text(state: np.ndarray, dk: int, k: int, lang: str) -> str:
    key = f"count.{_dname(dk)}"
    return tr(lang, key if has(lang, key) else "count.other", k=k)


def _line_choice(state: np.ndarray, dk: int, k: int, lang: str) -> str:
    card = get(state, "line", k)
    if not is_card(state, card):
        return tr(lang, "line.empty", k=k + 1)
    return tr(lang, "line.settle", card=card_to_string(state, card, lang))


def _reveal_text(state: np.ndarray, dk: int, i: int, lang: str) -> str:
    card = get(state, "reveal", i)
    return tr(lang, "reveal.pick", card=card_or(state, card, tr(lang, "reveal.none", i=i + 1), lang))


def _adv_text(state: np.ndarray, dk: int, a: int, lang: str) -> str:
    return tr(lang, "adv.use", adv=adv_label(a, lang), note=term(lang, "adv_notes", a))


def _victory_text(state: np.ndarray, dk: int, v: int, lang: str) -> str:
    return tr(lang, "victory.choice", name=term(lang, "victories", v), letter=VICTORY_LETTERS[v])


def _action_text(state: np.ndarray, dk: int, a: int, lang: str) -> str:
    hint = tr(lang, "action.pay", suit=term(lang, "suits", a)) if a < 6 else tr(lang, f"action.{ACTION_NAMES[a]}")
    return tr(lang, "action.choice", name=term(lang, "actions", a), hint=hint)


def _special_text(state: np.ndarray, dk: int, k: int, lang: str) -> str:
    name = term(lang, "specials", k)
    key = f"pass.{_dname(dk)}"
    if k == L.PASS and has(lang, key):
        return tr(lang, "special.pass", name=name, what=tr(lang, key))
    if dk == L.D_CHEM and k in (L.KEEP, L.REDRAW):
        return tr(lang, "special.chem", name=name, value=_chem_value(state, lang))
    return name


def _chem_value(state: np.ndarray, lang: str = "en") -> str:
    kind, value = _ctx(state, 0), _ctx(state, 1)
    if kind == L.CHEM_NUMBER:
        return tr(lang, "chem.number", v=value)
    return tr(lang, "chem.suit", suit=suit_name(value, lang))


_BLOCK_TEXT: dict[int, Callable[[np.ndarray, int, int, str], str]] = {
    L.B_ACTION: _action_text, L.B_HAND: _hand_text, L.B_TABLEAU: _tableau_text, L.B_SECTOR: _sector_text,
    L.B_TRACK: _track_text, L.B_SUIT: _suit_text, L.B_NUMBER: _number_text, L.B_COUNT: _count_text,
    L.B_LINE: _line_choice, L.B_REVEAL: _reveal_text, L.B_ADV: _adv_text, L.B_VICTORY: _victory_text,
    L.B_SPECIAL: _special_text,
}


def action_to_string(state: State, action: int, lang: str = "en") -> str:
    """Text of ``action`` in the context of the pending decision, e.g. ``pay with #7 3S world "Xo" (41) [...]``.

    Works for every id in ``range(NUM_ACTIONS)``, legal or not, also once the game is over (then without the
    decision's wording). Raises ValueError for an id outside the action space. ``lang``: ``"en"`` or ``"zh"``.
    """
    s = as_record(state)
    check_lang(lang)
    a = int(action)
    if not 0 <= a < L.NUM_ACTIONS:
        raise ValueError(f"action {action} is outside the action space 0..{L.NUM_ACTIONS - 1}")
    block, index = L.block_of(a)
    dk = L.D_NONE if get(s, "over") else get(s, "dk")
    return _BLOCK_TEXT[block](s, dk, index, lang)


# ---------------------------------------------------------------------------------------------- decisions
def _ctx_card(s: np.ndarray, lang: str) -> str:
    return card_label(s, _ctx(s, 0), lang)


def _ctx_sector(s: np.ndarray, lang: str) -> str:
    return tr(lang, "ctx.from", x=sector_label(_ctx(s, 0)))


def _ctx_bits(kind: str) -> Callable[[np.ndarray, str], str]:
    return lambda s, lang: tr(lang, "ctx.bits").join(
        n for i, n in enumerate(TERMS[lang][kind]) if (_ctx(s, 0) >> i) & 1)


def _ctx_action(s: np.ndarray, lang: str) -> str:
    a = _ctx(s, 0)
    return term(lang, "actions", a) if 0 <= a < len(ACTION_NAMES) else tr(lang, "ctx.action", a=a)


def _ctx_range(s: np.ndarray, lang: str) -> str:
    return tr(lang, "ctx.range", a=_ctx(s, 0), b=_ctx(s, 1))


_CONTEXT: dict[int, Callable[[np.ndarray, str], str]] = {
    L.D_HOME_PICK: lambda s, lang: tr(lang, "ctx.restart" if _ctx(s, 0) == 1 else "ctx.setup"),
    L.D_CIRCLE: lambda s, lang: tr(lang, "ctx.circle", card=_ctx_card(s, lang), suit=suit_name(_ctx(s, 1), lang)),
    L.D_CHEM: lambda s, lang: tr(lang, "ctx.drawn", value=_chem_value(s, lang)),
    L.D_PICK_LINE_SUIT: lambda s, lang: tr(lang, "ctx.line", card=_ctx_card(s, lang), k=_ctx(s, 1) + 1),
    L.D_PAY_TRACK: lambda s, lang: adv_label(_ctx(s, 0), lang),
    L.D_EXPLORE_TO: _ctx_sector,
    L.D_PAY: _ctx_action,
    L.D_BOOST: _ctx_action,
    L.D_BIOLOGY: lambda s, lang: tr(lang, "ctx.grown", x=sector_label(_ctx(s, 0))),
    L.D_ADVANCE_TARGET: lambda s, lang: tr(lang, f"ctx.adv.{(0, 1, 2)[min(_ctx(s, 0), 2)]}"),
    L.D_TECH_LINE: _ctx_card,
    L.D_BATTLE_FROM: lambda s, lang: tr(lang, "ctx.pairs", n=_ctx(s, 0)),
    L.D_BATTLE_TO: _ctx_sector,
    L.D_BATTLE_COUNT: _ctx_range,
    L.D_BATTLE_DEFENSE: _ctx_range,
    L.D_EXPAND_TO: _ctx_sector,
    L.D_EXPAND_COUNT: _ctx_range,
    L.D_SPACECRAFT: _ctx_sector,
    L.D_WONDER_USE: lambda s, lang: wonder_text(s, _ctx(s, 0), lang),
    L.D_UPKEEP_PAY: _ctx_card,
    L.D_CHALLENGE: lambda s, lang: tr(lang, "ctx.challenge", suit=suit_name(_ctx(s, 0), lang)),
    L.D_VICTORY: _ctx_bits("victories"),
    L.D_CIV_SUIT: _ctx_bits("suits"),
    L.D_WONDER_SUIT: _ctx_bits("suits"),
    L.D_FOOT_TO: lambda s, lang: _ctx_sector(s, lang) + (
        tr(lang, "ctx.not", x=sector_label(_ctx(s, 1))) if _ctx(s, 1) > 0 else ""),
    L.D_FOOT_COUNT: _ctx_range,
}
CONTEXT_DOCS: dict[int, str] = {
    L.D_HOME_PICK: "ctx[0]: 0 setup, 1 a restarting player (R24)",
    L.D_CIRCLE: "ctx[0]: the card, ctx[1]: the suit",
    L.D_CHEM: "ctx[0]: CHEM_SUIT (0) a suit was drawn, CHEM_NUMBER (1) a number; ctx[1]: the value",
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


def _game_over_text(s: np.ndarray, lang: str = "en") -> str:
    w, v = get(s, "winner"), get(s, "victory")
    if w < 0:
        return tr(lang, "over.none")
    kind = tr(lang, "over.kind", v=term(lang, "victories", v)) if 0 <= v < 6 else ""
    return tr(lang, "over.won", p=w, kind=kind)


def decision_to_string(state: State, lang: str = "en") -> str:
    """The pending decision: ``player 0: ACTION — choose an action, or end the action phase (R12)``, with its
    context in brackets where it has one; ``game over: ...`` once the game has ended. ``lang``: ``"en"`` or
    ``"zh"`` (``玩家 0：选择行动 —— 选择一个行动，或结束行动阶段（R12）``)."""
    s = as_record(state)
    check_lang(lang)
    dk = get(s, "dk")
    if get(s, "over") or not 0 < dk < L.NUM_DECISIONS:
        return _game_over_text(s, lang)
    text = tr(lang, "decision", p=get(s, "dplayer"), name=term(lang, "decision_names", dk),
              what=term(lang, "decision_whats", dk))
    ctx = _CONTEXT.get(dk)
    return tr(lang, "decision.ctx", text=text, ctx=ctx(s, lang)) if ctx else text


# ---------------------------------------------------------------------------------------------- the text view
_COL_STEP, _CELL_W, _MAP_ROWS = 5, 9, 13  # same-row hexes are two columns apart, so a cell may be wider than a step
_COLUMNS: dict[str, list[int]] = json.loads(
    resources.files("df_env.games.deep_future.engine").joinpath("data/galaxy_map.json").read_text())["columns_left_to_right_top_to_bottom"]
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


def _map_lines(s: np.ndarray, color: bool, lang: str = "en") -> list[str]:
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
    lines.append(tr(lang, "view.legend"))
    for x in range(N_SECTORS):
        name = sector_name(get(s, "sector_name", x), lang)
        if name:
            lines.append(tr(lang, "view.named", x=sector_label(x), name=name))
        if get(s, "wonder", x) >= 0:
            lines.append(tr(lang, "view.wonder", text=wonder_text(s, x, lang)))
    return lines


def _tracks_text(s: np.ndarray, p: int, lang: str = "en") -> str:
    values = [get(s, "tracks", p, t) for t in range(4)]
    return "  ".join(tr(lang, "view.track", track=term(lang, "tracks", t), v=v if t == 0 else signed(v))
                     for t, v in enumerate(values))


def _player_head(s: np.ndarray, p: int, color: bool, lang: str = "en") -> str:
    mine = (s["owner"] == p) & (s["cubes"] > 0)
    tags = [tr(lang, key) for key, on in (("tag.to_play", get(s, "dplayer") == p and not get(s, "over")),
                                          ("tag.lost", get(s, "lost", p)), ("tag.winner", get(s, "winner") == p))
            if on]
    head = _paint(tr(lang, "player", p=p), p, color)
    if tags:
        head += tr(lang, "view.tags", tags=tr(lang, "sep.list").join(tags))
    size = tr(lang, "view.size", sectors=count(lang, "n.sectors", int(mine.sum())),
              cubes=count(lang, "n.cubes", int(s["cubes"][mine].sum())))
    return tr(lang, "view.player", head=head, tracks=_tracks_text(s, p, lang), size=size)


def _hand_lines(s: np.ndarray, p: int, observer: int | None, lang: str = "en") -> list[str]:
    hand = [int(c) for c in s["hand"][p, : get(s, "hand_n", p)]]
    if observer is None or observer == p:
        return [tr(lang, "view.hand", n=len(hand))] + [f"    {card_to_string(s, c, lang)}" for c in hand]
    known = [c for c in hand if (get(s, "c_known", c) >> observer) & 1]
    head = tr(lang, "view.hand_n", cards=count(lang, "n.cards", len(hand)))
    head += tr(lang, "view.known", n=len(known)) if known else ""
    return [head] + [f"    {card_to_string(s, c, lang)}" for c in known]


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` columns of a terminal (a Chinese character takes two; ASCII as ``ljust``)."""
    used = sum(2 if ord(ch) >= 0x2E80 else 1 for ch in text)
    return text + " " * max(0, width - used)


def _player_lines(s: np.ndarray, observer: int | None, color: bool, lang: str = "en") -> list[str]:
    lines = []
    for p in range(get(s, "n_players")):
        lines.append(_player_head(s, p, color, lang))
        for slot in range(L.BLOCK_SIZE[L.B_TABLEAU]):
            card = slot_card(s, p, slot)
            if card >= 0:
                lines.append(f"  {_pad(slot_name(slot, lang), 16)} {card_to_string(s, card, lang)}")
        lines += _hand_lines(s, p, observer, lang)
    return lines


def _neutral_lines(s: np.ndarray, lang: str = "en") -> list[str]:
    cards = [card_to_string(s, c, lang) for c in (get(s, "line", k) for k in range(6)) if is_card(s, c)]
    return cards or [tr(lang, "empty")]


def _deck_note(s: np.ndarray, observer: int | None, lang: str = "en") -> str:
    """The deck cards shown: the top 5 to an all-seeing view, else those the observer has looked at (R8)."""
    deck = [int(c) for c in s["deck"][: get(s, "deck_n")]][::-1]
    sep = tr(lang, "sep.list")
    if observer is None:
        return tr(lang, "view.top", cards=sep.join(card_label(s, c, lang) for c in deck[:5])) if deck else ""
    seen = [card_label(s, c, lang) for c in deck if (get(s, "c_known", c) >> observer) & 1]
    return tr(lang, "view.known_top", cards=sep.join(seen)) if seen else ""


def _pile_lines(s: np.ndarray, observer: int | None, lang: str = "en") -> list[str]:
    deck_n, discard_n, chal_n = get(s, "deck_n"), get(s, "discard_n"), get(s, "chal_n")
    top = tr(lang, "view.discard_top", card=card_label(s, get(s, "discard", discard_n - 1), lang)) if discard_n else ""
    lines = [tr(lang, "view.piles", deck=count(lang, "n.cards", deck_n), discard=count(lang, "n.cards", discard_n),
                top=top, chal=count(lang, "n.cards", chal_n))]
    note = _deck_note(s, observer, lang)
    if note:
        lines.append(tr(lang, "view.deck_note", note=note))
    if observer is None and chal_n:
        suits = [get(s, "c_suit", c) if c >= 0 else _GENERATED_SUIT - c for c in s["chal"][:chal_n]]
        lines.append(tr(lang, "view.chal_order", suits=" ".join(suit_letter(int(u)) for u in suits)))
    revealed = [card_to_string(s, int(c), lang) for c in s["reveal"] if c >= 0]
    if revealed:
        lines.append(tr(lang, "view.revealed", cards=tr(lang, "sep.semi").join(revealed)))
    return lines


def _decision_lines(s: np.ndarray, observer: int | None, lang: str = "en") -> list[str]:
    lines = [decision_to_string(s, lang)]
    if observer is None or observer == get(s, "dplayer"):
        lines += [f"  {a:>3}  {action_to_string(s, int(a), lang)}" for a in np.flatnonzero(s["mask"])]
    return lines


def _section(title: str, lines: list[str], color: bool) -> list[str]:
    return [_paint(f"== {title} ==", "title", color)] + [f"  {line}" for line in lines]


def _header(s: np.ndarray, lang: str = "en") -> str:
    if get(s, "over"):
        return tr(lang, "view.over", era=get(s, "era"), turn=get(s, "turn"), over=_game_over_text(s, lang))
    phase = get(s, "phase")
    phase_name = term(lang, "phases", phase) if 0 <= phase < len(L.PHASE_NAMES) else tr(lang, "view.phase", n=phase)
    return tr(lang, "view.header", era=get(s, "era"), turn=get(s, "turn"), phase=phase_name, cur=get(s, "cur"),
              start=get(s, "start_player"))


def section_title(name: str, lang: str = "en") -> str:
    """A section's title line as :func:`render_text` writes it (``name``: map, players, neutral, piles, decision,
    events), without colour: ``== decision ==``, ``== 决策 ==``."""
    return f"== {tr(lang, 'title.' + name)} =="


def render_text(state: State, observer: int | None = None, color: bool = False, lang: str = "en") -> str:
    """A compact text view: map, tracks, tableaus, hands, neutral line, piles, the pending decision, the events.

    ``observer`` shows the game as that player sees it (other hands as sizes plus the cards revealed to him, the
    deck cards he has looked at); None shows everything, the legal actions included. ``color`` adds ANSI colours
    (players red, blue, green; neutral yellow); the text reads the same without them. ``lang``: ``"en"`` or
    ``"zh"`` (every sentence in Chinese, the v1.6 Chinese rulebook's terms).
    """
    s = as_record(state)
    check_lang(lang)
    if observer is not None and not is_player(s, int(observer)):
        raise ValueError(f"observer must be None or a player 0..{get(s, 'n_players') - 1}, got {observer!r}")
    events_text = event_strings(s, observer, lang) or [tr(lang, "view.none")]
    out = [_paint(_header(s, lang), "title", color)]
    for title, lines in (("map", _map_lines(s, color, lang)), ("players", _player_lines(s, observer, color, lang)),
                         ("neutral", _neutral_lines(s, lang)), ("piles", _pile_lines(s, observer, lang)),
                         ("decision", _decision_lines(s, observer, lang)), ("events", events_text)):
        out += _section(tr(lang, f"title.{title}"), lines, color)
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
    "section_title",
    "sector_to_string",
    "slot_card",
]
