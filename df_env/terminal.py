"""Playing and replaying in the terminal (``df-env play``, ``df-env replay``).

A person plays one seat; the other seats are agents (``"heuristic"``, ``"mcts:iters=200"``...). At each of his
decisions he sees the game as he sees it (hidden cards stay hidden), then what happened since his last decision (his
own choice, the other seats' choices, every event as he can see it; of the setup only the last events), then the
legal choices by name, numbered, so that what changed stays on screen above the prompt. The game is saved as a
log (:mod:`df_env.gamelog`) when it ends or when he quits (``q``, end of input, or Ctrl-C).

Input and output go through a :class:`Console` so that tests can script them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from agents import SeatPolicy, make_agent
from df_env.core import Game, make_game
from df_env.games.deep_future.engine.api import IllegalActionError, apply_action, legal_actions, new_game
from df_env.games.deep_future.envs.common import seat_rule
from df_env.games.deep_future.web import engine_view as E
from df_env.games.deep_future.web.words import ResultTracker, event_lines, fix_words, header, in_setup, say

from .gamelog import GameLog, GameLogError, final_state, replay, result_mismatch, save_log

action_to_string, render_text = E.action_to_string, E.render_text
DECISION_TITLE = "\n== decision =="  # render_text's sections after the view: the decision, then the events
LEGEND = ("suits: S sun, M moon, R heart, K skull, H hand, F foot; a card reads #id, number and suit, type, name, "
          "(its sector), [its advancements: suit letter, number, name; * circled]")
HELP = ("type the number of a choice; v: show the board again; q: save and quit; ?: this help\n" + LEGEND)
# the terminal's own sentences per language (the game's sentences come from the engine's text layer in that language)
WORDS: dict[str, dict[str, str]] = {
    "en": {"legend": LEGEND, "help": HELP, "prompt": "your choice (1-{n}, ? for help): ",
           "not_choice": "not a choice: {text!r}; {help}",
           "unchanged": "\n{header} (the board has not changed; v shows it)",
           "since": "\n== since your last decision ==", "nothing": "  (nothing)", "over": "\n== game over ==",
           "saved": "the log is saved in {path} (df-env replay {path})",
           "stopped": "game stopped; the log is saved in {path}; go on with: df-env play --resume {path}",
           "resumed": "resumed {path}: {n} actions replayed, turn {turn}", "step": "\n######## step {k}/{n}",
           "chose": "-> player {p} ({seat}) chose: {text}", "next": "Enter: next, a: all, q: quit ",
           "after": "\n######## after step {n}", "warning": "warning: {text}"},
    "zh": {"legend": "花色：S 太阳，M 月亮，R 心，K 骷髅，H 手，F 脚；卡片读作 #编号、数字和花色、类型、名称、"
                     "（其星区）、[其进步：花色字母、数字、名称；* 为圈选]",
           "help": "输入选项的编号；v：再次显示棋盘；q：保存并退出；?：本帮助\n",
           "prompt": "你的选择（1-{n}，? 为帮助）：",
           "not_choice": "不是选项：{text!r}；{help}", "unchanged": "\n{header}（棋盘未变；输入 v 显示）",
           "since": "\n== 自你上次决策以来 ==", "nothing": "  （无）", "over": "\n== 游戏结束 ==",
           "saved": "游戏记录已保存于 {path}（df-env replay {path}）",
           "stopped": "游戏已停止；记录已保存于 {path}；继续：df-env play --resume {path}",
           "resumed": "已恢复 {path}：重放了 {n} 个行动，第 {turn} 回合", "step": "\n######## 第 {k}/{n} 步",
           "chose": "-> 玩家 {p}（{seat}）选择：{text}", "next": "回车：下一步，a：全部，q：退出 ",
           "after": "\n######## 第 {n} 步之后", "warning": "警告：{text}"},
}
WORDS["zh"]["help"] += WORDS["zh"]["legend"]


def _say(lang: str, key: str, **values: object) -> str:
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


def _view(state: np.ndarray, observer: int | None, color: bool, lang: str = "en") -> str:
    """The game view without its decision and last-step events (the caller shows the choices, numbered, and
    everything since the last decision)."""
    title = "\n" + E.section_title("decision", lang)
    lines = render_text(state, observer, color, lang).split(title)[0].split("\n")
    return "\n".join([header(state.reshape(()), lang)] + lines[1:])


def _setup_lines(state: np.ndarray, seat: int, lang: str = "en") -> list[str]:
    """The setup as ``seat`` sees it: one summary line, then what matters (homeworlds, the neutral line, the first
    turn); the map shows the rest."""
    return event_lines(state, seat, setup=True, lang=lang)


def _choices(state: np.ndarray, lang: str = "en") -> list[tuple[int, str]]:
    return [(int(a), fix_words(action_to_string(state, int(a), lang), lang)) for a in legal_actions(state)]


def _ask(console: Console, choices: list[tuple[int, str]], show: Callable[[], None], lang: str = "en") -> int | None:
    """The chosen action, or None to quit."""
    while True:
        try:
            text = console.read(_say(lang, "prompt", n=len(choices))).strip().lower()
        except EOFError:
            return None
        if text in ("q", "quit", "exit"):
            return None
        if text in ("?", "h", "help"):
            console.write(_say(lang, "help"))
        elif text in ("v", "view", "b", "board"):
            show()
        elif text.isdigit() and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1][0]
        else:
            console.write(_say(lang, "not_choice", text=text, help=_say(lang, "help")))


class _Screen:
    """What one person sees in the terminal: the board only when it changed (or on request), what happened since
    his last decision, the decision and its numbered choices; ``lang="zh"``: every sentence in Chinese."""

    def __init__(self, console: Console, seat: int, color: bool, lang: str = "en") -> None:
        self.console, self.seat, self.color, self.lang = console, seat, color, lang
        self.board: str | None = None

    def write(self, text: str) -> None:
        self.console.write(text)

    def say(self, key: str, **values: object) -> None:
        self.write(_say(self.lang, key, **values))

    def show_board(self, state: np.ndarray, observer: int | None) -> None:
        self.board = _view(state, observer, self.color, self.lang)
        self.write(self.board)

    def decision(self, state: np.ndarray, since: list[str]) -> int | None:
        """Show the decision (the board first if it changed) and ask; None: the person quit."""
        board = _view(state, self.seat, self.color, self.lang)
        if self.board is None or board.split("\n", 1)[1] != self.board.split("\n", 1)[1]:  # beyond the header
            self.board = board
            self.write(board)
        else:
            self.say("unchanged", header=header(state.reshape(()), self.lang))
        self.say("since")
        self.write("\n".join(f"  {line}" for line in since) if since else _say(self.lang, "nothing"))
        self.write(fix_words(E.decision_to_string(state, self.lang), self.lang))
        choices = _choices(state, self.lang)
        for i, (_, text) in enumerate(choices, 1):
            self.write(f"  {i:>3}. {text}")
        return _ask(self.console, choices, lambda: self.show_board(state, self.seat), self.lang)


def _show_decision(console: Console, state: np.ndarray, seat: int, since: list[str], color: bool) -> None:
    """The game view, then what happened since the last decision, then the decision and its numbered choices."""
    console.write(_view(state, seat, color))
    console.write("\n== since your last decision ==")
    console.write("\n".join(f"  {line}" for line in since) if since else "  (nothing)")
    console.write(fix_words(E.decision_to_string(state)))
    for i, (_, text) in enumerate(_choices(state), 1):
        console.write(f"  {i:>3}. {text}")


class QuitGame(Exception):
    """The person quit in the middle of a game."""


class HumanSeat:
    """A person deciding for ``seat`` in the terminal, as a ``policy(state) -> action`` (campaign games).

    The other seats' policies report their moves with :meth:`saw`, so each decision shows what happened
    since the person's last one. Quitting raises :class:`QuitGame`.
    """

    def __init__(self, seat: int, console: Console | None = None, color: bool = False, lang: str = "en") -> None:
        self.seat, self.console, self.color = seat, console or Console(), color
        self.screen = _Screen(self.console, seat, color, lang)
        self.since: list[str] = []

    def saw(self, state: np.ndarray, player: int, name: str, action: int) -> None:
        """Another seat chose ``action`` in ``state`` (before it is applied)."""
        lang = self.screen.lang
        self.since.append(say(lang, "other", p=player, seat=name,
                              text=fix_words(action_to_string(state, action, lang), lang)))

    def __call__(self, state: np.ndarray) -> int:
        # nothing seen yet: the game has just been set up (self.since holds at least "you: ..." afterwards)
        lang = self.screen.lang
        if not self.since:
            self.screen.say("legend")
        seen = event_lines(state, self.seat, setup=not self.since or in_setup(state), lang=lang)
        a = self.screen.decision(state, self.since + [f"  {e}" for e in seen])
        if a is None:
            raise QuitGame
        self.since = [say(lang, "you", text=fix_words(action_to_string(state, a, lang), lang))]
        return a


def play_human(num_players: int, seat: int, opponents: list[str], seed: int, log_path: str,
               console: Console | None = None, color: bool = False, resume: GameLog | None = None,
               lang: str = "en", analysis: str | None = "oracle:iters=400") -> GameLog:
    """Play a game in the terminal: the person plays ``seat``, ``opponents`` (one spec per other seat, in seat
    order) play the rest. ``resume``: a log saved in the middle of a game (its seats and seed are used; the game goes on
    from its last action). ``analysis``: after a lost solo game, the reference offered to replay the deal ("was this
    deal winnable?", :mod:`df_env.games.deep_future.analysis.terminal`; None: not offered). Returns the log, also saved
    at ``log_path``."""
    console = console or Console()
    if resume is not None:
        if "human" not in resume.seats:
            raise GameLogError(f"the log's seats {resume.seats} have no 'human' seat to resume")
        num_players, seat, seed = resume.num_players, resume.seats.index("human"), resume.seed
        opponents = [x for p, x in enumerate(resume.seats) if p != seat]
    if not 0 <= seat < num_players:
        raise ValueError(f"seat must be {seat_rule(num_players)}; got {seat}")
    if len(opponents) != num_players - 1:
        raise ValueError(f"{num_players} players need {num_players - 1} opponent spec(s), got {len(opponents)}")
    seats = list(opponents)
    seats.insert(seat, "human")
    agents = {p: make_agent(spec).as_policy(p, seed) for p, spec in enumerate(seats) if p != seat}
    log = GameLog(num_players=num_players, seed=seed, seats=seats)
    tracker = ResultTracker(seats)
    s = new_game(log.game_config(), seed)
    tracker.saw(s)
    ahead = {p: spec for p, spec in enumerate(seats) if p != seat}
    screen = _Screen(_on_first_read(console, lambda: compile_ahead(ahead, s)), seat, color, lang)
    since = [f"  {e}" for e in _setup_lines(s, seat, lang)]
    if resume is not None:
        log = GameLog(num_players=num_players, seed=seed, seats=seats, restart_on_loss=resume.restart_on_loss)
        s = new_game(log.game_config(), seed)
        for k, a in enumerate(resume.actions):
            try:
                apply_action(s, a)
            except IllegalActionError as err:
                raise GameLogError(f"step {k + 1} of the log: {err}") from None
            log.actions.append(a)
            tracker.saw(s)
        if s["over"]:
            raise GameLogError("the game in this log is over: nothing to resume (df-env replay shows it)")
        since = [_say(lang, "resumed", path=log_path, n=len(log.actions), turn=int(s["turn"]))]
    screen.say("legend")
    try:
        _play_loop(s, seat, seats, agents, log, screen, tracker, since)
    except KeyboardInterrupt:  # Ctrl-C: save the game so far, then stop as interrupted
        s = final_state(log)  # the logged actions, whatever the interrupted step had done
        _save_and_report(log, s, seat, log_path, screen, tracker)
        raise
    _save_and_report(log, s, seat, log_path, screen, tracker)
    if analysis and num_players == 1 and s["over"] and int(s["winner"]) != 0:  # a lost solo game
        from df_env.games.deep_future.analysis.terminal import offer_winnable

        offer_winnable(log, console, color, lang, analysis)
    return log


def _on_first_read(console: Console, first: Callable[[], object]) -> Console:
    """``console`` that calls ``first()`` when it first waits for the person (the board is on the screen): the
    agents compile ahead while he reads it, so the AI's first move does not freeze the terminal."""
    done: list[bool] = []

    def read(prompt: str) -> str:
        if not done:
            done.append(True)
            first()
        return console.read(prompt)

    return Console(read=read, write=console.write)


def _play_loop(s: np.ndarray, seat: int, seats: list[str], agents: dict[int, SeatPolicy], log: GameLog,
               screen: _Screen, tracker: ResultTracker, since: list[str]) -> None:
    """Decisions until the game ends or the person quits; every action is applied to ``s`` and logged."""
    lang = screen.lang
    while not s["over"]:
        p = int(s["dplayer"])
        if p == seat:
            a = screen.decision(s, since)
            if a is None:
                break
            since = [say(lang, "you", text=fix_words(action_to_string(s, a, lang), lang))]
        else:
            a = agents[p](s)
            since.append(say(lang, "other", p=p, seat=seats[p], text=fix_words(action_to_string(s, a, lang), lang)))
        setup = in_setup(s)
        apply_action(s, a)
        log.actions.append(a)
        tracker.saw(s)
        since += [f"  {e}" for e in event_lines(s, seat, setup=setup, summary=False, lang=lang)]


def _save_and_report(log: GameLog, s: np.ndarray, seat: int, log_path: str, screen: _Screen,
                     tracker: ResultTracker) -> None:
    """Save the log with the result of ``s`` (the last position); show the position and, at the end, who won and
    why each player lost."""
    log.set_result(s)
    save_log(log, log_path)
    screen.show_board(s, None if s["over"] else seat)
    if s["over"]:
        screen.say("over")
        for line in tracker.lines(s, screen.lang):
            screen.write(f"  {line}")
        screen.say("saved", path=log_path)
    else:
        screen.say("stopped", path=log_path)


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
        console.write(_say(lang, "step", k=k + 1, n=n))
        _write_happened(console, happened, s, observer, lang)
        console.write(game.render(s, observer, lang, color))
        console.write(_say(lang, "chose", p=p, seat=log.seats[p], text=game.action_to_string(s, a, lang)))
        if step:
            try:
                key = console.read(_say(lang, "next")).strip().lower()
            except EOFError:
                key = "q"
            if key == "q":
                return game.clone(s)
            step = key != "a"
    s = final_state(log)
    console.write(_say(lang, "after", n=n))
    _write_happened(console, happened, s, observer, lang)
    console.write(game.render(s, observer, lang, color))
    mismatch = result_mismatch(log, s)
    if mismatch:
        console.write(_say(lang, "warning", text=mismatch))
    return s


def _write_happened(console: Console, happened: Callable[..., list[str]] | None, s: Any, observer: int | None,
                    lang: str) -> None:
    """What led to position ``s`` since the decision before it, in words (a game with ``event_lines`` only)."""
    lines = happened(s, observer, lang) if happened is not None else []
    if lines:
        console.write("\n".join(f"  {line}" for line in lines))


def compile_ahead(seats: dict[int, str], state: Any, max_steps: int = 400) -> threading.Thread:
    """Compile what the agents of ``seats`` (seat -> spec) will need, in a daemon thread, while the person reads the
    board: each agent (a fresh instance: the game's own agents and their generators are untouched) decides once on
    a copy of ``state`` played on (first legal actions) to its seat's turn. The engine's ``apply_action`` is loaded
    first, in the caller's thread, so that the person's own move never waits for the thread's compile. (Here, not in
    the engine's compile notices: it makes agents, which sit above the engine.)"""
    from df_env.games.deep_future.engine.api import apply_action, clone, legal_actions

    start = clone(state)
    if not start["over"]:
        apply_action(clone(state), int(legal_actions(state)[0]))

    def run() -> None:
        from agents import make_agent

        for seat, spec in seats.items():
            s = clone(start)
            for _ in range(max_steps):
                if s["over"] or int(s["dplayer"]) == seat:
                    break
                apply_action(s, int(legal_actions(s)[0]))
            if s["over"] or int(s["dplayer"]) != seat:
                continue
            try:
                make_agent(spec).as_policy(seat, 0)(s)
            except Exception:  # only a warm-up: the game's own agent meets and reports any error
                pass

    thread = threading.Thread(target=run, name="compile-ahead", daemon=True)
    thread.start()
    return thread


# ---------------------------------------------------------------------------------------------- any other game
class _GameScreen:
    """One person's terminal for a game other than Deep Future: the game's own screen (``Game.screen(state, seat,
    lang)``, else ``render``), what happened since his last decision (``Game.event_lines``, else nothing), then the
    decision and its numbered choices."""

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
        self.console.write(_say(lang, "since"))
        self.console.write("\n".join(f"  {line}" for line in since) if since else _say(lang, "nothing"))
        self.console.write(game.decision_to_string(state, lang))
        choices = [(int(a), game.action_to_string(state, int(a), lang)) for a in game.legal_actions(state)]
        for i, (_, words) in enumerate(choices, 1):
            self.console.write(f"  {i:>3}. {words}")
        return _ask(self.console, choices, lambda: self.console.write(self.board(state, self.seat)), lang)


def play_game_human(game_id: str, num_players: int, seat: int, opponents: list[str], seed: int, log_path: str,
                    console: Console | None = None, resume: GameLog | None = None, lang: str = "en",
                    options: dict[str, Any] | None = None) -> GameLog:
    """:func:`play_human` for any registered game (``df-env play --game ID``): the person plays ``seat`` with the
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
    if not 0 <= seat < num_players:
        raise ValueError(f"seat must be 0..{num_players - 1}; got {seat}")
    if len(opponents) != num_players - 1:
        raise ValueError(f"{num_players} players need {num_players - 1} opponent spec(s), got {len(opponents)}")
    seats = list(opponents)
    seats.insert(seat, "human")
    config = game.make_config(num_players, **(options or {}))
    log = GameLog.of_config(game_id, config, seed, seats)
    s = game.new_game(config, seed)
    agents = {p: make_agent(spec, game=game_id).as_policy(p, seed, game) for p, spec in enumerate(seats) if p != seat}
    screen = _GameScreen(game, console, seat, lang)
    since = screen.events(s)
    if resume is not None:
        _replay_into(game, s, resume.actions, log)
        since = [_say(lang, "resumed", path=log_path, n=len(log.actions), turn=game.turn(s))]
    _game_loop(game, s, seats, agents, log, screen, since)
    _save_game(game, log, s, log_path, screen)
    return log


def _replay_into(game: Game, s: Any, actions: list[int], log: GameLog) -> None:
    """Apply a resumed log's actions to ``s`` (and to ``log``); a game already over cannot be resumed."""
    for k, a in enumerate(actions):
        try:
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
            since = [say(lang, "you", text=game.action_to_string(s, a, lang))]
        else:
            a = agents[p](s)
            since.append(say(lang, "other", p=p, seat=seats[p], text=game.action_to_string(s, a, lang)))
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
        screen.console.write(_say(screen.lang, "over"))
        screen.console.write(game.decision_to_string(s, screen.lang))
        screen.console.write(_say(screen.lang, "saved", path=log_path))
    else:
        screen.console.write(_say(screen.lang, "stopped", path=log_path))
