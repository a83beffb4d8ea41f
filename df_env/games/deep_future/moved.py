"""Deep Future's old module paths (before its modules moved into its game package, docs/architecture.md "Moves")
kept as aliases: ``df_env.engine`` is the package ``df_env.games.deep_future.engine`` itself, and every module under
it too (``import df_env.engine.model.state`` gives ``df_env.games.deep_future.engine.model.state``), and
``agents.heuristic`` is ``agents.deep_future.heuristic``. ``import df_env`` (and so ``import agents``) installs them
(:mod:`df_env.core.moved`); nothing is imported until an old name is.

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
    "df_env.campaign": f"{_DF}.campaign",
    "df_env.analysis": f"{_DF}.analysis",
}
# old module -> new module
MODULES: dict[str, str] = {
    "df_env.progress": f"{_DF}.progress",
    "df_env.deep_future_v0": f"{_DF}.deep_future_v0",
    **{f"df_env.envs.{m}": f"{_DF}.envs.{m}" for m in ("campaign_link", "common", "episode", "gym_env", "pz_env",
                                                        "render_human", "render_rgb", "sb3_vec", "vector")},
    **{f"df_env.web.{m}": f"{_DF}.web.{m}" for m in ("engine_view", "view", "words", "readable", "analysis_words")},
    **{f"agents.{m}": f"agents.deep_future.{m}" for m in ("heuristic", "heuristic_rules", "fast", "mcts", "net_agent",
                                                          "net_mcts", "oracle", "ppo_agent")},
}


def install() -> None:
    """Register the aliases (once)."""
    install_aliases(MODULES, packages=PACKAGES)
