"""One package a game. Each registers its :class:`df_env.core.Game` when imported (``df_env.make_game(id)`` does
that on first use). See ``docs/adding_a_game.md``."""
