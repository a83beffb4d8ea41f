"""render_mode="human": a window where a display exists, else a clear error saying what it needs."""

from __future__ import annotations

import pytest

from df_env.envs.gym_env import DeepFutureEnv


def test_human_mode_without_a_display_says_what_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with pytest.raises(ValueError, match=r"render_mode='human' opens a window: it needs a display \(DISPLAY and "
                                         r"WAYLAND_DISPLAY are not set\).*rgb_array.*df-env serve"):
        DeepFutureEnv(num_players=1, render_mode="human")


def test_human_mode_with_a_display_but_no_window_backend_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr("matplotlib.pyplot.get_backend", lambda: "agg")
    env = DeepFutureEnv(num_players=1, render_mode="human")
    env.reset(seed=0)
    with pytest.raises(RuntimeError, match="cannot open windows.*rgb_array"):
        env.render()
