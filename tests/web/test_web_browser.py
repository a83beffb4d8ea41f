"""Whole games through a real headless Chromium (Playwright driving Debian's /usr/bin/chromium): the page's test
contract (``data-action``, ``data-decision``, ``data-game-over``), no hidden card of another player in the page,
and the screenshots (start, a mid-game decision, the end screen, a replay; English and Chinese): written to a
temporary folder, or over the committed ``docs/web_*.png`` with ``pytest --update-screenshots``."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
import uvicorn
from browser_support import ARGS, CHROMIUM, free_port, require_chromium, running
from playwright.sync_api import sync_playwright

from df_env.games.deep_future.web import engine_view as E
from df_env.web.server import create_app

pytestmark = pytest.mark.slow  # a real browser playing whole games

DOCS = Path(__file__).resolve().parents[2] / "docs"

require_chromium()



@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("weblogs"))
    with running(app) as url:
        yield url, app.state.store


@pytest.fixture(scope="module")
def shot_dir(request, tmp_path_factory) -> Path:
    """Where the screenshots go: ``docs/`` only when asked (``--update-screenshots``), so that the test command
    never changes the checkout."""
    return DOCS if request.config.getoption("--update-screenshots") else tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _hidden_hand_labels(s, seat):
    out = []
    for p in range(int(s["n_players"])):
        if p != seat:
            out += [E.card_label(s, int(c), lang) for c in s["hand"][p, : int(s["hand_n"][p])]
                    if not (int(s["c_known"][c]) >> seat) & 1 for lang in E.TEXT_LANGS]
    return out


def _play(page, store, seat, shots, mid_at=6):
    """Click through a game (preferring to pass or fail, so that it ends soon) until the end screen; check the
    page for other players' hidden cards at every decision; screenshot a decision on the way."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    decisions = 0
    seen_names = set()
    for _ in range(2000):
        page.wait_for_selector("[data-decision], [data-game-over]", timeout=60_000)
        if page.query_selector("[data-game-over]"):
            break
        box = page.query_selector("[data-decision]")
        step = page.get_attribute(".game", "data-step")
        name = box.get_attribute("data-decision")
        seen_names.add(name)
        game = next(g for g in store.games.values() if str(g.step) == step and g.pending_seat() == seat)
        # the events are public history (a card discarded face up may since have been drawn): checked apart
        html = page.evaluate("() => { const d = document.documentElement.cloneNode(true); "
                             "const e = d.querySelector('#events'); if (e) e.remove(); return d.outerHTML; }")
        for label in _hidden_hand_labels(game.state, seat):
            assert label not in html, label
        events = page.inner_text("#events")
        assert " drew #" not in events.replace(f"player {seat} drew #", "")
        assert " 抽了 #" not in events.replace(f"玩家 {seat} 抽了 #", "")
        for adv in page.query_selector_all("[data-adv]"):  # an advancement's Table 5 effect on hover
            assert adv.get_attribute("title")
        if name == "CHALLENGE":  # what failing costs, beside the choice
            assert len(page.query_selector_all("#failures div")) == 6
        legal = [int(a) for a in game.state["mask"].nonzero()[0]]
        shown = sorted(int(b.get_attribute("data-action")) for b in box.query_selector_all("[data-action]"))
        assert shown == legal, (name, shown, legal)
        if decisions == mid_at and shots.get("mid"):
            page.screenshot(path=str(shots["mid"]), full_page=True)
        buttons = box.query_selector_all("[data-action]")
        pick = next((b for b in buttons if b.get_attribute("class") == "pass"), buttons[0])
        pick.click()
        decisions += 1
        page.wait_for_function(f"!document.querySelector('.game') || "
                               f"document.querySelector('.game').dataset.step !== '{step}'", timeout=60_000)
    result = page.get_attribute("[data-game-over]", "data-game-over")
    assert result and (("won" in result or "Nobody" in result) and "lost" in result
                       or ("获胜" in result or "无获胜者" in result) and "失败" in result)
    if shots.get("end"):
        page.screenshot(path=str(shots["end"]), full_page=True)
    assert not errors, errors
    return decisions, seen_names


def test_solo_game_in_the_browser_and_its_replay(server, browser, shot_dir):
    url, store = server
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url + "/?lang=en")
    page.wait_for_selector("#start")
    page.select_option("#players", "1")
    page.fill("#seed", "11")
    page.screenshot(path=str(shot_dir / "web_start.png"))
    page.click("#start")
    decisions, names = _play(page, store, 0, {"mid": shot_dir / "web_decision.png", "end": shot_dir / "web_end.png"})
    assert decisions > 5 and "ACTION" in names
    # the replay of the saved game: forward, back, jump to a turn
    page.goto(url + "/?lang=en#/")
    page.wait_for_selector("[data-log]")
    page.click("[data-log]")
    page.wait_for_selector("#replay")
    assert page.get_attribute(".game", "data-step") == "0"
    page.click("#replay-forward")
    page.wait_for_selector(".game[data-step='1']")
    page.click("#replay-back")
    page.wait_for_selector(".game[data-step='0']")
    options = page.query_selector_all("#replay-turn option")
    assert len(options) > 2
    target = options[2].get_attribute("value")
    page.select_option("#replay-turn", target)
    page.wait_for_selector(f".game[data-step='{target}']")
    page.screenshot(path=str(shot_dir / "web_replay.png"), full_page=True)
    page.close()
    for name in ("web_start.png", "web_decision.png", "web_end.png", "web_replay.png"):
        assert (shot_dir / name).read_bytes()[:4] == b"\x89PNG", name


def test_two_player_game_against_heuristic_in_chinese(server, browser, shot_dir):
    url, store = server
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url + "/?lang=zh")
    page.wait_for_selector("#start")
    assert page.inner_text("#start") == "开始"
    page.select_option("#players", "2")
    page.select_option("#seat-1", "heuristic")
    page.fill("#seed", "4")
    page.screenshot(path=str(shot_dir / "web_start_zh.png"))
    page.click("#start")
    page.wait_for_selector("[data-decision], [data-thinking], [data-game-over]")
    decisions, _ = _play(page, store, 0, {"mid": shot_dir / "web_decision_zh.png",
                                             "end": shot_dir / "web_end_zh.png"}, mid_at=3)
    assert decisions > 3
    page.goto(url + "/?lang=zh#/")  # its replay (the newest log comes first), some turns in
    page.wait_for_selector("[data-log]")
    page.click("[data-log]")
    page.wait_for_selector("#replay")
    options = page.query_selector_all("#replay-turn option")
    target = options[min(3, len(options) - 1)].get_attribute("value")
    page.select_option("#replay-turn", target)
    page.wait_for_selector(f".game[data-step='{target}']")
    assert "玩家 1 (heuristic)" in page.inner_text("#app")
    page.screenshot(path=str(shot_dir / "web_replay_zh.png"), full_page=True)
    page.close()


def test_a_click_on_the_sector_or_card_a_decision_is_about_answers_it(server, browser):
    url, store = server
    game = store.create(["human"], seed=21)
    clicked = {"sector": False, "card": False}
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(f"{url}/?lang=en#/join/{game.gid}/{game.tokens[0]}")
    for _ in range(400):
        if all(clicked.values()) or game.state["over"]:
            break
        page.wait_for_selector("[data-decision], [data-game-over]")
        if page.query_selector("[data-game-over]"):
            break
        step = page.get_attribute(".game", "data-step")
        v = game.view(0)
        kinds = {k for c in v["decision"]["choices"] for k in ("sector", "card") if k in c}
        todo = [k for k in ("sector", "card") if k in kinds and not clicked[k]]
        if todo:
            kind = todo[0]
            choice = next(c for c in v["decision"]["choices"] if kind in c)
            if kind == "sector":
                target = page.query_selector(f"#map [data-choice='{choice['action']}']")
            else:
                target = page.query_selector(f".card.choosable[data-card='{choice['card']}']")
            assert target is not None, (kind, choice)
            target.click()
            clicked[kind] = True
            page.wait_for_selector(f".game:not([data-step='{step}'])")
            assert game.log.actions[int(step)] == choice["action"]  # the click answered with that choice
        else:
            buttons = page.query_selector_all("#decision [data-action]")
            buttons[0].click()  # the first choice: takes actions, so sectors and cards come up
            page.wait_for_selector(f".game:not([data-step='{step}'])")
    assert all(clicked.values()), clicked
    page.close()


def test_switching_the_language_mid_game_shows_chinese_choice_texts(server, browser):
    url, store = server
    game = store.create(["human"], seed=8)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(f"{url}/?lang=en#/join/{game.gid}/{game.tokens[0]}")
    for _ in range(6):  # a few decisions in English
        page.wait_for_selector("#decision [data-action]", timeout=60_000)
        step = page.get_attribute(".game", "data-step")
        page.query_selector_all("#decision [data-action]")[0].click()
        page.wait_for_selector(f".game:not([data-step='{step}'])", timeout=60_000)
    page.wait_for_selector("#decision [data-action]", timeout=60_000)
    english = [b.inner_text() for b in page.query_selector_all("#decision [data-action]")]
    assert any(re.search(r"[a-z]{3,}", t) for t in english), english
    page.click("#lang-switch")
    page.wait_for_function("document.documentElement.lang === 'zh-CN'")
    page.wait_for_selector("#decision [data-action]")
    chinese = [b.inner_text() for b in page.query_selector_all("#decision [data-action]")]
    assert len(chinese) == len(english)
    for text in chinese + [page.inner_text("#decision .what"), page.inner_text("#events")]:
        words = set(re.findall(r"[A-Za-z]{3,}", text)) - set(E.ACTION_NAMES)
        assert re.search(r"[\u4e00-\u9fff]", text) and not words, (text, words)
    hand = page.inner_text("#hand")
    assert not re.search(r"\b(?:world|blank|tech)\b", hand), hand
    page.click("#lang-switch")  # and back
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_selector("#decision [data-action]")
    assert [b.inner_text() for b in page.query_selector_all("#decision [data-action]")] == english
    page.close()


def test_two_people_in_two_browsers_play_a_game_with_their_join_links(server, browser):
    url, store = server
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}) for _ in range(2)]
    host = contexts[0].new_page()
    host.goto(url + "/?lang=en")
    host.wait_for_selector("#start")
    host.select_option("#players", "2")
    host.select_option("#seat-1", "human")
    host.fill("#seed", "1")
    host.check("#remote")
    host.click("#start")
    link = host.get_attribute("#invites [data-join='1']", "value")
    assert link and "/#/join/" in link
    guest = contexts[1].new_page()
    guest.goto(link)
    pages = [host, guest]
    guest.wait_for_selector(".game")
    game = next(g for g in store.games.values() if g.gid in link)
    moved = [0, 0]
    for _ in range(400):
        if all(p.query_selector("[data-game-over]") for p in pages):
            break
        for seat, page in enumerate(pages):
            if not page.query_selector("#decision [data-action]"):
                continue
            assert game.pending_seat() == seat  # each browser answers only for its own seat
            html = page.evaluate("() => { const d = document.documentElement.cloneNode(true); "
                                 "const e = d.querySelector('#events'); if (e) e.remove(); return d.outerHTML; }")
            for label in _hidden_hand_labels(game.state, seat):
                assert label not in html, label
            step = page.get_attribute(".game", "data-step")
            buttons = page.query_selector_all("#decision [data-action]")
            next((b for b in buttons if b.get_attribute("class") == "pass"), buttons[0]).click()
            page.wait_for_selector(f".game:not([data-step='{step}'])", timeout=60_000)
            moved[seat] += 1
        time.sleep(0.1)
    assert game.state["over"] and moved[0] > 0 and moved[1] > 0, moved
    for page in pages:
        page.wait_for_selector("[data-game-over]", timeout=30_000)
    for c in contexts:
        c.close()


def _serve_on(folder, port: int):
    """A server on ``port`` over the log folder ``folder`` (it resumes the live games found there)."""
    app = create_app(folder)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(600):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started
    return srv, thread, app.state.store


def _answer_if_asked(page, seat: int, store) -> bool:
    """Click this page's pending choice (a pass where there is one) if it shows one; whether it did."""
    if not page.query_selector("#decision [data-action]"):
        return False
    game = next(iter(store.games.values()))
    assert game.pending_seat() == seat
    step = page.get_attribute(".game", "data-step")
    buttons = page.query_selector_all("#decision [data-action]")
    next((b for b in buttons if b.get_attribute("class") == "pass"), buttons[0]).click()
    page.wait_for_selector(f".game:not([data-step='{step}'])", timeout=60_000)
    return True


def test_a_remote_game_goes_on_after_a_server_restart(browser, tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    srv, thread, store = _serve_on(tmp_path, port)
    contexts = [browser.new_context(viewport={"width": 1400, "height": 900}) for _ in range(2)]
    host = contexts[0].new_page()
    host.goto(url + "/?lang=en")
    host.wait_for_selector("#start")
    host.select_option("#players", "2")
    host.select_option("#seat-1", "human")
    host.fill("#seed", "2")
    host.check("#remote")
    host.click("#start")
    guest = contexts[1].new_page()
    guest.goto(host.get_attribute("#invites [data-join='1']", "value"))
    pages, moved, restarted = [host, guest], 0, False
    for _ in range(600):
        if all(p.query_selector("[data-game-over]") for p in pages):
            break
        for seat, page in enumerate(pages):
            moved += _answer_if_asked(page, seat, store)
        if moved >= 4 and not restarted:  # the server goes away and comes back; the pages carry on
            gid, step = next(iter(store.games)), next(iter(store.games.values())).step
            srv.should_exit = True
            thread.join(30)
            srv, thread, store = _serve_on(tmp_path, port)
            assert list(store.games) == [gid] and store.games[gid].step == step
            restarted = True
        time.sleep(0.1)
    assert restarted and next(iter(store.games.values())).state["over"]
    for page in pages:
        page.wait_for_selector("[data-game-over]", timeout=30_000)
    for c in contexts:
        c.close()
    srv.should_exit = True
    thread.join(30)
