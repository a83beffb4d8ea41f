"""Hypothesis over every route of the web server: whatever the method, path, query, headers and body, the answer is
never a server error (>= 500), and every refusal under /api is a JSON ``{"error": ...}``. A new game's start options
(``POST /api/games``'s ``options``) are fuzzed on their own too: the allowed ones deal the game with them, anything
else is a 400 naming the field (``--hypothesis-show-statistics`` counts both).

The suite runs a few hundred requests (both games: a live Galactic Civ game among the targets); the bar (2,000)
is run with ``DF_WEB_FUZZ=2000``::

    DF_WEB_FUZZ=2000 python3 -m pytest tests/web/test_web_fuzz.py -q
"""

from __future__ import annotations

import json
import math
import os
from urllib.parse import quote

import pytest

pytest.importorskip("starlette")
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from df_env.web.server import create_app

EXAMPLES = int(os.environ.get("DF_WEB_FUZZ", "300"))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A server with a live game (a person and an agent), a finished one and a replay: real ids to aim at."""
    app = create_app(tmp_path_factory.mktemp("fuzzlogs"))
    with TestClient(app, raise_server_exceptions=False) as client:
        live = client.post("/api/games", json={"seats": ["human", "random"], "seed": 1}).json()
        gc = client.post("/api/games", json={"game": "galactic_civ", "seats": ["human", "random"], "seed": 1}).json()
        done = client.post("/api/games", json={"seats": ["human"], "seed": 2}).json()
        store = app.state.store
        game = store.get(done["game"])
        while not game.state["over"]:
            v = client.get(f"/api/games/{game.gid}/view", headers={"X-Seat-Token": done["tokens"]["0"]}).json()
            client.post(f"/api/games/{game.gid}/act", headers={"X-Seat-Token": done["tokens"]["0"]},
                        json={"seat": 0, "step": v["step"], "action": v["decision"]["choices"][-1]["action"]})
        rid = client.post("/api/replays", json={"file": game.log_path.name}).json()["replay"]
        yield client, {"gids": [live["game"], done["game"], gc["game"]],
                       "tokens": [live["tokens"]["0"], done["tokens"]["0"], gc["tokens"]["0"]],
                       "rid": rid, "log": game.log.to_dict(), "file": game.log_path.name}


_text = st.text(max_size=12)
_odd_numbers = st.sampled_from(["²", "9" * 5000, "-1", "1e3", "0x10", " 1", "٣", "NaN", ""])
_ints = st.integers(-3, 2000) | st.sampled_from([2**63, 2**64, -(2**70), 10**30])
_json = st.recursive(st.none() | st.booleans() | _ints | st.floats(allow_nan=True) | _text,
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
                     max_leaves=10)
_specs = st.sampled_from(["human", "heuristic", "random", "mcts:iters=5", "mcts:time=inf", "net:path=/etc/passwd",
                          "ppo", "x" * 300, "mcts:iters=" + "9" * 5000, ""]) | _text

_games = st.sampled_from(["deep_future", "galactic_civ", "chess", "../deep_future", ""]) | _text
# a new game's start options (Galactic Civ's events, races, trade_literal): the allowed values, near misses
# (1 for true, "Random", a list of race names), other JSON; the names of the options and near misses
_option_names = st.sampled_from(["events", "races", "trade_literal", "race", "trade-literal", "restart_on_loss",
                                 "num_players", ""]) | _text
_option_values = st.sampled_from([True, False, "choose", "random", "Random", "", 0, 1, None, ["Aquans", "Ravagers"],
                                  ["Aquans"], {"races": "random"}]) | _json
_options = st.dictionaries(_option_names, _option_values, max_size=4)
_good_options = st.fixed_dictionaries({}, optional={"events": st.booleans(), "races": st.sampled_from(
    ["choose", "random"]), "trade_literal": st.booleans()})


@st.composite
def _request(draw, world_ids):
    gid = draw(st.sampled_from(world_ids["gids"]) | _text | st.just("../../etc"))
    rid = draw(st.just(world_ids["rid"]) | _text)
    k = draw(st.integers(-2, 400).map(str) | _odd_numbers | _text)
    lang = draw(st.sampled_from(["en", "zh", "fr"]) | _text)
    path = draw(st.sampled_from([
        "/", "/favicon.ico", "/static/app.js", f"/static/{quote(draw(_text), safe='')}", f"/api/i18n/{quote(lang)}",
        "/api/agents", "/api/games", f"/api/games/{quote(gid, safe='')}/view",
        f"/api/games/{quote(gid, safe='')}/act", f"/api/games/{quote(gid, safe='')}/undo", "/api/logs",
        "/api/campaigns", "/api/replays",
        f"/api/replays/{quote(rid, safe='')}/{quote(k, safe='')}", "/api/nothing",
        f"/api/games/{quote(gid, safe='')}/hint", f"/api/games/{quote(gid, safe='')}/winnable",
        f"/api/replays/{quote(rid, safe='')}/{quote(k, safe='')}/hint",
        f"/static/games/{quote(draw(_games), safe='')}/{quote(draw(_text | st.just('page.js')), safe='')}"]))
    method = draw(st.sampled_from(["GET", "POST", "POST", "PUT", "DELETE"]))
    query = draw(st.dictionaries(st.sampled_from(["seat", "lang", "token", "observer", "game"]),
                                 _odd_numbers | _text | _games | st.sampled_from(world_ids["tokens"]), max_size=3))
    token = draw(st.none() | st.sampled_from(world_ids["tokens"]) | st.text(
        st.characters(min_codepoint=32, max_codepoint=126), max_size=80))
    fields = st.fixed_dictionaries({}, optional={
        "seats": st.lists(_specs, max_size=7) | _json, "game": _games | _json, "seed": _ints | _json,
        "options": _options | _json,
        "seat": _ints | _text,
        "action": _ints | _json, "step": _ints | _json, "file": st.sampled_from([world_ids["file"], "../x.json"])
        | _text, "log": st.just(world_ids["log"]) | _json})
    body = draw(st.one_of(st.none(), st.binary(max_size=40), fields.map(lambda d: json.dumps(d).encode()),
                          _json.map(lambda d: json.dumps(d).encode()),
                          st.sampled_from([b"[" * 50_000, b'{"seed": ' + b"9" * 5000 + b"}"])))
    return method, path, query, token, body


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])
@given(data=st.data())
def test_no_request_gets_a_server_error(world, data):
    client, ids = world
    method, path, query, token, body = data.draw(_request(ids))
    headers = {"X-Seat-Token": token} if token is not None else {}
    r = client.request(method, path, params=query, headers=headers, content=body)
    assert r.status_code < 500, (method, path, query, token, body[:200] if body else body, r.status_code, r.text[:300])
    if path.startswith("/api/") and 400 <= r.status_code < 500 and r.status_code not in (404, 405):
        assert r.json()["error"]


# the start options each game offers (a value of another JSON type is refused: 1 is not true)
START_OPTIONS = {"deep_future": {}, "galactic_civ": {"events": [False, True], "races": ["choose", "random"],
                                                     "trade_literal": [False, True]}}


def _allowed(game: str, options: object) -> bool:
    offered = START_OPTIONS[game]
    return isinstance(options, dict) and all(
        k in offered and any(type(v) is type(a) and v == a for a in offered[k]) for k, v in options.items())


@pytest.fixture(scope="module")
def new_games(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("fuzzoptions"))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, app


@settings(max_examples=max(EXAMPLES // 3, 50), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(START_OPTIONS)), players=st.integers(2, 3),
       options=_good_options | _good_options.flatmap(lambda d: _options.map(lambda e: {**d, **e})) | _options | _json)
@example(game="deep_future", players=2, options=math.inf)  # found by CI: a non-finite number
@example(game="galactic_civ", players=2, options={"races": math.nan})
def test_a_new_games_options_deal_it_or_are_refused_naming_the_allowed(new_games, game, options, players):
    """A new game's ``options``: the allowed ones start the game dealt with them (its answer, its log and its state
    say so); anything else is a 400 naming the field, and nothing is created."""
    client, app = new_games
    seats = ["human"] * (players if game == "galactic_civ" else players - 1)
    before = set(app.state.store.games)
    # sent as Python writes JSON (NaN and Infinity too, which httpx's json= refuses to send)
    body = json.dumps({"game": game, "seats": seats, "seed": 9, "options": options})
    r = client.post("/api/games", content=body.encode(), headers={"content-type": "application/json"})
    event("refused" if not _allowed(game, options) else f"created with {len(options)} options")
    if not _allowed(game, options):
        assert r.status_code == 400 and "field 'options'" in r.json()["error"], r.text
        assert set(app.state.store.games) == before
        return
    assert r.status_code == 201, r.text
    defaults = {k: v[0] for k, v in START_OPTIONS[game].items()}
    assert r.json()["options"] == {**defaults, **options}
    web = app.state.store.get(r.json()["game"])
    assert web.log.options == {**defaults, **options}
    assert web.state.tobytes() == web.rules.new_game(web.log.game_config(), 9).tobytes()
    if game == "galactic_civ":
        s = web.state
        assert (bool(s["events_on"]), int(s["trade_literal"])) == (web.log.options["events"],
                                                                    int(web.log.options["trade_literal"]))
        assert (int(s["phase"]) == 0) is (web.log.options["races"] == "choose")  # PH_RACE: the races are chosen
