"""The entity network at play time: where it reads the observation (``netlayout``), its model files and numpy
forward pass (``numpy_net``), and its compiled forward pass (``numba_net``). numpy and numba only, no torch.

Agents (``net``, ``net-mcts``), the envs' compiled ``net`` opponent and training all import it; it imports
none of them (it was ``df_env/train/``'s, which put the agents, the envs and training in an import ring). See
``docs/training.md`` for the network and its file format.
"""
