"""``df-env train --game ID`` for a game other than Deep Future: expert self-play, then a plain MLP fitted to the
expert's choices (policy) and the games' outcomes (value), written as a torch-free model file
(:mod:`df_env.net.game_mlp`). See ``docs/galactic_civ/training.md``."""
