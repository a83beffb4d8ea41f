"""The environments: Gymnasium DeepFuture-v0, PettingZoo deep_future_v0, the vector envs, rendering."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from pettingzoo.test import api_test, seed_test

import df_env.envs  # noqa: F401 - registers DeepFuture-v0
from df_env import deep_future_v0
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.kernels import fill_mask_arr
from df_env.games.deep_future.engine.model.constants import CULTURE, TECH
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.games.deep_future.engine.observation.encode import CF, LAYOUTS, observe
from df_env.games.deep_future.envs.gym_env import DeepFutureEnv
from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv

PLAYERS = [1, 2, 3]


def first_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def ready_to_win(s: np.ndarray, p: int) -> None:
    """Position surgery: player p's homeworld gets 3 advancements, 3 complete techs come off the deck into his
    tableau and his Culture is 12, so the engine finds him a winner after the next decision (R23)."""
    h = int(s["home"][p])
    for k in range(3):
        if s["c_slot_num"][h, k] == 0:
            s["c_slot_suit"][h, k], s["c_slot_num"][h, k] = k, 1
    for _ in range(3):
        n = int(s["deck_n"]) - 1
        c = int(s["deck"][n])
        s["deck"][n], s["deck_n"] = -1, n
        s["c_type"][c] = TECH
        s["c_slot_suit"][c], s["c_slot_num"][c] = (0, 1, 2), (1, 1, 1)
        s["techs"][p, int(s["techs_n"][p])] = c
        s["techs_n"][p] += 1
    s["tracks"][p, CULTURE] = 12
    fill_mask_arr(s.reshape(1))


def game_at_decision_of(num_players: int, player: int) -> np.ndarray:
    """A fresh game played on randomly until ``player`` decides in his own turn with a homeworld."""
    rng = np.random.default_rng(player)
    for seed in range(200):
        s = engine.new_game(engine.GameConfig(num_players=num_players), seed=seed)
        for _ in range(60):
            if s["over"]:
                break
            if int(s["dplayer"]) == player and int(s["cur"]) == player and int(s["home"][player]) >= 0 \
                    and int(s["deck_n"]) >= 3:
                return s
            engine.apply_action(s, int(rng.choice(engine.legal_actions(s))))
    raise AssertionError("no such position found")


# ------------------------------------------------------------------------------------------------ checkers
@pytest.mark.parametrize("n", PLAYERS)
def test_gymnasium_checker(n: int) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render modes.*")
        gym_check_env(DeepFutureEnv(num_players=n), skip_render_check=True)
        gym_check_env(DeepFutureEnv(num_players=n, obs_mode="dict"), skip_render_check=True)


@pytest.mark.parametrize("n", PLAYERS)
def test_sb3_checker(n: int) -> None:
    sb3_check_env = pytest.importorskip("stable_baselines3.common.env_checker").check_env
    sb3_check_env(DeepFutureEnv(num_players=n), warn=False)


@pytest.mark.parametrize("n", PLAYERS)
def test_pettingzoo_api_and_seed(n: int) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(NumPy array|gymnasium.spaces.box).*")
        api_test(deep_future_v0.env(num_players=n), num_cycles=200)
    seed_test(lambda **kw: deep_future_v0.env(num_players=n, **kw), num_cycles=100)


def test_registered_ids() -> None:
    env = gym.make("DeepFuture-v0", num_players=2)
    assert isinstance(env.unwrapped, DeepFutureEnv)
    venv = gym.make_vec("DeepFuture-v0", num_envs=3, vectorization_mode="vector_entry_point", num_players=2)
    assert isinstance(venv.unwrapped, DeepFutureVectorEnv) and venv.num_envs == 3
    obs, info = venv.reset(seed=0)
    assert obs.shape == (3, LAYOUTS[2].size) and info["action_mask"].shape == (3, NUM_ACTIONS)


# ------------------------------------------------------------------------------------------------ single env
def test_masks_match_info_and_engine() -> None:
    env = DeepFutureEnv(num_players=2)
    obs, info = env.reset(seed=3)
    for _ in range(200):
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.dtype == bool
        assert np.array_equal(mask, engine.legal_mask(env.state))
        assert int(env.state["dplayer"]) == 0  # the agent's seat decides whenever the agent is asked
        obs, reward, term, trunc, info = env.step(first_legal(mask))
        if term or trunc:
            assert not info["action_mask"].any()
            obs, info = env.reset()


def test_same_seed_same_episode_and_seed_zero_is_a_seed() -> None:
    def rollout(seed: int) -> list[np.ndarray]:
        env = DeepFutureEnv(num_players=3)
        obs, info = env.reset(seed=seed)
        out = [obs]
        for _ in range(40):
            obs, _, term, trunc, info = env.step(first_legal(info["action_mask"]))
            out.append(obs)
            if term or trunc:
                obs, info = env.reset()
        return out

    a, b, c = rollout(0), rollout(0), rollout(1)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


def test_illegal_action_terminates_with_penalty_by_default() -> None:
    env = DeepFutureEnv(num_players=1, illegal_penalty=-2.5)
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, term, trunc, info = env.step(bad)
    assert (reward, term, trunc) == (-2.5, True, False) and info["illegal_action"]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_illegal_action_can_raise() -> None:
    env = DeepFutureEnv(num_players=1, illegal_action="raise")
    _, info = env.reset(seed=0)
    with pytest.raises(engine.IllegalActionError, match="legal actions"):
        env.step(int(np.flatnonzero(~info["action_mask"])[0]))


@pytest.mark.parametrize(("option", "value"), [
    ("num_players", 4), ("obs_mode", "image"), ("illegal_action", "ignore"), ("max_turns", 0),
    ("opponents", "nosuch"), ("opponents", "mcts:depth=3"), ("opponents", ["random"] * 3),
    ("seat", 2), ("render_mode", "window"),
    ("reward_fn", 3), ("illegal_penalty", "x"), ("restart_on_loss", "yes"),
])
def test_bad_options_name_the_option(option: str, value: object) -> None:
    with pytest.raises(ValueError, match=option):
        DeepFutureEnv(**({"num_players": 2} | {option: value}))


def test_max_turns_truncates() -> None:
    env = DeepFutureEnv(num_players=2, max_turns=2)
    _, info = env.reset(seed=0)
    for _ in range(500):
        _, reward, term, trunc, info = env.step(first_legal(info["action_mask"]))
        if term or trunc:
            break
    assert trunc and not term and reward == 0.0
    assert int(env.state["turn"]) == 3


def test_heuristic_opponents_play_the_heuristics_moves_inside_the_step() -> None:
    """Each step of a 2-player env with ``opponents="heuristic"`` equals: the agent's action, then the compiled
    heuristic's choice (drawing from the env's generator words) for every opponent decision."""
    from agents.deep_future.heuristic_rules import choose_arr
    from df_env.games.deep_future.engine.kernels import apply_arr

    env = DeepFutureEnv(num_players=2, opponents="heuristic")
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    opponent_moves = 0
    for _ in range(150):
        mirror, words = env.state.copy().reshape(1), env._words.copy()
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, term, trunc, info = env.step(action)
        apply_arr(mirror, action)
        while not mirror["over"][0] and mirror["dplayer"][0] == 1 and not (term or trunc):
            apply_arr(mirror, choose_arr(mirror, words))
            opponent_moves += 1
        assert mirror.tobytes() == env.state.reshape(1).tobytes()
        if term or trunc:
            _, info = env.reset()
    assert opponent_moves > 50


def test_agent_spec_opponents_play_from_python() -> None:
    env = DeepFutureEnv(num_players=2, opponents="mcts:iters=5")
    assert repr(env.options.policies[1]) == "AgentPolicy('mcts:iters=5', seat=1)"
    _, info = env.reset(seed=0)
    for _ in range(30):
        _, _, term, trunc, info = env.step(first_legal(info["action_mask"]))
        if term or trunc:
            _, info = env.reset()
    assert int(env.state["turn"]) >= 2  # the opponent's turns were played


def test_vector_env_with_heuristic_opponents_is_reproducible() -> None:
    def run() -> np.ndarray:
        envs = DeepFutureVectorEnv(num_envs=8, num_players=3, opponents="heuristic", threads=2)
        _, info = envs.reset(seed=4)
        total = np.zeros(8)
        for _ in range(150):
            _, rewards, _, _, info = envs.step(info["action_mask"].argmax(axis=1))
            total += rewards
        return np.concatenate([total, envs.games.states["turn"]])

    assert np.array_equal(run(), run())


def test_callable_opponents_get_their_own_view() -> None:
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        seen.append((obs, mask))
        return first_legal(mask)

    env = DeepFutureEnv(num_players=3, opponents=[policy, "random"])
    _, info = env.reset(seed=1)
    for _ in range(100):
        _, _, term, trunc, info = env.step(first_legal(info["action_mask"]))
        if term or trunc:
            _, info = env.reset()
    assert seen
    players = LAYOUTS[3].section("players")
    deciding = players.offset + players.features.index("deciding")
    for obs, mask in seen:
        assert obs[deciding] == 1.0  # relative to the opponent: he is player 0 of his view, and decides
        assert mask.dtype == bool and mask.any()


def test_reset_from_a_given_state() -> None:
    s = game_at_decision_of(2, 0)
    env = DeepFutureEnv(num_players=2)
    obs, info = env.reset(seed=0, options={"state": s})
    assert np.array_equal(obs, observe(s, 0)) and np.array_equal(info["action_mask"], engine.legal_mask(s))
    with pytest.raises(ValueError, match="players"):
        DeepFutureEnv(num_players=3).reset(options={"state": s})


# ------------------------------------------------------------------------------------------------ whose reward
def test_step_reward_belongs_to_the_agent_when_the_opponent_wins() -> None:
    s = game_at_decision_of(2, 0)
    ready_to_win(s, 1)  # the opponent wins as soon as the agent has moved
    env = DeepFutureEnv(num_players=2, seat=0)
    _, info = env.reset(seed=0, options={"state": s})
    _, reward, term, _, _ = env.step(first_legal(info["action_mask"]))
    assert term and reward == -1.0 and int(env.state["winner"]) == 1


def test_step_reward_belongs_to_the_agent_when_he_wins() -> None:
    s = game_at_decision_of(2, 1)
    ready_to_win(s, 1)
    env = DeepFutureEnv(num_players=2, seat=1)
    _, info = env.reset(seed=0, options={"state": s})
    term, reward = False, 0.0
    while not term:  # the victory choices (R26) are his decisions too
        _, reward, term, _, info = env.step(first_legal(info["action_mask"]))
    assert reward == 1.0 and int(env.state["winner"]) == 1


def test_reward_fn_is_called_for_the_agent_seat() -> None:
    calls: list[int] = []

    def reward_fn(before: np.ndarray, after: np.ndarray, player: int) -> float:
        calls.append(player)
        assert int(after["turn"]) >= int(before["turn"])
        return 10.0 + player

    env = DeepFutureEnv(num_players=3, seat=2, reward_fn=reward_fn)
    _, info = env.reset(seed=0)
    for _ in range(30):
        _, reward, term, trunc, info = env.step(first_legal(info["action_mask"]))
        assert reward == 12.0
        if term or trunc:
            _, info = env.reset()
    assert set(calls) == {2}


def test_pettingzoo_rewards_go_to_the_right_agents() -> None:
    s = game_at_decision_of(3, 0)
    ready_to_win(s, 2)
    env = deep_future_v0.raw_env(num_players=3)
    env.reset(seed=0, options={"state": s})
    assert env.agent_selection == "player_0"
    env.step(first_legal(env.observe("player_0")["action_mask"]))
    while not all(env.terminations.values()):  # the winner's own victory choices
        agent = env.agent_selection
        env.step(first_legal(env.observe(agent)["action_mask"]))
    assert env._cumulative_rewards == {"player_0": -1.0, "player_1": -1.0, "player_2": 1.0}
    for agent in list(env.agents):
        assert not env.observe(agent)["action_mask"].any()


def test_pettingzoo_masks_only_for_the_agent_to_act() -> None:
    env = deep_future_v0.raw_env(num_players=3)
    env.reset(seed=2)
    for _ in range(100):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                break
            continue
        for other in env.agents:
            mask = env.observe(other)["action_mask"]
            assert mask.dtype == np.int8 and (mask.any() == (other == agent))
        env.step(first_legal(env.observe(agent)["action_mask"]))


# ------------------------------------------------------------------------------------------------ vector envs
def test_vector_env_next_step_autoreset() -> None:
    envs = DeepFutureVectorEnv(num_envs=8, num_players=2)
    obs, info = envs.reset(seed=0)
    assert obs.shape == (8, LAYOUTS[2].size)
    ended = np.zeros(8, dtype=bool)
    for _ in range(300):
        obs, rewards, term, trunc, info = envs.step(info["action_mask"].argmax(axis=1))
        masks = info["action_mask"]
        assert np.array_equal(masks[ended].any(axis=1), np.ones(ended.sum(), bool))  # reset: a new game
        assert (rewards[ended] == 0).all() and not (term | trunc)[ended].any()
        done = term | trunc
        assert not masks[done].any()  # finished: nothing to decide until the reset
        assert set(rewards[done].tolist()) <= {-1.0, 1.0}
        ended = done
    assert obs.min() >= -1 and obs.max() <= 1


def test_vector_env_matches_masks_and_is_seeded() -> None:
    def run(seed: int) -> np.ndarray:
        envs = DeepFutureVectorEnv(num_envs=4, num_players=3)
        obs, info = envs.reset(seed=seed)
        total = obs.copy()
        for _ in range(50):
            for i in range(4):
                if info["action_mask"][i].any():
                    assert np.array_equal(info["action_mask"][i], engine.legal_mask(envs.state(i)))
            obs, _, _, _, info = envs.step(info["action_mask"].argmax(axis=1))
            total += obs
        return total

    assert np.array_equal(run(5), run(5)) and not np.array_equal(run(5), run(6))


def test_vector_env_python_opponents_and_reward_fn() -> None:
    calls = []

    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        calls.append(1)
        return first_legal(mask)

    envs = DeepFutureVectorEnv(num_envs=3, num_players=2, opponents=policy,
                               reward_fn=lambda before, after, p: 5.0 + p)
    _, info = envs.reset(seed=0)
    for _ in range(60):
        _, rewards, term, trunc, info = envs.step(info["action_mask"].argmax(axis=1))
        assert set(rewards.tolist()) <= {0.0, 5.0}
    assert calls


def test_vector_env_illegal_actions() -> None:
    envs = DeepFutureVectorEnv(num_envs=3, num_players=1)
    _, info = envs.reset(seed=0)
    actions = info["action_mask"].argmax(axis=1)
    actions[1] = int(np.flatnonzero(~info["action_mask"][1])[0])
    _, rewards, term, _, info = envs.step(actions)
    assert term[1] and rewards[1] == -1.0 and info["illegal_action"][1] and not info["illegal_action"][0]
    raising = DeepFutureVectorEnv(num_envs=3, num_players=1, illegal_action="raise")
    _, info = raising.reset(seed=0)
    with pytest.raises(engine.IllegalActionError, match="game 1"):
        raising.step(actions)


def test_sb3_vec_env_same_step_autoreset_and_masks() -> None:
    pytest.importorskip("stable_baselines3")
    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv

    venv = DeepFutureSB3VecEnv(num_envs=6, num_players=2, seed=1)
    obs = venv.reset()
    assert obs.shape == (6, LAYOUTS[2].size)
    assert venv.has_attr("action_masks")
    finished = 0
    for _ in range(200):
        masks = np.stack(venv.env_method("action_masks"))
        assert masks.shape == (6, NUM_ACTIONS) and masks.any(axis=1).all()
        obs, rewards, dones, infos = venv.step(masks.argmax(axis=1))
        for i in np.flatnonzero(dones):
            finished += 1
            final = infos[i]["terminal_observation"]
            assert final.shape == obs[i].shape and not np.array_equal(final, obs[i])
            assert rewards[i] in (-1.0, 1.0) or infos[i]["TimeLimit.truncated"]
    assert finished > 0


# ------------------------------------------------------------------------------------------------ training
@pytest.fixture
def one_torch_thread():  # type: ignore[no-untyped-def]
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.mark.slow
@pytest.mark.usefixtures("one_torch_thread")
def test_maskable_ppo_trains_on_the_single_env() -> None:
    from sb3_contrib import MaskablePPO

    env = DeepFutureEnv(num_players=2)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [64]}, device="cpu")
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    obs, info = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=info["action_mask"])
    assert info["action_mask"][int(action)]


@pytest.mark.slow
@pytest.mark.usefixtures("one_torch_thread")
def test_maskable_ppo_trains_on_the_vector_env() -> None:
    from sb3_contrib import MaskablePPO

    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv

    venv = DeepFutureSB3VecEnv(num_envs=64, num_players=1, seed=0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=512, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [64]}, device="cpu")
    model.learn(total_timesteps=4096)
    assert model.num_timesteps >= 4096


# ------------------------------------------------------------------------------------------------ rendering
def test_render_modes() -> None:
    env = DeepFutureEnv(num_players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "player 0" in text
    env = DeepFutureEnv(num_players=2, render_mode="rgb_array")
    env.reset(seed=0)
    img = env.render()
    assert img.ndim == 3 and img.shape[2] == 3 and img.dtype == np.uint8
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 20  # a picture, not a blank canvas
    pz = deep_future_v0.env(num_players=2, render_mode="ansi")
    pz.reset(seed=0)
    assert "player 1" in pz.render()


def test_hand_feature_marks_revealed_cards() -> None:
    s = game_at_decision_of(2, 0)
    c = int(s["hand"][0, 0])
    s["c_known"][c] |= 2  # player 1 has seen it (R13)
    hand = LAYOUTS[2].split(observe(s, 0))["hand"]
    assert hand[0, CF["revealed"]] == 1.0


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("opponents", ["random", "python"])
def test_vector_env_observations_equal_a_fresh_encode(players: int, opponents: str) -> None:
    """After every batch step each game's observation (written in place in the env's buffer) equals a
    from-scratch ``observe`` of its state, on the fused path (compiled opponents) and the two-phase one (a Python
    opponent), through many game ends and resets."""
    rng = np.random.default_rng(players)
    opp = "random" if opponents == "random" else (lambda obs, mask: first_legal(mask))
    envs = DeepFutureVectorEnv(num_envs=6, num_players=players, copy=False, opponents=opp, max_turns=12)
    obs, info = envs.reset(seed=players)
    ends = 0
    for _ in range(250):
        masks = info["action_mask"]
        noise = rng.random(masks.shape) * masks
        obs, _, term, trunc, info = envs.step(noise.argmax(axis=1))
        ends += int((term | trunc).sum())
        for i in range(6):
            assert np.array_equal(obs[i], observe(envs.state(i), 0)), f"game {i}"
    assert ends >= 6  # the games ended and restarted on the way


def test_threads_step_the_same_games() -> None:
    def run(threads: int) -> np.ndarray:
        envs = DeepFutureVectorEnv(num_envs=9, num_players=2, threads=threads)
        obs, info = envs.reset(seed=7)
        total = obs.astype(np.float64)
        for _ in range(40):
            obs, rewards, _, _, info = envs.step(info["action_mask"].argmax(axis=1))
            total += obs
        envs.close()
        return total

    assert np.array_equal(run(1), run(3))
    assert DeepFutureVectorEnv(num_envs=1).games.threads == 1  # default: one per core, at most num_envs
    with pytest.raises(ValueError, match="threads"):
        DeepFutureVectorEnv(num_envs=2, threads=3)


# ---------------------------------------------------------------------------------------------- built-in rewards
def _progress_reward(before: np.ndarray, after: np.ndarray, seat: int) -> float:
    """The documented "progress" reward, written independently in Python."""
    from df_env.games.deep_future.progress import progress

    lost = bool(after["lost"][seat])
    r = 0.0 if lost else progress(after, seat) - progress(before, seat)
    done = bool(after["over"]) or (lost and not after["variant_restart"])
    if not done:
        return r
    return 1.0 + r if int(after["winner"]) == seat else -1.0


@pytest.mark.parametrize("players", [1, 2, 3])
def test_compiled_progress_reward_equals_its_definition(players: int) -> None:
    """The fused compiled step with reward_fn="progress" gives the rewards of the Python definition (which
    forces the two-phase step) on the same games."""
    def run(reward_fn: object) -> np.ndarray:
        envs = DeepFutureVectorEnv(num_envs=6, num_players=players, reward_fn=reward_fn)  # type: ignore[arg-type]
        _, info = envs.reset(seed=players)
        rng = np.random.default_rng(players)
        out = []
        for _ in range(250):
            actions = np.argmax(rng.random(info["action_mask"].shape) * info["action_mask"], axis=1)
            _, rewards, _, _, info = envs.step(actions)
            out.append(rewards.copy())
        return np.array(out)

    compiled, python = run("progress"), run(_progress_reward)
    assert np.allclose(compiled, python) and (compiled != 0).mean() > 0.05
    assert ((compiled != 0) & (np.abs(compiled) != 1)).any()  # shaping, not only the end results


def test_single_and_pettingzoo_progress_rewards() -> None:
    env = DeepFutureEnv(num_players=2, reward_fn="progress")
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(200):
        before = env.state.copy()
        _, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert reward == pytest.approx(_progress_reward(before, env.state, 0))
        if term or trunc:
            _, info = env.reset()
    aec = deep_future_v0.env(num_players=2, reward_fn="progress")
    aec.reset(seed=3)
    assert all(r == 0.0 for r in aec.unwrapped.rewards.values())
    for _ in range(100):
        agent = aec.agent_selection
        obs, _, term, trunc, _ = aec.last()
        if term or trunc:
            break
        before = aec.unwrapped.state().copy()
        live = [a for a in aec.agents if not aec.terminations[a] and not aec.truncations[a]]
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        after = aec.unwrapped.state()
        for other in live:
            p = aec.unwrapped.agent_seat[other]
            assert aec.unwrapped.rewards[other] == pytest.approx(_progress_reward(before, after, p)), agent
    with pytest.raises(ValueError, match="progress"):
        DeepFutureEnv(reward_fn="score")
