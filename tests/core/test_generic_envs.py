"""The generic envs over the Game contract pass Gymnasium's check_env and PettingZoo's api_test and seed_test for
every registered game at every player count (Deep Future's compiled envs are tested in
tests/games/deep_future/envs/test_envs.py)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import df_env
from df_env.core import GameError, IllegalActionError
from df_env.envs.generic import GameAEC, GameEnv

CASES = [(gid, n) for gid in df_env.available_games() for n in df_env.make_game(gid).info.player_counts]


@pytest.mark.parametrize("game_id,num_players", CASES)
def test_gymnasium_check_env(game_id: str, num_players: int) -> None:
    check_env(GameEnv(game_id, num_players=num_players, max_turns=3), skip_render_check=False)


@pytest.mark.parametrize("game_id,num_players", CASES)
def test_pettingzoo_api_and_seed_tests(game_id: str, num_players: int) -> None:
    api_test(GameAEC(game_id, num_players=num_players, max_turns=3), num_cycles=200)
    seed_test(lambda: GameAEC(game_id, num_players=num_players, max_turns=3), num_cycles=50)


@pytest.mark.parametrize("num_players", [2, 4, 6])
def test_galactic_civ_envs_with_the_events_deck(num_players: int) -> None:
    """Galactic Civ's optional Events deck (GC24-GC31, a game option of the envs) past turn 3, when Events begin
    (GCR22): check_env, api_test and seed_test still pass, and the games have the Event deck."""
    env = GameEnv("galactic_civ", num_players=num_players, max_turns=6, events=True)
    check_env(env, skip_render_check=False)
    env.reset(seed=1)
    assert bool(env.state["events_on"])
    api_test(GameAEC("galactic_civ", num_players=num_players, max_turns=6, events=True), num_cycles=400)
    seed_test(lambda: GameAEC("galactic_civ", num_players=num_players, max_turns=6, events=True), num_cycles=100)


def test_a_seat_sees_only_its_own_view() -> None:
    """The env's observation is the game's observe for that seat: resampling what the seat cannot see leaves it."""
    env = GameEnv("deep_future", num_players=2, seat=1, opponents="random")
    obs, _ = env.reset(seed=4)
    game = env.game
    hidden = game.determinize(env.state, 1, np.random.default_rng(0))
    assert np.array_equal(obs["observation"], game.observe(hidden, 1))


def test_same_seed_same_episode() -> None:
    def episode(seed: int) -> list[float]:
        env = GameEnv("deep_future", num_players=2, opponents="first", max_turns=4)
        obs, _ = env.reset(seed=seed)
        out, done = [], False
        while not done:
            a = int(np.flatnonzero(obs["action_mask"])[0])
            obs, r, term, trunc, _ = env.step(a)
            out.append(float(obs["observation"].sum()) + r)
            done = term or trunc
        return out

    assert episode(0) == episode(0) and episode(0) != episode(1)


def test_bad_actions_and_options_are_refused_clearly() -> None:
    env = GameEnv("deep_future", num_players=2, illegal_action="raise")
    obs, _ = env.reset(seed=0)
    for bad in (1.5, "3", True, np.array([1, 2])):
        with pytest.raises(TypeError, match="an action must be an integer"):
            env.step(bad)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(IllegalActionError):
        env.step(10**6)
    lenient = GameEnv("deep_future", num_players=2, illegal_action="terminate", illegal_penalty=-2.0)
    obs, _ = lenient.reset(seed=0)
    _, r, term, _, info = lenient.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert (r, term, info["illegal_action"]) == (-2.0, True, True)
    for kwargs, msg in (({"num_players": 4}, "num_players must be one of"), ({"max_turns": 10**30}, "max_turns"),
                        ({"illegal_penalty": float("nan")}, "finite"), ({"illegal_action": "ignore"}, "one of"),
                        ({"render_mode": "human"}, "render_mode"), ({"seat": 2}, "seat must be"),
                        ({"opponents": ["random"] * 3}, "one per other seat")):
        with pytest.raises(GameError, match=msg):
            GameEnv("deep_future", **{"num_players": 2, **kwargs})
