"""Old path of :mod:`df_env.net.netlayout` (the network's modules left the training application, issue 24): importing
``df_env.train.netlayout`` gives the module ``df_env.net.netlayout`` itself."""

import sys

from df_env.net import netlayout as _moved

sys.modules[__name__] = _moved
