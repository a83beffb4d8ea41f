"""The dense layer every compiled network pass is made of (Deep Future's MLP models in :mod:`df_env.net.numba_net`,
the game MLPs of :mod:`df_env.net.game_mlp`), compiled as the networks are: cached, no GIL,
no fastmath (the same bits on every CPU model)."""

from __future__ import annotations

from df_env.core.jit import njit_nogil

jit = njit_nogil  # strict IEEE (no fastmath): the same bits on every CPU model, as in df_env.net.numba_net


@jit
def affine(out, b, x, w):
    """``out = b + x @ w`` over the non-zero entries of ``x``: a one-hot observation and the outputs of a ReLU are
    mostly zeros, and a row of ``w`` (stored ``(in, out)``) is contiguous."""
    n = out.shape[0]
    for j in range(n):
        out[j] = b[j]
    for i in range(x.shape[0]):
        xi = x[i]
        if xi != 0.0:
            for j in range(n):
                out[j] += xi * w[i, j]
