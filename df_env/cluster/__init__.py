"""Running df_env on a Ray cluster (the ``cluster`` extra: ``pip install -e ".[cluster]"``).

* :mod:`df_env.cluster.ray_backend`: :class:`~df_env.cluster.ray_backend.RayBackend`, the Ray implementation of
  :class:`df_env.backends.Backend` (``df-env bench --backend ray [--address ADDR]``).
* :mod:`df_env.cluster.rllib_example`: multi-agent PPO with action masking on the PettingZoo env with RLlib.

Importing this package does not import ray; its modules do. See ``docs/cluster.md``.
"""
