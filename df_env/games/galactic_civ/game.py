"""Galactic Civ (Warpspawn's fan card game, rules restated in RULES.md GC1-GC31 with rulings GCR1-GCR32) behind
the :class:`df_env.core.Game` contract: a thin adapter over the engine package (``engine/``); no rule lives here.

Example:
    >>> from df_env.games.galactic_civ import GAME
    >>> s = GAME.new_game(GAME.make_config(num_players=4, races="random"), seed=1)
    >>> GAME.decision_to_string(s).split(": ")[-1]
    'play one Ship/Build card, or pass'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import numpy as np

from df_env.core.errors import GameError
from df_env.core.game import GameInfo
from df_env.core.registry import register_game

from .engine import api, kernels, observe, position, text
from .engine.state import BLOCK_NAMES, BLOCK_SIZE, MAX_PLAYERS, MIN_PLAYERS, NUM_ACTIONS, STATE_DTYPE, State
from .engine.tables import LAST_TURN, VICTORY_NAMES

# A bound on one game's decisions: 6 race choices, then 20 turns of 6 players, each turn at most 26 decisions (an
# event's 1, plays 1 + 2 + 2 + 1 + 1 with Ship Graveyard's extra Ship, targets and picks 2 + 2 + 3 + 1, Expansion's
# 2, and at most 7 End Phase discards: a hand holds at most 6 + 3 + 2 + 1 cards before them).
MAX_GAME_LENGTH = MAX_PLAYERS + LAST_TURN * MAX_PLAYERS * 26
_CONFIG_KEYS = ("num_players", "events", "races", "trade_literal")


def _action_names() -> tuple[str, ...]:
    sizes = BLOCK_SIZE.tolist()
    return tuple(f"{name}[{i}]" for name, size in zip(BLOCK_NAMES, sizes, strict=True) for i in range(size))


INFO = GameInfo(
    id="galactic_civ",
    name="Galactic Civ",
    version="Warpspawn",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    num_actions=NUM_ACTIONS,
    max_game_length=MAX_GAME_LENGTH,
    state_dtype=STATE_DTYPE,
    observation_shapes={n: (observe.OBS_SIZE,) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)},
    action_names=_action_names(),
    outcome_names=tuple(v for v in VICTORY_NAMES if v),
    hidden_information=True,
    chance=True,
    languages=text.LANGS,
    features=frozenset({"determinize", "fast_path"}),
)


class GalacticCivGame:
    """The :class:`df_env.core.Game` of Galactic Civ; every method calls the engine's API."""

    info = INFO
    campaign: ModuleType | None = None
    agents: Mapping[str, str] = {  # the game's own agents (name -> module); "ismcts" stays the generic search
        "heuristic": "agents.galactic_civ.heuristic", "mcts": "agents.galactic_civ.mcts",
        "net": "agents.galactic_civ.net", "net-mcts": "agents.galactic_civ.net_mcts"}
    fast_path: ModuleType | None = kernels  # compiled entry points over state arrays (engine/kernels.py)

    # ---- configuration
    def make_config(self, num_players: int | None = None, **options: Any) -> api.GalacticCivConfig:
        unknown = set(options) - set(_CONFIG_KEYS[1:])
        if unknown:
            raise GameError(f"unknown Galactic Civ options {sorted(unknown)}; options are {', '.join(_CONFIG_KEYS)}")
        races = options.get("races", "choose")
        if isinstance(races, list):
            options["races"] = tuple(races)
        return api.GalacticCivConfig(num_players=2 if num_players is None else num_players, **options)

    def config_to_dict(self, config: api.GalacticCivConfig) -> dict[str, Any]:
        races = config.races if isinstance(config.races, str) else list(config.races)
        return {"num_players": int(config.num_players), "events": config.events, "races": races,
                "trade_literal": config.trade_literal}

    def config_from_dict(self, data: Mapping[str, Any]) -> api.GalacticCivConfig:
        if not isinstance(data, Mapping) or set(data) - set(_CONFIG_KEYS):
            raise GameError(f"a Galactic Civ config is an object with keys {_CONFIG_KEYS}; got {data!r}"[:300])
        return self.make_config(data.get("num_players"), **{k: v for k, v in data.items() if k != "num_players"})

    def new_game(self, config: api.GalacticCivConfig | None = None, seed: int = 0) -> State:
        return api.new_game(config, seed)

    # ---- playing
    def num_players(self, state: State) -> int:
        return int(state["n_players"])

    legal_mask = staticmethod(api.legal_mask)
    legal_actions = staticmethod(api.legal_actions)
    apply_action = staticmethod(api.apply_action)
    current_player = staticmethod(api.current_player)
    is_terminal = staticmethod(api.is_terminal)
    returns = staticmethod(api.returns)
    clone = staticmethod(api.clone)
    to_json = staticmethod(position.to_json)
    from_json = staticmethod(position.from_json)
    determinize = staticmethod(observe.determinize)
    observe = staticmethod(observe.observe)

    def turn(self, state: State) -> int:
        """The turn number (a round of every player, GCR6)."""
        return int(state["turn"])

    def default_turn_limit(self, num_players: int) -> int:
        return LAST_TURN  # the game ends by itself after turn 20 (GC22)

    # ---- text
    def action_to_string(self, state: State, action: int, lang: str = "en") -> str:
        return text.action_to_string(state, action, lang)

    def decision_to_string(self, state: State, lang: str = "en") -> str:
        return text.decision_to_string(state, lang)

    def render(self, state: State, observer: int | None = None, lang: str = "en", color: bool = False) -> str:
        return text.render(state, observer, lang)

    def screen(self, state: State, seat: int | None = None, lang: str = "en") -> str:
        """The terminal screen for ``seat`` (screen.py: attributes with leaders, phase track, hand, victory paths)."""
        from .screen import screen

        return screen(state, seat, lang)

    def event_lines(self, state: State, seat: int | None = None, lang: str = "en") -> list[str]:
        """What happened since the last decision in words (rolls, plays, draws as counts, events, votes): all
        public (GCR21), the same for every seat."""
        return [line for line in text.log_lines(state, lang) if line]

    def outcome(self, state: State, truncated: bool = False) -> dict[str, Any]:
        """``{"winner", "victory", "seats", "causes"}``: a seat's word is ``win``, ``other won``, ``draw`` (GCR19)
        or, for a game stopped before its end (``truncated``), ``turn limit``."""
        n = int(state["n_players"])
        w = int(state["winner"])
        victory = VICTORY_NAMES[int(state["victory"])]
        if state["over"]:
            seats = ["win" if p == w else ("other won" if w >= 0 else "draw") for p in range(n)]
        else:
            seats = ["turn limit" if truncated else "" for _ in range(n)]
        causes = [f"seat {w}'s {victory} Victory" if w >= 0 and p != w else "" for p in range(n)]
        return {"winner": w, "victory": victory, "seats": seats, "causes": causes}


    # ---- matches: whole games in compiled code, progress scores (play.py, progress.py)
    def play_compiled(self, state: State, agents: Sequence[Any], agent_seed: int,
                      max_turns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
        """The whole game in compiled code when every seat's agent has a compiled policy, else None."""
        from .play import play_compiled

        return play_compiled(state, agents, agent_seed, max_turns)

    def update_peaks(self, state: State, peak: np.ndarray) -> None:
        """Raise ``peak[p]`` to seat p's progress towards victory (progress.py, in [0, 1]) where it is higher."""
        from .progress import update_peaks

        update_peaks(state, peak)


GAME = register_game(GalacticCivGame())  # the registry imports this module on first use (core/registry.py)
__all__ = ["GAME", "INFO", "GalacticCivGame"]
