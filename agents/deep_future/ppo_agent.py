"""``ppo``: a trained MaskablePPO policy (sb3-contrib) loaded from a ``.zip`` file.

The policy sees what the ``DeepFuture-v0`` env shows its agent: the flat observation of the acting player
(:func:`df_env.games.deep_future.engine.observation.observe`) and the legal-action mask. Train one with
``python experiments/train_ppo.py`` (see ``docs/agents.md``); the file must match the number of players it is
used with (the observation size differs).

Spec: ``ppo:path=results/ppo/solo/final.zip`` (``path`` is required), ``deterministic=0`` to sample from the
policy instead of taking its most likely action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from agents.base import Agent, AgentSpecError, Option, boolean, build_options

OPTIONS: dict[str, Option] = {
    "path": Option(str, "", "the MaskablePPO .zip file (required)"),
    "deterministic": Option(boolean, True, "take the most likely action (0: sample)"),
}


def load_model(path: str) -> Any:
    """Load a MaskablePPO model; clear errors for a missing file, a missing sb3-contrib or a bad file."""
    p = Path(path)
    if not p.is_file():
        raise AgentSpecError(f"ppo: no model file {str(p)!r} (give ppo:path=FILE.zip, a MaskablePPO save)")
    try:
        from sb3_contrib import MaskablePPO
    except ImportError as err:
        raise AgentSpecError("ppo needs sb3-contrib and torch: pip install -e '.[train]'") from err
    try:
        return MaskablePPO.load(str(p), device="cpu")
    except Exception as err:
        raise AgentSpecError(f"ppo: cannot read {str(p)!r} as a MaskablePPO model: {err}") from err


class PPOAgent(Agent):
    """Acts with a MaskablePPO policy on the acting player's flat observation."""

    uses_observation = True
    fork_safe = False

    def __init__(self, name: str, model: Any, deterministic: bool = True) -> None:
        self.name = name
        self.model = model
        self.deterministic = deterministic
        self.n_obs = int(np.prod(model.observation_space.shape))

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if obs is None:
            raise ValueError("the ppo agent needs the acting player's observation: call act(obs, mask)")
        if obs.size != self.n_obs:  # a user error (the wrong model file): one line from df-env, not a traceback
            raise AgentSpecError(f"ppo model {self.name!r} expects observations of size {self.n_obs}, got {obs.size}: "
                                 f"it was trained for another number of players; give a model trained for this "
                                 f"player count (experiments/configs/ppo_*.json)")
        action, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        return int(action)


def make(spec: str, raw: dict[str, str]) -> PPOAgent:
    opts = build_options("ppo", raw, OPTIONS)
    if not opts["path"]:
        raise AgentSpecError("ppo needs a model file: ppo:path=FILE.zip")
    return PPOAgent(spec, load_model(str(opts["path"])), bool(opts["deterministic"]))
