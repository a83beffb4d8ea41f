"""``df-env serve``: the Starlette app that lets people play Deep Future and Galactic Civ in a browser.

The server knows no game: each game's view, words and page script come from its view plug-in
(:mod:`df_env.web.plugins`); a request names the game by its id (``game``, default ``deep_future``).

Routes (JSON unless said; every refusal is a 4xx with ``{"error": "..."}`` and changes nothing; a move that cannot
be saved is a 507 and is not played):

- ``GET /`` the page (``static/index.html``, plain HTML/JS/SVG), ``GET /static/...`` its files;
- ``GET /static/games/{game}/{file}`` a game's page script and style (its plug-in's ``static_dir``);
- ``GET /api/i18n/{lang}?game=ID`` the page's words (``en``, ``zh``); ``GET /api/agents?game=ID`` the games hosted,
  the agent names a page may choose, the default agent of a seat per player count (``defaults``), the player
  counts, the game's start options (``options``: Galactic Civ's ``["events", "races", "trade_literal"]``; their
  allowed values, the default first, in ``option_values``) and the server's limits;
- ``POST /api/games`` ``{"game": "galactic_civ", "seats": ["human", "heuristic"], "seed": 7, "options": {"events":
  true, "races": "random", "trade_literal": true}}`` (``game`` optional, default Deep Future; ``options`` optional:
  the game's start options, its plug-in's ``start_options``, listed by ``/api/agents``; an unknown option or a
  value not allowed is a 400 naming the allowed) starts a game -> ``{"game": id, "options": the game's
  configuration besides its player count, "tokens": {seat: token}, "links": {seat: join link}}``; ``GET
  /api/games`` the games whose tokens the request holds;
- a game's view and a replay's step carry ``options``, the game's configuration besides its player count (its
  log's; public);
- ``GET /api/games/{id}/view?seat=N&lang=zh`` the game as seat N sees it (no ``seat``: the caller's seat that
  decides now), every text in ``lang`` (``en`` default, ``zh``; the ``act`` and replay routes take ``lang`` too);
  it needs the seat's token (``X-Seat-Token`` header or ``?token=``);
- ``POST /api/games/{id}/act`` ``{"seat": 0, "action": 146, "step": 12}`` a person's choice (with the seat's
  token); ``step`` is the view's ``step``: an answer to a decision no longer pending is refused (409);
- ``GET /api/campaigns``, ``POST /api/campaigns`` a campaign's next game;
- ``GET /api/logs``, ``POST /api/replays``, ``GET /api/replays/{id}/{k}``: replays of finished games
  (:mod:`df_env.web.replays`);
- ``GET /api/games/{id}/hint?seat=N``, ``GET /api/replays/{id}/{k}/hint``: the default AI's ratings of a decision's
  choices, from the deciding seat's information only (:mod:`df_env.web.hint`);
- ``POST /api/games/{id}/winnable`` after a solo game: the reference replays the deal (:mod:`df_env.web.winnable`).
"""

from __future__ import annotations

import secrets
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from agents import DEFAULT_OPPONENTS, AgentSpecError, agent_names, make_agent, refuse_clairvoyant
from df_env.games.deep_future.web import engine_view as E

from .games import HUMAN, RequestError, WebGame
from .guard.bodies import file_in, int_field, json_object, lang_param, query_int, seat_tokens
from .guard.limits import PAGE_AGENTS, Limits, SpecLimitError, check_spec
from .guard.options import check_options
from .hint import HintService, game_hint, replay_hint
from .i18n import LANGS
from .plugins import WebPlugin, plugin_for, web_games
from .replays import ReplayStore, log_files, new_replay, replay_step
from .store import GameStore
from .winnable import game_winnable

STATIC = Path(__file__).parent / "static"
MAX_SEED = 2**63 - 1


@dataclass
class ServerState:
    """What the handlers share (``request.app.state.server``): the games, the replays, the folders, the limits."""

    store: GameStore
    log_folder: Path | None
    campaign_folder: Path | None
    limits: Limits
    replays: ReplayStore
    game: str = "deep_future"  # the game a request that names none is about (df-env serve --game)


def _server(request: Request) -> ServerState:
    state: ServerState = request.app.state.server
    return state


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _plugin(game_id: Any) -> WebPlugin:
    """The plug-in of a game a request names (400 for a game this server does not host)."""
    try:
        return plugin_for(game_id)
    except ValueError as err:
        raise RequestError(400, str(err)) from None


def _game_param(request: Request) -> WebPlugin:
    return _plugin(request.query_params.get("game", _server(request).game))


def _check_seats(doc: dict[str, Any], limits: Limits, game_id: str = "deep_future") -> list[str]:
    seats = doc.get("seats")
    info = plugin_for(game_id).game.info
    lo, hi = info.min_players, info.max_players
    if not isinstance(seats, list) or not lo <= len(seats) <= hi or not all(isinstance(x, str) for x in seats):
        raise RequestError(400, f"field 'seats' must list {lo}-{hi} seats ({info.name}), each \"human\" or an "
                                f"agent spec such as \"heuristic\"")
    seats = [x.strip() for x in seats]
    for spec in seats:
        if spec != HUMAN:
            try:
                check_spec(spec, limits)
                make_agent(spec, game_id)
                if len(seats) > 1:
                    refuse_clairvoyant(spec, f"a seat of a {len(seats)}-player game")
            except (AgentSpecError, SpecLimitError) as err:
                raise RequestError(400, str(err) if isinstance(err, SpecLimitError) else
                                   f"seat spec {spec[:80]!r}: {err}") from None
    return seats


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def i18n(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGS:
        return _error(404, f"no language {lang[:20]!r}; languages: {', '.join(LANGS)}")
    return JSONResponse(_game_param(request).bundle(lang))


async def agent_list(request: Request) -> Response:
    """The games hosted and, for the game asked (``?game=``), its agents, defaults and player counts."""
    plugin = _game_param(request)
    info = plugin.game.info
    defaults = DEFAULT_OPPONENTS if plugin.game_id == "deep_future" else {}
    hosted = [{"id": g, "name": plugin_for(g).game.info.name} for g in web_games()]
    return JSONResponse({"game": plugin.game_id, "games": hosted,
                         "agents": [a for a in PAGE_AGENTS if a in agent_names(plugin.game_id)],
                         "examples": list(plugin.agent_examples), "players": [info.min_players, info.max_players],
                         "options": list(plugin.start_options),
                         "option_values": {k: list(v) for k, v in plugin.start_options.items()},
                         "defaults": {str(n): defaults.get(n, plugin.default_agent) for n in info.player_counts},
                         "limits": _server(request).limits.describe()})


async def game_files(request: Request) -> Response:
    """A game's page file (``/static/games/{game}/{name}``): only a ``.js`` or ``.css`` file of its plug-in."""
    gid, name = request.path_params["gid"], request.path_params["name"]
    plugin = plugin_for(gid) if gid in web_games() else None
    folder = plugin.static_dir if plugin is not None else None
    if folder is None or not name.endswith((".js", ".css")) or "/" in name or name.startswith(".") \
            or not (folder / name).is_file():
        return _error(404, "no such file")
    return FileResponse(folder / name, headers={"Cache-Control": "no-cache"})


async def games(request: Request) -> Response:
    server = _server(request)
    if request.method == "POST":
        doc = await json_object(request, server.limits.max_body)
        game_id = _plugin(doc.get("game", server.game)).game_id
        seats = _check_seats(doc, server.limits, game_id)
        # a default seed of 63 random bits: the seed plus the public moves rebuild every hidden card, so it must not
        # be guessable (it is kept in the server-side log, and shown only once the game is over)
        seed = int_field(doc, "seed", 0, MAX_SEED, default=secrets.randbits(63))
        options = check_options(doc, plugin_for(game_id), len(seats))
        game = server.store.create(seats, seed, game_id=game_id, options=options)
        return JSONResponse(_created(game), status_code=201)
    tokens = seat_tokens(request)  # no public list: only the games whose seats the caller holds
    mine = [(g, g.seats_of(tokens)) for g in list(server.store.games.values())] if tokens else []
    return JSONResponse({"games": [{"game": g.gid, "game_id": g.game_id, "seats": g.seats, "step": g.step,
                                    "over": g.over, "yours": sorted(yours)} for g, yours in mine if yours]})


def _created(game: WebGame) -> dict[str, Any]:
    """A new game's answer: its id, and per person seat the secret token and the join link (a path on this server;
    the page puts its own origin in front). The creator holds every token: hot seat, or hand the links out."""
    return {"game": game.gid, "game_id": game.game_id, "seats": game.seats, "options": game.log.options,
            "tokens": {str(p): tok for p, tok in game.tokens.items()},
            "links": {str(p): f"/#/join/{game.gid}/{tok}" for p, tok in game.tokens.items()}}


async def game_view(request: Request) -> Response:
    game = _server(request).store.get(request.path_params["gid"])
    yours = game.seats_of(seat_tokens(request))
    return JSONResponse(game.view(query_int(request, "seat"), lang_param(request), yours))


async def game_act(request: Request) -> Response:
    server = _server(request)
    game = server.store.get(request.path_params["gid"])
    yours = game.seats_of(seat_tokens(request))
    lang = lang_param(request)
    doc = await json_object(request, server.limits.max_body)
    n = len(game.seats)
    seat = int_field(doc, "seat", 0, n - 1)
    action = int_field(doc, "action", 0, game.rules.info.num_actions - 1)
    step = int_field(doc, "step", 0, MAX_SEED)
    game.answer(seat, action, step, yours)
    return JSONResponse(game.view(seat, lang, yours))


async def game_undo(request: Request) -> Response:
    """``POST /api/games/{id}/undo`` ``{"seat": 0, "step": 12}``: take back the seat's last decision (a game
    against agents; with that seat's token)."""
    server = _server(request)
    game = server.store.get(request.path_params["gid"])
    yours = game.seats_of(seat_tokens(request))
    lang = lang_param(request)
    doc = await json_object(request, server.limits.max_body)
    seat = int_field(doc, "seat", 0, len(game.seats) - 1)
    step = int_field(doc, "step", 0, MAX_SEED)
    if seat not in yours:
        raise RequestError(403, f"seat {seat} is not yours: an undo needs that seat's token")
    if game.campaign is not None:
        raise RequestError(409, "a campaign game cannot be undone")
    new = server.store.undo(game, seat, step)
    return JSONResponse(new.view(seat, lang, yours))


async def campaign_games(request: Request) -> Response:
    server = _server(request)
    campaigns = server.campaign_folder
    if request.method == "GET":
        files = sorted(p.name for p in campaigns.glob("*.json")) if campaigns and campaigns.is_dir() else []
        return JSONResponse({"folder": str(campaigns) if campaigns else None, "campaigns": files})
    doc = await json_object(request, server.limits.max_body)
    path = file_in(campaigns, doc.get("file"), "campaign")
    seats = _check_seats(doc, server.limits)
    if not path.is_file():
        raise RequestError(404, f"no campaign {path.name} in the campaign folder (df-env campaign new makes one)")
    try:
        game = server.store.create_campaign_game(path, seats)
    except E.CampaignError as err:
        raise RequestError(422, f"{path.name}: {err}") from None
    answer = _created(game)
    answer["campaign_game"] = game.campaign.game_number if game.campaign else None
    return JSONResponse(answer, status_code=201)


async def refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return _error(exc.status, exc.message)


ROUTES = [
    Route("/", page),
    Route("/favicon.ico", lambda request: Response(status_code=204)),
    Route("/api/i18n/{lang}", i18n),
    Route("/api/agents", agent_list),
    Route("/api/games", games, methods=["GET", "POST"]),
    Route("/api/games/{gid}/view", game_view),
    Route("/api/games/{gid}/act", game_act, methods=["POST"]),
    Route("/api/games/{gid}/undo", game_undo, methods=["POST"]),
    Route("/api/games/{gid}/hint", game_hint),
    Route("/api/games/{gid}/winnable", game_winnable, methods=["POST"]),
    Route("/api/logs", log_files),
    Route("/api/campaigns", campaign_games, methods=["GET", "POST"]),
    Route("/api/replays", new_replay, methods=["POST"]),
    Route("/api/replays/{rid}/{k}", replay_step),
    Route("/api/replays/{rid}/{k}/hint", replay_hint),
    Route("/static/games/{gid}/{name}", game_files),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(log_dir: str | Path | None = "results/games",
               campaign_dir: str | Path | None = "results/campaigns", limits: Limits | None = None,
               game: str = "deep_future") -> Starlette:
    """The app; ``log_dir``: where games are saved as logs (``web-ID.json``) and replays are looked up (None:
    nothing saved); ``campaign_dir``: the campaign files a page may open (``df-env campaign new`` makes them);
    ``limits``: what a page may ask for (:class:`~df_env.web.guard.limits.Limits`); ``game``: the game of a
    request that names none (the start page's first choice)."""
    plugin_for(game)  # a game the server does not host: ValueError before anything starts
    folder = Path(log_dir) if log_dir is not None else None
    campaigns = Path(campaign_dir) if campaign_dir is not None else None
    limits = limits or Limits()
    store = GameStore(folder, limits)
    store.resume_all()  # the live games of a previous run go on, with the same join links
    app = Starlette(routes=ROUTES, exception_handlers={RequestError: refused})
    app.state.server = ServerState(store, folder, campaigns, limits, ReplayStore(limits.max_replays), game)
    app.state.hints = HintService(limits, store.searches)  # the AI's ratings of a decision (df_env.web.hint)
    app.state.store = store  # the tests and experiments/bench_web.py reach the games here
    return app


def serve(sock: socket.socket, app: Starlette) -> None:
    """Run ``app`` (:func:`create_app`) on the listening socket ``sock`` (``df_env.web.command.bind``) until
    Ctrl-C."""
    import uvicorn

    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
