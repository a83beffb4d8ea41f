"""Old module paths kept as aliases when modules move (each move is listed in docs/architecture.md): importing the
old name gives the new module itself (one module object, so its classes stay the same classes, its compiled
functions the same dispatchers and its module-level state one state), and a module that left the installed package
fails with a message naming its new place. A whole package that moved is one entry: every module under the old
package's name is the module of the same name under the new package. Names that left a module which stays
(:func:`moved_names`) still import from it.

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
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any


class Aliases(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """A finder and loader for ``moved`` (old name -> new name), ``packages`` (old package -> new package, for the
    package and every module under it) and ``left`` (old name -> where it went now)."""

    def __init__(self, moved: Mapping[str, str], left: Mapping[str, str] | None = None,
                 packages: Mapping[str, str] | None = None) -> None:
        self.moved, self.left, self.packages = dict(moved), dict(left or {}), dict(packages or {})

    def target(self, fullname: str) -> str | None:
        """The new name of the module ``fullname``, or None when it did not move."""
        if fullname in self.moved:
            return self.moved[fullname]
        for old, new in self.packages.items():
            if fullname == old or fullname.startswith(old + "."):
                return new + fullname[len(old):]
        return None

    def find_spec(self, fullname, path=None, target=None):
        if fullname in self.left:
            raise ModuleNotFoundError(f"{fullname} is no longer part of the installed package: it is the repository "
                                      f"file {self.left[fullname]} (run it from a clone)", name=fullname)
        return importlib.util.spec_from_loader(fullname, self) if self.target(fullname) else None

    def create_module(self, spec):
        module = importlib.import_module(self.target(spec.name) or spec.name)  # find_spec checked the target
        spec.loader_state = module.__spec__  # the import system sets module.__spec__ to the alias's: restored below
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the module is the new one, already executed; its spec stays its own (its name, its file)
        alias = module.__spec__
        if alias is not None and alias.loader is self and alias.loader_state is not None:
            module.__spec__ = alias.loader_state


def install_aliases(moved: Mapping[str, str], left: Mapping[str, str] | None = None,
                    packages: Mapping[str, str] | None = None) -> Aliases:
    """Register the aliases (once per mapping); modules already imported under their new name are aliased at once.
    Nothing is imported until an old name is. The finder goes first on ``sys.meta_path``: a moved package's modules
    are files under its new folder, which the old name's parent (the new package itself) would find again as a
    second module object."""
    for finder in sys.meta_path:
        if isinstance(finder, Aliases) and (finder.moved, finder.packages) == (dict(moved), dict(packages or {})):
            return finder
    finder = Aliases(moved, left, packages)
    sys.meta_path.insert(0, finder)
    for old, new in moved.items():
        if new in sys.modules:
            sys.modules.setdefault(old, sys.modules[new])
    return finder


def moved_names(module: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` for ``module``'s names that moved to other modules (name -> new module): the
    old ``from module import name`` gives the very object, imported on first use (so the old module need not
    import the new one, which may sit above it).

    Example:
        >>> __getattr__ = moved_names("old", {"make_game": "df_env.core.registry"})
        >>> from df_env.core.registry import make_game
        >>> __getattr__("make_game") is make_game
        True
    """
    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(importlib.import_module(names[name]), name)
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
