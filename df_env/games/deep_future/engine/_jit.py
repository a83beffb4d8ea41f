"""Deep Future's engine compiles through the core's one compile wrapper and cache (:mod:`df_env.core.jit`); this
module keeps the old name importable."""

from df_env.core.jit import CACHE_DIR, njit, njit_inline, source_key

__all__ = ["CACHE_DIR", "njit", "njit_inline", "source_key"]
