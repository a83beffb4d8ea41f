"""The Gymnasium env plays a campaign's games: each reset starts the campaign's next game; with write-back the
finished game is recorded in the campaign (issue 5)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import df_env.envs  # noqa: F401  (registers DeepFuture-v0)
from df_env.engine.campaign import Campaign


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


def test_a_wrong_campaign_option_is_refused() -> None:
    env = gym.make("DeepFuture-v0")
    with pytest.raises(ValueError, match="Campaign"):
        env.reset(seed=0, options={"campaign": "not a campaign"})
