"""Playing and replaying in the terminal (``df-env play``, ``df-env replay``).

A person plays one seat; the other seats are agents (``"heuristic"``, ``"mcts:iters=200"``...). At each of his
decisions he sees the game as he sees it (hidden cards stay hidden), then what happened since his last decision (his
own choice, the other seats' choices, every event as he can see it; of the setup only the last events), then the
legal choices by name, numbered, so that what changed stays on screen above the prompt. The game is saved as a
log (:mod:`df_env.gamelog`) when it ends or when he quits (``q``, end of input, or Ctrl-C).

Input and output go through a :class:`Console` so that tests can script them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from agents import Agent, make_agent
from df_env.engine.api import apply_action, legal_actions, legal_mask, new_game
from df_env.engine.observation.encode import observe
from df_env.engine.text.eventtext import events
from df_env.engine.text.render import action_to_string, decision_to_string, event_strings, render_text
from df_env.envs.common import seat_rule
from df_env.gamelog import GameLog, final_state, replay, result_mismatch, save_log

DECISION_TITLE = "\n== decision =="  # render_text's sections after the view: the decision, then the events
HELP = "type the number of a choice; v: show the game again; q: save and quit; ?: this help"
SETUP_EVENTS_SHOWN = 15  # the setup's events before the first decision: only the last ones (the map shows the rest)


def _stdin(prompt: str) -> str:
    return input(prompt)


def _stdout(text: str) -> None:
    print(text)


@dataclass
class Console:
    """Where the terminal reads and writes (``read`` raises EOFError at the end of input)."""

    read: Callable[[str], str] = _stdin
    write: Callable[[str], None] = _stdout


def _view(state: np.ndarray, observer: int | None, color: bool) -> str:
    """The game view without its decision and last-step events (the caller shows the choices, numbered, and
    everything since the last decision)."""
    return render_text(state, observer, color).split(DECISION_TITLE)[0]


def _setup_lines(state: np.ndarray, seat: int) -> list[str]:
    """The events of the setup as ``seat`` sees them: the last :data:`SETUP_EVENTS_SHOWN` recorded ones, after one
    line that counts the earlier ones (and those the event log had no room for: it keeps the first ones)."""
    lines = event_strings(state, seat)
    recorded = len(events(state))
    lost = len(lines) - recorded  # event_strings ends with a line counting what was not recorded
    lines = lines[:recorded]
    earlier = recorded - SETUP_EVENTS_SHOWN
    if earlier <= 0 and not lost:
        return lines
    head = f"... {max(earlier, 0)} earlier setup events"
    if lost:
        n_lost = int(state["ev_n"]) - recorded
        head += f" (the log keeps the first {recorded} of {recorded + n_lost}: {n_lost} later ones are not shown)"
    return [head] + lines[max(earlier, 0):]


def _choices(state: np.ndarray) -> list[tuple[int, str]]:
    return [(int(a), action_to_string(state, int(a))) for a in legal_actions(state)]


def _ask(console: Console, choices: list[tuple[int, str]], show: Callable[[], None]) -> int | None:
    """The chosen action, or None to quit."""
    while True:
        try:
            text = console.read(f"your choice (1-{len(choices)}, ? for help): ").strip().lower()
        except EOFError:
            return None
        if text in ("q", "quit", "exit"):
            return None
        if text in ("?", "h", "help"):
            console.write(HELP)
        elif text in ("v", "view"):
            show()
        elif text.isdigit() and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1][0]
        else:
            console.write(f"not a choice: {text!r}; {HELP}")


def _show_decision(console: Console, state: np.ndarray, seat: int, since: list[str], color: bool) -> None:
    """The game view, then what happened since the last decision, then the decision and its numbered choices (the
    view is long: what changed and what to choose stay on screen, just above the prompt)."""
    console.write(_view(state, seat, color))
    console.write("\n== since your last decision ==")
    console.write("\n".join(f"  {line}" for line in since) if since else "  (nothing)")
    console.write(decision_to_string(state))
    for i, (_, text) in enumerate(_choices(state), 1):
        console.write(f"  {i:>3}. {text}")


def _agent_action(agent: Agent, state: np.ndarray, seat: int) -> int:
    obs = observe(state, seat) if agent.uses_observation else None
    return agent.act(obs, legal_mask(state), state.copy() if agent.uses_state else None)


class QuitGame(Exception):
    """The person quit in the middle of a game."""


class HumanSeat:
    """A person deciding for ``seat`` in the terminal, as a ``policy(state) -> action`` (campaign games).

    The other seats' policies report their moves with :meth:`saw`, so each decision shows what happened
    since the person's last one. Quitting raises :class:`QuitGame`.
    """

    def __init__(self, seat: int, console: Console | None = None, color: bool = False) -> None:
        self.seat, self.console, self.color = seat, console or Console(), color
        self.since: list[str] = []

    def saw(self, state: np.ndarray, player: int, name: str, action: int) -> None:
        """Another seat chose ``action`` in ``state`` (before it is applied)."""
        self.since.append(f"player {player} ({name}): {action_to_string(state, action)}")

    def __call__(self, state: np.ndarray) -> int:
        # nothing seen yet: the game has just been set up (self.since holds at least "you: ..." afterwards)
        seen = event_strings(state, self.seat) if self.since else _setup_lines(state, self.seat)
        since = self.since + [f"  {e}" for e in seen]
        _show_decision(self.console, state, self.seat, since, self.color)
        a = _ask(self.console, _choices(state), lambda: self.console.write(_view(state, self.seat, self.color)))
        if a is None:
            raise QuitGame
        self.since = [f"you: {action_to_string(state, a)}"]
        return a


def play_human(num_players: int, seat: int, opponents: list[str], seed: int, log_path: str,
               console: Console | None = None, color: bool = False) -> GameLog:
    """Play a game in the terminal: the person plays ``seat``, ``opponents`` (one spec per other seat, in seat
    order) play the rest. Returns the log, also saved at ``log_path``."""
    console = console or Console()
    if not 0 <= seat < num_players:
        raise ValueError(f"seat must be {seat_rule(num_players)}; got {seat}")
    if len(opponents) != num_players - 1:
        raise ValueError(f"{num_players} players need {num_players - 1} opponent spec(s), got {len(opponents)}")
    seats = list(opponents)
    seats.insert(seat, "human")
    agents = {p: make_agent(spec) for p, spec in enumerate(seats) if p != seat}
    for p, agent in agents.items():
        agent.reset(np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(p + 1,))), p)
    log = GameLog(num_players=num_players, seed=seed, seats=seats)
    s = new_game(log.game_config(), seed)
    try:
        _play_loop(s, seat, seats, agents, log, console, color)
    except KeyboardInterrupt:  # Ctrl-C: save the game so far, then stop as interrupted
        s = final_state(log)  # the logged actions, whatever the interrupted step had done
        _save_and_report(log, s, seat, log_path, console, color)
        raise
    _save_and_report(log, s, seat, log_path, console, color)
    return log


def _play_loop(s: np.ndarray, seat: int, seats: list[str], agents: dict[int, Agent], log: GameLog,
               console: Console, color: bool) -> None:
    """Decisions until the game ends or the person quits; every action is applied to ``s`` and logged."""
    since = _setup_lines(s, seat)
    while not s["over"]:
        p = int(s["dplayer"])
        if p == seat:
            _show_decision(console, s, seat, since, color)
            a = _ask(console, _choices(s), lambda: console.write(_view(s, seat, color)))
            if a is None:
                break
            since = [f"you: {action_to_string(s, a)}"]
        else:
            a = _agent_action(agents[p], s, p)
            since.append(f"player {p} ({seats[p]}): {action_to_string(s, a)}")
        apply_action(s, a)
        log.actions.append(a)
        since += [f"  {e}" for e in event_strings(s, seat)]


def _save_and_report(log: GameLog, s: np.ndarray, seat: int, log_path: str, console: Console, color: bool) -> None:
    """Save the log with the result of ``s`` (the last position) and show the position."""
    log.set_result(s)
    save_log(log, log_path)
    console.write(_view(s, None if s["over"] else seat, color))
    console.write(f"{'game over' if s['over'] else 'game stopped'}; the log is saved in {log_path}")


def replay_game(log: GameLog, observer: int | None = None, step: bool = True, console: Console | None = None,
                color: bool = False) -> np.ndarray:
    """Show every position of a logged game with the choice made there; ``step``: wait for Enter between
    positions (q quits, a shows the rest without stopping). Returns the last position shown."""
    console = console or Console()
    n = len(log.actions)
    for k, s, a in replay(log):
        console.write(f"\n######## step {k + 1}/{n}")
        console.write(render_text(s, observer, color))
        console.write(f"-> player {int(s['dplayer'])} ({log.seats[int(s['dplayer'])]}) chose: "
                      f"{action_to_string(s, a)}")
        if step:
            try:
                key = console.read("Enter: next, a: all, q: quit ").strip().lower()
            except EOFError:
                key = "q"
            if key == "q":
                return s.copy()
            step = key != "a"
    s = final_state(log)
    console.write(f"\n######## after step {n}")
    console.write(render_text(s, observer, color))
    mismatch = result_mismatch(log, s)
    if mismatch:
        console.write(f"warning: {mismatch}")
    return s
