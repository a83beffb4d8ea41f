"""A plain MLP over a game's flat observation (games other than Deep Future, whose network is the entity net of
:mod:`df_env.net.numpy_net`): its ``.npz`` model file and its forward pass in numpy (no torch).

The network: ``hidden.K`` Linear layers with ReLU over the acting seat's observation, then two heads, ``policy``
(one logit per action id) and ``value`` (one sigmoid output per seat, relative to the observer as the game's
observation rotates seats: output k estimates the outcome of seat ``(observer + k) % n``, 1 a win, 0 a loss,
0.5 a draw). Linear weights are stored ``(in, out)`` float32, named as in the torch module
(:mod:`df_env.train.game_mlp.learner`).

``__meta__`` (JSON) records the format, ``kind: "game-mlp"``, the game id, the player count, the observation size,
the number of actions, the hidden sizes, the value target, how the model was made (the command, the seed, the
data) and ``options``: the game options its training games were dealt with (``{"events": true}``; ``{}`` or
absent, in a file written before the key existed: the plain game). The observation has the same size whatever the
options, so a model plays games with other options too; the key says what it learned from. :func:`load_game_mlp`
checks every metadata key against the game it is loaded for and every weight, key by key and shape by shape,
before a network is built: a model of another game, player count or layout, or a file with a missing or misshapen
weight, is refused with a :class:`ModelFileError` naming what is wrong.

Example:
    >>> from df_env.net.game_mlp import default_model_path, load_game_mlp
    >>> net = load_game_mlp(default_model_path("galactic_civ", 2), "galactic_civ", 2)
    >>> net.forward(obs)   # (logits (B, actions), values (B, players))      # doctest: +SKIP
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from df_env.core.fmath import exp as fexp
from df_env.core.jit import njit

from .dense import affine
from .numpy_net import MODELS_DIR, ModelFileError, checked_weights, read_model_file, write_model_file

__all__ = ["KIND", "MLP_FORMAT", "GameMlp", "default_model_path", "load_game_mlp", "mlp_forward",
           "mlp_weight_shapes", "save_game_mlp"]

MLP_FORMAT = 1
KIND = "game-mlp"
META_KEYS = ("format", "kind", "game", "num_players", "obs_size", "num_actions", "hidden", "value_target", "made_by")


def default_model_path(game: str, num_players: int) -> Path:
    """The shipped model of ``game`` for ``num_players`` (``df_env/models/{game}_{n}p.npz``)."""
    return MODELS_DIR / f"{game}_{num_players}p.npz"


def mlp_weight_shapes(obs_size: int, hidden: list[int], num_actions: int, num_players: int) -> dict[str, tuple]:
    """Every weight of the network and its shape as stored (Linear weights ``(in, out)``)."""
    out: dict[str, tuple] = {}
    sizes = [obs_size, *hidden]
    for k, (i, o) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
        out[f"hidden.{k}.weight"], out[f"hidden.{k}.bias"] = (i, o), (o,)
    out["policy.weight"], out["policy.bias"] = (sizes[-1], num_actions), (num_actions,)
    out["value.weight"], out["value.bias"] = (sizes[-1], num_players), (num_players,)
    return out


def save_game_mlp(path: str | Path, weights: dict[str, np.ndarray], game: str, num_players: int, obs_size: int,
                  num_actions: int, hidden: list[int], made_by: dict[str, Any],
                  options: dict[str, Any] | None = None) -> Path:
    """Write a model file atomically (a temporary file in the same folder, then renamed), after checking that
    ``weights`` are exactly the network the metadata describes; ``options``: the game options of its training
    games."""
    meta = {"format": MLP_FORMAT, "kind": KIND, "game": game, "num_players": int(num_players),
            "obs_size": int(obs_size), "num_actions": int(num_actions), "hidden": [int(h) for h in hidden],
            "value_target": "outcome", "options": dict(options or {}), "made_by": made_by}
    path = Path(path)
    arrays = _check_weights(weights, meta, path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_model_file(path, meta, arrays)


class GameMlp:
    """The forward pass of a checked model file, in numpy (float32).

    Attributes:
        meta: the file's ``__meta__``; game, num_players, obs_size, num_actions: from it; options: the game options
            of its training games (``{}`` when the file has none).
    """

    def __init__(self, weights: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.meta = meta
        self.game = str(meta["game"])
        self.num_players = int(meta["num_players"])
        self.obs_size = int(meta["obs_size"])
        self.num_actions = int(meta["num_actions"])
        self.options: dict[str, Any] = dict(meta.get("options") or {})
        self.layers = [(weights[f"hidden.{k}.weight"], weights[f"hidden.{k}.bias"])
                       for k in range(len(meta["hidden"]))]
        self.policy = (weights["policy.weight"], weights["policy.bias"])
        self.value = (weights["value.weight"], weights["value.bias"])

    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Observations ``(B, obs_size)`` (or one ``(obs_size,)``) -> logits ``(B, num_actions)`` (unmasked) and
        values ``(B, num_players)`` in [0, 1], relative to the observer."""
        x = np.asarray(obs, dtype=np.float32)
        if x.ndim == 1:
            x = x[None]
        if x.shape[1] != self.obs_size:
            raise ValueError(f"this {self.game} model takes observations of size {self.obs_size}; got {x.shape[1]}")
        for w, b in self.layers:
            x = np.maximum(x @ w + b, 0.0)
        v = x @ self.value[0] + self.value[1]
        return x @ self.policy[0] + self.policy[1], 1.0 / (1.0 + np.exp(-v))

    def packed(self) -> tuple[Any, ...]:
        """The weights as compiled code takes them (:func:`mlp_forward`): the hidden layers' weights and biases
        as two tuples, then the policy's and the value's, every array C-contiguous float32."""
        as_c = np.ascontiguousarray
        return (tuple(as_c(w, np.float32) for w, _ in self.layers), tuple(as_c(b, np.float32) for _, b in self.layers),
                as_c(self.policy[0], np.float32), as_c(self.policy[1], np.float32),
                as_c(self.value[0], np.float32), as_c(self.value[1], np.float32))

    def scratch(self) -> np.ndarray:
        """The two hidden-layer buffers :func:`mlp_forward` works in."""
        return np.zeros((2, max(int(h) for h in self.meta["hidden"])), np.float32)


@njit
def mlp_forward(net, x, buf, logits, values):
    """The forward pass of a packed network (:meth:`GameMlp.packed`) on one observation ``x`` in compiled code:
    every action's logit into ``logits`` and every seat's value (a sigmoid, relative to the observer) into
    ``values``; ``buf`` is :meth:`GameMlp.scratch`. Equal to :meth:`GameMlp.forward` up to float32 rounding."""
    hw, hb, pw, pb, vw, vb = net
    src = x
    n_in = x.shape[0]
    for k in range(len(hw)):
        n_out = hw[k].shape[1]
        dst = buf[k % 2, :n_out]
        affine(dst, hb[k], src[:n_in], hw[k])
        n_in = n_out
        for j in range(n_in):
            if dst[j] < 0.0:
                dst[j] = 0.0
        src = dst
    affine(logits, pb, src[:n_in], pw)
    affine(values, vb, src[:n_in], vw)
    for j in range(values.shape[0]):
        values[j] = 1.0 / (1.0 + fexp(-float(values[j])))  # not the C library's exp: the same bits everywhere


def load_game_mlp(path: str | Path, game: str, num_players: int | None = None) -> GameMlp:
    """Load a model file for ``game`` (and ``num_players`` when given); :class:`ModelFileError` when the file is
    missing or unreadable, made for another game, player count or layout, or its weights do not match its
    metadata key by key and shape by shape."""
    p = Path(path)
    meta, weights = read_model_file(p)
    _check_meta(meta, p, game, num_players)
    net = GameMlp(_check_weights(weights, meta, p), meta)
    logits, values = net.forward(np.zeros((1, net.obs_size), dtype=np.float32))
    if not (np.isfinite(logits).all() and np.isfinite(values).all()):
        raise ModelFileError(f"model {p}: the weights give NaN or infinite outputs")
    return net


def _check_meta(meta: Any, p: Path, game: str, num_players: int | None) -> None:
    """Every ``__meta__`` key against the game the model is loaded for."""
    if not isinstance(meta, dict):
        raise ModelFileError(f"model {p}: __meta__ must be a JSON object, got {type(meta).__name__}")
    missing = [k for k in META_KEYS if k not in meta]
    if missing:
        raise ModelFileError(f"model {p}: its __meta__ lacks {', '.join(missing)} (a {KIND} model file has "
                             f"{', '.join(META_KEYS)})")
    if meta["format"] != MLP_FORMAT or meta["kind"] != KIND:
        raise ModelFileError(f"model {p}: format {meta['format']!r}/{meta['kind']!r}; this df_env reads "
                             f"{KIND} models of format {MLP_FORMAT}")
    if meta["game"] != game:
        raise ModelFileError(f"model {p} is a model of {meta['game']!r}, not of {game!r}")
    from df_env.core.registry import make_game

    info = make_game(game).info
    n = meta["num_players"]
    if isinstance(n, bool) or n not in info.player_counts or (num_players is not None and n != num_players):
        want = num_players if num_players is not None else f"{info.min_players}-{info.max_players}"
        raise ModelFileError(f"model {p} is for {n!r} players; this game has {want} players: give a model trained "
                             f"for that player count (df-env train --game {game} --players N)")
    for key, mine in (("obs_size", info.observation_shapes[n][0]), ("num_actions", info.num_actions)):
        if meta[key] != mine:
            raise ModelFileError(f"model {p} was made for another {key.replace('_', ' ')} ({meta[key]!r}; this "
                                 f"df_env's {game} has {mine}): retrain it (df-env train --game {game})")
    hidden = meta["hidden"]
    if not isinstance(hidden, list) or not hidden or not all(
            isinstance(h, int) and not isinstance(h, bool) and h >= 1 for h in hidden):
        raise ModelFileError(f"model {p}: its __meta__ 'hidden' must be a list of positive layer sizes; got "
                             f"{hidden!r}")
    if not isinstance(meta.get("options", {}), dict):
        raise ModelFileError(f"model {p}: its __meta__ 'options' must be an object of game options (e.g. "
                             f"{{\"events\": true}}); got {meta['options']!r}")


def _check_weights(weights: dict[str, np.ndarray], meta: dict[str, Any], p: Path) -> dict[str, np.ndarray]:
    """The weights as float32 when they are exactly those ``meta`` describes; else :class:`ModelFileError`
    naming the first missing, unexpected or misshapen weight."""
    want = mlp_weight_shapes(int(meta["obs_size"]), list(meta["hidden"]), int(meta["num_actions"]),
                             int(meta["num_players"]))
    return checked_weights(weights, want, p, "a game MLP", f"hidden layers {meta['hidden']!r}")
