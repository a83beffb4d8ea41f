"""The ``df-env`` command line and the benchmark behind it (tiny game counts)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest

from df_env.bench import BenchConfig, run_bench, wilson
from df_env.cli import main
from df_env.gamelog import GameLog, GameLogError, final_state, load_log, save_log
from df_env.games.deep_future import engine
from df_env.games.deep_future.screen import play_human
from df_env.terminal import Console, replay_game


def _bench(tmp_path: Path, *extra: str) -> tuple[int, dict]:
    out = tmp_path / "b"
    code = main(["bench", "--no-progress", "--out", str(out), "--ladder", str(tmp_path / "ladder.jsonl"), *extra])
    doc = json.loads((tmp_path / "b.json").read_text()) if code == 0 else {}
    return code, doc


# ---------------------------------------------------------------------------------------------- bench
def test_bench_solo_writes_table_json_csv_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = _bench(tmp_path, "--agents", "random", "heuristic", "--games", "30", "-j", "1")
    assert code == 0
    table = capsys.readouterr().out
    assert "win rate" in table and "heuristic" in table and "losses by" in table
    rows = {s["agent"]: s for s in doc["summary"]}
    assert rows["random"]["games"] == 30 and rows["random"]["wins"] == 0
    assert rows["heuristic"]["mean_turns"] > rows["random"]["mean_turns"]
    assert 0 < rows["heuristic"]["cpu_ms_per_decision"] < 1000  # the playing thread's CPU time, per decision
    assert "cpu ms" in table
    assert len(doc["games"]) == 60
    with (tmp_path / "b.csv").open() as f:
        assert len(list(csv.DictReader(f))) == 60
    assert (tmp_path / "b.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("prefix", ["c_puct0.15", "run.v2.json"])
def test_bench_output_prefix_keeps_its_dots(tmp_path: Path, prefix: str) -> None:
    """``--out c_puct0.15`` writes c_puct0.15.json/.csv/.png (before: c_puct0.json, so runs with c_puct0.15 and
    c_puct0.4 wrote over each other); a prefix given with .json/.csv/.png drops only that suffix."""
    out = tmp_path / prefix
    assert main(["bench", "--no-progress", "--agents", "random", "--games", "2", "-j", "1", "--out", str(out),
                 "--no-ladder"]) == 0
    stem = prefix.removesuffix(".json")
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{stem}.{ext}" for ext in ("csv", "json", "png")]


def test_bench_results_do_not_depend_on_jobs() -> None:
    config = dict(agents=("random", "heuristic"), games=12, seed=5)
    one = run_bench(BenchConfig(jobs=1, **config), show_progress=False)  # type: ignore[arg-type]
    two = run_bench(BenchConfig(jobs=2, **config), show_progress=False)  # type: ignore[arg-type]
    strip = [(g.seating, g.game, g.seed, g.winner, g.turns, g.decisions, g.peak_progress) for g in one.games]
    assert strip == [(g.seating, g.game, g.seed, g.winner, g.turns, g.decisions, g.peak_progress) for g in two.games]


def test_bench_same_deals_for_every_agent() -> None:
    result = run_bench(BenchConfig(agents=("random", "heuristic"), games=5, jobs=1), show_progress=False)
    seeds = {}
    for g in result.games:
        seeds.setdefault(g.game, set()).add(g.seed)
    assert all(len(v) == 1 for v in seeds.values())


def test_bench_multiplayer_rotates_seatings_and_rates(tmp_path: Path) -> None:
    code, doc = _bench(tmp_path, "--players", "2", "--agents", "random", "heuristic", "--games", "10", "-j", "1")
    assert code == 0
    seatings = {tuple(g["agents"]) for g in doc["games"]}
    assert seatings == {(0, 1), (1, 0)}
    rows = {s["agent"]: s for s in doc["summary"]}
    assert rows["heuristic"]["games"] == rows["random"]["games"] == 20
    assert rows["heuristic"]["rating_mu"] is not None
    assert BenchConfig(agents=("a", "b", "c"), num_players=2).seatings() == [(0, 1), (1, 0), (0, 2), (2, 0),
                                                                              (1, 2), (2, 1)]
    assert BenchConfig(agents=("h", "h", "r"), num_players=3).labels() == ["h #1", "h #2", "r"]


@pytest.mark.parametrize("argv, message", [
    (["--agents", "nosuch"], "unknown agent 'nosuch'"),
    (["--agents", "mcts:speed=3"], "no option speed"),
    (["--players", "3", "--agents", "random", "random"], "3 players need at least 3 agent specs"),
])
def test_bench_user_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                           message: str) -> None:
    code, _ = _bench(tmp_path, *argv, "--games", "2")
    assert code == 2
    assert message in capsys.readouterr().err


def test_argument_errors_exit_with_usage(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["bench", "--players", "9"], ["bench", "--games", "0"], ["nosuch"], ["--game", "go", "bench"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "players must be 1.." in err and "unknown game 'go'; games are: deep_future" in err


def test_a_player_count_outside_the_game_is_refused_naming_its_range(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["bench", "--game", "deep_future", "--players", "4", "--no-ladder"])
    except SystemExit as exc:  # when no registered game takes 4 players, argparse refuses it first
        code = exc.code
    assert code == 2
    assert "players must be 1" in capsys.readouterr().err


def test_game_option_before_or_after_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "b")
    for argv in (["--game", "deep_future", "bench"], ["bench", "--game", "deep_future"]):
        assert main([*argv, "--agents", "random", "--games", "2", "--jobs", "1", "--no-progress", "--out", out,
                     "--ladder", str(tmp_path / "l.jsonl")]) == 0
    lines = (tmp_path / "l.jsonl").read_text().splitlines()
    assert len(lines) == 4 and all(json.loads(x)["game"] == "deep_future" for x in lines)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


# ---------------------------------------------------------------------------------------------- play / replay
def _scripted(answers: list[str]) -> tuple[Console, list[str]]:
    out: list[str] = []
    it = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return Console(read=read, write=out.append), out


def test_play_against_an_agent_saves_a_replayable_log(tmp_path: Path) -> None:
    console, out = _scripted(["?", "x", "v", "1", "2", "1", "1", "q"])
    path = tmp_path / "g.json"
    log = play_human(2, 0, ["heuristic"], seed=4, log_path=str(path), console=console)
    text = "\n".join(out)
    assert "since your last decision" in text and "not a choice: 'x'" in text and "type the number" in text
    assert "player 1 (heuristic)" in text or "you:" in text
    saved = load_log(path)
    assert saved.actions == log.actions and saved.seats == ["human", "heuristic"] and len(saved.actions) >= 4
    s = final_state(saved)
    assert not s["over"] and saved.result["over"] is False
    console, out = _scripted(["", "a"])
    last = replay_game(saved, observer=0, console=console)
    assert last.tobytes() == s.tobytes()
    assert sum("######## step" in line for line in out) == len(saved.actions)


def test_play_and_replay_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["1"] * 3 + ["q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    path = tmp_path / "solo.json"
    assert main(["play", "--seed", "3", "--log", str(path)]) == 0
    assert len(load_log(path).actions) == 3
    assert main(["replay", str(path), "--all"]) == 0


def test_replay_rejects_bad_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["replay", str(bad)]) == 2
    assert "not a readable JSON file" in capsys.readouterr().err
    bad.write_text(json.dumps({"format": "something else"}))
    assert main(["replay", str(bad)]) == 2
    assert "not a game log" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    s = engine.new_game(engine.GameConfig(1), seed=0)
    illegal = int(np.flatnonzero(~engine.legal_mask(s))[0])
    save_log(GameLog(num_players=1, seed=0, seats=["x"], actions=[illegal]), bad)
    with pytest.raises(GameLogError, match="step 1: action"):
        final_state(load_log(bad))


# ---------------------------------------------------------------------------------------------- campaign, agents
def test_campaign_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path, "--seed", "3"]) == 0
    assert main(["campaign", "play", path, "--games", "2", "--agents", "heuristic", "--max-turns", "40"]) == 0
    assert main(["campaign", "show", path]) == 0
    out = capsys.readouterr().out
    assert "game 2:" in out and "games played: 2" in out
    assert main(["campaign", "new", path]) == 2  # exists already
    assert main(["campaign", "play", path, "--agents", "nosuch"]) == 2


def test_campaign_restore_puts_the_backup_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path, "--seed", "5"]) == 0
    assert main(["campaign", "play", path, "--games", "1", "--max-turns", "30"]) == 0  # keeps new as .bak
    Path(path).write_text("{ damaged")
    capsys.readouterr()
    assert main(["campaign", "show", path]) == 2
    err = capsys.readouterr().err
    assert "df-env campaign restore" in err
    assert main(["campaign", "restore", path]) == 0
    assert Path(path + ".damaged").read_text() == "{ damaged"
    assert main(["campaign", "show", path]) == 0
    assert "games played: 0" in capsys.readouterr().out  # the backup is the campaign before the game


def test_campaign_restore_without_backup_is_a_clear_error(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path]) == 0
    Path(path).write_text("{ damaged")
    assert main(["campaign", "restore", path]) == 2
    assert "backup cannot be restored" in capsys.readouterr().err


def test_agents_command_lists_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    assert "mcts:" in out and "iters=100" in out and "heuristic" in out


def test_a_person_plays_a_campaign_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path, "--seed", "2"]) == 0
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")  # always the first listed choice
    assert main(["campaign", "play", path, "-n", "2", "--agents", "human", "heuristic", "--max-turns", "6"]) == 0
    out = capsys.readouterr().out
    assert "since your last decision" in out and "player 1 (heuristic):" in out and "game 1:" in out
    from df_env.games.deep_future.campaign.files import load_campaign

    camp = load_campaign(path)
    assert len(camp.chronology) == 1 and camp.chronology[0].players[0].name == "human"


def test_a_person_plays_a_campaign_game_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """``campaign play --lang zh``: the human seat's screen speaks Chinese (the other seat's moves too)."""
    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path, "--seed", "2"]) == 0
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["campaign", "play", path, "-n", "2", "--agents", "human", "heuristic", "--max-turns", "6",
                 "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "玩家 1（heuristic）：" in out and "player 1 (heuristic):" not in out
    assert "since your last decision" not in out


def test_quitting_a_campaign_game_records_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path, "--seed", "2"]) == 0
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(["campaign", "play", path, "--agents", "human"]) == 0
    assert "not recorded" in capsys.readouterr().out
    assert main(["campaign", "play", path, "--agents", "human", "human", "-n", "2"]) == 2  # one person only
    from df_env.games.deep_future.campaign.files import load_campaign

    assert load_campaign(path).chronology == []


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_default_opponent_is_a_built_in_agent_that_plays_and_play_uses_it(
        n: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from agents import AGENT_NAMES, default_opponent, make_agent, parse_spec
    from df_env.games.deep_future.engine.observation.encode import observe

    spec = default_opponent(n)
    assert parse_spec(spec)[0] in AGENT_NAMES
    agent = make_agent(spec)  # a shipped model where the agent needs one (net, net-mcts)
    s = engine.new_game(engine.GameConfig(n), seed=5)
    for _ in range(3):  # its first decisions of an n-player game are legal
        p = int(s["dplayer"])
        agent.reset(np.random.default_rng(p), p)
        mask = engine.legal_mask(s)
        a = agent.act(observe(s, p) if agent.uses_observation else None, mask, s.copy())
        assert mask[a]
        engine.apply_action(s, a)
    if n > 1:  # df-env play without --opponents seats it at every other seat
        monkeypatch.setattr("builtins.input", lambda prompt="": "q")
        path = tmp_path / "g.json"
        assert main(["play", "-n", str(n), "--seed", "3", "--log", str(path)]) == 0
        assert load_log(path).seats == ["human"] + [spec] * (n - 1)
    with pytest.raises(ValueError, match="1, 2 or 3"):
        default_opponent(4)
