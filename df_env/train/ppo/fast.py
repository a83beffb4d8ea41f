"""MaskablePPO with a leaner rollout loop (needs the ``train`` extra).

SB3's ``collect_rollouts`` spends most of a vector step in Python around the network: a distribution object per
step (``MaskableCategorical`` validates its arguments), the tensor conversions, a loop over every env for the
time-limit bootstrap. :class:`FastMaskablePPO` keeps SB3's semantics and replaces only that loop:

* with the entity network, its current weights are packed once a rollout into the compiled network
  (:func:`df_env.net.numba_net.pack`) and :func:`batch_forward` computes the logits of the legal actions and the
  value of every observation in compiled code (about 3x cheaper than torch's forward of the batch: it skips empty
  card slots and the scores of illegal actions); other policies (SB3's ``MlpPolicy``) run their own torch modules
  once a step (:func:`policy_logits_values`, under ``torch.inference_mode``);
* illegal actions get the logit ``-1e8`` (as ``MaskableCategorical``); the action is drawn by the Gumbel-max trick
  with a numpy ``Generator`` seeded from the model's seed (so a run is reproducible for its seed, and the torch RNG
  is left alone), and its log-probability is ``log_softmax`` of the masked logits at the action;
* the buffer gets what SB3 gives it (observation, action, reward, episode start, value, log-prob, mask); an
  episode cut by a time limit (``TimeLimit.truncated`` with a ``terminal_observation``) is bootstrapped with
  ``gamma * V(terminal observation)``, as SB3 does; ``callback.on_step`` sees the same locals (``dones``,
  ``rewards``, ``infos``, ``new_obs``, ``actions``) and can stop the run; the last values bootstrap the returns.

The update (``train``) is SB3's. Opponents are played inside the compiled vector env, so every preset uses this
loop.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch as th
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer
from sb3_contrib.common.maskable.utils import get_action_masks

from df_env.core.jit import njit_nogil
from df_env.net.numba_net import Packed, forward, pack
from df_env.net.numpy_net import NumpyEntityNet
from df_env.train.torch_net import EntityNet

__all__ = ["FastMaskablePPO", "batch_forward", "compiled_policy", "policy_logits_values", "sample_masked",
           "sample_masked_np"]

MASKED_LOGIT = -1e8  # MaskableCategorical's value for an illegal action


@njit_nogil  # numba's njit(cache=True, nogil=True), in the engine's cache folder and its safe layout
def batch_forward(net, obs, masks, logits, values):
    """``logits[i]`` (``MASKED_LOGIT`` where ``masks[i]`` is False) and ``values[i]`` of every row of ``obs``."""
    for i in range(obs.shape[0]):
        logits[i, :] = MASKED_LOGIT
        values[i] = forward(net, obs[i], masks[i], logits[i], True)


def compiled_policy(policy: Any) -> Packed | None:
    """The compiled form of the policy's current weights when it is the entity network, else None."""
    net = policy.mlp_extractor
    if not isinstance(net, EntityNet):
        return None
    return pack(NumpyEntityNet(net.export(), {"num_players": net.num_players}))


def sample_masked_np(logits: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Actions drawn from the softmax of already masked ``logits`` ``(B, A)`` (Gumbel-max, noise from ``rng``) and
    their log-probabilities (float32)."""
    gumbel = -np.log(-np.log(rng.random(logits.shape, dtype=np.float32) + np.float32(1e-20)) + np.float32(1e-20))
    actions = (logits + gumbel).argmax(1)
    top = logits.max(1, keepdims=True)
    lse = top[:, 0] + np.log(np.exp(logits - top).sum(1))
    return actions, (logits[np.arange(len(actions)), actions] - lse).astype(np.float32)


def policy_logits_values(policy: Any, obs: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
    """Unmasked logits ``(B, A)`` and values ``(B,)`` of an SB3 actor-critic policy (shared features extractor)."""
    features = policy.extract_features(obs, policy.pi_features_extractor)
    latent_pi, latent_vf = policy.mlp_extractor(features)
    return policy.action_net(latent_pi), policy.value_net(latent_vf).flatten()


def sample_masked(logits: th.Tensor, masks: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, th.Tensor]:
    """Actions drawn from the masked softmax of ``logits`` (Gumbel-max, noise from ``rng``) and their
    log-probabilities."""
    masked = th.where(th.as_tensor(masks, dtype=th.bool, device=logits.device), logits,
                      th.full_like(logits, MASKED_LOGIT))
    actions, log_probs = sample_masked_np(masked.cpu().numpy(), rng)
    return actions, th.from_numpy(log_probs)


class FastMaskablePPO(MaskablePPO):
    """MaskablePPO whose rollouts skip SB3's per-step distribution objects (see the module's doc)."""

    _sample_rng: np.random.Generator | None = None

    def _rng(self) -> np.random.Generator:
        if self._sample_rng is None:
            self._sample_rng = np.random.default_rng([int(self.seed or 0), 0x5EED])
        return self._sample_rng

    def _excluded_save_params(self) -> list[str]:
        return [*super()._excluded_save_params(), "_sample_rng"]

    def _bootstrap_truncated(self, rewards: np.ndarray, dones: np.ndarray, infos: list[dict[str, Any]]) -> None:
        for idx in np.flatnonzero(dones):
            info = infos[idx]
            if info.get("terminal_observation") is not None and info.get("TimeLimit.truncated", False):
                terminal_obs = self.policy.obs_to_tensor(info["terminal_observation"])[0]
                with th.no_grad():
                    terminal_value = self.policy.predict_values(terminal_obs)[0]
                rewards[idx] += self.gamma * terminal_value.cpu()  # a CPU scalar tensor, whatever the device

    def _step_fn(self, num_envs: int) -> Any:
        """``(obs, masks) -> (actions, values, log_probs)`` with the policy's current weights."""
        rng = self._rng()
        net = compiled_policy(self.policy)
        if net is None:
            def torch_step(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, th.Tensor, th.Tensor]:
                with th.inference_mode():
                    logits, values = policy_logits_values(self.policy, th.as_tensor(obs, device=self.device))
                    actions, log_probs = sample_masked(logits, masks, rng)
                return actions, values.clone(), log_probs

            return torch_step
        logits = np.empty((num_envs, int(self.action_space.n)), dtype=np.float32)  # type: ignore[attr-defined]
        values = np.empty(num_envs, dtype=np.float32)

        def compiled_step(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, th.Tensor, th.Tensor]:
            batch_forward(net, np.ascontiguousarray(obs, dtype=np.float32), masks.astype(np.bool_), logits, values)
            actions, log_probs = sample_masked_np(logits, rng)
            return actions, th.from_numpy(values.copy()), th.from_numpy(log_probs)

        return compiled_step

    def collect_rollouts(self, env: Any, callback: Any, rollout_buffer: Any, n_rollout_steps: int,
                         use_masking: bool = True) -> bool:
        if not use_masking or not isinstance(rollout_buffer, MaskableRolloutBuffer) \
                or not isinstance(self.action_space, spaces.Discrete):
            return super().collect_rollouts(env, callback, rollout_buffer, n_rollout_steps, use_masking)
        assert self._last_obs is not None, "No previous observation was provided"
        self.policy.set_training_mode(False)
        rollout_buffer.reset()
        callback.on_rollout_start()
        step = self._step_fn(env.num_envs)
        new_obs, dones = self._last_obs, self._last_episode_starts
        for _ in range(n_rollout_steps):
            action_masks = get_action_masks(env)
            actions, values, log_probs = step(self._last_obs, action_masks)
            new_obs, rewards, dones, infos = env.step(actions)
            self.num_timesteps += env.num_envs
            callback.update_locals(locals())
            if not callback.on_step():
                return False
            self._update_info_buffer(infos, dones)
            self._bootstrap_truncated(rewards, dones, infos)
            rollout_buffer.add(self._last_obs, actions.reshape(-1, 1), rewards, self._last_episode_starts,
                               values, log_probs, action_masks=action_masks)
            self._last_obs = new_obs
            self._last_episode_starts = dones
        with th.no_grad():
            values = self.policy.predict_values(th.as_tensor(new_obs, device=self.device))
        rollout_buffer.compute_returns_and_advantage(last_values=values, dones=np.asarray(dones))
        callback.on_rollout_end()
        return True
