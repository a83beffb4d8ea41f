"""Playing and replaying any game in the terminal (``df-env play --game ID``, ``df-env replay``); knows no game.

A person plays one seat; the other seats are the game's agents. At each of his decisions he sees the game's own
screen (``Game.screen(state, seat, lang)``, else ``Game.render``: hidden cards stay hidden), then what happened
since his last decision (his own choice, the other seats' choices, the game's ``event_lines`` as he may see them),
then the legal choices by name, numbered. The game is saved as a log (:mod:`df_env.gamelog`) when it ends or when
he quits (``q``, end of input, or Ctrl-C). A game may bring a whole terminal play of its own (Deep Future's:
:mod:`df_env.games.deep_future.screen`, built on :class:`Console`, :func:`ask` and :func:`sentence`).

Input and output go through a :class:`Console` so that tests can script them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from agents import SeatPolicy, introduce, make_agent, tell
from df_env.core import Game, IllegalActionError, make_game
from df_env.core.moved import moved_names

from .gamelog import GameLog, GameLogError, final_state, replay, result_mismatch, save_log

HELP = "type the number of a choice; v: show the board again; q: save and quit; ?: this help"
# the terminal's own sentences per language (the game's sentences come from the game, in that language)
WORDS: dict[str, dict[str, str]] = {
    "en": {"help": HELP, "prompt": "your choice (1-{n}, ? for help): ",
           "not_choice": "not a choice: {text!r}; {help}",
           "unchanged": "\n{header} (the board has not changed; v shows it)",
           "since": "\n== since your last decision ==", "nothing": "  (nothing)", "over": "\n== game over ==",
           "saved": "the log is saved in {path} (df-env replay {path})",
           "stopped": "game stopped; the log is saved in {path}; go on with: df-env play --resume {path}",
           "resumed": "resumed {path}: {n} actions replayed, turn {turn}", "step": "\n######## step {k}/{n}",
           "chose": "-> player {p} ({seat}) chose: {text}", "next": "Enter: next, a: all, q: quit ",
           "after": "\n######## after step {n}", "warning": "warning: {text}",
           "you": "you: {text}", "other": "player {p} ({seat}): {text}"},
    "zh": {"help": "输入选项的编号；v：再次显示棋盘；q：保存并退出；?：本帮助",
           "prompt": "你的选择（1-{n}，? 为帮助）：",
           "not_choice": "不是选项：{text!r}；{help}", "unchanged": "\n{header}（棋盘未变；输入 v 显示）",
           "since": "\n== 自你上次决策以来 ==", "nothing": "  （无）", "over": "\n== 游戏结束 ==",
           "saved": "游戏记录已保存于 {path}（df-env replay {path}）",
           "stopped": "游戏已停止；记录已保存于 {path}；继续：df-env play --resume {path}",
           "resumed": "已恢复 {path}：重放了 {n} 个行动，第 {turn} 回合", "step": "\n######## 第 {k}/{n} 步",
           "chose": "-> 玩家 {p}（{seat}）选择：{text}", "next": "回车：下一步，a：全部，q：退出 ",
           "after": "\n######## 第 {n} 步之后", "warning": "警告：{text}",
           "you": "你：{text}", "other": "玩家 {p}（{seat}）：{text}"},
}

# Deep Future's terminal play was in this module: its names still import from here (the very objects)
__getattr__ = moved_names(__name__, {name: "df_env.games.deep_future.screen" for name in (
    "play_human", "HumanSeat", "QuitGame", "compile_ahead", "LEGEND", "DECISION_TITLE")})


def sentence(lang: str, key: str, **values: object) -> str:
    """The terminal's sentence ``key`` of :data:`WORDS` in ``lang``, filled with ``values``."""
    return WORDS[lang][key].format(**values)


def _stdin(prompt: str) -> str:
    return input(prompt)


def _stdout(text: str) -> None:
    print(text)


@dataclass
class Console:
    """Where the terminal reads and writes (``read`` raises EOFError at the end of input)."""

    read: Callable[[str], str] = _stdin
    write: Callable[[str], None] = _stdout


def ask(console: Console, choices: list[tuple[int, str]], show: Callable[[], None], lang: str = "en",
        help_text: str | None = None) -> int | None:
    """The action of the person's numbered choice among ``choices`` (action, words), or None to quit; ``v`` calls
    ``show`` (the board again), ``?`` writes ``help_text`` (default: the terminal's help)."""
    help_text = sentence(lang, "help") if help_text is None else help_text
    while True:
        try:
            text = console.read(sentence(lang, "prompt", n=len(choices))).strip().lower()
        except EOFError:
            return None
        if text in ("q", "quit", "exit"):
            return None
        if text in ("?", "h", "help"):
            console.write(help_text)
        elif text in ("v", "view", "b", "board"):
            show()
        elif text.isdigit() and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1][0]
        else:
            console.write(sentence(lang, "not_choice", text=text, help=help_text))


def replay_game(log: GameLog, observer: int | None = None, step: bool = True, console: Console | None = None,
                color: bool = False, lang: str = "en") -> np.ndarray:
    """Show every position of a logged game (of any game: the log names it) with the choice made there, in
    ``lang``; ``step``: wait for Enter between positions (q quits, a shows the rest without stopping). Returns the
    last position shown."""
    console = console or Console()
    game = log.the_game()
    n = len(log.actions)
    happened = getattr(game, "event_lines", None)  # a game's public events in words (Galactic Civ: rolls, Events)
    for k, s, a in replay(log):
        p = game.current_player(s)
        console.write(sentence(lang, "step", k=k + 1, n=n))
        _write_happened(console, happened, s, observer, lang)
        console.write(game.render(s, observer, lang, color))
        console.write(sentence(lang, "chose", p=p, seat=log.seats[p], text=game.action_to_string(s, a, lang)))
        if step:
            try:
                key = console.read(sentence(lang, "next")).strip().lower()
            except EOFError:
                key = "q"
            if key == "q":
                return game.clone(s)
            step = key != "a"
    s = final_state(log)
    console.write(sentence(lang, "after", n=n))
    _write_happened(console, happened, s, observer, lang)
    console.write(game.render(s, observer, lang, color))
    mismatch = result_mismatch(log, s)
    if mismatch:
        console.write(sentence(lang, "warning", text=mismatch))
    return s


def _write_happened(console: Console, happened: Callable[..., list[str]] | None, s: Any, observer: int | None,
                    lang: str) -> None:
    """What led to position ``s`` since the decision before it, in words (a game with ``event_lines`` only)."""
    lines = happened(s, observer, lang) if happened is not None else []
    if lines:
        console.write("\n".join(f"  {line}" for line in lines))


# ---------------------------------------------------------------------------------------------- any game's play
class _GameScreen:
    """One person's terminal for a game: the game's own screen (``Game.screen(state, seat, lang)``, else
    ``render``), what happened since his last decision (``Game.event_lines``, else nothing), then the decision and
    its numbered choices."""

    def __init__(self, game: Game, console: Console, seat: int, lang: str) -> None:
        self.game, self.console, self.seat, self.lang = game, console, seat, lang

    def board(self, state: Any, seat: int | None) -> str:
        show = getattr(self.game, "screen", None)
        return show(state, seat, self.lang) if show is not None else self.game.render(state, seat, self.lang)

    def events(self, state: Any) -> list[str]:
        lines = getattr(self.game, "event_lines", None)
        return list(lines(state, self.seat, self.lang)) if lines is not None else []

    def decision(self, state: Any, since: list[str]) -> int | None:
        """Show the board, what happened, the decision and its choices; the chosen action, or None to quit."""
        lang, game = self.lang, self.game
        self.console.write("\n" + self.board(state, self.seat))
        self.console.write(sentence(lang, "since"))
        self.console.write("\n".join(f"  {line}" for line in since) if since else sentence(lang, "nothing"))
        self.console.write(game.decision_to_string(state, lang))
        choices = [(int(a), game.action_to_string(state, int(a), lang)) for a in game.legal_actions(state)]
        for i, (_, words) in enumerate(choices, 1):
            self.console.write(f"  {i:>3}. {words}")
        return ask(self.console, choices, lambda: self.console.write(self.board(state, self.seat)), lang)


def seat_the_person(num_players: int, seat: int, opponents: list[str]) -> list[str]:
    """Every seat's spec in seat order, ``"human"`` at ``seat`` and ``opponents`` in the others; a ValueError naming
    the allowed seats, or the number of opponent specs needed.

    Example:
        >>> seat_the_person(3, 1, ["random", "heuristic"])
        ['random', 'human', 'heuristic']
    """
    if not 0 <= seat < num_players:
        where = "0" if num_players == 1 else f"0..{num_players - 1}"
        raise ValueError(f"seat must be {where} for a {num_players}-player game; got {seat}")
    if len(opponents) != num_players - 1:
        raise ValueError(f"{num_players} players need {num_players - 1} opponent spec(s), got {len(opponents)}")
    seats = list(opponents)
    seats.insert(seat, "human")
    return seats


def play_game_human(game_id: str, num_players: int, seat: int, opponents: list[str], seed: int, log_path: str,
                    console: Console | None = None, resume: GameLog | None = None, lang: str = "en",
                    options: dict[str, Any] | None = None) -> GameLog:
    """Play any registered game in the terminal (``df-env play --game ID``): the person plays ``seat`` with the
    game's own screen, ``opponents`` (one spec per other seat, in seat order) the rest; ``options``: the game's
    configuration options (Galactic Civ's ``{"events": True}``; a bad one raises ``GameError`` naming the
    allowed); ``resume`` goes on with a log saved in the middle of a game (its options too). Returns the log, also
    saved at ``log_path`` (when the game ends or the person quits), which records the whole configuration."""
    console = console or Console()
    if resume is not None:
        if "human" not in resume.seats:
            raise GameLogError(f"the log's seats {resume.seats} have no 'human' seat to resume")
        game_id, num_players, seed, options = resume.game, resume.num_players, resume.seed, resume.options
        seat = resume.seats.index("human")
        opponents = [x for p, x in enumerate(resume.seats) if p != seat]
    game = make_game(game_id)
    seats = seat_the_person(num_players, seat, opponents)
    config = game.make_config(num_players, **(options or {}))
    log = GameLog.of_config(game_id, config, seed, seats)
    s = game.new_game(config, seed)
    agents = {p: make_agent(spec, game=game_id).as_policy(p, seed, game) for p, spec in enumerate(seats) if p != seat}
    introduce(agents.values(), seats)
    screen = _GameScreen(game, console, seat, lang)
    since = screen.events(s)
    if resume is not None:
        _replay_into(game, s, resume.actions, log, agents)
        since = [sentence(lang, "resumed", path=log_path, n=len(log.actions), turn=game.turn(s))]
    _game_loop(game, s, seats, agents, log, screen, since)
    _save_game(game, log, s, log_path, screen)
    return log


def _replay_into(game: Game, s: Any, actions: list[int], log: GameLog, agents: dict[int, SeatPolicy]) -> None:
    """Apply a resumed log's actions to ``s`` (and to ``log``), shown to the agents as they were played; a game
    already over cannot be resumed."""
    for k, a in enumerate(actions):
        try:
            if 0 <= a < game.info.num_actions and game.legal_mask(s)[a]:
                tell(agents.values(), s, a)
            game.apply_action(s, a)
        except IllegalActionError as err:
            raise GameLogError(f"step {k + 1} of the log: {err}") from None
        log.actions.append(a)
    if game.is_terminal(s):
        raise GameLogError("the game in this log is over: nothing to resume (df-env replay shows it)")


def _game_loop(game: Game, s: Any, seats: list[str], agents: dict[int, SeatPolicy], log: GameLog,
               screen: _GameScreen, since: list[str]) -> None:
    """Decisions until the game ends or the person quits (Ctrl-C too: the log so far is saved by the caller)."""
    lang = screen.lang
    while not game.is_terminal(s):
        p = game.current_player(s)
        if p == screen.seat:
            try:
                a = screen.decision(s, since)
            except KeyboardInterrupt:
                a = None
            if a is None:
                return
            since = [sentence(lang, "you", text=game.action_to_string(s, a, lang))]
        else:
            a = agents[p](s)
            since.append(sentence(lang, "other", p=p, seat=seats[p], text=game.action_to_string(s, a, lang)))
        tell(agents.values(), s, a)
        game.apply_action(s, a)
        log.actions.append(a)
        since += screen.events(s)


def _save_game(game: Game, log: GameLog, s: Any, log_path: str, screen: _GameScreen) -> None:
    """Save the log with the result so far; show the end (every hand) or how to go on."""
    log.set_result(s)
    save_log(log, log_path)
    over = game.is_terminal(s)
    screen.console.write(screen.board(s, None if over else screen.seat))
    if over:
        screen.console.write(sentence(screen.lang, "over"))
        screen.console.write(game.decision_to_string(s, screen.lang))
        screen.console.write(sentence(screen.lang, "saved", path=log_path))
    else:
        screen.console.write(sentence(screen.lang, "stopped", path=log_path))
