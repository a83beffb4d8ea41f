"""Old path of :mod:`df_env.net.numba_net` (the network's modules left the training application, issue 24): importing
``df_env.train.numba_net`` gives the module ``df_env.net.numba_net`` itself."""

import sys

from df_env.net import numba_net as _moved

sys.modules[__name__] = _moved
