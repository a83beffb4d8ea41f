"""Benchmarks: agents play seeded games, alone (solo) or against each other with every seating rotated.

* **Solo** (``num_players=1``): every agent plays the same ``games`` deals (game g uses the engine seed
  ``derive_seed(seed, g)``), so agents are compared on identical games.
* **Multiplayer**: with exactly ``num_players`` agents, every permutation of them over the seats plays the same
  ``games`` deals; with more agents, every group of ``num_players`` of them does (a round robin). The table
  reports each agent over all its seatings; openskill (Plackett-Luce) ratings rank them (winner first, the
  others tied).
* Games whose every seat is a compiled policy (``random``, ``heuristic``) run entirely in compiled code.
* Games run in parallel worker processes (``jobs``), each game with its own seeds, so the results do not depend
  on ``jobs``. Win rates carry a 95% Wilson interval; games not won are told apart by the progress score
  (:mod:`df_env.games.deep_future.progress`: each player's peak over the game).

Example:
    >>> from df_env.bench import BenchConfig, run_bench
    >>> result = run_bench(BenchConfig(agents=("random",), games=20, jobs=1), show_progress=False)
    >>> result.summary[0].games, result.summary[0].wins
    (20, 0)
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import signal
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents import Agent, introduce, make_agent, refuse_clairvoyant, tell
from df_env.core import Game, GameError, make_game
from df_env.core.registry import DEFAULT_GAME

# derive_seed is also imported from here (the one seed derivation of df_env)
from df_env.games.deep_future.engine.model.rng import derive_seed

from .backends import Backend, BackendError, LocalBackend, run_keyed

DEFAULT_TURNS_PER_PLAYER = 100  # Deep Future's R25 guard (its game's default_turn_limit); kept for old imports

Z95 = 1.959963984540054


# ---------------------------------------------------------------------------------------------- configuration
@dataclass(frozen=True)
class BenchConfig:
    """What to play.

    Attributes:
        agents: agent specs (``"mcts:iters=200"``); in multiplayer at least ``num_players`` of them.
        num_players: 1 (each agent alone), 2 or 3.
        games: games per agent (solo) or per seating (multiplayer).
        seed: the base seed; game g of every seating uses the engine seed ``derive_seed(seed, g)``.
        max_turns: games still running after this many player-turns are stopped (R25; default 100 per player).
        jobs: worker processes (default: all cores); 1 runs in this process.
        restart_on_loss: Deep Future's R24 variant.
        game: the game's registry id (``df_env.available_games()``).
        options: the game's other configuration options (Galactic Civ's ``{"events": True}``: the optional Events
            deck, GC24-GC31); checked against the game's configuration.
    """

    agents: tuple[str, ...]
    num_players: int = 1
    games: int = 100
    seed: int = 0
    max_turns: int | None = None
    jobs: int | None = None
    restart_on_loss: bool = False
    game: str = DEFAULT_GAME
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.agents:
            raise ValueError("give at least one agent spec")
        counts = make_game(self.game).info.player_counts
        if self.num_players not in counts:
            allowed = ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}" if len(counts) > 1 else str(counts[0])
            raise ValueError(f"num_players must be {allowed}, got {self.num_players!r}")
        if self.num_players > 1 and len(self.agents) < self.num_players:
            raise ValueError(f"{self.num_players} players need at least {self.num_players} agent specs (repeat a "
                             f"spec to seat it twice), got {len(self.agents)}")
        if self.games < 1:
            raise ValueError(f"games must be >= 1, got {self.games}")
        if self.seed < 0:
            raise ValueError(f"seed must be >= 0, got {self.seed}")
        if self.max_turns is not None and self.max_turns < 1:
            raise ValueError(f"max_turns must be >= 1, got {self.max_turns}")
        if self.jobs is not None and self.jobs < 1:
            raise ValueError(f"jobs must be >= 1, got {self.jobs}")
        try:
            self.game_config()
        except GameError as err:
            raise ValueError(str(err)) from None

    @property
    def turn_limit(self) -> int:
        return self.max_turns if self.max_turns is not None else \
            make_game(self.game).default_turn_limit(self.num_players)

    def game_config(self) -> Any:
        """The configuration of every game of the benchmark."""
        options = {"restart_on_loss": True} if self.restart_on_loss else {}
        return make_game(self.game).make_config(num_players=self.num_players, **options, **self.options)

    def seatings(self) -> list[tuple[int, ...]]:
        """Per seating, the agent index at each seat."""
        if self.num_players == 1:
            return [(i,) for i in range(len(self.agents))]
        groups = itertools.combinations(range(len(self.agents)), self.num_players)
        return [perm for g in groups for perm in itertools.permutations(g)]

    def labels(self) -> list[str]:
        """Agent names for tables: the specs, numbered when a spec appears twice."""
        seen = Counter(self.agents)
        count: Counter[str] = Counter()
        out = []
        for a in self.agents:
            count[a] += 1
            out.append(f"{a} #{count[a]}" if seen[a] > 1 else a)
        return out


# ---------------------------------------------------------------------------------------------- one game
@dataclass
class GameResult:
    """One game of one seating: who sat where and how it went (per seat lists, seat order)."""

    seating: int
    game: int
    seed: int
    agents: list[int]
    winner: int  # seat, -1 none
    victory: str  # victory type name, "" without a winner
    outcome: list[str]  # per seat: win, loss, other won, turn limit
    cause: list[str]  # per seat: why he lost ("Might", "Stability", "Xeno", "homeworld"), "" otherwise
    turns: int
    decisions: list[int]
    peak_progress: list[float]
    seconds: list[float]  # per seat, time spent on his decisions (compiled games: shared by decision count)
    cpu_seconds: list[float] = field(default_factory=list)  # the same in CPU time of the playing thread


def play_game(agents: Sequence[Agent], config: Any, seed: int, agent_seed: int, max_turns: int,
              game: Game | None = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray]:
    """Play one game to its end or the turn limit; returns (final state, decisions, peak progress, seconds)
    per seat. Seat p is ``agents[p].as_policy(p, agent_seed)``; every seat with a compiled policy: the whole game
    runs in compiled code, every seat's choices drawn from ``seed_words(agent_seed)``."""
    return play_timed(agents, config, seed, agent_seed, max_turns, game)[:4]


def play_timed(agents: Sequence[Agent], config: Any, seed: int, agent_seed: int, max_turns: int,
               game: Game | None = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`play_game`, also returning the CPU seconds of the playing thread per seat."""
    game = make_game() if game is None else game
    s = game.new_game(config, seed)
    compiled = getattr(game, "play_compiled", None)
    done = compiled(s, agents, agent_seed, max_turns) if compiled is not None else None
    if done is not None:
        return (s, *done)
    return (s, *_python_game(game, s, agents, agent_seed, max_turns))


def _python_game(game: Game, s: Any, agents: Sequence[Agent], agent_seed: int,
                 max_turns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    n = len(agents)
    policies = [agent.as_policy(p, agent_seed, game) for p, agent in enumerate(agents)]
    introduce(policies, [agent.name for agent in agents])
    counts, peak, secs, cpu = np.zeros(n, dtype=np.int64), np.zeros(n), np.zeros(n), np.zeros(n)
    update_peaks = getattr(game, "update_peaks", None)
    if update_peaks is not None:
        update_peaks(s, peak)
    while not game.is_terminal(s) and game.turn(s) <= max_turns:
        p = game.current_player(s)
        t0, c0 = time.perf_counter(), time.thread_time()
        a = policies[p](s)
        t1, c1 = time.perf_counter(), time.thread_time()
        tell(policies, s, a)  # the seats that model the others see the move (Agent.observes): not p's time
        t0, c0 = t0 + time.perf_counter() - t1, c0 + time.thread_time() - c1
        game.apply_action(s, a)
        secs[p] += time.perf_counter() - t0
        cpu[p] += time.thread_time() - c0
        counts[p] += 1
        if update_peaks is not None:
            update_peaks(s, peak)
    return counts, peak, secs, cpu


# ---------------------------------------------------------------------------------------------- workers
_WORKER: dict[str, object] = {}


def _init_worker(config: BenchConfig, warm: bool = False) -> None:
    if multiprocessing.parent_process() is not None:  # a pool worker: Ctrl-C is the parent's to handle (it keeps
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the finished games); no traceback from every worker
    _WORKER.clear()
    _WORKER["config"] = config
    if warm:  # load the compiled code before the first game, out of its timing (fresh agents: no state kept)
        _warm_up([make_agent(spec, config.game) for spec in set(config.agents)], config)


def _agent(spec: str, seat: int, game: str) -> Agent:
    key = f"{seat}|{spec}"
    if key not in _WORKER:
        _WORKER[key] = make_agent(spec, game)
    agent = _WORKER[key]
    assert isinstance(agent, Agent)
    return agent


def _run_task(task: tuple[int, int]) -> GameResult:
    config = _WORKER["config"]
    assert isinstance(config, BenchConfig)
    si, g = task
    seating = config.seatings()[si]
    agents = [_agent(config.agents[i], seat, config.game) for seat, i in enumerate(seating)]
    seed = derive_seed(config.seed, g)
    game = make_game(config.game)
    try:
        s, counts, peak, secs, cpu = play_timed(agents, config.game_config(), seed,
                                                derive_seed(config.seed, g, si + 1), config.turn_limit, game)
    except Exception as err:
        raise RuntimeError(f"game {g} (engine seed {seed}, seats {[config.agents[i] for i in seating]}) failed: "
                           f"{type(err).__name__}: {err}") from err
    end = game.outcome(s, truncated=not game.is_terminal(s))
    return GameResult(seating=si, game=g, seed=seed, agents=list(seating), winner=int(end["winner"]),
                      victory=end["victory"], outcome=list(end["seats"]), cause=list(end["causes"]),
                      turns=game.turn(s), decisions=[int(c) for c in counts],
                      peak_progress=[round(float(v), 6) for v in peak], seconds=[float(x) for x in secs],
                      cpu_seconds=[float(x) for x in cpu])


def _run_chunk(chunk: list[tuple[int, int]]) -> list[GameResult]:
    return [_run_task(t) for t in chunk]


def _chunks(tasks: list[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    for i in range(0, len(tasks), size):
        yield tasks[i:i + size]


def _chunk_size(compiled: bool, n_tasks: int, jobs: int) -> int:
    """Compiled games take microseconds: big chunks; Python games are slow and uneven: one at a time."""
    return max(1, min(500, n_tasks // (4 * jobs))) if compiled else 1


# ---------------------------------------------------------------------------------------------- summary
def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (default 95%).

    Example:
        >>> lo, hi = wilson(0, 1000)
        >>> lo, round(hi, 4)
        (0.0, 0.0038)
    """
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass
class AgentSummary:
    """One agent over all its games (all seats)."""

    agent: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_turns: float
    progress_not_won: float  # mean peak progress over the games he did not win (nan if he won them all)
    mean_progress: float
    victories: dict[str, int]
    outcomes: dict[str, int]
    loss_causes: dict[str, int]
    decisions: int
    decisions_per_second: float
    rating_mu: float | None = None
    rating_sigma: float | None = None
    rating_ordinal: float | None = None
    cpu_ms_per_decision: float = float("nan")  # CPU time of the playing thread: does not depend on the load


@dataclass
class BenchResult:
    config: BenchConfig
    games: list[GameResult]
    summary: list[AgentSummary]
    seconds: float
    meta: dict[str, object] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        return {"config": asdict(self.config), "labels": self.config.labels(), "seconds": self.seconds,
                "partial": bool(self.meta.get("partial", False)),  # interrupted: only the games finished
                "meta": self.meta, "summary": [asdict(s) for s in self.summary],
                "games": [asdict(g) for g in self.games]}


def summarize(config: BenchConfig, games: list[GameResult]) -> list[AgentSummary]:
    """Per agent: win rate and its Wilson interval, lengths, victory types, loss causes, progress, speed."""
    out = []
    for i, label in enumerate(config.labels()):
        seats = [(g, g.agents.index(i)) for g in games if i in g.agents]
        n = len(seats)
        wins = sum(g.winner == p for g, p in seats)
        lo, hi = wilson(wins, n)
        not_won = [g.peak_progress[p] for g, p in seats if g.winner != p]
        decisions = sum(g.decisions[p] for g, p in seats)
        secs = sum(g.seconds[p] for g, p in seats)
        cpu = sum(g.cpu_seconds[p] for g, p in seats if g.cpu_seconds)
        out.append(AgentSummary(
            agent=label, games=n, wins=wins, win_rate=wins / n if n else 0.0, ci_low=lo, ci_high=hi,
            mean_turns=float(np.mean([g.turns for g, _ in seats])) if n else 0.0,
            progress_not_won=float(np.mean(not_won)) if not_won else float("nan"),
            mean_progress=float(np.mean([g.peak_progress[p] for g, p in seats])) if n else 0.0,
            victories=dict(Counter(g.victory for g, p in seats if g.winner == p)),
            outcomes=dict(Counter(g.outcome[p] for g, p in seats)),
            loss_causes=dict(Counter(g.cause[p] for g, p in seats if g.cause[p])),
            decisions=decisions, decisions_per_second=decisions / secs if secs > 0 else float("inf"),
            cpu_ms_per_decision=1000 * cpu / decisions if decisions and cpu > 0 else float("nan")))
    if config.num_players > 1:
        _rate(out, games)
    return out


RATING_PASSES = 20


def _rate(summary: list[AgentSummary], games: list[GameResult]) -> None:
    """openskill Plackett-Luce ratings: the winner first, the others tied (a game without a winner is a tie of
    all). Online rating depends on the order of the games (sigma shrinks, so early games weigh most): the
    ratings are the mean over ``RATING_PASSES`` passes in seeded random orders."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rng = np.random.default_rng(0)
    ordered = sorted(games, key=lambda r: (r.game, r.seating))
    mus, sigmas = np.zeros(len(summary)), np.zeros(len(summary))
    for _ in range(RATING_PASSES):
        ratings = [model.rating(name=s.agent) for s in summary]
        for k in rng.permutation(len(ordered)):
            g = ordered[k]
            ranks = [1.0 if g.winner in (-1, seat) else 2.0 for seat in range(len(g.agents))]
            new = model.rate([[ratings[i]] for i in g.agents], ranks=ranks)
            for i, team in zip(g.agents, new, strict=True):
                ratings[i] = team[0]
        mus += [r.mu for r in ratings]
        sigmas += [r.sigma for r in ratings]
    for s, mu, sigma in zip(summary, mus / RATING_PASSES, sigmas / RATING_PASSES, strict=True):
        s.rating_mu, s.rating_sigma, s.rating_ordinal = float(mu), float(sigma), float(mu - 3 * sigma)


# ---------------------------------------------------------------------------------------------- running
def _warm_up(agents: list[Agent], config: BenchConfig) -> None:
    """Compile (or load from the cache) everything the games run before the workers fork, so that no game's
    timing includes it. The agents with a part to compile alone come last: a side process compiles that part
    meanwhile (:func:`side_compile`), and this one finds it in the cache."""
    game = make_game(config.game)
    game_config = game.make_config(num_players=config.num_players)
    agents = sorted(agents, key=_compiles_alone)  # stable: the others keep their order
    side = side_compile([a for a in agents if _compiles_alone(a)], config.num_players)
    for agent in agents:
        play_game([agent] * config.num_players, game_config, 0, 0, 1, game)
    if config.num_players > 1 and any(a.policy_code is None for a in agents):
        _warm_up_decisions([a for a in agents if a.policy_code is not None], game, game_config)
    if side is not None:
        side.join()


def _warm_up_decisions(agents: list[Agent], game: Game, game_config: Any) -> None:
    """A table that mixes compiled agents with others plays decision by decision: each compiled agent's
    per-decision policy compiles a function of its own (the heuristic's ``choose_arr``) that its whole compiled
    games never call. Warm it here, before the workers fork, or every worker compiles it again (seen: 12 of 16
    workers of a first 2-player bench each compiling the heuristic's policy)."""
    for agent in agents:
        s = game.new_game(game_config, 0)
        agent.as_policy(game.current_player(s), 0, game)(s)


def _compiles_alone(agent: Agent) -> bool:
    return type(agent).precompile_alone is not Agent.precompile_alone


def side_compile(agents: list[Agent], num_players: int) -> Any:
    """A forked process running each agent's ``precompile_alone`` (a network's forward pass: about 15 s of a cold
    first run) while the caller compiles the game's engine, when numba's cache is empty and there are two cores
    or more; None otherwise. Both processes write the same cache (numba writes each entry whole, then renames
    it); the caller that reaches a part before the side process has cached it just compiles it too."""
    from df_env.core.jit import CACHE_DIR

    cold = not any(Path(CACHE_DIR).rglob("*.nbi"))
    if not agents or not cold or (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    proc = multiprocessing.get_context("fork").Process(target=_precompile, args=(agents, num_players),
                                                       name="df_env-side-compile", daemon=True)
    proc.start()
    return proc


def _precompile(agents: list[Agent], num_players: int) -> None:
    from df_env.games.deep_future.engine.compile_notice import announce_as

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    announce_as("[side process, meanwhile] ")  # its compile announcements interleave with the main process's
    for agent in agents:
        agent.precompile_alone(num_players)


class BenchInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_bench`: :attr:`result` holds the games finished before it (``meta["partial"]`` is
    True, ``meta["games_planned"]`` the number asked for), so that a caller can still write and record them."""

    def __init__(self, result: BenchResult) -> None:
        super().__init__(f"interrupted after {len(result.games)} of {result.meta['games_planned']} games")
        self.result = result


class BenchFailed(BackendError):
    """The backend could not finish :func:`run_bench` (a worker process died, a game's result never came): the
    :class:`~df_env.backends.BackendError`'s message, and :attr:`result` holding the games finished before it, as
    :class:`BenchInterrupted` (``meta["partial"]`` True, ``meta["error"]`` the message)."""

    def __init__(self, result: BenchResult, error: BackendError) -> None:
        super().__init__(str(error))
        self.result = result


def run_bench(config: BenchConfig, show_progress: bool = True, backend: Backend | None = None) -> BenchResult:
    """Play every game of ``config`` (in parallel when ``jobs`` > 1) and summarize.

    ``backend`` runs the games (:mod:`df_env.backends`; default: this machine's processes, ``config.jobs``);
    every game is counted exactly once whatever the backend (a retried game's second result is dropped).
    Raises :class:`agents.AgentSpecError` for a bad agent spec before any game is played, and
    :class:`BenchInterrupted` (a KeyboardInterrupt carrying the finished games) on Ctrl-C, :class:`BenchFailed` (a
    BackendError carrying them) when the backend fails (a worker process that died).
    """
    from tqdm import tqdm

    # fail early, with the agent's message
    checked = {spec: make_agent(spec, config.game) for spec in set(config.agents)}
    if config.num_players > 1:
        for agent in checked.values():
            refuse_clairvoyant(agent, f"a seat of a {config.num_players}-player benchmark")
    compiled = all(a.policy_code is not None for a in checked.values())
    _warm_up(list(checked.values()), config)
    tasks = [(si, g) for g in range(config.games) for si in range(len(config.seatings()))]
    if backend is None:
        backend = LocalBackend(min(config.jobs or os.cpu_count() or 1, len(tasks)))
    size = _chunk_size(compiled, len(tasks), backend.workers)
    fork_safe = all(a.fork_safe for a in checked.values())
    t0 = time.perf_counter()
    results: list[GameResult] = []
    meta: dict[str, object] = {**backend.describe(), "cpu_count": os.cpu_count(), "turn_limit": config.turn_limit}
    try:
        with tqdm(total=len(tasks), desc="bench", unit="game", disable=not show_progress, smoothing=0.05) as bar:
            for game in run_keyed(backend, _run_chunk, list(_chunks(tasks, size)), key=lambda r: (r.seating, r.game),
                                  expected=tasks, initializer=_init_worker, initargs=(config, True),
                                  fork_safe=fork_safe, on_chunk=lambda part: bar.update(len(part))):
                results.append(game)
    except KeyboardInterrupt:  # the games finished so far are kept, marked partial
        meta.update(partial=True, games_planned=len(tasks))
        raise BenchInterrupted(_result(config, results, time.perf_counter() - t0, meta)) from None
    except BackendError as err:  # the same, with what went wrong
        meta.update(partial=True, games_planned=len(tasks), error=str(err))
        raise BenchFailed(_result(config, results, time.perf_counter() - t0, meta), err) from err
    return _result(config, results, time.perf_counter() - t0, meta)


def _result(config: BenchConfig, results: list[GameResult], seconds: float, meta: dict[str, object]) -> BenchResult:
    results.sort(key=lambda r: (r.seating, r.game))
    return BenchResult(config, results, summarize(config, results), seconds, meta)
