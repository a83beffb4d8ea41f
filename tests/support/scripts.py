"""Load a script of ``experiments/`` (not a package) as a module, to call its functions and ``main`` in tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"


def load_script(relative: str) -> ModuleType:
    """The module of ``experiments/<relative>`` (e.g. ``"value_rounds/paired.py"``), freshly executed."""
    path = EXPERIMENTS / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, f"no script {path}"
    mod = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod
