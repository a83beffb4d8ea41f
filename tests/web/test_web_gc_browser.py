"""Galactic Civ through a real headless Chromium (Playwright driving Debian's /usr/bin/chromium): a person plays a
whole 4-player game against three agents in English (the page's test contract: ``data-action``, ``data-decision``,
``data-game-over``), with no card of another hand or of the deck on the page at any decision; the end screen, the
Chinese page and the replay of the finished game. Screenshots go to a temporary folder, or over the committed
``docs/web_gc_*.png`` with ``pytest --update-screenshots``."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("starlette")
pytest.importorskip("playwright")
from browser_support import ARGS, CHROMIUM, require_chromium, running
from playwright.sync_api import sync_playwright

from df_env.games.galactic_civ.engine.tables import ATTRIBUTES_ZH, CARD_NAMES, EVENT_NAMES, RACE_NAMES
from df_env.web.server import create_app

pytestmark = pytest.mark.slow  # a real browser playing a whole game

DOCS = Path(__file__).resolve().parents[2] / "docs"
VIEWPORT = {"width": 1400, "height": 1000}

require_chromium()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("gclogs"))
    with running(app) as url:
        yield url, app.state.store


@pytest.fixture(scope="module")
def shot_dir(request, tmp_path_factory) -> Path:
    """Where the screenshots go: ``docs/`` only when asked (``--update-screenshots``)."""
    return DOCS if request.config.getoption("--update-screenshots") else tmp_path_factory.mktemp("gcshots")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _hidden_names_on_page(html: str, s: np.ndarray, seat: int) -> list[str]:
    """Names of the cards the seat may not see now (other hands, the deck) found in the page's HTML, once every
    name the page may show (the other cards, races, events; longest first) is cut out of it."""
    hidden = {int(c) for c in s["deck"][: int(s["deck_n"])]}
    for p in range(int(s["n_players"])):
        if p != seat:
            hidden |= {int(c) for c in np.flatnonzero(s["hand"][p])}
    names = {CARD_NAMES[c] for c in hidden}
    for name in sorted((set(CARD_NAMES) - names) | set(RACE_NAMES) | set(EVENT_NAMES), key=len, reverse=True):
        html = html.replace(name, "")
    return [n for n in names if n in html]


def _start(page, url: str, lang: str, seats: list[str], seed: int, shot: Path | None = None,
           click: bool = True) -> None:
    page.goto(f"{url}/?lang={lang}")
    page.wait_for_selector("#start")
    page.select_option("#game", "galactic_civ")
    # the start page now offers Galactic Civ's 2-6 players
    page.wait_for_selector("#players option[value='6']", state="attached")
    page.select_option("#players", str(len(seats)))
    for p, spec in enumerate(seats):
        page.select_option(f"#seat-{p}", spec)
    page.fill("#seed", str(seed))
    if shot:
        page.screenshot(path=str(shot))
    if click:
        page.click("#start")


def _check_decision(page, store, seat: int) -> tuple[str, str]:
    """At a decision of ``seat``: its buttons are the legal actions, the board shows every seat's attributes, the
    phase track and the victory paths, and nothing hidden from the seat; the step and the decision's name."""
    box = page.query_selector("[data-decision]")
    step = page.get_attribute(".game", "data-step")
    game = next(g for g in store.games.values() if str(g.step) == step and g.pending_seat() == seat)
    with game.lock:
        s = game.rules.clone(game.state)
    legal = sorted(int(a) for a in np.flatnonzero(game.rules.legal_mask(s)))
    shown = sorted(int(b.get_attribute("data-action")) for b in box.query_selector_all("[data-action]"))
    assert shown == legal, (box.get_attribute("data-decision"), shown, legal)
    html = page.evaluate("() => { const d = document.documentElement.cloneNode(true); "
                         "const e = d.querySelector('#events'); if (e) e.remove(); return d.outerHTML; }")
    assert not _hidden_names_on_page(html, s, seat)
    n = int(s["n_players"])
    assert len(page.query_selector_all("#attributes tr[data-player]")) == n
    assert len(page.query_selector_all("#attributes tr[data-player] td[data-attr]")) == 8 * n
    assert len(page.query_selector_all("#phases li")) == 12
    assert len(page.query_selector_all("#paths tr[data-path]")) == 6
    hand = {int(c.get_attribute("data-card")) for c in page.query_selector_all("#hand [data-card]")}
    assert hand == {int(c) for c in np.flatnonzero(s["hand"][seat])}
    return step, box.get_attribute("data-decision")


def _all_chinese(page) -> None:
    """The decision's question and choices are Chinese but for the source's card and race names."""
    texts = [b.inner_text() for b in page.query_selector_all("#decision [data-action]")]
    for text in texts + [page.inner_text("#decision .what")]:
        for cut in sorted(set(CARD_NAMES) | set(RACE_NAMES), key=len, reverse=True):
            text = text.replace(cut, "")
        assert re.search(r"[\u4e00-\u9fff]", text) and not re.search(r"[A-Za-z]{3,}", text), text


def _play_to_end(page, store, seat: int, mid_shot: Path | None, mid_at: int = 14,
                 chinese: bool = False) -> tuple[int, set[str]]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    decisions, names, clicked = 0, set(), False
    for _ in range(3000):
        page.wait_for_selector("[data-decision], [data-game-over]", timeout=90_000)
        if page.query_selector("[data-game-over]"):
            break
        step, name = _check_decision(page, store, seat)
        names.add(name)
        if chinese:
            _all_chinese(page)
        if decisions == mid_at and mid_shot:
            page.screenshot(path=str(mid_shot), full_page=True)
        cards = page.query_selector_all("#hand .card.choosable")
        if cards and not clicked:  # once: a click on the card a choice is about answers it
            clicked = _click_a_card(page, store, seat, step, cards[0])
            decisions += 1
            continue
        buttons = page.query_selector_all("#decision [data-action]")
        passes = [b for b in buttons if b.get_attribute("class") == "pass"]
        plays = [b for b in buttons if b.get_attribute("class") != "pass"]
        # play a card two times in three, else pass: a game with plays, discards and passes alike
        (plays[decisions % len(plays)] if plays and (decisions % 3 or not passes) else passes[0]).click()
        decisions += 1
        page.wait_for_function(f"!document.querySelector('.game') || "
                               f"document.querySelector('.game').dataset.step !== '{step}'", timeout=90_000)
    assert not errors, errors
    assert clicked, "no decision offered a card of the hand"
    return decisions, names


def _click_a_card(page, store, seat: int, step: str, card) -> bool:
    """Click a card of the hand that a choice is about; the game's log records that choice."""
    game = next(g for g in store.games.values() if str(g.step) == step and g.pending_seat() == seat)
    c = int(card.get_attribute("data-card"))
    expected = next(x["action"] for x in game.view(seat)["decision"]["choices"] if x.get("card") == c)
    card.click()
    page.wait_for_selector(f".game:not([data-step='{step}'])", timeout=90_000)
    assert game.log.actions[int(step)] == expected
    return True


def test_a_person_plays_a_four_player_game_to_its_end_then_reads_it_in_chinese(server, browser, shot_dir):
    url, store = server
    page = browser.new_page(viewport=VIEWPORT)
    _start(page, url, "en", ["human", "heuristic", "random", "first"], seed=7, shot=shot_dir / "web_gc_start.png")
    decisions, names = _play_to_end(page, store, 0, shot_dir / "web_gc_decision.png")
    assert decisions > 20 and {"race", "play"} <= names, (decisions, names)
    result = page.get_attribute("[data-game-over]", "data-game-over")
    assert re.match(r"Player \d \(\w+\) won: \w+ Victory on turn \d+\.|Nobody won", result), result
    assert "lost" in result or "Nobody" in result
    assert "Galactic Civ" in page.inner_text("#title")
    page.screenshot(path=str(shot_dir / "web_gc_end.png"), full_page=True)
    page.click("#lang-switch")  # the finished game in Chinese
    page.wait_for_function("document.documentElement.lang === 'zh-CN'")
    page.wait_for_selector("[data-game-over]")
    page.wait_for_function("document.querySelector('#title').textContent === '银河文明'")
    heads = page.inner_text("#attributes")
    assert all(a in page.inner_text("#paths") + heads for a in ATTRIBUTES_ZH[1:])
    assert re.search("获胜|平局", page.get_attribute("[data-game-over]", "data-game-over"))
    page.screenshot(path=str(shot_dir / "web_gc_end_zh.png"), full_page=True)
    # the finished game's replay, every hand shown, from the start page (the newest log first)
    page.goto(f"{url}/?lang=zh&game=galactic_civ#/")
    page.wait_for_selector("[data-log]")
    page.click("[data-log]")
    page.wait_for_selector("#replay")
    options = page.query_selector_all("#replay-turn option")
    target = options[min(5, len(options) - 1)].get_attribute("value")
    page.select_option("#replay-turn", target)
    page.wait_for_selector(f".game[data-step='{target}']")
    assert len(page.query_selector_all("#hands [data-card]")) > 4
    page.screenshot(path=str(shot_dir / "web_gc_replay_zh.png"), full_page=True)
    page.close()


def test_a_four_player_game_in_chinese_to_its_end(server, browser, shot_dir):
    url, store = server
    page = browser.new_page(viewport=VIEWPORT)
    _start(page, url, "zh", ["human", "heuristic", "random", "first"], seed=12, click=False)
    assert page.inner_text("#start") == "开始"  # read before the click: the game's page replaces the start page
    page.click("#start")
    page.wait_for_selector("#decision [data-action]", timeout=90_000)
    assert page.inner_text("#title") == "银河文明"
    assert "士气" in page.inner_text("#attributes") and "机遇" in page.inner_text("#phases")
    decisions, names = _play_to_end(page, store, 0, shot_dir / "web_gc_decision_zh.png", mid_at=6, chinese=True)
    assert decisions > 20 and {"race", "play"} <= names, (decisions, names)
    assert re.search("获胜|平局", page.get_attribute("[data-game-over]", "data-game-over"))
    page.close()


def _undrawn_events_on_page(html: str, s: np.ndarray, drawn: set[str]) -> list[str]:
    """Names of the Event cards still in the Event deck (GC24: its order is hidden) found in the page's HTML, once
    every card and race name is cut out of it; ``drawn``: the Events the page has shown (public once drawn)."""
    undrawn = {EVENT_NAMES[int(e)] for e in s["edeck"][: int(s["edeck_n"])]} - drawn
    for name in sorted(set(CARD_NAMES) | set(RACE_NAMES) | drawn, key=len, reverse=True):
        html = html.replace(name, "")
    return [n for n in undrawn if n in html]


def test_a_game_with_the_events_deck_shows_the_events_drawn_in_words(server, browser):
    """The start page's Events option (GC24-GC31), labelled in both languages; ticked, the game has the Event deck
    (shown as a count), an Event drawn shows in words (name, type, effect) and no undrawn Event reaches the page."""
    url, store = server
    page = browser.new_page(viewport=VIEWPORT)
    page.goto(f"{url}/?lang=zh&game=galactic_civ#/")
    page.wait_for_selector("#option-events", state="attached")
    assert "事件牌组" in page.inner_text("label.option")
    _start(page, url, "en", ["human", "heuristic"], seed=3, click=False)  # the page again, in English
    assert "Events deck" in page.inner_text("label.option")
    page.check("#option-events")
    page.click("#start")
    drawn: set[str] = set()
    seen = ""
    for _ in range(200):
        page.wait_for_selector("[data-decision], [data-game-over]", timeout=90_000)
        assert "event deck" in page.inner_text("#piles")
        step, _ = _check_decision(page, store, 0)  # nothing of another hand or the deck on the page either
        game = next(g for g in store.games.values() if str(g.step) == step and g.pending_seat() == 0)
        assert bool(game.state["events_on"])
        lines = page.inner_text("#events")
        drawn |= {name for name in EVENT_NAMES if f"draws the event {name} (" in lines}
        with game.lock:
            s = game.rules.clone(game.state)
        assert not _undrawn_events_on_page(page.content(), s, drawn)
        if drawn:
            seen = lines
            break
        page.query_selector_all("#decision [data-action]")[0].click()
        page.wait_for_function(f"!document.querySelector('.game') || "
                               f"document.querySelector('.game').dataset.step !== '{step}'", timeout=90_000)
    assert re.search(r"draws the event [^\n]+ \((Moral Dilemma|Galactic Event|United Planets Issue): ", seen), seen
    page.close()


def test_races_at_random_and_trade_literal_are_chosen_on_the_start_page_and_shown_in_the_game(server, browser):
    """The start page's races choice (in turn, GCR7, the default; or dealt at random) and GCR2's variant, labelled
    in both languages; chosen, the game is dealt with them (no race decision, every race dealt; the Trade Phase tests
    Influence), its log records them and the page shows the options the game runs with beside the piles."""
    url, store = server
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/?lang=zh&game=galactic_civ#/")
    page.wait_for_selector("#option-races", state="attached")
    assert page.eval_on_selector("#option-races", "s => s.value") == "choose"  # the default first
    assert "随机分配" in page.inner_text("#option-races") and "GCR2" in page.inner_text(".home")
    _start(page, url, "en", ["human", "heuristic", "random"], seed=12, click=False)
    assert [o.inner_text() for o in page.query_selector_all("#option-races option")] == [
        "each seat chooses in turn (GCR7, the default)", "dealt at random at setup"]
    page.select_option("#option-races", "random")
    page.check("#option-trade_literal")
    page.click("#start")
    page.wait_for_selector("[data-decision]", timeout=90_000)
    step, name = _check_decision(page, store, 0)
    assert name != "race"
    game = next(g for g in store.games.values() if str(g.step) == step and g.pending_seat() == 0)
    assert game.log.options == {"events": False, "races": "random", "trade_literal": True}
    assert int(game.state["trade_literal"]) == 1 and all(int(r) >= 0 for r in game.state["race"][:3])
    box = page.query_selector("#piles #game-options")
    assert (box.get_attribute("data-races"), box.get_attribute("data-trade-literal"),
            box.get_attribute("data-events")) == ("random", "true", "false")
    text = box.inner_text()
    assert "races dealt at random" in text and "Trade Phase tests Influence (GCR2's variant)" in text, text
    assert "Events deck off" in text and len(page.query_selector_all(".gc-race")) == 3
    assert not errors, errors
    page.close()
