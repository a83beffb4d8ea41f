"""Reading a position (a JSON-like dict, see ``docs/position_format.md``) into a state, with validation.

:func:`read_position` checks every field (types, ranges, names, capacities), that every card of the pool lies in
exactly one place, and then either restores the exact engine state (an ``"engine"`` section) or builds the
procedure stack for the hand-written resume point ``"at"`` and runs the engine to the first decision.
The public entry points are in :mod:`df_env.games.deep_future.engine.io.position`.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..kernels import fill_mask_arr, run_arr
from ..model.constants import (
    CAPACITY_TIERS,
    MAX_CHALLENGES,
    MAX_CUBES,
    MAX_EVENTS,
    MAX_FRAMES,
    MAX_HAND,
    MAX_PLAYERS,
    MAX_POOL,
    MAX_TECHS,
    MAX_WORLDS,
    N_HISTORY,
    N_REGS,
    SUIT_LETTERS,
    TECH,
    TRACK_MAX,
    TRACK_MIN,
    WORLD,
)
from ..model.layout import PH_ACTION, PH_CHALLENGE, PH_PAYMENT, PH_START
from ..model.rng import seed_words
from ..model.state import capacity, empty_state, tier_for
from ..rules.endturn import GENERATED_SUIT
from ..rules.frames import P_GAME, P_TURN
from .position_schema import (
    ACTIONS,
    BLOCKS,
    CARD_TYPES,
    DECISION_NAMES,
    EVENT_CODES,
    FORMAT,
    INT8,
    INT16,
    PHASES,
    PROCS,
    SUITS,
    TRACKS,
    VARIANTS,
    VERSION,
    Node,
    PositionError,
    is_int,
)

TOP_KEYS = ("format", "version", "at", "seed", "header", "map", "cards", "piles", "players", "turn", "engine")
HEADER_KEYS = ("players", "variant", "era", "turn", "current", "start_player", "phase", "winner", "victory", "over",
               "capacity")
CARD_KEYS = ("id", "num", "suit", "type", "sector", "era", "name", "lines", "upkeep", "civ_victory", "civ_suit",
             "history", "known_by", "paid")
LINE_KEYS = ("suit", "num", "name", "circled")
SECTOR_KEYS = ("cubes", "owner", "wonder", "wonder_suit", "name")
PILE_KEYS = ("deck", "discard", "challenges", "line", "reveal", "held")
PLAYER_KEYS = ("hand", "homeworld", "techs", "worlds", "tracks", "lost", "lookahead", "rehome")
TURN_KEYS = ("actions_taken", "n_actions", "start_used", "bonus")
ENGINE_KEYS = ("rng", "decision", "answer", "stack", "stale_frames", "cnt", "mark", "events", "events_dropped",
               "stale_events")
NAME_MAX = 2**31 - 1

# Where play resumes in a hand-written position: the procedure stack (proc, stage) bottom first, and the phase.
# P_GAME stage 2 starts the current player's turn; stage 3 is "his turn is running"; P_TURN's stages are in
# flow.proc_turn (1 start-phase decision, 4 action decision, 6 payment phase, 8 challenge phase).
AT: dict[str, tuple[tuple[tuple[int, int], ...], int]] = {
    "turn_start": (((P_GAME, 2),), PH_START),
    "start_phase": (((P_GAME, 3), (P_TURN, 1)), PH_START),
    "action": (((P_GAME, 3), (P_TURN, 4)), PH_ACTION),
    "payment": (((P_GAME, 3), (P_TURN, 6)), PH_PAYMENT),
    "challenge": (((P_GAME, 3), (P_TURN, 8)), PH_CHALLENGE),
}
AT_NAMES = tuple(AT)


def read_position(data: Any) -> np.ndarray:
    """A validated state (0-d array of STATE_DTYPE) from a position dict; raises PositionError (only)."""
    try:
        return _read_position(data)
    except PositionError:
        raise
    except RecursionError:
        raise PositionError("the position is nested too deeply to be a position (see docs/position_format.md)") \
            from None
    except (TypeError, ValueError, KeyError, IndexError, OverflowError, AttributeError) as e:
        # a last line of defence: every known malformation is reported by the field checks above
        raise PositionError(f"malformed position ({type(e).__name__}: {e}); see docs/position_format.md for "
                            f"the fields and their allowed values") from None


def _read_position(data: Any) -> np.ndarray:
    top = Node(data, "").fields(TOP_KEYS, required=("format", "version", "header", "players"))
    _check_format(top)
    s = empty_state(_capacity(top))
    n = _read_header(s, top["header"])
    if "cards" in top:
        _read_cards(s, top["cards"], n)
    if "map" in top:
        _read_map(s, top["map"], n)
    places = _Places(int(s["n_cards"]))
    if "piles" in top:
        _read_piles(s, top["piles"], places)
    _read_players(s, top["players"], n, places)
    places.check_all_placed()
    _check_upkeep_holders(s, places)
    if "turn" in top:
        _read_turn(s, top["turn"])
    if "engine" in top:
        _read_engine(s, top)
    else:
        _start_at(s, top)
    return s


def _check_format(top: dict[str, Node]) -> None:
    if top["format"].value != FORMAT:
        raise top["format"].error(f'{json.dumps(top["format"].value, default=repr)} is not "{FORMAT}"')
    v = top["version"].int(-(2**31), 2**31 - 1)
    if v > VERSION:
        raise top["version"].error(f"written by a newer format version {v}; this df_env reads version {VERSION}")
    if v < 1:
        raise top["version"].error(f"{v} is not a format version (this df_env reads version {VERSION})")


# ---------------------------------------------------------------------------------------------- header
def _capacity(top: dict[str, Node]) -> int:
    """The capacity tier of the state: ``header.capacity`` if given, else the tier the cards get (tier_for)."""
    n = len(top["cards"].items(MAX_POOL, "cards", "MAX_POOL")) if "cards" in top else 0
    h = top["header"].fields(HEADER_KEYS, required=("players",))
    if "capacity" not in h:
        return tier_for(n)
    node = h["capacity"]
    tiers = ", ".join(map(str, CAPACITY_TIERS))
    if not is_int(node.value) or node.value not in CAPACITY_TIERS:
        raise node.error(f"{json.dumps(node.value, default=repr)} is not a capacity tier ({tiers}; or leave it out)")
    if n > node.value:
        raise node.error(f"{n} cards do not fit in capacity {node.value} (a tier of {tiers}; or leave it out)")
    return int(node.value)


def _read_header(s: np.ndarray, node: Node) -> int:
    h = node.fields(HEADER_KEYS, required=("players",))
    n = h["players"].int(1, MAX_PLAYERS)
    s["n_players"] = n
    if "variant" in h:
        s["variant_restart"] = h["variant"].choice(VARIANTS, "a variant")
        if s["variant_restart"] and n == 1:
            raise h["variant"].error('"restart" (R24) needs 2 or 3 players')
    s["era"] = h["era"].int(0, INT16[1]) if "era" in h else 1
    s["turn"] = h["turn"].int(0, 2**31 - 1) if "turn" in h else 0
    for key, field in (("current", "cur"), ("start_player", "start_player"), ("winner", "winner")):
        if key in h:
            s[field] = h[key].opt_int(0, n - 1)
    if "phase" in h:
        s["phase"] = h["phase"].choice(PHASES, "a phase")
    if "victory" in h:
        s["victory"] = h["victory"].victory()
    if "over" in h:
        s["over"] = h["over"].bool()
    return n


# ---------------------------------------------------------------------------------------------- cards
def _read_cards(s: np.ndarray, node: Node, n_players: int) -> None:
    cards = node.items(capacity(s), "cards", "the capacity")
    s["n_cards"] = len(cards)
    for c, card in enumerate(cards):
        if isinstance(card.value, str):
            _read_card_short(s, c, card)
        else:
            _read_card(s, c, card, len(cards), n_players)


def _read_card_short(s: np.ndarray, c: int, node: Node) -> None:
    """``"K3"``: a blank card with corner suit K and number 3."""
    v = node.value
    if len(v) != 2 or v[0] not in SUIT_LETTERS or v[1] not in "123456":
        raise node.error(f'"{v}" is not a card: write an object, or a blank card as suit letter and corner number '
                         'such as "K3"')
    s["c_suit"][c] = SUIT_LETTERS.index(v[0])
    s["c_num"][c] = int(v[1])
    s["c_era"][c] = 0


def _read_card(s: np.ndarray, c: int, node: Node, n_cards: int, n_players: int) -> None:
    f = node.fields(CARD_KEYS, required=("num", "suit"))
    if "id" in f and f["id"].value != c:
        raise f["id"].error(f"{f['id'].value!r} is not this card's id: cards are listed by id, this is card {c}")
    s["c_num"][c] = f["num"].int(1, 6)
    s["c_suit"][c] = f["suit"].choice(SUITS, "a suit")
    s["c_type"][c] = f["type"].choice(CARD_TYPES, "a card type") if "type" in f else 0
    s["c_sector"][c] = -1 if "sector" not in f or f["sector"].value is None else f["sector"].sector()
    s["c_era"][c] = f["era"].int(0, INT16[1]) if "era" in f else 0
    s["c_name"][c] = f["name"].opt_int(0, NAME_MAX) if "name" in f else -1
    if "lines" in f:
        _read_lines(s, c, f["lines"])
    s["c_upkeep"][c] = f["upkeep"].int(0, 3) if "upkeep" in f else 0
    if "civ_victory" in f:
        s["c_civ3"][c] = f["civ_victory"].victory()
    if "civ_suit" in f:
        s["c_civ4"][c] = f["civ_suit"].opt_choice(SUITS, "a suit")
    if "history" in f:
        for k, h in enumerate(f["history"].items(N_HISTORY, "history cards")):
            s["c_hist"][c, k] = -1 if h.value is None else _card_id(h, n_cards)
    if "known_by" in f:
        for p in f["known_by"].items(MAX_PLAYERS, "players"):
            s["c_known"][c] |= 1 << p.int(0, n_players - 1)
    s["c_paid"][c] = f["paid"].bool() if "paid" in f else 0


def _read_lines(s: np.ndarray, c: int, node: Node) -> None:
    for k, line in enumerate(node.items(3, "advancement lines")):
        if line.value is None:
            continue
        if isinstance(line.value, str):
            suit, num, circled = _line_short(line)
        else:
            suit, num, circled = _line_object(line)
        s["c_slot_suit"][c, k] = suit
        s["c_slot_num"][c, k] = num
        s["c_circled"][c] |= circled << k


def _line_short(node: Node) -> tuple[int, int, int]:
    """``"K4"``: advancement K4 written, not circled; ``"K"``: a tech line of suit K with nothing written yet."""
    v = node.value
    if len(v) == 1 and v in SUIT_LETTERS:
        return SUIT_LETTERS.index(v), 0, 0
    adv = node.advancement()
    return adv // 6, adv % 6 + 1, 0


def _line_object(node: Node) -> tuple[int, int, int]:
    f = node.fields(LINE_KEYS)
    suit = f["suit"].opt_choice(SUITS, "a suit") if "suit" in f else -1
    num = f["num"].int(0, 6) if "num" in f else 0
    if num and suit < 0:
        raise node.error("an advancement number needs its suit")
    if "name" in f:
        expected = f"{SUIT_LETTERS[suit]}{num}" if num else None
        adv = f["name"].advancement()
        if expected is None or adv != 6 * suit + num - 1:
            from ..model.constants import ADV_NAMES

            has = f"{expected} ({ADV_NAMES[6 * suit + num - 1]})" if expected else "an empty line"
            raise f["name"].error(f"{f['name'].value!r} does not match {has}")
    circled = int(f["circled"].bool()) if "circled" in f else 0
    return suit, num, circled


def _card_id(node: Node, n_cards: int) -> int:
    v = node.value
    if not is_int(v):
        raise node.error(f"expected a card id (0..{n_cards - 1}), got {json.dumps(v, default=repr)}")
    if not 0 <= v < n_cards:
        raise node.error(f"card {v} does not exist (the pool has {n_cards} cards)")
    return int(v)


# ---------------------------------------------------------------------------------------------- map
def _read_map(s: np.ndarray, node: Node, n_players: int) -> None:
    for key, sec in node.entries():
        x = Node(key, sec.path).sector()
        f = sec.fields(SECTOR_KEYS)
        cubes = f["cubes"].int(0, MAX_CUBES) if "cubes" in f else 0
        if cubes and "owner" not in f:
            raise sec.error(f'{cubes} cubes need an "owner" (a player 0..{n_players - 1} or "N" for neutral)')
        if "owner" in f and not cubes:
            raise f["owner"].error("an empty sector has no owner (give cubes 1..5 or drop the owner)")
        s["cubes"][x] = cubes
        if cubes:
            s["owner"][x] = f["owner"].owner(n_players)
        if ("wonder" in f) != ("wonder_suit" in f):
            raise sec.error('a wonder needs both "wonder" (its victory type) and "wonder_suit"')
        if "wonder" in f:
            s["wonder"][x] = f["wonder"].victory()
            s["wonder_suit"][x] = f["wonder_suit"].choice(SUITS, "a suit")
        if "name" in f:
            s["sector_name"][x] = f["name"].opt_int(0, NAME_MAX)


# ---------------------------------------------------------------------------------------------- places
_PLACES = ("piles.deck, piles.discard, piles.challenges, piles.line, piles.held, or a player's hand, homeworld, "
           "techs or worlds")


class _Places:
    """Where each card lies; a card may lie in exactly one place."""

    def __init__(self, n_cards: int) -> None:
        self.n_cards = n_cards
        self.where: dict[int, str] = {}

    def put(self, node: Node) -> int:
        c = _card_id(node, self.n_cards)
        if c in self.where:
            raise node.error(f"card {c} is already in {self.where[c]} (every card lies in exactly one place)")
        self.where[c] = node.path
        return c

    def pile(self, out: np.ndarray, node: Node, max_len: int, what: str, limit: str = "") -> int:
        """The cards of a list into ``out`` (first element first); returns how many."""
        items = node.items(max_len, what, limit)
        for i, item in enumerate(items):
            out[i] = self.put(item)
        return len(items)

    def check_all_placed(self) -> None:
        for c in range(self.n_cards):
            if c not in self.where:
                raise PositionError(f"cards[{c}]: card {c} lies nowhere (put it in {_PLACES})")


def _read_piles(s: np.ndarray, node: Node, places: _Places) -> None:
    f = node.fields(PILE_KEYS)
    if "deck" in f:
        s["deck_n"] = places.pile(s["deck"], f["deck"], capacity(s), "cards")
    if "discard" in f:
        s["discard_n"] = places.pile(s["discard"], f["discard"], capacity(s), "cards")
    if "challenges" in f:
        items = f["challenges"].items(MAX_CHALLENGES, "challenges", "MAX_CHALLENGES")
        for i, item in enumerate(items):
            s["chal"][i] = _challenge(item, places)
        s["chal_n"] = len(items)
    if "line" in f:
        _read_line(s, f["line"], places)
    if "reveal" in f:
        for i, item in enumerate(f["reveal"].items(5, "cards")):
            s["reveal"][i] = -1 if item.value is None else _card_id(item, places.n_cards)
    if "held" in f:
        for item in f["held"].items(capacity(s), "cards"):
            places.put(item)


def _challenge(node: Node, places: _Places) -> int:
    """A challenge card id, or ``{"suit": "K"}`` for a challenge with no card behind it (R7)."""
    if isinstance(node.value, dict):
        return GENERATED_SUIT - node.fields(("suit",), required=("suit",))["suit"].choice(SUITS, "a suit")
    return places.put(node)


def _read_line(s: np.ndarray, node: Node, places: _Places) -> None:
    for key, item in node.entries():
        if key not in "123456" or len(key) != 1:
            raise item.error(f'"{key}" is not a corner number (the line is keyed "1".."6")')
        c = places.put(item)
        if s["c_type"][c] != WORLD or s["c_sector"][c] < 0:
            raise item.error(f"card {c} is not a world with a sector (the neutral line holds worlds)")
        if s["c_num"][c] != int(key):
            raise item.error(f"card {c} has corner number {s['c_num'][c]}: a line world lies under its own number")
        s["line"][int(key) - 1] = c


# ---------------------------------------------------------------------------------------------- players
def _read_players(s: np.ndarray, node: Node, n: int, places: _Places) -> None:
    players = node.items()
    if len(players) != n:
        raise node.error(f"{len(players)} players listed, header.players says {n}")
    for p, player in enumerate(players):
        _read_player(s, p, player, places)


def _read_player(s: np.ndarray, p: int, node: Node, places: _Places) -> None:
    f = node.fields(PLAYER_KEYS)
    if "hand" in f:
        s["hand_n"][p] = places.pile(s["hand"][p], f["hand"], MAX_HAND, "cards", "MAX_HAND")
    if "homeworld" in f and f["homeworld"].value is not None:
        s["home"][p] = places.put(f["homeworld"])
        _check_world(s, f["homeworld"], s["home"][p])
    if "techs" in f:
        s["techs_n"][p] = places.pile(s["techs"][p], f["techs"], MAX_TECHS, "techs", "MAX_TECHS")
        for i, t in enumerate(f["techs"].items()):
            if s["c_type"][s["techs"][p, i]] != TECH:
                raise t.error(f"card {t.value} is not a tech (the upper row of the tableau holds techs)")
    if "worlds" in f:
        s["worlds_n"][p] = places.pile(s["worlds"][p], f["worlds"], MAX_WORLDS, "worlds", "MAX_WORLDS")
        for i, w in enumerate(f["worlds"].items()):
            _check_world(s, w, s["worlds"][p, i])
    if "tracks" in f:
        _read_tracks(s, p, f["tracks"])
    s["lost"][p] = f["lost"].bool() if "lost" in f else 0
    s["lookahead"][p] = f["lookahead"].int(0, INT8[1]) if "lookahead" in f else 0
    s["rehome"][p] = f["rehome"].bool() if "rehome" in f else 0


def _check_upkeep_holders(s: np.ndarray, places: _Places) -> None:
    """Upkeep cubes and the paid mark belong to homeworlds and tableau techs only (R18)."""
    holders = {int(h) for h in s["home"] if h >= 0}
    for p in range(int(s["n_players"])):
        holders.update(int(t) for t in s["techs"][p, : s["techs_n"][p]])
    for c in range(int(s["n_cards"])):
        for field, key in (("c_upkeep", "upkeep"), ("c_paid", "paid")):
            if s[field][c] and c not in holders:
                raise PositionError(f"cards[{c}].{key}: card {c} lies in {places.where[c]}, but upkeep cubes and the "
                                    "paid mark belong to a homeworld or a tableau tech (R18)")


def _check_world(s: np.ndarray, node: Node, c: int) -> None:
    if s["c_type"][c] != WORLD or s["c_sector"][c] < 0:
        raise node.error(f"card {c} is not a world with a sector (homeworlds and settled worlds are worlds)")


def _read_tracks(s: np.ndarray, p: int, node: Node) -> None:
    f = node.fields(TRACKS)
    for t, letter in enumerate(TRACKS):
        if letter in f:
            s["tracks"][p, t] = f[letter].int(int(TRACK_MIN[t]), int(TRACK_MAX[t]))


# ---------------------------------------------------------------------------------------------- the turn
def _read_turn(s: np.ndarray, node: Node) -> None:
    f = node.fields(TURN_KEYS)
    acts = 0
    if "actions_taken" in f:
        for a in f["actions_taken"].items(len(ACTIONS), "actions"):
            acts |= 1 << a.choice(ACTIONS, "an action")
    s["acts"] = acts - 256 if acts > INT8[1] else acts  # an int8 bitmask: EVOKE's bit 1 << 7 is the sign bit
    s["n_acts"] = f["n_actions"].int(0, INT8[1]) if "n_actions" in f else bin(acts).count("1")
    for key, field in (("start_used", "used"), ("bonus", "bonus")):
        if key in f:
            _read_adv_counts(s[field], f[key])


def _read_adv_counts(out: np.ndarray, node: Node) -> None:
    """``{"K1": 1}``: a count per advancement (by code or name)."""
    for key, value in node.entries():
        out[Node(key, value.path).advancement()] = value.int(*INT8)


# ---------------------------------------------------------------------------------------------- engine
def _read_engine(s: np.ndarray, top: dict[str, Node]) -> None:
    """The exact engine state: nothing is run; the mask (derived) is recomputed."""
    for key in ("at", "seed"):
        if key in top:
            raise top[key].error('a position with an "engine" section resumes exactly where it was saved: drop "at" '
                                 'and "seed" (or drop "engine" to resume a hand-written position)')
    f = top["engine"].fields(ENGINE_KEYS, required=("rng",))
    s["rng"] = _rng_words(f["rng"])
    if "decision" in f:
        _read_decision(s, f["decision"])
    if "answer" in f:
        a = f["answer"].fields(("block", "index"), required=("block", "index"))
        s["ans_kind"] = a["block"].choice(BLOCKS, "an action block")
        s["ans"] = a["index"].int(*INT16)
    _read_frames(s, f)
    if "cnt" in f:
        _read_adv_counts(s["cnt"], f["cnt"])
    if "mark" in f:
        for key, value in f["mark"].entries():
            s["mark"][Node(key, value.path).sector()] = value.int(*INT8)
    _read_events(s, f)
    fill_mask_arr(s.reshape(1))


def _rng_words(node: Node) -> np.ndarray:
    items = node.items(4, "words")
    if len(items) != 4:
        raise node.error(f"the generator has 4 words, {len(items)} given")
    words = np.array([w.int(0, 2**32 - 1) for w in items], dtype=np.int64)
    if not words.any():
        raise node.error("the generator words cannot all be 0 (xoshiro128** would be stuck)")
    return words


def _read_decision(s: np.ndarray, node: Node) -> None:
    d = node.fields(("kind", "player", "ctx"), required=("kind",))
    s["dk"] = d["kind"].choice(DECISION_NAMES, "a decision kind")
    s["dplayer"] = d["player"].opt_int(0, MAX_PLAYERS - 1) if "player" in d else -1
    if "ctx" in d:
        items = d["ctx"].items(4, "context values")
        for i, v in enumerate(items):
            s["ctx"][i] = v.int(*INT16)


def _read_frames(s: np.ndarray, f: dict[str, Node]) -> None:
    live = f["stack"].items(MAX_FRAMES, "frames", "MAX_FRAMES") if "stack" in f else []
    stale = f["stale_frames"].items(MAX_FRAMES, "frames") if "stale_frames" in f else []
    if len(live) + len(stale) > MAX_FRAMES:
        raise f["stale_frames"].error(f"stack and stale frames together exceed MAX_FRAMES = {MAX_FRAMES}")
    s["sp"] = len(live)
    for i, frame in enumerate(live + stale):
        fr = frame.fields(("proc", "stage", "regs"), required=("proc", "stage"))
        s["f_proc"][i] = fr["proc"].choice(PROCS, "a procedure")
        s["f_stage"][i] = fr["stage"].int(*INT8)
        if "regs" in fr:
            for k, r in enumerate(fr["regs"].items(N_REGS, "registers")):
                s["f_reg"][i, k] = r.int(*INT16)


def _read_events(s: np.ndarray, f: dict[str, Node]) -> None:
    live = f["events"].items(MAX_EVENTS, "events", "MAX_EVENTS") if "events" in f else []
    stale = f["stale_events"].items(MAX_EVENTS, "events") if "stale_events" in f else []
    if len(live) + len(stale) > MAX_EVENTS:
        raise f["stale_events"].error(f"events and stale events together exceed MAX_EVENTS = {MAX_EVENTS}")
    dropped = f["events_dropped"].int(0, INT16[1]) if "events_dropped" in f else 0
    if dropped and len(live) < MAX_EVENTS:
        raise f["events_dropped"].error(f"events are dropped only past MAX_EVENTS = {MAX_EVENTS} recorded")
    s["ev_n"] = len(live) + dropped
    for i, ev in enumerate(live + stale):
        items = ev.items(4, "values")
        if len(items) != 4:
            raise ev.error("an event is [code, player, a, b]")
        code = items[0]
        if isinstance(code.value, str):
            if code.value not in EVENT_CODES:
                raise code.error(f'"{code.value}" is not an event name (one of {", ".join(EVENT_CODES)}, or a code)')
            s["ev"][i, 0] = EVENT_CODES[code.value]
        else:
            s["ev"][i, 0] = code.int(*INT16)
        for k in range(1, 4):
            s["ev"][i, k] = items[k].int(*INT16)


# ---------------------------------------------------------------------------------------------- at
def _start_at(s: np.ndarray, top: dict[str, Node]) -> None:
    """A hand-written position: build the procedure stack for ``at`` and run the engine to its first decision."""
    if "at" not in top:
        raise PositionError(f'"at" is required without an "engine" section: where play resumes ({", ".join(AT)})')
    at = top["at"]
    frames, phase = AT[AT_NAMES[at.choice(AT_NAMES, "a resume point")]]
    s["rng"] = seed_words(top["seed"].int(0, 2**63 - 1) if "seed" in top else 0)
    _play_defaults(s, top["header"], at, phase)
    for proc, stage in frames:
        i = s["sp"]
        s["f_proc"][i] = proc
        s["f_stage"][i] = stage
        s["f_reg"][i, 0] = s["cur"] if proc == P_TURN else 0  # P_TURN register 0: the player
        s["sp"] = i + 1
    try:
        run_arr(s.reshape(1))
    except RuntimeError as e:
        raise at.error(f"the engine could not run from this position: {e}") from e


def _play_defaults(s: np.ndarray, header: Node, at: Node, phase: int) -> None:
    """Header defaults of a game under way (current player 0, turn 1) and the phase of the resume point."""
    if s["cur"] < 0:
        s["cur"] = 0
    if s["start_player"] < 0:
        s["start_player"] = s["cur"]
    if s["turn"] == 0:
        s["turn"] = 1
    if "phase" in header.value and s["phase"] != phase:
        given = header.child("phase")
        raise given.error(f'"{given.value}" does not match at = "{at.value}" (the phase there is "{PHASES[phase]}")')
    s["phase"] = phase
    if at.value == "turn_start":
        s["turn"] -= 1  # P_GAME stage 2 counts the turn that begins
