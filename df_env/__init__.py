"""df_env: reinforcement-learning environments for card-driven 4X board games, one core and many games.

``df_env.make_game(id)`` returns a game (:class:`df_env.core.Game`), ``df_env.available_games()`` lists the ids.

Example:
    >>> import df_env
    >>> df_env.available_games()[0]
    'deep_future'
"""

from __future__ import annotations

import importlib
import sys
from importlib import metadata
from typing import Any

try:  # the version is written once, in pyproject.toml; an installed package carries it in its metadata
    __version__ = metadata.version("df_env")
except metadata.PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

from df_env.core.registry import available_games, make_game
from df_env.games.deep_future import moved as _moved

_moved.install()  # Deep Future's old module paths (df_env.engine, ...) keep importing, as the same modules

__all__ = ["__version__", "available_games", "make_game"]

_LAZY = ("deep_future_v0", "envs")  # imported on first use: they pull in gymnasium, pettingzoo and numba


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    if name.endswith("_v0") and name[:-3] in available_games():  # df_env.<game>_v0: the PettingZoo AEC env
        return importlib.import_module(f"{__name__}.envs.generic").pettingzoo_module(name[:-3])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if "gymnasium" in sys.modules:  # registering DeepFuture-v0 is cheap once gymnasium is loaded
    importlib.import_module(f"{__name__}.envs")
