"""Training (``df-env train``): ``torch_net``, ``run`` and ``cli``'s training need the ``train`` extra (torch,
sb3-contrib), imported only when training. The network it trains plays from :mod:`df_env.net` (numpy and numba,
no torch). See ``docs/training.md``.

The network's modules were here: ``df_env.train.netlayout``, ``numpy_net`` and ``numba_net`` still import, each
giving the :mod:`df_env.net` module itself. Importing this package imports nothing (``df-env --help`` builds the
``train`` command's parser without the engine).
"""

from df_env.core.moved import install_aliases

# the network's modules moved to df_env/net (issue 24); their old names give the new modules (imported on use)
install_aliases({f"df_env.train.{m}": f"df_env.net.{m}" for m in ("netlayout", "numpy_net", "numba_net")})
