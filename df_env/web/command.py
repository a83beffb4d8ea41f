"""The ``df-env serve`` subcommand (registered by :mod:`df_env.cli`; imports the web stack only when run)."""

from __future__ import annotations

import argparse
import socket
import sys


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
    from . import games
    from .server import serve

    games.AGENT_DELAY = args.agent_delay
    sock = bind(args.host, args.port)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"Deep Future: open http://{shown}:{args.port}/ in a browser (Ctrl-C stops the server); "
          f"games are saved in {args.log_dir}")
    serve(sock, args.log_dir, args.campaign_dir)


def add_serve(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="play in the browser: a local web server",
                       description="Serve the game on http://HOST:PORT/: start games of 1-3 players (each seat a "
                                   "person or an agent), replay saved logs.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0: every interface, for players on other machines; see docs/web.md on a proxy)")
    p.add_argument("--port", type=_port, default=8000, help="port 1..65535 (default 8000)")
    p.add_argument("--log-dir", default="results/games", help="where games are saved and replays are found "
                   "(default results/games)")
    p.add_argument("--campaign-dir", default="results/campaigns", help="the campaign files a page may open and "
                   "play the next game of (default results/campaigns; df-env campaign new makes them)")
    p.add_argument("--agent-delay", type=float, default=0.3, help="seconds each agent move is held back so a person "
                   "can follow (default 0.3)")
    p.set_defaults(func=_serve)
