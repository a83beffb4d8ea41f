"""The server's games, by id: created, found, and dropped when idle too long or beyond a cap (their logs stay on
disk), so that abandoned games never pile up in memory."""

from __future__ import annotations

import secrets
import threading
import time
from pathlib import Path

from . import engine_view as E
from .games import CampaignLink, RequestError, WebGame
from .limits import Limits


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

    def create(self, seats: list[str], seed: int, restart_on_loss: bool = False) -> WebGame:
        game = WebGame(self._new_id(), seats, seed, self.log_dir, restart_on_loss, searches=self.searches)
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
                              key=lambda g: (not bool(g.state["over"]), g.touched))
                idle += rest[:extra]
            for g in idle:
                del self.games[g.gid]
                g.close()
            self.dropped += len(idle)
