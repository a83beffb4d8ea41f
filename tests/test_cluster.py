"""The backend interface (df_env.backends) and the Ray backend (df_env.cluster): same games as the local backend,
every game counted once, lost tasks retried, ray never imported by the base install."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from df_env.backends import Backend, BackendError, LocalBackend, make_backend, run_keyed
from df_env.bench import BenchConfig, run_bench

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------------------------------- without ray
def test_base_install_does_not_import_ray() -> None:
    code = ("import sys, df_env, agents, df_env.bench, df_env.backends, df_env.cli, df_env.cluster; "
            "df_env.cli.build_parser(); print('ray' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "False"


class _Replaying(Backend):
    """A backend whose every chunk reports twice (as a task rerun after its first result arrived), or never."""

    name = "replaying"

    def __init__(self, twice: bool = True, lose: int | None = None) -> None:
        self.twice, self.lose = twice, lose

    @property
    def workers(self) -> int:
        return 1

    def imap_unordered(self, fn, chunks, initializer=None, initargs=(), fork_safe=True):  # type: ignore[no-untyped-def]
        for i, chunk in enumerate(chunks):
            if i == self.lose:
                continue
            yield fn(chunk)
            if self.twice:
                yield fn(chunk)


def _double(chunk: list[int]) -> list[tuple[int, int]]:
    return [(x, 2 * x) for x in chunk]


def test_run_keyed_drops_a_result_reported_twice() -> None:
    seen: list[int] = []
    out = list(run_keyed(_Replaying(), _double, [[0, 1], [2]], key=lambda r: r[0], expected=range(3),
                         on_chunk=lambda part: seen.append(len(part))))
    assert out == [(0, 0), (1, 2), (2, 4)]
    assert seen == [2, 0, 1, 0]  # the replays bring nothing new


def test_run_keyed_missing_result_is_an_error() -> None:
    with pytest.raises(BackendError, match=r"missing for \[2\]"):
        list(run_keyed(_Replaying(twice=False, lose=1), _double, [[0, 1], [2]], key=lambda r: r[0],
                       expected=range(3)))
    with pytest.raises(BackendError, match="2 distinct results for 3 items"):
        list(run_keyed(_Replaying(twice=False, lose=1), _double, [[0, 1], [2]], key=lambda r: r[0]))


def test_local_backend_pool_and_in_process_agree() -> None:
    chunks = [[i, i + 1] for i in range(0, 10, 2)]
    one = sorted(run_keyed(LocalBackend(1), _double, chunks, key=lambda r: r[0]))
    two = sorted(run_keyed(LocalBackend(2), _double, chunks, key=lambda r: r[0]))
    assert one == two == [(x, 2 * x) for x in range(10)]


def test_bad_backend_choices_are_clear() -> None:
    with pytest.raises(ValueError, match="unknown backend 'dask'; choose one of local, ray"):
        make_backend("dask")
    with pytest.raises(ValueError, match="only for the ray backend"):
        make_backend("local", address="10.0.0.1:6379")
    with pytest.raises(ValueError, match="jobs must be >= 1"):
        LocalBackend(0)


def test_cli_address_needs_the_ray_backend(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from df_env.cli import main

    assert main(["bench", "--agents", "random", "--games", "2", "--address", "auto",
                 "--out", str(tmp_path / "b"), "--ladder", str(tmp_path / "ladder.jsonl")]) == 2
    assert "only for the ray backend" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------- with ray
@pytest.fixture(scope="module")
def ray_instance():  # type: ignore[no-untyped-def]
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="warning",
             runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}})
    yield ray
    ray.shutdown()


def _games(result) -> list[dict]:  # type: ignore[no-untyped-def]
    out = []
    for g in result.games:
        d = asdict(g)
        assert len(d.pop("seconds")) == len(g.agents)  # timing: the only fields that may differ
        assert len(d.pop("cpu_seconds")) == len(g.agents)
        out.append(d)
    return out


@pytest.mark.parametrize("config", [
    BenchConfig(agents=("random", "heuristic", "mcts:iters=8"), games=4, seed=3),
    BenchConfig(agents=("heuristic", "mcts:iters=5"), num_players=2, games=2, seed=0, max_turns=30),
], ids=["solo", "2p"])
def test_ray_backend_gives_the_local_games(ray_instance, config: BenchConfig) -> None:  # type: ignore[no-untyped-def]
    from df_env.cluster.ray_backend import RayBackend

    local = run_bench(config, show_progress=False)
    with RayBackend() as backend:
        remote = run_bench(config, show_progress=False, backend=backend)
    assert remote.meta["backend"] == "ray" and local.meta["backend"] == "local"
    assert [(g.seating, g.game) for g in remote.games] == [(g.seating, g.game) for g in local.games]
    assert len(remote.games) == config.games * len(config.seatings())
    assert _games(remote) == _games(local)
    for a, b in zip(local.summary, remote.summary, strict=True):
        assert (a.wins, a.games, a.decisions, a.outcomes) == (b.wins, b.games, b.decisions, b.outcomes)
    assert ray_instance.is_initialized()  # a backend that joined this instance leaves it running


def test_ray_retries_a_task_whose_worker_died(ray_instance, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from df_env.cluster.ray_backend import RayBackend

    def die_once(chunk: list[int]) -> list[tuple[int, int]]:  # pickled by value into the workers
        marker = tmp_path / f"ran-{chunk[0]}"
        if chunk[0] % 2 == 0 and not marker.exists():
            marker.touch()
            os._exit(1)  # the worker process dies mid-task: a system failure Ray retries
        return [(x, os.getpid()) for x in chunk]

    backend = RayBackend(max_retries=2)
    out = list(run_keyed(backend, die_once, [[i] for i in range(4)], key=lambda r: r[0], expected=range(4)))
    assert sorted(r[0] for r in out) == [0, 1, 2, 3]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ran-0", "ran-2"]


def test_ray_work_error_is_not_retried(ray_instance, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from df_env.cluster.ray_backend import RayBackend

    def fail(chunk: list[int]) -> list[int]:
        (tmp_path / f"try-{os.getpid()}-{len(list(tmp_path.iterdir()))}").touch()
        raise ValueError(f"bad item {chunk[0]}")

    with pytest.raises(ValueError, match="bad item 7"):
        list(run_keyed(RayBackend(), fail, [[7]], key=lambda r: r))
    assert len(list(tmp_path.iterdir())) == 1


def test_ray_runs_any_episode_function_with_a_worker_initializer(ray_instance) -> None:  # type: ignore[no-untyped-def]
    from df_env.cluster.ray_backend import RayBackend

    def init(offset: int) -> None:  # per worker process state (closures are copied into every task)
        os.environ["DF_TEST_EPISODE_OFFSET"] = str(offset)

    def episode(chunk: list[int]) -> list[tuple[int, int]]:  # e.g. self-play: an episode index in, its data out
        from df_env.games.deep_future import engine

        out = []
        for i in chunk:
            s = engine.new_game(engine.GameConfig(num_players=1), seed=i)
            while not engine.is_terminal(s):
                engine.apply_action(s, int(engine.legal_actions(s)[0]))
            out.append((i, int(os.environ["DF_TEST_EPISODE_OFFSET"]) + int(s["turn"])))
        return out

    got = sorted(run_keyed(RayBackend(), episode, [[0, 1], [2]], key=lambda r: r[0], initializer=init,
                           initargs=(1000,)))
    init(1000)
    try:
        assert got == episode([0, 1, 2])
    finally:
        del os.environ["DF_TEST_EPISODE_OFFSET"]


def test_cli_bench_on_ray(ray_instance, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    from df_env.cli import main

    out = tmp_path / "bench"
    assert main(["bench", "--backend", "ray", "--agents", "random", "heuristic", "--games", "5", "--no-progress",
                 "--out", str(out), "--ladder", str(tmp_path / "ladder.jsonl")]) == 0  # never the checkout's results/
    data = json.loads(out.with_suffix(".json").read_text())
    assert data["meta"]["backend"] == "ray" and len(data["games"]) == 10
    assert out.with_suffix(".csv").exists() and out.with_suffix(".png").exists()
    assert len((tmp_path / "ladder.jsonl").read_text().splitlines()) == 10
    assert ray_instance.is_initialized()


def _untimed(rows: list[dict]) -> list[dict]:
    """Bench games or ladder lines without their timings and time stamp (the only fields two runs may differ in)."""
    return sorted(({k: v for k, v in r.items() if k not in ("seconds", "cpu_seconds", "time")} for r in rows),
                  key=lambda r: json.dumps(r, sort_keys=True))


def test_cli_bench_on_ray_for_another_game(ray_instance, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``df-env bench --backend ray --game galactic_civ``: the local backend's games (2 players, random, first and
    heuristic in every seating), and every ladder line it writes names its game."""
    from df_env.cli import main

    common = ["bench", "--game", "galactic_civ", "--players", "2", "--agents", "random", "first", "heuristic",
              "--games", "2", "--seed", "5", "--no-progress"]
    runs, ladders = {}, {}
    for backend, extra in (("local", ["--jobs", "1"]), ("ray", [])):
        out, ladder = tmp_path / backend, tmp_path / f"{backend}.jsonl"
        assert main([*common, "--backend", backend, *extra, "--out", str(out), "--ladder", str(ladder)]) == 0
        runs[backend] = json.loads(out.with_suffix(".json").read_text())
        ladders[backend] = [json.loads(line) for line in ladder.read_text().splitlines()]
    assert runs["ray"]["meta"]["backend"] == "ray" and runs["local"]["meta"]["backend"] == "local"
    assert len(runs["ray"]["games"]) == 12  # 6 seatings of 3 agents in 2 seats, 2 deals each
    assert _untimed(runs["ray"]["games"]) == _untimed(runs["local"]["games"])
    assert len(ladders["ray"]) == 12 and {line["game"] for line in ladders["ray"]} == {"galactic_civ"}
    assert _untimed(ladders["ray"]) == _untimed(ladders["local"])
    assert ray_instance.is_initialized()


def test_rllib_multi_agent_ppo_with_masking_trains(ray_instance) -> None:  # type: ignore[no-untyped-def]
    from df_env.cluster.rllib_example import build_config, train

    with pytest.raises(ValueError, match="num_players must be 1, 2 or 3"):
        build_config(4)
    rows = train(build_config(2, batch=256, minibatch=64, epochs=1, hidden=32), 2, verbose=False)
    assert [r["iteration"] for r in rows] == [1, 2]
    assert rows[1]["env_steps"] > rows[0]["env_steps"] >= 256 and rows[1]["episodes"] > 0
    # both seats have their own policy, and both were trained (the env raises on any unmasked action)
    assert set(rows[1]["policy_loss"]) == {"player_0", "player_1"}
    assert set(rows[1]["return_mean"]) <= {"player_0", "player_1"}
