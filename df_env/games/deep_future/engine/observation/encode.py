"""The observation of one player: a flat float32 vector in named sections, written by one compiled call.

Everything is relative to the observer (Hanabi LE style): player ``0`` in his own view is himself, ``1`` the
next seat clockwise, ``2`` the one after. Only what the observer may see is read (see :func:`encode`): the map,
tracks, tableaux, neutral line, discard pile and hand sizes are public; his own hand is his; of another player's
hand and of the deck he sees only the cards whose ``c_known`` bit is his (revealed hands R13, History R8); the
challenge pile, the deck order and the generator are never read.

The vector is a concatenation of sections (:data:`SECTION_NAMES`); :func:`observation_layout` gives each
section's offset and shape for a number of players, and :meth:`ObservationLayout.split` turns a flat vector into
a dict of views with those shapes (the same numbers, for custom policies and notebooks). Every feature lies in
[-1, 1]: counts are divided by a scale and clipped at 1 (see ``docs/envs.md`` for the full table).

Card slots (hand, tableau, neutral line, known deck top, the setup reveal, a card in the decision's context) all
use the same :data:`CARD_FEATURES`. Slot counts are capped (:data:`HAND_SLOTS`, :data:`TECH_SLOTS`,
:data:`WORLD_SLOTS`): cards beyond a cap still count in the aggregate sections (``players``, ``advancements``)
but have no slot of their own.

Example:
    >>> from df_env.games.deep_future import engine
    >>> from df_env.games.deep_future.engine.observation import observe, observation_layout
    >>> s = engine.new_game(engine.GameConfig(num_players=2), seed=0)
    >>> obs = observe(s, observer=0)
    >>> layout = observation_layout(2)
    >>> obs.shape == (layout.size,)
    True
    >>> layout.split(obs)["hand"].shape
    (12, 40)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._jit import njit
from ..model.constants import ADV_ACTION, MAX_PLAYERS, N_SECTORS, NEUTRAL, START
from ..model.decisions import (
    CTX_KIND,
    K_ACTION,
    K_ADV,
    K_BITS,
    K_CARD,
    K_CHEM,
    K_FLAG,
    K_SECTOR,
    K_SECTOR2,
    K_SUIT,
    K_VALUE,
)
from ..model.layout import (
    CHEM_SUIT,
    D_HOME_PICK,
    NUM_DECISIONS,
)
from ..model.state import State

# ---------------------------------------------------------------------------------------------- card features
CARD_FEATURES: tuple[str, ...] = (
    ("present",)
    + tuple(f"type_{t}" for t in ("blank", "world", "tech", "civilization"))
    + tuple(f"suit_{s}" for s in "SMRKHF")
    + ("number",)  # corner number / 6
    + ("sector_holder", "sector_other", "sector_empty")  # the card's sector: held by the card's holder, ...
    + tuple(f"written_{s}" for s in "SMRKHF")  # written advancements per suit / 3
    + tuple(f"open_{s}" for s in "SMRKHF")  # lines with a suit but no advancement yet, per suit / 3
    + tuple(f"does_{a}" for a in ("POWER", "SETTLE", "GROW", "ADVANCE", "BATTLE", "EXPAND", "START"))  # / 3
    + ("circled", "upkeep", "paid", "revealed", "civ_victory", "civ_suit")
)
F = len(CARD_FEATURES)
CF = {name: i for i, name in enumerate(CARD_FEATURES)}
_C_TYPE, _C_SUIT, _C_NUM, _C_SEC = CF["type_blank"], CF["suit_S"], CF["number"], CF["sector_holder"]
_C_WRITTEN, _C_OPEN, _C_DOES = CF["written_S"], CF["open_S"], CF["does_POWER"]
_C_CIRCLED, _C_UPKEEP, _C_PAID, _C_REVEALED, _C_CIV3, _C_CIV4 = (
    CF["circled"], CF["upkeep"], CF["paid"], CF["revealed"], CF["civ_victory"], CF["civ_suit"])

# ---------------------------------------------------------------------------------------------- slot caps
HAND_SLOTS = 12  # hand slots 0..11 in arrival order (the hand block of the action space)
TECH_SLOTS = 6  # tableau techs 1..6
WORLD_SLOTS = 6  # settled worlds 1..6
TABLEAU_OBS = 1 + TECH_SLOTS + WORLD_SLOTS  # homeworld, techs, settled worlds
DECK_SLOTS = 4  # the deck's top cards the observer saw with History (R8), top first
LINE_SLOTS = 6  # neutral line, corner numbers 1..6 (R21)
REVEAL_SLOTS = 5  # setup: the five cards offered for the homeworld pick (1.7)

# ---------------------------------------------------------------------------------------------- other sections
GAME_FEATURES: tuple[str, ...] = (
    tuple(f"players_{n}" for n in (1, 2, 3))
    + tuple(f"phase_{p}" for p in ("setup", "start", "action", "payment", "challenge", "victory", "over"))
    + ("turn", "era")  # turn / 100, (era - 1) / 10
    + tuple(f"taken_{a}" for a in ("POWER", "SETTLE", "GROW", "ADVANCE", "BATTLE", "EXPAND", "PLAN", "EVOKE"))
    + ("n_actions", "deck", "discard", "challenges", "variant_restart", "over", "wonders")
)
PLAYER_FEATURES: tuple[str, ...] = (
    "culture", "might", "stability", "xeno", "lost", "rehome", "hand", "techs", "worlds", "cubes", "sectors",
    "lookahead", "turn_player", "deciding", "start_player", "winner",
)
PLAYER_F = len(PLAYER_FEATURES)
# decision section: dk one-hot, then the context decoded by kind
_D_SECTOR = NUM_DECISIONS
_D_SUIT = _D_SECTOR + N_SECTORS
_D_NUMBER = _D_SUIT + 6
_D_ACTION = _D_NUMBER + 1
_D_VALUE = _D_ACTION + 8
_D_FLAG = _D_VALUE + 2
_D_BITS = _D_FLAG + 1
_D_CARD = _D_BITS + 6
DECISION_SIZE = _D_CARD + F
DECISION_PARTS = (
    ("kind", 0, NUM_DECISIONS, "pending decision D_* one-hot (layout.DECISIONS)"),
    ("sector", _D_SECTOR, N_SECTORS, "context sector one-hot (0.5: the second sector of FOOT_TO)"),
    ("suit", _D_SUIT, 6, "context suit one-hot (CIRCLE, CHALLENGE, a Chemistry suit, PAY_TRACK's advancement)"),
    ("number", _D_NUMBER, 1, "context number / 6 (a Chemistry number, PAY_TRACK's advancement)"),
    ("action", _D_ACTION, 8, "context action one-hot (PAY, BOOST)"),
    ("value", _D_VALUE, 2, "context values / 5: count range low and high, battle pairs done, tech line"),
    ("flag", _D_FLAG, 1, "context flag: HOME_PICK restart, CHEM number (not suit), ADVANCE_TARGET by EVOKE"),
    ("bits", _D_BITS, 6, "context choice bits (VICTORY types, CIV_SUIT and WONDER_SUIT suits)"),
    ("card", _D_CARD, F, "context card features (CIRCLE, PICK_LINE_SUIT, TECH_LINE, UPKEEP_PAY)"),
)
START_ADVS = np.array([0, 12, 24, 30], dtype=np.int64)  # Computation, Infrastructure, Economy, Exploration
RESOLVING_SIZE = 36 + 4 + 4  # cnt per advancement, used and bonus of the start advancements


def _map_features(n: int) -> tuple[str, ...]:
    rel = [f"p{j}" for j in range(n)]
    return (
        tuple(f"cubes_{r}" for r in rel) + ("cubes_neutral",)
        + tuple(f"home_{r}" for r in rel) + tuple(f"world_{r}" for r in rel) + ("line_world",)
        + ("wonder", "wonder_type", "wonder_suit", "mark")  # wonder: flag, (type+1)/6, (suit+1)/6 (campaign)
    )


# ---------------------------------------------------------------------------------------------- the layout
SECTION_NAMES = ("game", "decision", "resolving", "players", "map", "advancements", "discard", "hand", "tableau",
                 "opp_hands", "line", "deck_top", "reveal")
(S_GAME, S_DECISION, S_RESOLVING, S_PLAYERS, S_MAP, S_ADV, S_DISCARD, S_HAND, S_TABLEAU, S_OPP_HANDS, S_LINE,
 S_DECK, S_REVEAL) = range(len(SECTION_NAMES))

SECTION_DOCS = {
    "game": "game header: players, phase, turn, era, actions taken this turn, pile sizes",
    "decision": "the pending decision kind and its decoded context (DECISION_PARTS)",
    "resolving": "advancement instances available to the action being resolved (36, /3); start advancements "
                 "Computation, Infrastructure, Economy, Exploration used (4) and granted by consumption (4), /3",
    "players": "per player, observer first: tracks, status, sizes, whose turn",
    "map": "per sector 0..36 (0 = black hole): cubes per owner (players observer first, then neutral) / 5, "
           "homeworlds, settled worlds, neutral-line worlds, wonder (flag, type, suit), scratch mark",
    "advancements": "per player, observer first: written advancements (36, /3) on homeworld+techs, then on "
                    "settled worlds",
    "discard": "discard pile counts per suit (6), type (4), number (6), / 12",
    "hand": "observer's hand slots 0..11 in arrival order (card features)",
    "tableau": "per player, observer first: homeworld, techs 1..6, settled worlds 1..6 (card features)",
    "opp_hands": "per other player: hand slots 0..11, 'present' for every held card, the rest only for cards the "
                 "observer knows (revealed hands, R13)",
    "line": "neutral line: the world with corner number k+1 (R21)",
    "deck_top": "the deck's top cards the observer saw with History (R8), top first",
    "reveal": "setup: the five cards offered for the homeworld pick (only during HOME_PICK)",
}


@dataclass(frozen=True)
class Section:
    """One named part of the flat observation."""

    name: str
    offset: int
    shape: tuple[int, ...]
    features: tuple[str, ...]
    doc: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


@dataclass(frozen=True)
class ObservationLayout:
    """Where each section lies in the flat observation of an ``num_players`` game."""

    num_players: int
    sections: tuple[Section, ...]
    size: int

    def section(self, name: str) -> Section:
        for sec in self.sections:
            if sec.name == name:
                return sec
        allowed = ", ".join(s.name for s in self.sections)
        raise KeyError(f"no observation section {name!r} for {self.num_players} players; sections: {allowed}")

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """The sections of a flat observation (or of a batch ``(..., size)``) as views with their shapes."""
        lead = flat.shape[:-1]
        return {s.name: flat[..., s.offset:s.offset + s.size].reshape(lead + s.shape) for s in self.sections}

    def join(self, parts: dict[str, np.ndarray]) -> np.ndarray:
        """The flat vector of a dict of sections (inverse of :meth:`split`)."""
        return np.concatenate([np.asarray(parts[s.name], dtype=np.float32).reshape(-1) for s in self.sections])


def _build_layout(n: int) -> ObservationLayout:
    shapes: list[tuple[str, tuple[int, ...], tuple[str, ...]]] = [
        ("game", (len(GAME_FEATURES),), GAME_FEATURES),
        ("decision", (DECISION_SIZE,), tuple(p[0] for p in DECISION_PARTS)),
        ("resolving", (RESOLVING_SIZE,), ("cnt", "used", "bonus")),
        ("players", (n, len(PLAYER_FEATURES)), PLAYER_FEATURES),
        ("map", (N_SECTORS, len(_map_features(n))), _map_features(n)),
        ("advancements", (n, 2, 36), ("tableau", "worlds")),
        ("discard", (16,), ("suits", "types", "numbers")),
        ("hand", (HAND_SLOTS, F), CARD_FEATURES),
        ("tableau", (n, TABLEAU_OBS, F), CARD_FEATURES),
        ("opp_hands", (n - 1, HAND_SLOTS, F), CARD_FEATURES),
        ("line", (LINE_SLOTS, F), CARD_FEATURES),
        ("deck_top", (DECK_SLOTS, F), CARD_FEATURES),
        ("reveal", (REVEAL_SLOTS, F), CARD_FEATURES),
    ]
    sections, off = [], 0
    for name, shape, feats in shapes:
        if int(np.prod(shape)) == 0:
            continue  # no opp_hands in a solo game
        sections.append(Section(name, off, shape, feats, SECTION_DOCS[name]))
        off += int(np.prod(shape))
    return ObservationLayout(n, tuple(sections), off)


LAYOUTS: dict[int, ObservationLayout] = {n: _build_layout(n) for n in range(1, MAX_PLAYERS + 1)}
# OFFSETS[n, section] for compiled code (-1: section absent)
OFFSETS = np.full((MAX_PLAYERS + 1, len(SECTION_NAMES)), -1, dtype=np.int64)
for _n, _lay in LAYOUTS.items():
    for _sec in _lay.sections:
        OFFSETS[_n, SECTION_NAMES.index(_sec.name)] = _sec.offset
SIZES = np.array([0] + [LAYOUTS[n].size for n in range(1, MAX_PLAYERS + 1)], dtype=np.int64)
MAP_F = np.array([0] + [len(_map_features(n)) for n in range(1, MAX_PLAYERS + 1)], dtype=np.int64)


def observation_layout(num_players: int) -> ObservationLayout:
    """The layout of the observation in a game of ``num_players`` (1, 2 or 3)."""
    if num_players not in LAYOUTS:
        raise ValueError(f"num_players must be 1, 2 or 3, got {num_players!r}")
    return LAYOUTS[num_players]


# context kinds: CTX_KIND[dk] = the K_* kinds of (ctx[0], ctx[1]), from the decision catalogue (model/decisions.py)
# the action column of each advancement as a does_* feature index (START -> 6, PLAN/EVOKE none -> -1)
ADV_DOES = np.array([6 if a == START else (a if a < 6 else -1) for a in ADV_ACTION], dtype=np.int64)


# ---------------------------------------------------------------------------------------------- compiled
@njit
def _clip(x):
    return min(max(x, -1.0), 1.0)


@njit
def _rel(p, me, n):
    """Seat p seen by observer me: 0 himself, 1 the next seat clockwise, ..."""
    return (p - me + n) % n


@njit
def _card(s, c, holder, me, out, o):
    """Card features of card c (held by ``holder``, -1 none) at out[o:o+F]."""
    t = s["c_type"][c]
    out[o] = 1.0
    out[o + _C_TYPE + t] = 1.0
    out[o + _C_SUIT + s["c_suit"][c]] = 1.0
    out[o + _C_NUM] = s["c_num"][c] / 6.0
    x = s["c_sector"][c]
    if x >= 0 and t != 2:
        if s["cubes"][x] == 0:
            out[o + _C_SEC + 2] = 1.0
        elif s["owner"][x] == (holder if holder >= 0 else me):
            out[o + _C_SEC] = 1.0
        else:
            out[o + _C_SEC + 1] = 1.0
    for k in range(3):
        suit = s["c_slot_suit"][c, k]
        num = s["c_slot_num"][c, k]
        if suit < 0:
            continue
        if num > 0:
            out[o + _C_WRITTEN + suit] += 1.0 / 3.0
            d = ADV_DOES[6 * suit + num - 1]
            if d >= 0:
                out[o + _C_DOES + d] += 1.0 / 3.0
        else:
            out[o + _C_OPEN + suit] += 1.0 / 3.0
    m = s["c_circled"][c]
    out[o + _C_CIRCLED] = ((m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)) / 3.0
    out[o + _C_UPKEEP] = s["c_upkeep"][c] / 3.0
    out[o + _C_PAID] = s["c_paid"][c]
    if (s["c_known"][c] & ~(1 << me)) != 0:
        out[o + _C_REVEALED] = 1.0
    if t == 3:  # civilization cards only: saves two memory reads per card
        out[o + _C_CIV3] = (s["c_civ3"][c] + 1) / 6.0
        out[o + _C_CIV4] = (s["c_civ4"][c] + 1) / 6.0


@njit
def _game(s, me, n, out, o):
    out[o + n - 1] = 1.0
    out[o + 3 + s["phase"]] = 1.0
    out[o + 10] = min(s["turn"] / 100.0, 1.0)
    out[o + 11] = min((s["era"] - 1) / 10.0, 1.0)
    for a in range(8):
        if (s["acts"] >> a) & 1:
            out[o + 12 + a] = 1.0
    out[o + 20] = s["n_acts"] / 2.0
    out[o + 21] = min(s["deck_n"] / 64.0, 1.0)
    out[o + 22] = min(s["discard_n"] / 64.0, 1.0)
    out[o + 23] = min(s["chal_n"] / 8.0, 1.0)
    out[o + 24] = s["variant_restart"]
    out[o + 25] = s["over"]
    w = 0
    for x in range(N_SECTORS):
        if s["wonder"][x] >= 0:
            w += 1
    out[o + 26] = min(w / 4.0, 1.0)


@njit
def _context(s, kind, v, me, n, out, o):
    if kind == K_CARD:
        if v >= 0:
            _card(s, v, me, me, out, o + _D_CARD)
    elif kind == K_SECTOR:
        if 0 <= v < N_SECTORS:
            out[o + _D_SECTOR + v] = 1.0
    elif kind == K_SECTOR2:
        if 0 <= v < N_SECTORS:
            out[o + _D_SECTOR + v] = 0.5
    elif kind == K_SUIT:
        if 0 <= v < 6:
            out[o + _D_SUIT + v] = 1.0
    elif kind == K_ACTION:
        if 0 <= v < 8:
            out[o + _D_ACTION + v] = 1.0
    elif kind == K_ADV:
        if 0 <= v < 36:
            out[o + _D_SUIT + v // 6] = 1.0
            out[o + _D_NUMBER] = (v % 6 + 1) / 6.0
    else:
        _context_flags(s, kind, v, out, o)


@njit
def _context_flags(s, kind, v, out, o):
    """The context kinds that are flags, bit sets or Chemistry's draw."""
    if kind == K_FLAG:
        out[o + _D_FLAG] = 1.0 if v == 1 else 0.0
    elif kind == K_BITS:
        for i in range(6):
            if (v >> i) & 1:
                out[o + _D_BITS + i] = 1.0
    elif kind == K_CHEM:  # the value drawn: a suit or a number (ctx0)
        if s["ctx"][0] == CHEM_SUIT:
            if 0 <= v < 6:
                out[o + _D_SUIT + v] = 1.0
        else:
            out[o + _D_NUMBER] = min(v / 6.0, 1.0)


@njit
def _decision(s, me, n, out, o):
    dk = s["dk"]
    if dk <= 0 or s["over"]:
        return
    out[o + dk] = 1.0
    nv = 0
    for k in range(2):
        kind = CTX_KIND[dk, k]
        v = s["ctx"][k]
        if kind == K_VALUE:
            out[o + _D_VALUE + nv] = _clip(v / 5.0)
            nv += 1
        else:
            _context(s, kind, v, me, n, out, o)


@njit
def _resolving(s, out, o):
    for a in range(36):
        out[o + a] = _clip(s["cnt"][a] / 3.0)
    for i in range(4):
        a = START_ADVS[i]
        out[o + 36 + i] = _clip(s["used"][a] / 3.0)
        out[o + 40 + i] = _clip(s["bonus"][a] / 3.0)


@njit
def _players(s, me, n, out, o):
    nf = PLAYER_F
    for x in range(1, N_SECTORS):  # cubes and sectors per player, counted in place (one pass over the map)
        w = s["owner"][x]
        if s["cubes"][x] > 0 and 0 <= w < n:
            q = o + _rel(w, me, n) * nf
            out[q + 9] += s["cubes"][x]
            out[q + 10] += 1.0
    for p in range(n):
        q = o + _rel(p, me, n) * nf
        out[q] = s["tracks"][p, 0] / 12.0
        for t in range(1, 4):
            out[q + t] = s["tracks"][p, t] / 6.0
        out[q + 4] = s["lost"][p]
        out[q + 5] = s["rehome"][p]
        out[q + 6] = min(s["hand_n"][p] / 10.0, 1.0)
        out[q + 7] = min(s["techs_n"][p] / 8.0, 1.0)
        out[q + 8] = min(s["worlds_n"][p] / 8.0, 1.0)
        out[q + 9] = min(out[q + 9] / 25.0, 1.0)
        out[q + 10] = min(out[q + 10] / 12.0, 1.0)
        out[q + 11] = min(s["lookahead"][p] / 6.0, 1.0)
        out[q + 12] = 1.0 if s["cur"] == p else 0.0
        out[q + 13] = 1.0 if (s["dplayer"] == p and not s["over"] and s["dk"] > 0) else 0.0
        out[q + 14] = 1.0 if s["start_player"] == p else 0.0
        out[q + 15] = 1.0 if s["winner"] == p else 0.0


@njit
def _map(s, me, n, out, o):
    mf = MAP_F[n]
    for x in range(N_SECTORS):
        q = o + x * mf
        c = s["cubes"][x]
        if c > 0:
            w = s["owner"][x]
            ch = n if w == NEUTRAL else _rel(w, me, n)
            out[q + ch] = c / 5.0
        v = s["wonder"][x]
        if v >= 0:
            out[q + 3 * n + 2] = 1.0
            out[q + 3 * n + 3] = (v + 1) / 6.0
            out[q + 3 * n + 4] = (s["wonder_suit"][x] + 1) / 6.0
        if s["mark"][x] != 0:
            out[q + 3 * n + 5] = 1.0
    for p in range(n):
        j = _rel(p, me, n)
        h = s["home"][p]
        if h >= 0 and s["c_sector"][h] >= 0:
            out[o + s["c_sector"][h] * mf + n + 1 + j] = 1.0
        for i in range(s["worlds_n"][p]):
            x = s["c_sector"][s["worlds"][p, i]]
            if x >= 0:
                out[o + x * mf + 2 * n + 1 + j] = 1.0
    for k in range(6):
        c = s["line"][k]
        if c >= 0 and s["c_sector"][c] >= 0:
            out[o + s["c_sector"][c] * mf + 3 * n + 1] = 1.0


@njit
def _adv_card(s, c, out, q):
    for k in range(3):
        num = s["c_slot_num"][c, k]
        if num > 0:
            a = 6 * s["c_slot_suit"][c, k] + num - 1
            out[q + a] = min(out[q + a] + 1.0 / 3.0, 1.0)


@njit
def _advancements(s, me, n, out, o):
    for p in range(n):
        q = o + _rel(p, me, n) * 72
        if s["home"][p] >= 0:
            _adv_card(s, s["home"][p], out, q)
        for i in range(s["techs_n"][p]):
            _adv_card(s, s["techs"][p, i], out, q)
        for i in range(s["worlds_n"][p]):
            _adv_card(s, s["worlds"][p, i], out, q + 36)


@njit
def _discard(s, out, o):
    for i in range(s["discard_n"]):
        c = s["discard"][i]
        out[o + s["c_suit"][c]] += 1.0 / 12.0
        out[o + 6 + s["c_type"][c]] += 1.0 / 12.0
        out[o + 10 + s["c_num"][c] - 1] += 1.0 / 12.0
    for i in range(16):
        out[o + i] = min(out[o + i], 1.0)


@njit
def _tableau(s, me, n, out, o):
    size = TABLEAU_OBS * F
    for p in range(n):
        q = o + _rel(p, me, n) * size
        if s["home"][p] >= 0:
            _card(s, s["home"][p], p, me, out, q)
        for i in range(min(s["techs_n"][p], TECH_SLOTS)):
            _card(s, s["techs"][p, i], p, me, out, q + (1 + i) * F)
        for i in range(min(s["worlds_n"][p], WORLD_SLOTS)):
            _card(s, s["worlds"][p, i], p, me, out, q + (1 + TECH_SLOTS + i) * F)


@njit
def _hands(s, me, n, out, o_hand, o_opp):
    for i in range(min(s["hand_n"][me], HAND_SLOTS)):
        _card(s, s["hand"][me, i], me, me, out, o_hand + i * F)
    bit = 1 << me
    for p in range(n):
        if p == me:
            continue
        q = o_opp + (_rel(p, me, n) - 1) * HAND_SLOTS * F
        for i in range(min(s["hand_n"][p], HAND_SLOTS)):
            c = s["hand"][p, i]
            if s["c_known"][c] & bit:
                _card(s, c, p, me, out, q + i * F)
            else:
                out[q + i * F] = 1.0  # a card is there; what it is, the observer does not know


@njit
def _piles(s, me, out, o_line, o_deck, o_reveal):
    for k in range(LINE_SLOTS):
        if s["line"][k] >= 0:
            _card(s, s["line"][k], -1, me, out, o_line + k * F)
    bit = 1 << me
    for i in range(min(DECK_SLOTS, s["deck_n"])):
        c = s["deck"][s["deck_n"] - 1 - i]
        if not s["c_known"][c] & bit:
            break  # known deck cards are always the top ones (cards leave the deck only from the top)
        _card(s, c, -1, me, out, o_deck + i * F)
    if s["dk"] == D_HOME_PICK and not s["over"]:
        for i in range(REVEAL_SLOTS):
            if s["reveal"][i] >= 0:
                _card(s, s["reveal"][i], -1, me, out, o_reveal + i * F)


@njit
def encode(s, me, out):
    """Write the observation of player ``me`` of state record ``s`` into ``out`` (float32, length
    ``SIZES[n_players]``), zeroing it first."""
    n = s["n_players"]
    out[:] = 0.0
    offs = OFFSETS[n]
    _game(s, me, n, out, offs[S_GAME])
    _decision(s, me, n, out, offs[S_DECISION])
    _resolving(s, out, offs[S_RESOLVING])
    _players(s, me, n, out, offs[S_PLAYERS])
    _map(s, me, n, out, offs[S_MAP])
    _advancements(s, me, n, out, offs[S_ADV])
    _discard(s, out, offs[S_DISCARD])
    _tableau(s, me, n, out, offs[S_TABLEAU])
    _hands(s, me, n, out, offs[S_HAND], offs[S_OPP_HANDS])
    _piles(s, me, out, offs[S_LINE], offs[S_DECK], offs[S_REVEAL])


@njit
def encode_arr(a, me, out):
    """:func:`encode` of ``a[0]`` (how Python hands a state record to compiled code)."""
    encode(a[0], me, out)


@njit
def encode_batch(states, players, out):
    """Observations of ``states[i]`` for ``players[i]`` into ``out[i]``."""
    for i in range(states.shape[0]):
        encode(states[i], players[i], out[i])


# ---------------------------------------------------------------------------------------------- Python API
def observe(state: State, observer: int, out: np.ndarray | None = None) -> np.ndarray:
    """The flat float32 observation of ``observer`` (a seat 0..n-1); written into ``out`` when given."""
    n = int(state["n_players"])
    if not 0 <= observer < n:
        raise ValueError(f"observer must be a seat 0..{n - 1}, got {observer!r}")
    if out is None:
        out = np.empty(LAYOUTS[n].size, dtype=np.float32)
    elif out.shape != (LAYOUTS[n].size,) or out.dtype != np.float32:
        raise ValueError(f"out must be a float32 array of shape ({LAYOUTS[n].size},), got {out.dtype} {out.shape}")
    encode_arr(state.reshape(1), observer, out)
    return out


def observe_dict(state: State, observer: int) -> dict[str, np.ndarray]:
    """The observation of ``observer`` as a dict of named sections (views of one fresh flat vector)."""
    return LAYOUTS[int(state["n_players"])].split(observe(state, observer))


def layout_table(num_players: int) -> str:
    """The layout as a Markdown table (section, offset, shape, size, meaning), as in ``docs/envs.md``."""
    layout = observation_layout(num_players)
    rows = ["| section | offset | shape | size | meaning |", "|---|---:|---|---:|---|"]
    for s in layout.sections:
        rows.append(f"| `{s.name}` | {s.offset} | {s.shape} | {s.size} | {s.doc} |")
    rows.append(f"| total | | | {layout.size} | |")
    return "\n".join(rows)


def features_table() -> str:
    """The per-card features and per-section feature names as Markdown (for ``docs/envs.md``)."""
    rows = ["| index | card feature |", "|---:|---|"]
    rows += [f"| {i} | `{name}` |" for i, name in enumerate(CARD_FEATURES)]
    return "\n".join(rows)
