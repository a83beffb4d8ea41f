"""PettingZoo-style module of the Deep Future AEC environment: ``deep_future_v0.env()`` and ``raw_env()``.

See :mod:`df_env.games.deep_future.envs.pz_env` for the spec table (agents, actions, observations, rewards, version
history).

Example:
    >>> from df_env import deep_future_v0
    >>> env = deep_future_v0.env(num_players=3)
    >>> env.reset(seed=1)
    >>> env.agent_selection in env.possible_agents
    True
"""

from __future__ import annotations

from df_env.games.deep_future.envs.pz_env import DeepFutureAEC, env, raw_env

__all__ = ["DeepFutureAEC", "env", "raw_env"]
