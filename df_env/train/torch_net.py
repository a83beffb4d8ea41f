"""The entity network in torch, and a MaskablePPO policy built on it (needs the ``train`` extra).

Architecture (``EntityNet``; the same in numpy in :mod:`df_env.net.numpy_net`; inputs from
:mod:`df_env.net.netlayout`):

1. **card encoder**, shared by every card slot: ``[40 card features, slot-kind one-hot] -> card_dim -> card_dim``
   (ReLU); pooled over present cards (mean and max);
2. **sector encoder**, shared by the 37 sectors: ``[map row, context sector, sector one-hot] -> sector_dim``, then
   one round of messages from the neighbours (``relu(W s + W_n mean_{neighbours} s)``); pooled (mean and max);
3. **advancement encoder**: ``[available, on tableau, on worlds, advancement one-hot] -> adv_dim``;
4. **trunk**: ``[relu(W_g global), card pools, sector pools] -> trunk -> trunk`` = the context ``c``;
5. **value**: ``W_v c``; **action scores**: per entity head (hand, tableau, line, reveal, sector, advancement)
   ``v . relu(W_e e_i + W_c c) + b`` for the entity ``e_i`` an action names (the same weights for every slot), and
   ``W_o c`` for the 43 actions that name no entity. The 200 logits gather these scores (``action_index``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch as th
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn

from df_env.net.netlayout import CONTEXT_BLOCKS, HEAD_BLOCKS, N_KINDS, EntityLayout, entity_layout

DEFAULT_DIMS: dict[str, int] = {"card": 32, "sector": 32, "adv": 16, "glob": 128, "trunk": 128, "head": 32}


class EntityNet(nn.Module):
    """Observation ``(B, D)`` -> (logits ``(B, 200)``, value ``(B, 1)``)."""

    glob_idx: th.Tensor
    card_idx: th.Tensor
    map_idx: th.Tensor
    dsec_idx: th.Tensor
    adv_idx: th.Tensor
    action_index: th.Tensor
    card_kind: th.Tensor
    adjacency: th.Tensor

    def __init__(self, num_players: int, dims: dict[str, int] | None = None) -> None:
        super().__init__()
        self.num_players = num_players
        self.dims = {**DEFAULT_DIMS, **(dims or {})}
        d = self.dims
        lay: EntityLayout = entity_layout(num_players)
        self.lay = lay
        for name, arr in (("glob_idx", lay.glob_idx), ("card_idx", lay.card_idx), ("map_idx", lay.map_idx),
                          ("dsec_idx", lay.dsec_idx), ("adv_idx", lay.adv_idx), ("action_index", lay.action_index)):
            self.register_buffer(name, th.as_tensor(arr, dtype=th.long), persistent=False)
        self.register_buffer("card_kind", th.eye(N_KINDS)[th.as_tensor(lay.card_kind)], persistent=False)
        self.register_buffer("adjacency", th.as_tensor(lay.adjacency), persistent=False)
        for h in HEAD_BLOCKS:
            self.register_buffer(f"rows_{h}", th.as_tensor(lay.head_rows[h], dtype=th.long), persistent=False)
        mf = lay.map_idx.shape[1]
        self.card1 = nn.Linear(lay.card_idx.shape[1] + N_KINDS, d["card"])
        self.card2 = nn.Linear(d["card"], d["card"])
        self.sec1 = nn.Linear(mf + 1 + 37, d["sector"])
        self.sec2 = nn.Linear(d["sector"], d["sector"])
        self.sec2n = nn.Linear(d["sector"], d["sector"], bias=False)
        self.adv1 = nn.Linear(3 + 36, d["adv"])
        self.glob = nn.Linear(len(lay.glob_idx), d["glob"])
        self.trunk1 = nn.Linear(d["glob"] + 2 * d["card"] + 2 * d["sector"], d["trunk"])
        self.trunk2 = nn.Linear(d["trunk"], d["trunk"])
        self.value = nn.Linear(d["trunk"], 1)
        ent_dim = {"hand": d["card"], "tableau": d["card"], "line": d["card"], "reveal": d["card"],
                   "sector": d["sector"], "advancement": d["adv"]}
        self.head_e = nn.ModuleDict({h: nn.Linear(ent_dim[h], d["head"]) for h in HEAD_BLOCKS})
        self.head_c = nn.ModuleDict({h: nn.Linear(d["trunk"], d["head"], bias=False) for h in HEAD_BLOCKS})
        self.head_o = nn.ModuleDict({h: nn.Linear(d["head"], 1) for h in HEAD_BLOCKS})
        self.unseen = nn.ParameterDict({h: nn.Parameter(th.zeros(d["card"])) for h in ("hand", "tableau")})
        self.n_context = lay.n_scores - sum(len(lay.head_rows[h]) for h in HEAD_BLOCKS) - 2
        self.context_out = nn.Linear(d["trunk"], self.n_context)
        self._init()

    def _init(self) -> None:
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.orthogonal_(m.weight, gain=float(np.sqrt(2)))
                if m.bias is not None:
                    nn.init.zeros_(m.bias)
        for m in [*self.head_o.values(), self.context_out]:
            assert isinstance(m, nn.Linear)
            nn.init.orthogonal_(m.weight, gain=0.01)
        nn.init.orthogonal_(self.value.weight, gain=1.0)

    def forward(self, x: th.Tensor) -> tuple[th.Tensor, th.Tensor]:
        relu = th.relu
        b = x.shape[0]
        cards = x.index_select(1, self.card_idx.view(-1)).view(b, *self.card_idx.shape)  # (B, C, 40)
        present = cards[..., 0:1]                                          # (B, C, 1)
        # card1 of [features, kind one-hot] = W_f features + W_k[kind] (the one-hot part is a per-slot bias)
        w1 = self.card1.weight
        nf = cards.shape[-1]
        slot_bias = self.card_kind @ w1[:, nf:].T + self.card1.bias      # (C, dc)
        e = relu(self.card2(relu(nn.functional.linear(cards, w1[:, :nf]) + slot_bias)))  # (B, C, dc)
        em = e * present
        c_mean = em.sum(1) / (present.sum(1) + 1.0)
        c_max = em.max(1).values
        sx = th.cat([x.index_select(1, self.map_idx.view(-1)).view(b, *self.map_idx.shape),
                     x.index_select(1, self.dsec_idx).unsqueeze(-1)], -1)
        ws = self.sec1.weight
        nf = sx.shape[-1]
        s1 = relu(nn.functional.linear(sx, ws[:, :nf]) + ws[:, nf:].T + self.sec1.bias)
        s = relu(self.sec2(s1) + self.sec2n(th.matmul(self.adjacency, s1)))  # (B, 37, ds)
        s_mean, s_max = s.mean(1), s.max(1).values
        wa = self.adv1.weight
        xa = x.index_select(1, self.adv_idx.view(-1)).view(b, *self.adv_idx.shape)
        a = relu(nn.functional.linear(xa, wa[:, :3]) + wa[:, 3:].T + self.adv1.bias)  # (B, 36, da)
        g = relu(self.glob(x.index_select(1, self.glob_idx)))
        c = relu(self.trunk2(relu(self.trunk1(th.cat([g, c_mean, c_max, s_mean, s_max], -1)))))
        value = self.value(c)
        scores = []
        for h in HEAD_BLOCKS:
            if h == "sector":
                ent = s
            elif h == "advancement":
                ent = a
            else:
                ent = e.index_select(1, getattr(self, f"rows_{h}"))
                if h in self.unseen:
                    ent = th.cat([ent, self.unseen[h].view(1, 1, -1).expand(b, 1, -1)], 1)
            hid = relu(self.head_e[h](ent) + self.head_c[h](c).unsqueeze(1))
            scores.append(self.head_o[h](hid).squeeze(-1))
        scores.append(self.context_out(c))
        logits = th.cat(scores, 1).index_select(1, self.action_index)
        return logits, value

    # ----------------------------------------------------------------- SB3 mlp_extractor interface
    @property
    def latent_dim_pi(self) -> int:
        return int(self.action_index.numel())

    @property
    def latent_dim_vf(self) -> int:
        return 1

    def forward_actor(self, features: th.Tensor) -> th.Tensor:
        return self.forward(features)[0]

    def forward_critic(self, features: th.Tensor) -> th.Tensor:
        return self.forward(features)[1]

    def export(self) -> dict[str, np.ndarray]:
        """The weights as numpy arrays (``Linear`` weights transposed to ``(in, out)``)."""
        out: dict[str, np.ndarray] = {}
        for name, t in self.state_dict().items():
            arr = t.detach().cpu().numpy().astype(np.float32)
            if name.endswith(".weight") and arr.ndim == 2:
                arr = np.ascontiguousarray(arr.T)
            out[name] = arr
        return out


assert len(CONTEXT_BLOCKS) == 7


class EntityPolicy(MaskableActorCriticPolicy):
    """MaskablePPO policy whose actor and critic are one :class:`EntityNet` (``policy_kwargs``: ``num_players``,
    ``dims``)."""

    def __init__(self, *args: Any, num_players: int = 1, dims: dict[str, int] | None = None, **kwargs: Any) -> None:
        self._num_players = num_players
        self._dims = dims
        kwargs["ortho_init"] = False  # EntityNet initializes itself
        super().__init__(*args, **kwargs)

    def _build(self, lr_schedule: Any) -> None:
        self.mlp_extractor = EntityNet(self._num_players, self._dims)  # type: ignore[assignment]
        self.action_net = nn.Identity()
        self.value_net = nn.Identity()  # type: ignore[assignment]
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),  # type: ignore[call-arg]
                                              **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data = super()._get_constructor_parameters()
        data.update(num_players=self._num_players, dims=self._dims)
        return data


def export_policy(model: Any) -> tuple[str, dict[str, np.ndarray], dict[str, int]]:
    """(kind, weights, dims) of a MaskablePPO model's policy for :func:`df_env.net.numpy_net.save_net`:
    the entity network, or the actor of SB3's flat ``MlpPolicy`` (tanh layers; no value head)."""
    policy = model.policy
    net = policy.mlp_extractor
    if isinstance(net, EntityNet):
        return "entity", net.export(), dict(net.dims)
    layers = [m for m in net.policy_net if isinstance(m, nn.Linear)]
    acts = [m for m in net.policy_net if not isinstance(m, nn.Linear)]
    if not all(isinstance(m, nn.Tanh) for m in acts) or not isinstance(policy.action_net, nn.Linear):
        raise ValueError("only the entity net and SB3's MlpPolicy with tanh activations can be exported")
    weights: dict[str, np.ndarray] = {}
    for k, m in enumerate([*layers, policy.action_net]):
        name = f"pi.{k}" if k < len(layers) else "action"
        weights[name + ".weight"] = np.ascontiguousarray(m.weight.detach().cpu().numpy().T.astype(np.float32))
        weights[name + ".bias"] = m.bias.detach().cpu().numpy().astype(np.float32)
    return "mlp", weights, {"hidden": [int(m.out_features) for m in layers]}  # type: ignore[dict-item]
