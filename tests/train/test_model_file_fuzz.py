"""Fuzz of the model-file reader (`load_net`, behind `net:path=F.npz`, `net-mcts:path=...` and the envs' `net`
opponents): a damaged file either loads into a network that plays or is refused with ModelFileError, never another
exception."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from df_env.net.numpy_net import ModelFileError, load_net

SHIPPED = Path(__file__).resolve().parents[2] / "df_env" / "models" / "net_1p.npz"
_ORIGINAL = SHIPPED.read_bytes()
with np.load(SHIPPED, allow_pickle=False) as _data:
    _META = json.loads(str(_data["__meta__"]))
    _WEIGHTS = {k: np.asarray(_data[k]) for k in _data.files if k != "__meta__"}


def _check(path: Path) -> None:
    try:
        net = load_net(path)
    except ModelFileError as err:
        assert str(err)
        return
    logits, _ = net.forward(np.zeros((1, net.obs_size), dtype=np.float32))
    assert not np.isnan(logits).any()


def _write(path: Path, weights: dict[str, np.ndarray], meta: object) -> Path:
    buf = io.BytesIO()
    np.savez(buf, __meta__=np.array(json.dumps(meta)), **weights)
    path.write_bytes(buf.getvalue())
    return path


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(_ORIGINAL) - 1), st.integers(0, 255)), min_size=1, max_size=8),
       st.integers(0, len(_ORIGINAL)))
def test_damaged_bytes_load_or_are_refused(tmp_path: Path, flips: list[tuple[int, int]], cut: int) -> None:
    data = bytearray(_ORIGINAL[:cut] if cut < 64 else _ORIGINAL)
    for at, byte in flips:
        if at < len(data):
            data[at] = byte
    path = tmp_path / "m.npz"
    path.write_bytes(bytes(data))
    _check(path)


_META_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 1 << 20), st.text(max_size=5),
                         st.lists(st.integers(0, 9), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                                                   max_size=2))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(_META)), _META_VALUES)
def test_a_wrong_meta_field_is_refused_or_harmless(tmp_path: Path, key: str, value: object) -> None:
    _check(_write(tmp_path / "m.npz", _WEIGHTS, {**_META, key: value}))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(_WEIGHTS)), st.sampled_from(["drop", "shape", "transpose", "nan", "int"]))
def test_a_wrong_weight_is_refused(tmp_path: Path, name: str, how: str) -> None:
    weights = dict(_WEIGHTS)
    w = weights[name]
    if how == "drop":
        del weights[name]
    elif how == "shape":
        weights[name] = np.zeros(tuple(d + 1 for d in w.shape) or (2,), dtype=w.dtype)
    elif how == "transpose":
        weights[name] = w.T.copy() if w.ndim == 2 and w.shape[0] != w.shape[1] else w.reshape(-1)[:-1].copy()
    elif how == "nan":
        weights[name] = np.full_like(w, np.nan)
    else:
        weights[name] = w.astype(np.int64)
    _check(_write(tmp_path / "m.npz", weights, _META))


@pytest.mark.parametrize("meta", [[1, 2], "x", 3, None])
def test_meta_that_is_not_an_object_is_refused(tmp_path: Path, meta: object) -> None:
    with pytest.raises(ModelFileError, match="__meta__"):
        load_net(_write(tmp_path / "m.npz", _WEIGHTS, meta))


def test_a_missing_weight_is_named(tmp_path: Path) -> None:
    name = sorted(_WEIGHTS)[0]
    weights = {k: v for k, v in _WEIGHTS.items() if k != name}
    with pytest.raises(ModelFileError, match="missing|do not fit"):
        load_net(_write(tmp_path / "m.npz", weights, _META))


def test_non_finite_weights_are_refused(tmp_path: Path) -> None:
    name = next(k for k, v in _WEIGHTS.items() if v.ndim == 2)
    with pytest.raises(ModelFileError, match="NaN logits"):
        load_net(_write(tmp_path / "m.npz", {**_WEIGHTS, name: np.full_like(_WEIGHTS[name], np.nan)}, _META))
