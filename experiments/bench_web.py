"""Speed of the browser client (issue 13's bars): the page's first paint and the time a person's move takes to be
answered, excluding AI thinking.

- first paint: a headless Chromium (system /usr/bin/chromium via Playwright) opens a game page; the figure is the
  browser's own ``first-contentful-paint`` entry of the game page (navigation start to the first paint), the median
  of ``--pages`` loads; also the time until the decision's controls are on screen;
- a person's move: POST /act over HTTP to a live uvicorn server (a solo game, and a 2-player game whose agent plays
  in the background after the answer is returned): the median and 95th percentile of the round trip.

    python experiments/bench_web.py            # prints the figures
    python experiments/bench_web.py --game galactic_civ   # the same for Galactic Civ's page (2 and 4 players)
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import tempfile
import threading
import time
import urllib.request

import uvicorn

from df_env.web.server import create_app

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _post(url: str, body: dict, token: str = "") -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json",
                                                                  "X-Seat-Token": token})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def _get(url: str, token: str = "") -> dict:
    with urllib.request.urlopen(urllib.request.Request(url, headers={"X-Seat-Token": token})) as r:
        return json.loads(r.read())


GAME = "deep_future"  # --game
TABLES = {"deep_future": (["human"], ["human", "heuristic"]),
          "galactic_civ": (["human", "heuristic"], ["human", "heuristic", "random", "first"])}


def _create(base: str, seats: list[str], seed: int) -> tuple[str, str]:
    """A new game's id and the token of its seat 0 (a person's seat)."""
    doc = _post(base + "/api/games", {"game": GAME, "seats": seats, "seed": seed})
    return doc["game"], doc["tokens"]["0"]


def moves(base: str, store, seats: list[str], seed: int, n: int) -> list[float]:
    gid, token = _create(base, seats, seed)
    game = store.get(gid)
    times = []
    while len(times) < n:
        game.wait_idle()
        v = _get(f"{base}/api/games/{gid}/view", token)
        if v["over"]:
            gid, token = _create(base, seats, seed + len(times) + 1)
            game = store.get(gid)
            continue
        a = v["decision"]["choices"][len(times) % len(v["decision"]["choices"])]["action"]
        t = time.perf_counter()
        _post(f"{base}/api/games/{gid}/act", {"seat": v["seat"], "action": a, "step": v["step"]}, token)
        times.append(time.perf_counter() - t)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--pages", type=int, default=7)
    ap.add_argument("--game", choices=tuple(TABLES), default="deep_future")
    args = ap.parse_args()
    global GAME
    GAME = args.game
    app = create_app(tempfile.mkdtemp())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    store = app.state.store
    for seats in TABLES[GAME]:
        t = sorted(moves(base, store, seats, 1, args.moves))
        med = 1000 * statistics.median(t)
        print(f"person's move answered ({'+'.join(seats)}, {len(t)} moves): median {med:.1f} ms,"
              f" p95 {1000 * t[int(0.95 * len(t))]:.1f} ms, max {1000 * t[-1]:.1f} ms")
    from playwright.sync_api import sync_playwright

    gid, token = _create(base, TABLES[GAME][1], 3)
    store.get(gid).wait_idle()
    fcp, ready = [], []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(args.pages):
            page = b.new_page(viewport={"width": 1400, "height": 900})
            t = time.perf_counter()
            page.goto(f"{base}/#/join/{gid}/{token}")
            page.wait_for_selector("[data-decision]")
            ready.append(time.perf_counter() - t)
            fcp.append(page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime") / 1000)
            page.close()
        b.close()
    fcp_ms, ready_ms = 1000 * statistics.median(fcp), 1000 * statistics.median(ready)
    print(f"first contentful paint of a game page ({args.pages} loads): median {fcp_ms:.0f} ms, "
          f"max {1000 * max(fcp):.0f} ms; decision controls on screen: median {ready_ms:.0f} ms, "
          f"max {1000 * max(ready):.0f} ms")
    srv.should_exit = True


if __name__ == "__main__":
    main()
