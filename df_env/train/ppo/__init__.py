"""PPO pieces of ``df-env train`` beyond sb3-contrib: :class:`df_env.train.ppo.fast.FastMaskablePPO`."""
