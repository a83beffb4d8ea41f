"""Agents that play any game of df_env: they need only the :class:`df_env.core.Game` contract (``random``,
``first``) or its optional ``determinize`` (``ismcts``). Each game's own agents sit beside them in ``agents/``."""
