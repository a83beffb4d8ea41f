"""The web server's bounded resources: agent specs within the server's limits, a few searches at once, idle and
surplus games dropped (their logs kept), request bodies refused while they are read, replays few and small."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from df_env.gamelog import load_log
from df_env.games.deep_future import engine
from df_env.web.games import WebGame
from df_env.web.guard.limits import Limits
from df_env.web.server import create_app
from df_env.web.store import GameStore


@pytest.fixture()
def app(tmp_path):
    return create_app(tmp_path / "logs", None, Limits(max_iters=1000, max_think_seconds=2, max_games=4,
                                                       max_body=10_000))


@pytest.mark.parametrize("spec,says", [
    ("mcts:time=inf", "time must be a number of seconds 0..2"),
    ("net-mcts:time=1e9", "time must be a number of seconds 0..2"),
    ("mcts:time=nan", "time must be a number of seconds 0..2"),
    ("mcts:iters=3000000", "iters must be an integer 1..1000 (this server's limit, df-env serve --max-iters)"),
    ("net-mcts:iters=1001", "iters must be an integer 1..1000"),
    ("mcts:time=1,nodes=99999999", "nodes must be an integer 1..65536"),
    ("net:path=/etc/passwd", "a page may not name a file on the server"),
    ("ppo:path=model.zip", "a page may choose the agents random, first, heuristic, mcts, net, net-mcts"),
    ("mcts:iters=" + "9" * 300, "a seat spec has at most 200 characters"),
])
def test_a_spec_beyond_the_limits_is_refused(app, spec, says):
    with TestClient(app) as client:
        r = client.post("/api/games", json={"seats": ["human", spec]})
        assert r.status_code == 400 and says in r.json()["error"], r.text
        assert app.state.store.games == {}
        ok = client.post("/api/games", json={"seats": ["human", "mcts:iters=1000,time=2"]})
        assert ok.status_code == 201
        assert client.get("/api/agents").json()["limits"]["max_iters"] == 1000


@pytest.mark.parametrize("n", [1, 2])
def test_at_most_n_agent_searches_run_at_once(n):
    searches = threading.BoundedSemaphore(n)
    running, most = [0], [0]
    lock = threading.Lock()
    games = [WebGame(f"g{i}", ["heuristic", "heuristic"], i, None, searches=searches) for i in range(4)]

    def slow(policy):
        def act(state):
            with lock:
                running[0] += 1
                most[0] = max(most[0], running[0])
            time.sleep(0.002)  # lets the searches overlap if the semaphore did not hold them back
            with lock:
                running[0] -= 1
            return policy(state)
        return act

    for g in games:
        g.agents = {p: slow(pol) for p, pol in g.agents.items()}
        g.run_agents()
    for g in games:
        g.wait_idle(300)
        assert g.state["over"]
    assert most[0] == n, (n, most[0])


def test_idle_games_and_games_beyond_the_cap_are_dropped_and_their_logs_kept(tmp_path):
    limits = Limits(max_games=3, idle_seconds=60)
    store = GameStore(tmp_path, limits)
    games = [store.create(["human"], seed=i) for i in range(5)]
    assert set(store.games) == {g.gid for g in games[2:]} and store.dropped == 2
    assert all(g.closed for g in games[:2]) and all((tmp_path / f"web-{g.gid}.json").is_file() for g in games)
    games[4].touched = time.monotonic() + 120  # used later than the sweep below
    store.sweep(now=time.monotonic() + 61)
    assert set(store.games) == {games[4].gid}
    assert load_log(tmp_path / f"web-{games[2].gid}.json").seed == 2
    with pytest.raises(Exception, match="no such game"):
        store.get(games[2].gid)


def test_a_dropped_game_stops_its_agents(tmp_path):
    store = GameStore(tmp_path, Limits(idle_seconds=60))
    game = WebGame("g", ["random", "random"], 1, tmp_path)
    go, asked = threading.Event(), threading.Event()

    def held(state):
        asked.set()
        go.wait(60)
        return 0

    game.agents = {0: held, 1: held}
    store.games[game.gid] = game
    game.run_agents()
    assert asked.wait(60)
    game.touched -= 120
    store.sweep()
    go.set()
    game.wait_idle(60)
    assert game.closed and not game.worker.is_alive() and game.step == 0  # its search's answer was not played


def _asgi_post(app, path: str, chunks: int, chunk: bytes, headers=()) -> tuple[int, int, dict]:
    """POST a body of ``chunks`` chunks straight to the ASGI app; returns the status, how many chunks the app read
    and the JSON answer."""
    read = [0]

    async def receive():
        read[0] += 1
        return {"type": "http.request", "body": chunk, "more_body": read[0] < chunks}

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": path, "raw_path": path.encode(), "query_string": b"",
             "headers": [(b"content-type", b"application/json"), *headers], "http_version": "1.1",
             "scheme": "http", "server": ("test", 80), "client": ("test", 1), "root_path": ""}
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, read[0], json.loads(body)


def test_a_request_body_is_refused_while_it_is_read(app):
    status, read, doc = _asgi_post(app, "/api/games", 100_000, b" " * 1000)  # 100 MB announced by nobody
    assert status == 413 and read <= 12 and "at most 10000" in doc["error"]
    status, read, doc = _asgi_post(app, "/api/replays", 5, b" " * 10, headers=[(b"content-length", b"99999999")])
    assert status == 413 and read == 0
    status, _, doc = _asgi_post(app, "/api/games", 1, json.dumps({"seats": ["human"]}).encode())
    assert status == 201 and doc["tokens"]


def test_replays_are_few_and_keep_few_positions(tmp_path):
    from df_env.web.replays import CHECKPOINT_EVERY, Replay, ReplayStore

    store = GameStore(tmp_path)
    game = store.create(["heuristic", "heuristic"], seed=3)
    game.wait_idle(300)
    rep = Replay(load_log(game.log_path))
    assert rep.steps > 2 * CHECKPOINT_EVERY and len(rep.checkpoints) == rep.steps // CHECKPOINT_EVERY + 1
    for k in (0, 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 3, rep.steps - 1, rep.steps):  # the game's own positions
        state = engine.new_game(engine.GameConfig(num_players=2), 3)
        for a in game.log.actions[:k]:
            engine.apply_action(state, a)
        assert rep.state(k).tobytes() == state.tobytes()
    replays = ReplayStore(cap=2)
    ids = [replays.add(rep) for _ in range(3)]
    assert list(replays.replays) == ids[1:]


def test_the_agents_play_on_at_once_when_no_person_is_left(monkeypatch):
    from df_env.web import games as web_games

    monkeypatch.setattr(web_games, "AGENT_DELAY", 30.0)  # a person would wait half a minute a move
    slept: list[float] = []
    monkeypatch.setattr(web_games.time, "sleep", slept.append)
    game = WebGame("g", ["human", "heuristic", "heuristic"], 5, None)
    while not game.state["over"] and not game.state["lost"][0]:  # the person passes until he has lost
        game.wait_idle(300)
        if game.pending_seat() == 0:
            choices = game.view(0)["decision"]["choices"]
            game.answer(0, choices[-1]["action"], game.step)
    with_person = len(slept)
    game.run_agents()
    game.wait_idle(300)
    assert game.state["over"] and game.state["lost"][0]
    assert with_person > 0 and len(slept) == with_person  # no move held back once only agents were left
