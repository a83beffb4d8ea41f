"""``DeepFuture-v0``: Deep Future as a single-agent Gymnasium environment.

The agent plays one seat (``seat``, default 0); in a 2- or 3-player game the other seats are played inside the
env by ``opponents``: ``"random"``, ``"heuristic"`` or ``"net"`` (built-in agents played inside compiled code;
``"net"`` plays the model shipped for the player count, ``"net:path=F.npz"`` another one), any other agent spec of
``agents`` (``"mcts:iters=50"``, ``"ppo:path=model.zip"``: played from Python), or any callable
``policy(observation, action_mask) -> int`` (given that seat's observation in the env's ``obs_mode``); one spec
for all other seats or a list with one per other seat in seat order.

=====================  ===============================================================================
Action space           ``Discrete(NUM_ACTIONS)`` (200): the engine's flat action space, blocks per kind of
                       choice (``df_env.games.deep_future.engine.model.layout``); one decision per step.
Observation space      ``obs_mode="flat"``: ``Box(-1, 1, (D,), float32)`` with D = 2254 / 3453 / 4652 for 1 / 2
                       / 3 players; ``obs_mode="dict"``: a ``Dict`` of named sections with the same numbers
                       (the engine's ``observation``, ``docs/envs.md``). Relative to the agent's seat; no hidden
                       information.
Action mask            ``env.action_masks()`` (the name sb3-contrib's MaskablePPO looks for) and
                       ``info["action_mask"]``: bool ``(NUM_ACTIONS,)``, all False once the episode is over.
Reward                 +1 win, -1 loss (also when every player lost), 0 otherwise; ``reward_fn="progress"`` adds
                       the change of the agent's progress score each step (shaping); or ``reward_fn(state_before,
                       state_after, seat)`` (the opponents' moves that follow the agent's action are inside the
                       step).
Termination            the game is over, or the agent lost and left the game (R24 default).
Truncation             ``max_turns`` player-turns (R25; default ``100 * num_players``, see ``common``).
Illegal action         ``illegal_action="terminate"`` (default): the episode ends with reward ``illegal_penalty``
                       (-1) and ``info["illegal_action"] = True``; ``"raise"``: ``IllegalActionError``.
Render modes           ``"ansi"`` (text view), ``"rgb_array"`` (matplotlib picture), as the agent sees the game.
=====================  ===============================================================================

Version history: v0 (df_env 0.1.0): first version.

Example:
    >>> import gymnasium as gym
    >>> import df_env.envs  # registers DeepFuture-v0
    >>> env = gym.make("DeepFuture-v0", num_players=2, opponents="random")
    >>> obs, info = env.reset(seed=0)
    >>> action = int(info["action_mask"].nonzero()[0][0])
    >>> obs, reward, terminated, truncated, info = env.step(action)
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from df_env.games.deep_future.engine.api import IllegalActionError
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.model.state import State
from df_env.games.deep_future.engine.observation.determinize import copy_arr
from df_env.games.deep_future.engine.observation.encode import LAYOUTS
from df_env.games.deep_future.envs import episode as E
from df_env.games.deep_future.envs.campaign_link import CampaignSpec, make_link
from df_env.games.deep_future.envs.common import (
    RENDER_MODES,
    OpponentSpec,
    RewardFn,
    action_id,
    action_space,
    as_obs,
    check_reset_options,
    fit_buffer,
    game_template,
    load_state,
    make_options,
    new_state_buffer,
    observation_space,
    outside_action,
    reject_unknown_options,
    render_state,
    reseed_agents,
    words_from,
)


class DeepFutureEnv(gym.Env):
    """Deep Future v1.6, one agent against built-in or callable opponents (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, num_players: int = 1, opponents: OpponentSpec | list[OpponentSpec] = "random",
                 seat: int = 0, obs_mode: str = "flat", max_turns: int | None = None,
                 reward_fn: RewardFn | str | None = None, illegal_action: str = "terminate",
                 illegal_penalty: float = -1.0, restart_on_loss: bool = False,
                 render_mode: str | None = None, campaign: CampaignSpec = None,
                 campaign_write_back: bool = False, **unknown: Any) -> None:
        """
        Args:
            num_players: 1 (solo, default), 2 or 3.
            opponents: an agent spec (``"random"``, ``"heuristic"``, ``"net"``: compiled; ``"mcts:iters=50"``...), a
                callable ``policy(observation, action_mask) -> int``, or a list with one of those per other seat.
            seat: the agent's seat (0..num_players-1); the start player is drawn at random by the game (1.7).
            obs_mode: ``"flat"`` (a float32 vector) or ``"dict"`` (named sections).
            max_turns: truncation after this many player-turns (R25); None: ``100 * num_players``.
            reward_fn: ``"win"`` (default: +1/-1 at the end), ``"progress"`` (plus the change of the progress
                score at every step; both compiled, :data:`df_env.games.deep_future.envs.common.REWARDS`), or a Python
                ``reward_fn(state_before, state_after, seat) -> float``.
            illegal_action: ``"terminate"`` (end with ``illegal_penalty``) or ``"raise"``.
            illegal_penalty: the reward of an illegal action under ``"terminate"``.
            restart_on_loss: R24 variant: a losing player takes a new homeworld instead of leaving.
            render_mode: None, ``"ansi"``, ``"rgb_array"`` or ``"human"`` (a window; needs a display).
            campaign: a ``Campaign`` or the path of a campaign file: every game starts from its galaxy
                (:mod:`df_env.games.deep_future.envs.campaign_link`); also settable per reset with
                ``options={"campaign": ...}``.
            campaign_write_back: each reset plays the campaign's next game and the finished game is recorded in
                it (and saved, for a file).

        Any other keyword (e.g. ``players=2``) raises a TypeError listing the options above.
        """
        reject_unknown_options(unknown, DeepFutureEnv.__init__)
        self.options = make_options(num_players, opponents, seat, obs_mode, max_turns, reward_fn, illegal_action,
                                    illegal_penalty, restart_on_loss, render_mode)
        o = self.options
        self.render_mode = render_mode
        self.layout = LAYOUTS[o.num_players]
        self.observation_space = observation_space(o.num_players, o.obs_mode)
        self.action_space = action_space()
        self._template = game_template(o.num_players, o.restart_on_loss)
        self._a = new_state_buffer(1)
        self._prev = new_state_buffer(1) if o.reward_fn is not None else None
        self._obs = np.zeros(self.layout.size, dtype=np.float32)
        self._words = np.ones(4, dtype=np.int64)
        self._mask = self._a["mask"][0]  # a view: always the pending decision's mask
        self._done = True
        self._seeded = False
        self._link = make_link(campaign, campaign_write_back, o.num_players, o.restart_on_loss)

    # ------------------------------------------------------------------ the Gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        """A new game seeded from ``self.np_random``; ``options={"state": state}`` starts from a given position
        instead (a state of this env's number of players, copied); ``options={"campaign": c,
        "campaign_write_back": b}`` links the env to a campaign (None unlinks it) for this and later resets."""
        super().reset(seed=seed)
        if seed is not None or not self._seeded:  # then the engine's words run on from game to game
            self._words[:] = words_from(self.np_random)
            self._seeded = True
            reseed_agents(self.options.policies, self.np_random)
        o = self.options
        options = options or {}
        check_reset_options(options)
        if "campaign" in options:
            self._link = make_link(options["campaign"], options.get("campaign_write_back", False), o.num_players,
                                   o.restart_on_loss)
        given = options.get("state")
        if given is None and self._link is not None:
            if self._link.write_back:
                return self._reset_campaign_game()
            self._template = self._link.template()  # read-only: the campaign's galaxy, the env's seeds
        self._fit(self._template if given is None else np.asarray(given))
        if given is not None:
            load_state(self._a, given, o.num_players)
            st = self._play_outside(E.single_advance(self._a, o.seat, o.codes, o.net, self._words, o.max_turns,
                                                     self._obs))
            if st in (E.ST_DONE, E.ST_TRUNC):
                raise ValueError("options['state'] is a finished game for the agent's seat (or past max_turns)")
        else:
            st = E.ST_DONE
            while st in (E.ST_DONE, E.ST_TRUNC):  # the agent may lose before his first decision: play another
                st = E.single_reset(self._a, self._template, o.seat, o.codes, o.net, self._words, o.max_turns,
                                    self._obs)
                st = self._play_outside(st)
        self._done = False
        return as_obs(self._obs, self.layout, o.obs_mode), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        if self._done:
            raise RuntimeError("step() called on a finished episode: call reset() first")
        o = self.options
        a = action_id(action)
        if not 0 <= a < NUM_ACTIONS or not self._mask[a]:
            return self._illegal(a)
        if self._prev is not None:
            copy_arr(self._prev, self._a)
        progress = o.reward_code == E.REWARD_PROGRESS
        before = E.progress_before_arr(self._a, o.seat, o.reward_code) if progress else 0.0
        st = E.single_step(self._a, a, o.seat, o.codes, o.net, self._words, o.max_turns, self._obs)
        if st == E.ST_OUTSIDE:
            st = self._play_outside(st)
        terminated, truncated = st == E.ST_DONE, st == E.ST_TRUNC
        self._done = terminated or truncated
        if self._done and self._link is not None:
            self._link.record(self.state)  # the game's cards, names, wonders and result (issue 5, R26)
        reward = self._reward(terminated, before)
        return as_obs(self._obs, self.layout, o.obs_mode), reward, terminated, truncated, self._info()

    def _reset_campaign_game(self) -> tuple[Any, dict]:
        """The campaign's next game (write-back). A game the agent leaves before his first decision (he can lose
        on another player's first turn) is recorded and the following game is played."""
        assert self._link is not None
        o = self.options
        for _ in range(100):
            game = self._link.next_game()
            self._fit(game)
            load_state(self._a, game, o.num_players)
            st = self._play_outside(E.single_advance(self._a, o.seat, o.codes, o.net, self._words, o.max_turns,
                                                     self._obs))
            if st not in (E.ST_DONE, E.ST_TRUNC):
                self._done = False
                return as_obs(self._obs, self.layout, o.obs_mode), self._info()
            self._link.record(self.state)
        raise RuntimeError("100 campaign games in a row ended before the agent's first decision")

    def _fit(self, like: np.ndarray) -> None:
        """Buffers in the capacity tier of ``like`` (a campaign of more than 448 cards plays in a bigger one)."""
        if fit_buffer(self._a, like) is not self._a:
            self._a = fit_buffer(self._a, like)
            self._prev = None if self._prev is None else fit_buffer(self._prev, like)
            self._mask = self._a["mask"][0]

    def action_masks(self) -> np.ndarray:
        """Bool mask of the legal actions for the agent (all False when the episode is over)."""
        if self._done:
            return np.zeros(NUM_ACTIONS, dtype=bool)
        return self._mask.astype(bool)

    def render(self) -> Any:
        return render_state(self.state, self.options.seat, self.render_mode)

    # ------------------------------------------------------------------ extras
    @property
    def state(self) -> State:
        """The engine state of the current game (a 0-d record view: do not modify it)."""
        return self._a.reshape(())

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "turn": int(self._a["turn"][0]), "decision": int(self._a["dk"][0])}

    def _reward(self, terminated: bool, before: float) -> float:
        o = self.options
        if o.reward_fn is not None and self._prev is not None:
            return float(o.reward_fn(self._prev.reshape(()), self.state, o.seat))
        if o.reward_code == E.REWARD_PROGRESS:
            return float(E.step_reward_arr(self._a, o.seat, o.reward_code, before))
        if not terminated:  # "win": no compiled call on the hot path
            return 0.0
        return 1.0 if int(self._a["winner"][0]) == o.seat else -1.0

    def _illegal(self, a: int) -> tuple[Any, float, bool, bool, dict]:
        o = self.options
        legal = np.flatnonzero(self._mask).tolist()
        msg = f"action {a} is not legal for the agent (seat {o.seat}); legal actions: {legal}"
        if o.illegal_action == "raise":
            raise IllegalActionError(msg)
        self._done = True
        info = self._info()
        info.update(illegal_action=True, illegal_message=msg)
        return as_obs(self._obs, self.layout, o.obs_mode), o.illegal_penalty, True, False, info

    def _play_outside(self, st: int) -> int:
        """Let Python policies decide for their seats until the agent decides or the episode ends."""
        o = self.options
        while st == E.ST_OUTSIDE:
            p = int(self._a["dplayer"][0])
            policy = o.policies[p]
            if policy is None:  # cannot happen: OUTSIDE seats other than the agent have a policy
                raise RuntimeError(f"seat {p} has no policy")
            mask = self._mask.astype(bool)
            act = outside_action(policy, self._obs, mask, self.state, self.layout, o.obs_mode,
                                 f"the opponent policy of seat {p}")
            st = E.single_step(self._a, act, o.seat, o.codes, o.net, self._words, o.max_turns, self._obs)
        return st
