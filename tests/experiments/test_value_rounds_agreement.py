"""``experiments/value_rounds/agreement.py``: how often a policy picks the search's most visited action, by block."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.scripts import load_script

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model.layout import ACTION_BLOCK, BLOCK_NAMES
from df_env.games.deep_future.engine.observation import observe
from df_env.net.numpy_net import default_model_path

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def ag() -> ModuleType:
    return load_script("value_rounds/agreement.py")


def _decisions(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Observations and legal masks of ``n`` decisions with two or more legal actions, from random solo games."""
    rng, obs, masks = np.random.default_rng(5), [], []
    for seed in range(100):
        s = engine.new_game(engine.GameConfig(num_players=1), seed)
        while len(obs) < n and not s["over"]:
            m = engine.legal_mask(s)
            if m.sum() > 1:
                obs.append(observe(s, 0).astype(np.float16))
                masks.append(m.copy())
            engine.apply_action(s, int(rng.choice(np.flatnonzero(m))))
        if len(obs) == n:
            break
    return np.array(obs), np.array(masks)


def test_agreement_counts_the_policy_s_picks(ag: ModuleType) -> None:
    obs, mask = _decisions(40)
    probs = ag.policy_probs(str(default_model_path(1)), obs, mask)
    np.testing.assert_allclose(probs.sum(1), 1.0, atol=1e-5)
    assert not (probs[~mask] > 0).any()
    same = np.eye(mask.shape[1], dtype=np.float32)[probs.argmax(1)]  # a search that chose what the policy prefers
    other = np.array([np.eye(mask.shape[1])[np.flatnonzero(m & (np.arange(len(m)) != p))[0]]  # ... one that never did
                      for m, p in zip(mask, probs.argmax(1), strict=True)], dtype=np.float32)
    t = ag.agreement(same, probs, mask)
    assert t["all"] == pytest.approx({"n": 40, "agree": 1.0, "legal": mask.sum(1).mean(), "search_share": 1.0,
                                      "policy_prob": probs.max(1).mean()})
    assert ag.agreement(other, probs, mask)["all"]["agree"] == 0.0
    blocks = {BLOCK_NAMES[b] for b in ACTION_BLOCK[probs.argmax(1)]}
    assert set(t) == {"all"} | blocks and sum(t[b]["n"] for b in blocks) == 40


def test_main_writes_the_table_whole_and_refuses_bad_data(ag: ModuleType, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    obs, mask = _decisions(12)
    pi = mask / mask.sum(1, keepdims=True)
    np.savez(tmp_path / "d.npz", obs=obs, mask=mask, pi=pi.astype(np.float16))
    assert ag.main(["--data", str(tmp_path / "d*.npz"), "--json", str(tmp_path / "t.json")]) == 0
    assert "all" in capsys.readouterr().out
    report = json.loads((tmp_path / "t.json").read_text())
    assert report["table"]["all"]["n"] == 12 and not (tmp_path / "t.json.tmp").exists()
    with pytest.raises(SystemExit, match="matches no file"):
        ag.main(["--data", str(tmp_path / "none_*.npz")])
    np.savez(tmp_path / "e.npz", obs=obs)
    with pytest.raises(SystemExit, match="not gen_value.py data"):
        ag.main(["--data", str(tmp_path / "e.npz")])


_ARRAYS = st.sampled_from([np.zeros((3, 2254), np.float16), np.zeros((3, 200), bool), np.ones((3, 200), np.float16),
                           np.zeros((0, 2254), np.float32), np.full((3, 200), np.nan, np.float32), np.zeros(5),
                           np.array(["x"] * 3), np.zeros((3, 7), np.float32), np.ones((3, 200), bool)])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.dictionaries(st.sampled_from(["obs", "mask", "pi", "other"]), _ARRAYS, max_size=4),
       raw=st.booleans(), junk=st.binary(max_size=64))
def test_any_data_file_is_read_or_refused_with_a_clear_error(ag: ModuleType, tmp_path: Path, fields: dict,
                                                               raw: bool, junk: bytes) -> None:
    """Fuzzed input (hypothesis): whatever a data file holds (arrays of any kind and shape, or raw bytes),
    ``read_data`` returns the three arrays with their shapes or exits saying the file is not gen_value.py data."""
    f = tmp_path / "d.npz"
    if raw:
        f.write_bytes(junk if not junk.startswith(b"PK") else b"PK\x03\x04" + junk)
    else:
        np.savez(f, **fields)
    try:
        obs, mask, pi = ag.read_data([str(f)])
    except SystemExit as e:
        assert "not gen_value.py data" in str(e)
    else:
        assert obs.shape[1] == 2254 and mask.shape == pi.shape == (len(obs), 200) and mask.dtype == bool
