"""df_env: the Deep Future (v1.6) reinforcement-learning environment."""

from __future__ import annotations

import importlib
import sys
from typing import Any

__version__ = "0.1.0"

_LAZY = ("deep_future_v0", "envs")  # imported on first use: they pull in gymnasium, pettingzoo and numba


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if "gymnasium" in sys.modules:  # registering DeepFuture-v0 is cheap once gymnasium is loaded
    importlib.import_module(f"{__name__}.envs")
