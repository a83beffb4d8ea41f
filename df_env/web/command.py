"""The ``df-env serve`` subcommand (registered by :mod:`df_env.cli`; imports the web stack only when run)."""

from __future__ import annotations

import argparse


def _serve(args: argparse.Namespace) -> None:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as err:
        raise SystemExit(f"df-env serve needs the web extra: pip install -e \".[web]\" ({err})") from None
    from . import games
    from .server import serve

    games.AGENT_DELAY = args.agent_delay
    print(f"Deep Future: open http://{args.host}:{args.port}/ in a browser (Ctrl-C stops the server); "
          f"games are saved in {args.log_dir}")
    serve(args.host, args.port, args.log_dir, args.campaign_dir)


def add_serve(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="play in the browser: a local web server",
                       description="Serve the game on http://HOST:PORT/: start games of 1-3 players (each seat a "
                                   "person or an agent), replay saved logs.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--log-dir", default="results/games", help="where games are saved and replays are found "
                   "(default results/games)")
    p.add_argument("--campaign-dir", default="results/campaigns", help="the campaign files a page may open and "
                   "play the next game of (default results/campaigns; df-env campaign new makes them)")
    p.add_argument("--agent-delay", type=float, default=0.3, help="seconds each agent move is held back so a person "
                   "can follow (default 0.3)")
    p.set_defaults(func=_serve)
