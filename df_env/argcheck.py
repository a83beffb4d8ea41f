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
import json

__all__ = ["GAME_OPTION_FLAGS", "add_events_option", "add_game_option", "add_game_options", "any_players",
           "describe_options", "game", "game_options_of", "non_negative", "option_flags",
           "options_given", "players", "positive"]


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


# The game options the command line sets, key -> (flag, what a game without the key lacks); their values come from
# add_game_options's flags. Galactic Civ's engine checks the values (RACE_MODES is its engine's list).
GAME_OPTION_FLAGS: dict[str, tuple[str, str]] = {
    "events": ("--events", "Events deck"),
    "races": ("--races", "races option"),
    "trade_literal": ("--trade-literal", "trade_literal option (GCR2's variant)"),
}
RACE_MODES = ("choose", "random")


def add_game_options(p: argparse.ArgumentParser, events_text: str | None = None, what: str = "play") -> None:
    """Galactic Civ's configuration options on a command: ``--events``, ``--races {choose,random}`` and
    ``--trade-literal`` (a game without one refuses it: :func:`game_options_of`). ``what`` is the verb of their
    help (``"rate the games played"`` for the ladder)."""
    if events_text is None:
        add_events_option(p)
    else:
        add_events_option(p, events_text)
    p.add_argument("--races", choices=RACE_MODES, default=None,
                   help=f"Galactic Civ: {what} with the races chosen by each seat in turn (GCR7, the default) or "
                        "dealt at random at setup")
    p.add_argument("--trade-literal", action="store_true",
                   help=f"Galactic Civ: {what} with GCR2's variant (the Trade Phase tests Influence as printed)")


def options_given(args: argparse.Namespace) -> dict[str, object]:
    """The game options whose flags the command line gives, as given (unchecked; a flag left out is absent)."""
    given: dict[str, object] = {}
    if getattr(args, "events", False):
        given["events"] = True
    if getattr(args, "races", None) is not None:
        given["races"] = args.races
    if getattr(args, "trade_literal", False):
        given["trade_literal"] = True
    return given


def game_options_of(args: argparse.Namespace, game_id: str) -> dict[str, object]:
    """The game options the command line sets (``--events``, ``--races``, ``--trade-literal``), checked against the
    game's configuration: a ValueError for a game without one, naming the options it has. A value equal to the
    game's default is left out (``--races choose`` is the plain game: the same ladder pool, the same log)."""
    from df_env.core import GameError, make_game

    given = options_given(args)
    if not given:
        return {}
    g = make_game(game_id)
    for key, value in given.items():
        flag, lacks = GAME_OPTION_FLAGS[key]
        try:
            g.make_config(g.info.min_players, **{key: value})
        except GameError as err:
            raise ValueError(f"{flag}: {g.info.name} has no {lacks} ({err})") from None
    defaults = g.config_to_dict(g.make_config(g.info.min_players))
    return {k: v for k, v in given.items() if defaults.get(k) != v}



def option_flags(options: dict[str, object]) -> list[str] | None:
    """The command-line flags that set ``options`` (``["--events", "--races", "random"]``), or None when one of
    them has no flag (a list of race names, an option set to its default by hand)."""
    flags: list[str] = []
    for key, value in options.items():
        if key == "races" and value in RACE_MODES:
            flags += ["--races", str(value)]
        elif key in ("events", "trade_literal") and value is True:
            flags.append(GAME_OPTION_FLAGS[key][0])
        else:
            return None
    return flags


def describe_options(options: dict[str, object]) -> str:
    """``options`` in words for a log line: ``events=true, races="random"``, or ``no game options``."""
    return ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(options.items())) or "no game options"
