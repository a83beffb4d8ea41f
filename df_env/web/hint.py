"""The AI that explains itself: how the default agent rates each legal choice of a pending decision (a hint).

:func:`rate` runs the default agent's search (:data:`agents.DEFAULT_OPPONENTS`, ``net-mcts:iters=400``) on the
decision and reports, for every legal choice, its share of the root visits and its mean backed-up value (the
agent's win estimate: 1 a win, 0 a loss, a progress score or the network's value in between). The search sees only
what the deciding seat sees: ``search`` puts the root in a canonical arrangement for the acting player (the cards
he cannot see dealt back in a fixed order, the game's generator zeroed: :func:`agents.mcts.canonicalize_rec`) and
determinizes every iteration from there, so two positions he cannot tell apart get the same answer for the same
search seed (``tests/web/test_web_hint.py`` checks it by reshuffling the hidden cards).

Routes (handlers here; :class:`HintService` is ``app.state.hints``):

- ``GET /api/games/{id}/hint?seat=N`` the ratings of seat N's pending decision (with the seat's token: 403
  without; 409 when the seat has no decision pending). ``N`` absent: the caller's seat that decides now;
- ``GET /api/replays/{id}/{k}/hint`` the rating of the choice made at step ``k`` of a replay (a finished game),
  from the information of the player who made it.

A hint is a search: it waits for a place among the server's ``--max-searches`` (429 when none frees up in
``WAIT_SECONDS``), runs at most ``--max-iters`` iterations and ``--max-think-seconds`` seconds, and its tree is at
most one node an iteration. The agents that rate are kept in a small pool (one per search that may run at once)
and the answers of the last positions in a small cache, so a page that asks again costs nothing.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import OrderedDict
from typing import Any

import numpy as np
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agents import Agent, default_opponent, make_agent, parse_spec
from df_env.games.deep_future import engine

from .games import RequestError
from .guard.bodies import path_int, query_int, seat_tokens
from .guard.limits import Limits

WAIT_SECONDS = 10.0  # how long a hint waits for a free search before a 429
CACHE_SIZE = 256  # answers kept (per position and search seed)


def hint_spec(num_players: int, limits: Limits) -> str:
    """The spec of the agent that rates: the default agent of the table size, within the server's limits (at most
    ``max_iters`` iterations and ``max_think_seconds`` seconds, a tree of one node per iteration)."""
    name, raw = parse_spec(default_opponent(num_players))
    iters = max(1, min(int(raw.get("iters", 100)), limits.max_iters))
    return f"{name}:iters={iters},time={limits.max_think_seconds:g},nodes={iters + 1}"


def rate(agent: Agent, state: np.ndarray, seed: int) -> dict[str, Any]:
    """The ratings of the pending decision of ``state`` by ``agent`` (an agent with ``search``, e.g. ``net-mcts``),
    its generator seeded by ``seed``: per legal choice its visits, its share of them, its mean value (None for a
    choice the search never tried) and the network's prior (``net-mcts``; None otherwise), best first; the agent's
    pick is ``best`` and ``value`` the position's (the visits' mean value)."""
    if bool(state["over"]):
        raise ValueError("the game is over: no decision to rate")
    p = int(state["dplayer"])
    agent.as_policy(p, seed)  # the one seeding rule (agents.seat_rng): the agent reset for seat p
    counts = agent.search(state)  # type: ignore[attr-defined]
    values = agent.last_q  # type: ignore[attr-defined]
    prior = getattr(agent, "last_prior", None)  # the network's policy (net-mcts); None for a search without one
    legal = np.flatnonzero(engine.legal_mask(state))
    total = float(counts[legal].sum())
    order = sorted(legal, key=lambda a: (-counts[a], -(prior[a] if prior is not None else 0.0), a))
    choices: list[dict[str, Any]] = [
        {"action": int(a), "visits": int(counts[a]), "share": float(counts[a]) / total if total else 0.0,
         "value": round(float(values[a]), 4) if counts[a] > 0 else None,
         "prior": round(float(prior[a]), 4) if prior is not None else None} for a in order]
    position = float((counts[legal] * values[legal]).sum()) / total if total else None
    return {"player": p, "agent": agent.name, "iterations": int(getattr(agent, "last_iterations", 0)),
            "best": choices[0]["action"], "value": None if position is None else round(position, 4),
            "choices": choices}


class HintService:
    """The agents that rate (a pool per spec and table size), the server's search semaphore they share with the
    game agents, and a cache of recent answers."""

    def __init__(self, limits: Limits, searches: threading.Semaphore) -> None:
        self.limits, self.searches = limits, searches
        self.key = secrets.token_bytes(16)  # seeds the searches: a function of the position's id, never the game's seed
        self.pool: dict[tuple[str, int], list[Agent]] = {}
        self.cache: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
        self.lock = threading.Lock()

    def seed(self, *where: object) -> int:
        """The search seed of a position (a game id and step, a replay id and step): the same question gets the
        same answer, and nothing of the game's own seed or hidden state goes into it."""
        digest = hashlib.blake2b(repr(where).encode(), key=self.key, digest_size=8).digest()
        return int.from_bytes(digest, "little") >> 1

    def rate(self, state: np.ndarray, *where: object) -> dict[str, Any]:
        """The ratings of the decision of ``state`` (see :func:`rate`), cached by ``where`` and the position; a
        search waits for a place among the server's searches (429 when none frees up)."""
        n = int(state["n_players"])
        key = (*where, hashlib.blake2b(state.tobytes(), digest_size=16).digest())
        with self.lock:
            if key in self.cache:
                self.cache.move_to_end(key)
                return self.cache[key]
        if not self.searches.acquire(timeout=WAIT_SECONDS):
            raise RequestError(429, f"the server already runs its {self.limits.max_searches} searches at once; ask "
                                    f"for the hint again in a moment")
        try:
            agent = self._agent(n)
            t0 = time.perf_counter()
            answer = rate(agent, state, self.seed(*where))
            answer["seconds"] = round(time.perf_counter() - t0, 4)
            self._give_back(agent, n)
        finally:
            self.searches.release()
        with self.lock:
            self.cache[key] = answer
            while len(self.cache) > CACHE_SIZE:
                self.cache.popitem(last=False)
        return answer

    def _agent(self, n: int) -> Agent:
        spec = hint_spec(n, self.limits)
        with self.lock:
            free = self.pool.setdefault((spec, n), [])
            if free:
                return free.pop()
        return make_agent(spec)

    def _give_back(self, agent: Agent, n: int) -> None:
        with self.lock:
            free = self.pool.setdefault((hint_spec(n, self.limits), n), [])
            if len(free) < self.limits.max_searches:  # at most so many search at once: more would never be used
                free.append(agent)


ANALYSED_GAMES = ("deep_future",)  # the games whose default AI can rate a decision from one seat's information


def check_analysed(game_id: str, what: str = "a hint") -> None:
    """A 409 for a game the analysis does not cover (Galactic Civ has no network search to rate a decision yet)."""
    if game_id not in ANALYSED_GAMES:
        raise RequestError(409, f"{what} is offered for {', '.join(ANALYSED_GAMES)} games; this game is {game_id}")


def _hints(request: Request) -> HintService:
    service: HintService = request.app.state.hints
    return service


async def game_hint(request: Request) -> Response:
    """``GET /api/games/{id}/hint?seat=N``: the ratings of seat N's pending decision (its token needed)."""
    game = request.app.state.server.store.get(request.path_params["gid"])
    yours = game.seats_of(seat_tokens(request))
    seat = query_int(request, "seat")
    if not yours:
        raise RequestError(403, "a hint needs the seat's token (the X-Seat-Token header or ?token=)")
    with game.lock:
        pending = game.pending_seat()
        if seat is None:
            seat = pending if pending in yours else min(yours)
        if seat not in yours:
            raise RequestError(403, f"seat {seat} is not yours (yours: {', '.join(map(str, sorted(yours)))}): a hint "
                                    f"is for a seat whose token the request holds")
        if pending is None:
            raise RequestError(409, "the game is over: no decision to rate (the replay rates each step)")
        check_analysed(game.game_id)
        if seat != pending or game.thinking is not None:
            raise RequestError(409, f"seat {seat} has no decision pending (player {pending} decides)")
        state, step = engine.clone(game.state), game.step
        game.touched = time.monotonic()
    answer = await run_in_threadpool(_hints(request).rate, state, "game", game.gid, step)
    return JSONResponse({**answer, "game": game.gid, "step": step, "seat": seat})


async def replay_hint(request: Request) -> Response:
    """``GET /api/replays/{id}/{k}/hint``: the rating of the choice made at step ``k`` (0..steps-1)."""
    rid = request.path_params["rid"]
    rep = request.app.state.server.replays.get(rid)
    check_analysed(rep.plugin.game_id)
    if rep.steps == 0:
        raise RequestError(404, "this replay has no step to rate")
    k = path_int(request, "k", rep.steps - 1)
    state = rep.state(k)
    answer = await run_in_threadpool(_hints(request).rate, state, "replay", rid, k)
    chosen = rep.log.actions[k]
    ranks = [c["action"] for c in answer["choices"]]
    rating = next(c for c in answer["choices"] if c["action"] == chosen)
    return JSONResponse({**answer, "replay": rid, "step": k, "chosen": {**rating, "rank": ranks.index(chosen) + 1,
                                                                         "of": len(ranks)}})
