"""Training (``df-env train``) and the entity network: ``netlayout`` and ``numpy_net`` need numpy only (the
``net`` agent plays with them); ``torch_net``, ``run`` and ``cli``'s training need the ``train`` extra (torch,
sb3-contrib), imported only when training. See ``docs/training.md``."""
