"""Running df_env's work on a Ray cluster (the ``cluster`` extra: ``pip install -e ".[cluster]"``), and the backend
interface every place work runs implements.

* :mod:`df_env.cluster.interface`: the backend interface (:class:`~df_env.cluster.interface.Backend`), which
  :mod:`df_env.backends` re-exports; the backends import it, so that ``df_env.backends`` may import the Ray backend
  without an import circle.
* :mod:`df_env.cluster.ray_backend`: :class:`~df_env.cluster.ray_backend.RayBackend`, the Ray implementation of
  :class:`df_env.backends.Backend` (``df-env bench --backend ray [--address ADDR]``).
* :mod:`df_env.cluster.rllib_example`: multi-agent PPO with action masking on the PettingZoo env with RLlib.

Importing this package does not import ray; its modules do. See ``docs/cluster.md``.
"""
