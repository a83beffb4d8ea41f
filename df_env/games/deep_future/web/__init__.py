"""Deep Future's browser view: what a seat sees (:mod:`.view` over the engine's names in :mod:`.engine_view`), its
words (:mod:`.words`, :mod:`.readable`, :mod:`.analysis_words`); the server reaches them through Deep Future's
view plug-in (:mod:`df_env.web.plugins.deep_future`)."""
