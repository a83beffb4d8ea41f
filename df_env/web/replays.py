"""Replays of finished games: the routes ``GET /api/logs``, ``POST /api/replays``, ``GET /api/replays/{id}/{k}``.

A replay shows every card (the all-seeing view), so it exists only for a finished game's log in the server's log
folder, or for a log the client uploads itself (whose seed it already has). A live game's log is neither listed nor
replayable: a request for it is answered as for a missing file. A replay keeps one position in ``CHECKPOINT_EVERY``
and replays the few moves in between on request (a log's positions are a pure function of its seed and actions), so
the replays held stay small whatever the logs' lengths.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from df_env.gamelog import GameLog, GameLogError, final_state, load_log, log_from_dict, replay

from .games import RequestError
from .guard.bodies import file_in, json_object, lang_param, path_int, query_int
from .plugins import plugin_for, web_games

CHECKPOINT_EVERY = 16
MAX_LISTED = 200  # newest logs looked at by GET /api/logs
MAX_SEED = 2**64 - 1  # what the engine's generator takes


class Replay:
    """A game log with every ``CHECKPOINT_EVERY``-th position and the final one kept."""

    def __init__(self, log: GameLog) -> None:
        if log.game not in web_games():
            raise GameLogError(f"a log of {log.game}: the web server replays {', '.join(web_games())}")
        self.log = log
        self.plugin = plugin_for(log.game)
        self.rules = rules = self.plugin.game
        self.checkpoints: list[np.ndarray] = []
        starts: dict[int, int] = {}
        last = None
        for k, s, _ in replay(log):
            if k % CHECKPOINT_EVERY == 0:
                self.checkpoints.append(rules.clone(s))
            starts.setdefault(rules.turn(s), k)
            last = s
        self.final = rules.clone(last) if last is not None else final_state(log)  # replay() advanced it
        starts.setdefault(rules.turn(self.final), len(log.actions))
        self.turns = [{"turn": t, "step": k} for t, k in sorted(starts.items())]

    @property
    def steps(self) -> int:
        return len(self.log.actions)

    def state(self, k: int) -> np.ndarray:
        """The position before step ``k`` (0..steps; ``steps``: the final one)."""
        if k == self.steps:
            return self.final
        base = (k // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        s = self.rules.clone(self.checkpoints[k // CHECKPOINT_EVERY])
        for a in self.log.actions[base:k]:
            self.rules.apply_action(s, a)
        return s


class ReplayStore:
    """The replays held, by id; the oldest dropped beyond ``cap``."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, rep: Replay) -> str:
        rid = secrets.token_hex(8)
        with self.lock:
            self.replays[rid] = rep
            while len(self.replays) > self.cap:
                self.replays.popitem(last=False)
        return rid

    def get(self, rid: str) -> Replay:
        rep = self.replays.get(rid)
        if rep is None:
            raise RequestError(404, "no such replay on this server (replays are dropped after a while: open the log "
                                    "again)")
        return rep


def finished_log(path: Path) -> GameLog | None:
    """The log at ``path`` if it is a finished game's, else None."""
    try:
        log = load_log(path)
    except GameLogError:
        return None
    return log if log.result.get("over") is True else None


async def log_files(request: Request) -> Response:
    """The finished games' logs in the log folder, newest first (of the ``MAX_LISTED`` newest files)."""
    folder = request.app.state.server.log_folder
    paths = list(folder.glob("*.json")) if folder and folder.is_dir() else []
    newest = sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)[:MAX_LISTED]
    files = [p.name for p in newest if finished_log(p) is not None]
    return JSONResponse({"folder": str(folder) if folder else None, "logs": files})


def _log_of(doc: dict[str, Any], folder: Path | None) -> tuple[GameLog, bool]:
    """The log of ``{"log": {...}}`` or ``{"file": "name.json"}``, and whether it came from the server's folder."""
    if "log" in doc:
        log = log_from_dict(doc["log"], "the uploaded log")
        if log.seed > MAX_SEED:
            raise RequestError(422, f"the uploaded log's seed must be 0..{MAX_SEED}")
        return log, False
    if "file" not in doc:
        raise RequestError(400, "give {\"log\": {...a game log...}} or {\"file\": \"name.json\"}")
    path = file_in(folder, doc["file"], "log")
    found = finished_log(path) if path.is_file() else None
    if found is None or found.seed > MAX_SEED:
        raise RequestError(404, f"no finished game's log {path.name} in the log folder (a game still played is "
                                f"replayable once it is over)")
    return found, True


async def new_replay(request: Request) -> Response:
    server = request.app.state.server
    doc = await json_object(request, server.limits.max_body)
    try:
        log, from_folder = _log_of(doc, server.log_folder)
        rep = Replay(log)
    except GameLogError as err:
        raise RequestError(422, str(err)) from None
    if from_folder and not rep.rules.is_terminal(rep.final):  # the result block said over, the moves do not: refused
        raise RequestError(404, f"no finished game's log {doc['file']} in the log folder")
    rid = server.replays.add(rep)
    return JSONResponse({"replay": rid, "steps": rep.steps, "seats": rep.log.seats, "game_id": rep.log.game},
                        status_code=201)


async def replay_step(request: Request) -> Response:
    """The position before step ``k``, seen by ``observer`` (absent: every card), with the choice made there."""
    rep = request.app.state.server.replays.get(request.path_params["rid"])
    n = rep.steps
    k = path_int(request, "k", n)
    observer = query_int(request, "observer")
    if observer is not None and not 0 <= observer < rep.log.num_players:
        raise RequestError(400, f"observer must be 0..{rep.log.num_players - 1} or 'auto' (everything)")
    lang = lang_param(request)
    s = rep.state(k)
    v = rep.plugin.player_view(s, observer, lang)
    chosen = None
    if k < n:
        a = rep.log.actions[k]
        chosen = {"player": int(rep.rules.current_player(s)), "action": a,
                  "text": rep.rules.action_to_string(s, a, lang)}
    v.update(replay=request.path_params["rid"], game_id=rep.log.game, options=rep.log.options, step=k, steps=n,
             seats=rep.log.seats, chosen=chosen, turns=rep.turns, **rep.plugin.replay_words(s, observer, lang))
    return JSONResponse(v)
