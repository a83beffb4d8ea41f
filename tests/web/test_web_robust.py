"""Every bad request to the web server is a clear 4xx JSON error that changes nothing; a full disk refuses the move
(a clear 507) and leaves the game as it was."""

from __future__ import annotations

import errno
import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from df_env.gamelog import save_log
from df_env.games.deep_future import engine
from df_env.web import games as web_games
from df_env.web.server import create_app


@pytest.fixture()
def setup(tmp_path):
    app = create_app(tmp_path)
    with TestClient(app) as client:
        created = client.post("/api/games", json={"seats": ["human", "heuristic"], "seed": 3}).json()
        game = app.state.store.get(created["game"])
        game.wait_idle()
        client.headers["X-Seat-Token"] = created["tokens"]["0"]
        yield client, app, game


def _snapshot(app, game):
    return game.state.tobytes(), list(game.log.actions), sorted(app.state.store.games)


def test_malformed_requests_are_clear_4xx_errors_that_change_nothing(setup):
    client, app, game = setup
    gid = game.gid
    rid = client.post("/api/replays", json={"log": game.log.to_dict()}).json()["replay"]
    before = _snapshot(app, game)
    digits = "9" * 5000
    cases = [
        client.post("/api/games", content=f'{{"seats": ["human"], "seed": {digits}}}'),
        client.post("/api/games", content=f'{{"seats": ["human"], "seed": {"9" * 4000}}}'),
        client.post("/api/games", content="[" * 100_000 + "]" * 100_000),
        client.post("/api/games", content='{"seats": ' + "[" * 50_000 + "]" * 50_000 + "}"),
        client.post("/api/games", content=b"\xff\xfe{"),
        client.post("/api/games", json={"seats": ["human"], "seed": 2**63}),
        client.post("/api/games", json={"seats": ["x" * 100_000]}),
        client.post(f"/api/games/{gid}/act", content=f'{{"seat": 0, "action": {digits}, "step": 0}}'),
        client.post(f"/api/games/{gid}/act", json={"seat": 0, "action": 1, "step": 10**30}),
        client.get(f"/api/games/{gid}/view?seat=²"),
        client.get(f"/api/games/{gid}/view?seat={digits}"),
        client.get(f"/api/games/{gid}/view?lang={'x' * 5000}"),
        client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": "t" * 5000}),
        client.get(f"/api/replays/{rid}/²"),
        client.get(f"/api/replays/{rid}/{digits}"),
        client.get(f"/api/replays/{rid}/-1"),
        client.get(f"/api/replays/{rid}/0?observer=²"),
        client.post("/api/replays", json={"log": {**game.log.to_dict(), "seed": 2**70}}),
        client.post("/api/replays", json={"file": "x" * 5000 + ".json"}),
        client.post("/api/replays", json={"file": "a\0b.json"}),
        client.post("/api/campaigns", json={"file": "../../etc/passwd.json", "seats": ["human"]}),
    ]
    for r in cases:
        assert 400 <= r.status_code < 500, (r.request.url, r.status_code, r.text[:200])
        error = r.json()["error"]
        assert error and len(error) < 400 and digits not in error
        assert _snapshot(app, game) == before


def test_a_full_disk_refuses_the_move_and_changes_nothing(setup, monkeypatch):
    client, app, game = setup
    v = client.get(f"/api/games/{game.gid}/view").json()
    answer = {"seat": 0, "action": v["decision"]["choices"][0]["action"], "step": v["step"]}
    before = _snapshot(app, game)

    def full(log, path):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(web_games, "save_log", full)
    r = client.post(f"/api/games/{game.gid}/act", json=answer)
    assert r.status_code == 507 and "No space left on device" in r.json()["error"]
    assert "not played" in r.json()["error"] and _snapshot(app, game) == before
    assert not list(game.log_path.parent.glob("*.tmp"))
    refused = client.post("/api/games", json={"seats": ["human"]})
    assert refused.status_code == 507 and sorted(app.state.store.games) == before[2]
    monkeypatch.setattr(web_games, "save_log", save_log)
    assert client.post(f"/api/games/{game.gid}/act", json=answer).status_code == 200
    assert game.log.actions == [*before[1], answer["action"]]


def test_an_agent_move_that_cannot_be_saved_waits_and_is_played_once_the_disk_has_room(tmp_path, monkeypatch):
    def full_after_start(log, path):
        if log.actions:
            raise OSError(errno.ENOSPC, "No space left on device")
        return save_log(log, path)

    monkeypatch.setattr(web_games, "save_log", full_after_start)
    app = create_app(tmp_path)
    with TestClient(app) as client:
        seed = next(s for s in range(50)
                    if int(engine.new_game(engine.GameConfig(num_players=2), s)["dplayer"]) == 0)
        created = client.post("/api/games", json={"seats": ["heuristic", "human"], "seed": seed}).json()
        game = app.state.store.get(created["game"])
        game.wait_idle()
        client.headers["X-Seat-Token"] = created["tokens"]["1"]
        v = client.get(f"/api/games/{game.gid}/view").json()
        assert game.step == 0 and "No space left on device" in v["error"]
        monkeypatch.setattr(web_games, "save_log", save_log)
        client.get(f"/api/games/{game.gid}/view")  # tries again
        game.wait_idle()
        v = client.get(f"/api/games/{game.gid}/view").json()
        assert game.step > 0 and v["error"] is None
        assert json.loads(game.log_path.read_text())["actions"] == game.log.actions
