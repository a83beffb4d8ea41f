"""``net`` (Galactic Civ): a trained MLP's policy (``df-env train --game galactic_civ``), no search: the most
likely legal action of the network on the acting seat's observation (or one sampled from its policy with
``deterministic=0``). The forward pass is numpy (:mod:`df_env.net.game_mlp`), no torch.

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

from agents.base import Agent, AgentSpecError, Option, boolean, build_options
from df_env.net.game_mlp import GameMlp, default_model_path, load_game_mlp
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

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.rng = rng

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if obs is None or state is None:
            raise ValueError("the Galactic Civ net needs the observation and the state: call act(obs, mask, state)")
        net = self.models.for_players(int(state["n_players"]))
        logits, _ = net.forward(obs)
        legal = np.flatnonzero(mask)
        scores = logits[0, legal]
        if self.deterministic:
            return int(legal[int(np.argmax(scores))])
        p = np.exp(scores - scores.max())
        return int(self.rng.choice(legal, p=p / p.sum()))


def make(spec: str, raw: dict[str, str]) -> GalacticCivNet:
    """A Galactic Civ net agent from its spec (options: :data:`OPTIONS`)."""
    o = build_options("net", raw, OPTIONS)
    return GalacticCivNet(spec, str(o["path"]), bool(o["deterministic"]))
