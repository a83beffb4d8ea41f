"""The Galactic Civ page's words in English and Chinese: its labels, the decisions' titles and the sentences of the
end screen and the event list. Card, race and event names stay as the source prints them (RULES.md); attributes,
phases and victory paths use the engine's Chinese words (``engine/tables.py``, ``engine/state.py``).

Example:
    >>> say("zh", "you", text="pass")
    '你：pass'
"""

from __future__ import annotations

from ..engine.state import DECISION_NAMES, PHASES, PHASES_ZH
from ..engine.tables import ATTRIBUTES, ATTRIBUTES_ZH, CARD_TYPES, CARD_TYPES_ZH, VICTORY_NAMES, VICTORY_NAMES_ZH
from ..engine.text import ATTRIBUTES_SHORT

LANGS = ("en", "zh")

SENTENCES: dict[str, dict[str, str]] = {
    "en": {
        "you": "you: {text}", "other": "player {p} ({seat}): {text}", "who": "Player {p} ({seat})",
        "person": "person",
        "end.won": "{who} won: {v} Victory on turn {turn}.",
        "end.draw": "Nobody won (turn {turn}): a draw, no single seat leads the most attributes (GCR19).",
        "end.lost": "{who} lost: {led} of 8 attributes led, best path {path} at {margin:+d} (a path needs +{need}).",
        "end.drawn": "{who}: {led} of 8 attributes led, best path {path} at {margin:+d}.",
        "replay.won": "Player {p} won: {v} Victory.", "replay.nobody": "Nobody won: a draw.",
    },
    "zh": {
        "you": "你：{text}", "other": "玩家 {p}（{seat}）：{text}", "who": "玩家 {p}（{seat}）", "person": "真人",
        "end.won": "{who}获胜：第 {turn} 回合{v}胜利。",
        "end.draw": "无获胜者（第 {turn} 回合）：平局，没有唯一领先最多属性的座位（GCR19）。",
        "end.lost": "{who}失败：领先 8 项属性中的 {led} 项，最佳路线{path}差距 {margin:+d}（路线需要 +{need}）。",
        "end.drawn": "{who}：领先 8 项属性中的 {led} 项，最佳路线{path}差距 {margin:+d}。",
        "replay.won": "玩家 {p} 获胜：{v}胜利。", "replay.nobody": "无获胜者：平局。",
    },
}

DECISION_TITLES = {
    "en": {"none": "No decision", "race": "Choose your race", "play": "Play a card", "target": "Choose a target",
           "pick": "Pick one attribute", "expand": "Expansion benefit", "discard": "Discard a card",
           "dilemma": "Moral Dilemma"},
    "zh": {"none": "无需决定", "race": "选择种族", "play": "打出一张牌", "target": "选择目标", "pick": "任选一项属性",
           "expand": "扩张奖励", "discard": "弃一张牌", "dilemma": "道德困境"},
}
assert set(DECISION_TITLES["en"]) == set(DECISION_NAMES) == set(DECISION_TITLES["zh"])

UI = {
    "en": {
        "title": "Galactic Civ", "game": "Game",
        "intro": "Galactic Civ (Warpspawn), a card game of 2-6 galactic civilizations: eight attributes, a shared deck "
                 "of Ships, Finds, Techs and Builds, twelve phases a turn, d10 rolls. Lead a victory path by 5 from "
                 "turn 11, or lead the most attributes after turn 20. Choose who plays each seat: a person at this "
                 "screen or a computer player.",
        "turn": "Turn", "of": "of", "phase_track": "Phases of the turn", "attributes": "Attributes",
        "race": "race", "hand": "Your hand", "hand_of": "Hand", "cards": "cards", "deck": "deck",
        "discard": "discard pile", "recent": "last discarded", "event_deck": "event deck", "event": "Event",
        "paths": "Victory paths", "paths_note": "a path is won from turn {turn} by leading its first attribute and "
                 "one of the other two by {lead} or more; after turn {last}, whoever leads the most attributes wins",
        "margin": "margin", "closest": "closest", "general": "General Victory: attributes led",
        "progress": "progress to victory", "leader": "leads (strictly highest)", "lowest": "lowest Morale",
        "active": "active", "first": "first player", "to_play": "to decide", "won": "won", "lost": "lost",
        "events": "Since your last decision", "events_replay": "Events of this step", "thinking": "is thinking…",
        "waiting": "Waiting for", "game_over": "Game over", "saved": "Game log saved in", "none": "(none)",
        "empty_hand": "(no cards)", "player": "Player", "you": "you", "person": "person", "nobody": "nobody",
        "legend": "★ leads the attribute · ▼ lowest Morale · ▶ the active seat", "effect": "effect",
        "option_events": "Events deck: the optional rules (GC24-GC31): from turn 3, an odd roll after the "
                         "Opportunity Phase draws an Event",
        "option_races": "Races", "option_races_choose": "each seat chooses in turn (GCR7, the default)",
        "option_races_random": "dealt at random at setup",
        "option_trade_literal": "Trade as printed: GCR2's variant, the Trade Phase tests Influence (default: Trade)",
        # the options a game runs with, shown beside the piles (the view's ``options``, the game's log's)
        "game_options": "Game options", "opt_events": "Events deck", "opt_on": "on", "opt_off": "off",
        "opt_races": "races", "races_choose": "chosen in turn", "races_random": "dealt at random",
        "races_named": "set by name", "opt_trade": "Trade Phase tests",
        "trade_trade": "Trade", "trade_influence": "Influence (GCR2's variant)",
    },
    "zh": {
        "title": "银河文明", "game": "游戏",
        "intro": "银河文明（Warpspawn）：2-6 个银河文明的卡牌游戏，八项属性，共用的舰船、发现、科技、建筑牌堆，"
                 "每回合十二个阶段，掷 d10。从第 11 回合起，在某条胜利路线上领先 5 点即获胜；"
                 "第 20 回合后，领先属性最多者获胜。"
                 "为每个座位选择真人（同一屏幕）或电脑玩家。",
        "turn": "回合", "of": "/", "phase_track": "本回合的阶段", "attributes": "属性", "race": "种族",
        "hand": "你的手牌", "hand_of": "手牌", "cards": "张牌", "deck": "牌堆", "discard": "弃牌堆",
        "recent": "最近弃掉", "event_deck": "事件牌堆", "event": "事件", "paths": "胜利路线",
        "paths_note": "从第 {turn} 回合起，在路线的第一项属性及另两项之一上都领先 {lead} 点或以上即获胜；"
                      "第 {last} 回合后，领先属性最多者获胜",
        "margin": "差距", "closest": "最接近", "general": "综合胜利：领先的属性数", "progress": "胜利进度",
        "leader": "领先（严格最高）", "lowest": "士气最低", "active": "当前行动", "first": "起始玩家",
        "to_play": "决策中", "won": "获胜", "lost": "失败", "events": "自你上次决策以来", "events_replay": "本步事件",
        "thinking": "正在思考…", "waiting": "等待", "game_over": "游戏结束", "saved": "游戏记录已保存于",
        "none": "（无）", "empty_hand": "（无牌）", "player": "玩家", "you": "你", "person": "真人", "nobody": "无人",
        "legend": "★ 该属性领先 · ▼ 士气最低 · ▶ 当前行动座位", "effect": "效果",
        "option_events": "事件牌组：可选规则（GC24-GC31）：从第 3 回合起，机遇阶段后掷出奇数即抽一张事件牌",
        "option_races": "种族", "option_races_choose": "各座位依次选择（GCR7，默认）",
        "option_races_random": "开局时随机分配",
        "option_trade_literal": "按原文的贸易：GCR2 的变体，贸易阶段检定影响（默认：贸易）",
        "game_options": "游戏选项", "opt_events": "事件牌组", "opt_on": "开", "opt_off": "关",
        "opt_races": "种族", "races_choose": "依次选择", "races_random": "随机分配", "races_named": "按名指定",
        "opt_trade": "贸易阶段检定", "trade_trade": "贸易", "trade_influence": "影响（GCR2 的变体）",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    """Sentence ``key`` of :data:`SENTENCES` in ``lang``, filled with ``values``."""
    if lang not in SENTENCES:
        raise ValueError(f"lang must be one of {', '.join(SENTENCES)}, got {lang!r}")
    return SENTENCES[lang][key].format(**values)


def attributes(lang: str) -> tuple[str, ...]:
    return ATTRIBUTES_ZH if lang == "zh" else ATTRIBUTES


def victory_name(v: int, lang: str) -> str:
    return (VICTORY_NAMES_ZH if lang == "zh" else VICTORY_NAMES)[v]


def phase_names(lang: str) -> tuple[str, ...]:
    return PHASES_ZH if lang == "zh" else PHASES


def card_types(lang: str) -> tuple[str, ...]:
    return CARD_TYPES_ZH if lang == "zh" else CARD_TYPES


def bundle(lang: str) -> dict[str, object]:
    """Everything the Galactic Civ page needs to speak ``lang``."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    return {"lang": lang, "ui": UI[lang], "decisions": DECISION_TITLES[lang], "attributes": attributes(lang),
            "short": ATTRIBUTES_ZH if lang == "zh" else ATTRIBUTES_SHORT, "phases": phase_names(lang)}
