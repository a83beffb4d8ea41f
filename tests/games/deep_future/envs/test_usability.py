"""Usability review: vector env seeding, closing and rendering; the SB3 VecEnv's masks and render; option checks;
the ``df-env`` command's early errors, Ctrl-C in ``play`` and log checks."""

from __future__ import annotations

import json
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from df_env.cli import main
from df_env.gamelog import GameLog, load_log, save_log
from df_env.games.deep_future.envs.gym_env import DeepFutureEnv
from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv
from df_env.games.deep_future.envs.vector import DeepFutureVectorEnv
from df_env.games.deep_future.screen import play_human
from df_env.terminal import Console, replay_game


# ---------------------------------------------------------------------------------------------- vector envs
def test_vector_reset_takes_a_seed_per_game_like_the_single_env() -> None:
    envs = DeepFutureVectorEnv(num_envs=3, num_players=2)
    obs, _ = envs.reset(seed=[5, 6, None])
    for i, seed in enumerate([5, 6]):
        single, _ = DeepFutureEnv(num_players=2).reset(seed=seed)
        assert np.array_equal(obs[i], single)
    again, _ = envs.reset(seed=[5, 6, None])
    assert np.array_equal(again[:2], obs[:2]) and not np.array_equal(again[2], obs[2])  # None: runs on
    with pytest.raises(ValueError, match="one entry per game"):
        envs.reset(seed=[1, 2])
    with pytest.raises(ValueError, match=r"seed\[1\] must be an integer >= 0 or None"):
        envs.reset(seed=[1, -2, 3])
    envs.close()


def test_vector_close_stops_the_stepping_threads() -> None:
    before = threading.active_count()
    envs = DeepFutureVectorEnv(num_envs=4, threads=2)
    envs.reset(seed=0)
    envs.step(envs.action_masks().argmax(axis=1))
    envs.close()
    assert threading.active_count() == before and envs.closed


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_vector_render_returns_every_game(mode: str) -> None:
    envs = DeepFutureVectorEnv(num_envs=2, render_mode=mode)
    envs.reset(seed=0)
    frames = envs.render()
    assert frames is not None and len(frames) == 2
    if mode == "ansi":
        assert all(isinstance(f, str) and "player 0" in f for f in frames)
    else:
        assert all(f.shape == (720, 1280, 3) and f.dtype == np.uint8 for f in frames)
    assert isinstance(envs.state(1), np.ndarray) and envs.state(1).shape == ()
    envs.close()


def test_vector_reward_fn_gets_state_records() -> None:
    kinds: set[type] = set()

    def reward_fn(before: np.ndarray, after: np.ndarray, player: int) -> float:
        kinds.update({type(before), type(after)})
        return 0.0

    envs = DeepFutureVectorEnv(num_envs=2, reward_fn=reward_fn)
    envs.reset(seed=0)
    envs.step(envs.action_masks().argmax(axis=1))
    assert kinds == {np.ndarray}
    envs.close()


# ---------------------------------------------------------------------------------------------- SB3 VecEnv
def test_sb3_masks_from_env_method_survive_the_next_step() -> None:
    venv = DeepFutureSB3VecEnv(num_envs=4, seed=0)
    venv.reset()
    masks = venv.env_method("action_masks")
    kept = [m.copy() for m in masks]
    for _ in range(3):
        venv.step(np.stack(venv.env_method("action_masks")).argmax(axis=1))
    assert all(np.array_equal(m, k) for m, k in zip(masks, kept, strict=True))
    assert len(venv.env_method("action_masks", indices=[2])) == 1
    venv.close()


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_sb3_render_modes(mode: str) -> None:
    venv = DeepFutureSB3VecEnv(num_envs=2, render_mode=mode, seed=0)
    venv.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        picture = venv.render()
    if mode == "rgb_array":
        assert picture is not None and picture.ndim == 3
    texts = venv.env_method("render")
    assert len(texts) == 2
    venv.close()


def test_campaign_write_back_must_be_a_bool() -> None:
    with pytest.raises(ValueError, match="campaign_write_back must be True or False; got 'no'"):
        DeepFutureEnv(campaign_write_back="no")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- df-env play
def _scripted(answers: list[str]) -> tuple[Console, list[str]]:
    out: list[str] = []
    it: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return Console(read=read, write=out.append), out


@pytest.mark.parametrize("argv, message", [
    (["--players", "2", "--seat", "2"], "--seat must be 0..1"),
    (["--players", "2", "--opponents", "random", "heuristic"], "one per other seat (1 for 2 players); got 2"),
])
def test_play_option_errors_are_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", *argv]) == 2
    assert message in capsys.readouterr().err


def test_play_refuses_an_unwritable_log_before_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--log", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["play", "--log", str(blocker / "g.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot create the folder" in err and "your choice" not in err


def test_bench_refuses_an_unwritable_out_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["bench", "--agents", "random", "--games", "2", "--no-progress", "--out", str(blocker / "b"),
                 "--no-ladder"]) == 2
    captured = capsys.readouterr()
    assert "cannot create the folder" in captured.err and "win rate" not in captured.out


def test_ctrl_c_in_play_saves_the_log(tmp_path: Path) -> None:
    answers = iter(["1", "1"])

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    out: list[str] = []
    path = tmp_path / "g.json"
    with pytest.raises(KeyboardInterrupt):
        play_human(2, 0, ["random"], seed=4, log_path=str(path), console=Console(read=read, write=out.append))
    log = load_log(path)
    assert len(log.actions) >= 2 and log.result["over"] is False
    assert "the log is saved in" in out[-1]


def test_campaign_single_human_spec_is_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path]) == 0
    assert main(["campaign", "play", path, "-n", "2", "--agents", "human"]) == 2
    assert "--agents human heuristic" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------- df-env replay
@pytest.mark.parametrize("change, message", [
    ({"actions": [99999999999999999999]}, "actions[0] must be an action id 0..199"),
    ({"actions": [-1]}, "actions[0] must be an action id 0..199"),
    ({"config": {"num_players": 1, "restart_on_loss": "no"}}, "restart_on_loss must be true or false"),
    ({"result": "won"}, '"result" must be an object'),
])
def test_replay_checks_log_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict,
                                  message: str) -> None:
    doc = GameLog(num_players=1, seed=0, seats=["x"], actions=[193]).to_dict() | change
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--all"]) == 2
    assert message in capsys.readouterr().err


def test_replay_warns_when_the_recorded_result_differs(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    log = GameLog(num_players=1, seed=0, seats=["x"], actions=[193],
                  result={"over": True, "winner": 0, "victory": "Culture", "turns": 9})
    save_log(log, path)
    console, out = _scripted([])
    replay_game(load_log(path), step=False, console=console)
    assert out[-1].startswith("warning: the log records") and "'turns': 9" in out[-1]
    log.result = {}
    console, out = _scripted([])
    replay_game(log, step=False, console=console)
    assert not any(line.startswith("warning") for line in out)


# ---------------------------------------------------------------------------------------------- review 2
def test_campaign_new_on_an_existing_file_names_the_option_of_the_caller(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from df_env.games.deep_future.campaign.commands import campaign_new
    from df_env.games.deep_future.campaign.files import CampaignFileError

    path = str(tmp_path / "galaxy.json")
    assert main(["campaign", "new", path]) == 0
    assert main(["campaign", "new", path]) == 2
    err = capsys.readouterr().err
    assert "use --overwrite" in err and "overwrite=True" not in err
    with pytest.raises(CampaignFileError, match="a file already exists; choose another path or pass overwrite=True"):
        campaign_new(path, seed=0)


def test_every_pass_is_labelled_by_its_decision() -> None:
    from df_env.games.deep_future.engine import GameConfig, new_game
    from df_env.games.deep_future.engine.model import layout as L
    from df_env.games.deep_future.engine.text.render import action_to_string, render_text

    s = new_game(GameConfig(num_players=1), seed=0)
    pass_id = int(L.BLOCK_START[L.B_SPECIAL]) + L.PASS
    with_pass = [dk for dk, (_, spec, _) in enumerate(L.DECISIONS) if "pass" in spec.split("special:")[-1]]
    assert L.D_START in with_pass and L.D_UPKEEP_CARD in with_pass
    for dk in range(L.NUM_DECISIONS):
        s["dk"] = dk
        label = action_to_string(s, pass_id)
        if dk in with_pass:
            assert label.startswith("pass: ") and len(label) > len("pass: "), (L.DECISIONS[dk][0], label)
        else:
            assert label == "pass", (L.DECISIONS[dk][0], label)
    assert not any(line.rstrip().endswith(":") for line in render_text(new_game(GameConfig(), seed=3)).splitlines()
                   if "pass" in line)


def test_play_shows_the_view_then_the_events_then_the_choices(tmp_path: Path) -> None:
    console, out = _scripted(["1", "q"])
    play_human(2, 0, ["random"], seed=4, log_path=str(tmp_path / "g.json"), console=console)
    view = next(i for i, chunk in enumerate(out) if "== map ==" in chunk)
    since = out.index("\n== since your last decision ==")
    choice = next(i for i, chunk in enumerate(out) if chunk.startswith("    1. "))
    assert view < since < choice
    lines = out[since + 1].splitlines()  # the setup folded into one line, then what matters
    assert lines[0].startswith("    setup: ") and "cards made" in lines[0]
    assert sum("setup:" in line for line in lines) == 1 and len(lines) < 15


def test_human_seat_summarises_the_setup_too() -> None:
    from df_env.games.deep_future.engine import GameConfig, new_game
    from df_env.games.deep_future.screen import HumanSeat

    console, out = _scripted(["1"])
    s = new_game(GameConfig(num_players=1), seed=0)
    HumanSeat(0, console)(s)
    since = out.index("\n== since your last decision ==")
    assert "== map ==" in "".join(out[:since]) and "setup: " in out[since + 1]


@pytest.mark.parametrize("make", ["gym", "pz_env", "pz_raw_env"])
def test_an_unknown_env_option_lists_the_allowed_ones(make: str) -> None:
    import gymnasium as gym

    import df_env.envs  # noqa: F401  (registers DeepFuture-v0)
    from df_env import deep_future_v0

    factory = {"gym": lambda **kw: gym.make("DeepFuture-v0", **kw), "pz_env": deep_future_v0.env,
               "pz_raw_env": deep_future_v0.raw_env}[make]
    with pytest.raises(TypeError, match=r"unknown option 'players' \(did you mean 'num_players'\?\); the options "
                                        r"are: num_players, .*max_turns, .*campaign_write_back"):
        factory(players=2)


@pytest.mark.parametrize("num_players, seat, message", [
    (1, 1, "seat must be 0 for a 1-player game; got 1"),
    (2, 2, r"seat must be 0\.\.1 for a 2-player game; got 2"),
])
def test_seat_errors_name_the_seats_of_the_game(num_players: int, seat: int, message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match=message):
        DeepFutureEnv(num_players=num_players, seat=seat)
    assert main(["play", "--players", str(num_players), "--seat", str(seat)]) == 2
    assert f"--{message.replace(chr(92), '')}" in capsys.readouterr().err


@pytest.mark.parametrize("action", [1.5, 2.0, True, np.float64(1.0), np.array([1]), "1", None])
def test_step_refuses_an_action_that_is_not_an_integer(action: object) -> None:
    from df_env import deep_future_v0

    env = DeepFutureEnv()
    env.reset(seed=0)
    with pytest.raises(TypeError, match=rf"an action must be an integer 0\.\.199 .*; got {type(action).__name__} "):
        env.step(action)
    aec = deep_future_v0.env(num_players=1)
    aec.reset(seed=0)
    with pytest.raises(TypeError, match="an action must be an integer" if action is not None else "None is only"):
        aec.step(action)


@pytest.mark.parametrize("kind", [int, np.int64, np.uint8, np.array])
def test_step_takes_python_and_numpy_integers(kind: type) -> None:
    from df_env import deep_future_v0

    envs = [DeepFutureEnv(), DeepFutureEnv()]
    _, info = envs[0].reset(seed=0)
    envs[1].reset(seed=0)
    a = int(info["action_mask"].nonzero()[0][0])
    assert np.array_equal(envs[0].step(a)[0], envs[1].step(kind(a))[0])
    aecs = [deep_future_v0.raw_env(num_players=1), deep_future_v0.raw_env(num_players=1)]
    for aec, action in zip(aecs, [a, kind(a)], strict=True):
        aec.reset(seed=0)
        aec.step(action)
    assert aecs[0].state().tobytes() == aecs[1].state().tobytes()


def test_pz_step_none_for_a_live_agent_says_what_to_do() -> None:
    from df_env import deep_future_v0

    aec = deep_future_v0.env(num_players=2)
    aec.reset(seed=0)
    agent = aec.agent_selection
    with pytest.raises(TypeError, match=rf"None is only for agents that are terminated or truncated; {agent} must "
                                        r"choose a legal action: \[\d"):
        aec.step(None)


def test_every_cli_option_has_help_and_the_epilog_is_plain_text() -> None:
    import argparse

    from df_env.cli import build_parser

    def parsers(p: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
        yield p
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    yield from parsers(sub)

    parser = build_parser()
    missing = [f"{p.prog} {a.dest}" for p in parsers(parser) for a in p._actions
               if a.help is None and not isinstance(a, argparse._SubParsersAction)]
    assert missing == []
    assert "``" not in parser.format_help() and "df-env play --players 2" in parser.format_help()


def test_env_modules_have_no_placeholder_names() -> None:
    from df_env.games.deep_future.envs import episode, pz_env, sb3_vec

    assert not any(hasattr(module, "_unused") for module in (episode, pz_env, sb3_vec))
