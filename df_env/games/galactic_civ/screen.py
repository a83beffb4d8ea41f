"""Galactic Civ's terminal screen: the position as one seat sees it, for a card player (``df-env play --game
galactic_civ``), in English or Chinese.

It shows the turn and the phase track (GC7: the twelve phases, the current one in brackets), every seat's
attributes with the strict leader of each marked ``*`` (GC20, GCR5: phases 4-10 reward him) and the lowest Morale
marked ``v`` (Approval, GC18), hand sizes (GCR21: other hands are counts), one's own hand as cards with their effects,
the piles and the event being resolved, then the victory paths (GC21, GC22): per path each seat's margin (the lead in
the primary and in the better secondary, the smaller; 5 wins from turn 11, GCR16, GCR17) and who is closest, and
the attributes each seat leads (the General Victory after turn 20). Nothing hidden from the seat is shown.
"""

from __future__ import annotations

import numpy as np

from .engine import text
from .engine.state import PH_OVER, PHASES, PHASES_ZH, State
from .engine.tables import (
    ATTRIBUTES,
    ATTRIBUTES_ZH,
    FIRST_PATH_TURN,
    LAST_TURN,
    MORALE,
    N_ATTR,
    PATH_ATTRS,
    PATH_LEAD,
    PATHS,
    VICTORY_NAMES_ZH,
)
from .progress import progress_scores

WORDS = {  # key: (English, Chinese)
    "title": ("Galactic Civ - turn {} of {}", "银河文明 - 第 {} 回合（共 {} 回合）"),
    "phases": ("phases:", "阶段："),
    "legend": ("* leads the attribute (strictly highest), v lowest Morale; > the active seat",
               "* 该属性领先（严格最高），v 士气最低；> 当前行动座位"),
    "you": ("you", "你"), "hand": ("your hand", "你的手牌"), "empty": ("(empty)", "（空）"),
    "cards": ("{} cards", "{} 张"), "piles": ("deck {}, discard pile {} (last: {})", "牌堆 {}，弃牌堆 {}（最近：{}）"),
    "events": ("event deck {}", "事件牌堆 {}"), "event_now": ("event: {}", "事件：{}"),
    "paths": ("victory paths (a margin of {} in both attributes wins from turn {}):",
              "胜利路线（两项属性都领先 {} 点，第 {} 回合起获胜）："),
    "margin": ("margins", "差距"), "closest": ("closest: {}", "最接近：{}"),
    "general": ("General Victory (end of turn {}): attributes led", "综合胜利（第 {} 回合结束）：领先的属性数"),
    "progress": ("progress to victory (0-1)", "胜利进度（0-1）"), "none": ("nobody", "无人"),
    "or": ("or", "或"), "and": ("and", "且"),
}
PATH_NAMES_ZH = VICTORY_NAMES_ZH[1:6]


def _w(key: str, lang: str) -> str:
    return WORDS[key][1 if lang == "zh" else 0]


def _attr(a: int, lang: str) -> str:
    return (ATTRIBUTES_ZH if lang == "zh" else ATTRIBUTES)[a]


def leads(s: State) -> np.ndarray:
    """``out[p, a]``: seat p's score minus the best other seat's in attribute a (GCR16's lead)."""
    n = int(s["n_players"])
    w = s["attr"][:n].astype(np.int64)
    out = np.empty_like(w)
    for p in range(n):
        out[p] = w[p] - np.delete(w, p, axis=0).max(axis=0)
    return out


def path_margins(s: State) -> np.ndarray:
    """``out[p, k]``: seat p's margin on path k+1 (GC21): min(lead in the primary, best lead in a secondary)."""
    lead = leads(s)
    prim = lead[:, PATH_ATTRS[:, 0]]
    sec = np.maximum(lead[:, PATH_ATTRS[:, 1]], lead[:, PATH_ATTRS[:, 2]])
    return np.minimum(prim, sec)


def phase_track(s: State, lang: str) -> str:
    """The twelve phases of a turn (GC7), the current one in brackets."""
    names = PHASES_ZH if lang == "zh" else PHASES
    cur = int(s["phase"])
    return _w("phases", lang) + " " + " > ".join(f"[{names[i]}]" if i == cur else names[i] for i in range(1, 13))


def attribute_table(s: State, seat: int | None, lang: str) -> list[str]:
    """Every seat's attributes, leaders ``*`` and lowest Morale ``v``, hand size and race."""
    n = int(s["n_players"])
    lead = leads(s)
    short = ATTRIBUTES_ZH if lang == "zh" else text.ATTRIBUTES_SHORT
    heads = "".join(f"{short[a]:>7}" for a in range(N_ATTR))
    lines = [f"{'':8}{heads}"]
    for p in range(n):
        marks = ["*" if lead[p, a] > 0 else ("v" if a == MORALE and lead[p, a] < 0 and _lowest(s, p) else " ")
                 for a in range(N_ATTR)]
        row = "".join(f"{int(s['attr'][p, a]):>6}{marks[a]}" for a in range(N_ATTR))
        cur = ">" if p == int(s["cur"]) and s["phase"] != PH_OVER else " "
        who = f"{cur}{p}" + (f" {_w('you', lang)}" if p == seat else "")
        size = _w("cards", lang).format(int(s["hand_n"][p]))
        lines.append(f"{who:<8}{row}  {size:>8}  {text.seat_text(s, p, lang)}")
    lines.append("  " + _w("legend", lang))
    return lines


def _lowest(s: State, p: int) -> bool:
    n = int(s["n_players"])
    return all(s["attr"][p, MORALE] < s["attr"][q, MORALE] for q in range(n) if q != p)


def hand_lines(s: State, seat: int | None, lang: str) -> list[str]:
    """The seat's hand as cards with their effects (GC23)."""
    if seat is None:
        return []
    cards = np.flatnonzero(s["hand"][seat])
    lines = [f"{_w('hand', lang)}:"] + [f"  - {text.card_text(int(c), lang)}" for c in cards]
    return lines if cards.size else [f"{_w('hand', lang)}: {_w('empty', lang)}"]


def pile_lines(s: State, lang: str) -> list[str]:
    """The deck's size, the public discard pile (its newest card) and the Event being resolved."""
    d = int(s["disc_n"])
    last = text.card_text(int(s["disc"][d - 1]), lang) if d else _w("none", lang)
    lines = [_w("piles", lang).format(int(s["deck_n"]), d, last)]
    if s["events_on"]:
        lines.append(_w("events", lang).format(int(s["edeck_n"])))
    if s["event"] >= 0:
        lines.append(_w("event_now", lang).format(text.event_text(int(s["event"]), lang)))
    return lines


def path_lines(s: State, lang: str) -> list[str]:
    """Paths 1-5 with each seat's margin and who is closest; the General Victory's count; progress scores."""
    n = int(s["n_players"])
    margins = path_margins(s)
    lines = [_w("paths", lang).format(PATH_LEAD, FIRST_PATH_TURN)]
    for k, (name, prim, s1, s2) in enumerate(PATHS):
        title = PATH_NAMES_ZH[k] if lang == "zh" else name
        need = f"{_attr(prim, lang)} {_w('and', lang)} {_attr(s1, lang)} {_w('or', lang)} {_attr(s2, lang)}"
        per = " ".join(f"{p}:{int(margins[p, k]):+d}" for p in range(n))
        best = int(np.argmax(margins[:, k]))
        lines.append(f"  {k + 1} {title:<11} {need:<40} {_w('margin', lang)} {per}  "
                     + _w("closest", lang).format(best))
    led = (leads(s) > 0).sum(axis=1)
    lines.append("  " + _w("general", lang).format(LAST_TURN) + ": " + " ".join(f"{p}:{int(led[p])}"
                                                                                 for p in range(n)))
    prog = progress_scores(s)
    lines.append("  " + _w("progress", lang) + ": " + " ".join(f"{p}:{prog[p]:.2f}" for p in range(n)))
    return lines


def screen(s: State, seat: int | None = None, lang: str = "en") -> str:
    """The whole screen for ``seat`` (None: every hand, as after the game): see the module docstring."""
    lang = "zh" if lang == "zh" else "en"
    head = _w("title", lang).format(int(s["turn"]), LAST_TURN)
    if int(s["turn"]) == 0:  # GCR7: the races are chosen before turn 1
        head = head.split(" - ")[0] + " - " + (PHASES_ZH if lang == "zh" else PHASES)[0]
    parts = [head, phase_track(s, lang), *attribute_table(s, seat, lang)]
    if seat is None:
        parts += [f"{text.seat_text(s, p, lang)}: {text._hand_text(s, p, None, lang)}"
                  for p in range(int(s["n_players"]))]
    parts += hand_lines(s, seat, lang) + pile_lines(s, lang) + path_lines(s, lang)
    return "\n".join(parts)
