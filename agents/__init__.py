"""Agents for df_env, picked by name everywhere: ``make_agent("mcts:iters=2000")``.

Built in (``AGENT_NAMES``): ``random``, ``first``, ``heuristic``, ``mcts``, ``ppo``, ``net``,
``net-mcts``. An agent plays a seat as ``make_agent(spec).as_policy(seat, seed)`` (one seeding rule,
:func:`agents.base.seat_rng`). See ``docs/agents.md``.

Example:
    >>> from agents import make_agent, AGENT_NAMES
    >>> AGENT_NAMES
    ('random', 'first', 'heuristic', 'mcts', 'ppo', 'net', 'net-mcts')
    >>> make_agent("heuristic").name
    'heuristic'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from agents.base import Agent, AgentSpecError, SeatPolicy, parse_spec, seat_rng

# name -> module with ``make(spec, raw_options) -> Agent`` and ``OPTIONS`` (imported on first use: ``ppo`` needs
# torch, which the other agents do not)
_MODULES = {
    "random": "agents.random_agent",
    "first": "agents.first_agent",
    "heuristic": "agents.heuristic",
    "mcts": "agents.mcts",
    "ppo": "agents.ppo_agent",
    "net": "agents.net_agent",
    "net-mcts": "agents.net_mcts",
}
AGENT_NAMES = tuple(_MODULES)

# The default opponent of ``df-env play`` and of the browser's agent seats, per player count (solo: the agent a seat
# plays when it is not a person): the strongest agent of the ladder (docs/ladder.jsonl.gz) that answers within about
# 50 ms a decision (issue 12; the figures behind each choice are in docs/agents.md, "The default opponent").
DEFAULT_OPPONENTS = {1: "net-mcts:iters=400", 2: "net-mcts:iters=400", 3: "net-mcts:iters=400"}

__all__ = ["AGENT_NAMES", "DEFAULT_OPPONENTS", "Agent", "AgentSpecError", "SeatPolicy", "agent_options",
           "default_opponent", "make_agent", "parse_spec", "seat_rng"]


def _module(name: str, spec: str):
    if name not in _MODULES:
        raise AgentSpecError(f"unknown agent {name!r} in spec {spec!r}; agents are: {', '.join(AGENT_NAMES)}")
    return importlib.import_module(_MODULES[name])


def make_agent(spec: str) -> Agent:
    """Build an agent from a spec ``"name"`` or ``"name:key=value,key=value"``.

    Raises :class:`AgentSpecError` (a ValueError) naming the allowed agents or options on a bad spec.
    """
    name, raw = parse_spec(spec)
    maker: Callable[[str, dict[str, str]], Agent] = _module(name, spec).make
    return maker(spec.strip(), raw)


def agent_options(name: str) -> dict:
    """The options an agent takes: ``{key: Option(parse, default, doc)}``."""
    return dict(_module(name, name).OPTIONS)


def default_opponent(num_players: int) -> str:
    """The spec of the default opponent for ``num_players`` (1-3) players (:data:`DEFAULT_OPPONENTS`)."""
    if num_players not in DEFAULT_OPPONENTS:
        raise ValueError(f"num_players must be 1, 2 or 3; got {num_players!r}")
    return DEFAULT_OPPONENTS[num_players]
