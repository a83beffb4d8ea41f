"""What the web server lets a page ask for: the agents a seat may be played by and how hard they may think, how many
searches run at once, how many games are held and for how long, how large a request body may be.

A page names an agent by spec (``"mcts:iters=200"``); without limits one request (``mcts:time=inf``,
``mcts:iters=3000000``) would hold a core for ever or grow the server by gigabytes. :func:`check_spec` refuses a
spec beyond :class:`Limits` with a sentence naming the limit; ``df-env serve`` sets them (``--max-iters``,
``--max-think-seconds``, ``--max-searches``, ``--max-games``, ``--idle-minutes``).

Example:
    >>> check_spec("mcts:iters=200", Limits())
    >>> try:
    ...     check_spec("mcts:time=inf", Limits())
    ... except SpecLimitError as err:
    ...     print(str(err)[:59])
    seat spec 'mcts:time=inf': time must be a number of seconds
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from agents import parse_spec

# The agents a page may name: ``ppo`` needs a model file on the server, which a page may not name.
PAGE_AGENTS = ("random", "first", "heuristic", "mcts", "net", "net-mcts")
MAX_SPEC_CHARS = 200


@dataclass(frozen=True)
class Limits:
    """The server's limits (``df-env serve`` options in brackets)."""

    max_iters: int = 5000  # search iterations per decision [--max-iters]
    max_think_seconds: float = 5.0  # an agent's time budget per decision [--max-think-seconds]
    max_nodes: int = 65536  # a search tree's size under a time budget (the ``nodes`` option)
    max_searches: int = 2  # agent searches running at once; the others wait their turn [--max-searches]
    max_games: int = 64  # games held; beyond it the least recently used is dropped (its log kept) [--max-games]
    idle_seconds: float = 3600.0  # a game untouched this long is dropped (its log kept) [--idle-minutes]
    max_body: int = 1_000_000  # bytes of a request body (a long game's log is ~10 KB)
    max_replays: int = 16  # replays held (the oldest is dropped)

    def describe(self) -> dict[str, float]:
        """The limits a page may show (``GET /api/agents``)."""
        return {"max_iters": self.max_iters, "max_think_seconds": self.max_think_seconds,
                "max_searches": self.max_searches, "max_games": self.max_games,
                "idle_minutes": self.idle_seconds / 60}


class SpecLimitError(ValueError):
    """A seat spec beyond what the server allows (a 400)."""


def _number(raw: str, key: str, spec: str, top: float, flag: str, integer: bool) -> None:
    what = "an integer 1.." if integer else "a number of seconds 0.."
    try:
        value = int(raw) if integer else float(raw)
    except ValueError:
        return  # not a number: the agent's own parser says what is allowed
    if not math.isfinite(value) or not 0 <= value <= top:
        shown = f"{top:g}" if not integer else str(int(top))
        raise SpecLimitError(f"seat spec {spec!r}: {key} must be {what}{shown} (this server's limit, df-env serve "
                             f"{flag}), got {raw!r}")


def check_spec(spec: str, limits: Limits) -> None:
    """Refuse (:class:`SpecLimitError`) a spec a page may not ask for: an agent outside :data:`PAGE_AGENTS`, a
    file path, more iterations, seconds or tree nodes than ``limits`` allow. Whether the rest is a valid spec is
    ``agents.make_agent``'s to say."""
    if len(spec) > MAX_SPEC_CHARS:
        raise SpecLimitError(f"a seat spec has at most {MAX_SPEC_CHARS} characters, got {len(spec)}")
    name, raw = parse_spec(spec)
    if name not in PAGE_AGENTS:
        raise SpecLimitError(f"seat spec {spec!r}: a page may choose the agents {', '.join(PAGE_AGENTS)}")
    if "path" in raw:
        raise SpecLimitError(f"seat spec {spec!r}: a page may not name a file on the server (path=); the agents "
                             f"use the shipped models")
    if "iters" in raw:
        _number(raw["iters"], "iters", spec, limits.max_iters, "--max-iters", integer=True)
    if "time" in raw:
        _number(raw["time"], "time", spec, limits.max_think_seconds, "--max-think-seconds", integer=False)
    if "nodes" in raw:
        _number(raw["nodes"], "nodes", spec, limits.max_nodes, "(fixed)", integer=True)
