"""Expert iteration (AlphaZero-style self-play) for ``df-env train --algo exit``: :mod:`.config` (presets),
:mod:`.selfplay` (games played by the current model's search, on a :mod:`df_env.backends` backend),
:mod:`.learner` (the entity network trained on the search's visit counts and the games' outcomes), :mod:`.run`
(the loop, its files and evaluations). See ``docs/training.md``, "Expert iteration"."""
