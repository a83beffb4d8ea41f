"""Gymnasium and PettingZoo environments over any :class:`~df_env.core.game.Game`, written against the contract
alone (Python speed; a game may add compiled envs of its own, as Deep Future's ``DeepFuture-v0`` does).

* :class:`GameEnv` (Gymnasium): one seat at a table of built-in agents (``opponents``: agent specs of that game).
* :class:`GameAEC` (PettingZoo AEC): every seat an agent, ``player_0`` .. ``player_{n-1}``.

Observations are ``{"observation": float32 (D,), "action_mask": int8 (num_actions,)}``, D the game's observation
size for the player count: only what that seat may see (the game's ``observe``). Rewards: the game's returns when
it ends (0 before). Truncation: after the game's default turn limit (``max_turns``). An illegal action raises the
game's ``IllegalActionError`` (``illegal_action="raise"``) or ends the game with ``illegal_penalty`` for the actor
(``"terminate"``, default, as Gymnasium's checker expects of an env whose action space holds illegal actions).
Render mode ``"ansi"``: the position as the seat sees it.

Example:
    >>> from df_env.envs.generic import GameEnv
    >>> env = GameEnv("deep_future", num_players=2, opponents="random")
    >>> obs, info = env.reset(seed=0)
    >>> obs["action_mask"].dtype, obs["observation"].shape == env.observation_space["observation"].shape
    (dtype('int8'), True)
"""

from __future__ import annotations

import math
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from agents import introduce, make_agent, tell
from df_env.core import GameError, make_game

ILLEGAL_ACTIONS = ("raise", "terminate")


def observation_space(game: Any, num_players: int) -> spaces.Dict:
    """The observation space of a seat of ``game`` at ``num_players``."""
    shape = tuple(game.info.observation_shapes[num_players])
    lo, hi = game.info.observation_range
    return spaces.Dict({"observation": spaces.Box(lo, hi, shape, np.float32),
                        "action_mask": spaces.Box(0, 1, (game.info.num_actions,), np.int8)})


def action_of(action: Any, num_actions: int) -> int:
    """``action`` as an int in ``range(num_actions)``: a TypeError for a float, bool, string or array of more than
    one value, a ValueError (the game's IllegalActionError is raised by ``apply_action``) for one out of range."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer, np.ndarray)) or (
            isinstance(action, np.ndarray) and (action.ndim != 0 or action.dtype.kind not in "iu")):
        raise TypeError(f"an action must be an integer 0..{num_actions - 1} (a Python or numpy integer); got "
                        f"{type(action).__name__} {action!r}"[:200])
    return int(action)


def check_options(game: Any, num_players: Any, max_turns: Any, illegal_action: Any, illegal_penalty: Any,
                  render_mode: Any, render_modes: list[str]) -> int:
    """Check the options every env takes; returns the turn limit."""
    if num_players not in game.info.player_counts or isinstance(num_players, bool):
        raise GameError(f"num_players must be one of {list(game.info.player_counts)} for {game.info.name}; "
                        f"got {num_players!r}")
    limit = game.default_turn_limit(num_players) if max_turns is None else max_turns
    if isinstance(limit, bool) or not isinstance(limit, (int, np.integer)) or not 1 <= limit <= 10**6:
        raise GameError(f"max_turns must be an integer 1..1000000 or None; got {max_turns!r}")
    if illegal_action not in ILLEGAL_ACTIONS:
        raise GameError(f"illegal_action must be one of {ILLEGAL_ACTIONS}; got {illegal_action!r}")
    if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, (int, float)) or \
            not math.isfinite(illegal_penalty):
        raise GameError(f"illegal_penalty must be a finite number; got {illegal_penalty!r}")
    if render_mode is not None and render_mode not in render_modes:
        raise GameError(f"render_mode must be None or one of {render_modes}; got {render_mode!r}")
    return int(limit)


class GameEnv(gym.Env):
    """One seat of a game against built-in agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str = "deep_future", num_players: int = 2, seat: int = 0,
                 opponents: str | list[str] = "random", max_turns: int | None = None,
                 illegal_action: str = "terminate", illegal_penalty: float = -1.0, render_mode: str | None = None,
                 **game_options: Any) -> None:
        self.game = make_game(game)
        self.max_turns = check_options(self.game, num_players, max_turns, illegal_action, illegal_penalty,
                                       render_mode, self.metadata["render_modes"])
        if isinstance(seat, bool) or seat not in range(num_players):
            raise GameError(f"seat must be 0..{num_players - 1}; got {seat!r}")
        specs = [opponents] * (num_players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != num_players - 1:
            raise GameError(f"opponents: one agent spec, or one per other seat ({num_players - 1}); got {opponents!r}")
        self._agents = [make_agent(spec, self.game.info.id) for spec in specs]
        self.config = self.game.make_config(num_players=num_players, **game_options)
        self.num_players, self.seat, self.render_mode = num_players, seat, render_mode
        self.illegal_action, self.illegal_penalty = illegal_action, float(illegal_penalty)
        self.observation_space = observation_space(self.game, num_players)
        self.action_space = spaces.Discrete(self.game.info.num_actions)
        self.state: Any = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        if options:
            raise GameError(f"reset takes no options; got {sorted(options)}")
        game_seed, agent_seed = (int(x) for x in self.np_random.integers(0, 2**63 - 1, size=2))
        self.state = self.game.new_game(self.config, game_seed)
        others = [p for p in range(self.num_players) if p != self.seat]
        self._policies = {p: a.as_policy(p, agent_seed, self.game) for p, a in zip(others, self._agents, strict=True)}
        names = {p: a.name for p, a in zip(others, self._agents, strict=True)} | {self.seat: "learner"}
        introduce(self._policies.values(), [names[p] for p in range(self.num_players)])
        self._play_others()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        game, s = self.game, self.state
        a = action_of(action, game.info.num_actions)
        if game.is_terminal(s) or game.turn(s) > self.max_turns:
            raise RuntimeError("the episode is over: call reset()")
        legal = 0 <= a < game.info.num_actions and bool(game.legal_mask(s)[a])
        if not legal and self.illegal_action == "terminate":
            return self._obs(), self.illegal_penalty, True, False, {**self._info(), "illegal_action": True}
        if legal:
            tell(self._policies.values(), s, a)  # the opponents that model the others see the learner's move
        game.apply_action(s, a)  # raises the game's IllegalActionError for an illegal action ("raise")
        self._play_others()
        terminated = game.is_terminal(s)
        truncated = not terminated and game.turn(s) > self.max_turns
        reward = float(game.returns(s)[self.seat]) if terminated else 0.0
        return self._obs(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the pending decision (for MaskablePPO)."""
        return self.game.legal_mask(self.state)

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return self.game.render(self.state, observer=self.seat)
        return None

    def _play_others(self) -> None:
        game, s = self.game, self.state
        while not game.is_terminal(s) and game.turn(s) <= self.max_turns and game.current_player(s) != self.seat:
            a = self._policies[game.current_player(s)](s)
            tell(self._policies.values(), s, a)
            game.apply_action(s, a)

    def _obs(self) -> dict[str, np.ndarray]:
        mask = self.game.legal_mask(self.state) if self.game.current_player(self.state) == self.seat else \
            np.zeros(self.game.info.num_actions, dtype=bool)
        return {"observation": self.game.observe(self.state, self.seat), "action_mask": mask.astype(np.int8)}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.game.legal_mask(self.state), "turn": self.game.turn(self.state)}


class GameAEC(AECEnv):
    """Every seat of a game an agent, taking turns as the game asks (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "df_env_game_v0", "is_parallelizable": False,
                                "render_fps": 4}

    def __init__(self, game: str = "deep_future", num_players: int = 2, max_turns: int | None = None,
                 illegal_action: str = "terminate", illegal_penalty: float = -1.0, render_mode: str | None = None,
                 **game_options: Any) -> None:
        super().__init__()
        self.game = make_game(game)
        self.max_turns = check_options(self.game, num_players, max_turns, illegal_action, illegal_penalty,
                                       render_mode, self.metadata["render_modes"])
        self.metadata = {**self.metadata, "name": f"{self.game.info.id}_v0"}
        self.config = self.game.make_config(num_players=num_players, **game_options)
        self.num_players, self.render_mode = num_players, render_mode
        self.illegal_action, self.illegal_penalty = illegal_action, float(illegal_penalty)
        self.possible_agents = [f"player_{p}" for p in range(num_players)]
        self._obs_space = observation_space(self.game, num_players)
        self._act_space: spaces.Discrete = spaces.Discrete(self.game.info.num_actions)
        self._seed_rng = np.random.default_rng()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.state = self.game.new_game(self.config, int(self._seed_rng.integers(0, 2**63 - 1)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = f"player_{self.game.current_player(self.state)}"

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        to_act = not self.game.is_terminal(self.state) and self.game.current_player(self.state) == seat
        mask = self.game.legal_mask(self.state) if to_act else np.zeros(self.game.info.num_actions, dtype=bool)
        return {"observation": self.game.observe(self.state, seat), "action_mask": mask.astype(np.int8)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game, s, seat = self.game, self.state, self.possible_agents.index(agent)
        a = action_of(action, game.info.num_actions)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        if not (0 <= a < game.info.num_actions and game.legal_mask(s)[a]) and self.illegal_action == "terminate":
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent] = {"illegal_action": True}
            self.terminations = {x: True for x in self.agents}
        else:
            game.apply_action(s, a)
            self._after_move()
        self._accumulate_rewards()
        self.agent_selection = self._next(seat)

    def _after_move(self) -> None:
        game, s = self.game, self.state
        if game.is_terminal(s):
            self.rewards = {x: float(r) for x, r in zip(self.possible_agents, game.returns(s), strict=True)}
            self.terminations = {x: True for x in self.agents}
        elif game.turn(s) > self.max_turns:
            self.truncations = {x: True for x in self.agents}

    def _next(self, seat: int) -> str:
        """Who acts next: the game's current player; once the game is over, each seat in turn to be removed."""
        if not self.game.is_terminal(self.state) and not any(self.terminations.values()) \
                and not any(self.truncations.values()):
            return f"player_{self.game.current_player(self.state)}"
        return self.possible_agents[(seat + 1) % self.num_players] if self.agents else self.agent_selection

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.render(self.state, observer=None)
        return None

    def close(self) -> None:
        pass


def pettingzoo_module(game_id: str) -> Any:
    """``df_env.<game>_v0`` for a game without a module of its own: ``env(**kwargs)`` / ``raw_env(**kwargs)`` make
    the generic AEC env over the game (:class:`GameAEC`)."""
    import sys
    import types

    name = f"df_env.{game_id}_v0"
    if name not in sys.modules:
        mod = types.ModuleType(name, f"{game_id} as a PettingZoo AEC env (df_env.envs.generic.GameAEC)")
        mod.raw_env = lambda **kwargs: GameAEC(game_id, **kwargs)  # type: ignore[attr-defined]
        mod.env = mod.raw_env  # type: ignore[attr-defined]
        sys.modules[name] = mod
    return sys.modules[name]
