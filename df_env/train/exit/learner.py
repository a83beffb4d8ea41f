"""The learner of expert iteration: the entity network (torch, :class:`df_env.train.torch_net.EntityNet`)
trained on self-play records, ``policy_coef`` x the policy cross-entropy to the root visit distribution (over the
legal actions) plus ``value_coef`` x the value's squared error to the value target of the acting player: the
game's outcome, or with ``value_q`` > 0 the mix ``(1 - value_q) outcome + value_q q`` with the search's root value
``q`` (a bootstrapped target: far less noisy than one game's outcome, so a value head learns from a few hundred
games what the outcome alone would need tens of thousands for). With ``policy_target="start"`` the policy target
is the start model's own policy (a frozen copy; distillation keeps the policy while the trunk learns the value).

The model files it writes carry ``"value_target": "outcome"`` in their ``__meta__``: the linear value output
estimates the value ``agents/mcts.py`` backs up for the acting player (1 win, 0 loss, else the progress score).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch as th

from df_env.net.numpy_net import NumpyEntityNet, load_net, save_net

from ..torch_net import EntityNet

VALUE_TARGET = "outcome"
NEG = -1.0e9


def net_from_file(path: str | Path) -> EntityNet:
    """An :class:`EntityNet` holding the weights of an entity model file (``Linear`` weights transposed back)."""
    numpy_net = load_net(path)
    if not isinstance(numpy_net, NumpyEntityNet):
        raise ValueError(f"{path}: expert iteration trains the entity network; this file holds a "
                         f"{numpy_net.meta.get('kind')!r} model")
    net = EntityNet(int(numpy_net.meta["num_players"]), dict(numpy_net.meta["dims"]))
    state = {}
    for name, t in net.state_dict().items():
        if name not in numpy_net.w:
            raise ValueError(f"{path}: the weight {name!r} is missing")
        arr = np.asarray(numpy_net.w[name])
        if name.endswith(".weight") and arr.ndim == 2:
            arr = arr.T
        if tuple(arr.shape) != tuple(t.shape):
            raise ValueError(f"{path}: the weight {name!r} has shape {arr.shape}, the network wants {tuple(t.shape)}")
        state[name] = th.as_tensor(np.ascontiguousarray(arr), dtype=th.float32)
    net.load_state_dict(state)
    return net


def save_model(net: EntityNet, path: str | Path, made_by: dict[str, Any],
               value_target: str | None = VALUE_TARGET) -> Path:
    """The network as a torch-free model file, with ``value_target`` in its meta (``None``: a value output that
    estimates no outcome, as the start of a run from a PPO model)."""
    return save_net(path, net.export(), net.num_players, dict(net.dims), made_by, kind="entity",
                    value_target=value_target)


def stack_records(records: Sequence[dict[str, Any]], target_temp: float = 1.0,
                  value_q: float = 0.0) -> dict[str, np.ndarray]:
    """Training arrays from game records: obs, mask, pi and the value target ``z`` of the acting player (the
    outcome; with ``value_q`` > 0 mixed with the recorded root value ``q``). With ``target_temp`` != 1 the policy
    target is the visit distribution sharpened (:func:`sharpen`)."""
    recs = [r for r in records if len(r["player"])]
    if not recs:
        return {"obs": np.zeros((0, 0), np.float32), "mask": np.zeros((0, 0), bool),
                "pi": np.zeros((0, 0), np.float32), "z": np.zeros(0, np.float32)}
    pi = np.concatenate([r["pi"] for r in recs])
    z = np.concatenate([r["outcome"][r["player"]] for r in recs]).astype(np.float32)
    if value_q > 0:
        z = ((1.0 - value_q) * z + value_q * np.concatenate([r["q"] for r in recs])).astype(np.float32)
    return {"obs": np.concatenate([r["obs"] for r in recs]), "mask": np.concatenate([r["mask"] for r in recs]),
            "pi": pi if target_temp == 1.0 else sharpen(pi, target_temp), "z": z}


def sharpen(pi: np.ndarray, temp: float) -> np.ndarray:
    """Rows of visit distributions raised to ``1/temp`` and renormalized; ``temp`` 0: the most visited actions
    (ties share)."""
    if temp <= 0:
        top = pi >= pi.max(axis=1, keepdims=True)
        out = top.astype(np.float64)
    else:
        out = np.power(pi.astype(np.float64), 1.0 / temp)
    return (out / out.sum(axis=1, keepdims=True)).astype(np.float32)


def teacher_policy(teacher: EntityNet, obs: th.Tensor, mask: th.Tensor) -> th.Tensor:
    """The frozen ``teacher``'s policy over the legal actions (the target of ``policy_target="start"``)."""
    with th.no_grad():
        logits, _ = teacher(obs)
        return th.softmax(logits.masked_fill(~mask, NEG), dim=1)


def losses(net: EntityNet, obs: th.Tensor, mask: th.Tensor, pi: th.Tensor,
           z: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
    """(policy cross-entropy over the legal actions, value squared error), batch means."""
    logits, value = net(obs)
    logp = th.log_softmax(logits.masked_fill(~mask, NEG), dim=1)
    policy = -(pi * logp.masked_fill(~mask, 0.0)).sum(1).mean()
    return policy, ((value[:, 0] - z) ** 2).mean()


class Learner:
    """The network and its Adam optimizer; :meth:`fit` runs ``epochs`` shuffled passes over a data set, on the
    config's ``device`` (:func:`df_env.train.device.resolve_device`; default the CPU)."""

    def __init__(self, net: EntityNet, config: dict[str, Any]) -> None:
        from ..device import resolve_device

        self.device = resolve_device(str(config.get("device", "cpu")))
        self.net = net.to(self.device)
        self.config = config
        self.teacher: EntityNet | None = None
        if config.get("policy_target", "search") == "start":
            import copy

            self.teacher = copy.deepcopy(net).eval()
            for prm in self.teacher.parameters():
                prm.requires_grad_(False)
        self.opt = th.optim.Adam(net.parameters(), lr=float(config["learning_rate"]),
                                 weight_decay=float(config["weight_decay"]))

    def fit(self, data: dict[str, np.ndarray], seed: int) -> dict[str, float]:
        """Train on ``data`` (:func:`stack_records`); shuffles by ``seed``. ``epochs`` shuffled passes over it,
        with ``train_steps`` > 0 at most that many minibatches (the last pass cut where the steps end), so that
        the cost of an iteration stays bounded while a large replay window grows. Mean losses of the last epoch
        (of all the steps with ``train_steps``)."""
        c = self.config
        n = len(data["z"])
        if n == 0:
            return {"policy_loss": float("nan"), "value_loss": float("nan"), "samples": 0}
        rng = np.random.default_rng(seed)
        dev = self.device
        obs, mask = th.as_tensor(data["obs"], device=dev), th.as_tensor(data["mask"], device=dev)
        pi, z = th.as_tensor(data["pi"], device=dev), th.as_tensor(data["z"], device=dev)
        batch, steps = int(c["batch_size"]), int(c.get("train_steps", 0))
        self.net.train()
        sums = np.zeros(2)
        seen = 0
        for order in _passes(rng, n, batch, int(c["epochs"]), steps):
            if steps <= 0:
                sums[:], seen = 0.0, 0
            order = order.to(dev)
            for start in range(0, len(order), batch):
                idx = order[start:start + batch]
                target = pi[idx] if self.teacher is None else teacher_policy(self.teacher, obs[idx], mask[idx])
                lp, lv = losses(self.net, obs[idx], mask[idx], target, z[idx])
                self.opt.zero_grad()
                _total(lp, lv, float(c.get("policy_coef", 1.0)), float(c["value_coef"])).backward()
                self.opt.step()
                sums += np.array([lp.item(), lv.item()]) * len(idx)
                seen += len(idx)
        self.net.eval()
        return {"policy_loss": float(sums[0] / seen), "value_loss": float(sums[1] / seen), "samples": n}


def _total(lp: th.Tensor, lv: th.Tensor, policy_coef: float, value_coef: float) -> th.Tensor:
    """The loss to minimize. ``policy_coef=0`` leaves the policy loss out of the graph: the action heads get no
    gradient, so Adam (and its weight decay) does not move them at all."""
    if policy_coef == 0:
        return value_coef * lv
    return (lp if policy_coef == 1 else policy_coef * lp) + value_coef * lv


def _passes(rng: np.random.Generator, n: int, batch: int, epochs: int, steps: int) -> list[th.Tensor]:
    """The sample orders of :meth:`Learner.fit`: ``epochs`` permutations of ``n``; with ``steps`` > 0 no more than
    ``steps`` minibatches of ``batch`` in all (the pass where they end is cut)."""
    if steps <= 0:
        return [th.as_tensor(rng.permutation(n)) for _ in range(epochs)]
    out, left = [], min(steps, epochs * -(-n // batch))
    while left > 0:
        order = rng.permutation(n)
        take = min(left, -(-n // batch))
        out.append(th.as_tensor(order[:take * batch]))
        left -= take
    return out
