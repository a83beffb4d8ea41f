"""Old module paths kept as aliases when modules move (each move is listed in docs/architecture.md): importing the
old name gives the new module itself (one module object, so its classes stay the same classes), and a module that
left the installed package fails with a message naming its new place.

Example:
    >>> import sys
    >>> install_aliases({"df_env.core.old_registry": "df_env.core.registry"})
    >>> import df_env.core.old_registry as old
    >>> old is sys.modules["df_env.core.registry"]
    True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from collections.abc import Mapping
from types import ModuleType


class Aliases(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """A finder and loader for ``moved`` (old name -> new name) and ``left`` (old name -> where it went now)."""

    def __init__(self, moved: Mapping[str, str], left: Mapping[str, str] | None = None) -> None:
        self.moved, self.left = dict(moved), dict(left or {})

    def find_spec(self, fullname, path=None, target=None):
        if fullname in self.left:
            raise ModuleNotFoundError(f"{fullname} is no longer part of the installed package: it is the repository "
                                      f"file {self.left[fullname]} (run it from a clone)", name=fullname)
        return importlib.util.spec_from_loader(fullname, self) if fullname in self.moved else None

    def create_module(self, spec):
        return importlib.import_module(self.moved[spec.name])

    def exec_module(self, module: ModuleType) -> None:
        pass  # the module is the new one, already executed


def install_aliases(moved: Mapping[str, str], left: Mapping[str, str] | None = None) -> Aliases:
    """Register the aliases (once per mapping); modules already imported under their new name are aliased at once.
    Nothing is imported until an old name is."""
    for finder in sys.meta_path:
        if isinstance(finder, Aliases) and finder.moved == dict(moved):
            return finder
    finder = Aliases(moved, left)
    sys.meta_path.append(finder)
    for old, new in moved.items():
        if new in sys.modules:
            sys.modules.setdefault(old, sys.modules[new])
    return finder
