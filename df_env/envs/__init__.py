"""Environments over the engine: Gymnasium (``DeepFuture-v0``), PettingZoo AEC (``df_env.deep_future_v0``) and a
batched vector env (Gymnasium ``VectorEnv`` and Stable-Baselines3 ``VecEnv``).

Importing this package registers ``DeepFuture-v0`` with Gymnasium (``gym.make("DeepFuture-v0")``, and
``gym.make_vec("DeepFuture-v0", num_envs=N, vectorization_mode="vector_entry_point")`` for the compiled batch).
``gym.make("df_env.envs:DeepFuture-v0")`` imports it on the way.
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

ENV_ID = "DeepFuture-v0"

if ENV_ID not in registry:
    register(
        id=ENV_ID,
        entry_point="df_env.envs.gym_env:DeepFutureEnv",
        vector_entry_point="df_env.envs.vector:DeepFutureVectorEnv",
        disable_env_checker=False,
    )

__all__ = ["ENV_ID"]
