"""The learner of :mod:`df_env.train.game_mlp`: the MLP of :mod:`df_env.net.game_mlp` in torch, fitted to
self-play samples by the policy's cross-entropy (over the legal actions) to the expert's distribution plus
``value_coef`` x the value's binary cross-entropy to every seat's outcome, with Adam.

The policy target is one-hot on the expert's action (``target=move``: computed from the action id, the same
cross-entropy as against the one-hot) or the expert's root visit distribution (``target=visits``: the samples'
``policy``); the agreement is the share of samples whose best legal logit is the expert's action (for ``visits``
the most visited one). A run may start from a model file's weights (``init``, :func:`load_weights`)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import torch as th
from torch import nn

from df_env.net.game_mlp import GameMlp

__all__ = ["MlpNet", "fit", "load_weights"]

NEG = -1.0e9


class MlpNet(nn.Module):
    """``hidden`` ReLU layers, then the policy logits and one value logit per seat (sigmoid at play time)."""

    def __init__(self, obs_size: int, hidden: list[int], num_actions: int, num_players: int) -> None:
        super().__init__()
        sizes = [obs_size, *hidden]
        self.hidden = nn.ModuleList(nn.Linear(i, o) for i, o in zip(sizes[:-1], sizes[1:], strict=True))
        self.policy = nn.Linear(sizes[-1], num_actions)
        self.value = nn.Linear(sizes[-1], num_players)

    def forward(self, x: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
        for layer in self.hidden:
            x = th.relu(layer(x))
        return self.policy(x), self.value(x)

    def export(self) -> dict[str, np.ndarray]:
        """The weights as the model file stores them (Linear weights ``(in, out)``)."""
        out = {}
        for name, t in self.state_dict().items():
            arr = t.detach().cpu().numpy().astype(np.float32)
            out[name] = np.ascontiguousarray(arr.T) if name.endswith(".weight") else arr
        return out


def losses(net: MlpNet, obs: th.Tensor, mask: th.Tensor, action: th.Tensor, value: th.Tensor,
           target: th.Tensor | None = None) -> tuple[th.Tensor, th.Tensor, th.Tensor]:
    """(policy cross-entropy, value cross-entropy, share of samples whose best legal logit is the expert's); the
    policy's target is ``target`` (a distribution over the actions a row, zero on illegal ones) or, without one,
    the one-hot of ``action``."""
    logits, v = net(obs)
    logits = logits.masked_fill(~mask, NEG)
    if target is None:
        policy = nn.functional.cross_entropy(logits, action)
    else:  # float16 rounding: each row renormalized; an illegal action's -1e9 log-probability times 0 adds 0
        target = target / target.sum(1, keepdim=True)
        policy = -(target * nn.functional.log_softmax(logits, 1)).sum(1).mean()
    vloss = nn.functional.binary_cross_entropy_with_logits(v, value)
    agree = (logits.argmax(1) == action).float().mean()
    return policy, vloss, agree


Batch = tuple[th.Tensor, th.Tensor, th.Tensor, th.Tensor, th.Tensor | None]


def _batches(data: dict[str, np.ndarray], idx: np.ndarray, batch: int) -> Iterator[Batch]:
    """Minibatches of ``idx``: observation, mask, action, value and the policy target (``None``: the action's)."""
    for start in range(0, len(idx), batch):
        b = idx[start:start + batch]
        target = th.as_tensor(data["policy"][b].astype(np.float32)) if "policy" in data else None
        yield (th.as_tensor(data["obs"][b].astype(np.float32)), th.as_tensor(data["mask"][b]),
               th.as_tensor(data["action"][b]), th.as_tensor(data["value"][b]), target)


def evaluate_fit(net: MlpNet, data: dict[str, np.ndarray], idx: np.ndarray) -> dict[str, float]:
    """Mean losses and agreement with the expert over the samples ``idx`` (no gradient)."""
    sums, seen = np.zeros(3), 0
    net.eval()
    with th.no_grad():
        for obs, mask, action, value, target in _batches(data, idx, 4096):
            sums += np.array([t.item() for t in losses(net, obs, mask, action, value, target)]) * len(action)
            seen += len(action)
    return dict(zip(("policy_loss", "value_loss", "agreement"), (sums / max(seen, 1)).tolist(), strict=True))


def load_weights(net: MlpNet, model: GameMlp) -> None:
    """Set ``net``'s weights to a loaded model file's (``init``: a run that goes on from another's model); the
    model must have the network's sizes (the file stores Linear weights ``(in, out)``, torch ``(out, in)``)."""
    stored = {f"hidden.{k}.{part}": arr for k, layer in enumerate(model.layers)
              for part, arr in zip(("weight", "bias"), layer, strict=True)}
    stored.update({"policy.weight": model.policy[0], "policy.bias": model.policy[1],
                   "value.weight": model.value[0], "value.bias": model.value[1]})
    state = {name: th.as_tensor(np.ascontiguousarray(stored[name].T if name.endswith(".weight") else stored[name],
                                                     dtype=np.float32)) for name in net.state_dict()}
    net.load_state_dict(state)


def fit(net: MlpNet, data: dict[str, np.ndarray], train_idx: np.ndarray, config: dict[str, Any], seed: int,
        deadline: float, log: Any = print) -> dict[str, Any]:
    """``epochs`` shuffled passes over ``train_idx`` (stopped when ``time.monotonic()`` passes ``deadline``); the
    number of epochs done, whether the deadline cut them short, and the last epoch's mean losses."""
    rng = np.random.default_rng(seed)
    opt = th.optim.Adam(net.parameters(), lr=float(config["learning_rate"]),
                        weight_decay=float(config["weight_decay"]))
    vc, batch = float(config["value_coef"]), int(config["batch_size"])
    done, cut, sums, seen = 0, False, np.zeros(3), 0
    for epoch in range(int(config["epochs"])):
        net.train()
        sums, seen = np.zeros(3), 0
        for obs, mask, action, value, target in _batches(data, rng.permutation(train_idx), batch):
            lp, lv, agree = losses(net, obs, mask, action, value, target)
            opt.zero_grad()
            (lp + vc * lv).backward()
            opt.step()
            sums += np.array([lp.item(), lv.item(), agree.item()]) * len(action)
            seen += len(action)
            if time.monotonic() >= deadline:
                cut = True
                break
        done = epoch + 1
        log(f"epoch {done}: policy {sums[0] / seen:.4f} value {sums[1] / seen:.4f} agreement {sums[2] / seen:.3f}")
        if cut:
            break
    net.eval()
    last = dict(zip(("policy_loss", "value_loss", "agreement"), (sums / max(seen, 1)).tolist(), strict=True))
    return {"epochs": done, "cut_by_time": cut, "train": last}
