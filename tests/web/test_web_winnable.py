"""The browser's "was this deal winnable?" (df_env/web/winnable.py): after a finished solo game, the reference
replays the deal from its start and its winning line opens as a replay beside the person's own game."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from df_env.games.deep_future import engine
from df_env.web import winnable as winnable_module
from df_env.web.server import create_app

QUICK = "oracle:iters=30,turns=1"  # the reference of these tests (the server's default: oracle:iters=400)


@pytest.fixture()
def client(tmp_path, monkeypatch):
    monkeypatch.setattr(winnable_module, "REFERENCE", QUICK)
    with TestClient(create_app(tmp_path)) as c:
        yield c


def _start(client, seats, seed):
    doc = client.post("/api/games", json={"seats": seats, "seed": seed}).json()
    game = client.app.state.store.get(doc["game"])
    game.wait_idle()
    return game, doc["tokens"]["0"]


def _lose(game):
    """The person always takes the last choice offered: a solo game lost in a few steps."""
    while not bool(game.state["over"]):
        game.answer(0, int(engine.legal_actions(game.state)[-1]), game.step)


def _ask(client, game, token):
    return client.post(f"/api/games/{game.gid}/winnable", json={}, headers={"X-Seat-Token": token} if token else {})


def test_a_lost_solo_deal_is_replayed_by_the_reference_beside_the_persons_game(client):
    game, token = _start(client, ["human"], 4)
    assert _ask(client, game, token).status_code == 409  # not over: the reference sees the deck
    _lose(game)
    assert int(game.state["winner"]) != 0
    assert _ask(client, game, None).status_code == 403
    assert _ask(client, game, "wrong").status_code == 403
    r = _ask(client, game, token)
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["won"] is True and doc["reference"] == QUICK and doc["seed"] == 4 and doc["victory"]
    assert 0 <= doc["same"] <= len(game.log.actions)
    line = client.get(f"/api/replays/{doc['line']}/{doc['steps']}").json()  # the line's end: the reference won
    assert line["over"] and line["winner"] == 0
    mine = client.get(f"/api/replays/{doc['mine']}/0").json()
    assert mine["steps"] == len(game.log.actions)
    first = client.get(f"/api/replays/{doc['line']}/0").json()
    assert first["players"] == mine["players"]  # the same deal from the start
    assert _ask(client, game, token).json()["same"] == doc["same"]  # asked again: the kept answer


def test_only_a_finished_solo_game_of_a_fresh_galaxy_is_analysed(client):
    game, token = _start(client, ["human", "heuristic"], 2)
    r = _ask(client, game, token)
    assert r.status_code == 409 and "solo" in r.json()["error"]
    assert client.post("/api/games/nosuch/winnable", json={}).status_code == 404
