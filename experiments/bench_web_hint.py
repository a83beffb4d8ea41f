"""Speed of the AI that explains itself (issue 26's bar) and of "was this deal winnable?" (issue 28's bar), in a real
browser.

- hint: a headless Chromium (system /usr/bin/chromium via Playwright) plays ``--games`` whole solo games with the
  hint on, always choosing the hint's best choice; for every decision, the time from the decision on screen to the
  ratings on its buttons (bar: median <= 1 s); also the server's own search time per hint;
- winnable: ``--winnable`` solo games lost at once (the person takes the last choice offered), then the button
  "Was this deal winnable?" with the server's default reference (``oracle:iters=400``): the time from the click to
  the answer on screen (bar: 30 s).

    python experiments/bench_web_hint.py                 # 1 game with hints, 2 deals analysed
    python experiments/bench_web_hint.py --games 3 --winnable 3

It prints the machine, its load and the date beside the figures.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import socket
import statistics
import tempfile
import threading
import time

import uvicorn
from playwright.sync_api import Page, sync_playwright

from df_env.games.deep_future import engine
from df_env.web.server import create_app

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def machine() -> str:
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "")
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return f"{platform.node()}: {os.cpu_count()} cores ({model or platform.processor()}), load {load}, {now}"


def serve() -> tuple[str, object]:
    app = create_app(tempfile.mkdtemp())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", app.state.store


def open_solo(page: Page, base: str, store, seed: int):
    doc = page.request.post(f"{base}/api/games", data={"seats": ["human"], "seed": seed}).json()
    page.goto(f"{base}/#/join/{doc['game']}/{doc['tokens']['0']}")
    page.wait_for_selector("[data-decision]")
    return store.get(doc["game"])


def next_decision(page: Page, step: int) -> None:
    page.wait_for_function(f"() => Number(document.querySelector('.game').dataset.step) > {step}")
    page.wait_for_selector("[data-decision], [data-game-over]")


def hinted_game(page: Page, base: str, store, seed: int) -> tuple[list[float], list[float]]:
    """One solo game played by the hint's best choice: per decision, the seconds from the decision on screen to its
    ratings shown, and the server's search seconds."""
    open_solo(page, base, store, seed)
    page.evaluate("() => localStorage.setItem('df-hint', '1')")
    page.reload()
    page.wait_for_selector("[data-decision]")
    shown, searched = [], []
    t0 = time.perf_counter()
    while not page.query_selector("[data-game-over]"):
        step = int(page.get_attribute(".game", "data-step"))
        page.wait_for_selector(f"#hint-status[data-hint-step='{step}']", timeout=60_000)
        shown.append(time.perf_counter() - t0)
        searched.append(page.evaluate("() => performance.getEntriesByType('resource').filter((e) => "
                                      "e.name.includes('/hint')).slice(-1)[0].duration") / 1000)
        page.click("#decision button.hint-best", position={"x": 3, "y": 3})
        next_decision(page, step)
        t0 = time.perf_counter()
    return shown, searched


def winnable_time(page: Page, base: str, store, seed: int) -> tuple[float, str]:
    """A solo game lost at once, then the analysis: seconds from the click to the answer, and the answer."""
    game = open_solo(page, base, store, seed)
    while not page.query_selector("[data-game-over]"):
        step = int(page.get_attribute(".game", "data-step"))
        page.click(f"#decision button[data-action='{int(engine.legal_actions(game.state)[-1])}']",
                   position={"x": 3, "y": 3})
        next_decision(page, step)
    t0 = time.perf_counter()
    page.click("#winnable")
    page.wait_for_selector("[data-winnable]", timeout=120_000)
    return time.perf_counter() - t0, page.get_attribute("[data-winnable]", "data-winnable") or ""


def summary(xs: list[float]) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return f"median {statistics.median(xs) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, max {xs[-1] * 1000:.0f} ms " \
           f"over {len(xs)}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1, help="solo games played with the hint on")
    ap.add_argument("--winnable", type=int, default=2, help="lost solo deals analysed")
    ap.add_argument("--seed", type=int, default=500)
    args = ap.parse_args()
    print(machine())
    base, store = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page()
        shown: list[float] = []
        searched: list[float] = []
        for g in range(args.games):
            a, b = hinted_game(page, base, store, args.seed + g)
            shown += a
            searched += b
            print(f"game {g + 1} (seed {args.seed + g}): {len(a)} decisions, each with its hint (the first after "
                  f"{a[0] * 1000:.0f} ms); {page.inner_text('[data-game-over]')[:80]!r}")
        if shown:
            print(f"hint shown after the decision appears: {summary(shown)} decisions")
            print(f"hint request round trip (browser's resource timing): {summary(searched)}")
        for k in range(args.winnable):
            secs, answer = winnable_time(page, base, store, args.seed + 100 + k)
            print(f"deal {args.seed + 100 + k}: 'was this deal winnable?' answered in {secs:.1f} s ({answer})")
        browser.close()
    print(machine())


if __name__ == "__main__":
    main()
