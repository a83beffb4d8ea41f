"""The engine's compile rules (df_env/games/deep_future/engine/_jit.py): compiled callers call with widened argument
types, so a function has one specialization whatever int widths and constants its callers pass; ``njit_inline`` glue is
inlined into its callers and never compiled on its own. Run in a fresh process with an empty numba cache (a cached
caller would not compile its callees at all)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import pytest

pytestmark = [pytest.mark.skipif(bool(numba.config.DISABLE_JIT), reason="about compiled dispatch"),
              pytest.mark.slow]  # compiles in a fresh process with an empty cache

ROOT = Path(__file__).resolve().parents[4]
CODE = '''
import json
import numpy as np
from df_env.games.deep_future.engine._jit import njit, njit_inline

@njit
def callee(s, x, flag):
    return s["a"][x] + flag

@njit_inline
def glue(s, x):
    return callee(s, x, True)

@njit
def caller(arr):
    s = arr[0]
    # an int16 field, two literals, an int8 field and a bool, and the same through the inlined glue
    return callee(s, s["b"], False) + callee(s, 1, True) + callee(s, s["a"][0], s["b"] > 0) + glue(s, 2)

arr = np.zeros(1, np.dtype([("a", "i1", (4,)), ("b", "i2")]))
arr[0]["a"] = [3, 5, 7, 9]
arr[0]["b"] = 2
value = int(caller(arr))
from_python = int(callee(arr[0], 3, True))
print(json.dumps({"value": value, "from_python": from_python, "glue": len(glue.signatures),
                  "callee": [[str(t) for t in sig[1:]] for sig in callee.signatures]}))
'''


def test_one_specialization_for_every_int_width_and_literal(tmp_path: Path) -> None:
    probe = tmp_path / "jit_probe.py"  # numba caches functions of files only
    probe.write_text(CODE, encoding="utf-8")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(probe)], env=env, capture_output=True, text=True, check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["value"] == (7 + 0) + (5 + 1) + (9 + 1) + (7 + 1)  # the values of plain Python
    assert out["from_python"] == 10
    assert out["callee"] == [["int64", "bool"]]  # one specialization for all of them (and the Python call)
    assert out["glue"] == 0  # inlined into caller, not compiled on its own
