"""N games stepped by one compiled call: a Gymnasium ``VectorEnv`` and (see
:mod:`df_env.games.deep_future.envs.sb3_vec`) a Stable-Baselines3 ``VecEnv``.

The games live in one state array; a batch step is two compiled calls (apply the actions and play the compiled
opponents; then autoreset and write every observation and mask into preallocated buffers). Opponents are ``"random"``,
``"heuristic"`` or ``"net"`` / ``"net:path=F.npz"`` (a trained network's policy; compiled: played inside the batch
step), other agent specs (``"mcts:iters=50"``) or Python callables ``policy(observation, action_mask) -> int`` (called
once per pending decision of each game: much slower). Options, rewards, truncation and illegal actions are those of
``DeepFuture-v0`` (:mod:`df_env.games.deep_future.envs.gym_env`); the built-in rewards (``reward_fn="win"`` or
``"progress"``) are computed in the compiled step, a Python ``reward_fn`` is called per game (slow).

=====================  ===============================================================================
Observations           ``(num_envs, D)`` float32 (``obs_mode="flat"``) or a dict of ``(num_envs, ...)`` sections.
Actions                ``MultiDiscrete([NUM_ACTIONS] * num_envs)``: one action per game.
Masks                  ``info["action_mask"]``: bool ``(num_envs, NUM_ACTIONS)``.
Autoreset              Gymnasium ``NEXT_STEP``: the step after a game ends resets it (its action is ignored,
                       reward 0). The SB3 ``VecEnv`` resets in the same step (``SAME_STEP``) and puts the last
                       observation in ``infos[i]["terminal_observation"]``.
Buffers                with ``copy=False`` the returned arrays are the env's buffers, overwritten by the next
                       step (fast); ``copy=True`` (default) returns copies.
=====================  ===============================================================================

Version history: v0 (df_env 0.1.0): first version.

Example:
    >>> import numpy as np
    >>> from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv
    >>> envs = DeepFutureVectorEnv(num_envs=4, num_players=2)
    >>> obs, info = envs.reset(seed=0)
    >>> actions = info["action_mask"].argmax(axis=1)
    >>> obs, rewards, terminated, truncated, info = envs.step(actions)
    >>> obs.shape
    (4, 3453)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from df_env.games.deep_future.engine.api import IllegalActionError
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.model.state import State
from df_env.games.deep_future.engine.observation.encode import LAYOUTS
from df_env.games.deep_future.envs import episode as E
from df_env.games.deep_future.envs.campaign_link import CampaignSpec, make_link
from df_env.games.deep_future.envs.common import (
    EnvOptions,
    OpponentSpec,
    RewardFn,
    action_space,
    batch_actions,
    check_reset_options,
    fit_buffer,
    game_template,
    make_options,
    new_state_buffer,
    observation_space,
    outside_action,
    render_state,
    reseed_agents,
    words_from,
)


def game_state(states: np.ndarray, i: int | np.integer) -> State:
    """Game ``i`` of a state array as a 0-d record view (``states[i]`` would be a ``numpy.void``, which the engine's
    text and picture views refuse)."""
    return states[i : i + 1].reshape(())


def check_seeds(seed: Any, num_envs: int) -> list[int | None]:
    """A ``reset(seed=[...])`` list checked: one int >= 0 or None per game (a clear error otherwise)."""
    if not isinstance(seed, (list, tuple, np.ndarray)):
        raise ValueError(f"seed must be None, an int or a list with one int or None per game; got {seed!r}")
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise ValueError(f"seed as a list needs one entry per game ({num_envs}); got {len(seeds)}")
    for i, s in enumerate(seeds):
        if s is not None and (isinstance(s, bool) or not isinstance(s, (int, np.integer)) or s < 0):
            raise ValueError(f"seed[{i}] must be an integer >= 0 or None; got {s!r}")
    return [None if s is None else int(s) for s in seeds]


class BatchGames:
    """The compiled batch behind both vector APIs: states, buffers, the two-phase step, Python opponents."""

    def __init__(self, num_envs: int, options: EnvOptions, same_step: bool, threads: int | None = None,
                 campaign: CampaignSpec = None, campaign_write_back: bool = False) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be an integer >= 1; got {num_envs!r}")
        n, o = int(num_envs), options
        self.n, self.options, self.same_step = n, o, same_step
        self.layout = LAYOUTS[o.num_players]
        d = self.layout.size
        self.states = new_state_buffer(n)
        self.template = game_template(o.num_players, o.restart_on_loss)
        self.link = make_link(campaign, campaign_write_back, o.num_players, o.restart_on_loss,
                              allow_write_back=False)
        self.words = np.ones((n, 4), dtype=np.int64)
        self.obs = np.zeros((n, d), dtype=np.float32)
        self.final_obs = np.zeros((n, d), dtype=np.float32)
        self.outside_obs = np.zeros((n, d), dtype=np.float32)
        self.masks = np.zeros((n, NUM_ACTIONS), dtype=np.bool_)
        # what the kernels write: the same bytes as uint8, so that copying a state's uint8 mask is a plain copy
        self.masks_u8 = self.masks.view(np.uint8)
        self.rewards = np.zeros(n, dtype=np.float64)
        self.before = np.zeros(n, dtype=np.float64)  # the agent's progress before the step (progress reward)
        self.st = np.zeros(n, dtype=np.int64)
        self.skip = np.zeros(n, dtype=np.bool_)
        self.has_final = np.zeros(n, dtype=np.bool_)
        self.prev = new_state_buffer(n) if o.reward_fn is not None else None
        self.python_seats = any(p is not None for p in o.policies)
        self.fused = not self.python_seats and o.reward_fn is None
        if threads is None:  # default: one thread per core (the kernels release the GIL), at most 8
            threads = max(1, min(os.cpu_count() or 1, 8, n))
        if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or not 1 <= threads <= n:
            raise ValueError(f"threads must be None (one per core) or an integer from 1 to num_envs ({n}); "
                             f"got {threads!r}")
        self.threads = int(threads)
        self._pool = ThreadPoolExecutor(self.threads - 1) if self.threads > 1 else None
        self._chunks = [(k * n // self.threads, (k + 1) * n // self.threads) for k in range(self.threads)]
        self.seeded = False

    def seed(self, rng: np.random.Generator) -> None:
        self.words[:] = words_from(rng, self.n)
        self.seeded = True
        reseed_agents(self.options.policies, rng)

    def seed_each(self, seeds: Sequence[int | None]) -> None:
        """Seed game ``i`` as ``DeepFuture-v0`` is seeded by ``reset(seed=seeds[i])`` (None: that game's generator
        runs on); the Python agents are reseeded from the given seeds together."""
        for i, s in enumerate(seeds):
            if s is not None:
                self.words[i] = words_from(seeding.np_random(s)[0])
        given = [s for s in seeds if s is not None]
        if given:
            reseed_agents(self.options.policies, np.random.default_rng(given))

    def reset(self) -> None:
        o = self.options
        if self.link is not None:  # read-only: new games start from the campaign's galaxy as it is now
            self.template = self.link.template()
            self.states = fit_buffer(self.states, self.template)  # a campaign of > 448 cards: a bigger tier
            self.prev = None if self.prev is None else fit_buffer(self.prev, self.template)
        self.skip[:] = False
        E.vec_reset(self.states, self.template, o.seat, o.codes, o.net, self.words, o.max_turns, self.st,
                    self.outside_obs)
        self._play_outside(write_reward=False)
        E.vec_observe(self.states, o.seat, self.skip, self.obs, self.masks_u8)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One batch step; returns (rewards, terminated, truncated, illegal) of the games' last moves."""
        o = self.options
        acts = batch_actions(actions, self.n)
        outside = np.flatnonzero((acts < 0) | (acts >= NUM_ACTIONS))
        if outside.size:
            from df_env.games.deep_future.engine.api import ActionSpaceError

            i = int(outside[0])
            raise ActionSpaceError(f"game {i}: action {int(acts[i])} is outside the action space: action ids are "
                                   f"0..{NUM_ACTIONS - 1}")
        if o.illegal_action == "raise":
            self._check_legal(acts)
        if self.fused:
            return self._step_fused(acts)
        return self._step_phased(acts)

    def _step_phased(self, acts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Python opponents or a reward_fn: apply and play on, Python in between, then autoreset and observe."""
        o = self.options
        if self.prev is not None:
            E.copy_states(self.prev, self.states)
        waiting = E.vec_apply(self.states, acts, o.seat, o.codes, o.net, self.words, o.max_turns, self.skip, self.st,
                              self.rewards, self.outside_obs, o.reward_code, self.before)
        if waiting:
            self._play_outside(write_reward=True)
        illegal = self.st == E.ST_ILLEGAL
        terminated = (self.st == E.ST_DONE) | illegal
        truncated = self.st == E.ST_TRUNC
        if self.prev is not None:
            self._custom_rewards()
        self.rewards[illegal] = o.illegal_penalty
        rewards = self.rewards.copy()
        E.vec_finish(self.states, self.template, o.seat, o.codes, o.net, self.words, o.max_turns, self.st,
                     self.same_step, self.skip, not self.python_seats, self.obs, self.masks_u8, self.final_obs,
                     self.has_final, self.outside_obs)
        if self.python_seats:
            self._play_outside(write_reward=False)
            E.vec_observe(self.states, o.seat, self.skip, self.obs, self.masks_u8)
        return rewards, terminated, truncated, illegal

    def _step_fused(self, acts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every other seat compiled, default rewards: the whole step in one compiled call (per thread: the
        kernels release the GIL, each thread steps its own slice of the games)."""
        if self._pool is None:
            self._step_slice(acts, 0, self.n)
        else:  # the calling thread steps the first slice itself: one thread handoff fewer per step
            futures = [self._pool.submit(self._step_slice, acts, *c) for c in self._chunks[1:]]
            self._step_slice(acts, *self._chunks[0])
            for f in futures:
                f.result()
        o = self.options
        illegal = self.st == E.ST_ILLEGAL
        terminated = (self.st == E.ST_DONE) | illegal
        truncated = self.st == E.ST_TRUNC
        if illegal.any():
            self.rewards[illegal] = o.illegal_penalty
        return self.rewards, terminated, truncated, illegal

    def _step_slice(self, acts: np.ndarray, lo: int, hi: int) -> None:
        o = self.options
        E.vec_step(self.states[lo:hi], acts[lo:hi], o.seat, o.codes, o.net, self.words[lo:hi], o.max_turns,
                   self.template, self.same_step, self.skip[lo:hi], self.st[lo:hi], self.rewards[lo:hi],
                   self.obs[lo:hi], self.masks_u8[lo:hi], self.final_obs[lo:hi], self.has_final[lo:hi],
                   o.reward_code)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def _check_legal(self, acts: np.ndarray) -> None:
        ok = (acts >= 0) & (acts < NUM_ACTIONS)
        ok[ok] = self.masks[np.flatnonzero(ok), acts[ok]]
        bad = np.flatnonzero(~ok & ~self.skip)
        if bad.size:
            i = int(bad[0])
            raise IllegalActionError(f"game {i}: action {int(acts[i])} is not legal; legal actions: "
                                     f"{np.flatnonzero(self.masks[i]).tolist()} ({bad.size} games had an "
                                     f"illegal action)")

    def _custom_rewards(self) -> None:
        o = self.options
        assert o.reward_fn is not None and self.prev is not None
        for i in np.flatnonzero(~self.skip & (self.st != E.ST_ILLEGAL)):
            self.rewards[i] = float(o.reward_fn(game_state(self.prev, i), game_state(self.states, i), o.seat))

    def _play_outside(self, write_reward: bool) -> None:
        """Python policies decide for their seats in every game waiting for one."""
        o = self.options
        while True:
            waiting = np.flatnonzero(self.st == E.ST_OUTSIDE)
            if waiting.size == 0:
                return
            for i in waiting:
                p = int(self.states["dplayer"][i])
                policy = o.policies[p]
                if policy is None:
                    raise RuntimeError(f"seat {p} has no policy")
                mask = self.states["mask"][i].astype(bool)
                act = outside_action(policy, self.outside_obs[i], mask, game_state(self.states, i), self.layout,
                                     o.obs_mode, f"the opponent policy of seat {p} (game {i})")
                E.vec_outside(self.states, int(i), act, o.seat, o.codes, o.net, self.words, o.max_turns, self.st,
                              self.rewards, write_reward, self.outside_obs, o.reward_code, self.before)

    def observations(self, buf: np.ndarray, copy: bool) -> Any:
        out = buf.copy() if copy else buf
        return out if self.options.obs_mode == "flat" else self.layout.split(out)


class DeepFutureVectorEnv(VectorEnv):
    """``num_envs`` games of ``DeepFuture-v0`` as one Gymnasium ``VectorEnv`` (next-step autoreset)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, num_players: int = 1,
                 opponents: OpponentSpec | list[OpponentSpec] = "random", seat: int = 0, obs_mode: str = "flat",
                 max_turns: int | None = None, reward_fn: RewardFn | str | None = None,
                 illegal_action: str = "terminate", illegal_penalty: float = -1.0, restart_on_loss: bool = False,
                 render_mode: str | None = None, copy: bool = True, threads: int | None = None,
                 campaign: CampaignSpec = None, campaign_write_back: bool = False) -> None:
        """Options as :class:`df_env.games.deep_future.envs.gym_env.DeepFutureEnv`, plus ``num_envs``, ``copy`` (return
        copies of the buffers, default True; False is faster and the arrays change at the next step) and ``threads``
        (step the games in that many slices on parallel threads; default None: one per core, at most 8; used when every
        other seat is compiled and the reward is the default one; results do not depend on it). ``campaign``: every game
        starts from that campaign's galaxy as it is at :meth:`reset` (read-only: ``campaign_write_back=True`` is
        refused, see :mod:`df_env.games.deep_future.envs.campaign_link`)."""
        options = make_options(num_players, opponents, seat, obs_mode, max_turns, reward_fn, illegal_action,
                               illegal_penalty, restart_on_loss, render_mode)
        self.games = BatchGames(num_envs, options, same_step=False, threads=threads, campaign=campaign,
                                campaign_write_back=campaign_write_back)
        self.num_envs = self.games.n
        self.copy = bool(copy)
        self.render_mode = render_mode
        self.single_observation_space = observation_space(options.num_players, options.obs_mode)
        self.single_action_space = action_space()
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, NUM_ACTIONS), dtype=np.int64)

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        """New games in every slot, seeded from ``self.np_random`` (seeded by an int ``seed``); a list of seeds,
        one int or None per game, seeds game ``i`` as ``DeepFuture-v0`` is by ``reset(seed=seed[i])`` (None: that
        game's generator runs on), as Gymnasium's vector envs take them. It takes no ``options``."""
        if options:
            check_reset_options(options, allowed=())
        if seed is None or isinstance(seed, int):
            super().reset(seed=seed)
            if seed is not None or not self.games.seeded:
                self.games.seed(self.np_random)
        else:
            seeds = check_seeds(seed, self.num_envs)
            if not self.games.seeded:
                self.games.seed(self.np_random)
            self.games.seed_each(seeds)
        self.games.reset()
        return self.games.observations(self.games.obs, self.copy), self._info(None)

    def step(self, actions: Any) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict]:
        rewards, terminated, truncated, illegal = self.games.step(actions)
        obs = self.games.observations(self.games.obs, self.copy)
        if self.copy:
            rewards = rewards.copy()
        return obs, rewards, terminated, truncated, self._info(illegal)

    def action_masks(self) -> np.ndarray:
        """``(num_envs, NUM_ACTIONS)`` bool masks of the pending decisions (a game to be reset: all False)."""
        return self.games.masks.copy()

    def render(self) -> tuple[Any, ...] | None:
        """Every game's ``ansi`` text or ``rgb_array`` picture as the agent sees it (None without a render mode)."""
        if self.render_mode is None:
            return None
        seat = self.games.options.seat
        return tuple(render_state(self.state(i), seat, self.render_mode) for i in range(self.num_envs))

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the stepping threads (called once by :meth:`close`; a constructor that failed made none)."""
        if hasattr(self, "games"):
            self.games.close()

    def state(self, i: int) -> State:
        """The engine state of game ``i`` (a 0-d view: do not modify it)."""
        return game_state(self.games.states, i)

    def _info(self, illegal: np.ndarray | None) -> dict[str, Any]:
        masks = self.games.masks.copy() if self.copy else self.games.masks
        everywhere = np.ones(self.num_envs, dtype=np.bool_)
        info: dict[str, Any] = {"action_mask": masks, "_action_mask": everywhere}
        if illegal is not None and illegal.any():
            info["illegal_action"] = illegal
            info["_illegal_action"] = illegal.copy()
        return info
