""""Was this deal winnable?": the reference replays a solo deal (df_env.games.deep_future.analysis) and the terminal
offers its winning line after a lost game (df_env.games.deep_future.analysis.terminal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from df_env.gamelog import GameLog, final_state, load_log
from df_env.games.deep_future import engine
from df_env.games.deep_future.analysis import first_difference, winnable
from df_env.games.deep_future.screen import play_human
from df_env.terminal import Console

CHEAP = "oracle:iters=40,turns=1"  # wins deal 2, which always taking the first choice loses (checked below)
SEED = 2


def _first_line(seed: int) -> GameLog:
    """The solo game of always taking the first legal choice (the terminal's answer "1")."""
    s = engine.new_game(engine.GameConfig(1), seed)
    log = GameLog(num_players=1, seed=seed, seats=["human"])
    while not s["over"]:
        a = int(engine.legal_actions(s)[0])
        engine.apply_action(s, a)
        log.actions.append(a)
    log.set_result(s)
    return log


def test_the_reference_wins_a_deal_the_first_choice_loses_and_its_line_replays() -> None:
    mine = _first_line(SEED)
    assert int(final_state(mine)["winner"]) == -1
    result = winnable(mine, CHEAP)
    assert result.won and result.victory and result.seed == SEED and result.reference == CHEAP
    replayed = final_state(result.log())
    assert bool(replayed["over"]) and int(replayed["winner"]) == 0  # the actions are a winning line of the deal
    assert result.log().result["winner"] == 0
    assert winnable(SEED, CHEAP).actions == result.actions  # a seed gives the same analysis as the log
    assert 0 <= first_difference(result.actions, mine.actions) < len(mine.actions)


def test_bad_sources_are_refused() -> None:
    with pytest.raises(ValueError, match="only a solo deal"):
        winnable(GameLog(num_players=2, seed=0, seats=["human", "heuristic"]), CHEAP)
    with pytest.raises(ValueError, match="not over"):
        winnable(GameLog(num_players=1, seed=0, seats=["human"]), CHEAP)
    for bad in (-1, True, "7", 1.5):
        with pytest.raises(ValueError, match="an integer >= 0"):
            winnable(bad, CHEAP)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_turns"):
        winnable(0, CHEAP, max_turns=0)


def _console(step_answer: str, show: str = "y") -> tuple[Console, list[str]]:
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        if "winnable?" in prompt:
            return "y"
        if "Step through" in prompt:
            return show
        if "Enter: next" in prompt:
            return step_answer
        return "1"  # the first choice of every decision: this deal is lost

    return Console(read=read, write=out.append), out


def test_after_a_lost_solo_game_the_terminal_steps_through_the_winning_line(tmp_path: Path) -> None:
    console, out = _console("a")
    log = play_human(1, 0, [], SEED, str(tmp_path / "g.json"), console=console, analysis=CHEAP)
    assert load_log(tmp_path / "g.json").actions == log.actions == _first_line(SEED).actions
    text = "\n".join(out)
    assert "it was winnable" in text and "the same for the first" in text
    result = winnable(SEED, CHEAP)
    k = first_difference(result.actions, log.actions)
    assert f"winning line, step {k + 1}/{len(result.actions)}" in text  # starts where the lines part
    assert f"winning line, step {k}/" not in text
    assert f"winning line, step {len(result.actions)}/{len(result.actions)}" in text
    assert "your game, step" in text and "your game had ended by step" in text  # the person's game beside it
    assert text.rstrip().endswith("the reference won here.")


def test_declining_runs_nothing_and_quitting_stops_the_steps(tmp_path: Path) -> None:
    out: list[str] = []
    answers = iter(["1"] * 64 + ["n"])

    def read(prompt: str) -> str:
        out.append(prompt)
        return next(answers)

    play_human(1, 0, [], SEED, str(tmp_path / "a.json"), console=Console(read=read, write=out.append),
               analysis=CHEAP)
    asked = max(i for i, x in enumerate(out) if "winnable?" in x)
    assert not any("reference won" in x or "did not win" in x for x in out[asked:])
    console, out = _console("q")
    play_human(1, 0, [], SEED, str(tmp_path / "b.json"), console=console, analysis=CHEAP)
    assert sum("winning line, step" in x for x in out) == 1
    console, out = _console("a", show="n")
    play_human(1, 0, [], SEED, str(tmp_path / "c.json"), console=console, analysis=CHEAP)
    assert "it was winnable" in "\n".join(out) and not any("winning line, step" in x for x in out)


def test_no_offer_after_a_won_game_or_with_analysis_off(tmp_path: Path) -> None:
    console, out = _console("a")
    play_human(1, 0, [], SEED, str(tmp_path / "g.json"), console=console, analysis=None)
    assert not any("winnable" in x for x in out)
    assert int(final_state(_first_line(1))["winner"]) == 0  # the first choice wins deal 1
    console, out = _console("a")
    play_human(1, 0, [], 1, str(tmp_path / "w.json"), console=console, analysis=CHEAP)
    assert not any("winnable" in x for x in out)
