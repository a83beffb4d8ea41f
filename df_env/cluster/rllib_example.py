"""RLlib example: multi-agent PPO with action masking on the PettingZoo env ``deep_future_v0``.

RLlib's *new* API stack (RLModule / Learner / EnvRunner, the default of ray 2.60), with torch 2.13.0:

* the AEC env is wrapped by RLlib's own ``PettingZooEnv`` (``ray.rllib.env.wrappers.pettingzoo_env``), after a
  thin PettingZoo wrapper (:class:`RLlibKeys`) that renames the observation keys to what RLlib's action-masking
  module reads (``{"observations": ..., "action_mask": float32}``);
* every seat has its own policy (``player_0``, ``player_1``, ...: independent multi-agent PPO), each an
  ``ActionMaskingTorchRLModule`` (RLlib's example module: the logits of illegal actions are pushed to -inf,
  so a policy never picks an illegal action; the env here raises on one, so a finished training proves it);
* rewards are the env's: +1 to the winner, -1 to the others at the end (``reward="progress"`` adds the change
  of each player's progress score every step, a denser signal).

Run it::

    python -m df_env.cluster.rllib_example --players 2 --iterations 20               # on this machine
    python -m df_env.cluster.rllib_example --address auto --env-runners 8 --iterations 200   # on a Ray cluster

Programmatic use: :func:`build_config` returns the ``PPOConfig``; :func:`train` builds and trains it.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

ENV_NAME = "deep_future_v0_rllib"


class RLlibKeys(BaseWrapper):
    """Observations as RLlib's action-masking module reads them: ``{"observations", "action_mask"}`` (float32)."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        inner = env.observation_space(env.possible_agents[0])
        n = inner["action_mask"].shape[0]
        self._space = spaces.Dict({"observations": inner["observation"],
                                   "action_mask": spaces.Box(0.0, 1.0, shape=(n,), dtype=np.float32)})

    def observation_space(self, agent: str) -> spaces.Space:
        return self._space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.env.observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"].astype(np.float32)}


def make_env(env_config: dict[str, Any]) -> PettingZooEnv:
    """The RLlib multi-agent env: ``env_config`` is passed to ``deep_future_v0.env`` (``num_players``,
    ``max_turns``, ``reward_fn``, ...); illegal actions raise (masking must prevent them)."""
    from df_env import deep_future_v0

    return PettingZooEnv(RLlibKeys(deep_future_v0.env(illegal_action="raise", **env_config)))


def build_config(num_players: int = 2, env_runners: int = 0, batch: int = 1000, minibatch: int = 250,
                 epochs: int = 2, hidden: int = 64, lr: float = 3e-4, max_turns: int | None = None,
                 reward: str = "win", seed: int = 0) -> PPOConfig:
    """The PPO configuration: one policy per seat, action masking, ``batch`` env steps per iteration."""
    if num_players not in (1, 2, 3):
        raise ValueError(f"num_players must be 1, 2 or 3, got {num_players!r}")
    if reward not in ("win", "progress"):
        raise ValueError(f"reward must be 'win' or 'progress', got {reward!r}")
    register_env(ENV_NAME, make_env)
    env_config: dict[str, Any] = {"num_players": num_players, "max_turns": max_turns}
    if reward == "progress":
        env_config["reward_fn"] = "progress"
    seats = [f"player_{p}" for p in range(num_players)]
    module = RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                          model_config={"fcnet_hiddens": [hidden, hidden], "head_fcnet_hiddens": []})
    return (
        PPOConfig()
        # RLlib's env check steps random (unmasked) actions, which this env rejects: the check is off
        .environment(ENV_NAME, env_config=env_config, disable_env_checking=True)
        # whole episodes: an episode cut between two batches right after a seat left lost the next actor (RLlib 2.60)
        .env_runners(num_env_runners=env_runners, batch_mode="complete_episodes")
        .multi_agent(policies=set(seats), policy_mapping_fn=_seat_policy, policies_to_train=seats)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={s: module for s in seats}))
        .training(train_batch_size_per_learner=batch, minibatch_size=minibatch, num_epochs=epochs, lr=lr)
        .debugging(seed=seed)
    )


def _seat_policy(agent_id: Any, episode: Any, **kwargs: Any) -> str:
    return str(agent_id)


def train(config: PPOConfig, iterations: int, verbose: bool = True) -> list[dict[str, Any]]:
    """Build the algorithm, train ``iterations`` times; per iteration the headline metrics."""
    algo = config.build_algo()
    out = []
    try:
        for i in range(iterations):
            result = algo.train()
            runners = result.get("env_runners", {})
            learners = result.get("learners", {})
            row = {"iteration": i + 1,
                   "env_steps": int(result.get("num_env_steps_sampled_lifetime", 0)
                                    or runners.get("num_env_steps_sampled_lifetime", 0)),
                   "episodes": int(runners.get("num_episodes_lifetime", 0)),
                   "episode_len_mean": runners.get("episode_len_mean"),
                   "return_mean": {k: float(v) for k, v in runners.get("agent_episode_returns_mean", {}).items()},
                   "policy_loss": {k: float(v["policy_loss"]) for k, v in learners.items()
                                   if isinstance(v, dict) and "policy_loss" in v}}
            out.append(row)
            if verbose:
                print(json.dumps(row), flush=True)
    finally:
        algo.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="multi-agent PPO with action masking on deep_future_v0 (RLlib)")
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3))
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--batch", type=int, default=2000, help="env steps per iteration")
    parser.add_argument("--env-runners", type=int, default=0, help="remote sampling workers (0: in the driver)")
    parser.add_argument("--reward", choices=("win", "progress"), default="win")
    parser.add_argument("--address", help="a running Ray cluster (HOST:PORT or auto); default: a local instance")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    import ray

    ray.init(address=args.address, include_dashboard=False if args.address is None else None)
    try:
        config = build_config(args.players, env_runners=args.env_runners, batch=args.batch,
                              minibatch=max(1, args.batch // 4), reward=args.reward, seed=args.seed)
        train(config, args.iterations)
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
