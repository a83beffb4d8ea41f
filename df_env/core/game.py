"""The contract between a game and everything above it (bench, ladder, logs, envs, agents, terminal, web).

A game is a set of rule functions over a state value (Deep Future's is one numpy record), described by its
metadata as data (:class:`GameInfo`, as OpenSpiel's ``GameType``/``GameInfo``). Callers hold a :class:`Game` and never
import a game's engine. Every method is a pure function of its arguments except ``apply_action``, which changes the
state in place (as the engines do: a state is a value to copy with ``clone``).

The optional parts a game may offer are named in ``GameInfo.features``:

* ``"determinize"``: ``determinize(state, seat, rng)`` resamples what ``seat`` cannot see (search agents, the
  conformance suite's hidden-information check);
* ``"fast_path"``: ``fast_path`` is a module of compiled entry points over state arrays (the game's own envs and
  agents use it; the core never calls it);
* ``"campaign"``: the game carries its world from game to game (``campaign`` is the game's campaign module).

Matches (``df_env.bench``) also use two optional methods when a game has them: ``play_compiled(state, agents,
agent_seed, max_turns)`` (a whole game in compiled code, or None when some agent cannot play there) and
``update_peaks(state, peak)`` (each seat's progress towards victory, so that games without a winner still tell
agents apart).

Example:
    >>> import df_env
    >>> game = df_env.make_game("deep_future")
    >>> s = game.new_game(game.make_config(num_players=1), seed=0)
    >>> while not game.is_terminal(s):
    ...     game.apply_action(s, int(game.legal_actions(s)[0]))
    >>> game.returns(s).shape
    (1,)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

import numpy as np

FEATURES = ("determinize", "fast_path", "campaign")


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata, as data.

    Attributes:
        id: the registry id (``"deep_future"``): lower case, the name of the game's package.
        name: the game's name as its source prints it (``"Deep Future"``).
        version: the rules' edition the engine implements (``"1.6"``).
        min_players, max_players: the player counts the game takes.
        num_actions: the size of the flat action space; every action id is in ``range(num_actions)``.
        max_game_length: an upper bound on the decisions of one game, or None when the rules set no limit (then
            callers truncate by ``default_turn_limit``).
        state_dtype: the dtype of a default game's state (a game may have other tiers, see its docs).
        observation_shapes: the shape of ``observe(state, seat)`` per player count.
        observation_range: every observation value lies in ``[low, high]`` (the envs' Box bounds).
        action_names: a name for every action id (``len == num_actions``), without a position.
        outcome_names: the words a finished game's ``outcome`` may use (victory paths and the like).
        hidden_information: whether a seat cannot see part of the state (other hands, deck order).
        chance: whether the game has random events (drawn from the state's own generator, never a global one).
        languages: the languages of the game's text (``action_to_string(..., lang=...)``).
        features: the optional parts this game offers (see the module docstring).
    """

    id: str
    name: str
    version: str
    min_players: int
    max_players: int
    num_actions: int
    max_game_length: int | None
    state_dtype: np.dtype
    observation_shapes: Mapping[int, tuple[int, ...]]
    action_names: tuple[str, ...]
    observation_range: tuple[float, float] = (-1.0, 1.0)
    outcome_names: tuple[str, ...] = ()
    hidden_information: bool = True
    chance: bool = True
    languages: tuple[str, ...] = ("en",)
    features: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        unknown = set(self.features) - set(FEATURES)
        if unknown:
            raise ValueError(f"unknown features {sorted(unknown)}; features are {FEATURES}")
        if len(self.action_names) != self.num_actions:
            raise ValueError(f"{self.id}: {len(self.action_names)} action names for {self.num_actions} actions")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: player counts {self.min_players}..{self.max_players} are not a range")

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every player count the game takes, ascending."""
        return tuple(range(self.min_players, self.max_players + 1))

    def has(self, feature: str) -> bool:
        """Whether the game offers an optional part (one of ``FEATURES``)."""
        if feature not in FEATURES:
            raise ValueError(f"unknown feature {feature!r}; features are {FEATURES}")
        return feature in self.features


@runtime_checkable
class Game(Protocol):
    """The rule functions every caller needs (see the module docstring). ``State`` is the game's state value."""

    info: GameInfo
    agents: Mapping[str, str]  # the game's own agents (name -> module with make/OPTIONS), beside the generic ones

    # ---- configuration and setup
    def make_config(self, num_players: int | None = None, **options: Any) -> Any:
        """A checked configuration; a bad option raises :class:`~df_env.core.errors.GameError` naming the allowed."""

    def config_to_dict(self, config: Any) -> dict[str, Any]:
        """The configuration as JSON-ready data (what a game log records)."""

    def config_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The inverse of ``config_to_dict``; a malformed dict raises ``GameError``."""

    def new_game(self, config: Any = None, seed: int = 0) -> Any:
        """A new game run to its first decision; ``seed`` fixes every random event (``seed=0`` is a seed)."""

    # ---- playing
    def num_players(self, state: Any) -> int: ...

    def legal_mask(self, state: Any) -> np.ndarray:
        """Boolean mask over ``range(info.num_actions)``; all False once the game is over."""

    def legal_actions(self, state: Any) -> np.ndarray:
        """The legal action ids, ascending; empty once the game is over."""

    def apply_action(self, state: Any, action: int) -> None:
        """Apply ``action`` in place; an illegal one raises ``IllegalActionError`` and leaves the state unchanged."""

    def current_player(self, state: Any) -> int:
        """The seat that must decide now, or -1 once the game is over."""

    def is_terminal(self, state: Any) -> bool: ...

    def returns(self, state: Any) -> np.ndarray:
        """Per-seat result (float64, one per seat): zeros while the game goes on."""

    def turn(self, state: Any) -> int:
        """The turn counter the game's turn limit counts (truncation by callers, never a rule)."""

    def default_turn_limit(self, num_players: int) -> int:
        """The turn limit callers use by default for a game without an end of its own."""

    def observe(self, state: Any, seat: int) -> np.ndarray:
        """What ``seat`` sees, flat float32 of shape ``info.observation_shapes[num_players]``."""

    # ---- text
    def action_to_string(self, state: Any, action: int, lang: str = "en") -> str: ...

    def decision_to_string(self, state: Any, lang: str = "en") -> str: ...

    def render(self, state: Any, observer: int | None = None, lang: str = "en", color: bool = False) -> str:
        """The position as text for ``observer`` (None: everything, the all-seeing view)."""

    def outcome(self, state: Any, truncated: bool = False) -> dict[str, Any]:
        """A game's end in words: ``{"winner": seat or -1, "victory": name or "", "seats": [word per seat],
        "causes": [why a seat lost or ""]}``; ``victory`` is one of ``info.outcome_names``. A seat's word is
        ``win``, ``loss``, ``other won`` or, for a game stopped at the turn limit (``truncated``), ``turn limit``."""

    # ---- values
    def clone(self, state: Any) -> Any:
        """An independent copy."""

    def to_json(self, state: Any) -> str: ...

    def from_json(self, text: str | bytes) -> Any:
        """A position from ``to_json``'s text; a malformed one raises ``GameError`` saying what is wrong."""

    # ---- optional parts (``info.features``); a game without them raises NotImplementedError
    def determinize(self, state: Any, seat: int, rng: np.random.Generator) -> Any: ...

    @property
    def fast_path(self) -> ModuleType | None:
        """The game's compiled entry points (``"fast_path"``), or None."""

    @property
    def campaign(self) -> ModuleType | None:
        """The game's campaign module (``"campaign"``), or None."""
