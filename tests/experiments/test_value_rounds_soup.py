"""``experiments/value_rounds/soup.py``: the weight average of models of one shape."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.scripts import load_script

from df_env.net.numpy_net import default_model_path, load_net, read_model_file, write_model_file


def _shifted(tmp_path: Path, name: str, delta: float) -> Path:
    """The shipped solo model with ``delta`` added to every weight."""
    meta, w = read_model_file(default_model_path(1))
    return write_model_file(tmp_path / name, meta, {k: v + np.float32(delta) for k, v in w.items()})


def test_the_soup_is_the_mean_of_the_weights_and_a_model_the_agents_load(tmp_path: Path) -> None:
    soup = load_script("value_rounds/soup.py")
    a, b = _shifted(tmp_path, "a.npz", 0.5), _shifted(tmp_path, "b.npz", -0.25)
    out = tmp_path / "soup.npz"
    assert soup.main([str(out), str(a), str(b)]) == 0
    meta, got = read_model_file(out)
    _, want = read_model_file(default_model_path(1))
    for k, v in want.items():
        np.testing.assert_allclose(got[k], v + np.float32(0.125), atol=1e-6)
    assert meta["made_by"]["soup"] == [str(a), str(b)] and load_net(out).num_players == 1


def test_a_soup_refuses_models_of_other_shapes_and_a_single_model(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    soup = load_script("value_rounds/soup.py")
    out = tmp_path / "soup.npz"
    with pytest.raises(SystemExit, match="is not of .* shape"):
        soup.main([str(out), str(default_model_path(1)), str(default_model_path(2))])
    with pytest.raises(SystemExit, match="no model file"):
        soup.main([str(out), str(default_model_path(1)), str(tmp_path / "missing.npz")])
    with pytest.raises(SystemExit):
        soup.main([str(out), str(default_model_path(1))])
    assert "two or more models" in capsys.readouterr().err
    assert not out.exists()
