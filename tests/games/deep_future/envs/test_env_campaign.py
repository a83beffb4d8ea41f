"""The envs play a campaign's games (issue 5): with write-back (Gymnasium, PettingZoo) each reset starts the
campaign's next game and the finished game is recorded (and saved, for a file); read-only (all envs, the only mode
of the vector envs) games start from the campaign's galaxy and nothing is written."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import df_env.envs  # noqa: F401  (registers DeepFuture-v0)
from df_env import deep_future_v0
from df_env.games.deep_future.campaign.core import Campaign
from df_env.games.deep_future.campaign.files import CampaignFileError, load_campaign, save_campaign
from df_env.games.deep_future.envs.gym_env import DeepFutureEnv
from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv
from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv


def _play_episode(env: gym.Env, rng: np.random.Generator, options: dict) -> None:
    obs, info = env.reset(options=options)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated


def test_reset_plays_the_campaigns_next_game_and_writes_back() -> None:
    camp = Campaign.new(3)
    env = gym.make("DeepFuture-v0")
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    cards = []
    for game in range(3):
        _play_episode(env, rng, {"campaign": camp, "campaign_write_back": True})
        assert len(camp.chronology) == game + 1
        cards.append(camp.n_cards)
        s = env.unwrapped.state
        assert s["n_cards"] == camp.n_cards  # the whole pool of the game went back into the campaign
    assert cards == sorted(cards) and cards[0] >= 36


def test_without_write_back_the_campaign_is_unchanged() -> None:
    camp = Campaign.new(4)
    env = gym.make("DeepFuture-v0")
    env.reset(seed=1)
    _play_episode(env, np.random.default_rng(1), {"campaign": camp})
    assert len(camp.chronology) == 0 and camp.n_cards == 36


def test_a_wrong_campaign_option_is_refused(tmp_path: Path) -> None:
    env = gym.make("DeepFuture-v0")
    with pytest.raises(ValueError, match="Campaign"):
        env.reset(seed=0, options={"campaign": 42})
    with pytest.raises(CampaignFileError, match="cannot read"):
        env.reset(seed=0, options={"campaign": str(tmp_path / "nosuch.json")})
    with pytest.raises(ValueError, match="needs a campaign"):
        DeepFutureEnv(campaign_write_back=True)
    with pytest.raises(ValueError, match="True or False"):
        DeepFutureEnv(campaign=Campaign.new(1), campaign_write_back="yes")


def test_the_campaign_given_at_construction_is_kept_across_resets() -> None:
    camp = Campaign.new(5)
    env = gym.make("DeepFuture-v0", campaign=camp, campaign_write_back=True)
    env.reset(seed=0)
    rng = np.random.default_rng(5)
    for game in range(2):
        _play_episode(env, rng, {})
        assert len(camp.chronology) == game + 1
    assert [r.seed for r in camp.chronology] == [Campaign.new(5).next_seed(), camp.chronology[1].seed]


def test_a_campaign_file_is_saved_after_every_game(tmp_path: Path) -> None:
    path = tmp_path / "galaxy.json"
    save_campaign(Campaign.new(6), path)
    env = DeepFutureEnv(num_players=2, opponents="heuristic", campaign=str(path), campaign_write_back=True)
    env.reset(seed=0)
    rng = np.random.default_rng(6)
    for game in range(2):
        _play_episode(env, rng, {})
        on_disk = load_campaign(path)
        assert len(on_disk.chronology) == game + 1
        assert on_disk.n_cards == env.state["n_cards"]  # the game's new cards are in the saved pool


def test_read_only_games_start_from_the_campaigns_galaxy() -> None:
    camp = _campaign_after_games(3)
    env = DeepFutureEnv(campaign=camp)
    before = camp.chronology[:]
    for seed in range(2):
        env.reset(seed=seed)
        s = env.state
        assert s["n_cards"] >= camp.n_cards and s["era"] == camp.era
        assert np.array_equal(s["sector_name"], camp.galaxy["sector_name"])
    assert camp.chronology == before  # nothing written


def _campaign_after_games(n: int) -> Campaign:
    camp = Campaign.new(11)
    env = DeepFutureEnv(campaign=camp, campaign_write_back=True)
    env.reset(seed=0)
    rng = np.random.default_rng(11)
    for _ in range(n):
        _play_episode(env, rng, {})
    return camp


# ---------------------------------------------------------------------------------------------- PettingZoo
def _play_pz(env, rng: np.random.Generator) -> None:  # type: ignore[no-untyped-def]
    for _agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_pettingzoo_env_plays_the_campaigns_games_with_write_back() -> None:
    camp = Campaign.new(8)
    env = deep_future_v0.env(num_players=2, campaign=camp, campaign_write_back=True)
    rng = np.random.default_rng(8)
    sizes = []
    for game in range(3):
        env.reset(seed=game)
        assert env.unwrapped.state()["n_cards"] >= camp.n_cards  # the game starts from the whole pool
        _play_pz(env, rng)
        assert len(camp.chronology) == game + 1
        assert camp.chronology[-1].seed is not None
        sizes.append(camp.n_cards)
    assert sizes == sorted(sizes)
    assert [r.game for r in camp.chronology] == [1, 2, 3]


def test_pettingzoo_env_read_only_writes_nothing() -> None:
    camp = Campaign.new(9)
    env = deep_future_v0.env(num_players=3, campaign=camp)
    env.reset(seed=0)
    _play_pz(env, np.random.default_rng(9))
    assert camp.chronology == [] and camp.n_cards == 36


# ---------------------------------------------------------------------------------------------- vector envs
def test_vector_envs_start_every_game_from_the_campaigns_galaxy() -> None:
    camp = _campaign_after_games(3)
    envs = DeepFutureVectorEnv(num_envs=4, num_players=2, campaign=camp)
    obs, info = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(300):  # past several autoresets
        actions = np.argmax(rng.random(info["action_mask"].shape) * info["action_mask"], axis=1)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(4):
            s = envs.state(i)
            assert s["era"] == camp.era and s["n_cards"] >= camp.n_cards
            assert np.array_equal(s["sector_name"], camp.galaxy["sector_name"])


def test_vector_envs_refuse_campaign_write_back() -> None:
    with pytest.raises(ValueError, match="read-only"):
        DeepFutureVectorEnv(num_envs=2, campaign=Campaign.new(1), campaign_write_back=True)
    with pytest.raises(ValueError, match="read-only"):
        DeepFutureSB3VecEnv(num_envs=2, campaign=Campaign.new(1), campaign_write_back=True)


def test_truncated_games_are_recorded_as_truncated() -> None:
    camp = Campaign.new(12)
    env = DeepFutureEnv(num_players=2, max_turns=3, campaign=camp, campaign_write_back=True)
    env.reset(seed=0)
    rng = np.random.default_rng(12)
    for _ in range(6):
        _play_episode(env, rng, {})
    assert len(camp.chronology) == 6
    assert {r.outcome for r in camp.chronology} <= {"truncated", "victory", "no_winner"}
    assert any(r.outcome == "truncated" for r in camp.chronology)
