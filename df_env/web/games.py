"""Games kept by the web server: each seat a person or an agent, agents played in a background thread.

A :class:`WebGame` holds the engine state (which never leaves the server), the game log, per-person lists of what
happened since his last decision (as he may see it), and the reasons of the end screen. Every change happens under
the game's lock; a person's answer names the step it answers (``len(log.actions)``), so an answer to a decision
that is no longer pending (a second tab, a double click) is refused and changes nothing.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import secrets
import threading
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents import SeatPolicy, introduce, make_agent, tell
from df_env.gamelog import GameLog, GameLogError, save_log
from df_env.games.deep_future import engine
from df_env.games.deep_future.web import engine_view as E
from df_env.games.deep_future.web.words import say

from .plugins import plugin_for
from .seatfile import save_seats, token_hash

LOG = logging.getLogger(__name__)
HUMAN = "human"
AGENT_DELAY = 0.0  # seconds an agent's move is held back (set by `df-env serve --agent-delay` so a person can follow)


class RequestError(Exception):
    """A refused request: ``status`` is the HTTP status (400 malformed, 403 not your seat, 404 unknown, 409 no
    longer pending, 413 too large, 422 illegal; 507 the game could not be saved), ``message`` says what was wrong
    and what is allowed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class CampaignLink:
    """A game that is a campaign's next game: recorded into the campaign file when it ends, the CLI's safe way
    (under the campaign's lock, reloaded, written atomically with the previous file kept as a backup)."""

    def __init__(self, path: Path, game_number: int, seed: int, seats: list[str]) -> None:
        self.path, self.game_number, self.seed = path, game_number, seed
        self.names = ["person" if x == HUMAN else x for x in seats]
        self.homes: Any = None
        self.outcome: str | None = None  # English; ``outcomes``: the same in every language
        self.outcomes: dict[str, str] = {}

    def observe(self, state: np.ndarray) -> None:
        if self.homes is None:
            self.homes = E.HomeworldLog(state)
        else:
            self.homes.observe(state)

    def finish(self, state: np.ndarray) -> None:
        try:
            with E.campaign_lock(self.path):
                camp = E.load_campaign(self.path)
                if camp.games + 1 != self.game_number:
                    self._say("camp.meanwhile", file=self.path.name, n=camp.games, m=self.game_number)
                    return
                rec = camp.record(state, self.names, self.homes.homeworlds, seed=self.seed)
                E.save_campaign(camp, self.path)
            kind = rec.outcome if rec.outcome in ("victory", "no_winner", "truncated") else None
            self.outcomes = {lang: say(lang, "camp.recorded", file=self.path.name, n=rec.game,
                                       how=say(lang, f"camp.{kind}") if kind else rec.outcome) for lang in E.TEXT_LANGS}
            self.outcome = self.outcomes["en"]
        except E.CampaignError as err:
            self._say("camp.error", err=str(err))

    def _say(self, key: str, **values: object) -> None:
        self.outcomes = {lang: say(lang, key, **values) for lang in E.TEXT_LANGS}
        self.outcome = self.outcomes["en"]


@dataclass
class Resumed:
    """A game resumed from its log: the actions to play again and the seat file's token hashes."""

    actions: list[int]
    hashes: dict[int, str]
    undos: list[dict[str, Any]] = field(default_factory=list)


class WebGame:
    """One game on the server. ``seats``: ``"human"`` or an agent spec per seat; ``game_id``: the game (its rules
    and its view plug-in, :func:`~df_env.web.plugins.plugin_for`); ``options``: the game's other configuration
    (Galactic Civ's events, races and trade_literal), kept in the log so that a resumed, undone or replayed game is
    the same game, and shown in every view."""

    def __init__(self, gid: str, seats: list[str], seed: int, log_dir: Path | None,
                 restart_on_loss: bool = False, config: engine.GameConfig | None = None,
                 campaign: CampaignLink | None = None, searches: threading.Semaphore | None = None,
                 resume: Resumed | None = None, game_id: str = "deep_future",
                 options: dict[str, Any] | None = None) -> None:
        self.gid, self.seats, self.seed = gid, list(seats), seed
        n = len(seats)
        self.plugin = plugin_for(game_id)
        self.rules = self.plugin.game
        self.log = GameLog(num_players=n, seed=seed, seats=list(seats), restart_on_loss=restart_on_loss,
                           game=game_id, options=dict(options or {}))
        self.agents: dict[int, SeatPolicy] = {p: make_agent(spec, game_id).as_policy(p, seed, game=self.rules)
                                              for p, spec in enumerate(seats) if spec != HUMAN}
        introduce(self.agents.values(), self.seats)
        self.state = self.rules.new_game(config or self.log.game_config(), seed)
        self.campaign = campaign
        if campaign is not None:
            campaign.observe(self.state)
            log_dir = None  # a log replays a fresh galaxy, not the campaign's: the campaign file keeps the game
        self.lock = threading.RLock()
        # per person: what happened since his last decision, each line in every language ({"en": ..., "zh": ...})
        self.since: dict[int, list[dict[str, str]]] = {p: [] for p in range(n) if p not in self.agents}
        self.tracker = self.plugin.narrator(self.seats)
        self.thinking: int | None = None
        self.error: str | None = None
        self.last_human: int = min(self.since) if self.since else 0
        self.log_path = log_dir / f"web-{gid}.json" if log_dir else None
        # each person's seat belongs to whoever holds its token (the creator gets them all and may hand them out);
        # the server keeps only their hashes (a resumed game has no tokens, only the hashes of its seat file)
        self.tokens: dict[int, str] = {p: secrets.token_urlsafe(18) for p in self.since} if resume is None else {}
        self.token_hashes = {p: token_hash(t) for p, t in self.tokens.items()} if resume is None else resume.hashes
        self.worker: threading.Thread | None = None
        self.searches = searches  # shared by the server's games: at most so many agent searches at once
        self.created = time.time()
        self.touched = time.monotonic()  # the last request or move: the store drops games idle too long
        self.closed = False  # dropped by the store: the agents stop
        self.stalled = False  # an agent's move could not be saved: retried on the next view
        self.save_failed = False  # ``error`` says so (cleared once an agent's move is saved)
        self.actors: list[int] = []  # who chose each logged action
        self.undos: list[dict[str, Any]] = [] if resume is None else resume.undos  # marked in the seat file
        self._record_events(-1, None)
        if resume is not None:
            self._replay(resume.actions)
        self._save()
        if resume is None and self.log_path is not None:
            self.save_seats()

    # ---------------------------------------------------------------------------------------------- reading
    @property
    def step(self) -> int:
        return len(self.log.actions)

    @property
    def humans(self) -> list[int]:
        return sorted(self.since)

    @property
    def game_id(self) -> str:
        return self.plugin.game_id

    @property
    def over(self) -> bool:
        return bool(self.rules.is_terminal(self.state))

    def pending_seat(self) -> int | None:
        p = int(self.rules.current_player(self.state))
        return None if p < 0 else p

    def seats_of(self, tokens: list[str]) -> set[int]:
        """The person seats whose tokens are among ``tokens`` (compared in constant time)."""
        given = [token_hash(t) for t in tokens]
        return {p for p, h in self.token_hashes.items() if any(secrets.compare_digest(h, g) for g in given)}

    def _seat_to_show(self, seat: int | None, yours: set[int]) -> int:
        """The seat a view shows: ``seat`` if the caller holds it (any seat once the game is over), else the seat
        he holds that decides now or decided last."""
        over = self.over
        if seat is None:
            p = self.pending_seat()
            if p is not None and p in yours:
                return p
            return self.last_human if self.last_human in yours else min(yours)
        if not 0 <= seat < len(self.seats):
            raise RequestError(400, f"seat must be 0..{len(self.seats) - 1}, got {seat}")
        if seat not in yours and not over:
            raise RequestError(403, f"seat {seat} is not yours (yours: {', '.join(map(str, sorted(yours)))}); "
                                    f"a page shows the seats whose tokens it holds")
        return seat

    def view(self, seat: int | None, lang: str = "en", yours: set[int] | None = None) -> dict[str, Any]:
        """The page's data for ``seat`` (None: the caller's seat that decides now or decided last), every text in
        ``lang``. ``yours``: the seats whose tokens the caller holds (None: every person seat, for in-process
        callers); a caller with none is refused."""
        if lang not in self.plugin.langs:
            raise RequestError(400, f"lang must be one of {', '.join(self.plugin.langs)}, got {lang!r}")
        yours = set(self.since) if yours is None else yours
        if not yours:
            raise RequestError(403, "this game's pages need a seat's token (the X-Seat-Token header or ?token=, "
                                    "as in the seat's join link)")
        with self.lock:
            seat = self._seat_to_show(seat, yours)
            self.touched = time.monotonic()
            if self.stalled:  # the agents' last move could not be saved: try again (the error shows until it works)
                self.stalled = False
                self.run_agents()
            v = self.plugin.player_view(self.state, seat, lang)
            over = self.over
            v.update(game=self.gid, step=self.step, seat=seat, seats=self.seats, seed=self.seed if over else None,
                     game_id=self.game_id, options=self.log.options, humans=self.humans, yours=sorted(yours),
                     can_undo=self.undo_point() is not None, thinking=self.thinking, error=self.error,
                     events=[line[lang] for line in self.since.get(seat, [])],
                     result=self.result(lang) if over else None,
                     log=self.log_path.name if self.log_path and over else None,
                     campaign={"file": self.campaign.path.name, "game": self.campaign.game_number,
                               "outcome": self.campaign.outcomes.get(lang, self.campaign.outcome)}
                     if self.campaign else None)
            return v

    def result(self, lang: str = "en") -> dict[str, Any]:
        """The end screen in ``lang``: who won and how, and why each other player lost (``text_zh``/``lines_zh``:
        the Chinese one, whatever ``lang``)."""
        lines, zh = self.tracker.lines(self.state, lang), self.tracker.lines(self.state, "zh")
        winner = int(self.rules.outcome(self.state)["winner"])
        return {"winner": winner, "text": " ".join(lines), "lines": lines,
                "text_zh": " ".join(zh), "lines_zh": zh}

    # ---------------------------------------------------------------------------------------------- changing
    def _record_events(self, actor: int, action_text: dict[str, str] | None, setup: bool = True) -> None:
        """After an action: tell every person what was chosen and what happened, as he may see it, in every
        language; keep the reasons of the end screen."""
        s, plugin = self.state, self.plugin
        langs = plugin.langs
        for h in self.since:
            if actor == h:
                self.since[h] = [{lang: plugin.chose(lang, (action_text or {}).get(lang, "")) for lang in langs}]
            elif action_text is not None:
                self.since[h].append({lang: plugin.chose(lang, action_text[lang], actor, self.seats[actor])
                                      for lang in langs})
            seen = {lang: plugin.events(s, h, lang, setup=setup, summary=action_text is None) for lang in langs}
            self.since[h] += [{lang: "    " + seen[lang][i] for lang in langs} for i in range(len(seen["en"]))]
        self.tracker.saw(s)

    def _apply(self, p: int, a: int) -> None:
        """Play action ``a`` of player ``p``: the log with it is saved first, so a move that cannot be saved is not
        played (:class:`RequestError` 507, nothing changed)."""
        self._save_after(a)
        self._play(p, a)

    def _play(self, p: int, a: int) -> None:
        text = {lang: self.rules.action_to_string(self.state, a, lang) for lang in self.plugin.langs}
        setup = self.plugin.in_setup(self.state)
        tell(self.agents.values(), self.state, a)  # every move, a person's and a replayed one too (Agent.observes)
        self.rules.apply_action(self.state, a)
        self.log.actions.append(a)
        self.actors.append(p)
        self.log.set_result(self.state)
        self.touched = time.monotonic()
        self._record_events(p, text, setup)
        if self.campaign is not None:
            self.campaign.observe(self.state)
            if self.over and self.campaign.outcome is None:
                self.campaign.finish(self.state)

    def _replay(self, actions: list[int]) -> None:
        """Play a resumed game's logged actions again (nothing saved); GameLogError at an illegal one."""
        for k, a in enumerate(actions):
            if not 0 <= a < self.rules.info.num_actions or not bool(self.rules.legal_mask(self.state)[a]):
                raise GameLogError(f"step {k + 1}: action {a} is not legal there")
            p = int(self.rules.current_player(self.state))
            self._play(p, a)
            if p in self.since:
                self.last_human = p

    def save_seats(self) -> None:
        assert self.log_path is not None
        try:
            save_seats(self.log_path, self.gid, self.token_hashes, self.undos)
        except OSError as err:
            raise RequestError(507, f"the server could not save the game ({err.strerror or type(err).__name__})"
                               ) from None

    def undo_point(self) -> int | None:
        """The step of the person's last answered decision, when an undo is allowed: a game against agents (one
        person seat), not over, no agent thinking; else None."""
        if len(self.since) != 1 or self.over or self.thinking is not None:
            return None
        person = next(iter(self.since))
        return next((k for k in range(len(self.actors) - 1, -1, -1) if self.actors[k] == person), None)

    def answer(self, seat: int, action: int, step: int, yours: set[int] | None = None) -> None:
        """A person's choice; raises :class:`RequestError` and changes nothing when it is not acceptable.
        ``yours``: the seats whose tokens the caller holds (None: any person seat, for in-process callers)."""
        if yours is not None and seat not in yours:
            raise RequestError(403, f"seat {seat} is not yours: an answer needs that seat's token")
        with self.lock:
            if self.over:
                raise RequestError(409, "the game is over")
            if step != self.step:
                raise RequestError(409, f"this answer is for step {step}, but the game is at step {self.step}: "
                                        f"that decision is no longer pending (answered elsewhere?); reload the page")
            p = int(self.rules.current_player(self.state))
            if seat != p:
                raise RequestError(403, f"it is player {p}'s decision, not seat {seat}'s")
            if p not in self.since:
                raise RequestError(403, f"player {p} is played by {self.seats[p]!r}")
            legal = self.rules.legal_actions(self.state)
            if action not in set(legal.tolist()):
                name = self.plugin.decision_name(self.state)
                raise RequestError(422, f"action {action} is not a legal choice for {name}; legal actions: "
                                        f"{', '.join(str(int(x)) for x in legal)}")
            self._apply(p, action)
            self.last_human = p
        self.run_agents()

    def run_agents(self) -> None:
        """Let the agents play in a background thread until a person must decide or the game ends."""
        with self.lock:
            p = self.pending_seat()
            if p is None or p not in self.agents or (self.worker and self.worker.is_alive()):
                return
            self.thinking = p
            self.worker = threading.Thread(target=self._agent_loop, name=f"df-web-{self.gid}", daemon=True)
            self.worker.start()

    def _agent_loop(self) -> None:
        try:
            while not self.closed:
                with self.lock:
                    p = self.pending_seat()
                    if p is None or p not in self.agents:
                        self.thinking = None
                        self._release_agents()  # a person decides next: the search buffers wait in no game
                        return
                    self.thinking = p
                    policy = self.agents[p]
                    s = self.rules.clone(self.state)
                    step = self.step
                with self.searches or nullcontext():  # the server runs a few searches at once; the others wait
                    a = policy(s)
                if AGENT_DELAY and self._a_person_plays():  # nobody left to follow: the agents play on at once
                    time.sleep(AGENT_DELAY)
                with self.lock:
                    if self.step != step or self.closed:  # persons are refused while an agent decides
                        continue
                    self._apply(p, int(a))
                    self.error = None if self.save_failed else self.error
                    self.save_failed = False
            self._release_agents()  # dropped by the store
        except RequestError as err:  # the move could not be saved: not played; the next view tries again
            with self.lock:
                self.thinking, self.error, self.stalled, self.save_failed = None, err.message, True, True
        except Exception as err:  # shown on the page rather than lost in a thread
            LOG.exception("game %s: the agent failed", self.gid)  # the details stay in the server's log
            with self.lock:
                seat, self.thinking = self.thinking, None
                # the error's type only: its text could quote the searched state (hidden cards)
                self.error = f"the agent of seat {seat} failed ({type(err).__name__})"

    def _release_agents(self) -> None:
        """Free the agents' search buffers (a tree of ~11 MB for net-mcts:iters=400): kept between two agent moves
        only, not while a person thinks or after the game is dropped (issue 26: held games grew the server)."""
        for policy in self.agents.values():
            policy.agent.release()

    def _a_person_plays(self) -> bool:
        """Whether a person's seat is still in the game (not lost)."""
        return any(self.plugin.still_playing(self.state, p) for p in self.since)

    def wait_idle(self, timeout: float = 60.0) -> None:
        """Wait until no agent is thinking (tests, benchmarks)."""
        w = self.worker
        if w is not None:
            w.join(timeout)

    def _save(self) -> None:
        self._save_after(None)

    def _save_after(self, action: int | None) -> None:
        """Write the log as it will be once ``action`` is played (None: as it is), before anything changes; a
        failed write (a full disk) leaves no temporary file and raises :class:`RequestError` 507."""
        if self.log_path is None:
            return
        log, state = self.log, self.state
        if action is not None:
            state = self.rules.clone(self.state)
            self.rules.apply_action(state, action)
            log = dataclasses.replace(self.log, actions=[*self.log.actions, action])
        log.set_result(state)
        try:
            save_log(log, self.log_path)
        except OSError as err:
            with contextlib.suppress(OSError):
                self.log_path.with_name(self.log_path.name + ".tmp").unlink(missing_ok=True)
            LOG.error("game %s: cannot save %s: %s", self.gid, self.log_path, err)
            raise RequestError(507, f"the server could not save the game ({err.strerror or type(err).__name__}): "
                                    f"the move was not played; try again later") from None

    def close(self) -> None:
        """Dropped by the store: the agents stop after their current search (the log on disk stays)."""
        self.closed = True
