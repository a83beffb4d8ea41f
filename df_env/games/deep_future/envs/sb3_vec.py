"""The compiled batch of :mod:`df_env.games.deep_future.envs.vector` as a Stable-Baselines3 ``VecEnv``, ready for
sb3-contrib's MaskablePPO (``env_method("action_masks")`` returns each game's mask).

Same-step autoreset, as SB3 expects: when a game ends, the returned observation is the new game's and
``infos[i]["terminal_observation"]`` holds the last one (``infos[i]["TimeLimit.truncated"]`` tells truncation).

Example:
    >>> import numpy as np
    >>> from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv
    >>> venv = DeepFutureSB3VecEnv(num_envs=8, num_players=2)
    >>> obs = venv.reset()
    >>> masks = venv.env_method("action_masks")
    >>> obs, rewards, dones, infos = venv.step(np.stack(masks).argmax(axis=1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv
from stable_baselines3.common.vec_env.base_vec_env import VecEnvIndices, VecEnvObs, VecEnvStepReturn

from df_env.games.deep_future.envs.campaign_link import CampaignSpec
from df_env.games.deep_future.envs.common import (
    OpponentSpec,
    RewardFn,
    action_space,
    make_options,
    observation_space,
    render_state,
)
from df_env.games.deep_future.envs.vector import BatchGames, game_state


class DeepFutureSB3VecEnv(VecEnv):
    """``num_envs`` games of ``DeepFuture-v0`` as an SB3 ``VecEnv`` (options as the Gymnasium env)."""

    def __init__(self, num_envs: int = 1, num_players: int = 1,
                 opponents: OpponentSpec | list[OpponentSpec] = "random", seat: int = 0, obs_mode: str = "flat",
                 max_turns: int | None = None, reward_fn: RewardFn | str | None = None,
                 illegal_action: str = "terminate", illegal_penalty: float = -1.0, restart_on_loss: bool = False,
                 render_mode: str | None = None, seed: int | None = None, threads: int | None = None,
                 campaign: CampaignSpec = None, campaign_write_back: bool = False) -> None:
        """Options as :class:`df_env.games.deep_future.envs.gym_env.DeepFutureEnv`, plus ``num_envs``, ``seed`` (of the
        first reset; ``seed()`` as usual in SB3), ``threads`` (step the games in slices on parallel threads; None: one
        per core) and ``campaign`` (read-only, as in
        :class:`df_env.games.deep_future.envs.vector.DeepFutureVectorEnv`)."""
        options = make_options(num_players, opponents, seat, obs_mode, max_turns, reward_fn, illegal_action,
                               illegal_penalty, restart_on_loss, render_mode)
        self.games = BatchGames(num_envs, options, same_step=True, threads=threads, campaign=campaign,
                                campaign_write_back=campaign_write_back)
        self._render_mode = render_mode
        self._actions: np.ndarray | None = None
        self._rng = np.random.default_rng(seed)
        super().__init__(self.games.n, observation_space(options.num_players, options.obs_mode), action_space())

    # ------------------------------------------------------------------ the VecEnv API
    def reset(self) -> VecEnvObs:
        seed = self._seeds[0]
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        if seed is not None or not self.games.seeded:
            self.games.seed(self._rng)
        self._reset_seeds()
        self._reset_options()
        self.games.reset()
        return self.games.observations(self.games.obs, copy=True)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> VecEnvStepReturn:
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async()")
        rewards, terminated, truncated, illegal = self.games.step(self._actions)
        self._actions = None
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            info = infos[i]
            final = self.games.final_obs[i].copy()
            info["terminal_observation"] = final if self.games.options.obs_mode == "flat" else \
                self.games.layout.split(final)
            info["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
            if illegal[i]:
                info["illegal_action"] = True
        obs = self.games.observations(self.games.obs, copy=True)
        return obs, rewards.astype(np.float32), dones, infos

    def close(self) -> None:
        self.games.close()

    def action_masks(self) -> np.ndarray:
        """``(num_envs, NUM_ACTIONS)`` bool masks of the pending decisions."""
        return self.games.masks.copy()

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        idx = list(self._get_indices(indices))
        if attr_name == "action_masks":
            return [self._mask_getter(i) for i in idx]
        if attr_name == "render_mode":
            return [self._render_mode for _ in idx]
        if attr_name in ("observation_space", "action_space"):
            return [getattr(self, attr_name) for _ in idx]
        raise AttributeError(f"the games of DeepFutureSB3VecEnv have no attribute {attr_name!r}")

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise AttributeError(f"DeepFutureSB3VecEnv games have no settable attribute {attr_name!r}")

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        """``"action_masks"``: each game's bool mask (copies: they stay valid after the next step); ``"render"``:
        each game's view in the ``render_mode`` (SB3's ``render()`` calls it for ``"ansi"``)."""
        idx = list(self._get_indices(indices))
        if method_name == "action_masks":
            return list(self.games.masks[idx])  # fancy indexing copies the rows once
        if method_name == "render":
            seat = self.games.options.seat
            return [render_state(game_state(self.games.states, i), seat, self._render_mode) for i in idx]
        raise AttributeError(f"DeepFutureSB3VecEnv games have no method {method_name!r} (only action_masks, "
                             f"render)")

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        if self._render_mode != "rgb_array":
            return [None for _ in range(self.num_envs)]
        seat = self.games.options.seat
        return [render_state(game_state(self.games.states, i), seat, "rgb_array") for i in range(self.num_envs)]

    def _mask_getter(self, i: int) -> Callable[[], np.ndarray]:
        def action_masks() -> np.ndarray:
            return self.games.masks[i].copy()

        return action_masks
