"""Galactic Civ on the web server (``df-env serve``, the game's view plug-in df_env/games/galactic_civ/web): a game is
created with its seats checked against the game's player counts and agents, a seat's view shows every seat's
attributes with the leaders, the phase track, the victory paths, its own hand only, and the legal choices only to
the seat that decides; answers are checked; a game plays to its end; its log is replayable only then; a restarted
server resumes it; the page's words exist in English and Chinese."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from df_env.core import make_game
from df_env.gamelog import GameLog, load_log, save_log
from df_env.games.galactic_civ.engine.tables import ATTRIBUTES_ZH, CARD_NAMES
from df_env.web.plugins import plugin_for, web_games
from df_env.web.server import create_app

GC = "galactic_civ"


@pytest.fixture()
def app(tmp_path):
    return create_app(tmp_path)


@pytest.fixture()
def client(app):
    with TestClient(app) as c:
        yield c


def _create(client, seats, seed=3, game=GC):
    r = client.post("/api/games", json={"game": game, "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    doc = r.json()
    assert doc["game_id"] == game
    return doc["game"], {int(p): tok for p, tok in doc["tokens"].items()}


def _answer_first_choices(c, app, gid: str, token: str, k: int):  # type: ignore[no-untyped-def]
    """Seat 0 answers its first choice ``k`` times (the agents move in between); the store's game, idle."""
    game = app.state.store.get(gid)
    for _ in range(k):
        game.wait_idle()
        v = _view(c, gid, token)
        c.post(f"/api/games/{gid}/act", json={"seat": 0, "action": v["decision"]["choices"][0]["action"],
                                              "step": v["step"]}, headers={"X-Seat-Token": token})
    game.wait_idle()
    return game


def _view(client, gid, token, lang="en", seat=None):
    q = f"?lang={lang}" + (f"&seat={seat}" if seat is not None else "")
    r = client.get(f"/api/games/{gid}/view{q}", headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    return r.json()


def _play_to_end(client, app, gid, token, seat=0, pick=-1):
    """Answer every decision of ``seat`` with its ``pick``-th choice until the game is over; the views seen."""
    game = app.state.store.get(gid)
    views = []
    for _ in range(2000):
        game.wait_idle()
        v = _view(client, gid, token)
        views.append(v)
        if v["over"]:
            return views
        choices = v["decision"]["choices"]
        r = client.post(f"/api/games/{gid}/act", json={"seat": seat, "action": choices[pick]["action"],
                                                         "step": v["step"]}, headers={"X-Seat-Token": token})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_the_server_hosts_both_games_and_says_what_a_page_may_choose(client):
    assert web_games() == ("deep_future", GC)
    doc = client.get("/api/agents?game=galactic_civ").json()
    assert doc["game"] == GC and doc["players"] == [2, 6]
    assert [g["id"] for g in doc["games"]] == ["deep_future", GC]
    assert set(doc["agents"]) == {"random", "first", "heuristic", "mcts", "net", "net-mcts"}  # the trained ones too
    assert doc["defaults"]["4"] == "heuristic"
    assert client.get("/api/agents").json()["players"] == [1, 3]  # Deep Future stays the default
    assert client.get("/api/agents?game=chess").status_code == 400
    words = client.get("/api/i18n/zh?game=galactic_civ").json()
    assert words["ui"]["title"] == "银河文明" and tuple(words["attributes"]) == ATTRIBUTES_ZH
    en = client.get("/api/i18n/en?game=galactic_civ").json()
    assert set(en["ui"]) == set(words["ui"]) and set(en["decisions"]) == set(words["decisions"])
    page = client.get("/static/games/galactic_civ/page.js")
    assert page.status_code == 200 and "GAME_PAGES.galactic_civ" in page.text
    assert client.get("/static/games/galactic_civ/page.css").status_code == 200
    for bad in ("/static/games/galactic_civ/view.py", "/static/games/galactic_civ/..%2Fview.py",
                "/static/games/deep_future/page.js", "/static/games/chess/page.js"):
        assert client.get(bad).status_code == 404, bad


@pytest.mark.parametrize("body, needle", [
    ({"game": GC, "seats": ["human"]}, "2-6 seats"),
    ({"game": GC, "seats": ["human"] + ["random"] * 6}, "2-6 seats"),
    ({"game": "chess", "seats": ["human", "random"]}, "hosts the games"),
    ({"game": GC, "seats": ["human", "net-mcts:leaf=nothing"]}, "must be one of rollout, value, mix"),
    ({"game": GC, "seats": ["human", "mcts:time=inf"]}, "--max-think-seconds"),
    ({"game": GC, "seats": ["human", "mcts:iters=3000000"]}, "--max-iters"),
    ({"game": GC, "seats": ["human", "ismcts"]}, "a page may choose"),
    ({"game": GC, "seats": ["human", "heuristic:path=/etc/passwd"]}, "a page may"),
])
def test_a_bad_galactic_civ_game_is_refused_with_a_clear_400(client, app, body, needle):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and needle in r.json()["error"], r.text
    assert not app.state.store.games


def test_a_seat_sees_every_attribute_and_its_own_hand_only(client, app):
    gid, tokens = _create(client, ["human", "heuristic", "random", "first"])
    game = app.state.store.get(gid)
    game.wait_idle()
    v = _view(client, gid, tokens[0])
    assert v["game_id"] == GC and v["players_n"] == 4 and v["seed"] is None
    assert len(v["phases"]) == 12 and len(v["attributes"]) == 8 and len(v["paths"]) == 5
    d = v["decision"]
    assert d["player"] == 0 and d["name"] == "race" and len(d["choices"]) >= 8  # the race choice comes first
    assert all("choose race" in c["text"] for c in d["choices"])
    # a few decisions in: a hand is dealt; the seat's cards show with their effects, the others' as counts
    for _ in range(3):
        v = _view(client, gid, tokens[0])
        client.post(f"/api/games/{gid}/act", json={"seat": 0, "action": v["decision"]["choices"][0]["action"],
                                                     "step": v["step"]}, headers={"X-Seat-Token": tokens[0]})
        game.wait_idle()
    v = _view(client, gid, tokens[0])
    me, others = v["players"][0], v["players"][1:]
    s = game.state
    assert me["hand_n"] == len(me["hand"]) == int(s["hand_n"][0])
    assert {c["card"] for c in me["hand"]} == {int(c) for c in s["hand"][0].nonzero()[0]}
    assert all(c["effects"] and c["name"] in c["text"] for c in me["hand"])
    assert all(p["hand"] == [] and p["hand_n"] == int(s["hand_n"][p["player"]]) for p in others)
    for p in v["players"]:
        assert p["attrs"] == [int(x) for x in s["attr"][p["player"], :8]] and p["race"]
        for a in range(8):  # the leader of each attribute: strictly highest (GCR5)
            best = max(q["attrs"][a] for q in v["players"] if q is not p)
            assert p["leads"][a] == (p["attrs"][a] > best)
    if v["decision"]["player"] != 0:
        assert "choices" not in v["decision"]


def test_answers_are_checked_and_change_nothing_when_refused(client, app):
    gid, tokens = _create(client, ["human", "heuristic"])
    game = app.state.store.get(gid)
    game.wait_idle()
    v = _view(client, gid, tokens[0])
    h = {"X-Seat-Token": tokens[0]}
    legal = {c["action"] for c in v["decision"]["choices"]}
    illegal = next(a for a in range(make_game(GC).info.num_actions) if a not in legal)
    r = client.post(f"/api/games/{gid}/act", json={"seat": 0, "action": illegal, "step": v["step"]}, headers=h)
    assert r.status_code == 422 and "not a legal choice for race" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/act", json={"seat": 0, "action": 10**6, "step": v["step"]}, headers=h)
    assert r.status_code == 400 and f"0..{make_game(GC).info.num_actions - 1}" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/act", json={"seat": 0, "action": min(legal), "step": v["step"] + 1},
                    headers=h)
    assert r.status_code == 409
    r = client.post(f"/api/games/{gid}/act", json={"seat": 0, "action": min(legal), "step": v["step"]})
    assert r.status_code == 403 and set(r.json()) == {"error"}
    assert game.step == v["step"]


def test_a_four_player_game_plays_to_its_end_and_is_replayable_only_then(client, app, tmp_path):
    gid, tokens = _create(client, ["human", "heuristic", "random", "first"], seed=5)
    log_name = f"web-{gid}.json"
    assert client.post("/api/replays", json={"file": log_name}).status_code == 404  # live: not replayable
    assert client.get("/api/logs").json()["logs"] == []
    views = _play_to_end(client, app, gid, tokens[0])
    end = views[-1]
    assert end["over"] and end["seed"] == 5 and end["decision"] is None
    result = end["result"]
    outcome = make_game(GC).outcome(app.state.store.get(gid).state)
    assert result["winner"] == outcome["winner"] and len(result["lines"]) == 4
    assert re.search(r"won: \w+ Victory on turn \d+\.|Nobody won", result["lines"][0]), result["lines"][0]
    assert all(line.startswith("Player") for line in result["lines"])
    assert "获胜" in result["text_zh"] or "平局" in result["text_zh"]
    assert any(e.startswith("you: ") for v in views for e in v["events"])
    assert any(" rolls " in e for v in views for e in v["events"])  # dice rolls in words
    log = load_log(tmp_path / log_name)
    assert log.game == GC and log.result["over"] is True and log.seats[0] == "human"
    assert client.get("/api/logs").json()["logs"] == [log_name]
    r = client.post("/api/replays", json={"file": log_name})
    assert r.status_code == 201 and r.json()["game_id"] == GC
    rid, steps = r.json()["replay"], r.json()["steps"]
    first = client.get(f"/api/replays/{rid}/0").json()
    assert first["game_id"] == GC and first["chosen"]["text"].startswith("choose race")
    mid = client.get(f"/api/replays/{rid}/{steps // 2}?lang=zh").json()
    assert all(len(p["hand"]) == p["hand_n"] for p in mid["players"])  # the replay shows every hand
    assert mid["turns"][0]["turn"] == 0 and len(mid["turns"]) > 5
    last = client.get(f"/api/replays/{rid}/{steps}?lang=zh").json()
    assert last["over"] and ("获胜" in last["result"]["text"] or "平局" in last["result"]["text"])


def test_the_chinese_view_words_the_decision_and_the_track_in_chinese(client, app):
    gid, tokens = _create(client, ["human", "random"])
    app.state.store.get(gid).wait_idle()
    v = _view(client, gid, tokens[0], lang="zh")
    assert v["lang"] == "zh" and v["attributes"] == list(ATTRIBUTES_ZH)
    assert v["phases"][0] == "机遇" and v["decision"]["title"] == "选择种族"
    assert all(c["text"].startswith("选择种族") for c in v["decision"]["choices"])
    # words of the game may keep the source's card and race names; nothing else is English
    names = set(CARD_NAMES) | {c["text"][5:].split(" (")[0] for c in v["decision"]["choices"]}
    for text in [v["decision"]["what"]] + [c["text"] for c in v["decision"]["choices"]]:
        for name in names:
            text = text.replace(name, "")
        assert not re.search(r"[A-Za-z]{3,}", text), text


def test_a_restarted_server_resumes_a_galactic_civ_game(tmp_path):
    app = create_app(tmp_path)
    with TestClient(app) as c:
        gid, tokens = _create(c, ["human", "heuristic", "random"], seed=9)
        game = _answer_first_choices(c, app, gid, tokens[0], 6)
        step, state = game.step, game.state.tobytes()
    again = create_app(tmp_path)
    resumed = again.state.store.get(gid)
    resumed.wait_idle()
    assert resumed.game_id == GC and resumed.step == step and resumed.state.tobytes() == state
    with TestClient(again) as c:
        v = _view(c, gid, tokens[0])
        assert v["game_id"] == GC and v["step"] == step


def test_a_search_at_the_table_models_the_person_and_keeps_its_model_on_restart(tmp_path):
    """``opponents=observed``: the search learns the seats' public names and sees the person's moves; a restarted
    server replays the log to the search too, so the resumed search holds the same model."""
    from agents.galactic_civ.fast import RANDOM
    from agents.galactic_civ.opponents import OpponentModel

    app = create_app(tmp_path)
    with TestClient(app) as c:
        gid, tokens = _create(c, ["human", "mcts:iters=5,opponents=observed", "random"], seed=9)
        game = _answer_first_choices(c, app, gid, tokens[0], 6)
        model = game.agents[1].agent.model
        assert model.named == {2: RANDOM}
        assert (model.log_odds[0] != OpponentModel(1).log_odds[0]).any()  # the person's public moves counted
        odds = model.log_odds.copy()
    resumed = create_app(tmp_path).state.store.get(gid)
    resumed.wait_idle()
    np.testing.assert_array_equal(resumed.agents[1].agent.model.log_odds, odds)


def test_undo_takes_back_a_decision_against_agents(client, app):
    gid, tokens = _create(client, ["human", "heuristic"], seed=4)
    game = app.state.store.get(gid)
    h = {"X-Seat-Token": tokens[0]}
    game.wait_idle()
    v = _view(client, gid, tokens[0])
    client.post(f"/api/games/{gid}/act", json={"seat": 0, "action": v["decision"]["choices"][0]["action"],
                                                 "step": v["step"]}, headers=h)
    app.state.store.get(gid).wait_idle()
    v2 = _view(client, gid, tokens[0])
    assert v2["can_undo"] and v2["step"] > v["step"]
    r = client.post(f"/api/games/{gid}/undo", json={"seat": 0, "step": v2["step"]}, headers=h)
    assert r.status_code == 200 and r.json()["step"] == v["step"] and r.json()["game_id"] == GC
    assert json.dumps(r.json()["decision"]["choices"]) == json.dumps(v["decision"]["choices"])


def test_the_plugins_keep_to_the_interface():
    for gid in web_games():
        plugin = plugin_for(gid)
        assert plugin.game_id == gid and plugin.game.info.id == gid and set(plugin.langs) == {"en", "zh"}
        g = plugin.game
        s = g.new_game(g.make_config(g.info.min_players if gid != GC else 2), seed=1)
        for lang in plugin.langs:
            v = plugin.player_view(s, 0, lang)
            assert v["decision"]["player"] == g.current_player(s)
            assert plugin.bundle(lang)["lang"] == lang
        assert plugin.decision_name(s) in ("HOME_PICK", "race") and plugin.in_setup(s)  # both begin with a setup
        # each start option's first value is the game's default, and every value is one the game takes
        defaults = g.config_to_dict(g.make_config(g.info.min_players))
        for key, values in plugin.start_options.items():
            assert defaults[key] == values[0], (gid, key)
            for value in values:
                assert g.config_to_dict(g.make_config(g.info.min_players, **{key: value}))[key] == value
    with pytest.raises(ValueError, match="hosts the games"):
        plugin_for("chess")


def test_df_env_serve_game_galactic_civ_offers_it_first(tmp_path):
    root = Path(__file__).resolve().parents[2]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    bad = subprocess.run([sys.executable, "-m", "df_env.cli", "serve", "--game", "chess"], capture_output=True,
                         text=True, env=env, cwd=tmp_path, timeout=120)
    assert bad.returncode == 2 and "chess" in bad.stderr and "Traceback" not in bad.stderr
    proc = subprocess.Popen([sys.executable, "-m", "df_env.cli", "serve", "--game", GC, "--port", str(port),
                             "--log-dir", str(tmp_path / "logs")], stdout=subprocess.PIPE, text=True, env=env,
                            cwd=tmp_path)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith(f"Galactic Civ: open http://127.0.0.1:{port}/")
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/agents") as r:
                    doc = json.loads(r.read())
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not answer")
        assert doc["game"] == GC and doc["players"] == [2, 6]
    finally:
        proc.terminate()
        proc.wait(30)


def test_a_saved_galactic_civ_game_goes_on_in_the_browser(tmp_path):
    """``df-env serve --resume LOG`` with a log of ``df-env play --game galactic_civ``."""
    game = make_game(GC)
    s = game.new_game(game.make_config(3), seed=21)
    log = GameLog(num_players=3, seed=21, seats=["human", "heuristic", "random"], game=GC)
    for _ in range(12):
        a = int(game.legal_actions(s)[0])
        game.apply_action(s, a)
        log.actions.append(a)
    log.set_result(s)
    save_log(log, tmp_path / "saved.json")
    app = create_app(tmp_path / "logs")
    web = app.state.store.import_log(tmp_path / "saved.json")
    web.wait_idle()
    assert web.game_id == GC and web.log.actions[:12] == log.actions and web.tokens
    with TestClient(app) as c:
        v = _view(c, web.gid, web.tokens[0])
        assert v["game_id"] == GC and v["step"] >= 12 and v["players_n"] == 3


@pytest.mark.parametrize("game", [["galactic_civ"], {"id": 1}, 7, None, "x" * 5000])
def test_a_game_that_is_not_a_hosted_id_is_a_400(client, game):
    r = client.post("/api/games", json={"game": game, "seats": ["human", "random"]})
    assert r.status_code == 400 and "hosts the games" in r.json()["error"] and len(r.text) < 400


def test_the_analysis_routes_refuse_a_galactic_civ_game_with_a_409(client, app):
    """The hint and 'winnable' analyses rate Deep Future decisions only: a Galactic Civ game gets a clear 409 (not
    a 500 from Deep Future's search reading another game's state), live or replayed."""
    gid, tokens = _create(client, ["human", "random"])
    app.state.store.get(gid).wait_idle()
    r = client.get(f"/api/games/{gid}/hint", headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 409 and "galactic_civ" in r.json()["error"], r.text
    r = client.post(f"/api/games/{gid}/winnable", headers={"X-Seat-Token": tokens[0]})
    assert r.status_code == 409 and "galactic_civ" in r.json()["error"], r.text
    _play_to_end(client, app, gid, tokens[0])
    r = client.post("/api/replays", json={"file": f"web-{gid}.json"})
    assert r.status_code == 201, r.text
    r = client.get(f"/api/replays/{r.json()['replay']}/0/hint")
    assert r.status_code == 409 and "galactic_civ" in r.json()["error"], r.text


# ---------------------------------------------------------------------------------------------- the start options
OPTION_VALUES = {"events": [False, True], "races": ["choose", "random"], "trade_literal": [False, True]}
ALLOWED = 'options: events (false or true), races ("choose" or "random"), trade_literal (false or true)'


def test_the_start_options_are_offered_and_checked(client, app):
    """/api/agents lists the game's start options with their values, the default first (Galactic Civ: the Events
    deck, GC24-GC31; the races chosen in turn, GCR7, or dealt at random; GCR2's variant; Deep Future: none) and the
    page's words label them in both languages."""
    doc = client.get("/api/agents?game=galactic_civ").json()
    assert doc["options"] == ["events", "races", "trade_literal"] and doc["option_values"] == OPTION_VALUES
    assert client.get("/api/agents").json()["options"] == [] and client.get("/api/agents").json()["option_values"] == {}
    for lang, needles in (("en", {"option_events": "Events deck", "option_races": "Races",
                                  "option_races_choose": "in turn", "option_races_random": "at random",
                                  "option_trade_literal": "Influence"}),
                          ("zh", {"option_events": "事件牌组", "option_races": "种族", "option_races_choose": "依次",
                                  "option_races_random": "随机", "option_trade_literal": "影响"})):
        ui = client.get(f"/api/i18n/{lang}?game=galactic_civ").json()["ui"]
        for key, needle in needles.items():
            assert needle in ui[key], (lang, key)


@pytest.mark.parametrize("body, needle", [
    ({"game": GC, "options": {"events": "yes"}}, "Galactic Civ's events must be false or true, got \"yes\""),
    ({"game": GC, "options": {"events": 1}}, "events must be false or true, got 1"),  # 1 is not true
    ({"game": GC, "options": {"trade_literal": 0}}, "trade_literal must be false or true, got 0"),
    ({"game": GC, "options": {"trade_literal": None}}, "trade_literal must be false or true, got null"),
    ({"game": GC, "options": {"races": "chosen"}}, 'races must be "choose" or "random", got "chosen"'),
    ({"game": GC, "options": {"races": True}}, 'races must be "choose" or "random", got true'),
    ({"game": GC, "options": {"races": ["Aquans", "Ravagers"]}}, 'races must be "choose" or "random"'),
    ({"game": GC, "options": {"race": "random"}}, f'Galactic Civ has no start option "race" ({ALLOWED})'),
    ({"game": GC, "options": {"trade-literal": True}}, 'no start option "trade-literal"'),
    ({"game": GC, "options": ["events"]}, f"must be an object of Galactic Civ's start options ({ALLOWED})"),
    ({"game": GC, "options": "races=random"}, "must be an object"),
    ({"game": "deep_future", "options": {"events": True}}, 'Deep Future has no start option "events" (options: none)'),
    ({"game": "deep_future", "options": {"races": "random"}}, 'Deep Future has no start option "races"'),
    ({"game": "deep_future", "options": {"trade_literal": True}}, 'no start option "trade_literal" (options: none)'),
])
def test_a_bad_start_option_is_a_400_naming_the_allowed(client, app, body, needle):
    seats = ["human", "random"] if body["game"] == GC else ["human"]
    r = client.post("/api/games", json={**body, "seats": seats, "seed": 4})
    assert r.status_code == 400 and needle in r.json()["error"], r.text
    assert list(r.json()) == ["error"] and not app.state.store.games


def test_deep_future_takes_an_empty_options_object(client, app):
    r = client.post("/api/games", json={"game": "deep_future", "seats": ["human"], "seed": 4, "options": {}})
    assert r.status_code == 201 and r.json()["options"] == {}
    v = _view(client, r.json()["game"], r.json()["tokens"]["0"])
    assert v["options"] == {}


RANDOM_TRADE = {"races": "random", "trade_literal": True}


def test_races_at_random_and_trade_literal_deal_the_game_and_the_log_records_them_as_the_cli_does(tmp_path):
    """``"options": {"races": "random", "trade_literal": true}`` deals the game the CLI's ``--races random
    --trade-literal`` deals (the same state from the same seed: races dealt, no race decision; the Trade Phase tests
    Influence, GCR2); the answer, every view and the replay carry the options; the log's configuration is the CLI
    log's; a restarted server, an undo and a replay keep them."""
    game = make_game(GC)
    config = game.make_config(2, **RANDOM_TRADE)
    app = create_app(tmp_path)
    with TestClient(app) as c:
        r = c.post("/api/games", json={"game": GC, "seats": ["human", "human"], "seed": 11, "options": RANDOM_TRADE})
        assert r.status_code == 201, r.text
        options = {"events": False, **RANDOM_TRADE}
        assert r.json()["options"] == options
        gid, tokens = r.json()["game"], r.json()["tokens"]
        web = app.state.store.get(gid)
        assert web.state.tobytes() == game.new_game(config, 11).tobytes()
        assert int(web.state["trade_literal"]) == 1
        v = _view(c, gid, tokens["0"], seat=0)
        assert v["options"] == options and v["decision"]["name"] != "race" and all(p["race"] for p in v["players"])
        assert _view(c, gid, tokens["1"], lang="zh", seat=1)["options"] == options
        cli = GameLog.of_config(GC, config, 11, ["human", "human"]).to_dict()["config"]
        saved = json.loads((tmp_path / f"web-{gid}.json").read_text())
        assert saved["config"] == cli == {"num_players": 2, "events": False, "races": "random", "trade_literal": True}
        log = load_log(tmp_path / f"web-{gid}.json")
        assert log.options == options and log.game_config() == config
        views = _play_to_both_ends(c, app, gid, tokens)
        assert all(v["options"] == options for v in views)
        rid = c.post("/api/replays", json={"file": f"web-{gid}.json"}).json()["replay"]
        step = c.get(f"/api/replays/{rid}/0").json()
        assert step["options"] == options and all(p["race"] for p in step["players"])


def _play_to_both_ends(c, app, gid, tokens):
    """Both person seats answer their first choice until the game is over; the views seen."""
    game, views = app.state.store.get(gid), []
    for _ in range(3000):
        p = game.pending_seat()
        v = _view(c, gid, tokens[str(p)] if p is not None else tokens["0"], seat=p if p is not None else 0)
        views.append(v)
        if v["over"]:
            return views
        r = c.post(f"/api/games/{gid}/act", json={"seat": p, "action": v["decision"]["choices"][0]["action"],
                                                    "step": v["step"]}, headers={"X-Seat-Token": tokens[str(p)]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_a_game_with_the_options_is_resumed_and_undone_with_them(tmp_path):
    app = create_app(tmp_path)
    with TestClient(app) as c:
        r = c.post("/api/games", json={"game": GC, "seats": ["human", "heuristic"], "seed": 5,
                                       "options": RANDOM_TRADE})
        gid, token = r.json()["game"], r.json()["tokens"]["0"]
        game = _answer_first_choices(c, app, gid, token, 3)
        v = _view(c, gid, token)
        r = c.post(f"/api/games/{gid}/undo", json={"seat": 0, "step": v["step"]}, headers={"X-Seat-Token": token})
        assert r.status_code == 200 and r.json()["options"]["races"] == "random", r.text
        undone = app.state.store.get(gid)
        assert undone is not game and int(undone.state["trade_literal"]) == 1
        step, state = undone.step, undone.state.tobytes()
    again = create_app(tmp_path)
    resumed = again.state.store.get(gid)
    resumed.wait_idle()
    assert resumed.step == step and resumed.state.tobytes() == state
    assert resumed.log.options == {"events": False, **RANDOM_TRADE}


# ---------------------------------------------------------------------------------------------- the Events deck
def _events_game(client, app, seats, seed=2):
    r = client.post("/api/games", json={"game": GC, "seats": seats, "seed": seed, "options": {"events": True}})
    assert r.status_code == 201, r.text
    assert r.json()["options"] == {"events": True, "races": "choose", "trade_literal": False}
    return r.json()["game"], {int(p): tok for p, tok in r.json()["tokens"].items()}


def test_a_game_with_events_shows_them_in_words_and_is_saved_replayed_and_resumed_with_them(tmp_path):
    """The log records the Events deck; the views show the Event deck as a count and every Event drawn in words
    (name, type, effect) in both languages; the finished game replays with Events; a restarted server resumes a
    game with Events as one."""
    app = create_app(tmp_path)
    with TestClient(app) as c:
        gid, tokens = _events_game(c, app, ["human", "heuristic", "random"])
        game = app.state.store.get(gid)
        assert bool(game.state["events_on"]) and load_log(tmp_path / f"web-{gid}.json").options["events"] is True
        views = _play_to_end(c, app, gid, tokens[0])
        drawn = [e for v in views for e in v["events"] if "draws the event" in e]
        assert drawn and all(v["piles"]["events_on"] for v in views)
        assert re.search(r"draws the event [\w' -]+ \((Moral Dilemma|Galactic Event|United Planets Issue): ", drawn[0])
        assert views[0]["piles"]["event_deck"] == 77 and views[-1]["piles"]["event_deck"] < 77
        zh = _view(c, gid, tokens[0], lang="zh")
        assert zh["over"]
        log = load_log(tmp_path / f"web-{gid}.json")
        assert log.game_config().events is True and log.result["over"] is True
        r = c.post("/api/replays", json={"file": f"web-{gid}.json"})
        rid, steps = r.json()["replay"], r.json()["steps"]
        words = [e for k in range(steps + 1) for e in c.get(f"/api/replays/{rid}/{k}?lang=zh").json()["events"]
                 if "抽到事件" in e]
        assert words and re.search(r"（?(道德困境|银河事件|联合星球议题): ", words[0]), words[0]
        gid2, tokens2 = _events_game(c, app, ["human", "heuristic"], seed=8)
        game2 = _answer_first_choices(c, app, gid2, tokens2[0], 4)
        step, state = game2.step, game2.state.tobytes()
    again = create_app(tmp_path)
    resumed = again.state.store.get(gid2)
    resumed.wait_idle()
    assert resumed.step == step and resumed.state.tobytes() == state and bool(resumed.state["events_on"])
    assert resumed.log.options["events"] is True


def test_a_saved_game_with_events_goes_on_in_the_browser_and_undo_keeps_them(tmp_path):
    """``df-env serve --resume LOG`` of a ``df-env play --events`` log, and an undo, keep the Events deck."""
    game = make_game(GC)
    config = game.make_config(2, events=True)
    s = game.new_game(config, seed=6)
    log = GameLog.of_config(GC, config, 6, ["human", "heuristic"])
    for _ in range(10):
        a = int(game.legal_actions(s)[0])
        game.apply_action(s, a)
        log.actions.append(a)
    save_log(log, tmp_path / "saved.json")
    app = create_app(tmp_path / "logs")
    web = app.state.store.import_log(tmp_path / "saved.json")
    web.wait_idle()
    assert bool(web.state["events_on"]) and web.log.options["events"] is True
    with TestClient(app) as c:
        token = web.tokens[0]
        v = _view(c, web.gid, token)
        assert v["piles"]["events_on"]
        r = c.post(f"/api/games/{web.gid}/act", json={"seat": 0, "action": v["decision"]["choices"][0]["action"],
                                                        "step": v["step"]}, headers={"X-Seat-Token": token})
        assert r.status_code == 200
        app.state.store.get(web.gid).wait_idle()
        v2 = _view(c, web.gid, token)
        r = c.post(f"/api/games/{web.gid}/undo", json={"seat": 0, "step": v2["step"]},
                   headers={"X-Seat-Token": token})
        assert r.status_code == 200 and r.json()["step"] == v["step"]
        undone = app.state.store.get(web.gid)
        assert bool(undone.state["events_on"]) and undone.log.options["events"] is True
        assert load_log(tmp_path / "logs" / f"web-{web.gid}.json").game_config().events is True
