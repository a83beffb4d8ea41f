"""Deep Future's modules moved into its game package (docs/architecture.md "Moves"); every old dotted name still
imports, as the very same module object (one module: the same classes for isinstance, the same compiled dispatchers,
one module-level state), in this process and in a fresh one where the old name is imported first."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from df_env.games.deep_future.moved import MODULES, PACKAGES

DF = "df_env.games.deep_future"
OLD_NEW = [
    ("df_env.engine", f"{DF}.engine"),
    ("df_env.engine.api", f"{DF}.engine.api"),
    ("df_env.engine.kernels", f"{DF}.engine.kernels"),
    ("df_env.engine.model.state", f"{DF}.engine.model.state"),
    ("df_env.engine.rules.flow", f"{DF}.engine.rules.flow"),
    ("df_env.engine.position", f"{DF}.engine.io.position"),  # the engine's own older path, through both moves
    ("df_env.engine._jit", f"{DF}.engine._jit"),
    ("df_env.campaign", f"{DF}.campaign"),
    ("df_env.campaign.core", f"{DF}.campaign.core"),
    ("df_env.analysis", f"{DF}.analysis"),
    ("df_env.progress", f"{DF}.progress"),
    ("df_env.web.engine_view", f"{DF}.web.engine_view"),
    ("df_env.web.view", f"{DF}.web.view"),
    ("df_env.web.words", f"{DF}.web.words"),
    ("df_env.deep_future_v0", f"{DF}.deep_future_v0"),
    ("df_env.envs.gym_env", f"{DF}.envs.gym_env"),
    ("df_env.envs.episode", f"{DF}.envs.episode"),
    ("df_env.envs.common", f"{DF}.envs.common"),
    ("agents.heuristic", "agents.deep_future.heuristic"),
    ("agents.heuristic_rules", "agents.deep_future.heuristic_rules"),
    ("agents.fast", "agents.deep_future.fast"),
    ("agents.mcts", "agents.deep_future.mcts"),
    ("agents.net_mcts", "agents.deep_future.net_mcts"),
]


@pytest.mark.parametrize("old, new", OLD_NEW)
def test_an_old_name_is_the_new_module(old: str, new: str) -> None:
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__.name == new  # the module keeps its own name and spec


def test_from_df_env_import_engine_is_the_game_s_engine() -> None:
    from df_env import engine
    from df_env.games.deep_future import engine as new

    assert engine is new
    assert engine.IllegalActionError is new.api.IllegalActionError


def test_the_old_gymnasium_entry_points_and_classes_are_the_same() -> None:
    import gymnasium as gym
    from df_env.envs.gym_env import DeepFutureEnv

    import df_env.envs  # noqa: F401  # registers DeepFuture-v0
    from df_env import deep_future_v0
    from df_env.games.deep_future.envs import gym_env

    assert DeepFutureEnv is gym_env.DeepFutureEnv
    assert gym.spec("DeepFuture-v0").entry_point == f"{DF}.envs.gym_env:DeepFutureEnv"
    assert deep_future_v0.raw_env is importlib.import_module(f"{DF}.envs.pz_env").raw_env


def test_old_agent_classes_and_compiled_functions_are_the_same_objects() -> None:
    from agents.fast import play
    from agents.mcts import MCTSAgent

    from agents import make_agent
    from agents.deep_future import fast, mcts

    assert play is fast.play and MCTSAgent is mcts.MCTSAgent  # one dispatcher, one class
    assert isinstance(make_agent("mcts:iters=2"), MCTSAgent)
    assert type(make_agent("heuristic")).__module__ == "agents.deep_future.heuristic"


def test_every_listed_move_resolves() -> None:
    for old, new in {**MODULES, **PACKAGES}.items():
        assert importlib.import_module(old) is importlib.import_module(new), old


def test_old_names_first_in_a_fresh_process() -> None:
    """Old names imported before any new one (a user's script) give no second copy of any module."""
    code = ("import sys, importlib; olds, news = " + repr([o for o, _ in OLD_NEW]) + ", "
            + repr([n for _, n in OLD_NEW]) + "\n"
            "mods = [importlib.import_module(o) for o in olds]\n"
            "files = [m.__file__ for m in set(sys.modules.values()) if getattr(m, '__file__', None)]\n"
            "dupes = sorted({f for f in files if files.count(f) > 1})\n"
            "print(dupes, [m.__name__ for m in mods] == news)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[] True", out


@pytest.mark.parametrize("name", ["play_human", "HumanSeat", "QuitGame", "compile_ahead", "LEGEND"])
def test_deep_future_s_terminal_names_import_from_the_generic_terminal(name: str) -> None:
    """Deep Future's own terminal play left ``df_env.terminal`` (which knows no game) for its game package:
    ``from df_env.terminal import play_human`` still gives the very object; an unknown name is still an error."""
    import df_env.terminal
    from df_env.games.deep_future import screen

    assert getattr(df_env.terminal, name) is getattr(screen, name)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        df_env.terminal.nothing_here  # noqa: B018
