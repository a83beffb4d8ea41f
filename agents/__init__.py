"""Agents for df_env, picked by name everywhere: ``make_agent("mcts:iters=2000")``.

Built in (``AGENT_NAMES``): ``random``, ``first``, ``heuristic``, ``mcts``, ``ppo``, ``net``,
``net-mcts``, and ``oracle``, a cheat that sees hidden cards (``CLAIRVOYANT_AGENTS``: solo benchmarks and
analysis only, :func:`refuse_clairvoyant`). An agent plays a seat as ``make_agent(spec).as_policy(seat, seed)``
(one seeding rule, :func:`agents.base.seat_rng`). See ``docs/agents.md``.

Example:
    >>> from agents import make_agent, AGENT_NAMES
    >>> AGENT_NAMES
    ('random', 'first', 'heuristic', 'mcts', 'ppo', 'net', 'net-mcts', 'oracle')
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
    "oracle": "agents.oracle",
}
AGENT_NAMES = tuple(_MODULES)
# Agents that read hidden information (``Agent.clairvoyant``): references for solo analysis, never a seat of a
# multiplayer game nor an environment's opponent (issue 28).
CLAIRVOYANT_AGENTS = ("oracle",)

# The default opponent of ``df-env play`` and of the browser's agent seats, per player count (solo: the agent a seat
# plays when it is not a person): the strongest agent of the ladder (docs/ladder.jsonl.gz) that answers within about
# 50 ms a decision (issue 12; the figures behind each choice are in docs/agents.md, "The default opponent").
DEFAULT_OPPONENTS = {1: "net-mcts:iters=400", 2: "net-mcts:iters=400", 3: "net-mcts:iters=400"}

__all__ = ["AGENT_NAMES", "CLAIRVOYANT_AGENTS", "DEFAULT_OPPONENTS", "Agent", "AgentSpecError", "SeatPolicy",
           "agent_options", "default_opponent", "is_clairvoyant", "make_agent", "parse_spec", "refuse_clairvoyant",
           "seat_rng"]


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


def is_clairvoyant(spec_or_agent: str | Agent) -> bool:
    """Whether an agent (or the agent a spec names) sees hidden cards (:data:`CLAIRVOYANT_AGENTS`)."""
    if isinstance(spec_or_agent, Agent):
        return spec_or_agent.clairvoyant
    return parse_spec(spec_or_agent)[0] in CLAIRVOYANT_AGENTS


def refuse_clairvoyant(spec_or_agent: str | Agent, where: str) -> None:
    """Raise :class:`AgentSpecError` when the agent sees hidden cards; ``where`` names the seat it was offered
    (e.g. ``"an opponent of a 2-player game"``). Callers ask where it would cheat a player: a multiplayer seat, an
    environment's opponent."""
    if is_clairvoyant(spec_or_agent):
        name = spec_or_agent.name if isinstance(spec_or_agent, Agent) else spec_or_agent
        raise AgentSpecError(f"agent {name!r} is a clairvoyant reference that sees hidden cards (deck order, the "
                             f"game's generator), so it cannot be {where}; it plays only solo benchmarks (df-env bench "
                             f"--players 1, --ceiling) and the analysis of a solo deal (df_env.analysis.winnable)")
