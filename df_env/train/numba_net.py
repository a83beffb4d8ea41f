"""The network's forward pass in compiled code (numba, no torch): a model file packed into flat arrays that
compiled functions take, so that a search or a vector env runs the network without returning to Python.

:func:`pack` turns a loaded model (:class:`df_env.train.numpy_net.NumpyEntityNet` or ``NumpyMlpNet``) into a
:data:`Packed` tuple of five arrays (the same numba type for every model, so one compilation serves all):

* ``params`` float32: every weight matrix, flattened, one after the other;
* ``pidx`` int64 ``(K, 3)``: where tensor ``k`` starts in ``params`` and its shape (rows, columns);
* ``ints`` int64 and ``iidx`` ``(M, 2)``: the layout's index lists (card slot offsets and kinds, the global
  inputs, the sector neighbours, the action -> score map) and where each starts;
* ``cfg`` int64: the kind (0 entity, 1 mlp), the player count, the observation size and the sizes used below.

:func:`forward` (compiled) computes, for one observation ``x``, the logits of the actions in ``need`` (the others
are left as they were) and returns the value. It equals ``NumpyEntityNet.forward`` to float32 rounding, but skips
what an observation does not use: empty card slots (their encoding is a constant per slot kind, computed once by
:func:`pack`), zero inputs of the first layers, the heads of actions not asked for. :func:`observe_forward` first
writes the acting player's observation of a state record with the engine's compiled encoder.

Example:
    >>> from df_env.train.numpy_net import load_net, default_model_path
    >>> net = pack(load_net(default_model_path(1)))
    >>> logits, value = forward_py(net, obs)        # obs: (2254,) float32  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from df_env.engine.kernels import encode  # the compiled observation (and numba's cache folder, set first)
from df_env.engine.model.layout import NUM_ACTIONS
from df_env.train.netlayout import HEAD_BLOCKS, N_KINDS

__all__ = ["ENTITY", "MLP", "Packed", "forward", "forward_py", "observe_forward", "pack", "value_target"]

Packed = tuple  # (params f32[:], pidx i64[:, :], ints i64[:], iidx i64[:, :], cfg i64[:])
ENTITY, MLP = 0, 1
CF = 40  # card features
N_HEADS = len(HEAD_BLOCKS)
H_HAND, H_TABLEAU, H_LINE, H_REVEAL, H_SECTOR, H_ADV = range(N_HEADS)
H_CONTEXT = N_HEADS
MAX_NEIGH = 6

# entity tensors, in this order in pidx; then per head HEAD_T tensors
(T_CARD1_W, T_CARD1_B, T_CARD2_W, T_CARD2_B, T_E_EMPTY, T_SEC1_W, T_SEC1_B, T_SEC2_W, T_SEC2_B, T_SEC2N_W,
 T_ADV_W, T_ADV_B, T_GLOB_W, T_GLOB_B, T_TR1_W, T_TR1_B, T_TR2_W, T_TR2_B, T_VAL_W, T_VAL_B, T_CTX_W,
 T_CTX_B, T_NEIGH_W, T_SEC_U0, T_SEC_T0, T_SEC_S0) = range(26)
T_HEADS = 26
HE_W, HE_B, HC_W, HC_B, HO_W, HO_B, UNSEEN = range(7)
HEAD_T = 7
# index lists, in this order in iidx
L_CARD_OFF, L_CARD_KIND, L_GLOB, L_NEIGH, L_ACTION, L_SCORE_HEAD, L_SCORE_ROW = range(7)
# cfg
C_KIND, C_PLAYERS, C_OBS, C_MAP_OFF, C_MAP_F, C_DSEC_OFF, C_RES_OFF, C_ADV_OFF, C_LAYERS = range(9)

jit = numba.njit(cache=True, nogil=True, fastmath=True)  # as the engine's njit (its cache folder), plus fastmath


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
        a = np.asarray(a, dtype=np.float32)
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


def _pack_entity(net: Any) -> Packed:
    w, lay = net.w, net.lay
    pk = _Packer()
    kinds_b = w["card1.weight"][CF:] + w["card1.bias"]  # (N_KINDS, H1): the slot kind's one-hot, plus the bias
    empty = _relu(_relu(kinds_b) @ w["card2.weight"] + w["card2.bias"])  # an empty slot's encoding, per kind
    assert kinds_b.shape[0] == N_KINDS
    nb_idx, nb_w = _neighbours(lay.adjacency)
    zero = np.zeros(w["sec2.weight"].shape[1], dtype=np.float32)
    s1_empty = _relu(net.sec_b)  # a sector with no inputs: its first layer, then both of its second-layer terms
    b2 = w["sec2.bias"] + w.get("sec2n.bias", zero)
    u0, t0 = s1_empty @ w["sec2.weight"] + b2, s1_empty @ w["sec2n.weight"]
    s0 = u0.copy()  # every sector's final encoding when no sector has inputs (the usual case for most of them)
    for r in range(37):
        for k in range(MAX_NEIGH):
            if nb_idx[r, k] >= 0:
                s0[r] += nb_w[r, k] * t0[nb_idx[r, k]]
    s0 = _relu(s0)
    for a in (w["card1.weight"][:CF], kinds_b, w["card2.weight"], w["card2.bias"], empty, net.sec_w, net.sec_b,
              w["sec2.weight"], b2, w["sec2n.weight"], net.adv_w,
              net.adv_b, w["glob.weight"], w["glob.bias"], w["trunk1.weight"], w["trunk1.bias"],
              w["trunk2.weight"], w["trunk2.bias"], w["value.weight"], w["value.bias"],
              w["context_out.weight"], w["context_out.bias"], nb_w, u0, t0, s0):
        pk.t(a)
    for h in HEAD_BLOCKS:
        hz = np.zeros(w[f"head_e.{h}.weight"].shape[1], dtype=np.float32)
        ez = np.zeros(w[f"head_e.{h}.weight"].shape[0], dtype=np.float32)
        for a in (w[f"head_e.{h}.weight"], w[f"head_e.{h}.bias"], w[f"head_c.{h}.weight"],
                  w.get(f"head_c.{h}.bias", hz), w[f"head_o.{h}.weight"], w[f"head_o.{h}.bias"],
                  w.get(f"unseen.{h}", ez)):
            pk.t(a)
    head, row = _score_map(lay)
    for b in (lay.card_idx[:, 0], lay.card_kind, lay.glob_idx, nb_idx, lay.action_index, head, row):
        pk.i(b)
    assert (lay.card_idx == lay.card_idx[:, :1] + np.arange(CF)).all()
    assert (lay.adv_idx[:, 1] + 36 == lay.adv_idx[:, 2]).all()
    mp = lay.map_idx
    return pk.done([ENTITY, net.num_players, net.obs_size, int(mp[0, 0]), int(mp.shape[1]), int(lay.dsec_idx[0]),
                    int(lay.adv_idx[0, 0]), int(lay.adv_idx[0, 1]), 0])


def _pack_mlp(net: Any) -> Packed:
    pk = _Packer()
    for wt, b in net.layers:
        pk.t(wt)
        pk.t(b)
    pk.t(net.out[0])
    pk.t(net.out[1])
    return pk.done([MLP, net.num_players, net.obs_size, 0, 0, 0, 0, 0, len(net.layers)])


def pack(net: Any) -> Packed:
    """The compiled form of a loaded model (:func:`df_env.train.numpy_net.load_net`)."""
    from df_env.train.numpy_net import NumpyEntityNet

    return _pack_entity(net) if isinstance(net, NumpyEntityNet) else _pack_mlp(net)


# ------------------------------------------------------------------------------------------------ compiled
@jit
def _mat(net, k):
    o, r, c = net[1][k, 0], net[1][k, 1], net[1][k, 2]
    return net[0][o:o + r * c].reshape((r, c))


@jit
def _vec(net, k):
    o, r, c = net[1][k, 0], net[1][k, 1], net[1][k, 2]
    return net[0][o:o + r * c]


@jit
def _ints(net, k):
    o, n = net[3][k, 0], net[3][k, 1]
    return net[2][o:o + n]


@jit
def _add_row(out, v, wrow):
    for j in range(out.shape[0]):
        out[j] += v * wrow[j]


@jit
def _affine(out, b, x, w):
    """``out = b + x @ w`` over the non-zero entries of ``x``."""
    n = out.shape[0]
    for j in range(n):
        out[j] = b[j]
    for i in range(x.shape[0]):
        xi = x[i]
        if xi != 0.0:
            for j in range(n):
                out[j] += xi * w[i, j]


@jit
def _relu_(v):
    for j in range(v.shape[0]):
        if v[j] < 0.0:
            v[j] = 0.0


@jit
def _cards(net, x, e, pooled):
    """Every card slot's encoding into ``e``; mean and max over present cards into ``pooled[:2E]``."""
    offs, kinds = _ints(net, L_CARD_OFF), _ints(net, L_CARD_KIND)
    w1, b1, w2, b2, empty = (_mat(net, T_CARD1_W), _mat(net, T_CARD1_B), _mat(net, T_CARD2_W),
                             _vec(net, T_CARD2_B), _mat(net, T_E_EMPTY))
    ne = e.shape[1]
    h = np.empty(w1.shape[1], dtype=np.float32)
    pooled[:2 * ne] = 0.0
    n_present = 0.0
    for r in range(offs.shape[0]):
        o = offs[r]
        card = x[o:o + CF]
        used = False
        for f in range(CF):
            if card[f] != 0.0:
                used = True
                break
        if not used:
            e[r] = empty[kinds[r]]
            continue
        _affine(h, b1[kinds[r]], card, w1)
        _relu_(h)
        _affine(e[r], b2, h, w2)
        _relu_(e[r])
        pres = card[0]
        n_present += pres
        for j in range(ne):
            v = e[r, j] * pres
            pooled[j] += v
            if v > pooled[ne + j]:
                pooled[ne + j] = v
    for j in range(ne):
        pooled[j] /= n_present + 1.0


@jit
def _pool(rows, mean, mx, scale):
    """``mean = scale * sum of rows``, ``mx = max(0, max of rows)`` (rows are ReLU outputs), written in separate
    passes so that the compiler vectorizes them."""
    mean[:] = 0.0
    mx[:] = 0.0
    for r in range(rows.shape[0]):
        for j in range(rows.shape[1]):
            mean[j] += rows[r, j]
            mx[j] = max(mx[j], rows[r, j])
    for j in range(mean.shape[0]):
        mean[j] *= scale


@jit
def _sectors(net, x, s, pooled, at):
    """The 37 sector encodings (one round of neighbour messages) into ``s``; mean and max into ``pooled[at:]``.
    Only the sectors with inputs run the first layers; only they and their neighbours are recomputed, the others
    take their precomputed encoding (a few of the 37 have inputs in a game)."""
    cfg = net[4]
    mo, mf, do = cfg[C_MAP_OFF], cfg[C_MAP_F], cfg[C_DSEC_OFF]
    w1, b1, w2, w2n, nbw = (_mat(net, T_SEC1_W), _mat(net, T_SEC1_B), _mat(net, T_SEC2_W), _mat(net, T_SEC2N_W),
                            _mat(net, T_NEIGH_W))
    nb = _ints(net, L_NEIGH).reshape((37, MAX_NEIGH))
    u0, t0, s0 = _mat(net, T_SEC_U0), _mat(net, T_SEC_T0), _mat(net, T_SEC_S0)
    ns = s.shape[1]
    u = np.empty((37, ns), dtype=np.float32)  # s1 @ W2 + b, rows of the sectors with inputs
    t = np.empty((37, ns), dtype=np.float32)  # s1 @ W2n
    used = np.zeros(37, dtype=np.bool_)
    s1 = np.empty(w1.shape[1], dtype=np.float32)
    b2 = _vec(net, T_SEC2_B)
    zero = np.zeros(w2n.shape[1], dtype=np.float32)
    for r in range(37):
        row = x[mo + r * mf:mo + (r + 1) * mf]
        used[r] = x[do + r] != 0.0
        for f in range(mf):
            if row[f] != 0.0:
                used[r] = True
                break
        if not used[r]:
            continue
        _affine(s1, b1[r], row, w1)
        if x[do + r] != 0.0:
            _add_row(s1, x[do + r], w1[mf])
        _relu_(s1)
        _affine(t[r], zero, s1, w2n)
        _affine(u[r], b2, s1, w2)
    for r in range(37):
        dirty = used[r]
        for k in range(MAX_NEIGH):
            if nb[r, k] >= 0 and used[nb[r, k]]:
                dirty = True
        if not dirty:
            s[r] = s0[r]
        else:
            s[r] = u[r] if used[r] else u0[r]
            for k in range(MAX_NEIGH):
                q = nb[r, k]
                if q >= 0:
                    _add_row(s[r], nbw[r, k], t[q] if used[q] else t0[q])
            _relu_(s[r])
    _pool(s, pooled[at:at + ns], pooled[at + ns:at + 2 * ns], np.float32(1.0 / 37.0))


@jit
def _trunk(net, x, pooled, c):
    """The context ``c`` from the global inputs and the pooled entities."""
    gw, gb = _mat(net, T_GLOB_W), _vec(net, T_GLOB_B)
    gi = _ints(net, L_GLOB)
    ng = gw.shape[1]
    z = np.empty(ng + pooled.shape[0], dtype=np.float32)
    z[:ng] = gb
    for i in range(gi.shape[0]):
        v = x[gi[i]]
        if v != 0.0:
            _add_row(z[:ng], v, gw[i])
    _relu_(z[:ng])
    z[ng:] = pooled
    w1 = _mat(net, T_TR1_W)
    h = np.empty(w1.shape[1], dtype=np.float32)
    _affine(h, _vec(net, T_TR1_B), z, w1)
    _relu_(h)
    _affine(c, _vec(net, T_TR2_B), h, _mat(net, T_TR2_W))
    _relu_(c)


@jit
def _adv_row(net, x, r, out):
    cfg = net[4]
    w = _mat(net, T_ADV_W)
    out[:] = _mat(net, T_ADV_B)[r]
    for k in range(3):
        v = x[cfg[C_RES_OFF] + r] if k == 0 else x[cfg[C_ADV_OFF] + 36 * (k - 1) + r]
        if v != 0.0:
            _add_row(out, v, w[k])
    _relu_(out)


@jit
def _head_score(net, x, h, row, e, s, c, hc, have_hc):
    """The score of entity ``row`` (-1: the unseen row) under head ``h``."""
    base = T_HEADS + h * HEAD_T
    we = _mat(net, base + HE_W)
    if not have_hc[h]:
        _affine(hc[h], _vec(net, base + HC_B), c, _mat(net, base + HC_W))
        have_hc[h] = True
    if h == H_SECTOR:
        ent = s[row]
    elif h == H_ADV:
        ent = np.empty(we.shape[0], dtype=np.float32)
        _adv_row(net, x, row, ent)
    elif row < 0:
        ent = _vec(net, base + UNSEEN)
    else:
        ent = e[row]
    hid = np.empty(we.shape[1], dtype=np.float32)
    _affine(hid, _vec(net, base + HE_B), ent, we)
    wo = _vec(net, base + HO_W)
    out = _vec(net, base + HO_B)[0]
    for j in range(hid.shape[0]):
        v = hid[j] + hc[h, j]
        if v > 0.0:
            out += v * wo[j]
    return out


@jit
def _logits(net, x, e, s, c, need, logits):
    act, shead, srow = _ints(net, L_ACTION), _ints(net, L_SCORE_HEAD), _ints(net, L_SCORE_ROW)
    cw, cb = _mat(net, T_CTX_W), _vec(net, T_CTX_B)
    hc = np.empty((N_HEADS, _mat(net, T_HEADS + HC_W).shape[1]), dtype=np.float32)
    have_hc = np.zeros(N_HEADS, dtype=np.bool_)
    for a in range(act.shape[0]):
        if not need[a]:
            continue
        si = act[a]
        h, row = shead[si], srow[si]
        if h == H_CONTEXT:
            v = cb[row]
            for i in range(c.shape[0]):
                v += c[i] * cw[i, row]
            logits[a] = v
        else:
            logits[a] = _head_score(net, x, h, row, e, s, c, hc, have_hc)


@jit
def _entity_forward(net, x, need, logits, want_logits):
    n_cards = _ints(net, L_CARD_OFF).shape[0]
    ne = _mat(net, T_CARD2_W).shape[1]
    ns = _mat(net, T_SEC2_W).shape[1]
    e = np.empty((n_cards, ne), dtype=np.float32)
    s = np.empty((37, ns), dtype=np.float32)
    pooled = np.empty(2 * ne + 2 * ns, dtype=np.float32)
    _cards(net, x, e, pooled)
    _sectors(net, x, s, pooled, 2 * ne)
    c = np.empty(_mat(net, T_TR2_W).shape[1], dtype=np.float32)
    _trunk(net, x, pooled, c)
    vw = _vec(net, T_VAL_W)
    value = _vec(net, T_VAL_B)[0]
    for i in range(c.shape[0]):
        value += c[i] * vw[i]
    if want_logits:
        _logits(net, x, e, s, c, need, logits)
    return value


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
