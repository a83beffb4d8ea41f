"""``exp`` and ``log`` from IEEE arithmetic alone, for the searches: the same bits on every CPU and C library.

``math.exp`` and ``math.log`` (and numba's, which call them) come from the C library, and its code differs: glibc
takes another path on an x86-64 CPU without FMA, whose ``exp`` differs in the last bit for 0.07% of arguments
(measured with ``GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA``, stop 47), and macOS and Windows have libraries of
their own. A search that compares priors made from them can take one other visit and grow another tree. These two
use only ``+ - * /`` on float64, compiled without fastmath (so nothing is fused or reordered), and exact scalings
by powers of two (``frexp``, a table of the powers of two): every machine computes the same bits. Their error is
within about one unit in the last place of the true value (``tests/core/test_fmath.py``), which is what a prior
needs. ``exp`` costs about 6 ns where the C library's costs 3 (this module's multiply by a power of two from a
table, not ``ldexp``, halved it and gave the same bits).

The methods follow fdlibm (Sun Microsystems, 1993): ``exp(x) = 2**k * exp(r)``, ``r = x - k ln 2`` with ``ln 2``
in two parts so that ``k * LN2_HI`` is exact, ``exp(r)`` by its Taylor series to ``r**13 / 13!`` (|r| <= 0.347: the
rest is below 1e-17 of the result); ``log(x) = k ln 2 + log(m)``, ``m`` in [sqrt(1/2), sqrt(2)), ``log(m)`` from
``s = (m - 1) / (m + 1)`` and fdlibm's polynomial in ``s**2``.

**Counts.** Plain ``mcts``'s UCB term takes the logarithm of a whole count of visits. Its recorded games were played
with glibc's ``log``, which is not quite ``log`` here: the two differ in the last bit for 2,352 of the counts below
2**18. ``log_count`` reads a table, :func:`log_count_table`, that holds glibc's bits for every count below 2**18:
this module's ``log`` corrected by one unit in the last place at the counts listed in ``data/log_counts.json``
(written by ``tools/make_log_counts.py``, which measures glibc). glibc's two x86-64 code paths (with and without FMA)
agree on every one of those counts, and the table makes every other system agree with them too.

Example:
    >>> from df_env.core.fmath import exp, log
    >>> exp(0.0), log(1.0), abs(exp(1.0) - 2.718281828459045) < 1e-15
    (1.0, 0.0, True)
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

import numpy as np

from .jit import njit

__all__ = ["exp", "log", "log_count", "log_count_table"]

LOG_COUNTS_FILE = Path(__file__).with_name("data") / "log_counts.json"

LN2_HI = 6.93147180369123816490e-01  # ln 2's high 32 bits: k * LN2_HI is exact for |k| < 2**20
LN2_LO = 1.90821492927058770002e-10  # ln 2 - LN2_HI
# 1/n!, n = 2..13, the Taylor coefficients of exp (each the float nearest to 1/n!, as Python's 1.0 / n! gives it)
R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, R12, R13 = (1.0 / math.factorial(n) for n in range(2, 14))
INV_LN2 = 1.44269504088896338700e00
POW2_MIN = -1074  # POW2[i] = 2**(i + POW2_MIN), every power of two that is a float (exact)
POW2 = np.ldexp(1.0, np.arange(POW2_MIN, 1024))
EXP_MAX = 709.782712893383973096  # above: exp overflows
EXP_MIN = -745.13321910194110842  # below: exp is 0
SQRT_HALF = 0.70710678118654757274
# fdlibm's log polynomial: log(m) = f - f*f/2 + s * (f*f/2 + R(s*s))
LG1, LG2, LG3, LG4 = 6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01, \
    2.222219843214978396e-01
LG5, LG6, LG7 = 1.818357216161805012e-01, 1.531383769920937332e-01, 1.479819860511658591e-01


@njit
def exp(x: float) -> float:
    """e to the power ``x`` (float64), the same bits on every machine; ``inf`` above 709.78, 0 below -745.13."""
    if x != x:
        return x
    if x > EXP_MAX:
        return math.inf
    if x < EXP_MIN:
        return 0.0
    k = math.floor(x * INV_LN2 + 0.5)
    r = (x - k * LN2_HI) - k * LN2_LO
    p = ((((((((((((R13 * r + R12) * r + R11) * r + R10) * r + R9) * r + R8) * r + R7) * r + R6) * r + R5) * r
              + R4) * r + R3) * r + R2) * r + 1.0) * r + 1.0
    e = int(k)
    if e > 1023:  # 2**1024 is not a float: halve the scale, double p (exact)
        return (p * 2.0) * POW2[e - 1 - POW2_MIN]
    if e < POW2_MIN:
        return (p * 0.5) * POW2[e + 1 - POW2_MIN]
    return p * POW2[e - POW2_MIN]  # one rounding, as ldexp's, in about half its time (5.9 ns a call against 10.4)


@njit
def log(x: float) -> float:
    """The natural logarithm of ``x`` (float64), the same bits on every machine; ``-inf`` at 0, NaN below."""
    if x != x or x == math.inf:
        return x
    if x < 0.0:
        return math.nan
    if x == 0.0:
        return -math.inf
    m, k = math.frexp(x)  # x = m * 2**k, m in [0.5, 1)
    if m < SQRT_HALF:
        m *= 2.0
        k -= 1
    f = m - 1.0  # exact: m is within a factor 2 of 1
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    r = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7))) + w * (LG2 + w * (LG4 + w * LG6))
    hfsq = 0.5 * f * f
    return k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)


@njit
def log_count(table: np.ndarray, k: float) -> float:
    """The natural logarithm of a whole count ``k >= 0`` as glibc gives it, from ``table``
    (:func:`log_count_table`); a count beyond the table falls back to :func:`log`."""
    i = int(k)
    return table[i] if i < table.shape[0] else log(k)


@njit
def _fill_logs(out: np.ndarray) -> None:
    out[0] = -math.inf
    for i in range(1, out.shape[0]):
        out[i] = log(float(i))


@functools.cache
def log_count_table() -> np.ndarray:
    """``log(k)`` for every count ``0 <= k < 2**18``, with glibc's bits (read-only; built once, in about 3 ms).

    >>> t = log_count_table()
    >>> float(t[1]), bool(t[3] == math.log(3)), t.shape
    (0.0, True, (262144,))
    """
    fixes = json.loads(LOG_COUNTS_FILE.read_text(encoding="utf-8"))
    table = np.empty(int(fixes["counts"]))
    _fill_logs(table)
    up, down = np.array(fixes["one_ulp_up"], dtype=np.int64), np.array(fixes["one_ulp_down"], dtype=np.int64)
    table[up] = np.nextafter(table[up], math.inf)
    table[down] = np.nextafter(table[down], -math.inf)
    table.flags.writeable = False
    return table
