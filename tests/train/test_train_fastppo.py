"""The rollout loop of ``df-env train`` (:mod:`df_env.train.ppo.fast`): the compiled network's log-probs and values
equal the torch policy's, the masked sampling never picks an illegal action, and a run is reproducible."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation.encode import observe

torch = pytest.importorskip("torch")
from sb3_contrib.common.maskable.distributions import MaskableCategorical  # noqa: E402

from df_env.train.config import make_config  # noqa: E402
from df_env.train.ppo.fast import (  # noqa: E402
    FastMaskablePPO,
    batch_forward,
    compiled_policy,
    policy_logits_values,
    sample_masked,
    sample_masked_np,
)
from df_env.train.run import build_model  # noqa: E402


def _positions(n: int, games: int = 3) -> tuple[np.ndarray, np.ndarray]:
    obs, masks = [], []
    rng = np.random.default_rng(1)
    for g in range(games):
        s = engine.new_game(engine.GameConfig(num_players=n), seed=g)
        while not engine.is_terminal(s) and s["turn"] <= 25:
            obs.append(observe(s, int(s["dplayer"])))
            masks.append(engine.legal_mask(s))
            engine.apply_action(s, int(rng.choice(engine.legal_actions(s))))
    return np.stack(obs).astype(np.float32), np.stack(masks).astype(bool)


def _model(tmp_path: Path, **over: object) -> tuple[object, FastMaskablePPO]:
    config = make_config("solo", {"num_envs": 4, "n_steps": 8, "batch_size": 16, "n_epochs": 1, "threads": 1,
                                  "env_threads": 1, "eval_every": 0, "checkpoint_every": 0, "minutes": 0, **over})
    venv, model = build_model(config, tmp_path)
    assert isinstance(model, FastMaskablePPO)
    return venv, model


def _sb3_log_probs_values(model: FastMaskablePPO, obs: np.ndarray, masks: np.ndarray,
                          actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    with torch.no_grad():
        values, log_probs, _ = model.policy.evaluate_actions(torch.as_tensor(obs), torch.as_tensor(actions),
                                                             action_masks=masks)
    return log_probs.numpy(), values.numpy().ravel()


@pytest.mark.slow
def test_compiled_log_probs_and_values_equal_the_torch_policy(tmp_path: Path) -> None:
    """On the same weights (trained a little, so not the initial ones), the compiled forward's masked log-probs and
    values equal what SB3's policy computes for the same actions, to float32 rounding."""
    venv, model = _model(tmp_path)
    model.learn(64)
    obs, masks = _positions(1)
    net = compiled_policy(model.policy)
    assert net is not None
    logits = np.empty((len(obs), 200), np.float32)
    values = np.empty(len(obs), np.float32)
    batch_forward(net, obs, masks, logits, values)
    assert (logits[~masks] == -1e8).all()
    actions, log_probs = sample_masked_np(logits, np.random.default_rng(0))
    assert masks[np.arange(len(obs)), actions].all()
    want_lp, want_v = _sb3_log_probs_values(model, obs, masks, actions)
    np.testing.assert_allclose(log_probs, want_lp, atol=2e-5, rtol=1e-5)
    np.testing.assert_allclose(values, want_v, atol=2e-5, rtol=1e-5)
    venv.close()


@pytest.mark.slow
def test_torch_sampling_path_matches_sb3_distribution(tmp_path: Path) -> None:
    """The path for policies without a compiled form (the flat MLP): log-probs equal MaskableCategorical's."""
    venv, model = _model(tmp_path, net="mlp", mlp_arch=[16])
    obs, masks = _positions(1, games=1)
    assert compiled_policy(model.policy) is None
    with torch.inference_mode():
        logits, values = policy_logits_values(model.policy, torch.as_tensor(obs))
        actions, log_probs = sample_masked(logits, masks, np.random.default_rng(3))
    assert masks[np.arange(len(obs)), actions].all()
    dist = MaskableCategorical(logits=logits.clone())
    dist.apply_masking(masks)
    np.testing.assert_allclose(log_probs.numpy(), dist.log_prob(torch.as_tensor(actions)).numpy(), atol=1e-5)
    want_lp, want_v = _sb3_log_probs_values(model, obs, masks, actions)
    np.testing.assert_allclose(values.numpy(), want_v, atol=1e-6)
    model.learn(64)  # the MLP trains through the same loop
    assert model.num_timesteps == 64
    venv.close()


def test_gumbel_sampling_follows_the_masked_softmax() -> None:
    """Drawn frequencies match softmax probabilities over the legal actions; illegal actions are never drawn."""
    logits = np.tile(np.array([[0.0, 1.0, -1e8, 2.0]], np.float32), (20000, 1))
    actions, log_probs = sample_masked_np(logits, np.random.default_rng(5))
    p = np.exp([0.0, 1.0, 2.0]) / np.exp([0.0, 1.0, 2.0]).sum()
    freq = np.bincount(actions, minlength=4) / len(actions)
    assert freq[2] == 0
    np.testing.assert_allclose(freq[[0, 1, 3]], p, atol=0.015)
    np.testing.assert_allclose(log_probs, np.log(np.array([p[0], p[1], 0, p[2]])[actions]), atol=1e-5)


@pytest.mark.slow
def test_training_is_reproducible_for_a_seed(tmp_path: Path) -> None:
    """Two runs with the same seed end with the same weights; another seed does not."""
    def weights(seed: int, sub: str) -> np.ndarray:
        venv, model = _model(tmp_path / sub, seed=seed)
        model.learn(96)
        venv.close()
        return torch.cat([p.detach().flatten() for p in model.policy.parameters()]).numpy()

    a, b, c = weights(3, "a"), weights(3, "b"), weights(4, "c")
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
