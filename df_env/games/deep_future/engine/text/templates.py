"""Sentence templates of the text layer, one table per language keyed by the same ids.

:func:`tr` fills a template: ``tr("zh", "ev.draw", p=0, card="一张牌")``. Both tables have the same keys and the
same ``{placeholders}`` (a test checks it); a key ending in ``.one`` is the singular form used when the count is 1
(:func:`count`). English is the engine's wording, unchanged; Chinese uses the v1.6 Chinese rulebook's terms
(see :mod:`.terms`). Decision-specific words are keyed by the decision's name (``hand.PAY``, ``pass.START``). The
tables are data, ``engine/data/templates.json``.

Example:
    >>> tr("en", "ev.turn", t=3, p=1)
    'turn 3: player 1 begins'
    >>> count("en", "n.cubes", 1), count("zh", "n.cubes", 2)
    ('1 cube', '2 个方块')
"""

from __future__ import annotations

import json
from importlib import resources

from .terms import check_lang

_TABLES = json.loads(
    resources.files("df_env.games.deep_future.engine").joinpath("data/templates.json").read_text("utf-8"))
EN: dict[str, str] = _TABLES["en"]  # the engine's wording, unchanged
ZH: dict[str, str] = _TABLES["zh"]  # the v1.6 Chinese rulebook's terms
TEMPLATES: dict[str, dict[str, str]] = {"en": EN, "zh": ZH}


def tr(lang: str, key: str, **values: object) -> str:
    """Template ``key`` of ``lang`` filled with ``values``."""
    return TEMPLATES[check_lang(lang)][key].format(**values)


def has(lang: str, key: str) -> bool:
    """Whether ``lang`` has a template ``key`` (for the words keyed by a decision's name)."""
    return key in TEMPLATES[check_lang(lang)]


def count(lang: str, key: str, n: int) -> str:
    """``n`` things: the ``.one`` form when ``n`` is 1 (``1 cube``), else the plural (``2 cubes``)."""
    return tr(lang, f"{key}.one" if n == 1 else key, n=n)
