"""A campaign: the galaxy carried from game to game (rulebook 1.6, 1.7, section 3, R26).

A :class:`Campaign` holds the galaxy (a state record of which only the pool-level fields are used: every card
ever made, the sector names, the wonders, the era) and the chronology of the games played in it. Each game starts
from the whole pool (``next_config``); its final state is handed back to ``record``, which takes the grown pool,
the new names and wonders, advances the era after a victory and appends the chronology entry. ``record`` checks
that the final state really continues this galaxy (no card lost or rewritten, every card in exactly one pile)
and leaves the campaign untouched when it raises. Files: :mod:`df_env.games.deep_future.campaign.files`.

Example:
    >>> from df_env.games.deep_future import engine
    >>> from df_env.games.deep_future.campaign.core import Campaign
    >>> from df_env.games.deep_future.engine.kernels import random_playout_arr
    >>> from df_env.games.deep_future.engine.model.rng import derive_seed, seed_words
    >>> camp = Campaign.new(seed=1)
    >>> s = engine.new_game(camp.next_config(num_players=1), seed=camp.next_seed())
    >>> _ = random_playout_arr(s.reshape(1), seed_words(5), 100_000)
    >>> rec = camp.record(s, players=["random"])
    >>> camp.games, rec.outcome, camp.n_cards >= 36
    (1, 'no_winner', True)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from df_env.games.deep_future.engine._jit import njit
from df_env.games.deep_future.engine.api import GameConfig
from df_env.games.deep_future.engine.model.constants import BLANK, CIV, MAX_PLAYERS, MAX_POOL, POOL_HEADROOM
from df_env.games.deep_future.engine.model.rng import derive_seed, seed_words
from df_env.games.deep_future.engine.model.state import State, copy_fields, empty_state, is_state, tier_for
from df_env.games.deep_future.engine.rules.setup import make_fresh_galaxy

from .format import (
    GALAXY_FIELDS,
    NO_WINNER,
    TRUNCATED,
    VICTORY,
    CampaignError,
    GameRecord,
    PlayerRecord,
    campaign_from_document,
    checked_document,
    document_from_campaign,
)

__all__ = ["Campaign", "CampaignError", "GameRecord", "PlayerRecord", "HomeworldLog", "card_census",
           "check_continues", "derive_seed", "CARD_HEADROOM"]

# A game adds a few cards (random play: 1.5 on average solo, at most 10 at 3 players); a game starts in the capacity
# tier leaving this many free slots (model.state.tier_for), and the largest tier refuses a game with fewer.
CARD_HEADROOM = POOL_HEADROOM


@njit
def _fresh_galaxy_arr(a):
    make_fresh_galaxy(a[0])


def _galaxy_of(state: State) -> State:
    """A clean galaxy record holding only ``state``'s pool-level fields, in the tier its pool gets
    (``tier_for``: the tier of the next game)."""
    g = empty_state(tier_for(int(state["n_cards"])))
    copy_fields(g, state, GALAXY_FIELDS)
    return g


def card_census(state: State) -> np.ndarray:
    """How many piles hold each card of the pool (deck, discard, hands, tableaux, line, challenge): exactly one
    each in a consistent state (``reveal`` only points into the discard pile during setup)."""
    s = state
    piles = [s["deck"][: s["deck_n"]], s["discard"][: s["discard_n"]], s["chal"][: s["chal_n"]], s["line"],
             s["home"]]
    for p in range(MAX_PLAYERS):
        piles += [s["hand"][p, : s["hand_n"][p]], s["techs"][p, : s["techs_n"][p]],
                  s["worlds"][p, : s["worlds_n"][p]]]
    ids = np.concatenate([np.asarray(v)[np.asarray(v) >= 0] for v in piles]).astype(np.int64)
    return np.bincount(ids, minlength=int(s["n_cards"]))


class HomeworldLog:
    """Every homeworld each player had during a game (a player may change homeworld, R22, R24), gathered by
    calling :meth:`observe` after each decision. ``record`` uses the final homeworlds when given no log.

    Example:
        >>> from df_env.games.deep_future import engine
        >>> s = engine.new_game(engine.GameConfig(2), seed=3)
        >>> log = HomeworldLog(s)
        >>> len(log.homeworlds)
        2
    """

    def __init__(self, state: State) -> None:
        self.homeworlds: list[list[int]] = [[] for _ in range(int(state["n_players"]))]
        self.observe(state)

    def observe(self, state: State) -> None:
        for p, homes in enumerate(self.homeworlds):
            h = int(state["home"][p])
            if h >= 0 and (not homes or homes[-1] != h):
                homes.append(h)


@dataclass
class Campaign:
    """A galaxy and its chronology.

    Attributes:
        seed: the campaign's seed; the galaxy and every game's seed derive from it (:func:`derive_seed`).
        galaxy: a state record whose pool-level fields (``GALAXY_FIELDS``) are the galaxy, in the capacity tier
            its pool gets (``model.state.tier_for``: STATE_DTYPE up to 448 cards, then bigger tiers).
        chronology: one :class:`GameRecord` per game played, in order.
    """

    seed: int
    galaxy: State
    chronology: list[GameRecord] = field(default_factory=list)
    # (a copy of the campaign, its checked document): composed once per game, reused by the file writer while the
    # campaign still equals the copy (a galaxy edited in place gets a fresh document)
    _checked: tuple[Campaign, dict[str, Any]] | None = field(default=None, init=False, repr=False, compare=False)

    # ------------------------------------------------------------------------------------------ creating
    @classmethod
    def new(cls, seed: int) -> Campaign:
        """A fresh galaxy (1.6): 36 cards, one per number and suit, 12 of them original worlds (era O) with
        names, random sectors and one random advancement each; era 1 (the chronology's first line)."""
        words = seed_words(derive_seed(_check_seed(seed), 0))
        s = empty_state()
        s["rng"] = words
        s["era"] = 1
        _fresh_galaxy_arr(s.reshape(1))
        return cls(seed=int(seed), galaxy=_galaxy_of(s))

    # ------------------------------------------------------------------------------------------ reading
    @property
    def era(self) -> int:
        """The era of the next game (1 + victories so far)."""
        return int(self.galaxy["era"])

    @property
    def n_cards(self) -> int:
        return int(self.galaxy["n_cards"])

    @property
    def games(self) -> int:
        """Games recorded so far (the next game is number ``games + 1``)."""
        return len(self.chronology)

    # ------------------------------------------------------------------------------------------ the next game
    def next_seed(self) -> int:
        """The seed of the next game (game ``games + 1``); the same until that game is recorded."""
        return derive_seed(self.seed, 1, self.games + 1)

    def next_config(self, num_players: int = 1, restart_on_loss: bool = False) -> GameConfig:
        """The configuration of the next game: the whole card pool, named sectors and wonders of this galaxy.

        The game's state is in the capacity tier the pool needs (512 cards up to 448 in the pool, then 2048, 8192,
        32767: ``GameConfig.capacity``). Raises :class:`CampaignError` when even the largest tier lacks the
        ``CARD_HEADROOM`` free slots a game needs.
        """
        if self.n_cards > MAX_POOL - CARD_HEADROOM:
            raise CampaignError(f"the card pool holds {self.n_cards} cards: a game needs {CARD_HEADROOM} free card "
                                f"slots and no game holds more than {MAX_POOL} cards (constants.MAX_POOL, the "
                                f"int16 card ids), so this galaxy is complete; start a new campaign (df-env "
                                f"campaign new) to play on; this file stays as it is")
        return GameConfig(num_players=num_players, restart_on_loss=restart_on_loss, galaxy=self.galaxy.copy())

    # ------------------------------------------------------------------------------------------ recording
    def record(self, final_state: State, players: Sequence[str] | None = None,
               homeworlds: Sequence[Sequence[int]] | None = None, seed: int | None = None,
               truncated: bool = False) -> GameRecord:
        """Take a finished game into the campaign and return its chronology entry.

        Args:
            final_state: the game's last state (started from :meth:`next_config`).
            players: a name per seat (default ``"player 1"``...).
            homeworlds: per seat, every homeworld he had (a :class:`HomeworldLog`'s ``homeworlds``); default:
                each player's homeworld in the final state.
            seed: the game's seed, written in the chronology (None: unknown).
            truncated: the game was stopped before its end (R25); required to record a game that is not over.

        The campaign takes the final pool, sector names and wonders; after a victory the era advances (R26).
        Raises :class:`CampaignError` (and changes nothing) if the state does not continue this galaxy.
        """
        s = _check_state(final_state)
        if not s["over"] and not truncated:
            raise CampaignError("final_state: the game is not over; pass truncated=True to record a stopped game")
        names = _player_names(players, int(s["n_players"]))
        check_continues(self.galaxy, s)
        rec = self._entry(s, names, homeworlds, seed)
        galaxy = _galaxy_of(s)
        galaxy["era"] = self.era + (rec.outcome == VICTORY)
        chronology = [*self.chronology, rec]
        try:  # the campaign must stay saveable exactly, or nothing changes
            doc = checked_document(self.seed, galaxy, chronology)
        except CampaignError as e:
            if not truncated:
                raise
            raise CampaignError(f"{e} (the game was stopped while a card was being made: stop games at the start "
                                f"of a turn)") from None
        self.galaxy, self.chronology = galaxy, chronology
        self._remember(doc)
        return rec

    def _entry(self, s: State, names: list[str], homeworlds: Sequence[Sequence[int]] | None,
               seed: int | None) -> GameRecord:
        homes = _homeworlds(s, homeworlds)
        rec = GameRecord(game=self.games + 1, era=self.era, seed=None if seed is None else int(seed),
                         players=[PlayerRecord(n, h) for n, h in zip(names, homes, strict=True)],
                         outcome=TRUNCATED if not s["over"] else (VICTORY if s["winner"] >= 0 else NO_WINNER),
                         turns=int(s["turn"]), cards_before=self.n_cards, cards_after=int(s["n_cards"]))
        if rec.outcome == VICTORY:
            _fill_victory(rec, self.galaxy, s)
        return rec

    # ------------------------------------------------------------------------------------------ documents
    def to_dict(self) -> dict[str, Any]:
        """The campaign document (format ``df_env.campaign`` version 1, see docs/campaign.md)."""
        return document_from_campaign(self.seed, self.galaxy, self.chronology)

    def document(self) -> dict[str, Any]:
        """The campaign document, checked to read back exactly (:func:`checked_document`); composed once per game
        (``record`` composes it, the file writer reuses it). Shared: copy it before changing it (or use
        :meth:`to_dict`)."""
        if self._checked is None or self._checked[0] != self:
            self._remember(checked_document(self.seed, self.galaxy, self.chronology))
        assert self._checked is not None
        return self._checked[1]

    def _remember(self, doc: dict[str, Any]) -> None:
        snapshot = Campaign(seed=self.seed, galaxy=self.galaxy.copy(), chronology=copy.deepcopy(self.chronology))
        self._checked = (snapshot, doc)

    @classmethod
    def from_dict(cls, doc: Any) -> Campaign:
        """A campaign from its document, fully validated (:class:`CampaignError` names the bad field)."""
        seed, galaxy, chronology = campaign_from_document(doc)
        return cls(seed=seed, galaxy=galaxy, chronology=chronology)

    def __repr__(self) -> str:
        return f"Campaign(seed={self.seed}, era={self.era}, games={self.games}, cards={self.n_cards})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Campaign):
            return NotImplemented
        return (self.seed == other.seed and self.chronology == other.chronology
                and all(np.array_equal(self.galaxy[f], other.galaxy[f]) for f in GALAXY_FIELDS))


# ---------------------------------------------------------------------------------------------- checks
def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**63:
        raise CampaignError(f"seed: expected an integer 0..2**63-1, got {seed!r}")
    return int(seed)


def _check_state(state: Any) -> State:
    if not is_state(state):
        raise CampaignError("final_state: expected one game state (a 0-d array of a state dtype)")
    return state.reshape(())


def _player_names(players: Sequence[str] | None, n: int) -> list[str]:
    if players is None:
        return [f"player {p + 1}" for p in range(n)]
    names = list(players)
    if len(names) != n or not all(isinstance(x, str) and x for x in names):
        raise CampaignError(f"players: expected {n} non-empty names (one per seat), got {players!r}")
    return names


def _homeworlds(s: State, given: Sequence[Sequence[int]] | None) -> list[list[int]]:
    n = int(s["n_players"])
    if given is None:
        return [[int(s["home"][p])] if s["home"][p] >= 0 else [] for p in range(n)]
    homes = [[int(h) for h in row] for row in given]
    if len(homes) != n:
        raise CampaignError(f"homeworlds: expected a list per seat ({n}), got {len(homes)}")
    return homes


def check_continues(galaxy: State, s: State) -> None:
    """Raise :class:`CampaignError` unless state ``s`` is a game of ``galaxy``: same era, every old card still
    there and only added to (a blank may become a world or a tech, lines only get written), names and wonders
    kept, and every card of the pool in exactly one pile."""
    if int(s["era"]) != int(galaxy["era"]):
        raise CampaignError(f"final_state.era: the game was played in era {int(s['era'])} but the campaign is in "
                            f"era {int(galaxy['era'])}: start games with Campaign.next_config()")
    n, m = int(galaxy["n_cards"]), int(s["n_cards"])
    if m < n:
        raise CampaignError(f"final_state.n_cards: {m} cards, fewer than the campaign's {n}: the pool never shrinks")
    _check_cards_kept(galaxy, s, n)
    _check_map_kept(galaxy, s)
    census = card_census(s)
    if len(census) > m or np.any(census != 1):
        bad = np.flatnonzero(census != 1)[:5].tolist()
        raise CampaignError(f"final_state: cards {bad} are not each in exactly one pile (deck, discard, hands, "
                            f"tableaux, line, challenge)")


def _check_cards_kept(g: State, s: State, n: int) -> None:
    def fail(what: str, cards: np.ndarray) -> None:
        raise CampaignError(f"final_state: card {int(cards[0])} {what} (a game only adds to a card, R6)")

    for name in ("c_num", "c_suit", "c_civ3", "c_civ4"):
        bad = np.flatnonzero(g[name][:n] != s[name][:n])
        if len(bad):
            fail(f"changed its {name}", bad)
    bad = np.flatnonzero((g["c_type"][:n] != s["c_type"][:n]) & (g["c_type"][:n] != BLANK))
    if len(bad):
        fail("changed its type", bad)
    bad = np.flatnonzero(np.any(g["c_hist"][:n] != s["c_hist"][:n], axis=1))
    if len(bad):
        fail("changed its history", bad)
    named = g["c_name"][:n] >= 0
    bad = np.flatnonzero(named & (g["c_name"][:n] != s["c_name"][:n]))
    if len(bad):
        fail("changed its name", bad)
    drawn = g["c_slot_suit"][:n] >= 0
    written = g["c_slot_num"][:n] > 0
    lost = (drawn & (g["c_slot_suit"][:n] != s["c_slot_suit"][:n])) | (
        written & (g["c_slot_num"][:n] != s["c_slot_num"][:n]))
    bad = np.flatnonzero(np.any(lost, axis=1))
    if len(bad):
        fail("lost or changed an advancement line", bad)


def _check_map_kept(g: State, s: State) -> None:
    for x in np.flatnonzero(g["sector_name"] >= 0):
        if s["sector_name"][x] != g["sector_name"][x]:
            raise CampaignError(f"final_state.sector_name[{int(x)}]: a named sector lost or changed its name")
    for x in np.flatnonzero(g["wonder"] >= 0):
        if s["wonder"][x] != g["wonder"][x] or s["wonder_suit"][x] != g["wonder_suit"][x]:
            raise CampaignError(f"final_state.wonder[{int(x)}]: a wonder left the map (wonders stay, section 3)")


def _fill_victory(rec: GameRecord, g: State, s: State) -> None:
    """The winner's civilization card, the sector his victory named and the wonder he added (R26)."""
    n, m = int(g["n_cards"]), int(s["n_cards"])
    rec.winner = int(s["winner"])
    rec.victory = int(s["victory"])
    civs = [c for c in range(n, m) if s["c_type"][c] == CIV]
    if rec.victory < 0 or len(civs) != 1:
        raise CampaignError(f"final_state: a victory must leave one new civilization card and a victory type "
                            f"(R26); found {len(civs)} and victory {rec.victory}")
    rec.civilization = civs[0]
    new_names = np.flatnonzero((g["sector_name"] < 0) & (s["sector_name"] >= 0))
    new_wonders = np.flatnonzero((g["wonder"] < 0) & (s["wonder"] >= 0))
    if len(new_names) > 1 or len(new_wonders) > 1:
        raise CampaignError("final_state: a victory names one sector and adds one wonder at most (R26)")
    if len(new_names):
        rec.named_sector = int(new_names[0])
    if len(new_wonders):
        rec.wonder_sector = int(new_wonders[0])
        rec.wonder_suit = int(s["wonder_suit"][rec.wonder_sector])
