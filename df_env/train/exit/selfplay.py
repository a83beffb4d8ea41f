"""Self-play data of expert iteration: games played by the expert search, one backend task per game.

A game is a :class:`GameTask` (iteration, game index, engine seed, the role of every seat). The seats whose
role is ``"current"`` play the expert: ``net-mcts`` with the current model (``expert="net-mcts"``,
:meth:`agents.net_mcts.NetMCTSAgent.search`) or the heuristic-guided ``mcts`` (``expert="mcts"``, a fixed
expert to distil into the network, :meth:`agents.mcts.MCTSAgent.search`); both public methods return the root's
visit counts over the 200 actions. A searching seat records, at every decision with more than
one legal action, the acting player's observation, the legal mask, the root visit distribution, the root value
``q`` (the mean backed-up value of the most visited action) and the player;
the first ``temp_moves`` searched decisions of a seat sample the visit counts (``n^(1/temperature)``), the
later ones take the most visited action, or with probability ``net_moves`` the current model's policy's action
(``net:path=...``; DAgger: the expert labels the states the network's own play reaches). A ``"past:NAME"``
seat plays a past checkpoint's policy (``net:path=...``), a ``"heuristic"`` seat the heuristic; neither records
anything. At the end the game's outcome per player is the value ``agents/mcts.py`` backs up: 1 win, 0 loss (or a
game over without winning), otherwise the progress score (``df_env.progress``) when the turn limit ends the game.

The models are shipped to the workers as bytes (the worker initializer writes them to a temporary folder of
this :func:`generate` call, files named by their SHA-1), so a worker needs no shared file system; the folder is
removed by the driver at the end of the call and by a worker when it starts on the next call. :func:`generate`
runs the tasks on a :mod:`df_env.backends` backend with :func:`df_env.backends.run_keyed`: every result is keyed by
``(iteration, game)``, a retried task never counts twice, and the records come back sorted by key, so the
local and the Ray backend give the same data for the same seeds.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from agents import Agent, make_agent
from df_env.backends import Backend, run_keyed
from df_env.games.deep_future.engine.api import GameConfig, apply_action, legal_mask, new_game
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.observation.encode import observe
from df_env.games.deep_future.progress import progress


@dataclass(frozen=True)
class GameTask:
    """One self-play game: ``roles[p]`` is ``"current"``, ``"heuristic"`` or ``"past:NAME"`` (a model name)."""

    iteration: int
    game: int
    seed: int
    roles: tuple[str, ...]

    @property
    def key(self) -> tuple[int, int]:
        return (self.iteration, self.game)


@dataclass(frozen=True)
class SearchSettings:
    """How the current model searches and how much of a game is sampled (from the config)."""

    search_iters: int = 64
    c_puct: float = 1.0
    rollout: str = "heuristic"
    turns: int = 3
    temp_moves: int = 8
    temperature: float = 1.0
    max_turns: int = 0
    expert: str = "net-mcts"
    net_moves: float = 0.0

    @classmethod
    def from_config(cls, c: dict[str, Any]) -> SearchSettings:
        return cls(int(c["search_iters"]), float(c["c_puct"]), str(c["rollout"]), int(c["turns"]),
                   int(c["temp_moves"]), float(c["temperature"]), int(c["max_turns"]), str(c["expert"]),
                   float(c["net_moves"]))

    def expert_spec(self, model: Path) -> str:
        """The agent spec of a searching seat: ``net-mcts`` guided by ``model``, or ``mcts`` (its own ``c`` and
        ``bias``; ``c_puct`` is net-mcts's only)."""
        if self.expert == "mcts":
            return f"mcts:iters={self.search_iters},rollout={self.rollout},turns={self.turns}"
        if self.expert == "net-mcts":
            return (f"net-mcts:iters={self.search_iters},c_puct={self.c_puct},rollout={self.rollout},"
                    f"turns={self.turns},path={model}")
        raise ValueError(f"expert must be one of net-mcts, mcts; got {self.expert!r}")


_WORKER: dict[str, Any] = {"models": {}, "settings": SearchSettings(), "folder": None}


def model_dir(run: str) -> Path:
    """Where a machine's workers keep the models of the run ``run`` (one :func:`generate` call): a folder in
    the temporary folder, a file per model named by its SHA-1, written once and atomically."""
    return Path(tempfile.gettempdir()) / f"df_exit_models_{run}"


def init_worker(models: dict[str, bytes], settings: SearchSettings, run: str) -> None:
    """The worker initializer: write every model (name -> ``.npz`` bytes) to this machine's folder of ``run``
    (and remove the folder of this process's previous run)."""
    folder = model_dir(run)
    previous = _WORKER.get("folder")
    if previous is not None and previous != folder:
        shutil.rmtree(previous, ignore_errors=True)
    folder.mkdir(mode=0o700, exist_ok=True)
    paths: dict[str, Path] = {}
    for name, data in models.items():
        path = folder / f"{hashlib.sha1(data).hexdigest()}.npz"
        if not path.is_file():
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, path)
        paths[name] = path
    _WORKER.update(models=paths, settings=settings, folder=folder)


def _agent_rng(task: GameTask, seat: int, stream: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(task.seed, spawn_key=(seat, stream)))


def _seat_agent(task: GameTask, seat: int, st: SearchSettings) -> Agent:
    role = task.roles[seat]
    models: dict[str, Path] = _WORKER["models"]
    if role == "current":
        spec = st.expert_spec(models["current"])
    elif role == "heuristic":
        spec = "heuristic"
    elif role.startswith("past:") and role[5:] in models:
        spec = f"net:path={models[role[5:]]}"
    else:
        raise ValueError(f"self-play game {task.key}: unknown seat role {role!r} (models: {sorted(models)})")
    agent = make_agent(spec)
    agent.reset(_agent_rng(task, seat, 0), seat)
    return agent


def outcome(state: np.ndarray) -> np.ndarray:
    """Per player the value ``agents/mcts.py`` backs up: 1 win, 0 loss or game over, else the progress score."""
    n = int(state["n_players"])
    out = np.zeros(n, dtype=np.float32)
    for q in range(n):
        if int(state["winner"]) == q:
            out[q] = 1.0
        elif not (state["over"] or state["lost"][q]):
            out[q] = progress(state, q)
    return out


def _pick(counts: np.ndarray, mask: np.ndarray, sample: bool, temperature: float,
          rng: np.random.Generator) -> tuple[int, np.ndarray]:
    """The visit distribution over the legal actions and the action taken (sampled or the most visited)."""
    c = np.where(mask, np.maximum(counts, 0.0), 0.0)
    if c.sum() <= 0:
        c = mask.astype(np.float64)
    pi = c / c.sum()
    if sample:
        w = c ** (1.0 / temperature)
        return int(rng.choice(NUM_ACTIONS, p=w / w.sum())), pi
    return int(np.argmax(c)), pi


def _policy_seats(task: GameTask, st: SearchSettings) -> dict[int, Agent]:
    """With ``net_moves`` > 0, the current model's policy (``net``) of every searching seat, seeded per seat."""
    if st.net_moves <= 0:
        return {}
    out = {}
    for p, role in enumerate(task.roles):
        if role == "current":
            out[p] = make_agent(f"net:path={_WORKER['models']['current']}")
            out[p].reset(_agent_rng(task, p, 2), p)
    return out


def play_game(task: GameTask) -> dict[str, Any]:
    """Play one self-play game in this (initialized) worker; its records and outcome (see the module doc)."""
    st: SearchSettings = _WORKER["settings"]
    n = len(task.roles)
    s = new_game(GameConfig(num_players=n), task.seed)
    agents = [_seat_agent(task, p, st) for p in range(n)]
    policies = _policy_seats(task, st)
    sample_rng = [_agent_rng(task, p, 1) for p in range(n)]
    searched = [0] * n
    obs, masks, pis, qs, who = [], [], [], [], []
    limit = st.max_turns or 100 * n
    while not s["over"] and s["turn"] <= limit:
        p = int(s["dplayer"])
        mask = legal_mask(s)
        if task.roles[p] != "current":
            agent = agents[p]
            o = observe(s, p) if agent.uses_observation else None
            apply_action(s, int(agent.act(o, mask, s.copy() if agent.uses_state else None)))
            continue
        if mask.sum() == 1:
            apply_action(s, int(np.flatnonzero(mask)[0]))
            continue
        counts = agents[p].search(s)  # type: ignore[attr-defined]
        sample = searched[p] < st.temp_moves
        a, pi = _pick(counts, mask, sample, st.temperature, sample_rng[p])
        qs.append(float(agents[p].last_q[int(np.argmax(np.where(mask, counts, -1.0)))]))  # type: ignore[attr-defined]
        searched[p] += 1
        obs.append(observe(s, p))
        if not sample and p in policies and sample_rng[p].random() < st.net_moves:
            a = int(policies[p].act(obs[-1], mask, None))  # DAgger: the network's move, the expert's label
        masks.append(mask.copy())
        pis.append(pi.astype(np.float32))
        who.append(p)
        apply_action(s, a)
    size = observe(s, 0).shape[0]
    return {"key": task.key, "roles": task.roles, "seed": task.seed,
            "obs": np.asarray(obs, dtype=np.float32).reshape(-1, size),
            "mask": np.asarray(masks, dtype=bool).reshape(-1, NUM_ACTIONS),
            "pi": np.asarray(pis, dtype=np.float32).reshape(-1, NUM_ACTIONS),
            "q": np.asarray(qs, dtype=np.float32), "player": np.asarray(who, dtype=np.int64),
            "outcome": outcome(s), "winner": int(s["winner"]),
            "turns": int(s["turn"])}


def play_chunk(chunk: list[GameTask]) -> list[dict[str, Any]]:
    """The backend's chunk function: every game of the chunk."""
    return [play_game(t) for t in chunk]


def generate(backend: Backend, tasks: Sequence[GameTask], models: dict[str, bytes], settings: SearchSettings,
             fn: Callable[[list[GameTask]], list[dict[str, Any]]] = play_chunk,
             on_game: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play ``tasks`` on ``backend`` (one task per game), every game exactly once; the records sorted by key.
    The models' folder of this call is removed from this machine at the end."""
    out = []
    run = uuid.uuid4().hex
    try:
        for rec in run_keyed(backend, fn, [[t] for t in tasks], key=lambda r: r["key"],
                             expected=[t.key for t in tasks], initializer=init_worker,
                             initargs=(models, settings, run)):
            out.append(rec)
            if on_game is not None:
                on_game(rec)
    finally:
        shutil.rmtree(model_dir(run), ignore_errors=True)
    return sorted(out, key=lambda r: r["key"])


def league_roles(num_players: int, game: int, weights: dict[str, float], past: Sequence[str],
                 rng: np.random.Generator) -> tuple[str, ...]:
    """The seats of a game: the learner's seat ``game % n`` is the current model's search; every other seat is
    drawn by ``weights`` (``current``, ``past``: a uniformly drawn past checkpoint, ``heuristic``). Without
    past checkpoints yet, a ``past`` draw plays the current model."""
    kinds = ["current", "past", "heuristic"]
    w = np.array([float(weights.get(k, 0.0)) for k in kinds])
    roles = []
    for p in range(num_players):
        if p == game % num_players:
            roles.append("current")
            continue
        kind = kinds[int(rng.choice(3, p=w / w.sum()))]
        if kind == "past":
            roles.append(f"past:{past[int(rng.integers(len(past)))]}" if past else "current")
        else:
            roles.append(kind)
    return tuple(roles)
