"""Fuzz of the game-MLP model-file reader (`load_game_mlp`, behind Galactic Civ's `net:path=F.npz` and
`net-mcts:path=...`): a damaged file, a wrong metadata value (the game options among them) or a wrong weight either
loads into a network whose compiled and numpy passes agree, or is refused with ModelFileError, never another
exception."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from df_env.net.game_mlp import GameMlp, load_game_mlp, mlp_weight_shapes, save_game_mlp
from df_env.net.numpy_net import ModelFileError

GAME, OBS, ACTIONS, PLAYERS = "galactic_civ", 645, 269, 2
_RNG = np.random.default_rng(0)
_WEIGHTS = {k: _RNG.normal(0, 0.3, shape).astype(np.float32)
            for k, shape in mlp_weight_shapes(OBS, [8], ACTIONS, PLAYERS).items()}


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict]:
    path = save_game_mlp(tmp_path_factory.mktemp("m") / "m.npz", _WEIGHTS, GAME, PLAYERS, OBS, ACTIONS, [8],
                         {"command": "test"}, options={"events": True})
    with np.load(path, allow_pickle=False) as data:
        return path.read_bytes(), json.loads(str(data["__meta__"]))


def _check(path: Path) -> None:
    try:
        net = load_game_mlp(path, GAME, PLAYERS)
    except ModelFileError as err:
        assert str(err)
        return
    assert isinstance(net, GameMlp)
    logits, values = net.forward(np.ones(net.obs_size, np.float32))
    assert np.isfinite(logits).all() and np.isfinite(values).all()


def _write(path: Path, weights: dict[str, np.ndarray], meta: object) -> Path:
    buf = io.BytesIO()
    np.savez(buf, __meta__=np.array(json.dumps(meta)), **weights)
    path.write_bytes(buf.getvalue())
    return path


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), min_size=1, max_size=8),
       st.integers(0, 1 << 20))
def test_damaged_bytes_load_or_are_refused(tmp_path: Path, original: tuple[bytes, dict],
                                           flips: list[tuple[int, int]], cut: int) -> None:
    raw = original[0]
    data = bytearray(raw[: cut % (len(raw) + 1)] if cut % 3 == 0 else raw)
    for at, byte in flips:
        if data:
            data[at % len(data)] = byte
    path = tmp_path / "m.npz"
    path.write_bytes(bytes(data))
    _check(path)


_META_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 1 << 20), st.text(max_size=5),
                         st.lists(st.integers(0, 9), max_size=3),
                         st.dictionaries(st.text(max_size=6), st.one_of(st.booleans(), st.text(max_size=3)),
                                         max_size=2))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["format", "kind", "game", "num_players", "obs_size", "num_actions", "hidden", "options",
                        "made_by", "value_target"]), _META_VALUES)
def test_a_wrong_meta_field_is_refused_or_harmless(tmp_path: Path, original: tuple[bytes, dict], key: str,
                                                   value: object) -> None:
    _check(_write(tmp_path / "m.npz", _WEIGHTS, {**original[1], key: value}))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(_WEIGHTS)), st.sampled_from(["drop", "shape", "transpose", "nan"]))
def test_a_wrong_weight_is_refused(tmp_path: Path, original: tuple[bytes, dict], name: str, how: str) -> None:
    weights = dict(_WEIGHTS)
    w = weights[name]
    if how == "drop":
        del weights[name]
    elif how == "shape":
        weights[name] = w[:-1]
    elif how == "transpose":
        weights[name] = w.T.copy() if w.ndim == 2 else np.concatenate([w, w])
    else:
        weights[name] = np.full_like(w, np.nan)
    with pytest.raises(ModelFileError):
        load_game_mlp(_write(tmp_path / "m.npz", weights, original[1]), GAME, PLAYERS)
