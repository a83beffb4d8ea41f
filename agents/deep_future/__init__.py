"""Deep Future's own agents (named in ``df_env.games.deep_future.game.DeepFutureGame.agents``): ``heuristic`` (rules
of thumb, compiled: :mod:`.heuristic_rules`), ``mcts`` (determinized search with compiled rollouts, :mod:`.fast`),
``net`` and ``net-mcts`` (the shipped network, alone and guiding the search), ``ppo`` (a Stable-Baselines3 model)
and ``oracle`` (the clairvoyant reference of solo analysis)."""
