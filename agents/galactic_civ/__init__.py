"""Galactic Civ's own agents (named in ``df_env.games.galactic_civ.game.GalacticCivGame.agents``): ``heuristic``
(rules of thumb, compiled), ``mcts`` (determinized search with compiled heuristic rollouts), ``net`` (a trained
MLP's policy) and ``net-mcts`` (``mcts`` guided by the MLP's priors)."""
