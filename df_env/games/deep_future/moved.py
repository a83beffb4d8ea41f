"""Deep Future's old module paths (before its modules moved into its game package, docs/architecture.md "Moves")
kept as aliases: ``df_env.engine`` is the package ``df_env.games.deep_future.engine`` itself, and every module under
it too (``import df_env.engine.model.state`` gives ``df_env.games.deep_future.engine.model.state``). ``import
df_env`` installs them (:mod:`df_env.core.moved`); nothing is imported until an old name is.

Example:
    >>> import df_env.engine.api as old
    >>> import df_env.games.deep_future.engine.api as new
    >>> old is new
    True
"""

from __future__ import annotations

from df_env.core.moved import install_aliases

_DF = "df_env.games.deep_future"
# old package -> new package (the package and every module under it)
PACKAGES = {
    "df_env.engine": f"{_DF}.engine",
}
# old module -> new module
MODULES: dict[str, str] = {}


def install() -> None:
    """Register the aliases (once)."""
    install_aliases(MODULES, packages=PACKAGES)
