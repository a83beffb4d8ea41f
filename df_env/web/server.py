"""``df-env serve``: the Starlette app that lets people play Deep Future in a browser.

Routes (JSON unless said; every refusal is a 4xx with ``{"error": "..."}`` and changes nothing):

- ``GET /`` the page (``static/index.html``, plain HTML/JS/SVG), ``GET /static/...`` its files;
- ``GET /api/i18n/{lang}`` the page's words (``en``, ``zh``); ``GET /api/agents`` the agent names
  and the default agent of a seat per player count (``defaults``);
- ``POST /api/games`` ``{"seats": ["human", "heuristic"], "seed": 7}`` starts a game -> ``{"game": id}``;
- ``GET /api/games/{id}/view?seat=N&lang=zh`` the game as seat N sees it (no ``seat``: the person who decides now),
  every text in ``lang`` (``en`` default, ``zh``; the ``act`` and replay routes take ``lang`` too);
- ``POST /api/games/{id}/act`` ``{"seat": 0, "action": 146, "step": 12}`` a person's choice; ``step`` is the view's
  ``step``: an answer to a decision no longer pending is refused (409);
- ``POST /api/replays`` ``{"log": {...game log...}}`` or ``{"file": "name.json"}`` (a log in the server's log
  folder) -> ``{"replay": id, "steps": n}``; ``GET /api/replays/{id}/{k}`` the position before step ``k`` (0..n);
  ``GET /api/logs`` the logs in the log folder.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from agents import AGENT_NAMES, DEFAULT_OPPONENTS, AgentSpecError, make_agent, refuse_clairvoyant
from df_env import engine
from df_env.gamelog import GameLog, GameLogError, final_state, load_log, log_from_dict, replay

from . import engine_view as E
from .games import HUMAN, GameStore, RequestError
from .i18n import LANGS, bundle
from .view import player_view
from .words import say

STATIC = Path(__file__).parent / "static"
MAX_BODY = 1_000_000  # bytes of a request body (a long game's log is ~10 KB)
MAX_SEED = 2**63 - 1


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _json_object(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise RequestError(413, f"request body of {len(body)} bytes; at most {MAX_BODY}")
    try:
        doc = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise RequestError(400, f"the request body is not JSON ({err})") from None
    if not isinstance(doc, dict):
        raise RequestError(400, f"the request body must be a JSON object, got {type(doc).__name__}")
    return doc


def _int_field(doc: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = doc.get(key, default)
    if v is None:
        raise RequestError(400, f"missing field {key!r} (an integer {lo}..{hi})")
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise RequestError(400, f"field {key!r} must be an integer {lo}..{hi}, got {v!r}")
    return v


def _lang(request: Request) -> str:
    """The ``lang`` query parameter (``en`` when absent); 400 for a language the text layer does not have."""
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise RequestError(400, f"query parameter lang must be one of {', '.join(LANGS)}, got {lang!r}")
    return lang


def _query_int(request: Request, key: str) -> int | None:
    raw = request.query_params.get(key)
    if raw is None or raw in ("", "auto"):
        return None
    try:
        return int(raw)
    except ValueError:
        raise RequestError(400, f"query parameter {key} must be an integer or 'auto', got {raw!r}") from None


class Replay:
    """A saved game with every position kept (a log's positions are a pure function of its seed and actions)."""

    def __init__(self, log: GameLog) -> None:
        self.log = log
        self.states = [engine.clone(s) for _, s, _ in replay(log)] + [final_state(log)]
        starts: dict[int, int] = {}
        for k, s in enumerate(self.states):
            starts.setdefault(int(s["turn"]), k)
        self.turns = [{"turn": t, "step": k} for t, k in sorted(starts.items())]


def _file_in(folder: Path | None, name: Any, what: str) -> Path:
    """A ``.json`` file directly in ``folder`` (no other path reaches the server's files)."""
    if folder is None or not isinstance(name, str) or "/" in name or "\\" in name or name.startswith(".") \
            or not name.endswith(".json"):
        raise RequestError(400, f"'file' must name a .json {what} in the server's folder {folder}, got {name!r}")
    return folder / name


@dataclass
class ServerState:
    """What the handlers share (``request.app.state.server``): the games, the replays, the folders."""

    store: GameStore
    log_folder: Path | None
    campaign_folder: Path | None
    replays: dict[str, Replay] = field(default_factory=dict)


def _server(request: Request) -> ServerState:
    state: ServerState = request.app.state.server
    return state


def _check_seats(doc: dict[str, Any]) -> list[str]:
    seats = doc.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 3 or not all(isinstance(x, str) for x in seats):
        raise RequestError(400, f"field 'seats' must list 1-3 seats, each \"human\" or an agent spec such as "
                                f"\"heuristic\"; got {seats!r}")
    seats = [x.strip() for x in seats]
    for spec in seats:
        if spec != HUMAN:
            try:
                make_agent(spec)
                if len(seats) > 1:
                    refuse_clairvoyant(spec, f"a seat of a {len(seats)}-player game")
            except AgentSpecError as err:
                raise RequestError(400, f"seat spec {spec!r}: {err}") from None
    return seats


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def i18n(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGS:
        return _error(404, f"no language {lang!r}; languages: {', '.join(LANGS)}")
    return JSONResponse(bundle(lang))


async def agent_names(request: Request) -> Response:
    return JSONResponse({"agents": list(AGENT_NAMES), "examples": ["heuristic", "random", "mcts:iters=200"],
                         "defaults": {str(n): spec for n, spec in DEFAULT_OPPONENTS.items()}})


async def games(request: Request) -> Response:
    store = _server(request).store
    if request.method == "POST":
        doc = await _json_object(request)
        seats = _check_seats(doc)
        seed = _int_field(doc, "seed", 0, MAX_SEED, default=secrets.randbelow(1_000_000))
        game = store.create(seats, seed)
        return JSONResponse({"game": game.gid, "seats": seats, "seed": seed}, status_code=201)
    return JSONResponse({"games": [{"game": g.gid, "seats": g.seats, "step": g.step, "over": bool(g.state["over"])}
                                   for g in store.games.values()]})


async def game_view(request: Request) -> Response:
    game = _server(request).store.get(request.path_params["gid"])
    return JSONResponse(game.view(_query_int(request, "seat"), _lang(request)))


async def game_act(request: Request) -> Response:
    game = _server(request).store.get(request.path_params["gid"])
    lang = _lang(request)
    doc = await _json_object(request)
    n = len(game.seats)
    seat = _int_field(doc, "seat", 0, n - 1)
    action = _int_field(doc, "action", 0, engine.NUM_ACTIONS - 1)
    step = _int_field(doc, "step", 0, MAX_SEED)
    game.answer(seat, action, step)
    return JSONResponse(game.view(seat, lang))


async def campaign_games(request: Request) -> Response:
    server = _server(request)
    campaigns = server.campaign_folder
    if request.method == "GET":
        files = sorted(p.name for p in campaigns.glob("*.json")) if campaigns and campaigns.is_dir() else []
        return JSONResponse({"folder": str(campaigns) if campaigns else None, "campaigns": files})
    doc = await _json_object(request)
    path = _file_in(campaigns, doc.get("file"), "campaign")
    seats = _check_seats(doc)
    if not path.is_file():
        raise RequestError(404, f"no campaign {path.name} in {campaigns} (df-env campaign new {path} makes one)")
    try:
        game = server.store.create_campaign_game(path, seats)
    except E.CampaignError as err:
        raise RequestError(422, f"{path.name}: {err}") from None
    return JSONResponse({"game": game.gid, "seats": seats, "seed": game.seed,
                         "campaign_game": game.campaign.game_number if game.campaign else None}, status_code=201)


async def log_files(request: Request) -> Response:
    folder = _server(request).log_folder
    paths = list(folder.glob("*.json")) if folder and folder.is_dir() else []
    files = [p.name for p in sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)]  # newest first
    return JSONResponse({"folder": str(folder) if folder else None, "logs": files})


def _uploaded_replay(doc: dict[str, Any], folder: Path | None) -> Replay:
    """The replay of ``{"log": {...}}`` or of ``{"file": "name.json"}`` in the log folder."""
    try:
        if "log" in doc:
            log = log_from_dict(doc["log"], "the uploaded log")
        elif "file" in doc:
            log = load_log(_file_in(folder, doc["file"], "log"))
        else:
            raise RequestError(400, "give {\"log\": {...a game log...}} or {\"file\": \"name.json\"}")
        return Replay(log)
    except GameLogError as err:
        raise RequestError(422, str(err)) from None


async def new_replay(request: Request) -> Response:
    server = _server(request)
    rep = _uploaded_replay(await _json_object(request), server.log_folder)
    rid = secrets.token_hex(4)
    replays = server.replays
    replays[rid] = rep
    while len(replays) > 32:
        del replays[next(iter(replays))]
    return JSONResponse({"replay": rid, "steps": len(rep.log.actions), "seats": rep.log.seats}, status_code=201)


def _replay_step_params(request: Request, rep: Replay) -> tuple[int, int | None]:
    """The step ``k`` (0..n) and the ``observer`` (None: everything) of a replay position request."""
    raw = request.path_params["k"]
    n = len(rep.log.actions)
    if not raw.isdigit() or not 0 <= int(raw) <= n:
        raise RequestError(400, f"step must be 0..{n}, got {raw!r}")
    observer = _query_int(request, "observer")
    if observer is not None and not 0 <= observer < rep.log.num_players:
        raise RequestError(400, f"observer must be 0..{rep.log.num_players - 1} or 'auto' (everything)")
    return int(raw), observer


async def replay_step(request: Request) -> Response:
    rid = request.path_params["rid"]
    rep = _server(request).replays.get(rid)
    if rep is None:
        raise RequestError(404, f"no replay {rid!r} on this server")
    k, observer = _replay_step_params(request, rep)
    lang = _lang(request)
    n = len(rep.log.actions)
    s = rep.states[k]
    v = player_view(s, observer, lang)
    chosen = None
    if k < n:
        a = rep.log.actions[k]
        chosen = {"player": int(s["dplayer"]), "action": a, "text": E.action_to_string(s, a, lang)}
    v.update(replay=rid, step=k, steps=n, seats=rep.log.seats, chosen=chosen,
             events=E.event_strings(s, observer, lang), turns=rep.turns)
    if v["over"]:
        w = v["winner"]
        v["result"] = {"text": say(lang, "replay.won", p=w, v=E.term(lang, "victories", int(s["victory"])))
                       if w >= 0 else say(lang, "replay.nobody")}
    return JSONResponse(v)


async def refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return _error(exc.status, exc.message)


ROUTES = [
    Route("/", page),
    Route("/favicon.ico", lambda request: Response(status_code=204)),
    Route("/api/i18n/{lang}", i18n),
    Route("/api/agents", agent_names),
    Route("/api/games", games, methods=["GET", "POST"]),
    Route("/api/games/{gid}/view", game_view),
    Route("/api/games/{gid}/act", game_act, methods=["POST"]),
    Route("/api/logs", log_files),
    Route("/api/campaigns", campaign_games, methods=["GET", "POST"]),
    Route("/api/replays", new_replay, methods=["POST"]),
    Route("/api/replays/{rid}/{k}", replay_step),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(log_dir: str | Path | None = "results/games",
               campaign_dir: str | Path | None = "results/campaigns") -> Starlette:
    """The app; ``log_dir``: where games are saved as logs (``web-ID.json``) and replays are looked up (None:
    nothing saved); ``campaign_dir``: the campaign files a page may open (``df-env campaign new`` makes them)."""
    folder = Path(log_dir) if log_dir is not None else None
    campaigns = Path(campaign_dir) if campaign_dir is not None else None
    store = GameStore(folder)
    app = Starlette(routes=ROUTES, exception_handlers={RequestError: refused})
    app.state.server = ServerState(store, folder, campaigns)
    app.state.store = store  # the tests and experiments/bench_web.py reach the games here
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, log_dir: str | None = "results/games",
          campaign_dir: str | None = "results/campaigns") -> None:
    """Run the server until Ctrl-C."""
    import uvicorn

    uvicorn.run(create_app(log_dir, campaign_dir), host=host, port=port, log_level="warning")
