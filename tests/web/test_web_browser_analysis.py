"""The hint toggle, the replay's ratings and "was this deal winnable?" in a real headless Chromium (Playwright driving
/usr/bin/chromium, as tests/web/test_web_browser.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
from browser_support import ARGS, CHROMIUM, require_chromium, running
from playwright.sync_api import sync_playwright

from df_env.games.deep_future import engine
from df_env.games.deep_future.web import engine_view as E
from df_env.web import winnable as winnable_module
from df_env.web.server import create_app

pytestmark = pytest.mark.slow  # a real browser


require_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("weblogs"))
    with running(app) as url:
        yield url, app.state.store


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _solo(page, base, store, seed):
    doc = page.request.post(f"{base}/api/games", data={"seats": ["human"], "seed": seed}).json()
    page.goto(f"{base}/#/join/{doc['game']}/{doc['tokens']['0']}")
    page.wait_for_selector("[data-decision]")
    return store.get(doc["game"])


def _step(page) -> int:
    return int(page.get_attribute(".game", "data-step"))


def test_the_hint_rates_every_choice_of_each_decision(server, browser):
    base, store = server
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game = _solo(page, base, store, 21)
    page.check("#hint-toggle")
    page.wait_for_selector(f"#hint-status[data-hint-step='{_step(page)}']", timeout=60_000)
    page.uncheck("#hint-toggle")  # off: the choices show no rating (checked at the first decision: the hint's
    page.wait_for_selector("#decision")  # search stops at a time limit, so under load its line, and when the game
    assert not page.query_selector_all("#decision button[data-hint-share]")  # ends, can differ from run to run)
    page.check("#hint-toggle")
    for _ in range(12):
        if page.query_selector("[data-game-over]"):
            break
        step = _step(page)
        legal = sorted(int(a) for a in engine.legal_actions(game.state))
        page.wait_for_selector(f"#hint-status[data-hint-step='{step}']", timeout=60_000)
        shares = {int(b.get_attribute("data-action")): float(b.get_attribute("data-hint-share"))
                  for b in page.query_selector_all("#decision button[data-hint-share]")}
        assert sorted(shares) == legal  # every legal choice rated, each button once
        assert sum(shares.values()) == pytest.approx(1.0)
        best = page.query_selector_all("#decision button.hint-best")
        assert len(best) == 1 and shares[int(best[0].get_attribute("data-action"))] == max(shares.values())
        best[0].click(position={"x": 3, "y": 3})
        page.wait_for_function(f"() => Number(document.querySelector('.game').dataset.step) > {step}")
        page.wait_for_selector("[data-decision], [data-game-over]")
    assert not errors, errors
    page.close()


def test_after_a_lost_solo_game_the_reference_line_steps_beside_mine(server, browser, monkeypatch):
    monkeypatch.setattr(winnable_module, "REFERENCE", "oracle:iters=30,turns=1")  # quick; the default: iters=400
    base, store = server
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game = _solo(page, base, store, 4)
    page.evaluate("() => localStorage.setItem('df-hint', '1')")
    while not page.query_selector("[data-game-over]"):  # the last choice each time: lost in a few steps
        step = _step(page)
        page.click(f"#decision button[data-action='{int(engine.legal_actions(game.state)[-1])}']",
                   position={"x": 3, "y": 3})
        page.wait_for_function(f"() => Number(document.querySelector('.game').dataset.step) > {step}")
        page.wait_for_selector("[data-decision], [data-game-over]")
    page.click("#winnable")
    page.wait_for_selector("[data-winnable]", timeout=60_000)
    assert page.get_attribute("[data-winnable]", "data-winnable") == "yes"
    page.click("#winnable-line")
    page.wait_for_selector("#replay #replay-chosen")
    page.wait_for_selector("#beside #beside-chosen")
    page.wait_for_selector("#replay-rating [data-rating-rank]", timeout=60_000)  # the AI rates the line's choice
    first = page.inner_text("#beside")
    page.click("#replay-forward")
    page.wait_for_function("(t) => document.querySelector('#beside #beside-chosen') && "
                           "document.querySelector('#beside').innerText !== t", arg=first)
    assert "/beside/" in page.url
    assert not errors, errors
    page.close()


def test_tracks_scales_sector_numbers_and_rule_references_are_readable(server, browser):
    base, store = server
    page = browser.new_page()
    game = _solo(page, base, store, 9)
    for _ in range(30):  # to the first decision whose question cites a rule (the start phase: R9-R10)
        if page.query_selector("#decision .what abbr.rule"):
            break
        step = _step(page)
        page.click(f"#decision button[data-action='{int(engine.legal_actions(game.state)[0])}']",
                   position={"x": 3, "y": 3})
        page.wait_for_function(f"() => Number(document.querySelector('.game').dataset.step) > {step}")
        page.wait_for_selector("[data-decision]")
    rule = page.query_selector("#decision .what abbr.rule")
    assert rule is not None and len(rule.get_attribute("title")) > 20
    scales = page.query_selector_all(".tscale")
    assert len(scales) == 4
    for t, scale in enumerate(scales):
        cells = scale.query_selector_all(".tcell")
        assert len(cells) == 13 and len(scale.query_selector_all(".tcell.star")) == 1
        assert len(scale.query_selector_all(".tcell.cross")) == (0 if t == 0 else 1)
        at = scale.query_selector_all(".tcell.at")
        assert len(at) == 1 and int(at[0].get_attribute("data-value")) == int(game.state["tracks"][0, t])
        assert "R3" not in scale.get_attribute("title") and scale.get_attribute("title")  # R3 explained, not cited
    home = int(game.state["c_sector"][int(game.state["home"][0])])
    label = page.query_selector(f"g[data-sector='{int(E.SECTOR_IDS[home])}'] text.seclabel.ringed")
    assert label is not None and label.text_content() == str(int(E.SECTOR_IDS[home]))
    page.close()
