"""Deep Future's own environments over its compiled engine: Gymnasium (``DeepFuture-v0``: :mod:`.gym_env`), the
PettingZoo AEC env (:mod:`.pz_env`, the module ``df_env.deep_future_v0``), the batched vector env (:mod:`.vector`,
:mod:`.sb3_vec`) and the compiled episode loop they share (:mod:`.episode`). ``import df_env.envs`` registers
``DeepFuture-v0`` with Gymnasium; this package imports nothing itself."""
