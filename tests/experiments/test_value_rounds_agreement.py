"""``experiments/value_rounds/agreement.py``: how often a policy picks the search's most visited action, by block."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
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
