"""Galactic Civ's own agents (named in ``df_env.games.galactic_civ.game.GalacticCivGame.agents``): ``heuristic``
(rules of thumb, compiled) and ``mcts`` (determinized search with compiled heuristic rollouts)."""
