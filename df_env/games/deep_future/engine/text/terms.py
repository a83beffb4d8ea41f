"""The words of the game per language (``"en"``, ``"zh"``): suits, tracks, victory types, card types, phases, the
Table 3/4/5/6 rows and the wonder effects, the decisions' titles and questions.

English is the engine's own names (:mod:`..model.constants`, :mod:`..model.layout`,
``data/tables.json``). Chinese follows the v1.6 Chinese rulebook (``shared/rules/deep_future_rules_v1.6_zh.md``):
suits 太阳 月亮 心 骷髅 手 脚 (1.2), tracks 文化 力量 稳定性 异族关系 (1.5), victories 领土 人口 文化 力量 稳定性 异族
(3), Tables 2-4 as printed there; the eight action names stay in capitals (POWER, SETTLE ...) as that book prints
them (Table 1). The book prints Tables 5 and 6 as pictures: their Chinese rows are in ``data/tables_zh.json``.

Example:
    >>> term("zh", "suits", 3), term("en", "tracks", 3)
    ('骷髅', 'Xeno')
"""

from __future__ import annotations

import json
from importlib import resources

from ..model import layout as L
from ..model.constants import (
    ACTION_NAMES,
    ADV_NAMES,
    ADV_NOTES,
    CARD_TYPE_NAMES,
    CHALLENGE_NAMES,
    FAILURE_TEXTS,
    SUIT_LETTERS,
    SUIT_NAMES,
    TRACK_NAMES,
    VICTORY_NAMES,
)

LANGS = ("en", "zh")


def check_lang(lang: str) -> str:
    """``lang`` if it is a language of the text layer, else a ValueError naming the allowed ones."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    return lang


_ZH_TABLES = json.loads(
    resources.files("df_env.games.deep_future.engine").joinpath("data/tables_zh.json").read_text("utf-8"))
_ROWS6_ZH = _ZH_TABLES["table6_challenge_failures"]

TABLE3_EN = ("add 1 cube to an empty adjacent sector", "add 4 cubes to a sector you control", "add 3 to Culture",
             "add 2 to Might", "add 2 to Stability", "add 2 to Xeno Relations")
TABLE4_EN = ("draw 3 cards", "settle on a new world", "add 3 cubes across sectors you control",
             "advance a tech; pick either 1 suit or value", "add 1 to a track; remove 1 adjacent rival cube",
             "expand into 2 adjacent sectors")
WONDER_EN = ("draw # cards", "add # cubes to this sector", "add # to Culture", "add # to Might",
             "add # to Stability", "add # to Xeno Relations")

_DECISION_ZH = {  # name: (short title, the question), the rulebook's terms
    "NONE": ("无决策", "无决策：游戏已结束"),
    "HOME_PICK": ("选择母星世界", "准备：从弃掉的五张牌中选择一个母星世界（1.7）"),
    "CIRCLE": ("选择进步（圈选）", "选择此花色的进步（圈选它），或随机生成（R14）"),
    "CHEM": ("化学：保留或重抽", "化学：保留抽到的花色/数字，或重抽（R14）"),
    "PICK_LINE_SUIT": ("新技术列的花色", "EVOKE 骷髅：选择这张新技术的进步列的花色，或随机生成（R17）"),
    "START": ("开始阶段", "开始阶段：使用开始阶段的进步，消耗已定居世界或手中技术以使用其开始阶段进步，或结束开始阶段"
                         "（R9-R10）"),
    "DISCARD": ("计算：弃一张牌", "计算：弃掉一张牌"),
    "PAY_TRACK": ("降低一个轨道支付", "将一个轨道降低1点以支付该进步（R4）"),
    "INFRA_TARGET": ("基础设施：维护方块", "基础设施：接受维护方块的母星世界或技术"),
    "EXPLORE_FROM": ("探索：出发星区", "探索：方块离开的星区"),
    "EXPLORE_TO": ("探索：目标星区", "探索：方块进入的相邻空星区"),
    "ACTION": ("选择行动", "选择一个行动，或结束行动阶段（R12）"),
    "PAY": ("为行动支付", "为所选行动支付的手牌"),
    "BOOST": ("强化行动", "消耗已定居世界或手中的完整技术以使用其对此行动的进步，或继续（R10）"),
    "INDUSTRY": ("工业", "工业：弃掉一张牌以抽2张牌，或放弃"),
    "SETTLE_SOURCE": ("SETTLE：世界来源", "SETTLE：世界的来源（R13）"),
    "WORLD_SECTOR": ("新世界的星区", "新世界所在的受你控制的星区"),
    "GROW_TARGET": ("GROW：星区", "GROW：接受方块的星区（R27）"),
    "BIOLOGY": ("生物学", "生物学：在另一个星区放1个额外方块，或放弃"),
    "ADVANCE_TARGET": ("ADVANCE：卡片", "ADVANCE：要推进的卡片，或从牌组弃牌推进（R14）；征服的免费 ADVANCE 可以跳过"
                                      "（R47）"),
    "TECH_LINE": ("要填的进步列", "要填写的空进步列（按其花色）"),
    "BATTLE_FROM": ("BATTLE：出发星区", "BATTLE：下一对星区中你的星区，或停止（R15）"),
    "BATTLE_TO": ("BATTLE：进攻", "BATTLE：有敌对方块的相邻星区"),
    "BATTLE_COUNT": ("BATTLE：移除方块数", "BATTLE：移除你的几个方块"),
    "BATTLE_DEFENSE": ("BATTLE：使用防御", "BATTLE：在这一对星区上使用几个防御"),
    "TRACK_GAIN": ("提升一个轨道", "要提升1点的轨道"),
    "EXPAND_FROM": ("EXPAND：出发星区", "EXPAND：出发星区（R16）"),
    "EXPAND_TO": ("EXPAND：目标星区", "EXPAND：目标星区"),
    "EXPAND_COUNT": ("EXPAND：移动方块数", "EXPAND：移动几个方块"),
    "SPACECRAFT": ("飞船", "飞船：再把1个方块移动到另一个目标星区，或放弃"),
    "WONDER_USE": ("使用奇迹", "进入了有奇迹的星区：弃掉一张其花色的牌以获得其效果"),
    "PLAN_SUIT": ("PLAN：新卡片的花色", "PLAN：新卡片的花色"),
    "UPKEEP_CARD": ("支付阶段", "支付阶段：要支付维护的卡片，或停止支付（R18）"),
    "UPKEEP_PAY": ("支付维护", "支付阶段：用来支付的手牌"),
    "CHALLENGE": ("挑战", "迎接揭示的挑战，或接受失败（R19）"),
    "REHOME": ("新母星世界", "你的母星世界的星区已失去：选择一个已定居世界作为新的母星世界（R22）"),
    "VICTORY": ("胜利类型", "你获胜了：选择适用的胜利类型（R26）"),
    "CIV_SUIT": ("文明卡片花色", "你的文明卡片的表4花色（R26）"),
    "WONDER_SUIT": ("奇迹花色", "你的奇迹的花色（R26）"),
    "EVOKE_EMPTY": ("EVOKE：空星区", "EVOKE 领土：放1个方块的相邻空星区（R17）"),
    "EVOKE_OWN": ("EVOKE：你的星区", "EVOKE：接受方块的受你控制的星区（R17）"),
    "EVOKE_RIVAL": ("EVOKE：对手星区", "EVOKE 手：失去1个敌对方块的相邻星区"),
    "FOOT_FROM": ("EVOKE：出发星区", "EVOKE 脚：出发星区"),
    "FOOT_TO": ("EVOKE：目标星区", "EVOKE 脚：与出发星区相邻的目标星区"),
    "FOOT_COUNT": ("EVOKE：移动方块数", "EVOKE 脚：移动到那里的方块数"),
}

TERMS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "suits": SUIT_NAMES, "tracks": TRACK_NAMES, "victories": VICTORY_NAMES, "card_types": CARD_TYPE_NAMES,
        "actions": ACTION_NAMES, "phases": L.PHASE_NAMES, "specials": L.SPECIAL_NAMES,
        "adv_names": ADV_NAMES, "adv_notes": ADV_NOTES,
        "challenges": tuple(n for row in CHALLENGE_NAMES for n in row),
        "failures": tuple(t for row in FAILURE_TEXTS for t in row),
        "table3": TABLE3_EN, "table4": TABLE4_EN, "wonders": WONDER_EN,
        "decision_names": tuple(name for name, _, _ in L.DECISIONS),
        "decision_whats": tuple(what for _, _, what in L.DECISIONS),
    },
    "zh": {
        "suits": ("太阳", "月亮", "心", "骷髅", "手", "脚"), "tracks": ("文化", "力量", "稳定性", "异族关系"),
        "victories": ("领土", "人口", "文化", "力量", "稳定性", "异族"),
        "card_types": ("空白卡片", "世界", "技术", "文明"), "actions": ACTION_NAMES,
        "phases": ("准备", "开始", "行动", "支付", "挑战", "胜利", "结束"),
        "specials": ("跳过", "从牌组推进", "定居新世界", "随机生成", "保留", "重抽（化学）", "放弃应对挑战"),
        "adv_names": tuple(r["name"] for r in _ZH_TABLES["table5_advancements"]),
        "adv_notes": tuple(r["note"] for r in _ZH_TABLES["table5_advancements"]),
        "challenges": tuple(r["challenge"] for letter in SUIT_LETTERS for r in _ROWS6_ZH if r["suit"] == letter),
        "failures": tuple(r["failure"] for letter in SUIT_LETTERS for r in _ROWS6_ZH if r["suit"] == letter),
        "table3": ("向空的相邻星区添加1个方块", "向你控制的星区添加4个方块", "文化+3", "力量+2", "稳定性+2",
                   "异族关系+2"),
        "table4": ("抽3张牌", "定居新世界", "向你控制的星区添加3个方块", "推进技术；选择1个花色或数值",
                   "轨道+1；移除1个相邻敌对方块", "扩张到2个相邻星区"),
        "wonders": ("抽#张牌", "向此星区添加#个方块", "文化+#", "力量+#", "稳定性+#", "异族关系+#"),
        "decision_names": tuple(_DECISION_ZH[name][0] for name, _, _ in L.DECISIONS),
        "decision_whats": tuple(_DECISION_ZH[name][1] for name, _, _ in L.DECISIONS),
    },
}


def term(lang: str, kind: str, i: int) -> str:
    """Word ``i`` of list ``kind`` (``"suits"``, ``"tracks"``, ``"adv_names"`` ...) in ``lang``."""
    return TERMS[check_lang(lang)][kind][i]


def challenge_row(lang: str, suit: int, number: int) -> tuple[str, str]:
    """Table 6 row ``suit``/``number`` (1..6): (the challenge's name, its failure's effect) in ``lang``."""
    k = 6 * suit + number - 1
    return term(lang, "challenges", k), term(lang, "failures", k)
