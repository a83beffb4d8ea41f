"""Galactic Civ in the terminal: ``df-env play --game galactic_civ`` (df_env.terminal.play_game_human with the
game's screen, df_env/games/galactic_civ/screen.py) driven by a scripted console; logs, --resume, Chinese."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from df_env.cli import main
from df_env.gamelog import load_log
from df_env.games.galactic_civ import GAME as G
from df_env.games.galactic_civ.engine.tables import CARD_NAMES
from df_env.terminal import Console, play_game_human


def scripted(answers: list[str]) -> tuple[Console, list[str]]:
    """A console that answers from ``answers`` then "1" forever, and keeps what was written."""
    out: list[str] = []
    feed = itertools.chain(answers, itertools.repeat("1"))
    return Console(read=lambda prompt: next(feed), write=out.append), out


def test_a_whole_four_player_game_against_agents(tmp_path: Path) -> None:
    """The person plays seat 1 to the end; the screen shows attributes with leaders, the phase track, the hand as
    cards with effects, dice and events in words, the victory paths and who is closest; the log is saved."""
    console, out = scripted(["x"])
    path = tmp_path / "g.json"
    log = play_game_human("galactic_civ", 4, 1, ["heuristic", "random", "first"], 5, str(path), console)
    text = "\n".join(out)
    assert "not a choice: 'x'" in text
    assert "phases: " in text and "[Construction]" in text and "* leads the attribute" in text
    assert "your hand:" in text and "(Ship: " in text or "(Build: " in text
    assert "victory paths" in text and "closest: " in text and "General Victory" in text
    assert "rolls " in text and "== game over ==" in text
    saved = load_log(path)
    assert saved.game == "galactic_civ" and saved.seats == ["human", "heuristic", "random", "first"][:0] + \
        ["heuristic", "human", "random", "first"] and saved.actions == log.actions
    s = G.new_game(G.make_config(4), 5)
    for a in saved.actions:
        G.apply_action(s, a)
    assert G.is_terminal(s) and saved.result


def test_quit_then_resume(tmp_path: Path) -> None:
    """q saves the game so far with how to go on; --resume replays the log and goes on from its last action."""
    path = tmp_path / "g.json"
    console, out = scripted(["1"] * 5 + ["q"])
    first = play_game_human("galactic_civ", 3, 0, ["heuristic", "heuristic"], 2, str(path), console)
    assert "df-env play --resume" in out[-1]
    kept = list(first.actions)
    console, out = scripted(["q"])
    second = play_game_human("galactic_civ", 0, 0, [], 0, str(path), console, resume=load_log(path))
    assert second.actions[: len(kept)] == kept and "resumed" in "\n".join(out)
    assert load_log(path).actions == second.actions


def test_chinese_screen(tmp_path: Path) -> None:
    console, out = scripted(["q"])
    play_game_human("galactic_civ", 2, 0, ["heuristic"], 1, str(tmp_path / "g.json"), console, lang="zh")
    text = "\n".join(out)
    assert "胜利路线" in text and "阶段：" in text and "自你上次决策以来" in text and "选择种族" in text


def test_the_screen_hides_other_hands() -> None:
    """GCR21: a seat's screen names its own cards and only the sizes of the other hands."""
    s = G.new_game(G.make_config(4, races="random"), 3)
    while int(s["turn"]) < 3:
        G.apply_action(s, int(G.legal_actions(s)[0]))
    seat = G.current_player(s)
    shown = G.screen(s, seat)
    for p in range(4):
        for c in np.flatnonzero(s["hand"][p]):
            assert (CARD_NAMES[c] in shown) == (p == seat) or CARD_NAMES[c] in G.screen(s, None)
    others = [CARD_NAMES[c] for p in range(4) if p != seat for c in np.flatnonzero(s["hand"][p])]
    assert others and not any(f"- {name} (" in shown for name in others)


def test_cli_play_galactic_civ(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """df-env play --game galactic_civ --players 4: three heuristic opponents by default; a bad count is refused
    naming the game's range."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    path = tmp_path / "g.json"
    assert main(["play", "--game", "galactic_civ", "--players", "4", "--seed", "3", "--log", str(path)]) == 0
    assert load_log(path).seats == ["human", "heuristic", "heuristic", "heuristic"]
    assert main(["play", "--game", "galactic_civ", "--players", "1", "--log", str(tmp_path / "h.json")]) != 0
    assert "2..6 for Galactic Civ" in capsys.readouterr().err
