"""render_mode="human": a window where a display exists, else the text view on stdout with a warning saying what a
window needs; so Gymnasium's own checker passes with its default arguments on a headless machine."""

from __future__ import annotations

import warnings

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

import df_env.envs  # noqa: F401  (registers DeepFuture-v0)
from df_env.games.deep_future.envs import render_human
from df_env.games.deep_future.envs.common import render_state
from df_env.games.deep_future.envs.gym_env import DeepFutureEnv


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(render_human, "_WINDOW", [])
    monkeypatch.setattr(render_human, "_TOLD", [])


def test_human_mode_without_a_display_prints_the_text_and_says_why_once(
        headless: None, capsys: pytest.CaptureFixture[str]) -> None:
    env = DeepFutureEnv(num_players=1, render_mode="human")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match=r"needs a display \(DISPLAY and WAYLAND_DISPLAY are not set\).*printed as "
                                         r"text.*rgb_array.*df-env serve"):
        assert env.render() is None
    shown = capsys.readouterr().out
    assert shown == render_state(env.state, 0, "ansi") + "\n"  # the agent's view, as render_mode="ansi" gives it

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # told once only
        env.render()
    assert capsys.readouterr().out == shown


def test_human_mode_with_a_display_but_no_window_backend_prints_the_text(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr("matplotlib.pyplot.get_backend", lambda: "agg")
    monkeypatch.setattr(render_human, "_WINDOW", [])
    monkeypatch.setattr(render_human, "_TOLD", [])
    env = DeepFutureEnv(num_players=1, render_mode="human")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="cannot open windows"):
        env.render()
    assert capsys.readouterr().out.startswith("Deep Future, era 1, turn 1")


def test_gymnasium_check_env_with_its_default_arguments_passes_headless(headless: None) -> None:
    check_env(gym.make("DeepFuture-v0"))  # makes an env of every declared render mode, "human" included
    check_env(gym.make("DeepFuture-v0", num_players=2, opponents="heuristic").unwrapped)
