"""The browser's "was this deal winnable?": ``POST /api/games/{id}/winnable`` after a finished solo game.

The reference (:func:`df_env.analysis.winnable`, by default the clairvoyant ``oracle:iters=400``, a cheat that sees
the deck order and the game's generator) replays the game's deal from its start. That is allowed only once the game
is over (the seed may be shown then), only for a solo game (the reference plays no multiplayer game) and not for a
campaign game (its galaxy is not the fresh one a seed deals). The answer says whether the reference won, and opens
two replays (:mod:`df_env.web.replays`): the reference's line and the person's own game, so that the page steps
through the winning line with the person's game beside it, from ``same`` (the first decision where they part).

The analysis is one search-heavy game (a few seconds): it takes a place among the server's ``--max-searches``
(429 when none frees up in ``WAIT_SECONDS``) and its answer is kept per game, so asking again costs nothing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from df_env.games.deep_future.analysis import DEFAULT_REFERENCE, first_difference, winnable

from .games import RequestError, WebGame
from .guard.bodies import seat_tokens
from .hint import check_analysed
from .replays import Replay

REFERENCE = DEFAULT_REFERENCE  # the clairvoyant reference (oracle:iters=400)
WAIT_SECONDS = 10.0
KEPT = 32  # answers kept (games analysed)

_answers: OrderedDict[str, dict[str, Any]] = OrderedDict()
_lock = threading.Lock()


def _check(game: WebGame, yours: set[int]) -> None:
    if not yours:
        raise RequestError(403, "the analysis of a game needs its seat's token (the X-Seat-Token header or ?token=)")
    check_analysed(game.game_id, "the winnable analysis")
    if len(game.seats) != 1:
        raise RequestError(409, f"only a solo deal can be analysed; this game has {len(game.seats)} players (the "
                                f"reference sees hidden cards and plays no multiplayer game)")
    if game.campaign is not None:
        raise RequestError(409, "a campaign game's galaxy is not the fresh one its seed deals: it cannot be replayed "
                                "by the reference")
    if not bool(game.state["over"]):
        raise RequestError(409, "the game is not over: the reference sees the deck, so a deal is analysed only once "
                                "its game has ended")


def analyse(game: WebGame, searches: threading.Semaphore) -> dict[str, Any]:
    """The reference's game on the deal of the finished solo ``game`` (cached per game), with the two logs."""
    with _lock:
        if game.gid in _answers:
            return _answers[game.gid]
    if not searches.acquire(timeout=WAIT_SECONDS):
        raise RequestError(429, "the server is busy with other searches; ask again in a moment")
    try:
        result = winnable(game.log, REFERENCE)
    finally:
        searches.release()
    answer = {"won": result.won, "victory": result.victory or None, "turns": result.turns,
              "seconds": round(result.seconds, 2), "reference": result.reference, "seed": result.seed,
              "same": first_difference(result.actions, game.log.actions), "line_log": result.log()}
    with _lock:
        _answers[game.gid] = answer
        while len(_answers) > KEPT:
            _answers.popitem(last=False)
    return answer


async def game_winnable(request: Request) -> Response:
    """``POST /api/games/{id}/winnable`` (the seat's token): was the deal of this finished solo game winnable?"""
    server = request.app.state.server
    game = server.store.get(request.path_params["gid"])
    with game.lock:
        _check(game, game.seats_of(seat_tokens(request)))
    answer = await run_in_threadpool(analyse, game, server.store.searches)
    public = {k: v for k, v in answer.items() if k != "line_log"}
    if answer["won"]:  # the reference's line and the person's game, side by side in the replay
        public["line"] = server.replays.add(Replay(answer["line_log"]))
        public["mine"] = server.replays.add(Replay(game.log))
        public["steps"] = len(answer["line_log"].actions)
    return JSONResponse({**public, "game": game.gid})
