"""What the environments share: option checking, opponents, rewards, spaces, the game template, rendering.

Conventions (all envs):

* ``max_turns`` (R25) counts player-turns (``state["turn"]``); the episode is truncated when turn
  ``max_turns + 1`` would begin. Default :func:`default_max_turns`: ``100 * num_players``, measured: under the
  built-in heuristic agent games end by turn 62 (solo), 71 (2 players) and 147 (3 players) at the longest
  (p99 50 / 66 / 97) and under random play by turn 11 / 15 / 21; the default leaves about twice the longest.
* Rewards: +1 win, -1 loss (also when every player lost), 0 otherwise, given when the seat's game ends (the game
  is over, or he lost and left it, R24); or a :data:`RewardFn` of your own.
* Illegal actions (``illegal_action``): ``"terminate"`` (default) ends the episode with reward
  ``illegal_penalty`` and ``info["illegal_action"] = True``; ``"raise"`` raises
  :class:`~df_env.games.deep_future.engine.api.IllegalActionError`.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces

from df_env.games.deep_future.engine.api import GameConfig, pre_start_state
from df_env.games.deep_future.engine.model.constants import MAX_PLAYERS
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.model.state import STATE_DTYPE, State, is_state_dtype
from df_env.games.deep_future.engine.observation.encode import LAYOUTS, ObservationLayout
from df_env.games.deep_future.envs.episode import COMPILED_POLICIES, NET, OUTSIDE, REWARD_PROGRESS, REWARD_WIN

Policy = Callable[[Any, np.ndarray], int]
"""An opponent: ``policy(observation, action_mask) -> action`` (observation in the env's ``obs_mode``)."""
RewardFn = Callable[[State, State, int], float]
"""``reward_fn(state_before, state_after, player) -> float``: the reward of ``player`` for one step."""
REWARDS = {"win": REWARD_WIN, "progress": REWARD_PROGRESS}
"""Built-in rewards, given by name as ``reward_fn`` and computed in compiled code: ``"win"`` (the default: +1 win,
-1 loss, 0 otherwise) and ``"progress"`` (the same at the end, plus the change of the player's progress score
``df_env.games.deep_future.progress`` at every step while he plays on: potential-based shaping that rewards building the
tableau)."""
OpponentSpec = str | Policy

OBS_MODES = ("flat", "dict")
ILLEGAL_MODES = ("terminate", "raise")
RENDER_MODES = ("ansi", "rgb_array", "human")
OPPONENT_NAMES = tuple(COMPILED_POLICIES) + ("net",)
"""Opponents played inside compiled code: ``"random"``, ``"heuristic"`` and ``"net"`` / ``"net:path=F.npz"`` (the
``net`` agent, a trained network's policy: one network per env, shared by every seat that names the same model
file; a seat naming another model, or ``net:deterministic=0``, plays from Python). Any other agent spec of
``agents`` (``"mcts:iters=50"``, ``"ppo:path=model.zip"``) plays its seat from Python (:class:`AgentPolicy`)."""


def seat_rule(num_players: int) -> str:
    """The seats of a game, for error messages: ``"0 for a 1-player game"``, ``"0..1 for a 2-player game"``."""
    seats = "0" if num_players == 1 else f"0..{num_players - 1}"
    return f"{seats} for a {num_players}-player game"


def default_max_turns(num_players: int) -> int:
    """The default turn limit: 100 player-turns per player (see the module docstring for the measurements)."""
    return 100 * num_players


@dataclass(frozen=True)
class EnvOptions:
    """Checked options shared by the envs (see each env's docstring for their meaning)."""

    num_players: int
    seat: int
    codes: np.ndarray  # per seat: OUTSIDE (the agent or a Python policy) or a compiled policy code
    policies: tuple[Policy | AgentPolicy | None, ...]  # per seat: the Python policy, or None
    net: tuple | None  # the network of the NET seats (df_env.net.numba_net.pack), or None
    obs_mode: str
    max_turns: int
    reward_fn: RewardFn | None  # a Python reward function, or None for a built-in one (reward_code)
    reward_code: int  # REWARD_WIN or REWARD_PROGRESS
    illegal_action: str
    illegal_penalty: float
    restart_on_loss: bool
    render_mode: str | None


def _choice(name: str, value: Any, allowed: Sequence[Any]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(repr(a) for a in allowed)}; got {value!r}")


def reject_unknown_options(unknown: dict[str, Any], constructor: Callable[..., Any]) -> None:
    """Raise a TypeError naming the keyword options ``constructor`` does not take (a misspelt option, e.g.
    ``players=2``) and listing the ones it takes; nothing when ``unknown`` is empty."""
    if not unknown:
        return
    allowed = [name for name, p in inspect.signature(constructor).parameters.items()
               if name != "self" and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
    hints = [f" (did you mean {close[0]!r}?)" if (close := difflib.get_close_matches(name, allowed, n=1)) else ""
             for name in unknown]
    bad = ", ".join(f"{name!r}{hint}" for name, hint in zip(unknown, hints, strict=True))
    raise TypeError(f"{constructor.__qualname__.split('.')[0]}: unknown option{'s' if len(unknown) > 1 else ''} "
                    f"{bad}; the options are: {', '.join(allowed)}")


RESET_OPTIONS = ("state", "campaign", "campaign_write_back")


def check_reset_options(options: Any, allowed: tuple[str, ...] = RESET_OPTIONS) -> None:
    """Refuse ``reset(options=...)`` that is not a dict or has a key the env does not know (a typo would
    otherwise be ignored silently), naming the allowed keys."""
    if not isinstance(options, dict):
        raise TypeError(f"reset options must be a dict (or None); got {type(options).__name__}")
    unknown = [k for k in options if k not in allowed]
    if unknown:
        raise ValueError(f"unknown reset option(s) {', '.join(map(repr, unknown))}; the options are: "
                         f"{', '.join(allowed) if allowed else 'none (this env takes no reset options)'}")


def action_id(action: Any) -> int:
    """``action`` as an int: a Python int, a numpy integer or a 0-d integer array. A TypeError for anything else
    (a float such as 1.5, a bool, a list...), naming its type and the action range; an ``ActionSpaceError`` for an
    int outside ``range(NUM_ACTIONS)``; legality is the caller's to check."""
    if type(action) is int:  # the common case first: one cheap check
        a = action
    elif isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        a = int(action)
    elif isinstance(action, np.ndarray) and action.ndim == 0 and action.dtype.kind in "iu":
        a = int(action)
    else:
        a = None
    if a is not None:
        if not 0 <= a < NUM_ACTIONS:  # outside the space: an error, never an illegal move (issue 11)
            from df_env.games.deep_future.engine.api import check_action_space

            check_action_space(a)
        return a
    raise TypeError(f"an action must be an integer 0..{NUM_ACTIONS - 1} (a Python int, a numpy integer or a 0-d "
                    f"integer array); got {type(action).__name__} {action!r}")


def check_num_players(num_players: Any) -> int:
    if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)) or not (
        1 <= num_players <= MAX_PLAYERS
    ):
        raise ValueError(f"num_players must be 1, 2 or 3; got {num_players!r}")
    return int(num_players)


MAX_TURNS_LIMIT = 10**9  # the turn counter is a 32-bit integer of the state: a larger limit could never be reached


def check_max_turns(max_turns: Any, num_players: int) -> int:
    if max_turns is None:
        return default_max_turns(num_players)
    if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)) or not (
        1 <= max_turns <= MAX_TURNS_LIMIT
    ):
        raise ValueError(f"max_turns must be an integer 1..{MAX_TURNS_LIMIT:,} or None (default "
                         f"{default_max_turns(num_players)}); got {max_turns!r}")
    return int(max_turns)


def batch_actions(actions: Any, num_envs: int) -> np.ndarray:
    """The actions of a batch step as int64, one per game: integers only, as :func:`action_id` for one game (a
    float, bool or string array would otherwise be cast and its games ended as illegal moves)."""
    arr = np.asarray(actions)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"actions must be integers 0..{NUM_ACTIONS - 1}, one per game (an integer array or a list "
                        f"of ints); got {type(actions).__name__} of dtype {arr.dtype}")
    acts = arr.astype(np.int64).reshape(-1)
    if acts.shape != (num_envs,):
        raise ValueError(f"actions must hold one action per game ({num_envs}); got shape {np.shape(actions)}")
    return acts


def check_common(obs_mode: str, illegal_action: str, illegal_penalty: Any, reward_fn: Any,
                 render_mode: str | None) -> None:
    _choice("obs_mode", obs_mode, OBS_MODES)
    _choice("illegal_action", illegal_action, ILLEGAL_MODES)
    _choice("render_mode", render_mode, (None,) + RENDER_MODES)
    if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, (int, float, np.number)) or not (
        np.isfinite(illegal_penalty)
    ):
        raise ValueError(f"illegal_penalty must be a finite number (e.g. -1.0); got {illegal_penalty!r}")
    if reward_fn is not None and not callable(reward_fn) and reward_fn not in REWARDS:
        raise ValueError(f"reward_fn must be None, a built-in reward ({', '.join(map(repr, REWARDS))}) or a "
                         f"callable (state_before, state_after, player) -> float; got {reward_fn!r}")


def split_reward(reward_fn: Any) -> tuple[RewardFn | None, int]:
    """(the Python reward function or None, the built-in reward code) of a checked ``reward_fn`` option."""
    if reward_fn is None:
        return None, REWARD_WIN
    if isinstance(reward_fn, str):
        return None, REWARDS[reward_fn]
    return reward_fn, REWARD_WIN


class AgentPolicy:
    """A built-in agent named by its spec (``"mcts:iters=50"``) playing a seat from Python.

    It is the agent seated as every adapter seats one, ``agent.as_policy(seat, seed)`` (:class:`agents.SeatPolicy`:
    the seat's flat observation, the mask and a copy of the engine state, as the agent asks; search agents use
    only a determinization for their seat). Its agent seed is 0 until the env's first seeded reset, then one
    number drawn from the env's generator at every seeded reset (:meth:`reseed`).
    """

    def __init__(self, spec: str, seat: int) -> None:
        from agents import make_agent, refuse_clairvoyant

        self.spec, self.seat = spec, seat
        self.agent = make_agent(spec)  # AgentSpecError (a ValueError) names the bad part and what is allowed
        refuse_clairvoyant(self.agent, "an environment's opponent")
        self.policy = self.agent.as_policy(seat, 0)

    def reseed(self, rng: np.random.Generator) -> None:
        self.policy = self.agent.as_policy(self.seat, int(rng.integers(2**63)))

    def act(self, flat_obs: np.ndarray, mask: np.ndarray, state: State) -> int:
        return self.policy(state, mask, flat_obs)

    def __repr__(self) -> str:
        return f"AgentPolicy({self.spec!r}, seat={self.seat})"


def _opponent(spec: OpponentSpec, seat: int) -> tuple[int, Policy | AgentPolicy | None]:
    if isinstance(spec, str):
        if spec in COMPILED_POLICIES:
            return COMPILED_POLICIES[spec], None
        try:
            return OUTSIDE, AgentPolicy(spec, seat)
        except ValueError as err:  # AgentSpecError: unknown agent or option
            raise ValueError(f"opponents (seat {seat}): {err}") from None
    if callable(spec):
        return OUTSIDE, spec
    raise ValueError(f"opponents must be an agent spec ({', '.join(OPPONENT_NAMES)} compiled; or 'mcts:...', "
                     f"'ppo:path=...'), a callable policy(observation, action_mask) -> int, or a list of those (one "
                     f"per other seat); seat {seat} got {spec!r}")


def _compiled_net(policy: Any, num_players: int, key: str | None) -> tuple[str, tuple] | None:
    """(model file, packed network) when ``policy`` is the deterministic ``net`` agent playing that file (or any
    file when ``key`` is None): then its seat is played in compiled code; None otherwise."""
    from agents.deep_future.net_agent import NetAgent

    if not isinstance(policy, AgentPolicy) or not isinstance(policy.agent, NetAgent):
        return None
    agent = policy.agent
    if not agent.deterministic:
        return None
    packed = agent.packed_for(num_players)  # AgentSpecError: none shipped, or a model for another player count
    if agent.path:
        model = str(Path(agent.path).resolve())
    else:
        from df_env.net.numpy_net import default_model_path

        model = str(default_model_path(num_players).resolve())
    return (model, packed) if key is None or key == model else None


def check_opponents(opponents: Any, num_players: int,
                    seat: int) -> tuple[np.ndarray, tuple[Policy | AgentPolicy | None, ...], tuple | None]:
    """Per seat: the compiled policy code (OUTSIDE for the agent and Python policies) and the Python policy; and
    the network of the seats played by ``net`` in compiled code (None if none)."""
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < num_players:
        raise ValueError(f"seat must be {seat_rule(num_players)}; got {seat!r}")
    others = [p for p in range(num_players) if p != seat]
    if isinstance(opponents, (str,)) or callable(opponents):
        specs = [opponents] * len(others)
    elif isinstance(opponents, (list, tuple)):
        if len(opponents) != len(others):
            raise ValueError(f"opponents as a list needs one entry per other seat ({len(others)} for "
                             f"{num_players} players); got {len(opponents)}")
        specs = list(opponents)
    else:
        raise ValueError(f"opponents must be an agent spec ('random', 'heuristic', 'mcts:iters=50'...), a callable "
                         f"policy(observation, action_mask) -> int, or a list of those; got {opponents!r}")
    codes = np.full(MAX_PLAYERS, OUTSIDE, dtype=np.int64)
    policies: list[Policy | AgentPolicy | None] = [None] * num_players
    net: tuple | None = None  # episode.no_net(): no network
    model = None
    for p, spec in zip(others, specs, strict=True):
        codes[p], policies[p] = _opponent(spec, p)
        try:
            compiled = _compiled_net(policies[p], num_players, model)
        except ValueError as err:  # AgentSpecError
            raise ValueError(f"opponents (seat {p}): {err}") from None
        if compiled is not None:
            model, net = compiled
            codes[p], policies[p] = NET, None
    return codes, tuple(policies), net


def make_options(num_players: Any = 1, opponents: Any = "random", seat: Any = 0, obs_mode: str = "flat",
                 max_turns: Any = None, reward_fn: RewardFn | str | None = None, illegal_action: str = "terminate",
                 illegal_penalty: float = -1.0, restart_on_loss: bool = False,
                 render_mode: str | None = None) -> EnvOptions:
    """Check every option and return them together (a ``ValueError`` names the bad option and what is allowed)."""
    n = check_num_players(num_players)
    check_common(obs_mode, illegal_action, illegal_penalty, reward_fn, render_mode)
    if not isinstance(restart_on_loss, (bool, np.bool_)):
        raise ValueError(f"restart_on_loss must be True or False; got {restart_on_loss!r}")
    codes, policies, net = check_opponents(opponents, n, seat)
    fn, code = split_reward(reward_fn)
    return EnvOptions(n, int(seat), codes, policies, net, obs_mode, check_max_turns(max_turns, n), fn, code,
                      illegal_action, float(illegal_penalty), bool(restart_on_loss), render_mode)


# ---------------------------------------------------------------------------------------------- spaces
def flat_space(layout: ObservationLayout) -> spaces.Box:
    """The flat observation: float32 in [-1, 1]."""
    return spaces.Box(-1.0, 1.0, shape=(layout.size,), dtype=np.float32)


def dict_space(layout: ObservationLayout) -> spaces.Dict:
    """The same numbers as named sections (see :mod:`df_env.games.deep_future.engine.observation`)."""
    return spaces.Dict({s.name: spaces.Box(-1.0, 1.0, shape=s.shape, dtype=np.float32) for s in layout.sections})


def observation_space(num_players: int, obs_mode: str) -> spaces.Space:
    layout = LAYOUTS[num_players]
    return flat_space(layout) if obs_mode == "flat" else dict_space(layout)


def action_space() -> spaces.Discrete:
    return spaces.Discrete(NUM_ACTIONS)


def as_obs(flat: np.ndarray, layout: ObservationLayout, obs_mode: str) -> Any:
    """A fresh observation in ``obs_mode`` from the flat buffer (copied: the buffer is reused)."""
    out = flat.copy()
    return out if obs_mode == "flat" else layout.split(out)


# ---------------------------------------------------------------------------------------------- games
def game_template(num_players: int, restart_on_loss: bool) -> np.ndarray:
    """A 1-element state array holding a game before setup (header only, empty card pool: a fresh galaxy is
    made at start), from which compiled code starts new games (as
    :func:`df_env.games.deep_future.engine.api.new_game` does)."""
    return pre_start_state(GameConfig(num_players=num_players, restart_on_loss=restart_on_loss)).reshape(1)


def words_from(rng: np.random.Generator, n: int | None = None) -> np.ndarray:
    """Engine generator words (int64, each 1..2^32-1) drawn from a numpy generator: shape (4,) or (n, 4)."""
    shape = (4,) if n is None else (n, 4)
    return rng.integers(1, 2**32, size=shape, dtype=np.int64)


def new_state_buffer(n: int = 1) -> np.ndarray:
    """An uninitialised 1-d array of ``n`` state records."""
    return np.zeros(n, dtype=STATE_DTYPE)


def fit_buffer(buf: np.ndarray, like: Any) -> np.ndarray:
    """``buf``, or a new buffer of its length in the capacity tier (state dtype) of ``like`` (a state, template or
    dtype) when the two differ: a campaign of more than 448 cards plays in a bigger tier (docs/state.md)."""
    dtype = getattr(like, "dtype", like)
    if buf.dtype == dtype or not is_state_dtype(dtype):
        return buf
    return np.zeros(buf.shape[0], dtype=dtype)


def load_state(buf: np.ndarray, given: Any, num_players: int) -> None:
    """Copy a given position into the 1-element state buffer ``buf`` (for ``reset(options={"state": ...})``)."""
    from df_env.games.deep_future.engine.observation.determinize import copy_arr

    arr = np.asarray(given)
    if not is_state_dtype(arr.dtype) or arr.size != 1:
        raise ValueError("options['state'] must be one engine state (a 0-d array of a state dtype, e.g. STATE_DTYPE)")
    if arr.dtype != buf.dtype:
        raise ValueError("options['state']: a state of another capacity tier than the env's buffer (fit_buffer)")
    rec = np.ascontiguousarray(arr.reshape(1))
    if int(rec["n_players"][0]) != num_players:
        raise ValueError(f"options['state'] has {int(rec['n_players'][0])} players; this env was made for "
                         f"{num_players}")
    if rec["over"][0]:
        raise ValueError("options['state'] is a finished game")
    copy_arr(buf, rec)


def outside_action(policy: Policy | AgentPolicy, flat_obs: np.ndarray, mask: np.ndarray, state: State,
                   layout: ObservationLayout, obs_mode: str, who: str) -> int:
    """The legal action a Python seat (a callable or an :class:`AgentPolicy`) picks; a clear error otherwise."""
    if isinstance(policy, AgentPolicy):
        return check_policy_action(policy.act(flat_obs, mask, state), mask, f"{who} ({policy.spec})")
    return check_policy_action(policy(as_obs(flat_obs, layout, obs_mode), mask), mask, who)


def reseed_agents(policies: Sequence[Policy | AgentPolicy | None], rng: np.random.Generator) -> None:
    """Reseed the built-in agents among the Python seats from the env's generator (reproducible resets)."""
    for policy in policies:
        if isinstance(policy, AgentPolicy):
            policy.reseed(rng)


def check_policy_action(action: Any, mask: np.ndarray, who: str) -> int:
    """An outside policy's answer as an int, or a clear error when it is not a legal action."""
    from df_env.games.deep_future.engine.api import IllegalActionError

    try:
        a = int(action)
    except (TypeError, ValueError):
        raise IllegalActionError(f"{who} returned {action!r}, not an action id") from None
    if not 0 <= a < NUM_ACTIONS or not mask[a]:
        raise IllegalActionError(f"{who} returned action {a}, which is not legal; legal: "
                                 f"{np.flatnonzero(mask).tolist()}")
    return a


def render_state(state: State, observer: int, mode: str | None) -> Any:
    """The ``ansi`` text or ``rgb_array`` picture of ``state`` as ``observer`` sees it (None without a mode);
    ``human`` shows the picture in a window (the text on stdout where no window can open) and returns None."""
    if mode is None:
        return None
    if mode == "human":
        from .render_human import show

        show(state, observer)
        return None
    if mode == "ansi":
        from df_env.games.deep_future.engine.text.render import render_text

        return render_text(state, observer)
    from df_env.games.deep_future.envs.render_rgb import render_rgb

    return render_rgb(state, observer)
