"""Chinese mode (``lang="zh"``): every sentence a player reads is Chinese, with the v1.6 Chinese rulebook's terms.

Whole games at 1-3 players are played and every text of them is checked for English words: the engine's text layer
(the full view, the decision, every action id's text, the events), the terminal's screen and the web page's JSON for
a seat. An English word is a run of 3 or more ASCII letters that is not an allowed token (the eight action names,
which the Chinese rulebook prints in capitals, agent specs, the df-env commands). The template tables of every
language must have the same keys and the same placeholders, and English must stay the engine's wording.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import numpy as np
import pytest

from agents import make_agent
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import names as N
from df_env.games.deep_future.engine.model.constants import ACTION_NAMES
from df_env.games.deep_future.engine.model.layout import DECISIONS
from df_env.games.deep_future.engine.text import (
    action_to_string,
    card_to_string,
    decision_to_string,
    event_strings,
    render_text,
)
from df_env.games.deep_future.engine.text import propernames as P
from df_env.games.deep_future.engine.text.cardtext import adv_label, sector_to_string
from df_env.games.deep_future.engine.text.propernames import civ_name, sector_name, tech_name, world_name
from df_env.games.deep_future.engine.text.templates import TEMPLATES, tr
from df_env.games.deep_future.engine.text.terms import TERMS, challenge_row, check_lang, term
from df_env.games.deep_future.screen import WORDS as DF_WORDS
from df_env.games.deep_future.screen import play_human
from df_env.games.deep_future.web import words as web_words
from df_env.terminal import WORDS, Console
from df_env.web.i18n import bundle

ALLOWED = set(ACTION_NAMES) | {"random", "heuristic", "env", "replay", "resume", "play"}  # df-env play --resume
_RUN = re.compile(r"[A-Za-z]{3,}")


def english_words(text: str) -> set[str]:
    """The English words left in ``text`` (runs of >= 3 ASCII letters that are not allowed tokens)."""
    return {w for w in _RUN.findall(text) if w not in ALLOWED}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# ---------------------------------------------------------------------------------------------- the tables
@pytest.mark.parametrize("table", [TEMPLATES, web_words.TEXTS, WORDS, DF_WORDS],
                         ids=["engine", "web", "terminal", "terminal-deep-future"])
def test_every_template_has_both_languages_with_the_same_placeholders(table) -> None:
    assert set(table) == {"en", "zh"}
    assert set(table["en"]) == set(table["zh"])
    for key in table["en"]:
        assert _fields(table["en"][key]) == _fields(table["zh"][key]), key
        assert not english_words(table["zh"][key].format_map(_Blank())), (key, table["zh"][key])


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return ""


def test_every_word_list_has_both_languages_and_chinese_words() -> None:
    assert set(TERMS["en"]) == set(TERMS["zh"])
    for kind, words in TERMS["en"].items():
        assert len(words) == len(TERMS["zh"][kind]), kind
        for zh in TERMS["zh"][kind]:
            assert not english_words(zh), (kind, zh)


def test_the_rulebook_terms() -> None:
    assert [term("zh", "suits", i) for i in range(6)] == ["太阳", "月亮", "心", "骷髅", "手", "脚"]
    assert [term("zh", "tracks", i) for i in range(4)] == ["文化", "力量", "稳定性", "异族关系"]
    assert [term("zh", "victories", i) for i in range(6)] == ["领土", "人口", "文化", "力量", "稳定性", "异族"]
    assert term("zh", "card_types", 1) == "世界" and term("zh", "actions", 0) == "POWER"
    assert adv_label(6 * 2 + 3, "zh") == "R4 医学" and adv_label(6 * 2 + 3) == "R4 Medicine"
    assert challenge_row("zh", 0, 1) == ("腐败蔓延", "力量降低2，异族关系降低1")
    assert challenge_row("en", 0, 1) == ("Pervasive corruption", "decrease Might by 2 and decrease Xeno Relations by 1")
    assert tr("zh", "ev.turn", t=3, p=1) == "第 3 回合：玩家 1 开始"
    with pytest.raises(ValueError, match="lang must be one of en, zh, got 'fr'"):
        check_lang("fr")
    s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    with pytest.raises(ValueError, match="lang must be one of en, zh"):
        render_text(s, lang="de")
    with pytest.raises(ValueError, match="lang must be one of en, zh"):
        decision_to_string(s, lang="EN")


def test_chinese_names_follow_the_english_ones() -> None:
    for code in range(200):
        for namer in (world_name, tech_name, civ_name, sector_name):
            zh = namer(code, "zh")
            assert zh and not english_words(zh) and namer(code, "zh") == zh
            assert namer(code) == namer(code, "en")
    assert world_name(-1, "zh") == "" and sector_name(-1, "zh") == ""
    # a tech's words are translated: its Chinese title starts with its English adjective's translation
    for code in range(300):
        adjective = tech_name(code).split()[0]
        assert tech_name(code, "zh").startswith(P._TECH_ADJECTIVES_ZH[N._TECH_ADJECTIVES.index(adjective)])
    assert tech_name(7, "zh") != tech_name(8, "zh")


# ---------------------------------------------------------------------------------------------- whole games
def _engine_texts(s: np.ndarray, n: int, every_id: bool) -> list[str]:
    seat = int(s["dplayer"]) if not s["over"] else 0
    out = [render_text(s, None, lang="zh"), render_text(s, seat, lang="zh"), decision_to_string(s, "zh")]
    out += event_strings(s, seat, "zh")
    ids = range(engine.NUM_ACTIONS) if every_id else engine.legal_actions(s)
    out += [action_to_string(s, int(a), "zh") for a in ids]
    for c in range(int(s["n_cards"])):
        out.append(card_to_string(s, c, "zh"))
    out += [sector_to_string(s, x, "zh") for x in range(37)]
    return out


@pytest.mark.parametrize("n,seed", [(1, 5), (2, 1), (3, 2)])
def test_a_whole_game_in_chinese_has_no_english_word(n: int, seed: int) -> None:
    s = engine.new_game(engine.GameConfig(num_players=n), seed=seed)
    players = []
    for p in range(n):  # the heuristic plays long games that reach most decisions
        agent = make_agent("heuristic")
        agent.reset(np.random.default_rng(seed + p), p)
        players.append(agent)
    found: dict[str, str] = {}
    steps = 0
    while True:
        for text in _engine_texts(s, n, every_id=steps % 25 == 0):
            for w in english_words(text):
                found.setdefault(w, text)
        if s["over"]:
            break
        p = int(s["dplayer"])
        engine.apply_action(s, int(players[p].act(None, engine.legal_mask(s), s.copy())))
        steps += 1
    assert steps > 20
    assert not found, found


@pytest.mark.parametrize("ctx", [(0, 0), (1, 2), (2, 5), (-1, 3)])
def test_every_decision_and_choice_reads_chinese(ctx: tuple[int, int]) -> None:
    """Every decision kind with every action id's text, also the decisions the games above did not reach (EVOKE,
    Exploration, wonders ...): the pending decision is set by hand on a game in play."""
    s = engine.new_game(engine.GameConfig(num_players=2), seed=3)
    while int(s["turn"]) < 2:
        engine.apply_action(s, int(engine.legal_actions(s)[0]))
    for dk in range(1, len(DECISIONS)):
        t = s.copy()
        t["dk"], t["ctx"][0], t["ctx"][1] = dk, ctx[0], ctx[1]
        texts = [decision_to_string(t, "zh")] + [action_to_string(t, a, "zh") for a in range(engine.NUM_ACTIONS)]
        for text in texts:
            assert not english_words(text), (DECISIONS[dk][0], text)
        assert decision_to_string(t).startswith(f"player {int(t['dplayer'])}: {DECISIONS[dk][0]} — ")


def test_the_chinese_view_is_chinese_and_the_english_one_unchanged() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), seed=0)
    zh = render_text(s, 0, lang="zh")
    assert "== 地图 ==" in zh and "== 决策 ==" in zh and "选择母星世界" in zh and "== map ==" not in zh
    assert render_text(s, 0) == render_text(s, 0, lang="en") and "== decision ==" in render_text(s, 0)
    assert decision_to_string(s).startswith("player 1: HOME_PICK — setup: pick a homeworld")
    assert decision_to_string(s, "zh").startswith("玩家 1：选择母星世界 —— 准备：从弃掉的五张牌中选择一个母星世界")


@pytest.mark.parametrize("n,seed", [(1, 0), (2, 3), (3, 1)])
def test_the_terminal_in_chinese_has_no_english_word(n: int, seed: int, tmp_path: Path) -> None:
    out: list[str] = []
    answers = iter(["?", "v", "x"] + ["1"] * 5000)
    console = Console(read=lambda prompt: out.append(prompt) or next(answers), write=out.append)
    log = str(tmp_path / "g.json")
    play_human(n, 0, ["random"] * (n - 1), seed, log, console=console, lang="zh")
    text = "\n".join(out).replace(log, "")
    assert "== 游戏结束 ==" in text and "你的选择" in text and "不是选项" in text
    found = {w: line for line in text.split("\n") for w in english_words(line)}
    assert not found, found


@pytest.mark.parametrize("seats,seed", [(["human"], 2), (["human", "random"], 4), (["random", "human", "random"], 6)])
def test_the_web_json_of_a_seat_in_chinese_has_no_english_word(seats: list[str], seed: int) -> None:
    pytest.importorskip("starlette")
    from df_env.web.games import WebGame

    game = WebGame("t", seats, seed, None)
    me = seats.index("human")
    for _ in range(3000):
        game.run_agents()
        game.wait_idle()
        v = game.view(me, "zh")
        _check_json(v)
        if v["over"]:
            break
        choices = v["decision"]["choices"]
        game.answer(me, choices[-1 if len(choices) > 1 else 0]["action"], v["step"])
    assert game.state["over"]
    english = game.view(me, "en")
    assert english["result"]["lines"][0].startswith(("Player", "Nobody"))


_ID_KEYS = {"type", "phase", "victory", "block", "seats", "lang", "game", "game_id", "suit", "letter", "log", "owner"}


def _check_json(v: object, key: str = "", parent: str = "") -> None:
    """Every string a page shows is Chinese; ids (a decision's name, a card's type key ...) are left alone."""
    if isinstance(v, dict):
        for k, x in v.items():
            _check_json(x, k, key)
    elif isinstance(v, list):
        for x in v:
            _check_json(x, key, parent)
    elif isinstance(v, str) and key not in _ID_KEYS and not (key == "name" and parent == "decision"):
        assert not english_words(v), (key, v)


def test_the_page_words_follow_the_rulebook() -> None:
    zh = bundle("zh")
    assert zh["ui"]["title"] == "深度未来" and zh["decisions"]["SPACECRAFT"] == "飞船"
    assert "terms" not in zh  # no after-the-fact replacement: the server sends Chinese sentences
    assert json.dumps(zh, ensure_ascii=False).count("航天器") == 0
