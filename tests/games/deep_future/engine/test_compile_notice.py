"""Compiles are announced (df_env.games.deep_future.engine.compile_notice.CompileWatch): what is compiled and about how
long when a step starts, a line every few seconds while it goes on, a side process naming itself; and df-env play
compiles its agents before the first board."""

from __future__ import annotations

import io
from types import SimpleNamespace

import numba
import numpy as np

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.compile_notice import TIER, CompileWatch, announce_as, describe_compile
from df_env.games.deep_future.engine.model.state import resize
from df_env.games.deep_future.screen import compile_ahead


def test_steps_are_named_with_about_how_long() -> None:
    assert describe_compile("df_env.games.deep_future.engine.rules.flow") == ("the game engine", "about 45 s")
    assert describe_compile("agents.deep_future.net_mcts")[0] == "the network search (net-mcts)"
    policies = "the agents' policies (random, first, heuristic)"
    assert describe_compile("agents.deep_future.heuristic_rules")[0] == policies
    assert describe_compile("df_env.games.deep_future.envs.episode")[0] == "the environments' step"
    encoder = "df_env.games.deep_future.engine.observation.encode"  # what the side process compiles: not "the engine"
    assert describe_compile(encoder) == ("the observation encoder", "about 5 s")


def test_a_side_process_names_itself_in_its_announcements() -> None:
    out = io.StringIO()
    watch = CompileWatch(stream=out)
    try:
        announce_as("[side process, meanwhile] ")
        watch.on_start({"dispatcher": SimpleNamespace(py_func=SimpleNamespace(__module__="df_env.net.numba_net"))})
    finally:
        announce_as("")
    assert out.getvalue().startswith("[side process, meanwhile] compiling the network's forward pass")


def test_a_bigger_capacity_tier_is_named() -> None:
    base = engine.new_game(engine.GameConfig(2), seed=1)
    big = resize(base, 2048)
    kernels = "df_env.games.deep_future.engine.kernels"
    assert describe_compile(kernels, (numba.typeof(base.reshape(1)),))[0] == "the game engine"
    assert describe_compile(kernels, (numba.typeof(big.reshape(1)),))[0] == "the game engine" + TIER


def test_a_real_compile_is_announced_and_a_long_one_is_followed() -> None:
    out = io.StringIO()
    with CompileWatch(stream=out, every=8.0) as watch:
        @numba.njit(cache=False)
        def fresh(x):  # never compiled before in this process: a real numba:compile event
            return x * 2 + 1

        assert fresh(np.int64(3)) == 7
        assert fresh(np.int64(4)) == 9  # compiled already: nothing more said
        said = out.getvalue().splitlines()
        assert len(said) == 1 and said[0].startswith(f"compiling {__name__} (numba, first use on this machine")
        engine_step = SimpleNamespace(py_func=SimpleNamespace(__module__="df_env.games.deep_future.engine.rules.flow"))
        watch.on_start({"dispatcher": engine_step})  # a long compile: a line every 8 s while it runs, none after
        watch.beat(watch.started + 5.0)
        watch.beat(watch.started + 8.5)
        watch.on_end()
        watch.beat(watch.started + 30.0)
    assert out.getvalue().splitlines()[1:] == [
        "compiling the game engine (numba, first use on this machine: about 45 s on a quiet 2-core machine; cached "
        "afterwards)...", "  ... still compiling the game engine (8 s so far)"]


def test_compile_ahead_leaves_the_game_alone() -> None:
    s = engine.new_game(engine.GameConfig(2), seed=4)
    before = s.tobytes()
    compile_ahead({1: "heuristic"}, s).join(300)
    assert s.tobytes() == before
