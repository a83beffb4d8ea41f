"""Training (``df-env train``): ``torch_net``, ``run`` and ``cli``'s training need the ``train`` extra (torch,
sb3-contrib), imported only when training. The network it trains plays from :mod:`df_env.net` (numpy and numba,
no torch). See ``docs/training.md``.

The network's modules were here (``df_env.train.netlayout``, ``numpy_net``, ``numba_net``): those names still
import, as aliases of the :mod:`df_env.net` modules, installed with the engine's other old module paths.
"""

import df_env.engine  # noqa: F401  # installs the old module paths (df_env.engine._moved)
