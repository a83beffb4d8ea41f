"""The campaign document: a campaign's galaxy and chronology as plain JSON data, read back with validation.

This module converts between the engine's galaxy record (a state holding the card pool, sector names, wonders and era)
plus the chronology, and the dict written to a campaign file (:mod:`df_env.games.deep_future.campaign.files`). Reading
checks every value and the history's consistency, and a bad value raises :class:`CampaignError` whose message starts
with the field's path (``cards[12].lines[0].suit: "Q" is not a suit (S M R K H F)``). The layout is documented field by
field in ``docs/campaign.md``.

Example:
    >>> from df_env.games.deep_future.campaign.core import Campaign
    >>> c = Campaign.new(seed=7)
    >>> doc = document_from_campaign(c.seed, c.galaxy, c.chronology)
    >>> doc["format"], doc["version"], len(doc["cards"])
    ('df_env.campaign', 1, 36)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from df_env.games.deep_future.engine.io.position_schema import (
    Node,
    PositionError,
    sector_key,
    suit_letter,
    victory_name,
)
from df_env.games.deep_future.engine.model.constants import (
    CARD_TYPE_NAMES,
    CIV,
    MAX_PLAYERS,
    MAX_POOL,
    N_HISTORY,
    TECH,
    WORLD,
)
from df_env.games.deep_future.engine.model.state import State, empty_state, tier_for

FORMAT = "df_env.campaign"  # the file format's name (not a module path: it stays)
VERSION = 1  # bump on any change a version-1 reader would misread; readers refuse newer versions
NAME_MAX = 0x3FFFFFFF  # name codes are 30-bit (cards.name_code)
SUITS = tuple("SMRKHF")
OUTCOMES = ("victory", "no_winner", "truncated")
VICTORY, NO_WINNER, TRUNCATED = OUTCOMES
MAX_ERA = 32000  # c_era is int16
MAX_GAMES = 10**9

# The pool-level fields of a state: what one game hands to the next (the same list api.new_game copies).
GALAXY_FIELDS = ("n_cards", "c_num", "c_suit", "c_type", "c_sector", "c_era", "c_name", "c_slot_suit",
                 "c_slot_num", "c_circled", "c_civ3", "c_civ4", "c_hist", "sector_name", "wonder",
                 "wonder_suit", "era")

_TOP_KEYS = ("format", "version", "seed", "era", "games", "sectors", "cards", "chronology", "checksum")
_CARD_KEYS = ("id", "type", "num", "suit", "era", "sector", "name", "lines", "victory", "civ_suit", "history")
_CIV_KEYS = ("victory", "civ_suit", "history")
_LINE_KEYS = ("suit", "num", "circled")
_SECTOR_KEYS = ("sector", "name", "wonder", "wonder_suit")
_GAME_KEYS = ("game", "era", "seed", "players", "outcome", "winner", "victory", "civilization", "wonder",
              "named_sector", "turns", "cards_before", "cards_after")
_WONDER_KEYS = ("sector", "suit")


class CampaignError(ValueError):
    """A campaign that breaks the format or the rules of a campaign; the message names the field."""


# ---------------------------------------------------------------------------------------------- records
@dataclass
class PlayerRecord:
    """One player of a game in the chronology: his name and every homeworld he had (1.7, R22, R24)."""

    name: str
    homeworlds: list[int] = field(default_factory=list)  # card ids, in the order he had them


@dataclass
class GameRecord:
    """One game in the chronology (section 3: players, homeworlds, winner or no winner).

    Sectors are indices 0..36, victory types ``V_*``, suits 0..5, cards ids into the pool; ``None`` = none.
    """

    game: int  # 1 = the campaign's first game
    era: int  # era in which it was played
    seed: int | None  # the game's seed when known (Campaign.next_seed)
    players: list[PlayerRecord]
    outcome: str  # "victory", "no_winner" (every player lost) or "truncated" (stopped early, R25)
    winner: int | None = None  # seat of the winner
    victory: int | None = None  # victory type V_* (Table 2 letter, Table 3 effect)
    civilization: int | None = None  # the civilization card made by the winner (R26)
    wonder_sector: int | None = None  # sector of the wonder the winner added, if any
    wonder_suit: int | None = None
    named_sector: int | None = None  # the sector this victory named (None if it already had a name)
    turns: int = 0
    cards_before: int = 0  # pool size when the game began
    cards_after: int = 0  # pool size when it ended


# ---------------------------------------------------------------------------------------------- writing
def document_from_campaign(seed: int, galaxy: State, chronology: Sequence[GameRecord]) -> dict[str, Any]:
    """The campaign as a JSON-ready dict (no checksum: :mod:`campaign_io` adds it)."""
    g = galaxy
    n = int(g["n_cards"])
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": int(seed),
        "era": int(g["era"]),
        "games": len(chronology),
        "sectors": [_sector_doc(g, x) for x in range(37) if g["sector_name"][x] >= 0 or g["wonder"][x] >= 0],
        "cards": [_card_doc(g, c) for c in range(n)],
        "chronology": [_game_doc(r) for r in chronology],
    }


def checked_document(seed: int, galaxy: State, chronology: Sequence[GameRecord]) -> dict[str, Any]:
    """The campaign document composed once and proven to read back to exactly this campaign (catches any state the
    format cannot hold); :class:`CampaignError` names the field otherwise. The one place a campaign is composed for
    recording and saving (``Campaign.document``)."""
    doc = document_from_campaign(seed, galaxy, chronology)
    back_seed, back, back_chron = campaign_from_document(doc)
    for name in GALAXY_FIELDS:
        if not np.array_equal(back[name], galaxy[name]):
            raise CampaignError(f"galaxy.{name}: the campaign format cannot represent this value exactly")
    if back_chron != list(chronology) or back_seed != seed:
        raise CampaignError("chronology: the campaign format cannot represent this entry exactly")
    return doc


def _name(code: Any) -> int | None:
    return None if code < 0 else int(code)


def _sector(x: Any) -> int | None:
    return None if x < 0 else int(sector_key(int(x)))


def _sector_doc(g: State, x: int) -> dict[str, Any]:
    w = int(g["wonder"][x])
    return {"sector": _sector(x), "name": _name(g["sector_name"][x]),
            "wonder": None if w < 0 else "TPCMSX"[w], "wonder_suit": suit_letter(int(g["wonder_suit"][x]))}


def _card_doc(g: State, c: int) -> dict[str, Any]:
    t = int(g["c_type"][c])
    d: dict[str, Any] = {
        "id": c, "type": CARD_TYPE_NAMES[t], "num": int(g["c_num"][c]), "suit": SUITS[int(g["c_suit"][c])],
        "era": int(g["c_era"][c]), "sector": _sector(g["c_sector"][c]), "name": _name(g["c_name"][c]),
        "lines": [_line_doc(g, c, k) for k in range(3)],
    }
    if t == CIV:
        hist = g["c_hist"][c]
        d["victory"] = victory_name(int(g["c_civ3"][c]))
        d["civ_suit"] = suit_letter(int(g["c_civ4"][c]))
        d["history"] = [int(h) for h in hist[hist >= 0]]
    return d


def _line_doc(g: State, c: int, k: int) -> dict[str, Any] | None:
    suit = int(g["c_slot_suit"][c, k])
    if suit < 0:
        return None
    num = int(g["c_slot_num"][c, k])
    return {"suit": SUITS[suit], "num": num or None, "circled": bool((int(g["c_circled"][c]) >> k) & 1)}


def _game_doc(r: GameRecord) -> dict[str, Any]:
    wonder = None
    if r.wonder_sector is not None:
        wonder = {"sector": _sector(r.wonder_sector), "suit": SUITS[r.wonder_suit or 0]}
    return {
        "game": r.game, "era": r.era, "seed": r.seed,
        "players": [{"name": p.name, "homeworlds": list(p.homeworlds)} for p in r.players],
        "outcome": r.outcome, "winner": r.winner,
        "victory": None if r.victory is None else victory_name(r.victory),
        "civilization": r.civilization, "wonder": wonder,
        "named_sector": None if r.named_sector is None else _sector(r.named_sector),
        "turns": r.turns, "cards_before": r.cards_before, "cards_after": r.cards_after,
    }


# ---------------------------------------------------------------------------------------------- reading
def campaign_from_document(doc: Any) -> tuple[int, State, list[GameRecord]]:
    """``(seed, galaxy, chronology)`` from a campaign document, every field validated.

    Raises :class:`CampaignError` naming the first bad field (a newer format version is refused first).
    """
    try:
        return _read(Node(doc, ""))
    except PositionError as e:  # the shared reader's errors already name the field path
        raise CampaignError(str(e)) from None


def check_header(doc: Any) -> None:
    """Refuse a document of another format or of a newer version before reading anything else."""
    if not isinstance(doc, dict):
        raise CampaignError(f"expected a JSON object at the top level, got {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise CampaignError(f'format: expected "{FORMAT}", got {doc.get("format")!r}: this is not a campaign file')
    v = doc.get("version")
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise CampaignError(f"version: expected an integer >= 1, got {v!r}")
    if v > VERSION:
        raise CampaignError(f"version: the file was written in campaign format version {v} by a newer df_env; "
                            f"this df_env reads versions up to {VERSION}: upgrade df_env to open it")


def _read(root: Node) -> tuple[int, State, list[GameRecord]]:
    check_header(root.value)
    f = root.fields(_TOP_KEYS, required=[k for k in _TOP_KEYS if k != "checksum"])
    seed = f["seed"].int(0, 2**63 - 1)
    cards = f["cards"].items(MAX_POOL, "cards", "MAX_POOL")
    g = empty_state(tier_for(len(cards)))  # the tier of the campaign's next game
    g["era"] = f["era"].int(1, MAX_ERA)
    if len(cards) < 36:
        raise f["cards"].error(f"a campaign has at least the 36 initial cards (1.6), got {len(cards)}")
    g["n_cards"] = len(cards)
    for c, node in enumerate(cards):
        _read_card(node, g, c)
    for c, node in enumerate(cards):
        _check_history(node, g, c)
    for node in f["sectors"].items(37, "sectors"):
        _read_sector(node, g)
    games = [_read_game(node, g, i) for i, node in enumerate(f["chronology"].items(MAX_GAMES, "games"))]
    if f["games"].int(0, MAX_GAMES) != len(games):
        raise f["games"].error(f"says {f['games'].value} games but the chronology lists {len(games)}")
    check_consistency(g, games)
    return seed, g, games


def _read_card(node: Node, g: State, c: int) -> None:
    f = node.fields(_CARD_KEYS, required=[k for k in _CARD_KEYS if k not in _CIV_KEYS])
    if f["id"].int(0, MAX_POOL - 1) != c:
        raise f["id"].error(f"expected {c}: cards are listed in id order from 0")
    t = f["type"].choice(CARD_TYPE_NAMES, "a card type")
    g["c_type"][c] = t
    g["c_num"][c] = f["num"].int(1, 6)
    g["c_suit"][c] = f["suit"].choice(SUITS, "a suit")
    g["c_era"][c] = f["era"].int(0, int(g["era"]))
    g["c_name"][c] = f["name"].opt_int(0, NAME_MAX)
    g["c_sector"][c] = _card_sector(f["sector"], t)
    lines = f["lines"]
    if not isinstance(lines.value, list) or len(lines.value) != 3:
        raise lines.error("expected a list of 3 advancement lines (null for a line without a suit)")
    for k, line in enumerate(lines.items()):
        _read_line(line, g, c, k)
    if t == WORLD and g["c_slot_num"][c, 0] == 0:
        raise lines.error("a world has at least one advancement, on its first line (1.4)")
    if t == TECH and np.any(g["c_slot_suit"][c] < 0):
        raise lines.error("a tech has 3 lines with their suits drawn at its creation (1.4)")
    _read_civ(f, g, c, t)


def _card_sector(node: Node, t: int) -> int:
    if t in (WORLD, CIV):
        x = -1 if node.value is None else node.sector()
        if x < 1:
            raise node.error(f"a {CARD_TYPE_NAMES[t]} card has a sector 11..66")
        return x
    if node.value is not None:
        raise node.error(f"a {CARD_TYPE_NAMES[t]} card has no sector: use null")
    return -1


def _read_line(node: Node, g: State, c: int, k: int) -> None:
    if node.value is None:
        return
    f = node.fields(_LINE_KEYS, required=_LINE_KEYS)
    g["c_slot_suit"][c, k] = f["suit"].choice(SUITS, "a suit")
    g["c_slot_num"][c, k] = max(0, f["num"].opt_int(1, 6))
    if f["circled"].bool():
        if f["num"].value is None:
            raise f["circled"].error("only a written advancement (num 1..6) can be circled")
        g["c_circled"][c] |= 1 << k


def _read_civ(f: dict[str, Node], g: State, c: int, t: int) -> None:
    present = [k for k in _CIV_KEYS if k in f]
    if t != CIV:
        if present:
            raise f[present[0]].error(f"only a civilization card has {present[0]!r}")
        return
    for k in _CIV_KEYS:
        if k not in f:
            raise Node(None, f"cards[{c}].{k}").error("required for a civilization card")
    g["c_civ3"][c] = f["victory"].victory()
    if g["c_civ3"][c] < 0:
        raise f["victory"].error("a civilization card has a Table 3 effect: its victory type")
    g["c_civ4"][c] = f["civ_suit"].opt_choice(SUITS, "a suit")
    hist = f["history"].items(N_HISTORY, "history cards")
    if not hist:
        raise f["history"].error("a civilization's history holds at least its homeworld")
    for i, h in enumerate(hist):
        g["c_hist"][c, i] = h.int(0, MAX_POOL - 1)


def _check_history(node: Node, g: State, c: int) -> None:
    """History entries point into the pool: the homeworld (a world) first, then techs."""
    if g["c_type"][c] != CIV:
        return
    for i, h in enumerate(g["c_hist"][c][g["c_hist"][c] >= 0]):
        want = WORLD if i == 0 else TECH
        if h >= g["n_cards"] or g["c_type"][h] != want:
            raise node.child("history").child(i).error(
                f"card {int(h)} is not a {CARD_TYPE_NAMES[want]} of the pool "
                f"(the history is the homeworld, then the complete techs)")


def _read_sector(node: Node, g: State) -> None:
    f = node.fields(_SECTOR_KEYS, required=_SECTOR_KEYS)
    x = f["sector"].sector()
    if x == 0:
        raise f["sector"].error("the black hole cannot be named or hold a wonder")
    if g["sector_name"][x] >= 0 or g["wonder"][x] >= 0:
        raise f["sector"].error(f"sector {f['sector'].value} is listed twice")
    g["sector_name"][x] = f["name"].opt_int(0, NAME_MAX)
    w = f["wonder"].opt_choice(tuple("TPCMSX"), "a wonder letter (Table 2)")
    suit = f["wonder_suit"].opt_choice(SUITS, "a suit")
    if (w < 0) != (suit < 0):
        raise f["wonder_suit"].error("a wonder has both a letter and a suit; a sector without one has neither")
    if g["sector_name"][x] < 0:
        raise f["name"].error("a sector listed here has a name (a wonder is placed in the winner's named sector)")
    g["wonder"][x] = w
    g["wonder_suit"][x] = suit


def _read_game(node: Node, g: State, i: int) -> GameRecord:
    f = node.fields(_GAME_KEYS, required=_GAME_KEYS)
    if f["game"].int(1, MAX_GAMES) != i + 1:
        raise f["game"].error(f"expected {i + 1}: games are numbered in order from 1")
    players = [_read_player(p, g) for p in f["players"].items(MAX_PLAYERS, "players")]
    if not players:
        raise f["players"].error("a game has 1 to 3 players")
    n = int(g["n_cards"])
    rec = GameRecord(
        game=i + 1, era=f["era"].int(1, MAX_ERA), seed=_opt(f["seed"], 0, 2**64 - 1), players=players,
        outcome=OUTCOMES[f["outcome"].choice(OUTCOMES, "an outcome")],
        winner=_opt(f["winner"], 0, len(players) - 1), victory=_opt_victory(f["victory"]),
        civilization=_opt(f["civilization"], 0, n - 1), named_sector=_opt_sector(f["named_sector"]),
        turns=f["turns"].int(0, 2**31 - 1), cards_before=f["cards_before"].int(36, n),
        cards_after=f["cards_after"].int(36, n),
    )
    _read_wonder(f["wonder"], rec)
    _check_game(f, g, rec)
    return rec


def _opt(node: Node, lo: int, hi: int) -> int | None:
    return None if node.value is None else node.int(lo, hi)


def _opt_victory(node: Node) -> int | None:
    v = node.victory()
    return None if v < 0 else v


def _opt_sector(node: Node) -> int | None:
    if node.value is None:
        return None
    x = node.sector()
    if x == 0:
        raise node.error("the black hole is never named")
    return x


def _read_player(node: Node, g: State) -> PlayerRecord:
    f = node.fields(("name", "homeworlds"), required=("name", "homeworlds"))
    homes = [h.int(0, int(g["n_cards"]) - 1) for h in f["homeworlds"].items(MAX_POOL, "homeworlds")]
    for k, h in enumerate(homes):
        if g["c_type"][h] != WORLD:
            raise f["homeworlds"].child(k).error(f"card {h} is not a world")
    return PlayerRecord(name=f["name"].str(), homeworlds=homes)


def _read_wonder(node: Node, rec: GameRecord) -> None:
    if node.value is None:
        return
    f = node.fields(_WONDER_KEYS, required=_WONDER_KEYS)
    rec.wonder_sector = _opt_sector(f["sector"])
    rec.wonder_suit = f["suit"].choice(SUITS, "a suit")
    if rec.wonder_sector is None:
        raise f["sector"].error("a wonder is placed in a sector")


def _check_game(f: dict[str, Node], g: State, rec: GameRecord) -> None:
    """One entry's own coherence: a victory has a winner, a victory type and a civilization card; no other
    outcome has any of them."""
    won = rec.outcome == VICTORY
    for key, value in (("winner", rec.winner), ("victory", rec.victory), ("civilization", rec.civilization)):
        if won and value is None:
            raise f[key].error("a victory names its winner, victory type and civilization card")
        if not won and value is not None:
            raise f[key].error(f'must be null when the outcome is "{rec.outcome}"')
    if not won and (rec.wonder_sector is not None or rec.named_sector is not None):
        raise f["wonder" if rec.wonder_sector is not None else "named_sector"].error(
            "only a victory adds a wonder or names a sector")
    if rec.civilization is not None:
        c = rec.civilization
        if g["c_type"][c] != CIV or g["c_civ3"][c] != rec.victory or g["c_era"][c] != rec.era:
            raise f["civilization"].error(f"card {c} is not a civilization of era {rec.era} with this victory type")
    if rec.wonder_sector is not None and (g["wonder"][rec.wonder_sector] != rec.victory
                                          or g["wonder_suit"][rec.wonder_sector] != rec.wonder_suit):
        raise f["wonder"].error("no such wonder on the map (its letter is the victory type)")
    if rec.named_sector is not None and g["sector_name"][rec.named_sector] < 0:
        raise f["named_sector"].error("that sector has no name in the sectors list")
    if rec.cards_after < rec.cards_before:
        raise f["cards_after"].error("the card pool never shrinks (R6)")


# ---------------------------------------------------------------------------------------------- the whole
def check_consistency(g: State, games: Sequence[GameRecord]) -> None:
    """The galaxy agrees with the chronology: eras advance by one per victory, each victory left one civilization
    card, one named sector at most and one wonder at most, and the pool sizes chain from game to game."""
    era = 1
    for r in games:
        if r.era != era:
            raise CampaignError(f"chronology[{r.game - 1}].era: expected {era} (era 1, +1 after each victory)")
        era += r.outcome == VICTORY
    if int(g["era"]) != era:
        raise CampaignError(f"era: expected {era} (1 + the {era - 1} victories of the chronology), got {int(g['era'])}")
    _check_chain(g, games)
    _check_counts(g, games)


def _check_chain(g: State, games: Sequence[GameRecord]) -> None:
    for i in range(1, len(games)):
        if games[i].cards_before != games[i - 1].cards_after:
            raise CampaignError(f"chronology[{i}].cards_before: expected {games[i - 1].cards_after}, the pool size "
                                f"after game {i}")
    if games and games[-1].cards_after != int(g["n_cards"]):
        raise CampaignError(f"chronology[{len(games) - 1}].cards_after: expected {int(g['n_cards'])}, the number "
                            f"of cards listed")
    if not games and int(g["n_cards"]) != 36:
        raise CampaignError(f"cards: a campaign with no game played has the 36 initial cards, got {int(g['n_cards'])}")


def _check_counts(g: State, games: Sequence[GameRecord]) -> None:
    n = int(g["n_cards"])
    civs = sorted(np.flatnonzero(g["c_type"][:n] == CIV).tolist())
    recorded = sorted(r.civilization for r in games if r.civilization is not None)
    if civs != recorded:
        raise CampaignError(f"cards: civilization cards {civs} do not match the victories' civilizations {recorded}")
    wonders = sorted(np.flatnonzero(g["wonder"] >= 0).tolist())
    placed = sorted(r.wonder_sector for r in games if r.wonder_sector is not None)
    if wonders != placed:
        raise CampaignError(f"sectors: wonders in sectors {_printed(wonders)} do not match the chronology's "
                            f"{_printed(placed)}")
    named = sorted(np.flatnonzero(g["sector_name"] >= 0).tolist())
    by_games = sorted(r.named_sector for r in games if r.named_sector is not None)
    if named != by_games:
        raise CampaignError(f"sectors: named sectors {_printed(named)} do not match those the chronology's "
                            f"victories named {_printed(by_games)}")
    pairs = [(int(g["wonder"][x]), int(g["wonder_suit"][x])) for x in wonders]
    if len(set(pairs)) != len(pairs):
        raise CampaignError("sectors: two wonders share a victory/suit pair (one wonder per pair, section 3)")


def _printed(sectors: Sequence[int]) -> list[int]:
    return [int(sector_key(x)) for x in sectors]
