"""The command line's argument checks (argparse ``type=`` functions), shared by every subcommand's parser: the
``df-env`` parser (:mod:`df_env.cli`) and the parsers that commands register themselves (``df-env ladder``,
:mod:`df_env.ladder`). A bad value is an :class:`argparse.ArgumentTypeError` naming what was given and what is
allowed (argparse prints it with the option's name, exit status 2).

Example:
    >>> positive("3"), players("2"), non_negative("0")
    (3, 2, 0)
"""

from __future__ import annotations

import argparse

__all__ = ["add_game_option", "any_players", "game", "non_negative", "players", "positive"]


def players(text: str) -> int:
    """A player count: 1, 2 or 3."""
    if text not in ("1", "2", "3"):
        raise argparse.ArgumentTypeError(f"players must be 1, 2 or 3, got {text!r}")
    return int(text)


def non_negative(text: str) -> int:
    """An integer >= 0 (a seed, a seat)."""
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"expected an integer >= 0, got {v}")
    return v


def positive(text: str) -> int:
    """An integer >= 1 (a count of games, jobs, turns or passes)."""
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer >= 1, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected an integer >= 1, got {v}")
    return v


def any_players(text: str) -> int:
    """A player count of any registered game (bench and ladder check it against the chosen game afterwards)."""
    from df_env.core import available_games, make_game

    top = max(make_game(g).info.max_players for g in available_games())
    if not text.isdigit() or not 1 <= int(text) <= top:
        raise argparse.ArgumentTypeError(f"players must be 1..{top} (the game's own range is checked), got {text!r}")
    return int(text)


def game(text: str) -> str:
    """A registered game's id (``df_env.available_games()``)."""
    from df_env.core import available_games

    if text not in available_games():
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; games are: {', '.join(available_games())}")
    return text


def add_game_option(p: argparse.ArgumentParser) -> None:
    """``--game ID`` on a subcommand (also accepted before it: ``df-env --game ID bench ...``)."""
    p.add_argument("--game", type=game, default=argparse.SUPPRESS, metavar="ID",
                   help="the game (default deep_future; df_env.available_games() lists them)")


def add_events_option(p: argparse.ArgumentParser,
                      text: str = "Galactic Civ: play with the optional Events deck (GC24-GC31; default off); the game "
                                  "log records it") -> None:
    """``--events``: Galactic Civ's optional Events deck (GC24-GC31), off by default."""
    p.add_argument("--events", action="store_true", help=text)


def events_options(args: argparse.Namespace, game_id: str) -> dict[str, object]:
    """The game options ``--events`` sets, checked against the game's configuration: a ValueError for a game
    without an Events deck, naming the options it has."""
    from df_env.core import GameError, make_game

    options: dict[str, object] = {"events": True} if getattr(args, "events", False) else {}
    if options:
        g = make_game(game_id)
        try:
            g.make_config(g.info.min_players, **options)
        except GameError as err:
            raise ValueError(f"--events: {g.info.name} has no Events deck ({err})") from None
    return options
