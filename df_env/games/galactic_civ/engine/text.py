"""Galactic Civ in words, English and Chinese: actions, the pending decision, the log and the whole position.
Card, race and event names stay as the source prints them in both languages; attributes, phases and the
engine's own words are translated."""

from __future__ import annotations

import numpy as np

from .state import (
    A_ATTR,
    A_DILEMMA,
    A_DISCARD,
    A_PASS,
    A_PLAY,
    A_TAKE,
    A_TARGET,
    BLOCK_START,
    DECISION_NAMES,
    EFFECTS,
    EFFECTS_ZH,
    LOGS,
    PH_OVER,
    PHASES,
    PHASES_ZH,
    State,
)
from .tables import (
    ATTRIBUTES,
    ATTRIBUTES_ZH,
    CARD_EFFECT,
    CARD_NAMES,
    CARD_TYPE,
    CARD_TYPES,
    CARD_TYPES_ZH,
    EVENT_EFFECT,
    EVENT_IB,
    EVENT_NAMES,
    EVENT_TYPE,
    EVENT_TYPE_NAMES,
    EVENT_UPI_KIND,
    RACE_BONUS,
    RACE_NAMES,
    UPI_KINDS,
    VICTORY_NAMES,
    VICTORY_NAMES_ZH,
)

LANGS = ("en", "zh")
ATTRIBUTES_SHORT = ("Mor", "Res", "Exr", "Exl", "Exp", "Inf", "Tra", "Mil")  # RULES.md GC5's column heads
WORDS = {  # key: (English, Chinese)
    "race": ("choose race {}", "选择种族 {}"), "play": ("play {}", "打出 {}"), "discard": ("discard {}", "弃掉 {}"),
    "target": ("target seat {}", "以座位 {} 为目标"), "pick": ("pick {}", "选择 {}"),
    "pass": ("pass", "放弃"), "take": ("take the Expansion benefit: draw 2, then discard 1",
                                      "使用扩张奖励：抽 2 张，再弃 1 张"),
    "benevolent": ("Benevolent: roll twice on the Benevolence Table{}", "仁慈：在仁慈表上掷两次{}"),
    "malevolent": ("Malevolent: {}", "邪恶：{}"), "then": (", then {}", "，然后 {}"),
    "seat": ("seat {}", "座位 {}"), "turn": ("turn {}", "第 {} 回合"), "phase": ("{} Phase", "{}阶段"),
    "nothing": ("nothing", "无"), "over": ("the game is over", "游戏结束"),
    "winner": ("seat {} wins: {} Victory", "座位 {} 获胜：{}胜利"), "draw_game": ("a draw (GCR19)", "平局"),
    "hand": ("hand", "手牌"), "cards": ("{} cards", "{} 张牌"), "deck": ("deck", "牌堆"),
    "discards": ("discard", "弃牌堆"),
    "events": ("event deck", "事件牌堆"), "seat_head": ("seat", "座位"), "decides": ("{} decides: {}", "{} 决定：{}"),
}
DECISION_WORDS = {
    "none": ("nothing to decide", "无需决定"), "race": ("choose a race", "选择种族"),
    "play": ("play one {} card, or pass", "打出一张{}牌，或放弃"), "target": ("choose a target player", "选择目标玩家"),
    "pick": ("the die shows Pick One: pick an attribute for {}", "骰子为“任选”：为{}选择一项属性"),
    "expand": ("take the Expansion benefit or pass", "使用扩张奖励或放弃"),
    "discard": ("discard a card", "弃一张牌"), "dilemma": ("Moral Dilemma {}: Benevolent or Malevolent",
                                                        "道德困境 {}：仁慈或邪恶"),
}


def _w(key: str, lang: str) -> str:
    return WORDS[key][LANGS.index(_lang(lang))]


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, got {lang!r}")
    return lang


def attr_name(a: int, lang: str = "en") -> str:
    return (ATTRIBUTES_ZH if _lang(lang) == "zh" else ATTRIBUTES)[a]


def effect_text(row: np.ndarray, lang: str = "en") -> str:
    """A row of per-attribute changes in words: ``Military +2, Influence +1``."""
    parts = [f"{attr_name(a, lang)} {int(v):+d}" for a, v in enumerate(row) if v]
    return ", ".join(parts) if parts else _w("nothing", lang)


def card_text(c: int, lang: str = "en") -> str:
    """``Scout Ships (Ship: Exploration +2)``; Ship Graveyard adds its extra Ship (GCR13)."""
    kind = (CARD_TYPES_ZH if _lang(lang) == "zh" else CARD_TYPES)[int(CARD_TYPE[c])]
    extra = "" if c != 57 else (", then may play 1 Ship" if lang == "en" else "，然后可打出 1 张舰船")
    return f"{CARD_NAMES[c]} ({kind}: {effect_text(CARD_EFFECT[c], lang)}{extra})"


EVENT_TYPE_NAMES_ZH = ("道德困境", "银河事件", "联合星球议题")  # EVENT_TYPE_NAMES in Chinese (GC24)


def event_text(e: int, lang: str = "en") -> str:
    """An Event card in words: its name as printed, its type, effect and (a Moral Dilemma's) IB penalty; a United
    Planets Issue names whom its effect hits (GC31/GCR25)."""
    t = int(EVENT_TYPE[e])
    zh = _lang(lang) == "zh"
    eff = effect_text(EVENT_EFFECT[e], lang)
    if t == 2 and UPI_KINDS[int(EVENT_UPI_KIND[e])] != "winner":
        whom = ("Target Player", "目标玩家") if EVENT_UPI_KIND[e] == 1 else ("All other Players", "所有其他玩家")
        eff = f"{whom[zh]}: {eff}"
    ib = f" (IB {effect_text(EVENT_IB[e], lang)})" if EVENT_IB[e].any() else ""
    return f"{EVENT_NAMES[e]} ({(EVENT_TYPE_NAMES_ZH if zh else EVENT_TYPE_NAMES)[t]}: {eff}{ib})"


def seat_text(s: State, p: int, lang: str = "en") -> str:
    r = int(s["race"][p])
    return _w("seat", lang).format(p) + (f" ({RACE_NAMES[r]})" if r >= 0 else "")


def action_to_string(s: State, action: int, lang: str = "en") -> str:
    """The action in words, naming the card, race, attribute or seat it chooses."""
    a = int(action)
    block = int(np.searchsorted(BLOCK_START, a, side="right") - 1)
    i = a - int(BLOCK_START[block])
    if a < A_PLAY:
        return _w("race", lang).format(f"{RACE_NAMES[i]} ({effect_text(RACE_BONUS[i], lang)})")
    if a < A_DISCARD:
        return _w("play", lang).format(card_text(i, lang))
    if a < A_TARGET:
        return _w("discard", lang).format(card_text(i, lang))
    if a < A_ATTR:
        return _w("target", lang).format(i) + _race_of(s, i)
    if a < A_PASS:
        return _w("pick", lang).format(attr_name(i, lang))
    if a == A_PASS:
        return _w("pass", lang)
    if a == A_TAKE:
        return _w("take", lang)
    return _dilemma_text(s, a - A_DILEMMA, lang)


def _race_of(s: State, p: int) -> str:
    r = int(s["race"][p]) if 0 <= p < len(s["race"]) else -1
    return f" ({RACE_NAMES[r]})" if r >= 0 else ""


def _dilemma_text(s: State, choice: int, lang: str) -> str:
    e = int(s["event"])
    if choice == 0:
        ib = _w("then", lang).format(effect_text(EVENT_IB[e], lang)) if e >= 0 and EVENT_IB[e].any() else ""
        return _w("benevolent", lang).format(ib)
    return _w("malevolent", lang).format(effect_text(EVENT_EFFECT[e], lang) if e >= 0 else "")


def decision_to_string(s: State, lang: str = "en") -> str:
    """Who decides what now: ``seat 1 (Dregin Empire), turn 3, Construction Phase: play one Ship or Build card``."""
    if s["over"]:
        return outcome_text(s, lang)
    name = DECISION_NAMES[int(s["dk"])]
    what = DECISION_WORDS[name][LANGS.index(_lang(lang))]
    if name == "play":
        types = [(CARD_TYPES_ZH if lang == "zh" else CARD_TYPES)[t] for t in range(4) if int(s["ctx_types"]) >> t & 1]
        what = what.format("/".join(types))
    elif name == "pick":
        what = what.format((EFFECTS_ZH if lang == "zh" else EFFECTS)[int(s["ctx_effect"])])
    elif name == "dilemma":
        what = what.format(EVENT_NAMES[int(s["event"])])
    elif name == "target":
        what += f" ({_target_reason(s, lang)})"
    where = f"{_w('turn', lang).format(int(s['turn']))}, {_w('phase', lang).format(phase_name(s, lang))}"
    if s["phase"] == 0:
        where = phase_name(s, lang)
    return f"{seat_text(s, int(s['dplayer']), lang)}, {where}: {what}"


def _target_reason(s: State, lang: str) -> str:
    """What the chosen target suffers or gains: the phase's effect, or the United Planets Issue's."""
    if s["event"] >= 0:
        e = int(s["event"])
        return f"{EVENT_NAMES[e]}: {effect_text(EVENT_EFFECT[e], lang)}"
    reasons = {"Aggression": ("loses 2 in a random attribute", "随机一项属性 -2"),
               "Influence": ("gives you 1 in a random attribute", "随机一项属性给你 1 点"),
               "Trade": ("gains 1 in a random attribute", "随机一项属性 +1")}
    return reasons.get(PHASES[int(s["phase"])], ("", ""))[LANGS.index(lang)]


def phase_name(s: State, lang: str = "en") -> str:
    return (PHASES_ZH if _lang(lang) == "zh" else PHASES)[int(s["phase"])]


def outcome_text(s: State, lang: str = "en") -> str:
    if not s["over"]:
        return ""
    if s["winner"] < 0:
        return _w("draw_game", lang)
    v = (VICTORY_NAMES_ZH if lang == "zh" else VICTORY_NAMES)[int(s["victory"])]
    return _w("winner", lang).format(int(s["winner"]), v)


def log_lines(s: State, lang: str = "en") -> list[str]:
    """What happened since the last decision, one line each (rolls, plays, draws as counts, events, votes)."""
    rows = [[int(x) for x in s["log"][i]] for i in range(int(s["log_n"]))]
    return [_log_line(s, k, p, a, b, lang) for k, p, a, b in rows]


def _log_line(s: State, kind: int, p: int, a: int, b: int, lang: str) -> str:
    who = _w("seat", lang).format(p)
    name = LOGS[kind]
    if name == "turn":
        return f"-- {_w('turn', lang).format(a)}: {seat_text(s, p, lang)}"
    if name == "draw":
        return f"{who} draws {a}" if lang == "en" else f"{who} 抽 {a} 张"
    if name in ("play", "discard"):
        verb = (f"{name}s", "打出" if name == "play" else "弃掉")[LANGS.index(lang)]
        return f"{who} {verb} {card_text(a, lang)}"
    if name == "roll":
        face = attr_name(a - 1, lang) if a <= 8 else ("Pick One" if lang == "en" else "任选")
        if lang == "zh":
            return f"{who} 掷出 {a}（{face}）：{EFFECTS_ZH[b]}"
        return f"{who} rolls {a} ({face}) for {EFFECTS[b]}"
    if name == "attribute":
        return f"{who} {attr_name(a, lang)} {b:+d}"
    if name == "event":
        return f"{who} {'draws the event' if lang == 'en' else '抽到事件'} {event_text(a, lang)}"
    if name == "vote":
        return (f"council vote: seat {p} wins with {a} votes" if p >= 0 else f"council vote: a tie at {a}, no effect") \
            if lang == "en" else (f"议会投票：座位 {p} 以 {a} 票获胜" if p >= 0 else f"议会投票：{a} 票平局，无效果")
    if name == "dilemma":
        word = ("Benevolent", "Malevolent")[b] if lang == "en" else ("仁慈", "邪恶")[b]
        return f"{who}: {word} ({EVENT_NAMES[a]})"
    if name == "victory":
        return outcome_text(s, lang) if s["over"] else ""
    if name == "shuffle":
        return f"the discard pile ({a} cards) is shuffled into the deck" if lang == "en" else f"弃牌堆（{a}）洗入牌堆"
    phase_words = _w("phase", lang).format((PHASES_ZH if lang == "zh" else PHASES)[a])
    return f"{who} leads: {phase_words}" if lang == "en" else f"{who} 领先：{phase_words}"


def render(s: State, observer: int | None = None, lang: str = "en") -> str:
    """The position for ``observer`` (None: all hands shown): attributes with each leader marked ``*``, hands,
    piles, the turn and phase, and the pending decision."""
    n = int(s["n_players"])
    head = f"{_w('turn', lang).format(int(s['turn']))}, {_w('phase', lang).format(phase_name(s, lang))}"
    short = ATTRIBUTES_ZH if lang == "zh" else ATTRIBUTES_SHORT
    heads = " ".join(f"{short[a]:>5} " for a in range(8))
    lines = [head, f"{_w('seat_head', lang):<6}{heads}  {_w('hand', lang)}"]
    for p in range(n):
        row = " ".join(f"{int(s['attr'][p, a]):>5}{'*' if _leads(s, p, a) else ' '}" for a in range(8))
        hand = _hand_text(s, p, observer, lang)
        mark = ">" if p == int(s["cur"]) and s["phase"] != PH_OVER else " "
        lines.append(f"{mark}{p:<4} {row}  {hand}  {_race_of(s, p).strip()}")
    lines.append(f"{_w('deck', lang)} {int(s['deck_n'])}, {_w('discards', lang)} {int(s['disc_n'])}"
                 + (f", {_w('events', lang)} {int(s['edeck_n'])}" if s["events_on"] else ""))
    if s["event"] >= 0:
        lines.append(event_text(int(s["event"]), lang))
    lines.append(decision_to_string(s, lang))
    return "\n".join(lines)


def _leads(s: State, p: int, a: int) -> bool:
    n = int(s["n_players"])
    return all(s["attr"][p, a] > s["attr"][q, a] for q in range(n) if q != p)


def _hand_text(s: State, p: int, observer: int | None, lang: str) -> str:
    """A hand's cards for its owner (and the all-seeing view); for anyone else only its size (GCR21)."""
    cards = np.flatnonzero(s["hand"][p])
    if observer is None or observer == p:
        return "[" + ", ".join(CARD_NAMES[c] for c in cards) + "]"
    return "[" + _w("cards", lang).format(len(cards)) + "]"
