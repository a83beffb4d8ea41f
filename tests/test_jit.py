"""The engine's compile rules (df_env/engine/_jit.py): compiled callers call with widened argument types, so a
function has one specialization whatever int widths and constants its callers pass; ``njit_inline`` glue is
inlined into its callers and never compiled on its own."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from df_env.engine._jit import njit, njit_inline

pytestmark = pytest.mark.skipif(bool(numba.config.DISABLE_JIT), reason="about compiled dispatch")

DTYPE = np.dtype([("a", "i1", (4,)), ("b", "i2")])


@njit
def _callee(s, x, flag):
    return s["a"][x] + flag


@njit_inline
def _glue(s, x):
    return _callee(s, x, True)


@njit
def _caller(arr):
    s = arr[0]
    # an int16 field, two literals, an int8 field and a bool, and the same through the inlined glue
    return _callee(s, s["b"], False) + _callee(s, 1, True) + _callee(s, s["a"][0], s["b"] > 0) + _glue(s, 2)


def test_one_specialization_for_every_int_width_and_literal() -> None:
    arr = np.zeros(1, DTYPE)
    arr[0]["a"] = [3, 5, 7, 9]
    arr[0]["b"] = 2
    assert _caller(arr) == (7 + 0) + (5 + 1) + (9 + 1) + (7 + 1)  # the values of plain Python
    assert [str(t) for t in _callee.signatures[0][1:]] == ["int64", "bool"]
    assert len(_callee.signatures) == 1
    assert _glue.signatures == []  # inlined into _caller, not compiled on its own


def test_python_callers_are_unchanged() -> None:
    arr = np.zeros(1, DTYPE)
    arr[0]["a"] = [3, 5, 7, 9]
    assert _callee(arr[0], 3, True) == 10
