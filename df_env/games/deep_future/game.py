"""Deep Future behind the :class:`df_env.core.Game` contract: a thin adapter over the engine's public API
(``df_env.games.deep_future.engine``); no rule lives here.

Example:
    >>> from df_env.games.deep_future import GAME
    >>> s = GAME.new_game(GAME.make_config(num_players=2), seed=0)
    >>> GAME.current_player(s) in (0, 1), GAME.info.num_actions == len(GAME.legal_mask(s))
    (True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import numpy as np

from df_env.core.errors import GameError
from df_env.core.game import GameInfo
from df_env.core.registry import register_game
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model.constants import MAX_PLAYERS, TRACK_LOSE, TRACK_NAMES, VICTORY_NAMES
from df_env.games.deep_future.engine.model.layout import ACTION_BLOCK, BLOCK_NAMES, BLOCK_START
from df_env.games.deep_future.engine.observation.encode import LAYOUTS, observe
from df_env.games.deep_future.engine.text.render import decision_to_string, render_text

TURNS_PER_PLAYER = 100  # R25: the rules set no limit; callers truncate at 100 player-turns a player (docs/envs.md)
_CONFIG_KEYS = ("num_players", "restart_on_loss")


def _action_names() -> tuple[str, ...]:
    """``block[index]`` for every flat action (the block layout of docs/actions.md)."""
    return tuple(f"{BLOCK_NAMES[b]}[{a - int(BLOCK_START[b])}]" for a, b in enumerate(ACTION_BLOCK.tolist()))


INFO = GameInfo(
    id="deep_future",
    name="Deep Future",
    version="1.6",
    min_players=1,
    max_players=MAX_PLAYERS,
    num_actions=engine.NUM_ACTIONS,
    max_game_length=None,
    state_dtype=engine.STATE_DTYPE,
    observation_shapes={n: (LAYOUTS[n].size,) for n in range(1, MAX_PLAYERS + 1)},
    action_names=_action_names(),
    outcome_names=VICTORY_NAMES,
    hidden_information=True,
    chance=True,
    languages=("en", "zh"),
    features=frozenset({"determinize", "fast_path", "campaign"}),
)


# Deep Future's own agents (beside the generic random and first), as modules of the top-level agents package
AGENTS = {
    "heuristic": "agents.deep_future.heuristic",
    "mcts": "agents.deep_future.mcts",
    "ppo": "agents.deep_future.ppo_agent",
    "net": "agents.deep_future.net_agent",
    "net-mcts": "agents.deep_future.net_mcts",
    # a cheat that sees hidden cards: solo analysis only (agents.CLAIRVOYANT_AGENTS)
    "oracle": "agents.deep_future.oracle",
}


class DeepFutureGame:
    """The :class:`df_env.core.Game` of Deep Future; every method calls the engine's public API."""

    info = INFO
    agents: Mapping[str, str] = AGENTS
    IllegalActionError = engine.IllegalActionError

    # ---- configuration
    def make_config(self, num_players: int | None = None, **options: Any) -> engine.GameConfig:
        unknown = set(options) - {"restart_on_loss", "galaxy", "capacity"}
        if unknown:
            raise GameError(f"unknown Deep Future options {sorted(unknown)}; options are num_players, "
                            f"restart_on_loss, galaxy, capacity")
        try:
            return engine.GameConfig(num_players=1 if num_players is None else num_players, **options)
        except ValueError as e:
            raise GameError(str(e)) from None

    def config_to_dict(self, config: engine.GameConfig) -> dict[str, Any]:
        return {"num_players": int(config.num_players), "restart_on_loss": bool(config.restart_on_loss)}

    def config_from_dict(self, data: Mapping[str, Any]) -> engine.GameConfig:
        if not isinstance(data, Mapping) or set(data) - set(_CONFIG_KEYS):
            raise GameError(f"a Deep Future config is an object with keys {_CONFIG_KEYS}; got {data!r}"[:300])
        if not isinstance(data.get("restart_on_loss", False), bool):
            raise GameError("restart_on_loss must be true or false")
        return self.make_config(data.get("num_players"), restart_on_loss=data.get("restart_on_loss", False))

    def new_game(self, config: engine.GameConfig | None = None, seed: int = 0) -> engine.State:
        return engine.new_game(config, seed)

    # ---- playing
    def num_players(self, state: engine.State) -> int:
        return int(state["n_players"])

    legal_mask = staticmethod(engine.legal_mask)
    legal_actions = staticmethod(engine.legal_actions)
    apply_action = staticmethod(engine.apply_action)
    current_player = staticmethod(engine.current_player)
    is_terminal = staticmethod(engine.is_terminal)
    returns = staticmethod(engine.returns)
    clone = staticmethod(engine.clone)
    to_json = staticmethod(engine.to_json)
    determinize = staticmethod(engine.determinize)

    def turn(self, state: engine.State) -> int:
        return int(state["turn"])

    def default_turn_limit(self, num_players: int) -> int:
        return TURNS_PER_PLAYER * num_players

    def observe(self, state: engine.State, seat: int) -> np.ndarray:
        return observe(state, seat)

    # ---- text
    def action_to_string(self, state: engine.State, action: int, lang: str = "en") -> str:
        return engine.action_to_string(state, action, lang)

    def decision_to_string(self, state: engine.State, lang: str = "en") -> str:
        return decision_to_string(state, lang)

    def render(self, state: engine.State, observer: int | None = None, lang: str = "en", color: bool = False) -> str:
        return render_text(state, observer=observer, color=color, lang=lang)

    def outcome(self, state: engine.State, truncated: bool = False) -> dict[str, Any]:
        return outcome_words(state, truncated)

    # ---- matches (df_env.bench): whole games in compiled code, progress scores
    def play_compiled(self, state: engine.State, agents: Sequence[Any], agent_seed: int,
                      max_turns: int) -> tuple[np.ndarray, ...] | None:
        from .play import play_compiled

        return play_compiled(state, agents, agent_seed, max_turns)

    def update_peaks(self, state: engine.State, peak: np.ndarray) -> None:
        from .play import update_peaks

        update_peaks(state, peak)

    # ---- values
    def from_json(self, text: str | bytes) -> engine.State:
        return engine.from_json(text)

    @property
    def fast_path(self) -> ModuleType:
        from df_env.games.deep_future.engine import kernels

        return kernels

    @property
    def campaign(self) -> ModuleType:
        from df_env.games.deep_future import campaign

        return campaign


def outcome_words(s: engine.State, truncated: bool) -> dict[str, Any]:
    """A game's end in words: the winner, the victory (R21-R23) and per seat ``win``, ``loss`` (with the track
    crossed, or ``homeworld``), ``turn limit`` (``truncated``) or ``other won``."""
    n = int(s["n_players"])
    seats, causes = [], []
    for p in range(n):
        if s["winner"] == p:
            seats.append("win")
        elif s["lost"][p]:
            seats.append("loss")
        else:
            seats.append("turn limit" if truncated else "other won")
        crossed = [TRACK_NAMES[t] for t in (1, 2, 3) if s["tracks"][p, t] <= TRACK_LOSE[t]]
        causes.append((crossed[0] if crossed else "homeworld") if s["lost"][p] else "")
    winner = int(s["winner"])
    victory = VICTORY_NAMES[int(s["victory"])] if winner >= 0 else ""
    return {"winner": winner, "victory": victory, "seats": seats, "causes": causes}


GAME = register_game(DeepFutureGame())  # the registry imports this module on first use of "deep_future"
