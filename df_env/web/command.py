"""The ``df-env serve`` subcommand (registered by :mod:`df_env.cli`; imports the web stack only when run)."""

from __future__ import annotations

import argparse
import math
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


class ServeError(SystemExit):
    """A bad ``--host``/``--port``: printed as one line (``df-env serve: error: ...``), exit status 2."""

    def __init__(self, message: str) -> None:
        print(f"df-env serve: error: {message}", file=sys.stderr)
        super().__init__(2)


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is an integer 1..65535, got {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is an integer 1..65535, got {port}")
    return port


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, made before the server starts so that a bad address or a busy port
    is a one-line error and exit status 2 (:class:`ServeError`) rather than a traceback from inside the server."""
    try:
        family, kind, proto, _, addr = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as err:
        raise ServeError(f"--host {host!r} is not an address of this machine ({err}); e.g. 127.0.0.1 (this machine "
                       f"only, the default), 0.0.0.0 (every interface) or ::1") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(addr)
        sock.listen(128)
    except OSError as err:
        sock.close()
        why = "the port is in use (another server?)" if err.errno in (98, 48, 10048) else err.strerror or str(err)
        raise ServeError(f"cannot listen on {host}:{port}: {why}; choose another --port or --host") from None
    return sock


def _serve(args: argparse.Namespace) -> None:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as err:
        raise SystemExit(f"df-env serve needs the web extra: pip install -e \".[web]\" ({err})") from None
    from df_env.core import make_game

    from . import games
    from .guard.limits import Limits
    from .plugins import web_games
    from .server import create_app, serve

    game_id = getattr(args, "game", None) or "deep_future"
    if game_id not in web_games():
        raise ServeError(f"--game {game_id}: the web server hosts {', '.join(web_games())}")
    games.AGENT_DELAY = args.agent_delay
    limits = Limits(max_iters=args.max_iters, max_think_seconds=args.max_think_seconds,
                    max_searches=args.max_searches, max_games=args.max_games, idle_seconds=60 * args.idle_minutes)
    sock = bind(args.host, args.port)
    app = create_app(args.log_dir, args.campaign_dir, limits, game=game_id)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    base = f"http://{shown}:{args.port}"
    continued = [app.state.store.import_log(Path(p)) for p in args.resume]  # a bad log: a one-line error
    print(f"{make_game(game_id).info.name}: open {base}/ in a browser (Ctrl-C stops the server); games are saved "
          f"in {args.log_dir}")
    for path, game in zip(args.resume, continued, strict=True):
        links = ", ".join(f"seat {p}: {base}/#/join/{game.gid}/{tok}" for p, tok in game.tokens.items())
        print(f"{path} goes on in the browser: {links}")
    serve(sock, app)


def add_serve(sub: argparse._SubParsersAction) -> None:
    from df_env.argcheck import add_game_option

    p = sub.add_parser("serve", help="play in the browser: a local web server",
                       description="Serve the games on http://HOST:PORT/: start games (each seat a person or an "
                                   "agent; Deep Future 1-3 players, Galactic Civ 2-6), replay saved logs. --game "
                                   "chooses the game the start page offers first.")
    add_game_option(p)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0: every interface, for players on other machines; see docs/web.md on a proxy)")
    p.add_argument("--port", type=_port, default=8000, help="port 1..65535 (default 8000)")
    p.add_argument("--log-dir", default="results/games", help="where games are saved and replays are found "
                   "(default results/games)")
    p.add_argument("--campaign-dir", default="results/campaigns", help="the campaign files a page may open and "
                   "play the next game of (default results/campaigns; df-env campaign new makes them)")
    p.add_argument("--agent-delay", type=float, default=0.3, help="seconds each agent move is held back so a person "
                   "can follow (default 0.3)")
    p.add_argument("--resume", action="append", default=[], metavar="LOG", help="continue a saved game (e.g. one "
                   "of df-env play) in the browser: its join links are printed (repeatable)")
    p.add_argument("--max-iters", type=_at_least(1, int), default=5000, help="the most search iterations per "
                   "decision a page may give an agent (mcts:iters=N; default 5000)")
    p.add_argument("--max-think-seconds", type=_at_least(0.0, float), default=5.0, help="the most seconds per "
                   "decision a page may give an agent (mcts:time=S; default 5)")
    p.add_argument("--max-searches", type=_at_least(1, int), default=2, help="agent searches run at once; the "
                   "others wait their turn (default 2)")
    p.add_argument("--max-games", type=_at_least(1, int), default=64, help="games held at once; beyond it the least "
                   "recently used is dropped, its log kept (default 64)")
    p.add_argument("--idle-minutes", type=_at_least(1.0, float), default=60.0, help="a game untouched this long is "
                   "dropped, its log kept (default 60)")
    p.set_defaults(func=_serve)


def _at_least(low: float, kind: type) -> Callable[[str], Any]:
    """An argparse type: a finite number of ``kind`` >= ``low``."""
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number >= {low}, got {text!r}") from None
        if not math.isfinite(value) or value < low:
            raise argparse.ArgumentTypeError(f"expected a finite number >= {low}, got {text!r}")
        return value
    return parse
