"""Words of the page in English and Chinese (``lang="en"`` / ``"zh"``).

The Chinese terms are those of the v1.6 Chinese rulebook (``shared/rules/deep_future_rules_v1.6_zh.md``): suits
太阳 月亮 心 骷髅 手 脚; tracks 文化 力量 稳定性 异族关系; 母星世界, 场区, 中性世界线, 挑战堆, 奇迹, 星区; the action
names stay in English capitals as in that book (POWER, SETTLE ...). This module holds the page's own words (buttons,
titles, legends); every sentence of the game itself (a choice's text, the decision's question, events, cards,
Table 5/6 rows) comes from the engine's text layer in the asked language (``df_env.engine.text``, ``lang="zh"``),
so nothing is translated after the fact.
"""

from __future__ import annotations

import json
from importlib import resources

from df_env.games.deep_future.web import engine_view as E
from df_env.games.deep_future.web.analysis_words import ANALYSIS_UI
from df_env.games.deep_future.web.readable import board_bundle

LANGS = ("en", "zh")
# the pure word tables (the page's own words, the action buttons) are data, beside Deep Future's other page words
_WORDS = json.loads(resources.files("df_env.games.deep_future.web").joinpath("data/words.json").read_text("utf-8"))

SUITS = {"en": {"S": "sun", "M": "moon", "R": "heart", "K": "skull", "H": "hand", "F": "foot"},
         "zh": {"S": "太阳", "M": "月亮", "R": "心", "K": "骷髅", "H": "手", "F": "脚"}}
SUIT_SYMBOLS = {"S": "☀", "M": "☽", "R": "♡", "K": "☠", "H": "☚", "F": ""}  # no common font has a foot
TRACKS = {"en": ("Culture", "Might", "Stability", "Xeno"), "zh": ("文化", "力量", "稳定性", "异族关系")}
VICTORIES = {"en": {"Territory": "Territory", "Population": "Population", "Culture": "Culture", "Might": "Might",
                    "Stability": "Stability", "Xeno": "Xeno"},
             "zh": {"Territory": "领土", "Population": "人口", "Culture": "文化", "Might": "力量",
                    "Stability": "稳定性", "Xeno": "异族"}}
ACTIONS: dict[str, dict[str, str]] = _WORDS["page_actions"]

# decision name -> short title (the engine's full sentence is shown under it)
DECISION_TITLES = {
    "en": {
        "HOME_PICK": "Pick your homeworld", "CIRCLE": "Choose an advancement", "CHEM": "Chemistry: keep or redraw",
        "PICK_LINE_SUIT": "Suit of the new tech line", "START": "Start phase", "DISCARD": "Computation: discard",
        "PAY_TRACK": "Pay with a track", "INFRA_TARGET": "Infrastructure: upkeep cube",
        "EXPLORE_FROM": "Exploration: from", "EXPLORE_TO": "Exploration: to", "ACTION": "Choose an action",
        "PAY": "Pay for the action", "BOOST": "Boost the action", "INDUSTRY": "Industry",
        "SETTLE_SOURCE": "SETTLE: which world",
        "WORLD_SECTOR": "Sector of the new world", "GROW_TARGET": "GROW: where",
        "BIOLOGY": "Biology", "ADVANCE_TARGET": "ADVANCE: which card", "TECH_LINE": "Line to fill",
        "BATTLE_FROM": "BATTLE: from", "BATTLE_TO": "BATTLE: attack", "BATTLE_COUNT": "BATTLE: cubes to remove",
        "BATTLE_DEFENSE": "BATTLE: Defense to spend", "TRACK_GAIN": "Raise a track", "EXPAND_FROM": "EXPAND: from",
        "EXPAND_TO": "EXPAND: to", "EXPAND_COUNT": "EXPAND: how many cubes", "SPACECRAFT": "Spacecraft",
        "WONDER_USE": "Use the wonder", "PLAN_SUIT": "PLAN: suit of the new card", "UPKEEP_CARD": "Payment phase",
        "UPKEEP_PAY": "Pay upkeep", "CHALLENGE": "Challenge", "REHOME": "New homeworld", "VICTORY": "Victory type",
        "CIV_SUIT": "Civilization suit", "WONDER_SUIT": "Wonder suit", "EVOKE_EMPTY": "EVOKE: empty sector",
        "EVOKE_OWN": "EVOKE: your sector", "EVOKE_RIVAL": "EVOKE: rival sector", "FOOT_FROM": "EVOKE: move from",
        "FOOT_TO": "EVOKE: move to", "FOOT_COUNT": "EVOKE: how many cubes",
    },
    # the engine's Chinese decision titles (df_env/engine/text/terms.py), one source for the page and the terminal
    "zh": {name: E.term("zh", "decision_names", dk) for dk, (name, _, _) in enumerate(E.DECISIONS) if dk > 0},
}

UI: dict[str, dict[str, str]] = _WORDS["page_ui"]

PHASES = {"en": {p: p for p in ("setup", "start", "action", "payment", "challenge", "victory", "over")},
          "zh": {"setup": "准备", "start": "开始", "action": "行动", "payment": "支付", "challenge": "挑战",
                 "victory": "胜利", "over": "结束"}}

def bundle(lang: str) -> dict[str, object]:
    """Everything the page needs to speak ``lang``."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    words = {**UI[lang], **ANALYSIS_UI[lang]}
    return {"lang": lang, "ui": words, "suits": SUITS[lang], "symbols": SUIT_SYMBOLS, "tracks": TRACKS[lang],
            "victories": VICTORIES[lang], "actions": ACTIONS[lang], "decisions": DECISION_TITLES[lang],
            "phases": PHASES[lang], "board": board_bundle(lang)}
