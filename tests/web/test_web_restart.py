"""Games that survive: a restarted server resumes the live games of its log folder (the same join links work), and
a saved game (``df-env play``'s) goes on in the browser (``df-env serve --resume LOG``)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from df_env.gamelog import GameLog, GameLogError, save_log
from df_env.games.deep_future import engine
from df_env.web.server import create_app
from df_env.web.store import GameStore

ROOT = Path(__file__).resolve().parents[2]


def _play(client, gid: str, token: str, moves: int, pick: int = -1) -> dict:
    h = {"X-Seat-Token": token}
    for _ in range(moves):
        client.app.state.store.get(gid).wait_idle()
        v = client.get(f"/api/games/{gid}/view", headers=h).json()
        if v["over"]:
            return v
        r = client.post(f"/api/games/{gid}/act", headers=h,
                        json={"seat": v["seat"], "step": v["step"], "action": v["decision"]["choices"][pick]["action"]})
        assert r.status_code == 200, r.text
    client.app.state.store.get(gid).wait_idle()
    return client.get(f"/api/games/{gid}/view", headers=h).json()


def test_a_restarted_server_goes_on_with_its_live_games(tmp_path):
    with TestClient(create_app(tmp_path)) as first:
        created = first.post("/api/games", json={"seats": ["human", "heuristic"], "seed": 9}).json()
        done = first.post("/api/games", json={"seats": ["human"], "seed": 4}).json()
        gid, token = created["game"], created["tokens"]["0"]
        before = _play(first, gid, token, 5, pick=0)
        assert not before["over"], before["result"]
        _play(first, done["game"], done["tokens"]["0"], 3000)
        state = first.app.state.store.get(gid).state.tobytes()
        actions = list(first.app.state.store.get(gid).log.actions)
    assert not list(tmp_path.glob("*.tmp")) and token not in (tmp_path / f"web-{gid}.seats").read_text()
    with TestClient(create_app(tmp_path)) as second:
        store = second.app.state.store
        assert set(store.games) == {gid}  # the finished game is not resumed
        game = store.get(gid)
        assert game.state.tobytes() == state and game.step == before["step"]
        again = second.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": token}).json()
        assert again["players"][0]["hand"] == before["players"][0]["hand"] and again["seat"] == 0
        assert second.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": "x" * 24}).status_code == 403
        after = _play(second, gid, token, 3000)
        assert after["over"] and game.log.actions[: len(actions)] == actions and game.step > len(actions)


def test_a_broken_seat_file_or_log_is_skipped(tmp_path):
    with TestClient(create_app(tmp_path)) as first:
        a = first.post("/api/games", json={"seats": ["human"], "seed": 1}).json()["game"]
        b = first.post("/api/games", json={"seats": ["human"], "seed": 2}).json()["game"]
    (tmp_path / f"web-{a}.seats").write_text("{not json")
    (tmp_path / f"web-{b}.json").write_text('{"format": "df_env.game_log", "version": 1}')
    assert GameStore(tmp_path).resume_all() == []


def _saved(path: Path, seats: list[str], steps: int) -> Path:
    """A saved game as ``df-env play`` writes it, ``steps`` moves in (or to its end)."""
    log = GameLog(num_players=len(seats), seed=21, seats=seats)
    s = engine.new_game(log.game_config(), log.seed)
    while len(log.actions) < steps and not s["over"]:
        a = int(engine.legal_actions(s)[0 if len(seats) > 1 else -1])
        engine.apply_action(s, a)
        log.actions.append(a)
    log.set_result(s)
    return save_log(log, path)


def test_a_saved_game_goes_on_in_the_browser(tmp_path):
    path = _saved(tmp_path / "play.json", ["human", "random"], 12)
    store = GameStore(tmp_path / "logs")
    game = store.import_log(path)
    game.wait_idle()
    assert game.log.actions[:12] == json.loads(path.read_text())["actions"] and game.step >= 12
    assert set(game.tokens) == {0} and game.seats_of([game.tokens[0]]) == {0}
    assert (tmp_path / "logs" / f"web-{game.gid}.seats").is_file()
    finished = _saved(tmp_path / "done.json", ["human"], 10_000)
    with pytest.raises(GameLogError, match="the game is over"):
        store.import_log(finished)


def test_serve_resume_refuses_a_bad_log_before_serving(tmp_path):
    (tmp_path / "bad.json").write_text("{}")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = str(s.getsockname()[1])
    r = subprocess.run([sys.executable, "-m", "df_env.cli", "serve", "--port", port, "--resume",
                        str(tmp_path / "bad.json"), "--log-dir", str(tmp_path / "logs")], capture_output=True,
                       text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)
    assert r.returncode == 2 and "bad.json" in r.stderr and "open http" not in r.stdout
    assert "Traceback" not in r.stderr


def test_undo_against_agents_takes_back_the_last_decision_and_is_marked(tmp_path):
    with TestClient(create_app(tmp_path)) as client:
        created = client.post("/api/games", json={"seats": ["human", "heuristic"], "seed": 9}).json()
        gid, h = created["game"], {"X-Seat-Token": created["tokens"]["0"]}
        store = client.app.state.store
        v0 = _play(client, gid, created["tokens"]["0"], 4, pick=0)
        assert v0["can_undo"]
        game = store.get(gid)
        mine = max(k for k, p in enumerate(game.actors) if p == 0)
        kept = game.log.actions[:mine]
        replayed = engine.new_game(engine.GameConfig(num_players=2), 9)
        for a in kept:
            engine.apply_action(replayed, a)
        state_before = replayed.tobytes()
        assert client.post(f"/api/games/{gid}/undo", json={"seat": 0, "step": v0["step"] + 1}, headers=h
                           ).status_code == 409  # a stale step
        assert client.post(f"/api/games/{gid}/undo", json={"seat": 0, "step": v0["step"]}).status_code == 403
        r = client.post(f"/api/games/{gid}/undo", json={"seat": 0, "step": v0["step"]}, headers=h)
        assert r.status_code == 200, r.text
        back = store.get(gid)
        back.wait_idle()
        assert back.step == mine and back.state.tobytes() == state_before and r.json()["decision"]["player"] == 0
        seats = json.loads((tmp_path / f"web-{gid}.seats").read_text())
        assert seats["undos"] == [{"step": mine, "undone": game.log.actions[mine:]}]
        assert json.loads((tmp_path / f"web-{gid}.json").read_text())["actions"] == kept
        assert _play(client, gid, created["tokens"]["0"], 2, pick=0)["step"] > mine  # the game goes on
    with TestClient(create_app(tmp_path)) as again:  # the undo survives a restart
        assert again.app.state.store.get(gid).undos == seats["undos"]


def test_no_undo_between_two_persons(tmp_path):
    with TestClient(create_app(tmp_path)) as client:
        created = client.post("/api/games", json={"seats": ["human", "human"], "seed": 9}).json()
        gid, tokens = created["game"], created["tokens"]
        h = {"X-Seat-Token": ",".join(tokens.values())}
        v = client.get(f"/api/games/{gid}/view", headers=h).json()
        client.post(f"/api/games/{gid}/act", headers=h, json={"seat": v["seat"], "step": v["step"],
                                                               "action": v["decision"]["choices"][0]["action"]})
        v = client.get(f"/api/games/{gid}/view", headers=h).json()
        assert not v["can_undo"]
        r = client.post(f"/api/games/{gid}/undo", headers=h, json={"seat": v["seat"], "step": v["step"]})
        assert r.status_code == 409 and "against agents" in r.json()["error"]
