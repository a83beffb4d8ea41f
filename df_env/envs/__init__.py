"""The Gymnasium registry of every game: Deep Future's compiled envs (``DeepFuture-v0``, the PettingZoo AEC module
``df_env.deep_future_v0`` and a batched vector env, Gymnasium ``VectorEnv`` and Stable-Baselines3 ``VecEnv``: in
``df_env.games.deep_future.envs``) and the generic env over any game's :class:`df_env.core.Game` (:mod:`.generic`).

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
        entry_point="df_env.games.deep_future.envs.gym_env:DeepFutureEnv",
        vector_entry_point="df_env.games.deep_future.envs.vector:DeepFutureVectorEnv",
        disable_env_checker=False,
    )



def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``"galactic_civ"`` -> ``"GalacticCiv-v0"``."""
    return "".join(w.capitalize() for w in game_id.split("_")) + "-v0"


def _register_other_games() -> None:
    """Every other built-in game gets the generic env over its Game (df_env.envs.generic.GameEnv) under its id."""
    from df_env.core.registry import BUILTIN_GAMES

    for gid in BUILTIN_GAMES:
        if env_id(gid) not in registry and env_id(gid) != ENV_ID:
            register(id=env_id(gid), entry_point="df_env.envs.generic:GameEnv", kwargs={"game": gid},
                     disable_env_checker=False)


_register_other_games()

__all__ = ["ENV_ID", "env_id"]
