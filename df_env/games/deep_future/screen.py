"""Deep Future's own terminal play (``df-env play``, and a person's seat in ``df-env campaign play``).

A person plays one seat; the other seats are agents (``"heuristic"``, ``"mcts:iters=200"``...). At each of his
decisions he sees the game as he sees it (hidden cards stay hidden; the board again only when it changed), then what
happened since his last decision (his own choice, the other seats' choices, every event as he can see it; of the
setup only the last events), then the legal choices by name, numbered, so that what changed stays on screen above
the prompt. The game is saved as a log (:mod:`df_env.gamelog`) when it ends or when he quits (``q``, end of input,
or Ctrl-C); at the end it says who won and why each player lost, and after a lost solo game it offers to replay
the deal with a reference ("was this deal winnable?"). Its words are the web view's
(:mod:`df_env.games.deep_future.web.words`) and the terminal's (:data:`df_env.terminal.WORDS`, with the card legend
below); the console, the numbered choices and the replay are the generic terminal's (:mod:`df_env.terminal`).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from agents import SeatPolicy, make_agent
from df_env.gamelog import GameLog, GameLogError, final_state, save_log
from df_env.terminal import WORDS as TERMINAL_WORDS
from df_env.terminal import Console, ask, seat_the_person

from .engine.api import IllegalActionError, apply_action, clone, legal_actions, new_game
from .web import engine_view as E
from .web.words import ResultTracker, event_lines, fix_words, header, in_setup, say

action_to_string, render_text = E.action_to_string, E.render_text
DECISION_TITLE = "\n== decision =="  # render_text's sections after the view: the decision, then the events
LEGEND = ("suits: S sun, M moon, R heart, K skull, H hand, F foot; a card reads #id, number and suit, type, name, "
          "(its sector), [its advancements: suit letter, number, name; * circled]")
# Deep Future's own terminal sentences (the card legend; the help ends with it) beside the terminal's
WORDS: dict[str, dict[str, str]] = {
    "en": {"legend": LEGEND, "help": TERMINAL_WORDS["en"]["help"] + "\n" + LEGEND},
    "zh": {"legend": "花色：S 太阳，M 月亮，R 心，K 骷髅，H 手，F 脚；卡片读作 #编号、数字和花色、类型、名称、"
                     "（其星区）、[其进步：花色字母、数字、名称；* 为圈选]"},
}
WORDS["zh"]["help"] = TERMINAL_WORDS["zh"]["help"] + "\n" + WORDS["zh"]["legend"]


def _say(lang: str, key: str, **values: object) -> str:
    """Sentence ``key`` of Deep Future's :data:`WORDS`, else of the terminal's, in ``lang``."""
    return (WORDS[lang] if key in WORDS[lang] else TERMINAL_WORDS[lang])[key].format(**values)


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
        return ask(self.console, choices, lambda: self.show_board(state, self.seat), self.lang,
                   _say(self.lang, "help"))


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
    seats = seat_the_person(num_players, seat, opponents)
    agents = {p: make_agent(spec).as_policy(p, seed) for p, spec in enumerate(seats) if p != seat}
    log = GameLog(num_players=num_players, seed=seed, seats=seats)
    tracker = ResultTracker(seats)
    s = new_game(log.game_config(), seed)
    tracker.saw(s)
    ahead = {p: spec for p, spec in enumerate(seats) if p != seat}
    # The agents compile (or load from the cache) before the first board is shown, each step announced by the
    # compile watch: then no AI move waits for a compile, whichever seat the person plays. (Compiling while he read
    # the first board made a person at seat 1 who answered at once wait for it: 190 s cold under load, issue 27.)
    compile_ahead(ahead, s).join()
    screen = _Screen(console, seat, color, lang)
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


def compile_ahead(seats: dict[int, str], state: Any, max_steps: int = 400) -> threading.Thread:
    """Compile what the agents of ``seats`` (seat -> spec) will need, in a daemon thread (``df-env play`` joins it
    before the first board is shown; a caller may instead let it run while the person reads): each agent (a fresh
    instance: the game's own agents and their generators are untouched) decides once on a copy of ``state`` played
    on (first legal actions) to its seat's turn. The engine's ``apply_action`` is loaded first, in the caller's
    thread. (Here, not in the engine's compile notices: it makes agents, which sit above the engine.)"""
    start = clone(state)
    if not start["over"]:
        apply_action(clone(state), int(legal_actions(state)[0]))

    def run() -> None:
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
