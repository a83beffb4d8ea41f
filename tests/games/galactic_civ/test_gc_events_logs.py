"""Galactic Civ's configuration travels with a game (issue 25): a game log records the player count AND the
optional Events deck (GC24-GC31) with the rest of the config (races, GCR2's trade_literal), so that a game with
Events is saved, replayed and continued as the same game; a log written before the field existed reads as Events
off; a bad value is refused naming what is allowed. ``df-env play/bench --events`` set it; the ladder keeps such
games out of the standard game's ratings."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
from pathlib import Path

import numpy as np
import pytest

from df_env.bench import BenchConfig, run_bench
from df_env.cli import main
from df_env.core import IllegalActionError
from df_env.gamelog import GameLog, GameLogError, final_state, load_log, log_from_dict, replay, save_log
from df_env.games.galactic_civ import GAME as G
from df_env.games.galactic_civ.engine.state import L_EVENT
from df_env.ladder import bench_games, build_ladder, parse_record
from df_env.terminal import Console, play_game_human, replay_game


def scripted(answers: list[str]) -> tuple[Console, list[str]]:
    """A console that answers from ``answers`` then "1" forever, and keeps what was written."""
    out: list[str] = []
    feed = itertools.chain(answers, itertools.repeat("1"))
    return Console(read=lambda prompt: next(feed), write=out.append), out


def _played(n: int, seed: int, events: bool) -> tuple[GameLog, np.ndarray, int]:
    """A seeded game played to its end by a fixed choice rule; its log, final state and the Events drawn."""
    config = G.make_config(n, events=events)
    log = GameLog.of_config("galactic_civ", config, seed, ["random"] * n)
    s = G.new_game(config, seed)
    drawn = 0
    while not G.is_terminal(s):
        legal = G.legal_actions(s)
        a = int(legal[(len(log.actions) * 7) % len(legal)])
        G.apply_action(s, a)
        log.actions.append(a)
        rows = s["log"][: int(s["log_n"])]
        drawn += int((rows[:, 0] == L_EVENT).sum()) if len(rows) else 0
    log.set_result(s)
    return log, s, drawn


@pytest.mark.parametrize("n", [2, 4])
def test_a_log_with_events_round_trips_and_replays_to_the_same_final_state(tmp_path: Path, n: int) -> None:
    log, s, drawn = _played(n, 11, events=True)
    assert drawn > 0  # Events were drawn (GC26): the replay has something to get right
    path = save_log(log, tmp_path / "g.json")
    doc = json.loads(path.read_text())
    assert doc["config"] == {"num_players": n, "events": True, "races": "choose", "trade_literal": False}
    back = load_log(path)
    assert back.options == {"events": True, "races": "choose", "trade_literal": False}
    assert back.game_config() == G.make_config(n, events=True)
    assert final_state(back).tobytes() == s.tobytes() and bool(s["events_on"])
    assert sum(1 for _ in replay(back)) == len(log.actions)
    console, out = scripted([])
    assert replay_game(back, step=False, console=console).tobytes() == s.tobytes()  # df-env replay
    shown = "\n".join(out)
    assert "event deck" in shown and re.search(r"draws the event .+ \((Moral Dilemma|Galactic Event|United "
                                                r"Planets Issue): ", shown) and " rolls " in shown
    # the same seed and moves without the Events deck are another game: the log's field is what makes it this one
    plain = G.new_game(G.make_config(n), 11)
    with contextlib.suppress(IllegalActionError):  # a move of the Events game may be illegal without them
        for a in log.actions:
            G.apply_action(plain, a)
    assert plain.tobytes() != s.tobytes()


def test_an_old_log_without_the_field_reads_as_events_off(tmp_path: Path) -> None:
    """A log written before the field existed: config holds the player count only (GC24: Events are optional)."""
    log, s, _ = _played(3, 5, events=False)
    doc = log.to_dict()
    doc["config"] = {"num_players": 3}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    old = load_log(path)
    assert old.options == {} and old.game_config().events is False
    assert final_state(old).tobytes() == s.tobytes() and not bool(s["events_on"])
    save_log(old, tmp_path / "again.json")  # written back as it was read (no field invented)
    assert json.loads((tmp_path / "again.json").read_text())["config"] == {"num_players": 3}


@pytest.mark.parametrize("config, needle", [
    ({"num_players": 2, "events": "yes"}, "events must be true or false, got 'yes'"),
    ({"num_players": 2, "events": 1}, "events must be true or false, got 1"),
    ({"num_players": 2, "trade_literal": None}, "trade_literal must be true or false"),
    ({"num_players": 2, "races": "all"}, "races must be one of ('choose', 'random')"),
    ({"num_players": 2, "event": True}, "keys ('num_players', 'events', 'races', 'trade_literal')"),
    ({"num_players": 2, "restart_on_loss": False}, "keys ('num_players', 'events', 'races', 'trade_literal')"),
])
def test_a_bad_config_value_gives_a_clear_error_naming_what_is_allowed(config: dict, needle: str) -> None:
    doc = {"format": "df_env.game_log", "version": 1, "game": "galactic_civ", "config": config, "seed": 1,
           "seats": ["a", "b"], "actions": []}
    with pytest.raises(GameLogError) as err:
        log_from_dict(doc, "g.json")
    assert "g.json: config: " in str(err.value) and needle in str(err.value), str(err.value)


def test_terminal_play_with_events_is_saved_and_resumed_with_events(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    console, _ = scripted(["1"] * 4 + ["q"])
    first = play_game_human("galactic_civ", 2, 0, ["heuristic"], 4, str(path), console, options={"events": True})
    saved = load_log(path)
    assert saved.options["events"] is True and saved.actions == first.actions
    console, _ = scripted(["q"])
    again = play_game_human("galactic_civ", 0, 0, [], 0, str(path), console, resume=saved)
    assert again.options["events"] is True and load_log(path).game_config().events is True


def test_cli_events_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    """df-env play --game galactic_civ --events records the Events deck; Deep Future refuses --events naming its
    options; a resumed game keeps the options of its log (--events on a game without Events is refused)."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    path = tmp_path / "g.json"
    assert main(["play", "--game", "galactic_civ", "--players", "3", "--seed", "2", "--events", "--log",
                 str(path)]) == 0
    assert load_log(path).game_config() == G.make_config(3, events=True)
    plain = tmp_path / "plain.json"
    assert main(["play", "--game", "galactic_civ", "--players", "2", "--log", str(plain)]) == 0
    assert load_log(plain).game_config().events is False
    capsys.readouterr()
    assert main(["play", "--resume", str(plain), "--events"]) == 2
    assert "started without the Events deck" in capsys.readouterr().err
    assert main(["play", "--players", "2", "--events", "--log", str(tmp_path / "df.json")]) == 2
    err = capsys.readouterr().err
    assert "Deep Future has no Events deck" in err and "options are num_players, restart_on_loss" in err
    assert main(["bench", "--events", "--agents", "random", "--games", "1", "--no-ladder",
                 "--out", str(tmp_path / "b")]) == 2
    assert "Deep Future has no Events deck" in capsys.readouterr().err


def test_bench_with_events_plays_events_and_the_ladder_keeps_them_apart(tmp_path: Path) -> None:
    config = BenchConfig(agents=("random", "first"), num_players=2, games=2, jobs=1, game="galactic_civ",
                         options={"events": True})
    assert config.game_config().events is True
    result = run_bench(config, show_progress=False)
    assert result.to_dict()["config"]["options"] == {"events": True}  # type: ignore[index]
    games = bench_games(result)
    assert all(g.extra["options"] == {"events": True} for g in games)
    again = [parse_record(json.loads(json.dumps(g.to_json()))) for g in games]
    assert [g.key() for g in again] == [g.key() for g in games]
    standard = [parse_record({**g.to_json(), "options": {}}) for g in games]
    assert {g.key() for g in standard}.isdisjoint({g.key() for g in games})  # not the same games
    ladder = build_ladder(again + standard, game="galactic_civ", passes=1)
    assert ladder.unrated == {"other game options": len(games)}
    events_pool = build_ladder(again + standard, game="galactic_civ", passes=1, options={"events": True})
    assert events_pool.unrated == {"other game options": len(games)}  # the plain games, this time
    assert events_pool.games == ladder.games == len(games)  # each pool rates its own games, all of them
    with pytest.raises(ValueError, match="events must be true or false"):
        BenchConfig(agents=("random", "first"), num_players=2, game="galactic_civ", options={"events": "on"})
    with pytest.raises(ValueError, match="unknown Deep Future options"):
        BenchConfig(agents=("random",), options={"events": True})


def test_ladder_events_rates_the_events_games_in_a_pool_of_their_own(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    ladder = tmp_path / "l.jsonl"
    out = str(tmp_path / "b")
    for extra in (["--events"], []):
        assert main(["bench", "--game", "galactic_civ", "--players", "2", "--agents", "random", "first", "--games",
                     "2", "--jobs", "1", "--no-progress", "--out", out, "--ladder", str(ladder), *extra]) == 0
    capsys.readouterr()
    assert main(["ladder", "--file", str(ladder), "--game", "galactic_civ", "--events", "--no-plot"]) == 0
    table = capsys.readouterr().out
    assert "4 games rated (played with events=true); 4 not rated (other game options)" in table
    assert main(["ladder", "--file", str(ladder), "--events", "--no-plot"]) == 2  # Deep Future has no Events deck
    assert "--events: Deep Future has no Events deck" in capsys.readouterr().err
