"""Every game's own random generator, stored in its state (Deep Future's R5): xoshiro128** on four 32-bit words.

All arithmetic stays below 2**63 in int64, so compiled and pure-Python runs give the same numbers bit for bit.
"""

from __future__ import annotations

import numpy as np

from .jit import njit

M32 = 0xFFFFFFFF


def derive_seed(seed: int, *key: int) -> int:
    """A 64-bit seed for one use of a base seed's randomness, from numpy's ``SeedSequence`` (stable across numpy
    versions): a benchmark's game ``g`` is ``derive_seed(seed, g)``; a campaign's galaxy ``(0,)``, game ``k``
    ``(1, k)``, its random agents ``(2, k)``.

    Example:
        >>> derive_seed(0, 1) == derive_seed(0, 1) != derive_seed(0, 2)
        True
    """
    ss = np.random.SeedSequence(int(seed), spawn_key=tuple(int(k) for k in key))
    return int(ss.generate_state(1, dtype=np.uint64)[0])


@njit
def _rotl(x, k):
    return ((x << k) | (x >> (32 - k))) & M32


@njit
def next_u32(r):
    """Advance the generator words ``r`` (int64[4]) and return 32 random bits."""
    s0, s1, s2, s3 = r[0], r[1], r[2], r[3]
    result = (_rotl((s1 * 5) & M32, 7) * 9) & M32
    t = (s1 << 9) & M32
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 11)
    r[0], r[1], r[2], r[3] = s0, s1, s2, s3
    return result


@njit
def below(r, n):
    """A uniform integer in ``[0, n)`` (n < 2**31)."""
    return (next_u32(r) * n) >> 32


def seed_words(seed: int) -> np.ndarray:
    """Four non-zero generator words from any integer seed ≥ 0, by splitmix64 (``seed=0`` is a seed)."""
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be an integer >= 0, got {seed!r}")
    x = int(seed) & (2**64 - 1)
    words = []
    for _ in range(2):
        x = (x + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        z ^= z >> 31
        words += [z & M32, z >> 32]
    if not any(words):
        words[0] = 1
    return np.array(words, dtype=np.int64)
