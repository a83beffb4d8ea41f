"""Tracebacks and silent acceptance (issue 11, finding 6): actions outside the action space, unknown reset
options, consistent --games messages, play logs never overwritten, aligned agent options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import df_env.envs  # noqa: F401  (registers DeepFuture-v0)
from df_env.cli import main
from df_env.games.deep_future import engine


@pytest.mark.parametrize("action", [200, -1, engine.NUM_ACTIONS, 10**6])
def test_engine_rejects_actions_outside_the_space(action: int) -> None:
    s = engine.new_game(engine.GameConfig(1), seed=0)
    with pytest.raises(engine.ActionSpaceError, match=f"action {action} is outside the action space"):
        engine.apply_action(s, action)


def test_an_illegal_action_inside_the_space_is_not_an_action_space_error() -> None:
    s = engine.new_game(engine.GameConfig(1), seed=0)
    illegal = int(np.flatnonzero(~engine.legal_mask(s))[0])
    with pytest.raises(engine.IllegalActionError) as e:
        engine.apply_action(s, illegal)
    assert not isinstance(e.value, engine.ActionSpaceError) and "is illegal" in str(e.value)


@pytest.mark.parametrize("action", [200, -1])
def test_gymnasium_env_rejects_actions_outside_the_space(action: int) -> None:
    env = gym.make("DeepFuture-v0")
    env.reset(seed=0)
    with pytest.raises(engine.ActionSpaceError):
        env.step(action)


def test_pettingzoo_env_rejects_actions_outside_the_space() -> None:
    from df_env import deep_future_v0

    env = deep_future_v0.env(num_players=2)
    env.reset(seed=0)
    with pytest.raises(engine.ActionSpaceError):
        env.step(-1)


def test_vector_env_rejects_actions_outside_the_space() -> None:
    from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv

    env = DeepFutureVectorEnv(num_envs=2)
    env.reset(seed=0)
    with pytest.raises(engine.ActionSpaceError, match="game 1: action 200"):
        env.step(np.array([0, 200]))
    with pytest.raises(ValueError, match="unknown reset option"):
        env.reset(options={"foo": 1})


def test_unknown_reset_options_are_rejected_with_the_allowed_list() -> None:
    env = gym.make("DeepFuture-v0")
    with pytest.raises(ValueError, match="unknown reset option.*'foo'.*state, campaign, campaign_write_back"):
        env.reset(seed=0, options={"foo": 1})


@pytest.mark.parametrize("value", ["-3", "0", "x"])
def test_games_messages_agree(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--games", value])
    assert "expected an integer >= 1, got" in capsys.readouterr().err


def test_play_never_overwrites_an_earlier_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import df_env.games.deep_future.screen

    written: list[str] = []

    def fake_play(players: int, seat: int, opponents: Any, seed: int, log_path: str, **kw: Any) -> None:
        written.append(log_path)
        Path(log_path).write_text("a game")

    monkeypatch.setattr(df_env.games.deep_future.screen, "play_human", fake_play)
    log = tmp_path / "game-3.json"
    for _ in range(3):
        assert main(["play", "--seed", "3", "--log", str(log)]) == 0
    assert written == [str(log), str(tmp_path / "game-3-1.json"), str(tmp_path / "game-3-2.json")]
    assert "holds an earlier game" in capsys.readouterr().out


def test_agent_options_are_aligned(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("    ")]
    docs = {len(r) - len(r[4:].split(None, 1)[1]) for r in rows}  # where each option's description starts
    assert len(rows) > 5 and len(docs) == 1, rows


def test_a_ppo_model_for_another_player_count_is_a_one_line_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from gymnasium import spaces

    import agents.deep_future.ppo_agent as ppo

    class Model:  # what MaskablePPO.load gives for a model of another player count: another observation size
        observation_space = spaces.Box(0, 1, shape=(7,))

        def predict(self, obs: Any, action_masks: Any, deterministic: bool) -> Any:
            raise AssertionError("never reached")

    monkeypatch.setattr(ppo, "load_model", lambda path: Model())
    path = str(tmp_path / "g.json")
    assert main(["campaign", "new", path]) == 0
    assert main(["campaign", "play", path, "--agents", "ppo:path=other.zip"]) == 2
    err = capsys.readouterr().err
    assert "trained for another number of players" in err and "Traceback" not in err
