"""The agent protocol and agent specs (``"mcts:iters=2000,rollout=heuristic"``).

An agent chooses one action of the pending decision. Every agent receives the acting player's observation (or
``None`` when it does not ask for one), the legal-action mask and, if it sets ``uses_state``, the engine state.
An agent given the state may read only what the acting player sees (his hand and tableau, the map, the tracks,
the neutral line, the decision's context); a search agent replaces every hidden fact (deck order, the others'
hands, the challenge pile, the generator) by a determinization for the acting player before it looks ahead.

Seating: every adapter (the environments' opponents, ``df-env bench``, ``df-env play``, the campaign, the web
server, the training evaluation, the experiments) seats an agent the one way, ``agent.as_policy(seat, seed)``
(:class:`SeatPolicy`), with the one seeding rule of :func:`seat_rng`.

Example:
    >>> import numpy as np
    >>> from agents import make_agent
    >>> agent = make_agent("random")
    >>> agent.reset(np.random.default_rng(0))
    >>> mask = np.zeros(8, dtype=bool); mask[[2, 5]] = True
    >>> agent.act(None, mask) in (2, 5)
    True
    >>> from df_env.games.deep_future import engine
    >>> s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    >>> policy = make_agent("heuristic").as_policy(seat=0, seed=7)
    >>> bool(engine.legal_mask(s)[policy(s)])
    True
"""

from __future__ import annotations

import abc
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from df_env.core import Game, IllegalActionError, make_game
from df_env.core.fmath import exp as fexp


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
        clairvoyant: the agent reads hidden information (deck order, the generator): a reference for solo
            analysis only (``oracle``), refused as a seat of a multiplayer game (:func:`agents.refuse_clairvoyant`,
            and the seat policy itself).
        observes: the agent wants to see every decision of the game as it is made (:meth:`observe`) and the seats'
            public names (:meth:`meet`): a model of the other seats. Every game-generic loop that seats agents
            shows them (:func:`introduce`, :func:`tell`).
    """

    name: str = "agent"
    uses_state: bool = False
    uses_observation: bool = False
    policy_code: int | None = None
    fork_safe: bool = True
    clairvoyant: bool = False
    observes: bool = False

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:  # noqa: B027 - optional hook
        """Start of a game: the generator to draw from and the seat played."""

    def release(self) -> None:  # noqa: B027 - optional hook
        """Free what the agent keeps between decisions only to be faster (a search's tree buffers): called when
        its game is dropped, or waits for a person (the web server). The agent still plays afterwards."""

    def precompile_alone(self, num_players: int) -> None:  # noqa: B027 - optional hook
        """Compile (or load from numba's cache) what this agent runs that needs none of the game's engine (a
        network's forward pass). A first benchmark calls it in a side process while the main one compiles the
        engine, so that the two compiles overlap on two cores (:func:`df_env.bench.side_compile`)."""

    def observe(self, state: np.ndarray, action: int) -> None:  # noqa: B027 - optional hook
        """Seat ``state["dplayer"]`` (any seat, this one included) is about to play ``action`` in ``state`` (a copy):
        called for every decision when :attr:`observes` is set. As in :meth:`act`, the agent may read only what its
        own seat sees: the decision's kind, its public context and the action chosen, never the other hands."""

    def meet(self, seats: Sequence[str]) -> None:  # noqa: B027 - optional hook
        """The table as every player sees it at the start, when :attr:`observes` is set: each seat's public name,
        indexed by seat (an agent spec such as ``"random"`` or ``"mcts:iters=400"``, ``"human"``, ``"learner"``)."""

    @abc.abstractmethod
    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        """The chosen action: an index where ``mask`` is True."""

    def as_policy(self, seat: int, seed: int, game: Game | None = None) -> SeatPolicy:
        """This agent playing ``seat`` of a game whose agent seed is ``seed``: the agent is reset with the
        generator :func:`seat_rng` ``(seed, seat)`` and the returned :class:`SeatPolicy` answers that seat's
        decisions (``policy(state) -> action``) of ``game`` (default: Deep Future). The policy drives this agent
        object: one agent plays one seat of
        one game at a time, and a new ``as_policy`` restarts it."""
        return SeatPolicy(self, seat, seed, game)


def seat_rng(seed: int, seat: int) -> np.random.Generator:
    """The one seeding rule: the generator of the agent that plays ``seat`` in a game whose agent seed is
    ``seed`` is ``numpy.random.default_rng(SeedSequence(seed, spawn_key=(seat,)))``, the key path of ``derive_seed(seed,
    seat)`` (:func:`df_env.bench.derive_seed`, :func:`df_env.games.deep_future.campaign.core.derive_seed`).

    The agent seed: ``df-env bench`` uses ``derive_seed(bench_seed, game, seating + 1)`` (the same for every agent
    of one game; its compiled games draw every seat's choices from ``seed_words`` of it), ``df-env play``, the
    web server and campaign games the game's engine seed, the environments a seed drawn from their generator at
    every seeded reset (0 before the first).

    Example:
        >>> int(seat_rng(0, 1).integers(1000)) == int(seat_rng(0, 1).integers(1000))
        True
    """
    for name, v in (("seed", seed), ("seat", seat)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise ValueError(f"{name} must be an integer >= 0, got {v!r}")
    return np.random.default_rng(np.random.SeedSequence(int(seed), spawn_key=(int(seat),)))


def sample_softmax(rng: np.random.Generator, legal: np.ndarray, scores: np.ndarray) -> int:
    """One of the actions ``legal``, drawn by ``rng`` with the softmax of ``scores`` as its probabilities.

    The same draw on every machine: the exponentials are :func:`df_env.core.fmath.exp` (NumPy's ``exp`` takes
    another code path, with other last bits, on CPUs with AVX-512, and the C library's differs between libraries)
    and the sum is ``math.fsum``.

    Example:
        >>> sample_softmax(np.random.default_rng(0), np.array([3, 7]), np.array([0.0, 50.0]))
        7
    """
    top = float(np.max(scores))
    p = np.array([fexp(float(v) - top) for v in scores])
    return int(rng.choice(legal, p=p / math.fsum(p)))


class SeatPolicy:
    """An agent seated at ``seat`` (made by :meth:`Agent.as_policy`): ``policy(state) -> action`` for the pending
    decision of an engine state, which must be that seat's.

    It hands the agent what it asks for: the seat's observation (``obs`` when the caller has it, else
    the game's ``observe``), the legal mask (``mask``, else the state's) and a copy of the state (the game's own
    state is never given to an agent). An answer that is not a legal action raises the game's
    :class:`~df_env.core.IllegalActionError` naming the agent, the seat and the legal actions.

    Attributes:
        agent: the agent playing.
        seat: the seat it plays.
        seed: the agent seed it was reset with (:func:`seat_rng`).
        analysis: whether a clairvoyant agent may play this seat of a multiplayer game (keyword ``analysis=True``;
            default False: refused with :class:`AgentSpecError`). Only the ceiling analysis of ``experiments/``
            passes it; no adapter does.
    """

    def __init__(self, agent: Agent, seat: int, seed: int, game: Game | None = None, *,
                 analysis: bool = False) -> None:
        rng = seat_rng(seed, seat)
        self.agent, self.seat, self.seed = agent, int(seat), int(seed)
        # analysis=True lets a clairvoyant agent play a table: only the ceiling analysis of experiments/ does
        # (table_ceiling.py); no adapter passes it (tests/games/deep_future/agents/test_oracle.py checks)
        self.analysis = bool(analysis)
        self.game = make_game() if game is None else game
        # the game's own IllegalActionError (a subclass of the core's), so callers catch what the engine raises
        self._error = getattr(self.game, "IllegalActionError", IllegalActionError)
        agent.reset(rng, self.seat)

    def __call__(self, state: np.ndarray, mask: np.ndarray | None = None, obs: np.ndarray | None = None) -> int:
        game = self.game
        if game.current_player(state) != self.seat:
            raise ValueError(f"agent {self.agent.name!r} plays seat {self.seat}, but the pending decision is seat "
                             f"{game.current_player(state)}'s")
        agent = self.agent
        # the last guard: no adapter seats a cheat at a table
        if agent.clairvoyant and int(state["n_players"]) > 1 and not self.analysis:
            raise AgentSpecError(f"agent {agent.name!r} sees hidden cards and plays only solo games; it cannot play "
                                 f"seat {self.seat} of a {int(state['n_players'])}-player game")
        if mask is None:
            mask = game.legal_mask(state)
        if agent.uses_observation:
            obs = game.observe(state, self.seat) if obs is None else np.array(obs, copy=True)
        a = agent.act(obs if agent.uses_observation else None, mask, game.clone(state) if agent.uses_state else None)
        try:
            action = int(a)
        except (TypeError, ValueError):
            raise self._error(f"agent {agent.name!r} (seat {self.seat}) returned {a!r}, not an action "
                              f"id") from None
        if not 0 <= action < mask.size or not mask[action]:
            raise self._error(f"agent {agent.name!r} (seat {self.seat}) chose action {action}, which is not "
                              f"legal here; legal actions: {np.flatnonzero(mask).tolist()}")
        return action

    def meet(self, seats: Sequence[str]) -> None:
        """Tell the agent the table's public seat names, if it observes the game (:attr:`Agent.observes`)."""
        if self.agent.observes:
            self.agent.meet(list(seats))

    def observe(self, state: np.ndarray, action: int) -> None:
        """Show the agent the decision ``action`` about to be made in ``state`` (by any seat), if it asks
        (:attr:`Agent.observes`); it gets a copy of the state."""
        if self.agent.observes:
            self.agent.observe(self.game.clone(state), int(action))

    def __repr__(self) -> str:
        return f"SeatPolicy({self.agent.name!r}, seat={self.seat}, seed={self.seed})"


def introduce(policies: Iterable[SeatPolicy | Callable[..., int]], seats: Sequence[str]) -> None:
    """Every game loop that seats agents calls this once, before the first decision: each seated agent that
    observes the game learns the table's seats by their public names (the names a log, a ladder and a page show).

    Example:
        >>> import df_env
        >>> from agents import introduce, make_agent
        >>> game = df_env.make_game("galactic_civ")
        >>> seats = ["mcts:iters=8,opponents=observed", "random"]
        >>> policies = [make_agent(spec, game="galactic_civ").as_policy(p, 0, game) for p, spec in enumerate(seats)]
        >>> introduce(policies, seats)
        >>> policies[0].agent.model.policy_of(1) == 0  # agents.galactic_civ.fast.RANDOM
        True
    """
    for policy in policies:
        meet = getattr(policy, "meet", None)  # a plain policy(state) -> action is skipped
        if meet is not None:
            meet(seats)


def tell(policies: Iterable[SeatPolicy | Callable[..., int]], state: np.ndarray, action: int) -> None:
    """Every game loop calls this before it applies a decision: each seated agent that observes the game
    (:attr:`Agent.observes`) sees ``action`` about to be played in ``state``, whoever plays it (an agent, a person,
    a learner). A policy that is a plain callable, not a :class:`SeatPolicy`, is skipped.

    Example:
        >>> import df_env
        >>> from agents import make_agent, tell
        >>> game = df_env.make_game("galactic_civ")
        >>> s = game.new_game(game.make_config(2), seed=0)
        >>> seats = [make_agent(spec, game="galactic_civ").as_policy(p, 0, game)
        ...          for p, spec in enumerate(["mcts:iters=8,opponents=observed", "first"])]
        >>> a = seats[game.current_player(s)](s)
        >>> tell(seats, s, a); game.apply_action(s, a)
    """
    for policy in policies:
        observe = getattr(policy, "observe", None)  # a plain policy(state) -> action (a test's, a person's) is skipped
        if observe is not None:
            observe(state, action)


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


def boolean(text: str) -> bool:
    """An on/off option: 1, true or yes; 0, false or no (any case)."""
    if text.lower() in ("1", "true", "yes"):
        return True
    if text.lower() in ("0", "false", "no"):
        return False
    raise ValueError("must be 1/true/yes or 0/false/no")


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
