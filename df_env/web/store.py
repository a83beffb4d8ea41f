"""The server's games, by id: created, found, and dropped when idle too long or beyond a cap (their logs stay on
disk), so that abandoned games never pile up in memory."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from df_env.gamelog import GameLogError, load_log
from df_env.games.deep_future.web import engine_view as E

from .games import CampaignLink, RequestError, Resumed, WebGame
from .guard.limits import Limits
from .seatfile import load_seats, token_hash

LOG = logging.getLogger(__name__)


class GameStore:
    """The games held (at most ``limits.max_games``; one untouched for ``limits.idle_seconds`` is dropped) and the
    semaphore that lets at most ``limits.max_searches`` agent searches run at once."""

    def __init__(self, log_dir: Path | None = None, limits: Limits | None = None) -> None:
        self.log_dir = log_dir
        self.limits = limits or Limits()
        self.games: dict[str, WebGame] = {}
        self.lock = threading.Lock()
        self.searches = threading.BoundedSemaphore(self.limits.max_searches)
        self.dropped = 0  # games dropped so far (idle or beyond the cap)

    def create(self, seats: list[str], seed: int, restart_on_loss: bool = False,
               game_id: str = "deep_future", options: dict[str, Any] | None = None) -> WebGame:
        """A new game; ``options``: the game's other configuration (Galactic Civ's events, races,
        trade_literal), recorded in its log."""
        game = WebGame(self._new_id(), seats, seed, self.log_dir, restart_on_loss, searches=self.searches,
                       game_id=game_id, options=options)
        self._add(game)
        return game

    def create_campaign_game(self, path: Path, seats: list[str]) -> WebGame:
        """The next game of the campaign at ``path`` (recorded into it when the game ends)."""
        camp = E.load_campaign(path)
        config = camp.next_config(len(seats))
        seed = camp.next_seed()
        link = CampaignLink(path, camp.games + 1, seed, seats)
        game = WebGame(self._new_id(), seats, seed, None, config=config, campaign=link, searches=self.searches)
        self._add(game)
        return game

    def resume_all(self) -> list[WebGame]:
        """Resume the live games of the log folder (those with a seat file, newest first, at most ``max_games``):
        a restarted server goes on with them and their join links still work. A log that cannot be resumed is
        skipped with a warning."""
        if self.log_dir is None or not self.log_dir.is_dir():
            return []
        found = sorted(self.log_dir.glob("web-*.seats"), key=lambda p: p.stat().st_mtime, reverse=True)
        resumed: list[WebGame] = []
        for seats in found:
            if len(resumed) >= self.limits.max_games:
                break
            game = self._resume(seats)
            if game is not None:
                resumed.append(game)
                with self.lock:
                    self.games[game.gid] = game
        for game in resumed:
            game.run_agents()
        return resumed

    def _resume(self, seats: Path) -> WebGame | None:
        try:
            gid, hashes, undos = load_seats(seats)
            log = load_log(seats.with_suffix(".json"))
            if log.result.get("over") is True:
                return None
            return WebGame(gid, log.seats, log.seed, self.log_dir, log.restart_on_loss, searches=self.searches,
                           resume=Resumed(list(log.actions), hashes, undos), game_id=log.game,
                           options=log.options)
        except (OSError, ValueError, RequestError) as err:  # GameLogError is a ValueError
            LOG.warning("not resumed: %s (%s)", seats.name, err)
            return None

    def import_log(self, path: Path) -> WebGame:
        """A new web game that continues the saved log at ``path`` (e.g. ``df-env play``'s): its seats, seed and
        moves, fresh tokens (``tokens``), a log of its own in the log folder. Raises GameLogError."""
        log = load_log(path)
        if log.result.get("over") is True:
            raise GameLogError(f"{path}: the game is over (df-env replay shows it)")
        game = WebGame(self._new_id(), log.seats, log.seed, self.log_dir, log.restart_on_loss, searches=self.searches,
                       resume=Resumed(list(log.actions), {}), game_id=log.game, options=log.options)
        game.tokens = {p: secrets.token_urlsafe(18) for p in game.humans}
        game.token_hashes = {p: token_hash(t) for p, t in game.tokens.items()}
        if game.log_path is not None:
            game.save_seats()
        self._add(game)
        return game

    def undo(self, game: WebGame, seat: int, step: int) -> WebGame:
        """Take back the person's last decision in a game against agents (and the agents' moves since): the game
        is rebuilt from its log up to that decision, the undo is marked in the seat file, and the rebuilt game
        takes the old one's place (same id and tokens). 409 when no undo is allowed now."""
        with game.lock:
            k = game.undo_point()
            if k is None or step != game.step:
                raise RequestError(409, "nothing to undo now: undo takes back your last decision in a game against "
                                        "agents, while no agent is thinking (reload the page)")
            actions, undone = game.log.actions[:k], game.log.actions[k:]
        new = WebGame(game.gid, game.seats, game.seed, self.log_dir, game.log.restart_on_loss,
                      searches=self.searches, resume=Resumed(list(actions), game.token_hashes,
                                                             [*game.undos, {"step": k, "undone": undone}]),
                      game_id=game.game_id, options=game.log.options)
        new.tokens = game.tokens
        if new.log_path is not None:
            new.save_seats()
        with self.lock:
            self.games[game.gid] = new
        game.close()
        new.run_agents()
        return new

    def get(self, gid: str) -> WebGame:
        self.sweep()
        game = self.games.get(gid)
        if game is None:
            raise RequestError(404, "no such game on this server (a game idle too long is dropped, and a restart "
                                    "forgets the games; their logs are kept)")
        return game

    def _new_id(self) -> str:
        return secrets.token_hex(8)

    def _add(self, game: WebGame) -> None:
        with self.lock:
            self.games[game.gid] = game
        self.sweep()
        game.run_agents()

    def sweep(self, now: float | None = None) -> None:
        """Drop the games idle for ``idle_seconds``, then, beyond ``max_games``, the least recently used (finished
        ones first)."""
        now = time.monotonic() if now is None else now
        with self.lock:
            idle = [g for g in self.games.values() if now - g.touched > self.limits.idle_seconds]
            extra = len(self.games) - len(idle) - self.limits.max_games
            if extra > 0:
                rest = sorted((g for g in self.games.values() if g not in idle),
                              key=lambda g: (not g.over, g.touched))
                idle += rest[:extra]
            for g in idle:
                del self.games[g.gid]
                g.close()
            self.dropped += len(idle)
