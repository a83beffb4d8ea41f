"""The network's forward pass in compiled code (numba, no torch): a model file packed into flat arrays that
compiled functions take, so that a search or a vector env runs the network without returning to Python.

:func:`pack` turns a loaded model (:class:`df_env.net.numpy_net.NumpyEntityNet` or ``NumpyMlpNet``) into a
:data:`Packed` tuple of five arrays (the same numba type for every model, so one compilation serves all):

* ``params`` float32: every weight matrix, flattened, one after the other;
* ``pidx`` int64 ``(K, 3)``: where tensor ``k`` starts in ``params`` and its shape (rows, columns);
* ``ints`` int64 and ``iidx`` ``(M, 2)``: the layout's index lists (card slot offsets and kinds, the global
  inputs, the sectors that read each sector's message, the action -> score map) and where each starts;
* ``cfg`` int64: the kind (0 entity, 1 mlp), the player count, the observation size, the layer sizes and the
  layout of the pass's scratch arrays.

:func:`forward` (compiled) computes, for one observation ``x``, the logits of the actions in ``need`` (the others
are left as they were) and returns the value. It equals ``NumpyEntityNet.forward`` to float32 rounding, but skips
what an observation does not use: empty card slots (their encoding is a constant per slot kind, computed once by
:func:`pack`), the layers of the sectors without inputs (their encodings when no sector has inputs are
precomputed too; a sector with inputs changes its own and its neighbours'), zero inputs of every layer, the heads
of actions not asked for. :func:`observe_forward` first writes the acting player's observation of a state record
with the engine's compiled encoder. :func:`pack` also flushes subnormal weights to zero (see ``_Packer.t``).
``experiments/bench_fwd.py`` times the pass by part.

Example:
    >>> from df_env.net.numpy_net import load_net, default_model_path
    >>> net = pack(load_net(default_model_path(1)))
    >>> logits, value = forward_py(net, obs)        # obs: (2254,) float32  # doctest: +SKIP
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from df_env.core.jit import njit_nogil

# the compiled observation
from df_env.games.deep_future.engine.kernels import encode
from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
from df_env.net.dense import affine as _affine
from df_env.net.netlayout import HEAD_BLOCKS, N_KINDS

__all__ = ["ENTITY", "MLP", "Packed", "forward", "forward_py", "observe_forward", "pack", "value_target"]

Packed = tuple  # (params f32[:], pidx i64[:, :], ints i64[:], iidx i64[:, :], cfg i64[:])
ENTITY, MLP = 0, 1
CF = 40  # card features
N_HEADS = len(HEAD_BLOCKS)
H_HAND, H_TABLEAU, H_LINE, H_REVEAL, H_SECTOR, H_ADV = range(N_HEADS)
H_CONTEXT = N_HEADS
MAX_NEIGH = 6

# entity tensors, in this order in pidx; then per head HEAD_T tensors. Each is stored as the compiled pass reads
# it: row r of a (rows, cols) tensor is params[start + r * cols:start + (r + 1) * cols].
(T_CARD1_W, T_CARD1_B, T_CARD2_W, T_CARD2_B, T_E_EMPTY, T_SEC1_W, T_SEC1_B, T_SEC2_W, T_SEC2_B, T_SEC_P0,
 T_RNEIGH_W, T_ADV_W, T_ADV_B, T_GLOB_W, T_GLOB_B, T_TR1_W, T_TR1_B, T_TR2_W, T_TR2_B, T_VAL_W, T_VAL_B, T_CTX_WT,
 T_CTX_B) = range(23)
T_HEADS = 23
HE_W, HCE_B, HC_W, HO_W, HO_B, UNSEEN = range(6)
HEAD_T = 6
# index lists, in this order in iidx
L_CARD_OFF, L_CARD_KIND, L_GLOB, L_RNEIGH, L_ACTION, L_SCORE_HEAD, L_SCORE_ROW = range(7)
# cfg
C_KIND, C_PLAYERS, C_OBS, C_MAP_OFF, C_MAP_F, C_DSEC_OFF, C_RES_OFF, C_ADV_OFF, C_LAYERS = range(9)
# cfg, entity models: the sizes (card slots, global inputs, layer widths) ...
(D_NC, D_NGI, D_H1, D_NE, D_S1, D_NS, D_NA, D_NG, D_NT, D_NH) = range(9, 19)
# ... and the layout of the pass's two scratch arrays: their sizes, where each float buffer starts (card rows,
# sector rows, the sectors' message changes, the trunk's input, hidden layer and context, the gathered global
# inputs, a buffer that the card layer, the sector layer and the heads use in turn, the card slots' pooling
# weights) and where each int buffer starts (the non-zero lists at 0, the card slots with inputs, the sectors with
# inputs, which heads have their context term)
(C_FSIZE, C_ISIZE, O_E, O_S, O_DT, O_Z, O_H, O_C, O_XG, O_BUF, O_WTS, I_CUSED, I_SUSED, I_HAVE) = range(19, 33)

# numba's njit without fastmath, in the engine's cache folder and its safe layout. Strict IEEE arithmetic: with
# fastmath the compiler reassociated sums and fused multiply-adds as each CPU's vector width and instructions
# suited, so a value differed in its last bits from one CPU model to another, and a search that read it grew
# another tree (docs/cluster.md). Now every CPU computes the same bits.
jit = njit_nogil


# ------------------------------------------------------------------------------------------------ packing
def value_target(net: Any) -> str:
    """What the model's value output estimates: ``"outcome"`` (the search's backed-up value for the acting
    player: 1 win, 0 loss, else the progress score) or ``"critic"`` (a PPO critic, or none)."""
    return "outcome" if getattr(net, "meta", {}).get("value_target") == "outcome" else "critic"


class _Packer:
    def __init__(self) -> None:
        self.tensors: list[np.ndarray] = []
        self.lists: list[np.ndarray] = []

    def t(self, a: Any) -> None:
        a = np.array(a, dtype=np.float32)
        # Subnormal weights (a trained model may hold hundreds, |w| < 1.2e-38) made every multiply-add that meets
        # one take a microcode assist, ~100 cycles: a pass twice as slow. Their products are below float32 rounding
        # of any sum they join, so zero is the same network.
        a[np.abs(a) < np.finfo(np.float32).tiny] = 0.0
        self.tensors.append(a.reshape(1, -1) if a.ndim == 1 else a.reshape(a.shape[0], -1))

    def i(self, a: Any) -> None:
        self.lists.append(np.asarray(a, dtype=np.int64).ravel())

    def done(self, cfg: list[int]) -> Packed:
        pidx = np.zeros((max(len(self.tensors), 1), 3), dtype=np.int64)
        o = 0
        for k, a in enumerate(self.tensors):
            pidx[k] = o, a.shape[0], a.shape[1]
            o += a.size
        params = np.concatenate([a.ravel() for a in self.tensors]) if self.tensors else np.zeros(1, np.float32)
        iidx = np.zeros((max(len(self.lists), 1), 2), dtype=np.int64)
        o = 0
        for k, b in enumerate(self.lists):
            iidx[k] = o, b.size
            o += b.size
        ints = np.concatenate(self.lists) if self.lists else np.zeros(1, np.int64)
        return (np.ascontiguousarray(params, dtype=np.float32), pidx, ints.astype(np.int64), iidx,
                np.array(cfg, dtype=np.int64))


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


def _exact_matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` in float64 for float32-valued ``a`` and ``b``, correctly rounded and so the same on every CPU: a
    product of two float32 values is exact in float64, and ``math.fsum`` rounds their sum once. (A BLAS matmul
    sums in the order its CPU's kernel chooses.) For the small constants of :func:`pack` only."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    out = np.empty((a.shape[0], b.shape[1]))
    for i in range(a.shape[0]):
        terms = a[i][:, None] * b  # row i's products, exact
        for j in range(b.shape[1]):
            out[i, j] = math.fsum(terms[:, j])
    return out


def _neighbours(adj: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    idx = np.full((37, MAX_NEIGH), -1, dtype=np.int64)
    wts = np.zeros((37, MAX_NEIGH), dtype=np.float32)
    for x in range(37):
        nb = np.flatnonzero(adj[x])
        assert nb.size <= MAX_NEIGH
        idx[x, :nb.size], wts[x, :nb.size] = nb, adj[x, nb]
    return idx, wts


def _score_map(lay: Any) -> tuple[np.ndarray, np.ndarray]:
    """Per score index: its head (H_CONTEXT for the context scores) and row (-1: the head's unseen row)."""
    head = np.full(lay.n_scores, H_CONTEXT, dtype=np.int64)
    row = np.zeros(lay.n_scores, dtype=np.int64)
    pos = 0
    for h, name in enumerate(HEAD_BLOCKS):
        rows = lay.head_rows[name]
        head[pos:pos + len(rows)] = h
        row[pos:pos + len(rows)] = rows
        pos += len(rows)
        if name in ("hand", "tableau"):
            head[pos], row[pos] = h, -1
            pos += 1
    row[pos:] = np.arange(lay.n_scores - pos)
    return head, row


def _sector_constants(net: Any, nb_idx: np.ndarray, nb_w: np.ndarray) -> tuple[np.ndarray, ...]:
    """What the sector encodings are when sectors have no inputs (computed in float64 with correctly rounded sums,
    the same on every CPU, then rounded to float32):

    * ``p0``: every sector's pre-ReLU encoding when no sector has inputs (the usual case for most of them);
    * ``n0``: a sector with inputs starts from its second-layer bias plus its neighbours' messages when none of
      them has inputs; its own inputs' term is added at run time;
    * ``mt0``: minus the message ``t0`` of a sector without inputs, the start of the change of message that a
      sector with inputs sends to its neighbours.
    """
    w = net.w
    f64 = np.float64
    zero = np.zeros(w["sec2.weight"].shape[1])
    s1_empty = _relu(net.sec_b.astype(f64))  # a sector without inputs: its first layer (the per-sector bias)
    b2 = w["sec2.bias"].astype(f64) + w.get("sec2n.bias", zero)
    t0 = _exact_matmul(s1_empty, w["sec2n.weight"])
    msg0 = np.zeros_like(t0)  # sum over neighbours of their weight times their message
    for r in range(37):
        for k in range(MAX_NEIGH):
            if nb_idx[r, k] >= 0:
                msg0[r] += nb_w[r, k] * t0[nb_idx[r, k]]
    p0 = _exact_matmul(s1_empty, w["sec2.weight"]) + b2 + msg0
    return p0, b2 + msg0, -t0


def _pack_entity(net: Any) -> Packed:
    w, lay = net.w, net.lay
    pk = _Packer()
    kinds_b = w["card1.weight"][CF:] + w["card1.bias"]  # (N_KINDS, H1): the slot kind's one-hot, plus the bias
    # an empty slot's encoding, per kind
    empty = _relu(_exact_matmul(_relu(kinds_b), w["card2.weight"]) + w["card2.bias"])
    assert kinds_b.shape[0] == N_KINDS
    nb_idx, nb_w = _neighbours(lay.adjacency)
    rnb_idx, rnb_w = _neighbours(lay.adjacency.T)  # per sector, the sectors that read its message, and how much
    p0, n0, mt0 = _sector_constants(net, nb_idx, nb_w)
    # sec2 and sec2n side by side: one layer gives a sector's encoding term and its message; its per-sector bias
    # (n0, mt0) makes them its start and its change of message
    for a in (w["card1.weight"][:CF], kinds_b, w["card2.weight"], w["card2.bias"], empty, net.sec_w, net.sec_b,
              np.concatenate([w["sec2.weight"], w["sec2n.weight"]], 1), np.concatenate([n0, mt0], 1), p0, rnb_w,
              net.adv_w, net.adv_b,
              w["glob.weight"], w["glob.bias"], w["trunk1.weight"], w["trunk1.bias"], w["trunk2.weight"],
              w["trunk2.bias"], w["value.weight"].reshape(1, -1), w["value.bias"],
              w["context_out.weight"].T, w["context_out.bias"]):
        pk.t(a)
    for h in HEAD_BLOCKS:
        hz = np.zeros(w[f"head_e.{h}.weight"].shape[1], dtype=np.float32)
        ez = np.zeros(w[f"head_e.{h}.weight"].shape[0], dtype=np.float32)
        # head_c's and head_e's biases summed once: the hidden layer is c @ Wc + e @ We + both biases
        for a in (w[f"head_e.{h}.weight"], w[f"head_e.{h}.bias"] + w.get(f"head_c.{h}.bias", hz),
                  w[f"head_c.{h}.weight"], w[f"head_o.{h}.weight"].reshape(1, -1), w[f"head_o.{h}.bias"],
                  w.get(f"unseen.{h}", ez)):
            pk.t(a)
    head, row = _score_map(lay)
    for b in (lay.card_idx[:, 0], lay.card_kind, lay.glob_idx, rnb_idx, lay.action_index, head, row):
        pk.i(b)
    assert (lay.card_idx == lay.card_idx[:, :1] + np.arange(CF)).all()
    assert (lay.adv_idx[:, 1] + 36 == lay.adv_idx[:, 2]).all()
    mp = lay.map_idx
    mo, mf = int(mp[0, 0]), int(mp.shape[1])
    assert (mp == mo + mf * np.arange(37)[:, None] + np.arange(mf)).all()  # the sectors' rows, one after the other
    nc, ngi = lay.card_idx.shape[0], lay.glob_idx.size
    h1, ne, s1, ns, na = kinds_b.shape[1], empty.shape[1], net.sec_b.shape[1], p0.shape[1], net.adv_b.shape[1]
    ng, nt, nh = w["glob.bias"].size, w["trunk2.bias"].size, w["head_e.hand.weight"].shape[1]
    # the float scratch, in the order of O_E..O_WTS; the shared buffer holds a card's hidden layer, or a sector's
    # hidden layer and its second layer's output, or the heads' context terms, hidden layer and advancement
    shared = max(h1, s1 + 2 * ns, (N_HEADS + 1) * nh + na)
    sizes = [nc * ne, 37 * ns, 37 * ns, ng + 2 * ne + 2 * ns, nt, nt, ngi, shared, nc]
    starts = np.concatenate([[0], np.cumsum(sizes)]).tolist()
    in_max = max(ngi, ng + 2 * ne + 2 * ns, nt, CF, mf, h1, s1, ne, ns, na)
    istarts = [in_max, in_max + 2 * nc, in_max + 2 * nc + 37]
    return pk.done([ENTITY, net.num_players, net.obs_size, mo, mf, int(lay.dsec_idx[0]), int(lay.adv_idx[0, 0]),
                    int(lay.adv_idx[0, 1]), 0, nc, ngi, h1, ne, s1, ns, na, ng, nt, nh,
                    starts[-1], istarts[-1] + N_HEADS, *starts[:-1], *istarts])


def _pack_mlp(net: Any) -> Packed:
    pk = _Packer()
    for wt, b in net.layers:
        pk.t(wt)
        pk.t(b)
    pk.t(net.out[0])
    pk.t(net.out[1])
    return pk.done([MLP, net.num_players, net.obs_size, 0, 0, 0, 0, 0, len(net.layers)])


def pack(net: Any) -> Packed:
    """The compiled form of a loaded model (:func:`df_env.net.numpy_net.load_net`)."""
    from df_env.net.numpy_net import NumpyEntityNet

    return _pack_entity(net) if isinstance(net, NumpyEntityNet) else _pack_mlp(net)


# ------------------------------------------------------------------------------------------------ compiled
# Most of a pass's cost was fixed overhead, not arithmetic: 2-D weight views (a reshape each), small allocations,
# and above all array views handed to other compiled functions (each costs reference-count calls, ~10-15 ns). So the
# entity pass allocates two scratch arrays, and its functions take whole arrays plus offsets (params, the
# observation, the scratch): the views they slice and loop over stay inside them, where the compiler drops their
# reference counting. Layers run as _dense.
@jit
def _mat(net, k):
    """Tensor ``k`` as a matrix (the MLP models' layers, and profiling)."""
    o, r, c = net[1][k, 0], net[1][k, 1], net[1][k, 2]
    return net[0][o:o + r * c].reshape((r, c))


@jit
def _vec(net, k):
    o, r, c = net[1][k, 0], net[1][k, 1], net[1][k, 2]
    return net[0][o:o + r * c]


@jit
def _ints(net, k):
    """Index list ``k`` (profiling)."""
    o, n = net[3][k, 0], net[3][k, 1]
    return net[2][o:o + n]


@jit
def _at(net, k):
    """Where tensor ``k`` starts in ``params``."""
    return net[1][k, 0]


@jit
def _copy(dst, d, src, s, n):
    """``dst[d:d + n] = src[s:s + n]``."""
    a, b = dst[d:d + n], src[s:s + n]
    for j in range(n):
        a[j] = b[j]


@jit
def _axpy(dst, d, v, src, s, n):
    """``dst[d:d + n] += v * src[s:s + n]``."""
    a, b = dst[d:d + n], src[s:s + n]
    for j in range(n):
        a[j] += v * b[j]


@jit
def _relu_(a, o, n):
    """``a[o:o + n] = max(a[o:o + n], 0)``, written as the select Python's ``max`` is (the first unless the second is
    greater: the same bits, signed zeros and NaN included), a form that compiles to vector max instructions
    without fastmath; so are the pooling maxes."""
    v = a[o:o + n]
    for j in range(n):
        v[j] = np.float32(0.0) if np.float32(0.0) > v[j] else v[j]


@jit
def _dot(a, ao, b, bo, n):
    """``a[ao:ao + n] @ b[bo:bo + n]``, summed in a fixed order: eight running sums (lane ``k`` takes the terms
    ``j = k mod 8``), added pairwise, then the tail. The passes compile without fastmath, so the compiler may not
    reorder a sum; eight independent sums still fill a vector register (see :data:`jit`)."""
    u, v = a[ao:ao + n], b[bo:bo + n]
    s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = np.float32(0.0)
    m = n - n % 8
    for j in range(0, m, 8):
        s0 += u[j] * v[j]
        s1 += u[j + 1] * v[j + 1]
        s2 += u[j + 2] * v[j + 2]
        s3 += u[j + 3] * v[j + 3]
        s4 += u[j + 4] * v[j + 4]
        s5 += u[j + 5] * v[j + 5]
        s6 += u[j + 6] * v[j + 6]
        s7 += u[j + 7] * v[j + 7]
    s = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
    for j in range(m, n):
        s += u[j] * v[j]
    return s


@jit
def _dense(out, o, n, b, bo, a, ao, m, p, at, nz, k=-1):
    """``out[o:o + n] = b[bo:bo + n] + x @ W`` over the non-zero entries of ``x = a[ao:ao + m]``, where row ``i`` of
    ``W`` is ``p[at + i * n:at + (i + 1) * n]``. ``k``: how many non-zero entries ``nz`` already lists, else -1 (then
    listed here, without branches: an unpredictable branch per entry costs more than the store). Four weight rows
    at a time: one load and store of ``out`` per four multiply-adds. One function without calls, so that the
    compiler drops the reference counting of its views (a call costs ~10 ns of it)."""
    y, bias, x = out[o:o + n], b[bo:bo + n], a[ao:ao + m]
    for j in range(n):
        y[j] = bias[j]
    if k < 0:
        k = 0
        for i in range(m):
            nz[k] = i
            k += np.int64(x[i] != 0.0)
    q = 0
    while q + 4 <= k:
        i0, i1, i2, i3 = nz[q], nz[q + 1], nz[q + 2], nz[q + 3]
        x0, x1, x2, x3 = x[i0], x[i1], x[i2], x[i3]
        w0 = p[at + i0 * n:at + i0 * n + n]
        w1 = p[at + i1 * n:at + i1 * n + n]
        w2 = p[at + i2 * n:at + i2 * n + n]
        w3 = p[at + i3 * n:at + i3 * n + n]
        for j in range(n):
            y[j] += (x0 * w0[j] + x1 * w1[j]) + (x2 * w2[j] + x3 * w3[j])
        q += 4
    while q < k:
        i0 = nz[q]
        x0 = x[i0]
        w0 = p[at + i0 * n:at + i0 * n + n]
        for j in range(n):
            y[j] += x0 * w0[j]
        q += 1


@jit
def _pool_row(f, mean, mx, row, w, n):
    """``f[mean:mean + n] += w * f[row:row + n]``, ``f[mx:mx + n] = max(f[mx:mx + n], w * f[row:row + n])``, in
    separate loops so that each vectorizes."""
    a, b, r = f[mean:mean + n], f[mx:mx + n], f[row:row + n]
    for j in range(n):
        a[j] += w * r[j]
    for j in range(n):
        t = w * r[j]
        b[j] = t if t > b[j] else b[j]


@jit
def _pool_all(f, mean, rows, m, n):
    """``f[mean:mean + n]``: the mean of the ``m`` rows from ``f[rows:]`` (``n`` wide); ``f[mean + n:mean + 2n]``:
    their max (rows of ReLU outputs: from 0)."""
    a, b = f[mean:mean + n], f[mean + n:mean + 2 * n]
    for j in range(n):
        a[j] = 0.0
        b[j] = 0.0
    for r in range(m):
        row = f[rows + r * n:rows + (r + 1) * n]
        for j in range(n):
            a[j] += row[j]
        for j in range(n):
            b[j] = row[j] if row[j] > b[j] else b[j]
    scale = np.float32(1.0 / m)
    for j in range(n):
        a[j] *= scale


@jit
def _zero(f, o, n):
    v = f[o:o + n]
    for j in range(n):
        v[j] = 0.0


@jit
def _card_part(net, x, f, ii):
    """The encodings of the card slots that have inputs into the rows ``O_E`` of ``f`` (``ii[I_CUSED + r]``: whether
    slot ``r`` has; the others' encoding is a constant per slot kind, ``T_E_EMPTY``); mean and max over present
    cards into the trunk's input. A slot whose "present" input is 0 is taken as empty: the encoder writes "present"
    on every slot it fills (checked by experiments/fwd_check_present.py), and testing it alone saves ~0.3 us a pass
    over testing all 40 inputs of the empty slots."""
    p, ints, iidx, cfg = net[0], net[2], net[3], net[4]
    nc, h1, ne, e, buf, wts, cu = cfg[D_NC], cfg[D_H1], cfg[D_NE], cfg[O_E], cfg[O_BUF], cfg[O_WTS], cfg[I_CUSED]
    offs, kinds = iidx[L_CARD_OFF, 0], iidx[L_CARD_KIND, 0]
    at_b1, at_w1, at_b2, at_w2 = _at(net, T_CARD1_B), _at(net, T_CARD1_W), _at(net, T_CARD2_B), _at(net, T_CARD2_W)
    m = 0  # the slots with inputs, listed from ii[cu + nc]
    n_present = np.float32(0.0)
    for r in range(nc):
        o = ints[offs + r]
        present = x[o]
        ii[cu + r] = present != 0.0
        if present == 0.0:
            continue
        _dense(f, buf, h1, p, at_b1 + ints[kinds + r] * h1, x, o, CF, p, at_w1, ii)
        _relu_(f, buf, h1)
        _dense(f, e + r * ne, ne, p, at_b2, f, buf, h1, p, at_w2, ii)
        _relu_(f, e + r * ne, ne)
        ii[cu + nc + m] = r
        f[wts + m] = present
        n_present += present
        m += 1
    mean = cfg[O_Z] + cfg[D_NG]
    _zero(f, mean, 2 * ne)  # the empty slots' weight is 0: they count as zero rows
    for q in range(m):
        _pool_row(f, mean, mean + ne, e + ii[cu + nc + q] * ne, f[wts + q], ne)
    scale = np.float32(1.0) / (n_present + np.float32(1.0))
    for j in range(ne):
        f[mean + j] *= scale


@jit
def _sector_part(net, x, f, ii):
    """The 37 sector encodings (one round of neighbour messages) into the rows ``O_S`` of ``f``; mean and max into
    the trunk's input. Only the sectors with inputs run their layers (a few of the 37 in a game); every sector
    starts from its precomputed pre-ReLU encoding, changed by the messages of its neighbours with inputs."""
    p, ints, iidx, cfg = net[0], net[2], net[3], net[4]
    mo, mf, do = cfg[C_MAP_OFF], cfg[C_MAP_F], cfg[C_DSEC_OFF]
    s1n, ns, s, dt, buf, su = cfg[D_S1], cfg[D_NS], cfg[O_S], cfg[O_DT], cfg[O_BUF], cfg[I_SUSED]
    at_w1, at_b1, at_w2, at_b2 = _at(net, T_SEC1_W), _at(net, T_SEC1_B), _at(net, T_SEC2_W), _at(net, T_SEC2_B)
    _copy(f, s, p, _at(net, T_SEC_P0), 37 * ns)
    m = 0
    for r in range(37):
        row = x[mo + r * mf:mo + (r + 1) * mf]
        d = x[do + r]
        total = abs(d)
        for k in range(mf):
            total += abs(row[k])
        if total == 0.0:
            continue
        ii[su + m] = r
        m += 1
        _dense(f, buf, s1n, p, at_b1 + r * s1n, x, mo + r * mf, mf, p, at_w1, ii)
        if d != 0.0:  # the decision's context sector, the first layer's last input
            _axpy(f, buf, d, p, at_w1 + mf * s1n, s1n)
        _relu_(f, buf, s1n)
        _dense(f, buf + s1n, 2 * ns, p, at_b2 + r * 2 * ns, f, buf, s1n, p, at_w2, ii)
        _copy(f, s + r * ns, f, buf + s1n, ns)
        _copy(f, dt + r * ns, f, buf + s1n + ns, ns)  # its change of message
    rnb, at_rw = iidx[L_RNEIGH, 0], _at(net, T_RNEIGH_W)
    for q in range(m):  # once every sector with inputs has its row: they receive messages too
        r = ii[su + q]
        for k in range(MAX_NEIGH):
            t = ints[rnb + r * MAX_NEIGH + k]
            if t >= 0:
                _axpy(f, s + t * ns, p[at_rw + r * MAX_NEIGH + k], f, dt + r * ns, ns)
    _relu_(f, s, 37 * ns)
    mean = cfg[O_Z] + cfg[D_NG] + 2 * cfg[D_NE]
    _pool_all(f, mean, s, 37, ns)


@jit
def _trunk_part(net, x, f, ii):
    """The context (``O_C``) from the global inputs and the pooled entities (written into the trunk's input
    before)."""
    p, ints, iidx, cfg = net[0], net[2], net[3], net[4]
    ngi, ng, nt, z, xg, h, c = cfg[D_NGI], cfg[D_NG], cfg[D_NT], cfg[O_Z], cfg[O_XG], cfg[O_H], cfg[O_C]
    gi = iidx[L_GLOB, 0]
    k = 0
    for i in range(ngi):  # gather the global inputs, listing the non-zero ones
        v = x[ints[gi + i]]
        f[xg + i] = v
        ii[k] = i
        k += np.int64(v != 0.0)
    _dense(f, z, ng, p, _at(net, T_GLOB_B), f, xg, ngi, p, _at(net, T_GLOB_W), ii, k)
    _relu_(f, z, ng)
    _dense(f, h, nt, p, _at(net, T_TR1_B), f, z, ng + 2 * cfg[D_NE] + 2 * cfg[D_NS], p, _at(net, T_TR1_W), ii)
    _relu_(f, h, nt)
    _dense(f, c, nt, p, _at(net, T_TR2_B), f, h, nt, p, _at(net, T_TR2_W), ii)
    _relu_(f, c, nt)


@jit
def _head_score(net, x, f, ii, h, row):
    """The score of entity ``row`` (-1: the unseen row) under head ``h``. The head's context term (``c @ Wc``
    plus both biases) is computed the first time the head is asked for."""
    p, cfg = net[0], net[4]
    nh, ne, ns, na = cfg[D_NH], cfg[D_NE], cfg[D_NS], cfg[D_NA]
    base = T_HEADS + h * HEAD_T
    hc, hid, adv = cfg[O_BUF] + h * nh, cfg[O_BUF] + N_HEADS * nh, cfg[O_BUF] + (N_HEADS + 1) * nh
    if ii[cfg[I_HAVE] + h] == 0:
        _dense(f, hc, nh, p, _at(net, base + HCE_B), f, cfg[O_C], cfg[D_NT], p, _at(net, base + HC_W), ii)
        ii[cfg[I_HAVE] + h] = 1
    # the entity's encoding: a[ao:ao + m]
    a, ao, m = f, cfg[O_E] + row * ne, ne
    if h == H_SECTOR:
        ao, m = cfg[O_S] + row * ns, ns
    elif h == H_ADV:  # the advancement's three inputs
        _copy(f, adv, p, _at(net, T_ADV_B) + row * na, na)
        for k in range(3):
            v = x[cfg[C_RES_OFF] + row] if k == 0 else x[cfg[C_ADV_OFF] + 36 * (k - 1) + row]
            if v != 0.0:
                _axpy(f, adv, v, p, _at(net, T_ADV_W) + k * na, na)
        _relu_(f, adv, na)
        ao, m = adv, na
    elif row < 0:
        a, ao = p, _at(net, base + UNSEEN)
    elif ii[cfg[I_CUSED] + row] == 0:  # an empty slot
        a, ao = p, _at(net, T_E_EMPTY) + net[2][net[3][L_CARD_KIND, 0] + row] * ne
    _dense(f, hid, nh, f, hc, a, ao, m, p, _at(net, base + HE_W), ii)
    _relu_(f, hid, nh)
    return p[_at(net, base + HO_B)] + _dot(f, hid, p, _at(net, base + HO_W), nh)


@jit
def _logits(net, x, f, ii, need, logits):
    """The logits of the actions in ``need``: a head's score of the entity the action names, or a context score."""
    p, ints, iidx, cfg = net[0], net[2], net[3], net[4]
    act, shead, srow = iidx[L_ACTION, 0], iidx[L_SCORE_HEAD, 0], iidx[L_SCORE_ROW, 0]
    nt, c, at_cb, at_cw = cfg[D_NT], cfg[O_C], _at(net, T_CTX_B), _at(net, T_CTX_WT)
    for j in range(N_HEADS):
        ii[cfg[I_HAVE] + j] = 0
    for a in range(iidx[L_ACTION, 1]):
        if not need[a]:
            continue
        si = ints[act + a]
        h, row = ints[shead + si], ints[srow + si]
        if h == H_CONTEXT:
            logits[a] = p[at_cb + row] + _dot(f, c, p, at_cw + row * nt, nt)
        else:
            logits[a] = _head_score(net, x, f, ii, h, row)


@jit
def _scratch(net):
    """The pass's two scratch arrays (their layout: the cfg entries O_* and I_*)."""
    return np.empty(net[4][C_FSIZE], dtype=np.float32), np.empty(net[4][C_ISIZE], dtype=np.int64)


@jit
def _entity_forward(net, x, need, logits, want_logits):
    f, ii = _scratch(net)
    _card_part(net, x, f, ii)
    _sector_part(net, x, f, ii)
    _trunk_part(net, x, f, ii)
    value = net[0][_at(net, T_VAL_B)] + _dot(f, net[4][O_C], net[0], _at(net, T_VAL_W), net[4][D_NT])
    if want_logits:
        _logits(net, x, f, ii, need, logits)
    return value


# the parts alone, for profiling (/work/runs/scripts/prof_fwd2.py's interface): each allocates the scratch and
# copies its results out
@jit
def _cards(net, x, e, pooled):
    """The encodings of the card slots that have inputs into ``e`` (slots, E); mean and max over present cards into
    ``pooled[:2E]``."""
    f, ii = _scratch(net)
    cfg = net[4]
    _card_part(net, x, f, ii)
    ne = e.shape[1]
    for q in range(e.shape[0]):
        if ii[cfg[I_CUSED] + q]:
            _copy(e[q], 0, f, cfg[O_E] + q * ne, ne)
    _copy(pooled, 0, f, cfg[O_Z] + cfg[D_NG], 2 * ne)


@jit
def _sectors(net, x, s, pooled, at):
    """The 37 sector encodings into ``s`` (37, S); mean and max into ``pooled[at:at + 2S]``."""
    f, ii = _scratch(net)
    cfg = net[4]
    _sector_part(net, x, f, ii)
    ns = cfg[D_NS]
    _copy(s.reshape(-1), 0, f, cfg[O_S], 37 * ns)
    _copy(pooled, at, f, cfg[O_Z] + cfg[D_NG] + 2 * cfg[D_NE], 2 * ns)


@jit
def _trunk(net, x, pooled, c):
    """The context ``c`` from the global inputs and the pooled entities."""
    f, ii = _scratch(net)
    cfg = net[4]
    _copy(f, cfg[O_Z] + cfg[D_NG], pooled, 0, 2 * cfg[D_NE] + 2 * cfg[D_NS])
    _trunk_part(net, x, f, ii)
    _copy(c, 0, f, cfg[O_C], c.shape[0])


@jit
def _mlp_forward(net, x, need, logits, want_logits):
    h = x
    for k in range(net[4][C_LAYERS]):
        w = _mat(net, 2 * k)
        nxt = np.empty(w.shape[1], dtype=np.float32)
        _affine(nxt, _vec(net, 2 * k + 1), h, w)
        for j in range(nxt.shape[0]):
            nxt[j] = np.tanh(nxt[j])
        h = nxt
    if want_logits:
        k = net[4][C_LAYERS]
        w, b = _mat(net, 2 * k), _vec(net, 2 * k + 1)
        for a in range(w.shape[1]):
            if need[a]:
                v = b[a]
                for i in range(h.shape[0]):
                    v += h[i] * w[i, a]
                logits[a] = v
    return np.nan


@jit
def forward(net, x, need, logits, want_logits):
    """Value of observation ``x`` (NaN for a model without one); when ``want_logits``, ``logits[a]`` for every
    action ``a`` with ``need[a]`` (float64 or float32 array over NUM_ACTIONS; the others are not written)."""
    if net[4][C_KIND] == MLP:
        return _mlp_forward(net, x, need, logits, want_logits)
    return _entity_forward(net, x, need, logits, want_logits)


@jit
def observe_forward(net, s, me, obs, need, logits, want_logits):
    """:func:`forward` on player ``me``'s observation of state record ``s`` (written into ``obs``)."""
    encode(s, me, obs)
    return forward(net, obs, need, logits, want_logits)


def forward_py(net: Packed, x: np.ndarray, need: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    """Logits over every action (NaN where ``need`` is False) and the value of one observation, from Python."""
    if x.shape != (int(net[4][C_OBS]),):
        raise ValueError(f"this model is for {int(net[4][C_PLAYERS])}-player games (observations of size "
                         f"{int(net[4][C_OBS])}); got an observation of shape {x.shape}")
    need = np.ones(NUM_ACTIONS, dtype=np.bool_) if need is None else np.asarray(need, dtype=np.bool_)
    logits = np.full(NUM_ACTIONS, np.nan, dtype=np.float64)
    value = forward(net, np.ascontiguousarray(x, dtype=np.float32), need, logits, True)
    return logits, float(value)
