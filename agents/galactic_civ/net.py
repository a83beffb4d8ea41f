"""``net`` (Galactic Civ): a trained MLP's policy (``df-env train --game galactic_civ``), no search: the most
likely legal action of the network on the acting seat's observation (or one sampled from its policy with
``deterministic=0``). The forward pass is compiled (:func:`df_env.net.game_mlp.mlp_forward`),
the same bits on every CPU; no torch.

Spec: ``net`` plays the model shipped for the table's player count (``df_env/models/galactic_civ_{n}p.npz``);
``net:path=F`` the model file ``F``. A model of another game, player count or layout, or a damaged file, is
refused with a clear error.

Example:
    >>> import df_env
    >>> from agents import make_agent
    >>> game = df_env.make_game("galactic_civ")
    >>> s = game.new_game(game.make_config(2), seed=1)
    >>> policy = make_agent("net", game="galactic_civ").as_policy(seat=game.current_player(s), seed=0, game=game)
    >>> bool(game.legal_mask(s)[policy(s)])
    True
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from agents.base import Agent, AgentSpecError, Option, boolean, build_options, sample_softmax
from df_env.net.game_mlp import GameMlp, default_model_path, load_game_mlp, mlp_forward
from df_env.net.numpy_net import ModelFileError

GAME_ID = "galactic_civ"
OPTIONS: dict[str, Option] = {
    "path": Option(str, "", "a model file (.npz from df-env train --game galactic_civ); default: the shipped "
                            "model for the table's player count"),
    "deterministic": Option(boolean, True, "take the most likely legal action (0: sample from the policy)"),
}

__all__ = ["GalacticCivNet", "ModelCache", "make"]


class ModelCache:
    """The model an agent plays: its file, or the one shipped for the table's player count (loaded once)."""

    def __init__(self, agent: str, path: str) -> None:
        self.agent, self.path = agent, path
        self.net: GameMlp | None = None

    def for_players(self, num_players: int) -> GameMlp:
        """The model for a ``num_players``-player table; :class:`AgentSpecError` when there is none or the file
        is for another player count, another game or damaged."""
        if self.net is None or self.net.num_players != num_players:
            p = Path(self.path) if self.path else default_model_path(GAME_ID, num_players)
            if not self.path and not p.is_file():
                raise AgentSpecError(f"{self.agent}: no model is shipped for {num_players}-player Galactic Civ "
                                     f"({p} is missing); train one with df-env train --game galactic_civ --players "
                                     f"{num_players} and play it with {self.agent}:path=FILE.npz")
            try:
                self.net = load_game_mlp(p, GAME_ID, num_players)
            except ModelFileError as err:
                raise AgentSpecError(f"{self.agent}: {err}") from None
        return self.net


class GalacticCivNet(Agent):
    """The network's policy on the acting seat's observation (see the module docstring)."""

    uses_observation = True
    uses_state = True  # for the player count (the observation is the same size at every count)

    def __init__(self, name: str, path: str = "", deterministic: bool = True) -> None:
        self.name = name
        self.models = ModelCache("net", path)
        self.deterministic = deterministic
        self.rng = np.random.default_rng(0)
        self._net: GameMlp | None = None  # the model of _packed, _buf and _out
        self._packed: tuple = ()
        self._buf = np.zeros((2, 1), np.float32)
        self._out = np.zeros(1, np.float32), np.zeros(1, np.float32)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.rng = rng

    def _logits(self, net: GameMlp, obs: np.ndarray) -> np.ndarray:
        """Every action's logit: the compiled pass (:func:`mlp_forward`), whose bits are the same on every CPU,
        where numpy's matrix products sum in the order of the CPU's BLAS kernel."""
        if net is not self._net:
            self._net, self._packed, self._buf = net, net.packed(), net.scratch()
            self._out = np.zeros(net.policy[1].shape[0], np.float32), np.zeros(net.num_players, np.float32)
        x = np.ascontiguousarray(obs, dtype=np.float32).reshape(-1)
        if x.shape[0] != net.obs_size:
            raise ValueError(f"this model takes observations of size {net.obs_size}; got {x.shape[0]}")
        mlp_forward(self._packed, x, self._buf, *self._out)
        return self._out[0]

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if obs is None or state is None:
            raise ValueError("the Galactic Civ net needs the observation and the state: call act(obs, mask, state)")
        logits = self._logits(self.models.for_players(int(state["n_players"])), obs)
        legal = np.flatnonzero(mask)
        scores = logits[legal]
        if self.deterministic:
            return int(legal[int(np.argmax(scores))])
        return sample_softmax(self.rng, legal, scores)


def make(spec: str, raw: dict[str, str]) -> GalacticCivNet:
    """A Galactic Civ net agent from its spec (options: :data:`OPTIONS`)."""
    o = build_options("net", raw, OPTIONS)
    return GalacticCivNet(spec, str(o["path"]), bool(o["deterministic"]))
