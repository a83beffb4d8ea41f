"""The errors every game raises the same way, so that callers above a game need not know which game it is."""

from __future__ import annotations


class GameError(ValueError):
    """A request a game refuses: a bad option, position or player count. The message says what is allowed."""


class IllegalActionError(GameError):
    """An action that is not legal for the pending decision (or outside the action space). A game's own
    illegal-action error subclasses this one, so ``except df_env.core.IllegalActionError`` catches any game's."""


class UnknownGameError(GameError):
    """A game id that no game registered; the message lists the games there are."""
