"""The agent protocol and agent specs (``"mcts:iters=2000,rollout=heuristic"``).

An agent chooses one action of the pending decision. Every agent receives the acting player's observation (or
``None`` when it does not ask for one), the legal-action mask and, if it sets ``uses_state``, the engine state.
An agent given the state may read only what the acting player sees (his hand and tableau, the map, the tracks,
the neutral line, the decision's context); a search agent replaces every hidden fact (deck order, the others'
hands, the challenge pile, the generator) by a determinization for the acting player before it looks ahead.

Example:
    >>> import numpy as np
    >>> from agents import make_agent
    >>> agent = make_agent("random")
    >>> agent.reset(np.random.default_rng(0))
    >>> mask = np.zeros(8, dtype=bool); mask[[2, 5]] = True
    >>> agent.act(None, mask) in (2, 5)
    True
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


class AgentSpecError(ValueError):
    """A wrong agent name or option in an agent spec."""


@dataclass(frozen=True)
class Option:
    """One option of an agent spec: how to parse it, its default and what it does."""

    parse: Callable[[str], object]
    default: object
    doc: str


class Agent(abc.ABC):
    """One player's decision maker.

    Attributes:
        name: the spec the agent was made from (shown in tables).
        uses_state: ``act`` needs the engine state (see the module docstring for what it may read).
        uses_observation: ``act`` needs the flat observation of the acting player.
        policy_code: the id of an equivalent compiled policy (0 random, 1 heuristic, 2 first) that benchmarks may run
            whole games with in compiled code, or None.
        fork_safe: worker processes may be forked from a process that used this agent (False for torch
            policies: a fork after torch ran can deadlock; benchmarks then spawn their workers).
    """

    name: str = "agent"
    uses_state: bool = False
    uses_observation: bool = False
    policy_code: int | None = None
    fork_safe: bool = True

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:  # noqa: B027 - optional hook
        """Start of a game: the generator to draw from and the seat played."""

    @abc.abstractmethod
    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        """The chosen action: an index where ``mask`` is True."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:key=value,key=value"`` into the name and the raw options.

    Example:
        >>> parse_spec("mcts:iters=200,rollout=random")
        ('mcts', {'iters': '200', 'rollout': 'random'})
    """
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"an agent spec is a non-empty string like 'mcts:iters=200', got {spec!r}")
    name, _, rest = spec.strip().partition(":")
    raw: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise AgentSpecError(f"agent option {part!r} in {spec!r} is not of the form key=value")
        raw[key.strip()] = value.strip()
    return name.strip().lower(), raw


def build_options(name: str, raw: dict[str, str], schema: dict[str, Option]) -> dict[str, object]:
    """Parse ``raw`` against ``schema``; unknown keys and unparsable values raise :class:`AgentSpecError`
    listing the allowed options."""
    unknown = sorted(set(raw) - set(schema))
    if unknown:
        raise AgentSpecError(f"agent {name!r} has no option {', '.join(unknown)}; {describe_options(name, schema)}")
    out = {key: opt.default for key, opt in schema.items()}
    for key, value in raw.items():
        try:
            out[key] = schema[key].parse(value)
        except ValueError as err:
            raise AgentSpecError(f"bad value {value!r} for option {key!r} of agent {name!r}: {err}") from None
    return out


def describe_options(name: str, schema: dict[str, Option]) -> str:
    if not schema:
        return f"agent {name!r} takes no options"
    items = "; ".join(f"{k} (default {o.default!r}): {o.doc}" for k, o in schema.items())
    return f"options of {name!r}: {items}"


def positive_int(text: str) -> int:
    v = int(text)
    if v <= 0:
        raise ValueError("must be a positive integer")
    return v


def non_negative_int(text: str) -> int:
    v = int(text)
    if v < 0:
        raise ValueError("must be an integer >= 0")
    return v


def non_negative_float(text: str) -> float:
    v = float(text)
    if not v >= 0:
        raise ValueError("must be a number >= 0")
    return v


def choice(*allowed: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}")
        return text

    return parse


def words_from(rng: np.random.Generator) -> np.ndarray:
    """Four generator words (int64, each below 2**32, not all zero) for compiled policies, drawn from ``rng``."""
    w = rng.integers(0, 2**32, size=4, dtype=np.int64)
    if not w.any():
        w[0] = 1
    return w
