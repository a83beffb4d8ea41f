"""Galactic Civ's game options on the command line (issue 25): ``--events``, ``--races {choose,random}`` and
``--trade-literal`` are defined once (df_env.argcheck) and taken by ``df-env play``, ``bench``, ``ladder`` and
``train``; each is recorded where the game is (the game log, the ladder lines, the training run's config.json,
summary.json, log lines and model ``__meta__``, the command that made the model); Deep Future refuses each, naming
its options; a bad value is refused by argparse naming the allowed ones."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import numpy as np
import pytest

from agents import make_agent
from df_env.argcheck import RACE_MODES, game_options_of, option_flags
from df_env.cli import build_parser, main
from df_env.gamelog import load_log
from df_env.games.galactic_civ import GAME as G
from df_env.games.galactic_civ.engine import api
from df_env.ladder import read_ladder
from df_env.net.game_mlp import default_model_path, load_game_mlp, mlp_weight_shapes, save_game_mlp
from df_env.net.numpy_net import ModelFileError

TINY = ["--set", "games=2", "--set", "epochs=1", "--set", "hidden=[16]", "--eval-games", "1", "--no-progress"]
DF_REFUSALS = [
    (["--events"], "--events: Deep Future has no Events deck"),
    (["--races", "random"], "--races: Deep Future has no races option"),
    (["--races", "choose"], "--races: Deep Future has no races option"),
    (["--trade-literal"], "--trade-literal: Deep Future has no trade_literal option"),
]


def _args(argv: list[str]):
    return build_parser().parse_args(["bench", *argv])


def test_the_flags_give_the_options_dict_and_back() -> None:
    assert RACE_MODES == api.RACE_MODES  # the flag's choices are the engine's modes
    assert game_options_of(_args([]), "galactic_civ") == {}
    both = game_options_of(_args(["--events", "--races", "random", "--trade-literal"]), "galactic_civ")
    assert both == {"events": True, "races": "random", "trade_literal": True}
    assert game_options_of(_args(["--races", "choose"]), "galactic_civ") == {}  # the default: the plain game
    assert option_flags(both) == ["--events", "--races", "random", "--trade-literal"]
    assert option_flags({"races": ["Terran Alliance", "Dregin Empire"]}) is None  # no flag sets a list of races
    assert option_flags({"events": False}) is None


def test_train_with_events_records_the_options_and_reproduces(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["train", "--game", "galactic_civ", "--players", "2", *TINY[:-1], "--events", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Galactic Civ, 2 players, events=true: self-play with heuristic" in printed  # the log lines say so
    assert "self-play: 2 games (events=true)" in printed and "eval (events=true): " in printed
    assert json.loads((out / "config.json").read_text())["options"] == {"events": True}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["options"] == {"events": True}
    net = load_game_mlp(out / "model.npz", "galactic_civ", 2)
    assert net.meta["options"] == net.options == {"events": True}
    command = net.meta["made_by"]["command"]
    assert command.startswith("df-env train --game galactic_civ --players 2 --events --set games=2"), command
    again = tmp_path / "again"  # the recorded command makes the same model
    assert main([*shlex.split(command)[1:], "--no-progress", "--out", str(again)]) == 0
    twin = load_game_mlp(again / "model.npz", "galactic_civ", 2)
    x = np.random.default_rng(0).random((3, net.obs_size), dtype=np.float32)
    assert np.array_equal(net.forward(x)[0], twin.forward(x)[0]) and twin.options == {"events": True}
    # trained with Events, it plays a game without them (the observation has the same size)
    s = G.new_game(G.make_config(2), seed=3)
    policies = [make_agent(spec, game="galactic_civ").as_policy(p, 3, G)
                for p, spec in enumerate([f"net:path={out / 'model.npz'}", "random"])]
    while not G.is_terminal(s):
        G.apply_action(s, policies[G.current_player(s)](s))
    assert not bool(s["events_on"])


def test_train_options_from_flags_and_set_merge_and_are_checked(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from df_env.train.cli import game_command
    from df_env.train.game_mlp.config import make_game_config

    config = make_game_config("galactic_civ", 2, {"options": '{"races": ["Terran Alliance", "Dregin Empire"]}'},
                              {"trade_literal": True})
    assert config["options"] == {"races": ["Terran Alliance", "Dregin Empire"], "trade_literal": True}
    command = game_command("galactic_civ", config)
    assert shlex.split(command)[-2:] == ["--set", "options=" + json.dumps(config["options"], separators=(",", ":"))]
    for argv, says in ((["--set", 'options={"races": ["X", "Y"]}'], "options: unknown races ['X', 'Y']"),
                       (["--set", "options=3"], "options must be an object"),
                       (["--set", 'options={"num_players": 3}'], "options: give the player count with --players")):
        assert main(["train", "--game", "galactic_civ", *argv, "--out", str(tmp_path / "x")]) == 2
        assert says in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("flags, says", DF_REFUSALS)
def test_deep_future_refuses_each_option_on_every_command(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          flags: list[str], says: str) -> None:
    for argv in (["play", "--players", "2", "--log", str(tmp_path / "g.json")],
                 ["bench", "--agents", "random", "--games", "1", "--no-ladder", "--out", str(tmp_path / "b")],
                 ["ladder", "--file", str(tmp_path / "none.jsonl"), "--no-plot"],
                 ["train", "--out", str(tmp_path / "t")]):
        assert main([*argv, *flags]) == 2, argv
        err = capsys.readouterr().err
        assert says in err and "options are num_players, restart_on_loss" in err, (argv, err)
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("command", ["play", "bench", "ladder", "train"])
def test_a_bad_races_value_names_the_allowed(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--game", "galactic_civ", "--races", "all"])
    assert stop.value.code == 2
    assert "argument --races: invalid choice: 'all' (choose from 'choose', 'random')" in capsys.readouterr().err


def test_play_records_races_and_trade_literal_and_resume_keeps_them(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    path = tmp_path / "g.json"
    assert main(["play", "--game", "galactic_civ", "--players", "3", "--seed", "2", "--races", "random",
                 "--trade-literal", "--log", str(path)]) == 0
    doc = json.loads(path.read_text())
    assert doc["config"] == {"num_players": 3, "events": False, "races": "random", "trade_literal": True}
    assert load_log(path).game_config() == G.make_config(3, races="random", trade_literal=True)
    capsys.readouterr()
    assert main(["play", "--resume", str(path), "--races", "choose"]) == 2
    assert '--races: the game in' in (err := capsys.readouterr().err) and 'started with races="random"' in err
    assert main(["play", "--resume", str(path), "--events"]) == 2
    assert "started without the Events deck" in capsys.readouterr().err
    assert main(["play", "--resume", str(path), "--races", "random", "--trade-literal"]) == 0  # as logged
    assert load_log(path).game_config() == G.make_config(3, races="random", trade_literal=True)


def test_bench_records_the_options_and_the_ladder_pools_them_apart(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    ladder, out = tmp_path / "l.jsonl", str(tmp_path / "b")
    base = ["bench", "--game", "galactic_civ", "--players", "2", "--agents", "random", "first", "--games", "2",
            "--jobs", "1", "--no-progress", "--out", out, "--ladder", str(ladder)]
    assert main([*base, "--races", "random", "--trade-literal"]) == 0
    assert json.loads(Path(out + ".json").read_text())["config"]["options"] == {"races": "random",
                                                                                "trade_literal": True}
    lines = [json.loads(line) for line in ladder.read_text().splitlines()]
    assert len(lines) == 4 and all(r["options"] == {"races": "random", "trade_literal": True} for r in lines)
    assert main([*base, "--races", "choose"]) == 0  # the default: the plain game's pool
    assert all("options" not in g.to_json() for g in read_ladder(ladder)[4:])
    capsys.readouterr()
    assert main(["ladder", "--file", str(ladder), "--game", "galactic_civ", "--races", "random", "--trade-literal",
                 "--no-plot"]) == 0
    table = capsys.readouterr().out
    assert '4 games rated (played with races="random", trade_literal=true); 4 not rated (other game options)' in table
    assert main(["ladder", "--file", str(ladder), "--game", "galactic_civ", "--trade-literal", "--no-plot"]) == 2
    assert "none of its 8 games is rated" in capsys.readouterr().err  # a pool of its own: empty


def test_a_model_file_records_its_options_or_reads_as_the_plain_game(tmp_path: Path) -> None:
    assert load_game_mlp(default_model_path("galactic_civ", 2), "galactic_civ", 2).options == {}  # no key: plain
    obs, actions = G.info.observation_shapes[2][0], G.info.num_actions
    weights = {k: np.zeros(shape, np.float32) for k, shape in mlp_weight_shapes(obs, [4], actions, 2).items()}
    good = save_game_mlp(tmp_path / "m.npz", weights, "galactic_civ", 2, obs, actions, [4], {"command": "test"},
                         options={"races": "random"})
    assert load_game_mlp(good, "galactic_civ", 2).options == {"races": "random"}
    with np.load(good) as data:
        arrays = {k: np.asarray(data[k]) for k in data.files}
    arrays["__meta__"] = np.array(json.dumps({**json.loads(str(arrays["__meta__"])), "options": "events"}))
    bad = tmp_path / "bad.npz"
    np.savez(bad, **arrays)
    with pytest.raises(ModelFileError, match="its __meta__ 'options' must be an object of game options"):
        load_game_mlp(bad, "galactic_civ", 2)
