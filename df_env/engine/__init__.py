"""The Deep Future rules engine over a numpy state (see :mod:`df_env.engine.api`)."""

from . import _moved
from .api import (
    GameConfig,
    IllegalActionError,
    apply_action,
    clone,
    current_player,
    is_terminal,
    legal_actions,
    legal_mask,
    new_game,
    returns,
)
from .model.layout import NUM_ACTIONS
from .model.state import STATE_DTYPE, State
from .observation.determinize import determinize

_moved.install()  # the old module paths (df_env.engine.position, ...) keep importing

__all__ = [
    "GameConfig",
    "IllegalActionError",
    "NUM_ACTIONS",
    "STATE_DTYPE",
    "State",
    "apply_action",
    "clone",
    "current_player",
    "determinize",
    "is_terminal",
    "legal_actions",
    "legal_mask",
    "new_game",
    "returns",
]
