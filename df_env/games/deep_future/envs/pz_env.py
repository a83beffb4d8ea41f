"""``deep_future_v0``: Deep Future as a PettingZoo AEC environment, 1 to 3 agents.

=====================  ===============================================================================
Agents                 ``player_0`` .. ``player_{n-1}`` (seats; the start player is drawn by the game, 1.7).
                       The agent to act is the one the engine asks (``state["dplayer"]``); a decision may fall
                       to a player outside his turn (R22 new homeworld, R26 victory choices).
Action space           ``Discrete(NUM_ACTIONS)`` (200), the engine's flat action space.
Observation            ``{"observation": float32 (D,), "action_mask": int8 (NUM_ACTIONS,)}``; the observation is
                       the flat vector of the engine's ``observation`` relative to that agent (D = 2254 / 3453 /
                       4652 for 1 / 2 / 3 players; ``env.unwrapped.layout.split(obs)`` names the sections); the
                       mask is all zero for an agent who is not to act.
Reward                 +1 to the winner, -1 to the others (-1 to all if every player lost), when the game ends;
                       a player who loses and leaves (R24 default) gets his -1 at once and is terminated;
                       ``reward_fn="progress"`` adds each live agent's change of progress score every step; or
                       ``reward_fn(state_before, state_after, player)`` for every live agent at every step.
Termination            game over; or that agent lost and left (R24 default).
Truncation             every live agent when ``max_turns`` player-turns are exceeded (R25, default
                       ``100 * num_players``).
Illegal action         ``illegal_action="terminate"`` (default): the actor gets ``illegal_penalty`` (-1), the
                       others 0, the game ends, ``info["illegal_action"] = True`` for the actor; ``"raise"``:
                       ``IllegalActionError``.
Render modes           ``"ansi"`` (text), ``"rgb_array"`` (picture): the whole position, hands included.
=====================  ===============================================================================

Version history: v0 (df_env 0.1.0): first version.

Example:
    >>> from df_env import deep_future_v0
    >>> env = deep_future_v0.env(num_players=2)
    >>> env.reset(seed=0)
    >>> for agent in env.agent_iter(max_iter=50):
    ...     obs, reward, termination, truncation, info = env.last()
    ...     action = None if termination or truncation else int(obs["action_mask"].nonzero()[0][0])
    ...     env.step(action)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from df_env.games.deep_future.engine.api import IllegalActionError
from df_env.games.deep_future.engine.kernels import apply_arr
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.model.state import State
from df_env.games.deep_future.engine.observation.determinize import copy_arr
from df_env.games.deep_future.engine.observation.encode import LAYOUTS, encode_arr
from df_env.games.deep_future.envs import episode as E
from df_env.games.deep_future.envs.campaign_link import CampaignSpec, make_link
from df_env.games.deep_future.envs.common import (
    RENDER_MODES,
    RewardFn,
    action_id,
    action_space,
    check_common,
    check_max_turns,
    check_num_players,
    fit_buffer,
    flat_space,
    game_template,
    load_state,
    new_state_buffer,
    reject_unknown_options,
    render_state,
    split_reward,
    words_from,
)


class DeepFutureAEC(AECEnv):
    """Deep Future v1.6 for 1-3 agents taking turns (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "deep_future_v0", "is_parallelizable": False,
                "render_fps": 4}

    def __init__(self, num_players: int = 2, max_turns: int | None = None,
                 reward_fn: RewardFn | str | None = None,
                 illegal_action: str = "terminate", illegal_penalty: float = -1.0, restart_on_loss: bool = False,
                 render_mode: str | None = None, campaign: CampaignSpec = None,
                 campaign_write_back: bool = False, **unknown: Any) -> None:
        """Options as :class:`df_env.games.deep_future.envs.gym_env.DeepFutureEnv` (no opponents: every seat is an
        agent), including ``campaign`` and ``campaign_write_back`` (:mod:`df_env.games.deep_future.envs.campaign_link`).
        Any other keyword raises a TypeError listing these."""
        reject_unknown_options(unknown, DeepFutureAEC.__init__)
        super().__init__()
        self.num_players = check_num_players(num_players)
        check_common("flat", illegal_action, illegal_penalty, reward_fn, render_mode)
        if not isinstance(restart_on_loss, (bool, np.bool_)):
            raise ValueError(f"restart_on_loss must be True or False; got {restart_on_loss!r}")
        self.max_turns = check_max_turns(max_turns, self.num_players)
        self.reward_fn, self.reward_code = split_reward(reward_fn)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.layout = LAYOUTS[self.num_players]
        self.possible_agents = [f"player_{p}" for p in range(self.num_players)]
        self.agent_seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": flat_space(self.layout),
            "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: action_space() for a in self.possible_agents}
        self._template = game_template(self.num_players, bool(restart_on_loss))
        self._a = new_state_buffer(1)
        self._prev = new_state_buffer(1) if self.reward_fn is not None else None
        self._before = np.zeros(self.num_players)  # each seat's progress before the step (progress reward)
        self._words = np.ones(4, dtype=np.int64)
        self._np_random: np.random.Generator | None = None
        self._over = True
        self._link = make_link(campaign, campaign_write_back, self.num_players, bool(restart_on_loss))
        self._recorded = True

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game seeded from ``seed`` (None: the env's generator runs on); ``options={"state": state}``
        starts from a copy of a given unfinished position of this number of players instead;
        ``options={"campaign": c, "campaign_write_back": b}`` links the env to a campaign (None unlinks it)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
            self._words[:] = words_from(self._np_random)
        options = options or {}  # other keys are ignored: PettingZoo's api_test resets with options={"options": 1}
        if "campaign" in options:
            self._link = make_link(options["campaign"], options.get("campaign_write_back", False),
                                   self.num_players, bool(self._template["variant_restart"][0]))
        given = options.get("state")
        self._recorded = True
        if given is None and self._link is not None:
            if self._link.write_back:
                given = self._link.next_game()
                self._recorded = False
            else:
                self._template = self._link.template()  # read-only: the campaign's galaxy, the env's seeds
        like = self._template if given is None else np.asarray(given)
        self._a = fit_buffer(self._a, like)  # a campaign of more than 448 cards plays in a bigger capacity tier
        self._prev = None if self._prev is None else fit_buffer(self._prev, like)
        if given is not None:
            load_state(self._a, given, self.num_players)
        else:
            E.new_game_at(self._a, 0, self._template, self._words)
        self._over = False
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._remember_progress()  # the progress reward counts from the first position: 0 at reset
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self.agent_seat[agent]
        obs = np.empty(self.layout.size, dtype=np.float32)
        encode_arr(self._a, p, obs)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not self._over and agent == self.agent_selection and not (
            self.terminations[agent] or self.truncations[agent]
        ):
            mask[:] = self._a["mask"][0]
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"None is only for agents that are terminated or truncated; {agent} must choose a legal "
                            f"action: {np.flatnonzero(self._a['mask'][0]).tolist()}")
        a = action_id(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if not 0 <= a < NUM_ACTIONS or not self._a["mask"][0][a]:
            self._illegal(agent, a)
            return
        if self._prev is not None:
            copy_arr(self._prev, self._a)
        self._remember_progress()
        apply_arr(self._a, a)
        self._after_move()

    def render(self) -> Any:
        return render_state(self.state(), None, self.render_mode)  # type: ignore[arg-type]

    def close(self) -> None:
        pass

    def state(self) -> State:
        """The engine state (a 0-d record view: do not modify it)."""
        return self._a.reshape(())

    # ------------------------------------------------------------------ internals
    def _remember_progress(self) -> None:
        for p in range(self.num_players):
            self._before[p] = E.progress_before_arr(self._a, p, self.reward_code)

    def _seat_done(self, p: int) -> bool:
        s = self._a[0]
        return bool(s["over"]) or (bool(s["lost"][p]) and not s["variant_restart"])

    def _after_move(self) -> None:
        """Rewards, terminations and truncations after a move; then the agent to act (dead agents first)."""
        s = self._a[0]
        self._over = bool(s["over"])
        for agent in self.agents:
            if self.terminations[agent] or self.truncations[agent]:
                continue
            p = self.agent_seat[agent]
            done = self._seat_done(p)
            if self.reward_fn is not None and self._prev is not None:
                self.rewards[agent] = float(self.reward_fn(self._prev.reshape(()), self.state(), p))
            elif done or self.reward_code != E.REWARD_WIN:
                self.rewards[agent] = float(E.step_reward_arr(self._a, p, self.reward_code, self._before[p]))
            self.terminations[agent] = done
        if not self._over and int(s["turn"]) > self.max_turns:
            self._over = True
            for agent in self.agents:
                if not self.terminations[agent]:
                    self.truncations[agent] = True
        self._accumulate_rewards()
        if self._over and not self._recorded and self._link is not None:
            self._recorded = True
            self._link.record(self.state())  # the campaign's game ended (or was truncated): write it back
        self.agent_selection = self.possible_agents[int(s["dplayer"])] if not self._over else self.agents[0]
        self._deads_step_first()

    def _illegal(self, agent: str, a: int) -> None:
        legal = np.flatnonzero(self._a["mask"][0]).tolist()
        msg = f"action {a} is not legal for {agent}; legal actions: {legal}"
        if self.illegal_action == "raise":
            raise IllegalActionError(msg)
        self._over = True
        for other in self.agents:
            self.terminations[other] = True
        self.rewards[agent] = self.illegal_penalty
        self.infos[agent] = {"illegal_action": True, "illegal_message": msg}
        self._accumulate_rewards()
        self._deads_step_first()


def raw_env(**kwargs: Any) -> DeepFutureAEC:
    """The bare AEC environment (keyword options of :class:`DeepFutureAEC`)."""
    return DeepFutureAEC(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment wrapped in PettingZoo's ``OrderEnforcingWrapper`` (illegal actions are handled by
    the env itself, see ``illegal_action``)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
