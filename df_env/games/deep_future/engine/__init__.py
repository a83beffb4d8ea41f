"""The Deep Future rules engine over a numpy state (see :mod:`df_env.games.deep_future.engine.api`).

The stable API is exactly the names in ``__all__`` below, imported from ``df_env.games.deep_future.engine`` (``from
df_env.games.deep_future import engine; engine.new_game(...)``; its old name ``df_env.engine`` is this same package):
creating and playing games (``GameConfig``, ``new_game``, ``legal_actions``, ``legal_mask``, ``apply_action``,
``clone``, ``current_player``, ``is_terminal``, ``returns``, ``determinize``), errors (``IllegalActionError``, its
subclass ``ActionSpaceError``, ``PositionError``), the state record (``State``, ``STATE_DTYPE``, ``NUM_ACTIONS``; the
card pool's capacity tiers ``CAPACITY_TIERS``, ``capacity``, ``resize``, docs/state.md), positions (``to_json``,
``from_json``, see ``docs/position_format.md``) and ``action_to_string``. Submodules (``engine.position``,
``engine.kernels``, ``engine.layout`` ...) are internal: their layout may change between versions.
"""

from . import _moved
from .api import (
    ActionSpaceError,
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
from .io.position import PositionError, from_json, to_json
from .model.constants import CAPACITY_TIERS
from .model.layout import NUM_ACTIONS
from .model.state import STATE_DTYPE, State, capacity, resize
from .observation.determinize import determinize
from .text.render import action_to_string

_moved.install()  # the old module paths (engine.position, ...) keep importing

__all__ = [
    "ActionSpaceError",
    "CAPACITY_TIERS",
    "GameConfig",
    "IllegalActionError",
    "NUM_ACTIONS",
    "PositionError",
    "STATE_DTYPE",
    "State",
    "action_to_string",
    "apply_action",
    "capacity",
    "clone",
    "current_player",
    "determinize",
    "from_json",
    "is_terminal",
    "legal_actions",
    "legal_mask",
    "new_game",
    "resize",
    "returns",
    "to_json",
]
