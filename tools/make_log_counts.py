"""Measure the C library's ``log`` of the visit counts and write the table of corrections ``log_count`` reads.

Plain ``mcts`` (and ``oracle`` and the generic ISMCTS) take UCB's ``log(avail)`` of a whole count of visits. Its
recorded games were played with glibc's ``log``; ``df_env.core.fmath.log_count`` gives glibc's bits on every
system from ``fmath.log`` (IEEE arithmetic alone) corrected by one unit in the last place at the counts listed in
``df_env/core/data/log_counts.json``. This script compares, for every count 1..N-1:

- the host's ``math.log`` (glibc's code path for this CPU);
- the same under glibc's path for x86-64 CPUs without AVX2 and FMA (``GLIBC_TUNABLES``, in a child process);
- the correctly rounded logarithm (``decimal`` at 45 digits, rounded once to float64);
- ``df_env.core.fmath.log``, and the table ``log_count_table()`` built from the file as it stands.

It prints how many counts differ between each pair and the first of them; with ``--write`` it writes the file
anew from the host's ``log`` (only on glibc, and only where glibc's two paths agree on every count).

    python tools/make_log_counts.py            # about 10 s: the comparison
    python tools/make_log_counts.py --write    # and the file
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
from decimal import Decimal, getcontext
from pathlib import Path

import numpy as np

COUNTS = 1 << 18  # the table's size: every count a search of up to 262,143 iterations takes
NO_FMA = "glibc.cpu.hwcaps=-AVX2,-FMA"


def host_logs(n: int) -> np.ndarray:
    """``math.log(k)`` for k = 1..n-1."""
    return np.array([math.log(k) for k in range(1, n)])


def no_fma_logs(n: int) -> np.ndarray:
    """``math.log(k)`` for k = 1..n-1, computed by a child process on glibc's path for CPUs without FMA."""
    code = f"import math, sys; sys.stdout.write(' '.join(math.log(k).hex() for k in range(1, {n})))"
    env = dict(os.environ, GLIBC_TUNABLES=NO_FMA)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout
    return np.array([float.fromhex(h) for h in out.split()])


def correct_logs(n: int) -> np.ndarray:
    """The correctly rounded ``ln k`` for k = 1..n-1 (45 significant digits, rounded once to the nearest float)."""
    getcontext().prec = 45
    return np.array([float(Decimal(k).ln()) for k in range(1, n)])


def fmath_logs(n: int) -> np.ndarray:
    """``df_env.core.fmath.log(k)`` for k = 1..n-1."""
    from df_env.core.fmath import log
    return np.array([log(float(k)) for k in range(1, n)])


def corrections(glibc: np.ndarray, fmath: np.ndarray) -> dict[str, list[int]]:
    """The counts where glibc's ``log`` is one unit in the last place above or below ``fmath.log``'s."""
    counts = np.arange(1, glibc.size + 1)
    up, down = glibc == np.nextafter(fmath, math.inf), glibc == np.nextafter(fmath, -math.inf)
    if not (up | down | (glibc == fmath)).all():
        raise SystemExit("fmath.log is more than one unit in the last place from the host's log at some count")
    return {"one_ulp_up": counts[up].tolist(), "one_ulp_down": counts[down].tolist()}


def libc() -> str:
    """The C library's name and version, as ``glibc 2.36``."""
    return " ".join(platform.libc_ver())


def write(path: Path, glibc: np.ndarray, fmath: np.ndarray) -> None:
    """Write the corrections file (a temporary file renamed over the old one: never half-written)."""
    doc = {"about": "log_count's table (df_env.core.fmath): fmath.log(k) for 0 < k < counts, moved one unit in "
                    "the last place up or down at these counts to equal glibc's log; see tools/make_log_counts.py",
           "counts": glibc.size + 1,
           "made_by": f"python tools/make_log_counts.py --write on {libc()}, {platform.machine()}",
           **corrections(glibc, fmath)}
    lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in doc.items())  # a key a line
    tmp = path.with_suffix(".tmp")
    tmp.write_text("{\n" + lines + "\n}\n", encoding="utf-8")
    tmp.replace(path)
    print(f"wrote {path}: {len(doc['one_ulp_up'])} counts up, {len(doc['one_ulp_down'])} down")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write df_env/core/data/log_counts.json from this host")
    a = ap.parse_args()
    print(f"the logarithms of the counts 1..{COUNTS - 1}: the host's, glibc's non-FMA path's, the correctly "
          f"rounded (about 10 s), fmath's", flush=True)
    logs = {"host": host_logs(COUNTS), "glibc non-FMA": no_fma_logs(COUNTS), "correctly rounded":
            correct_logs(COUNTS), "fmath": fmath_logs(COUNTS)}
    if not a.write:
        from df_env.core.fmath import log_count_table
        logs["log_count table"] = log_count_table()[1:COUNTS]
    names = list(logs)
    for i, x in enumerate(names):
        for y in names[i + 1:]:
            differ = np.flatnonzero(logs[x] != logs[y]) + 1
            print(f"{x:>17} vs {y:<17}: {differ.size:6d} counts differ; the first: {differ[:6].tolist()}")
    if a.write:
        if not libc().startswith("glibc") or (logs["host"] != logs["glibc non-FMA"]).any():
            raise SystemExit("--write needs glibc whose two x86-64 paths agree on every count")
        from df_env.core.fmath import LOG_COUNTS_FILE
        write(LOG_COUNTS_FILE, logs["host"], logs["fmath"])


if __name__ == "__main__":
    main()
