"""A page a board-game player can read (df_env/web/readable.py, static/board.js): the tracks' scales agree with the
engine, every rule reference the page's sentences cite is explained in both languages, and the browser shows both."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from df_env.games.deep_future.engine.model.constants import TRACK_LOSE, TRACK_MAX, TRACK_MIN, WIN_CULTURE, WIN_TRACK
from df_env.games.deep_future.web import engine_view as E
from df_env.games.deep_future.web.readable import RULES, track_scales
from df_env.web.i18n import bundle

REF = re.compile(r"R\d+(?:-R\d+)?|Table [1-6]|表 ?[1-6]")


def test_the_track_scales_are_the_engines():
    scales = track_scales()
    assert [s["min"] for s in scales] == [int(x) for x in TRACK_MIN]
    assert [s["max"] for s in scales] == [int(x) for x in TRACK_MAX]
    assert [s["star"] for s in scales] == [WIN_CULTURE] + [WIN_TRACK] * 3  # the victory thresholds
    assert scales[0]["cross"] is None and [s["cross"] for s in scales[1:]] == [int(x) for x in TRACK_LOSE[1:]]
    assert bundle("zh")["board"]["tracks"] == scales


def _explained(ref: str, lang: str) -> bool:
    keys = [f"Table {ref[-1]}"] if ref.startswith("表") else ref.split("-")
    return all(k in RULES[lang] for k in keys)


def test_every_rule_reference_of_the_decisions_and_the_page_is_explained_in_both_languages():
    assert set(RULES["en"]) == set(RULES["zh"])
    cited = 0
    for lang in E.TEXT_LANGS:
        texts = [E.term(lang, "decision_whats", dk) for dk in range(1, len(E.DECISIONS))]
        texts += [str(v) for v in bundle(lang)["ui"].values()]
        for text in texts:
            for ref in REF.findall(text):
                cited += 1
                assert _explained(ref, lang), (lang, ref, text)
    assert cited > 20
    assert "R3" in RULES["en"] and "Table 6" in RULES["zh"]
