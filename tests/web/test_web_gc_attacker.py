"""The attacker's test for Galactic Civ: a client holding one seat's token of a 2- or 4-player game against agents
collects everything the server sends it at every step (its views in both languages, other seats' views, the errors
of bad answers, the game list, the log list and the replay it may try) and finds in it no card of another hand, no
card of the deck (so no order) that has not been public, no seed and no generator word; a client without the seat's
token gets nothing of that seat. Games with the optional Events deck (GC24-GC31) are attacked too: no Event card
still in the Event deck (so no order) reaches the client before it is drawn; and games with the races dealt at
random and GCR2's variant (the start page's other options)."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from df_env.core import make_game
from df_env.games.galactic_civ.engine.state import L_DISCARD, L_EVENT, L_PLAY
from df_env.games.galactic_civ.engine.tables import CARD_NAMES, EVENT_NAMES, RACE_NAMES
from df_env.web.server import create_app

SEED = 0x5DEECE66D1234567  # a seed of 63 bits, as the server draws them: its digits cannot appear by chance
GC = make_game("galactic_civ")


def _cards(doc) -> set[int]:
    """Every card id in a JSON answer (a card is a dict with ``card`` and ``name``)."""
    found: set[int] = set()
    if isinstance(doc, dict):
        if "card" in doc and "name" in doc:
            found.add(doc["card"])
        for x in doc.values():
            found |= _cards(x)
    elif isinstance(doc, list):
        for x in doc:
            found |= _cards(x)
    return found


class Watcher:
    """What ``seat`` may know at each step: the cards ever public (played or discarded face up, read from the
    engine's log of every step, since a discarded card may be shuffled back into the deck within one step) or ever
    in its own hand; the hidden cards now are the other hands and the deck."""

    def __init__(self, seat: int, seed: int, num_players: int, options: dict | None = None) -> None:
        self.seat = seat
        self.seen: set[int] = set()
        self.events_seen: set[int] = set()  # the Event cards drawn so far (public once drawn, GC24)
        self.state = GC.new_game(GC.make_config(num_players, **(options or {})), seed)
        self.steps = 0
        self._saw(self.state)

    def _saw(self, s: np.ndarray) -> None:
        rows = s["log"][: int(s["log_n"])]
        self.seen |= {int(a) for kind, _, a, _ in rows if kind in (L_PLAY, L_DISCARD)}
        self.events_seen |= {int(a) for kind, _, a, _ in rows if kind == L_EVENT}
        self.seen |= {int(c) for c in np.flatnonzero(s["hand"][self.seat])}

    def advance(self, actions: list[int]) -> np.ndarray:
        """The true state after ``actions`` (a copy; the watcher follows them)."""
        for a in actions[self.steps:]:
            GC.apply_action(self.state, a)
            self._saw(self.state)
        self.steps = len(actions)
        return GC.clone(self.state)

    def look(self, s: np.ndarray, actions: list[int]) -> tuple[set[int], set[int]]:
        """(hidden now, hidden and never seen) in the true state ``s`` reached by ``actions``."""
        assert self.advance(actions).tobytes() == s.tobytes()
        hidden = {int(c) for c in s["deck"][: int(s["deck_n"])]}
        for p in range(int(s["n_players"])):
            if p != self.seat:
                hidden |= {int(c) for c in np.flatnonzero(s["hand"][p])}
        return hidden, hidden - self.seen

    def undrawn_events(self, s: np.ndarray) -> set[str]:
        """The names of the Event cards still in the Event deck (never drawn: no client may know them yet)."""
        return {EVENT_NAMES[int(e)] for e in s["edeck"][: int(s["edeck_n"])]} - {EVENT_NAMES[e] for e in
                                                                                  self.events_seen}


def _without_events(doc):
    """The answer without its ``events`` (public history: a card once face up in the discard pile may since have
    gone back into the deck and to another hand, and the event still names it)."""
    return {k: v for k, v in doc.items() if k != "events"} if isinstance(doc, dict) else doc


def _names_in(text: str, names: set[str], public: list[str]) -> list[str]:
    """The ``names`` found in ``text`` once every public name (longest first) is cut out of it (a hidden card's name
    may be part of a public one: Elerium in Crystalized Elerium)."""
    for name in public:
        text = text.replace(name, "")
    return [n for n in names if n in text]


def _check(answers: list, s: np.ndarray, actions: list[int], watcher: Watcher, seed: int) -> None:
    hidden, never = watcher.look(s, actions)
    hidden_names, never_names = {CARD_NAMES[c] for c in hidden}, {CARD_NAMES[c] for c in never}
    public = sorted((set(CARD_NAMES) - hidden_names) | set(RACE_NAMES) | set(EVENT_NAMES), key=len, reverse=True)
    secrets = [str(seed), hex(seed)[2:]] + [str(int(w)) for w in s["rng"] if int(w) > 99_999]
    for doc in answers:
        text = json.dumps(doc, ensure_ascii=False)
        assert not any(x in text for x in secrets), (watcher.seat, text[:300])
        assert not _names_in(text, never_names, public), (watcher.seat, _names_in(text, never_names, public))
        quiet = _without_events(doc)
        assert not _cards(quiet) & hidden, (watcher.seat, _cards(quiet) & hidden)
        assert not _names_in(json.dumps(quiet, ensure_ascii=False), hidden_names, public), watcher.seat
        assert "deck_order" not in text and '"rng"' not in text and '"forced"' not in text
        assert '"edeck"' not in text
        undrawn = _names_in(text, watcher.undrawn_events(s), sorted(set(CARD_NAMES) | set(RACE_NAMES), key=len,
                                                                     reverse=True))
        assert not undrawn, (watcher.seat, undrawn)


def _everything_reachable(client, gid: str, seat: int, n: int, token: str, v: dict) -> list:
    """What a client with ``token`` can ask of the server now, good and bad requests alike."""
    h = {"X-Seat-Token": token}
    out = [client.get(f"/api/games/{gid}/view?lang={lang}", headers=h).json() for lang in ("en", "zh")]
    out += [client.get(f"/api/games/{gid}/view?seat={p}", headers=h).json() for p in range(n)]
    out.append(client.get("/api/games", headers=h).json())
    out.append(client.get("/api/logs").json())
    replay = client.post("/api/replays", json={"file": f"web-{gid}.json"})
    assert replay.status_code == 404  # a live game's log is not replayable
    out.append(replay.json())
    legal = sorted(c["action"] for c in (v["decision"] or {}).get("choices", []))
    illegal = next(a for a in range(GC.info.num_actions) if a not in legal)
    some = legal[0] if legal else 0
    for p in range(n):  # another's seat, an illegal action, a stale step: refused, with the reason
        tries = [(some, v["step"])] if p != seat else [(illegal, v["step"]), (some, v["step"] + 1)]
        for action, step in tries:
            r = client.post(f"/api/games/{gid}/act", headers=h, json={"seat": p, "action": action, "step": step})
            assert r.status_code in (403, 409, 422), r.text
            out.append(r.json())
    return out


def _nothing_without_the_token(client, gid: str, seat: int, v: dict) -> None:
    for other in ({}, {"X-Seat-Token": "x" * 24}):  # no token, a wrong one: nothing but an error
        r = client.get(f"/api/games/{gid}/view?seat={seat}", headers=other)
        assert r.status_code == 403 and list(r.json()) == ["error"]
        r = client.post(f"/api/games/{gid}/act", headers=other, json={"seat": seat, "step": v["step"], "action": 0})
        assert r.status_code == 403 and list(r.json()) == ["error"]
        assert client.get("/api/games", headers=other).json() == {"games": []}


EVENTS = {"events": True}  # the Events deck (GC24)
RANDOM_TRADE = {"races": "random", "trade_literal": True}  # races dealt at random from the seed, GCR2's variant


@pytest.mark.parametrize("seats,options", [
    (["human", "heuristic"], {}), (["mcts:iters=20", "human"], {}),
    (["human", "heuristic", "random", "first"], {}), (["first", "human", "random", "heuristic"], {}),
    (["random", "first", "human", "heuristic"], {}), (["heuristic", "random", "first", "human"], {}),
    (["heuristic", "human"], EVENTS), (["random", "human", "heuristic", "first"], EVENTS),
    (["heuristic", "human"], RANDOM_TRADE), (["random", "first", "heuristic", "human"], {**EVENTS, **RANDOM_TRADE}),
])
def test_a_galactic_civ_seat_learns_nothing_hidden_from_anything_the_server_sends(tmp_path, seats, options):
    app = create_app(tmp_path)
    seat, n = seats.index("human"), len(seats)
    events = bool(options.get("events"))
    watcher = Watcher(seat, SEED, n, options)
    with TestClient(app) as client:
        created = client.post("/api/games", json={"game": "galactic_civ", "seats": seats, "seed": SEED,
                                                  "options": options}).json()
        assert created["options"] == {"events": False, "races": "choose", "trade_literal": False, **options}
        gid, token = created["game"], created["tokens"][str(seat)]
        game = app.state.store.get(gid)
        decisions = 0
        for _ in range(3000):
            game.wait_idle()
            v = client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": token}).json()
            if v["over"]:
                break
            with game.lock:  # the true state while the seat looks (agents wait for the seat's answer)
                s, actions = GC.clone(game.state), list(game.log.actions)
            _check([v, *_everything_reachable(client, gid, seat, n, token, v)], s, actions, watcher, SEED)
            _nothing_without_the_token(client, gid, seat, v)
            act = client.post(f"/api/games/{gid}/act", headers={"X-Seat-Token": token},
                              json={"seat": seat, "step": v["step"],
                                    "action": v["decision"]["choices"][decisions % len(v["decision"]["choices"])]
                                    ["action"]})
            assert act.status_code == 200, act.text
            # checked against the state it shows (its step): the agents may have moved on since, and a card it
            # rightly showed (a recent discard) may be back in the deck by now
            with game.lock:
                actions = list(game.log.actions)[: act.json()["step"]]
            s = watcher.advance(actions)
            if not GC.is_terminal(s):
                _check([act.json()], s, actions, watcher, SEED)
            decisions += 1
        assert GC.is_terminal(game.state) and decisions > 10
        assert len(watcher.seen) < 120  # some cards stayed hidden from the seat: the check was not empty
        assert bool(game.state["events_on"]) is events
        if events:  # some Events were drawn and some stayed in the deck: both checks were not empty
            assert watcher.events_seen and watcher.undrawn_events(game.state)
