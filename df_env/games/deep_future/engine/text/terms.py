"""The words of the game per language (``"en"``, ``"zh"``): suits, tracks, victory types, card types, phases, the
Table 3/4/5/6 rows and the wonder effects, the decisions' titles and questions.

English is the engine's own names (:mod:`..model.constants`, :mod:`..model.layout`,
``data/tables.json``). Chinese follows the v1.6 Chinese rulebook (``shared/rules/deep_future_rules_v1.6_zh.md``):
suits 太阳 月亮 心 骷髅 手 脚 (1.2), tracks 文化 力量 稳定性 异族关系 (1.5), victories 领土 人口 文化 力量 稳定性 异族
(3), Tables 2-4 as printed there; the eight action names stay in capitals (POWER, SETTLE ...) as that book prints
them (Table 1). The book prints Tables 5 and 6 as pictures: their Chinese rows are in ``data/tables_zh.json``. The
pure word tables (Tables 3/4, the wonders, the Chinese terms and decision questions) are data, ``data/terms.json``.

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


def _data(name: str) -> dict:
    return json.loads(resources.files("df_env.games.deep_future.engine").joinpath(f"data/{name}").read_text("utf-8"))


_ZH_TABLES = _data("tables_zh.json")
_ROWS6_ZH = _ZH_TABLES["table6_challenge_failures"]
_WORDS = _data("terms.json")  # the pure word tables: Tables 3/4 and the wonders, the Chinese terms and decisions
_EN, _ZH = _WORDS["en"], _WORDS["zh"]
_DECISION_ZH = {name: tuple(pair) for name, pair in _ZH["decisions"].items()}  # name: (short title, the question)

# the one wording of Tables 3 and 4 and of the wonders' effects (cardtext, render, the campaign read these)
TABLE3_EN: tuple[str, ...] = tuple(_EN["table3"])
TABLE4_EN: tuple[str, ...] = tuple(_EN["table4"])
WONDER_EN: tuple[str, ...] = tuple(_EN["wonders"])

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
        **{k: tuple(_ZH[k]) for k in ("suits", "tracks", "victories", "card_types", "phases", "specials", "table3",
                                      "table4", "wonders")},
        "actions": ACTION_NAMES,
        "adv_names": tuple(r["name"] for r in _ZH_TABLES["table5_advancements"]),
        "adv_notes": tuple(r["note"] for r in _ZH_TABLES["table5_advancements"]),
        "challenges": tuple(r["challenge"] for letter in SUIT_LETTERS for r in _ROWS6_ZH if r["suit"] == letter),
        "failures": tuple(r["failure"] for letter in SUIT_LETTERS for r in _ROWS6_ZH if r["suit"] == letter),
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
