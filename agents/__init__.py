"""Agents for df_env, picked by name everywhere: ``make_agent("mcts:iters=2000")``.

Built in (``AGENT_NAMES``, Deep Future's): ``random``, ``first``, ``heuristic``, ``mcts``, ``ppo``, ``net``,
``net-mcts``, ``oracle`` (a cheat that sees hidden cards: ``CLAIRVOYANT_AGENTS``, solo benchmarks and analysis
only, :func:`refuse_clairvoyant`) and ``ismcts``; ``agent_names(game)`` lists another game's. An agent plays a seat
as ``make_agent(spec).as_policy(seat, seed)`` (one seeding rule, :func:`agents.base.seat_rng`). See
``docs/agents.md``.

Example:
    >>> from agents import make_agent, AGENT_NAMES
    >>> AGENT_NAMES
    ('random', 'first', 'heuristic', 'mcts', 'ppo', 'net', 'net-mcts', 'oracle', 'ismcts')
    >>> make_agent("heuristic").name
    'heuristic'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from agents.base import Agent, AgentSpecError, SeatPolicy, introduce, parse_spec, seat_rng, tell
from df_env.core.registry import DEFAULT_GAME, make_game

# Agents that play any game (they need only the mask): name -> module with ``make(spec, raw_options) -> Agent`` and
# ``OPTIONS``. A game adds its own agents by naming their modules in its ``agents`` mapping (Deep Future's:
# df_env/games/deep_future/game.py); modules are imported on first use (``ppo`` needs torch, the others do not).
GENERIC_AGENTS = {
    "random": "agents.generic.random_agent",
    "first": "agents.generic.first_agent",
}
# ... and the search for any game that offers determinize ("mcts" too where the game has no search of its own)
SEARCH_AGENT = "agents.generic.ismcts"


def agent_modules(game: str = DEFAULT_GAME) -> dict[str, str]:
    """The agents of ``game``: the generic ones, then the game's own (name -> module)."""
    g = make_game(game)
    search = {"mcts": SEARCH_AGENT, "ismcts": SEARCH_AGENT} if g.info.has("determinize") else {}
    own = dict(getattr(g, "agents", {}))
    return {**GENERIC_AGENTS, **own, **{k: v for k, v in search.items() if k not in own}}


def agent_names(game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The names of the agents that play ``game``, in the order ``df-env agents`` lists them."""
    return tuple(agent_modules(game))


AGENT_NAMES = agent_names()  # Deep Future's (the default game)

# The default opponent of ``df-env play`` and of the browser's agent seats, per player count (solo: the agent a seat
# plays when it is not a person): the strongest agent of the ladder (docs/ladder.jsonl.gz) that answers within about
# 50 ms a decision (issue 12; the figures behind each choice are in docs/agents.md, "The default opponent").
DEFAULT_OPPONENTS = {1: "net-mcts:iters=400", 2: "net-mcts:iters=400", 3: "net-mcts:iters=400"}

# Agents that read hidden information (``Agent.clairvoyant``): references for solo analysis, never a seat of a
# multiplayer game nor an environment's opponent (issue 28).
CLAIRVOYANT_AGENTS = ("oracle",)

__all__ = ["AGENT_NAMES", "CLAIRVOYANT_AGENTS", "DEFAULT_OPPONENTS", "GENERIC_AGENTS", "Agent", "AgentSpecError",
           "SeatPolicy", "agent_modules", "agent_names", "agent_options", "default_opponent", "introduce",
           "is_clairvoyant", "make_agent", "parse_spec", "refuse_clairvoyant", "seat_rng", "tell"]


def _module(name: str, spec: str, game: str = DEFAULT_GAME):
    modules = agent_modules(game)
    if name not in modules:
        raise AgentSpecError(f"unknown agent {name!r} in spec {spec!r}; agents of {game} are: {', '.join(modules)}")
    return importlib.import_module(modules[name])


def make_agent(spec: str, game: str = DEFAULT_GAME) -> Agent:
    """Build an agent of ``game`` (default Deep Future) from a spec ``"name"`` or ``"name:key=value,key=value"``.

    Raises :class:`AgentSpecError` (a ValueError) naming the allowed agents or options on a bad spec.
    """
    name, raw = parse_spec(spec)
    module = _module(name, spec, game)
    if getattr(module, "TAKES_GAME", False):  # a generic agent: it plays the game it is made for
        return module.make(spec.strip(), raw, game)
    maker: Callable[[str, dict[str, str]], Agent] = module.make
    return maker(spec.strip(), raw)


def agent_options(name: str, game: str = DEFAULT_GAME) -> dict:
    """The options an agent takes: ``{key: Option(parse, default, doc)}``."""
    return dict(_module(name, name, game).OPTIONS)


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
                             f"--players 1, --ceiling) and the analysis of a solo deal "
                             "(df_env.games.deep_future.analysis.winnable)")
