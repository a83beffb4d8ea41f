"""The first benchmark's side compile (df_env.bench.side_compile): on an empty numba cache and two cores, a forked
process compiles what an agent can compile without the game's engine (the network's forward pass) while the main
process compiles the engine; the agents with such a part are warmed up last."""

from __future__ import annotations

import pytest

import df_env.core.jit as jit
from agents import Agent, make_agent
from df_env.bench import _compiles_alone, _warm_up, side_compile


def test_only_the_network_agent_has_a_part_to_compile_alone():
    assert _compiles_alone(make_agent("net"))
    assert not any(_compiles_alone(make_agent(s)) for s in ("random", "first", "heuristic", "mcts:iters=10"))


def test_the_network_agents_part_compiles_the_forward_pass_and_the_encoder():
    from df_env.games.deep_future.engine.observation.encode import encode_arr
    from df_env.net.numba_net import forward

    make_agent("net").precompile_alone(2)
    assert forward.signatures and encode_arr.signatures  # compiled (or loaded from the cache) without a game


def test_no_side_process_on_a_filled_cache_or_without_such_an_agent(monkeypatch, tmp_path):
    assert side_compile([make_agent("net")], 1) is None  # the suite's cache is filled: nothing to overlap
    monkeypatch.setattr(jit, "CACHE_DIR", str(tmp_path))  # an empty cache
    assert side_compile([], 1) is None
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert side_compile([make_agent("net")], 1) is None  # one core: nothing runs beside


def test_on_an_empty_cache_the_side_process_runs_and_ends_well(monkeypatch, tmp_path):
    monkeypatch.setattr(jit, "CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    proc = side_compile([make_agent("net")], 2)
    assert proc is not None
    proc.join(300)
    assert proc.exitcode == 0


def test_the_warm_up_plays_the_agents_with_a_part_alone_last(monkeypatch):
    played: list[str] = []
    monkeypatch.setattr("df_env.bench.play_game", lambda agents, *a: played.append(agents[0].name))
    monkeypatch.setattr("df_env.bench.side_compile", lambda agents, n: None)
    from df_env.bench import BenchConfig

    _warm_up([make_agent(s) for s in ("net", "random", "heuristic")], BenchConfig(agents=("net", "random")))
    assert played == ["random", "heuristic", "net"]


@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_the_base_hook_does_nothing(spec):
    agent = make_agent(spec)
    assert type(agent).precompile_alone is Agent.precompile_alone
    assert agent.precompile_alone(1) is None


WARM_MIXED = """
from agents import make_agent
from agents.deep_future.heuristic_rules import choose_arr
from df_env.bench import BenchConfig, _warm_up
specs = ("mcts:iters=4", "heuristic")
_warm_up([make_agent(s) for s in specs], BenchConfig(agents=specs, num_players=2, games=1, jobs=1))
print(len(choose_arr.signatures))
"""


def test_a_mixed_table_warms_the_compiled_agents_decision_by_decision_policy() -> None:
    """A 2-player bench of a search against the heuristic plays decision by decision: the heuristic's per-decision
    policy (``choose_arr``) must be compiled (or loaded) before the workers fork, or each worker compiles it (seen on
    a cold 16-core machine: 12 workers compiling the heuristic's policy at once). A fresh process, so that nothing
    earlier in the suite has loaded it."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", WARM_MIXED], capture_output=True, text=True, check=True, timeout=600)
    assert int(out.stdout.strip().splitlines()[-1]) >= 1
