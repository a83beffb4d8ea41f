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

__all__ = ["non_negative", "players", "positive"]


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
