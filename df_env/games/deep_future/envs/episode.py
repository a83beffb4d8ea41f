"""The envs' episode loop in compiled code: one call per env step (single env) or per batch step (vector env).

A seat is played either outside compiled code (the learning agent, a Python policy: code :data:`OUTSIDE`) or by a
compiled policy: :data:`RANDOM` (a uniformly random legal action) or :data:`HEURISTIC` (the built-in rule-based agent,
``agents.deep_future.heuristic``), both drawing from the env's own generator words, or :data:`NET` (the ``net`` agent:
the legal action with the highest logit of a trained network, :func:`net_action`; no draw). The kernels take the env's
one network ``net`` (packed by :func:`df_env.net.numba_net.pack`, shared by its NET seats), or None when none plays
(:func:`no_net`): numba then compiles them without the forward pass (as fast to compile as before).
:func:`advance` plays the compiled seats until an outside seat must decide, the learning seat is done (R24: a
player who lost leaves the game unless the restart variant is on) or the game passes ``max_turns`` (R25).
"""

from __future__ import annotations

import numpy as np
from numba.core import types
from numba.extending import overload

from agents.deep_future.fast import HEURISTIC, POLICY_NAMES, RANDOM
from agents.deep_future.fast import policy_action as compiled_policy_action
from df_env.games.deep_future.engine._jit import njit, njit_inline
from df_env.games.deep_future.engine.model.rng import next_u32
from df_env.games.deep_future.engine.observation.encode import encode
from df_env.games.deep_future.engine.rules.flow import apply, start_game
from df_env.games.deep_future.progress import progress_rec
from df_env.net.numba_net import C_OBS, observe_forward

OUTSIDE = -1
NET = 10  # a code of its own, beside agents.deep_future.fast's
assert NET >= len(POLICY_NAMES)
COMPILED_POLICIES = {"random": RANDOM, "heuristic": HEURISTIC}
REWARD_WIN, REWARD_PROGRESS = 0, 1  # the built-in rewards (common.REWARDS)
# status of a seat after a step
ST_PLAY, ST_DONE, ST_TRUNC, ST_OUTSIDE, ST_ILLEGAL = range(5)


def no_net() -> None:
    """The ``net`` argument of the kernels in an env where no seat plays a network: None, so that numba compiles
    them without the network's forward pass (a packed network is another type: its own compilation)."""
    return None


@njit
def net_action(s, net):
    """The ``net`` agent's action (``agents.deep_future.net_agent``, deterministic): the legal action with the highest
    logit of network ``net`` on the acting player's observation of ``s`` (the lowest such action on a tie)."""
    mask = s["mask"]
    need = np.zeros(mask.shape[0], dtype=np.bool_)
    for a in range(mask.shape[0]):
        need[a] = mask[a] != 0
    logits = np.zeros(mask.shape[0], dtype=np.float64)
    obs = np.empty(net[4][C_OBS], dtype=np.float32)
    want = True
    observe_forward(net, s, s["dplayer"], obs, need, logits, want)
    best = -1
    for a in range(mask.shape[0]):
        if need[a] and (best < 0 or logits[a] > logits[best]):
            best = a
    return best


def net_choice(s, net):
    """:func:`net_action` with network ``net``; -1 for ``net=None`` (no seat plays a network: compiled without the
    forward pass)."""
    return -1 if net is None else net_action(s, net)


@overload(net_choice)
def _net_choice_typed(s, net):
    if isinstance(net, types.NoneType):
        return lambda s, net: -1
    return lambda s, net: net_action(s, net)


@njit_inline
def policy_action(s, r, code):
    """The action of compiled policy ``code`` (RANDOM or HEURISTIC) for the pending decision of ``s``."""
    return compiled_policy_action(s, r, code)


@njit
def seat_done(s, seat):
    """The game is over for ``seat``: it ended, or he lost and left (R24 default)."""
    return s["over"] != 0 or (s["lost"][seat] != 0 and s["variant_restart"] == 0)


@njit
def status(s, seat, max_turns):
    """ST_DONE, ST_TRUNC, ST_PLAY (``seat`` decides) or ST_OUTSIDE (another seat decides)."""
    if seat_done(s, seat):
        return ST_DONE
    if s["turn"] > max_turns:
        return ST_TRUNC
    if s["dplayer"] == seat:
        return ST_PLAY
    return ST_OUTSIDE


@njit_inline
def advance(s, seat, codes, net, r, max_turns):
    """Play compiled seats until ``seat`` or another outside seat decides, ``seat`` is done or the turn limit
    passes. Returns the status."""
    while True:
        st = status(s, seat, max_turns)
        if st != ST_OUTSIDE:
            return st
        code = codes[s["dplayer"]]
        if code < 0:
            return ST_OUTSIDE
        if code == NET:  # the network goes to no inlined function per decision: each would count its references
            apply(s, net_choice(s, net))
        else:
            apply(s, compiled_policy_action(s, r, code))


@njit
def terminal_reward(s, seat):
    """+1 if ``seat`` won, -1 otherwise (a loss, or every player lost), 0 while his game goes on."""
    if not seat_done(s, seat):
        return 0.0
    return 1.0 if s["winner"] == seat else -1.0


@njit
def progress_before(s, seat, mode):
    """The seat's progress score before a step (only the progress reward needs it)."""
    return progress_rec(s, seat) if mode == REWARD_PROGRESS else 0.0


@njit
def step_reward(s, seat, mode, before):
    """The built-in reward of ``seat`` for a step: REWARD_WIN is :func:`terminal_reward`; REWARD_PROGRESS adds
    the change of his progress score (``df_env.games.deep_future.progress``, ``before`` = its value before the step)
    while he plays on, and gives 1 + that change for a win, -1 for a loss (potential-based shaping)."""
    if mode != REWARD_PROGRESS:
        return terminal_reward(s, seat)
    r = 0.0 if s["lost"][seat] != 0 else progress_rec(s, seat) - before
    if not seat_done(s, seat):
        return r
    return 1.0 + r if s["winner"] == seat else -1.0


@njit
def step_reward_arr(a, seat, mode, before):
    """:func:`step_reward` of ``a[0]``."""
    return step_reward(a[0], seat, mode, before)


@njit
def progress_before_arr(a, seat, mode):
    """:func:`progress_before` of ``a[0]``."""
    return progress_before(a[0], seat, mode)


@njit_inline
def new_game_at(states, i, template, r):
    """A fresh game in ``states[i]`` from the pre-start ``template[0]`` (header and card pool), seeded from
    generator words ``r``."""
    states[i] = template[0]
    s = states[i]
    for i in range(4):
        s["rng"][i] = next_u32(r)
    if s["rng"][0] == 0 and s["rng"][1] == 0 and s["rng"][2] == 0 and s["rng"][3] == 0:
        s["rng"][0] = 1
    start_game(s)


# ---------------------------------------------------------------------------------------------- single env
@njit_inline
def fresh_game(states, i, template, seat, codes, net, r, max_turns):
    """A new game in ``states[i]`` played up to the first decision of ``seat`` or of an outside seat. A game that
    ends for ``seat`` before he decides anything (he can lose on another player's first turn) is replaced by
    another one. Returns the status."""
    for _ in range(1000):
        new_game_at(states, i, template, r)
        st = advance(states[i], seat, codes, net, r, max_turns)
        if st == ST_PLAY or st == ST_OUTSIDE:
            return st
    raise RuntimeError("no playable game in 1000 tries")


@njit
def single_step(a, action, seat, codes, net, r, max_turns, obs):
    """Apply ``action`` (legal, checked by the caller) for whoever decides, play the compiled seats, and write
    the observation of the seat to act next (``seat``, or the outside seat whose decision is pending)."""
    s = a[0]
    apply(s, action)
    st = advance(s, seat, codes, net, r, max_turns)
    encode(s, s["dplayer"] if st == ST_OUTSIDE else seat, obs)
    return st


@njit
def single_reset(a, template, seat, codes, net, r, max_turns, obs):
    """A new game (opponents who decide first play), and the observation of the seat to act."""
    st = fresh_game(a, 0, template, seat, codes, net, r, max_turns)
    s = a[0]
    encode(s, s["dplayer"] if st == ST_OUTSIDE else seat, obs)
    return st


@njit
def single_advance(a, seat, codes, net, r, max_turns, obs):
    """Play on from the current position (after a reset to a given state), and observe as :func:`single_step`."""
    s = a[0]
    st = advance(s, seat, codes, net, r, max_turns)
    encode(s, s["dplayer"] if st == ST_OUTSIDE else seat, obs)
    return st


# ---------------------------------------------------------------------------------------------- vector env
@njit
def vec_apply(states, actions, seat, codes, net, words, max_turns, skip, st, rewards, outside_obs, reward_mode, before):
    """Phase 1 of a batch step: for each game not in ``skip``, apply its action (an illegal one is not applied:
    status ST_ILLEGAL), play the compiled seats and record the status and the default reward. Games left waiting
    for an outside seat get that seat's observation in ``outside_obs``. Returns how many wait."""
    waiting = 0
    for i in range(states.shape[0]):
        if skip[i]:
            st[i] = ST_PLAY
            rewards[i] = 0.0
            continue
        s = states[i]
        a = actions[i]
        if a < 0 or a >= s["mask"].shape[0] or s["mask"][a] == 0:
            st[i] = ST_ILLEGAL
            continue
        before[i] = progress_before(s, seat, reward_mode)
        apply(s, a)
        st[i] = advance(s, seat, codes, net, words[i], max_turns)
        rewards[i] = step_reward(s, seat, reward_mode, before[i])
        if st[i] == ST_OUTSIDE:
            encode(s, s["dplayer"], outside_obs[i])
            waiting += 1
    return waiting


@njit
def vec_outside(states, i, action, seat, codes, net, words, max_turns, st, rewards, write_reward, outside_obs,
                reward_mode, before):
    """An outside seat's action in game i (legal, checked by the caller), then play on as in :func:`vec_apply`
    (the reward is written only with ``write_reward``: not in a game just reset after a finished one)."""
    s = states[i]
    apply(s, action)
    st[i] = advance(s, seat, codes, net, words[i], max_turns)
    if write_reward:
        rewards[i] = step_reward(s, seat, reward_mode, before[i])
    if st[i] == ST_OUTSIDE:
        encode(s, s["dplayer"], outside_obs[i])
    return st[i]


@njit
def vec_finish(states, template, seat, codes, net, words, max_turns, st, same_step, skip, observe, obs, masks,
               final_obs, has_final, outside_obs):
    """Phase 2: autoreset. A finished game (status DONE, TRUNC or ILLEGAL) is reset now when ``same_step`` (its
    last observation goes to ``final_obs``), else flagged in ``skip`` to be reset by the next step (Gymnasium's
    next-step autoreset); games in ``skip`` on entry are reset now. A reset game's status becomes that of its
    new game. With ``observe``, each game's observation of ``seat`` and its mask are written too (otherwise call
    :func:`vec_observe` once the games waiting for an outside seat are resolved). Returns how many wait."""
    waiting = 0
    for i in range(states.shape[0]):
        has_final[i] = False
        reset = skip[i]
        skip[i] = False
        if st[i] == ST_DONE or st[i] == ST_TRUNC or st[i] == ST_ILLEGAL:
            if same_step:
                encode(states[i], seat, final_obs[i])
                has_final[i] = True
                reset = True
            else:
                skip[i] = True
        if reset:
            st[i] = fresh_game(states, i, template, seat, codes, net, words[i], max_turns)
        if st[i] == ST_OUTSIDE:
            encode(states[i], states[i]["dplayer"], outside_obs[i])
            waiting += 1
        elif observe:
            encode(states[i], seat, obs[i])
            if skip[i]:
                masks[i, :] = 0
            else:
                masks[i, :] = states[i]["mask"]
    return waiting


@njit
def vec_observe(states, seat, skip, obs, masks):
    """Each game's observation of ``seat`` and its legal mask (all zero for a game to be reset: see ``skip``)."""
    for i in range(states.shape[0]):
        encode(states[i], seat, obs[i])
        if skip[i]:
            masks[i, :] = 0
        else:
            masks[i, :] = states[i]["mask"]


@njit
def vec_reset(states, template, seat, codes, net, words, max_turns, st, outside_obs):
    """New games in every slot, played up to the seat's first decision; returns how many wait for an outside
    seat (their observation of the waiting seat in ``outside_obs``)."""
    waiting = 0
    for i in range(states.shape[0]):
        st[i] = fresh_game(states, i, template, seat, codes, net, words[i], max_turns)
        if st[i] == ST_OUTSIDE:
            encode(states[i], states[i]["dplayer"], outside_obs[i])
            waiting += 1
    return waiting


# ---------------------------------------------------------------------------------------------- fused batch step
@njit_inline  # inlined in vec_step's loop: the arguments (the network's five arrays) are passed once per batch
def vec_step_one(states, i, actions, seat, codes, net, words, max_turns, template, same_step, skip, st, rewards, obs,
                 masks, final_obs, has_final, reward_mode):
    """The whole batch step of game i when every other seat is compiled and the reward is a built-in one:
    apply, play on, reward, autoreset, observation and mask, touching the game's memory once."""
    s = states[i]
    has_final[i] = False
    rewards[i] = 0.0
    if skip[i]:  # next-step autoreset: this game ended at the last step
        skip[i] = False
        st[i] = fresh_game(states, i, template, seat, codes, net, words[i], max_turns)
    else:
        a = actions[i]
        if a < 0 or a >= s["mask"].shape[0] or s["mask"][a] == 0:
            st[i] = ST_ILLEGAL
        else:
            before = progress_before(s, seat, reward_mode)
            apply(s, a)
            st[i] = advance(s, seat, codes, net, words[i], max_turns)
            rewards[i] = step_reward(s, seat, reward_mode, before)
        if st[i] == ST_DONE or st[i] == ST_TRUNC or st[i] == ST_ILLEGAL:
            if same_step:
                encode(s, seat, final_obs[i])
                has_final[i] = True
                fresh_game(states, i, template, seat, codes, net, words[i], max_turns)
            else:
                skip[i] = True
    s = states[i]
    encode(s, seat, obs[i])
    if skip[i]:
        masks[i, :] = 0
    else:
        masks[i, :] = s["mask"]


@njit
def vec_step(states, actions, seat, codes, net, words, max_turns, template, same_step, skip, st, rewards, obs, masks,
             final_obs, has_final, reward_mode):
    """:func:`vec_step_one` for every game, in order (one thread)."""
    for i in range(states.shape[0]):
        vec_step_one(states, i, actions, seat, codes, net, words, max_turns, template, same_step, skip, st, rewards,
                     obs, masks, final_obs, has_final, reward_mode)


@njit
def copy_states(dst, src):
    """``dst[i] = src[i]`` for every game (a memcpy each; numpy copies structured records field by field)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]
