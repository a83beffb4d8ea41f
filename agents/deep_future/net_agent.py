"""``net``: a trained entity network's policy, played in numpy (no torch, no search).

The network (``df_env/train/torch_net.py``, trained by ``df-env train``) scores every legal action from the
features of the card or sector it names; this agent runs its forward pass in compiled code
(:mod:`df_env.net.numba_net`, equal to the numpy one of :mod:`df_env.net.numpy_net` to float32 rounding; no
torch) on the acting player's observation, for the legal actions only, and takes the best legal action (or samples
from the policy with ``deterministic=0``).

Spec: ``net`` plays the model shipped with df_env for the table's number of players
(``df_env/models/net_{n}p.npz``, chosen at the first decision from the observation's size); ``net:path=F`` plays
the model file ``F`` (a ``.npz`` written by ``df-env train``, e.g. ``results/train/solo/best.npz``). A model made
for another number of players or another observation/action layout is refused with a clear error.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from agents.base import Agent, AgentSpecError, Option, boolean, build_options, sample_softmax

SIZES_TO_PLAYERS: dict[int, int] = {}


OPTIONS: dict[str, Option] = {
    "path": Option(str, "", "a model file (.npz from df-env train); default: the shipped model for the table's "
                            "player count"),
    "deterministic": Option(boolean, True, "take the most likely action (0: sample from the policy)"),
}


def _players_of(obs_size: int) -> int:
    if not SIZES_TO_PLAYERS:
        from df_env.games.deep_future.engine.observation.encode import observation_layout

        SIZES_TO_PLAYERS.update({observation_layout(n).size: n for n in (1, 2, 3)})
    if obs_size not in SIZES_TO_PLAYERS:
        raise ValueError(f"net: an observation of size {obs_size} is not a df_env observation "
                         f"(sizes {sorted(SIZES_TO_PLAYERS)})")
    return SIZES_TO_PLAYERS[obs_size]


def _load(path: Path):
    from df_env.net.numpy_net import ModelFileError, load_net

    try:
        return load_net(path)
    except ModelFileError as err:
        raise AgentSpecError(f"net: {err}") from None


class NetAgent(Agent):
    """Acts with a numpy entity network on the acting player's observation."""

    uses_observation = True

    def __init__(self, name: str, path: str = "", deterministic: bool = True) -> None:
        self.name = name
        self.deterministic = deterministic
        self.path = path
        self.net = _load(Path(path)) if path else None
        self.packed: tuple | None = None
        self.rng = np.random.default_rng(0)

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.rng = rng

    def _net_for(self, obs_size: int):
        self.packed_for(_players_of(obs_size))
        return self.net

    def packed_for(self, num_players: int) -> tuple:
        """The compiled form (:func:`df_env.net.numba_net.pack`) of the model this agent plays in a
        ``num_players``-player game: its file, or the one shipped for that player count. An AgentSpecError when
        none is shipped or the model is for another player count."""
        n = num_players
        if self.net is None:
            from df_env.net.numpy_net import default_model_path

            p = default_model_path(n)
            if not p.is_file():
                raise AgentSpecError(f"net: no model is shipped for {n}-player games ({p} is missing); train one "
                                     f"with df-env train --preset {'solo' if n == 1 else f'{n}p'} and play it with "
                                     f"net:path=FILE.npz")
            self.net = _load(p)
        if self.packed is None:
            from df_env.net.numba_net import pack

            self.packed = pack(self.net)
        if self.net.num_players != n:
            raise AgentSpecError(f"net: the model {self.path or 'shipped'} is for {self.net.num_players}-player "
                                 f"games, this game has {n} players: give a model trained for {n} players, or no "
                                 f"path (the shipped net_{n}p.npz)")
        return self.packed

    def precompile_alone(self, num_players: int) -> None:
        """The forward pass and the observation's encoder, compiled without the rules: the forward pass runs on a
        zero observation, the encoder is compiled for the state record's type and never run."""
        import numba

        from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
        from df_env.games.deep_future.engine.model.state import empty_state
        from df_env.games.deep_future.engine.observation.encode import LAYOUTS, encode_arr
        from df_env.net.numba_net import forward_py

        size = LAYOUTS[num_players].size
        forward_py(self.packed_for(num_players), np.zeros(size, dtype=np.float32), np.ones(NUM_ACTIONS, dtype=bool))
        out = np.zeros(size, dtype=np.float32)
        encode_arr.compile(  # type: ignore[attr-defined]  # a numba dispatcher
            (numba.typeof(empty_state().reshape(1)), numba.types.int64, numba.typeof(out)))

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        if obs is None:
            raise ValueError("the net agent needs the acting player's observation: call act(obs, mask)")
        self._net_for(int(obs.size))
        from df_env.net.numba_net import forward_py

        assert self.packed is not None
        logits, _ = forward_py(self.packed, obs.reshape(-1), np.asarray(mask, dtype=bool))
        legal = np.flatnonzero(mask)
        scores = logits[legal]
        if self.deterministic:
            return int(legal[int(np.argmax(scores))])
        return sample_softmax(self.rng, legal, scores)


def make(spec: str, raw: dict[str, str]) -> NetAgent:
    opts = build_options("net", raw, OPTIONS)
    return NetAgent(spec, str(opts["path"]), bool(opts["deterministic"]))
