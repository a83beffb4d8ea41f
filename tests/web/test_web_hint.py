"""The AI that explains itself (df_env/web/hint.py): the hint route rates every legal choice of the seat's pending
decision from that seat's information only, needs the seat's token, stays within the server's limits; the replay
rates the choice made at each step."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from agents import make_agent
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation.determinize import determinize
from df_env.web import hint as hint_module
from df_env.web.guard.limits import Limits, check_spec
from df_env.web.hint import hint_spec, rate
from df_env.web.server import create_app


@pytest.fixture()
def app(tmp_path):
    return create_app(tmp_path)


def _start(client, seats, seed):
    r = client.post("/api/games", json={"seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    doc = r.json()
    game = client.app.state.store.get(doc["game"])
    game.wait_idle()
    return game, doc["tokens"]


def _hint(client, game, token, seat=None):
    url = f"/api/games/{game.gid}/hint" + ("" if seat is None else f"?seat={seat}")
    return client.get(url, headers={"X-Seat-Token": token} if token else {})


def _check_sane(doc, state):
    legal = sorted(int(a) for a in np.flatnonzero(engine.legal_mask(state)))
    assert sorted(c["action"] for c in doc["choices"]) == legal  # one rating per legal choice, no other
    shares = [c["share"] for c in doc["choices"]]
    assert all(0.0 <= x <= 1.0 for x in shares) and sum(shares) == pytest.approx(1.0)
    assert sum(c["visits"] for c in doc["choices"]) == doc["iterations"] > 0
    assert all(c["value"] is None or 0.0 <= c["value"] <= 1.0 for c in doc["choices"])
    assert all((c["value"] is None) == (c["visits"] == 0) for c in doc["choices"])
    assert sum(c["prior"] for c in doc["choices"]) == pytest.approx(1.0, abs=1e-3)
    assert doc["best"] == doc["choices"][0]["action"] and 0.0 <= doc["value"] <= 1.0
    assert shares == sorted(shares, reverse=True)


def test_the_hint_needs_the_seats_token(app):
    with TestClient(app) as client:
        game, tokens = _start(client, ["human", "human"], 5)
        assert _hint(client, game, None).status_code == 403
        assert _hint(client, game, "not-a-token").status_code == 403
        assert set(_hint(client, game, "x" * 5000).json()) == {"error"}
        p = game.pending_seat()
        other = tokens[str(1 - p)]
        r = _hint(client, game, other, seat=p)  # the other person's token does not reach this seat's hint
        assert r.status_code == 403 and set(r.json()) == {"error"}
        r = _hint(client, game, other)  # his own seat has no decision pending
        assert r.status_code == 409, r.text
        assert _hint(client, game, tokens[str(p)]).status_code == 200
        assert client.get("/api/games/nosuchgame/hint").status_code == 404


def test_every_decision_of_a_solo_game_gets_a_sane_hint(app):
    """A person who always plays the hint's best choice: every one of his decisions is rated, each rating sane."""
    with TestClient(app) as client:
        game, tokens = _start(client, ["human"], 11)
        for _ in range(40):
            if bool(game.state["over"]):
                break
            r = _hint(client, game, tokens["0"])
            assert r.status_code == 200, r.text
            doc = r.json()
            assert doc["step"] == game.step and doc["seat"] == 0 == doc["player"]
            _check_sane(doc, game.state)
            assert _hint(client, game, tokens["0"]).json() == doc  # asked again: the same answer (cached)
            r = client.post(f"/api/games/{game.gid}/act", json={"seat": 0, "action": doc["best"], "step": doc["step"]},
                            headers={"X-Seat-Token": tokens["0"]})
            assert r.status_code == 200, r.text
        assert game.step >= 40 or bool(game.state["over"])


@pytest.mark.parametrize(("seats", "seed"), [(["human"], 3), (["human", "heuristic"], 8),
                                             (["heuristic", "human", "random"], 2)])
def test_the_hint_ignores_what_the_seat_cannot_see(app, seats, seed):
    """An attacker's check: the same position with the hidden cards dealt differently (the deck order, the other
    hands' unseen cards, the challenge pile) and another generator gives the same hint, for the same search seed.
    So the hint says nothing about the true hidden state."""
    with TestClient(app) as client:
        game, tokens = _start(client, seats, seed)
        seat = game.pending_seat()
        token = tokens[str(seat)]
        for _ in range(6):  # a few steps in, so that some cards have been drawn and seen
            r = client.post(f"/api/games/{game.gid}/act", headers={"X-Seat-Token": token},
                            json={"seat": seat, "action": _hint(client, game, token).json()["best"], "step": game.step})
            assert r.status_code == 200
            game.wait_idle()
        true_state = engine.clone(game.state)
        first = _hint(client, game, token).json()
        changed = 0
        for k in range(3):
            other = determinize(true_state, seat, np.random.default_rng(100 + k))
            changed += int(not np.array_equal(other["deck"], true_state["deck"]))
            with game.lock:
                game.state = other
            again = _hint(client, game, token).json()
            assert again["choices"] == first["choices"] and again["value"] == first["value"]
        assert changed > 0  # the hidden cards did move
        with game.lock:
            game.state = true_state


def test_rate_depends_on_the_search_seed_only_through_the_search():
    """The pure function under the route: the same state and seed give the same ratings, and the state of another
    seat's hidden cards changes nothing."""
    s = engine.new_game(engine.GameConfig(num_players=2), seed=4)
    agent = make_agent(hint_spec(2, Limits()))
    a, b = rate(agent, s, 9), rate(agent, determinize(s, int(s["dplayer"]), np.random.default_rng(1)), 9)
    assert a == b and a["player"] == int(s["dplayer"])
    _check_sane(a, s)


def test_the_hint_stays_within_the_limits():
    limits = Limits(max_iters=50, max_think_seconds=1.0)
    spec = hint_spec(1, limits)
    check_spec(spec, limits)  # what a page could ask for as an agent seat
    assert "iters=50" in spec and "nodes=51" in spec
    s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    assert rate(make_agent(spec), s, 0)["iterations"] <= 50


def test_a_hint_waits_for_a_free_search(tmp_path, monkeypatch):
    app = create_app(tmp_path, limits=Limits(max_searches=1))
    monkeypatch.setattr(hint_module, "WAIT_SECONDS", 0.05)
    with TestClient(app) as client:
        game, tokens = _start(client, ["human"], 1)
        searches = app.state.store.searches
        assert searches.acquire(timeout=5)  # the one search the server allows is busy
        try:
            r = _hint(client, game, tokens["0"])
            assert r.status_code == 429 and "searches" in r.json()["error"]
        finally:
            searches.release()
        assert _hint(client, game, tokens["0"]).status_code == 200


def test_the_replay_rates_the_choice_made_at_each_step(app):
    with TestClient(app) as client:
        game, tokens = _start(client, ["human", "heuristic"], 6)
        for _ in range(4):
            a = _hint(client, game, tokens["0"]).json()["choices"][-1]["action"]  # the AI's least liked choice
            client.post(f"/api/games/{game.gid}/act", json={"seat": 0, "action": a, "step": game.step},
                        headers={"X-Seat-Token": tokens["0"]})
            game.wait_idle()
        log = json.loads(game.log_path.read_text())  # a log the client holds itself may be replayed
        r = client.post("/api/replays", json={"log": log})
        assert r.status_code == 201, r.text
        rid, steps = r.json()["replay"], r.json()["steps"]
        for k in range(min(steps, 12)):
            doc = client.get(f"/api/replays/{rid}/{k}/hint").json()
            assert doc["chosen"]["action"] == log["actions"][k]
            assert 1 <= doc["chosen"]["rank"] <= doc["chosen"]["of"] == len(doc["choices"])
        assert client.get(f"/api/replays/{rid}/{steps}/hint").status_code == 400  # the end: no choice made there
        assert client.get(f"/api/replays/{rid}/x/hint").status_code == 400
        assert client.get("/api/replays/nosuch/0/hint").status_code == 404


def test_an_agent_seat_frees_its_search_buffers_while_the_person_decides(app):
    """net-mcts keeps ~11 MB of tree buffers between its searches: a web game's agent frees them once a person must
    decide (and when the game is dropped), and plays on afterwards."""
    with TestClient(app) as client:
        game, tokens = _start(client, ["human", "net-mcts:iters=50"], 3)
        agent = game.agents[1].agent
        for _ in range(30):
            if bool(game.state["over"]) or agent.last_iterations:
                break
            client.post(f"/api/games/{game.gid}/act", headers={"X-Seat-Token": tokens["0"]},
                        json={"seat": 0, "action": _hint(client, game, tokens["0"]).json()["best"],
                              "step": game.step})
            game.wait_idle()
        assert agent.last_iterations > 0  # it searched
        assert game.pending_seat() == 0 and agent._bufs == []  # and holds no tree while the person thinks


def test_release_frees_the_tree_and_the_agent_searches_again():
    s = engine.new_game(engine.GameConfig(num_players=1), seed=2)
    agent = make_agent("net-mcts:iters=30")
    agent.reset(np.random.default_rng(0))
    first = agent.search(s)
    assert agent._bufs  # type: ignore[attr-defined]
    agent.release()
    assert agent._bufs == []  # type: ignore[attr-defined]
    agent.reset(np.random.default_rng(0))
    assert np.array_equal(agent.search(s), first)  # the same search as before the release
