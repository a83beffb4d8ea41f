"""The generator every game keeps in its state lives in the core (:mod:`df_env.core.rng`); this module keeps its old
name importable for Deep Future's engine."""

from df_env.core.rng import below, derive_seed, next_u32, seed_words

__all__ = ["below", "derive_seed", "next_u32", "seed_words"]
