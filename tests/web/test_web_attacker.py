"""The attacker's test: a client holding one seat's token of a 2- or 3-player game against agents collects
everything the server will send it at every step (its views in both languages, other seats' views, the errors of
bad answers, the game list, the logs and any replay it can reach) and finds in it no card of another hand, no card
of the deck or the challenge pile (so no order), no seed and no generator word; a client without the seat's token
gets nothing of that seat."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from df_env.games.deep_future import engine
from df_env.games.deep_future.web import engine_view as E
from df_env.web.server import create_app

SEED = 0x5DEECE66D1234567  # a seed of 63 bits, as the server draws them: its digits cannot appear by chance


def _hidden_cards(s, seat: int) -> set[int]:
    """The cards ``seat`` may not see now: other hands (unless he has seen the card), the deck, the challenge
    pile."""
    hidden = set()
    for p in range(int(s["n_players"])):
        if p != seat:
            hidden |= {int(c) for c in s["hand"][p, : int(s["hand_n"][p])] if not (int(s["c_known"][c]) >> seat) & 1}
    hidden |= {int(c) for c in s["deck"][: int(s["deck_n"])]}
    hidden |= {int(c) for c in s["chal"][: int(s["chal_n"])] if c >= 0}
    return hidden


def _card_ids(doc) -> set[int]:
    """Every card id in a JSON answer (a card is a dict with an ``id`` and a ``suit``)."""
    found: set[int] = set()
    if isinstance(doc, dict):
        if "id" in doc and "suit" in doc:
            found.add(doc["id"])
        for x in doc.values():
            found |= _card_ids(x)
    elif isinstance(doc, list):
        for x in doc:
            found |= _card_ids(x)
    return found


def _without_events(doc):
    """The answer without its ``events`` (public history: a card once face up in the discard may since have gone
    back into the deck, and the event still names it)."""
    return {k: v for k, v in doc.items() if k != "events"} if isinstance(doc, dict) else doc


def _check(answers: list, s, seat: int, seed: int) -> None:
    hidden = _hidden_cards(s, seat)
    labels = [E.card_label(s, c, lang) for c in hidden for lang in E.TEXT_LANGS]
    secrets = [str(seed), hex(seed)[2:]] + [str(int(w)) for w in s["rng"] if int(w) > 99_999]
    for doc in answers:
        text = json.dumps(doc, ensure_ascii=False)
        assert not any(x in text for x in secrets), (seat, text[:300])
        quiet = json.dumps(_without_events(doc), ensure_ascii=False)
        assert not _card_ids(_without_events(doc)) & hidden, (seat, _card_ids(doc) & hidden)
        assert not [label for label in labels if label in quiet], seat
        for line in doc.get("events", []) if isinstance(doc, dict) else []:
            assert " drew #" not in line or line.strip().startswith(f"player {seat} ")


def _everything_reachable(client, gid: str, seat: int, n: int, token: str, v: dict) -> list:
    """What a client with ``token`` can ask of the server now, good and bad requests alike (the hint of its
    decision included)."""
    h = {"X-Seat-Token": token}
    out = [client.get(f"/api/games/{gid}/view?lang={lang}", headers=h).json() for lang in E.TEXT_LANGS]
    out += [client.get(f"/api/games/{gid}/view?seat={p}", headers=h).json() for p in range(n)]
    out.append(client.get("/api/games", headers=h).json())
    logs = client.get("/api/logs").json()
    out.append(logs)
    out.append(client.post("/api/replays", json={"file": f"web-{gid}.json"}).json())
    legal = sorted(c["action"] for c in (v["decision"] or {}).get("choices", []))
    illegal = next(a for a in range(engine.NUM_ACTIONS) if a not in legal)
    some = legal[0] if legal else 0
    for p in range(n):  # another's seat, an illegal action, a stale step: refused, with the reason
        tries = [(some, v["step"])] if p != seat else [(illegal, v["step"]), (some, v["step"] + 1)]
        for action, step in tries:
            r = client.post(f"/api/games/{gid}/act", headers=h, json={"seat": p, "action": action, "step": step})
            assert r.status_code in (403, 409, 422), r.text
            out.append(r.json())
    stale = client.post(f"/api/games/{gid}/undo", headers=h, json={"seat": seat, "step": v["step"] + 1})
    assert stale.status_code == 409
    out.append(stale.json())
    for p in range(n):  # the AI's ratings: the seat's own decision rated, the others' refused
        r = client.get(f"/api/games/{gid}/hint?seat={p}", headers=h)
        assert r.status_code == (200 if p == seat else 403), r.text
        out.append(r.json())
    r = client.post(f"/api/games/{gid}/winnable", headers=h, json={})
    assert r.status_code == 409  # no reference (it sees the deck) for a multiplayer game
    out.append(r.json())
    return out


@pytest.mark.parametrize("seats", [
    ["human", "heuristic"], ["heuristic", "human"],
    ["human", "heuristic", "random"], ["random", "human", "heuristic"], ["heuristic", "random", "human"],
])
def test_a_seat_learns_nothing_hidden_from_anything_the_server_sends(tmp_path, seats):
    app = create_app(tmp_path)
    seat, n = seats.index("human"), len(seats)
    with TestClient(app) as client:
        created = client.post("/api/games", json={"seats": seats, "seed": SEED}).json()
        gid, token = created["game"], created["tokens"][str(seat)]
        game = app.state.store.get(gid)
        decisions = 0
        for _ in range(3000):
            game.wait_idle()
            v = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": token}).json()
            if v["over"]:
                break
            with game.lock:  # the true state while the seat looks (agents wait for the seat's answer)
                s = engine.clone(game.state)
            answers = [v, *_everything_reachable(client, gid, seat, n, token, v)]
            _check(answers, s, seat, SEED)
            for other in ({}, {"X-Seat-Token": "x" * 24}):  # no token, a wrong one: nothing but an error
                r = client.get(f"/api/games/{gid}/view?seat={seat}", headers=other)
                assert r.status_code == 403 and list(r.json()) == ["error"]
            act = client.post(f"/api/games/{gid}/act", headers={"X-Seat-Token": token},
                              json={"seat": seat, "step": v["step"],
                                    "action": v["decision"]["choices"][-1]["action"]})
            assert act.status_code == 200, act.text
            with game.lock:
                s = engine.clone(game.state)
            if not s["over"]:
                _check([act.json()], s, seat, SEED)
            decisions += 1
        assert game.state["over"] and decisions > 3
