"""The entity network's forward pass in numpy (no torch), and its ``.npz`` file format.

A model file holds the weights (``Linear`` weights as ``(in, out)`` float32 arrays, named as in the torch
module) and ``__meta__``: a JSON string with the format version, the number of players, the layer sizes, the
observation/action layout fingerprint (:func:`df_env.net.netlayout.layout_fingerprint`) and how the model was
made (command, seed, steps). :func:`load_net` refuses a file whose layout differs from this df_env's, naming what
differs, and checks the file's unpacked size and its weights key by key and shape by shape against its metadata
(:func:`check_zip_size`, :func:`check_weights`) before building the network: a missing bias would otherwise
surface as a KeyError at the first decision of a game, and a zip bomb be unpacked in full before being refused.

Example:
    >>> from df_env.net.numpy_net import load_net, default_model_path
    >>> net = load_net(default_model_path(1))          # the shipped solo model
    >>> logits, value = net.forward(obs_batch)          # obs_batch: (B, 2254) float32  # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from .netlayout import HEAD_BLOCKS, N_KINDS, NET_FORMAT, entity_layout, layout_fingerprint

__all__ = ["ModelFileError", "NumpyEntityNet", "NumpyMlpNet", "default_model_path", "load_net", "save_net"]

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"
MAX_MODEL_BYTES = 64 * 2**20  # unpacked; the shipped models hold under 1 MB, a large MLP a few MB
MAX_MEMBERS = 1000
ENTITY_DIMS = ("card", "sector", "adv", "glob", "trunk", "head")


class ModelFileError(ValueError):
    """A model file that cannot be used: missing, unreadable, or made for another layout or player count."""


def default_model_path(num_players: int) -> Path:
    """The shipped model for ``num_players`` (``df_env/models/net_{n}p.npz``)."""
    return MODELS_DIR / f"net_{num_players}p.npz"


def save_net(path: str | Path, weights: dict[str, np.ndarray], num_players: int, dims: dict[str, int],
             made_by: dict[str, Any] | None = None, kind: str = "entity", value_target: str | None = None,
             extra_meta: dict[str, Any] | None = None) -> Path:
    """Write a model file atomically (a temporary file in the same folder, then renamed). ``kind``: ``"entity"``
    (:class:`NumpyEntityNet`) or ``"mlp"`` (:class:`NumpyMlpNet`, the policy of SB3's flat MLP).
    ``value_target="outcome"`` records that the value output estimates the acting player's outcome as the search
    backs it up (1 win, 0 loss, else the progress score; ``net-mcts`` then evaluates leaves with it); by default
    (``None``) the value is a PPO critic. ``extra_meta``: more ``__meta__`` keys; it may not replace the format's
    own keys."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if value_target not in (None, "outcome"):
        raise ValueError(f"value_target must be None or 'outcome', got {value_target!r}")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {"format": NET_FORMAT, "kind": kind, "num_players": int(num_players), "dims": dict(dims),
            "layout": layout_fingerprint(num_players), "made_by": made_by or {}}
    if value_target is not None:
        meta["value_target"] = value_target
    clash = set(extra_meta or {}) & set(meta)
    if clash:
        raise ValueError(f"extra_meta may not replace the keys {sorted(clash)} of the model file's meta")
    meta.update(extra_meta or {})
    return write_model_file(path, meta, {k: np.asarray(v, dtype=np.float32) for k, v in weights.items()})


def write_model_file(path: Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> Path:
    """``arrays`` and ``meta`` (as ``__meta__``) in a compressed npz at ``path``, written atomically (a temporary
    file in the same folder, then renamed): a crash leaves the old file or the new one, never half of one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez_compressed(f, __meta__=np.array(json.dumps(meta)), **arrays)  # type: ignore[arg-type]
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


class NumpyEntityNet:
    """The forward pass of :class:`df_env.train.torch_net.EntityNet` in numpy (float32)."""

    def __init__(self, weights: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.meta = meta
        self.num_players = int(meta["num_players"])
        self.w = weights
        lay = entity_layout(self.num_players)
        self.lay = lay
        self.obs_size = lay.obs_size
        # the one-hot inputs (card slot kind, sector and advancement index) as per-row biases of the first layers
        nf = lay.card_idx.shape[1]
        w1 = weights["card1.weight"]
        self.card_w, self.card_b = w1[:nf], w1[nf:][lay.card_kind] + weights["card1.bias"]
        ws = weights["sec1.weight"]
        mf = lay.map_idx.shape[1] + 1
        self.sec_w, self.sec_b = ws[:mf], ws[mf:] + weights["sec1.bias"]
        wa = weights["adv1.weight"]
        self.adv_w, self.adv_b = wa[:3], wa[3:] + weights["adv1.bias"]
        assert self.card_b.shape[0] == len(lay.card_kind) and self.sec_b.shape[0] == 37 and N_KINDS > 0

    def _lin(self, name: str, x: np.ndarray) -> np.ndarray:
        y = x @ self.w[name + ".weight"]
        b = self.w.get(name + ".bias")
        return y + b if b is not None else y

    def _check(self, x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, dtype=np.float32)
        if x.ndim == 1:
            x = x[None]
        if x.shape[1] != self.obs_size:
            raise ValueError(f"this model is for {self.num_players}-player games (observations of size "
                             f"{self.obs_size}); got observations of size {x.shape[1]}")
        return x

    def context(self, x: np.ndarray) -> np.ndarray:
        """Observations ``(B, D)`` -> the trunk's context ``c`` ``(B, trunk)`` (the value head's input)."""
        return self._encode(self._check(x))[0]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Observations ``(B, D)`` -> logits ``(B, 200)`` (unmasked) and values ``(B,)``."""
        x = self._check(x)
        lay, b = self.lay, x.shape[0]
        c, e, s = self._encode(x)
        value = self._lin("value", c)[:, 0]
        a = _relu(x[:, lay.adv_idx] @ self.adv_w + self.adv_b)
        scores = []
        for h in HEAD_BLOCKS:
            if h == "sector":
                ent = s
            elif h == "advancement":
                ent = a
            else:
                ent = e[:, lay.head_rows[h]]
                if f"unseen.{h}" in self.w:
                    unseen = np.broadcast_to(self.w[f"unseen.{h}"], (b, 1, ent.shape[-1]))
                    ent = np.concatenate([ent, unseen], 1)
            hid = _relu(self._lin(f"head_e.{h}", ent) + self._lin(f"head_c.{h}", c)[:, None, :])
            scores.append(self._lin(f"head_o.{h}", hid)[..., 0])
        scores.append(self._lin("context_out", c))
        return np.concatenate(scores, 1)[:, lay.action_index], value

    def _encode(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The context ``c``, the card encodings ``e`` and the sector encodings ``s`` of observations ``x``."""
        lay = self.lay
        cards = x[:, lay.card_idx]
        present = cards[..., 0:1]
        e = _relu(self._lin("card2", _relu(cards @ self.card_w + self.card_b)))
        em = e * present
        c_mean = em.sum(1) / (present.sum(1) + 1.0)
        c_max = em.max(1)
        sx = np.concatenate([x[:, lay.map_idx], x[:, lay.dsec_idx][..., None]], -1)
        s1 = _relu(sx @ self.sec_w + self.sec_b)
        s = _relu(self._lin("sec2", s1) + self._lin("sec2n", lay.adjacency @ s1))
        s_mean, s_max = s.mean(1), s.max(1)
        g = _relu(self._lin("glob", x[:, lay.glob_idx]))
        c = _relu(self._lin("trunk2", _relu(self._lin("trunk1", np.concatenate([g, c_mean, c_max, s_mean, s_max],
                                                                                 -1)))))
        return c, e, s

    def act(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The most likely legal action of each observation (``masks``: bool ``(B, 200)``)."""
        logits, _ = self.forward(obs)
        logits = np.where(np.asarray(masks, dtype=bool).reshape(logits.shape), logits, -np.inf)
        return logits.argmax(axis=1)


class NumpyMlpNet:
    """The policy of SB3's ``MlpPolicy`` (``pi.K`` Linear layers with tanh, then ``action``) in numpy. The file
    holds no value head (it would double the size): ``forward`` returns NaN values."""

    def __init__(self, weights: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.meta = meta
        self.num_players = int(meta["num_players"])
        self.obs_size = entity_layout(self.num_players).obs_size
        k = 0
        self.layers: list[tuple[np.ndarray, np.ndarray]] = []
        while f"pi.{k}.weight" in weights:
            self.layers.append((weights[f"pi.{k}.weight"], weights[f"pi.{k}.bias"]))
            k += 1
        self.out = (weights["action.weight"], weights["action.bias"])

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = np.asarray(x, dtype=np.float32)
        if x.ndim == 1:
            x = x[None]
        if x.shape[1] != self.obs_size:
            raise ValueError(f"this model is for {self.num_players}-player games (observations of size "
                             f"{self.obs_size}); got observations of size {x.shape[1]}")
        for w, b in self.layers:
            x = np.tanh(x @ w + b)
        return x @ self.out[0] + self.out[1], np.full(x.shape[0], np.nan, dtype=np.float32)

    def act(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        logits, _ = self.forward(obs)
        logits = np.where(np.asarray(masks, dtype=bool).reshape(logits.shape), logits, -np.inf)
        return logits.argmax(axis=1)


KINDS: dict[str, type[NumpyEntityNet] | type[NumpyMlpNet]] = {"entity": NumpyEntityNet, "mlp": NumpyMlpNet}


def _check_layout(meta: dict[str, Any], path: str) -> None:
    n = meta.get("num_players")
    if isinstance(n, bool) or n not in (1, 2, 3):
        raise ModelFileError(f"model {path}: bad player count {n!r} in its metadata (1, 2 or 3)")
    mine = layout_fingerprint(int(n))
    theirs = meta.get("layout", {})
    if not isinstance(theirs, dict):
        raise ModelFileError(f"model {path}: its metadata's layout must be a JSON object, got {type(theirs).__name__}")
    for key in ("obs_layout_version", "obs_size", "num_actions", "sections", "action_blocks"):
        if theirs.get(key) != mine[key]:
            raise ModelFileError(
                f"model {path} was made for another {key.replace('_', ' ')} ({theirs.get(key)!r}; this df_env has "
                f"{mine[key]!r}): retrain it with this version (df-env train) or use a df_env of its version")


def read_model_file(p: Path) -> tuple[Any, dict[str, np.ndarray]]:
    """The ``__meta__`` (parsed JSON, not yet checked) and the weight arrays of model file ``p``;
    :class:`ModelFileError` when it is missing, too big unpacked, or unreadable. Every model format reads this way."""
    if not p.is_file():
        raise ModelFileError(f"no model file {str(p)!r}")
    check_zip_size(p)  # before anything is unpacked: a zip bomb is refused at once
    try:
        with np.load(p, allow_pickle=False) as data:
            meta = json.loads(str(data["__meta__"]))
            weights = {k: np.asarray(data[k]) for k in data.files if k != "__meta__"}
    except Exception as err:  # damaged bytes reach zipfile, zlib, numpy's header parser (ast,
        # tokenize) and json, whose exception sets are undocumented and wide (fuzzed:
        # tests/train/test_model_file_fuzz.py)
        raise ModelFileError(f"cannot read {str(p)!r} as a df_env model file (.npz with __meta__): {err}") from None
    return meta, weights


def load_net(path: str | Path) -> NumpyEntityNet | NumpyMlpNet:
    """Load a model file; :class:`ModelFileError` when it is missing, unreadable or made for another layout."""
    p = Path(path)
    meta, weights = read_model_file(p)
    if not isinstance(meta, dict):
        raise ModelFileError(f"model {p}: __meta__ must be a JSON object, got {type(meta).__name__}")
    if meta.get("format") != NET_FORMAT or not isinstance(meta.get("kind"), str) or meta["kind"] not in KINDS:
        raise ModelFileError(f"model {p}: format {meta.get('format')!r}/{meta.get('kind')!r}, this df_env reads "
                             f"format {NET_FORMAT}, kinds {', '.join(KINDS)}")
    _check_layout(meta, str(p))
    return _build(KINDS[meta["kind"]], check_weights(weights, meta, p), meta, p)


def _build(kind: Any, weights: dict[str, np.ndarray], meta: dict[str, Any],
           p: Path) -> NumpyEntityNet | NumpyMlpNet:
    """The network of a checked file; one forward pass on a blank observation proves the weights fit together
    (a wrong shape or a missing weight is the file's fault, said as such, not a numpy error in a later game)."""
    try:
        net = kind(weights, meta)
        logits, value = net.forward(np.zeros((1, net.obs_size), dtype=np.float32))
    except KeyError as err:
        raise ModelFileError(f"model {p}: the weight {err} is missing") from None
    except (ValueError, TypeError, IndexError, AttributeError) as err:
        raise ModelFileError(f"model {p}: the weights do not fit the network its __meta__ describes: {err}") from None
    if np.isnan(logits).any() or np.isinf(value).any():  # an MLP file has no value head: NaN values by design
        raise ModelFileError(f"model {p}: the weights give NaN logits or infinite values")
    return net


# ---------------------------------------------------------------------------------------------- file checks
def check_zip_size(p: Path) -> None:
    """Refuse a file whose zip members declare more than :data:`MAX_MODEL_BYTES` unpacked, or whose arrays claim
    more data than their member holds, before any array is read (zipfile stops at the declared size, so the
    declaration bounds what is unpacked)."""
    try:
        with zipfile.ZipFile(p) as z:
            infos = z.infolist()
            if len(infos) > MAX_MEMBERS:
                raise ModelFileError(f"model {p}: {len(infos)} arrays; a df_env model holds at most {MAX_MEMBERS}")
            total = sum(i.file_size for i in infos)
            if total > MAX_MODEL_BYTES:
                raise ModelFileError(f"model {p}: its arrays unpack to {total / 2**20:.1f} MiB, more than the "
                                     f"{MAX_MODEL_BYTES // 2**20} MiB a df_env model file may hold")
            for info in infos:
                _check_member(z, info, p)
    except ModelFileError:
        raise
    except Exception as err:  # zipfile, zlib and numpy's header parser raise wide, undocumented sets
        raise ModelFileError(f"cannot read {str(p)!r} as a df_env model file (.npz with __meta__): {err}") from None


def _check_member(z: zipfile.ZipFile, info: zipfile.ZipInfo, p: Path) -> None:
    """An array's header may not claim more bytes than its member declares (numpy would allocate the claim)."""
    with z.open(info) as f:
        version = np.lib.format.read_magic(f)
        read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        shape, _, dtype = read(f)
    need = int(np.prod(shape, dtype=object)) * dtype.itemsize
    if need > info.file_size:
        raise ModelFileError(f"model {p}: the array {info.filename!r} claims shape {shape} ({need} bytes) but its "
                             f"member holds {info.file_size} bytes")


def _dims(meta: dict[str, Any], keys: tuple[str, ...], p: Path) -> dict[str, int]:
    dims = meta.get("dims")
    if not isinstance(dims, dict):
        raise ModelFileError(f"model {p}: its __meta__ needs 'dims', the layer sizes ({', '.join(keys)})")
    bad = [k for k in keys if isinstance(dims.get(k), bool) or not isinstance(dims.get(k), int) or dims[k] < 1]
    if bad:
        raise ModelFileError(f"model {p}: its __meta__ 'dims' needs positive integers for {', '.join(bad)}; "
                             f"got {dims!r}")
    return {k: int(dims[k]) for k in keys}


def entity_shapes(num_players: int, d: dict[str, int]) -> dict[str, tuple[int, ...]]:
    """Every weight of the entity network (:class:`df_env.train.torch_net.EntityNet`) and its shape, as exported
    (``Linear`` weights as ``(in, out)``)."""
    lay = entity_layout(num_players)
    n_context = lay.n_scores - sum(len(lay.head_rows[h]) for h in HEAD_BLOCKS) - 2
    linear = {"card1": (lay.card_idx.shape[1] + N_KINDS, d["card"]), "card2": (d["card"], d["card"]),
              "sec1": (lay.map_idx.shape[1] + 1 + 37, d["sector"]), "sec2": (d["sector"], d["sector"]),
              "adv1": (3 + 36, d["adv"]), "glob": (len(lay.glob_idx), d["glob"]),
              "trunk1": (d["glob"] + 2 * d["card"] + 2 * d["sector"], d["trunk"]), "trunk2": (d["trunk"], d["trunk"]),
              "value": (d["trunk"], 1), "context_out": (d["trunk"], n_context)}
    ent = {"hand": d["card"], "tableau": d["card"], "line": d["card"], "reveal": d["card"], "sector": d["sector"],
           "advancement": d["adv"]}
    for h in HEAD_BLOCKS:
        linear[f"head_e.{h}"] = (ent[h], d["head"])
        linear[f"head_o.{h}"] = (d["head"], 1)
    out: dict[str, tuple[int, ...]] = {}
    for name, (i, o) in linear.items():
        out[f"{name}.weight"] = (i, o)
        out[f"{name}.bias"] = (o,)
    out["sec2n.weight"] = (d["sector"], d["sector"])  # the layers without a bias
    for h in HEAD_BLOCKS:
        out[f"head_c.{h}.weight"] = (d["trunk"], d["head"])
    out["unseen.hand"] = out["unseen.tableau"] = (d["card"],)
    return out


def mlp_shapes(obs_size: int, hidden: list[int], num_actions: int) -> dict[str, tuple[int, ...]]:
    """Every weight of SB3's flat MLP actor as exported (``pi.K`` tanh layers, then ``action``)."""
    sizes = [obs_size, *hidden, num_actions]
    names = [f"pi.{k}" for k in range(len(hidden))] + ["action"]
    out: dict[str, tuple[int, ...]] = {}
    for name, i, o in zip(names, sizes[:-1], sizes[1:], strict=True):
        out[f"{name}.weight"], out[f"{name}.bias"] = (i, o), (o,)
    return out


def expected_shapes(meta: dict[str, Any], p: Path) -> dict[str, tuple[int, ...]]:
    """The weights a checked ``__meta__`` (format, kind and layout already checked) describes."""
    n = int(meta["num_players"])
    if meta["kind"] == "entity":
        return entity_shapes(n, _dims(meta, ENTITY_DIMS, p))
    hidden = meta.get("dims", {}).get("hidden") if isinstance(meta.get("dims"), dict) else None
    if not isinstance(hidden, list) or not all(isinstance(h, int) and not isinstance(h, bool) and h >= 1
                                               for h in hidden):
        raise ModelFileError(f"model {p}: an mlp model's __meta__ needs 'dims': {{'hidden': [layer sizes]}}; "
                             f"got {meta.get('dims')!r}")
    lay = entity_layout(n)
    return mlp_shapes(lay.obs_size, hidden, len(lay.action_index))


def check_weights(weights: dict[str, np.ndarray], meta: dict[str, Any], p: Path) -> dict[str, np.ndarray]:
    """The weights as float32 when they are exactly those ``meta`` describes (names and shapes, numbers only);
    else :class:`ModelFileError` naming the first missing, unexpected or misshapen weight."""
    return checked_weights(weights, expected_shapes(meta, p), p, f"a {meta['kind']} network",
                           f"dims {meta.get('dims')!r}")


def checked_weights(weights: dict[str, np.ndarray], want: dict[str, tuple[int, ...]], p: Path, network: str,
                    layout: str) -> dict[str, np.ndarray]:
    """``weights`` as float32 when their names and shapes are exactly ``want`` (numbers only); else
    :class:`ModelFileError` naming the first missing, unexpected or misshapen weight, with what the file's
    ``__meta__`` describes (``network``: "an entity network"; ``layout``: "dims {...}"). Every model format's check."""
    missing = [k for k in want if k not in weights]
    if missing:
        raise ModelFileError(f"model {p}: the weight {missing[0]!r} is missing ({len(missing)} missing in all; its "
                             f"__meta__ describes {network} with {layout})")
    extra = sorted(set(weights) - set(want))
    if extra:
        raise ModelFileError(f"model {p}: unexpected weight {extra[0]!r} ({len(extra)} in all), not part of "
                             f"{network} its __meta__ describes")
    for k, shape in want.items():
        w = np.asarray(weights[k])
        if w.dtype.kind not in "fiu":
            raise ModelFileError(f"model {p}: the weight {k!r} holds {w.dtype} values; expected numbers")
        if w.shape != shape:
            raise ModelFileError(f"model {p}: the weight {k!r} has shape {w.shape}; its __meta__ ({layout}) "
                                 f"needs {shape}")
    return {k: np.asarray(weights[k], dtype=np.float32) for k in want}
