"""The terminal a board-game player can read (issue 13): a suit legend, no internal values, plurals, the board
only when it changed, an end screen that explains, --resume, --lang zh, the first-compile notice."""

from __future__ import annotations

from pathlib import Path

import pytest

from df_env.cli import main
from df_env.gamelog import GameLog, load_log, save_log
from df_env.games.deep_future.screen import play_human
from df_env.games.deep_future.web.words import fix_words, header
from df_env.terminal import Console


def _scripted(answers: list[str]) -> tuple[Console, list[str]]:
    it = iter(answers)
    out: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return Console(read=read, write=out.append), out


def test_first_screen_has_the_legend_and_no_internal_values(tmp_path: Path) -> None:
    console, out = _scripted(["q"])
    play_human(3, 0, ["random", "random"], seed=1, log_path=str(tmp_path / "g.json"), console=console)
    text = "\n".join(out)
    assert "suits: S sun, M moon, R heart, K skull, H hand, F foot" in out[0]
    assert "player -1" not in text and "start player" not in text
    assert "setup: player 0 picks a homeworld" in text


def test_plurals_and_header() -> None:
    assert fix_words("move 1 cubes") == "move 1 cube" and fix_words("move 2 cubes") == "move 2 cubes"
    assert fix_words("1 cards; 11 cards") == "1 card; 11 cards"
    assert fix_words("now holds 1 upkeep cubes; 21 upkeep cubes") == "now holds 1 upkeep cube; 21 upkeep cubes"
    from df_env.games.deep_future import engine

    s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    assert header(s) == "Deep Future · era 1 · turn 1 · start phase · player 0's turn"


def test_the_board_is_shown_again_only_when_it_changed(tmp_path: Path) -> None:
    from df_env.games.deep_future import engine
    from df_env.games.deep_future.screen import _Screen

    s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    console, out = _scripted(["1", "1", "v", "1"])
    screen = _Screen(console, 0, color=False)
    screen.decision(s, [])
    assert sum("== map ==" in chunk for chunk in out) == 1
    screen.decision(s, [])  # the same position: a one-line header instead of the board
    assert sum("== map ==" in chunk for chunk in out) == 1
    assert sum("the board has not changed; v shows it" in chunk for chunk in out) == 1
    screen.decision(s, [])  # "v": shown on request
    assert sum("== map ==" in chunk for chunk in out) == 2
    engine.apply_action(s, int(engine.legal_actions(s)[0]))
    engine.apply_action(s, int(engine.legal_actions(s)[0]))
    out.clear()
    console, out2 = _scripted(["1"])
    screen.console = console
    screen.decision(s, [])  # the board changed: shown
    assert any("== map ==" in chunk for chunk in out2)


def test_the_end_screen_says_why_the_person_lost(tmp_path: Path) -> None:
    console, out = _scripted(["999"] + ["1"] * 2000)
    # always the first choice: a solo game ends quickly, lost
    log = play_human(1, 0, [], seed=3, log_path=str(tmp_path / "g.json"), console=console)
    text = "\n".join(out)
    assert "== game over ==" in text and log.result["over"]
    end = text.split("== game over ==")[1]
    assert "Player 0 (person)" in end and ("lost:" in end or "won:" in end)
    if "lost:" in end:
        assert "reached the cross" in end or "homeworld was lost" in end or "another player won" in end


def test_resume_goes_on_from_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    console, _ = _scripted(["1", "1", "q"])
    first = play_human(2, 0, ["heuristic"], seed=4, log_path=str(path), console=console)
    n = len(first.actions)
    assert n >= 2 and not load_log(path).result["over"]
    console, out = _scripted(["1", "q"])
    again = play_human(0, 0, [], 0, str(path), console=console, resume=load_log(path))
    assert again.actions[:n] == first.actions and len(again.actions) > n
    assert any(f"resumed {path}: {n} actions replayed" in chunk for chunk in out)
    assert load_log(path).actions == again.actions


def test_resume_refuses_a_finished_or_personless_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    save_log(GameLog(num_players=1, seed=0, seats=["random"], actions=[]), path)
    assert main(["play", "--resume", str(path)]) == 2
    assert "no 'human' seat" in capsys.readouterr().err


def test_lang_zh_uses_the_rulebook_terms(tmp_path: Path) -> None:
    console, out = _scripted(["q"])
    play_human(1, 0, [], seed=0, log_path=str(tmp_path / "g.json"), console=console, lang="zh")
    text = "\n".join(out)
    assert "文化" in text and "力量" in text and "稳定性" in text and "异族关系" in text and "母星世界" in text
    console, out = _scripted(["1"] * 2000)
    play_human(1, 0, [], seed=3, log_path=str(tmp_path / "h.json"), console=console, lang="zh")
    end = "\n".join(out).split("== 游戏结束 ==")[1]
    assert "玩家 0（真人）" in end and ("失败" in end or "获胜" in end)


def test_the_compile_notice_is_printed_only_without_a_cache(tmp_path: Path, monkeypatch) -> None:
    import io

    from df_env.games.deep_future.engine import compile_notice

    monkeypatch.setattr(compile_notice, "cache_dir", lambda: tmp_path)
    buf = io.StringIO()
    assert compile_notice.notice(buf) and "compiling the game engine" in buf.getvalue()
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.nbi").write_text("")
    assert not compile_notice.notice(io.StringIO())


def test_the_compile_notice_looks_in_the_engine_cache_folder() -> None:
    """The engine's compiled code is cached under ``_jit.CACHE_DIR`` (keyed on its sources), not beside the
    modules: the notice looks there, so it is silent once the engine has run in this process's cache."""
    import io

    from df_env.games.deep_future import engine
    from df_env.games.deep_future.engine import compile_notice
    from df_env.games.deep_future.engine.kernels import CACHE_DIR

    engine.new_game(engine.GameConfig(1), seed=0)
    assert compile_notice.cache_dir() == Path(CACHE_DIR)
    assert compile_notice.engine_is_cached() and not compile_notice.notice(io.StringIO())


@pytest.mark.parametrize("seat", [0, 1])
def test_the_agents_compile_before_the_first_board_at_every_seat(tmp_path: Path, seat: int,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27: no AI move may wait for a compile once the board is shown. At seat 1 the person decides first, so
    a compile left for his reading time made him wait when he answered at once (190 s cold under load)."""
    import df_env.games.deep_future.screen as screen_mod

    events: list[object] = []

    class _Joined:
        def join(self, timeout: float | None = None) -> None:
            events.append("agents compiled")

    def fake_compile_ahead(seats: dict[int, str], state: object) -> _Joined:
        events.append(("compile", dict(seats)))
        return _Joined()

    monkeypatch.setattr(screen_mod, "compile_ahead", fake_compile_ahead)
    console = Console(read=lambda prompt: events.append("read") or "q", write=lambda text: events.append("board"))
    play_human(2, seat, ["heuristic"], seed=5, log_path=str(tmp_path / "g.json"), console=console)
    assert events[:2] == [("compile", {1 - seat: "heuristic"}), "agents compiled"]
    assert "board" in events and "read" in events
