"""Positions as JSON (format: docs/galactic_civ/position.md): cards, races, events, attributes and phases by the
source's names, the forced-dice queue, and the engine's registers; the reader checks every field and says what is
wrong. A position whose ``decision`` is null is run on to its next decision when read (a test builds the position
at the start of a phase, forces the dice and reads it)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np

from df_env.core.errors import GameError

from .kernels import fill_mask_arr, run_arr
from .state import (
    DECISION_NAMES,
    EFFECTS,
    LOGS,
    MAX_FORCED,
    MAX_LOG,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    STATE_VERSION,
    State,
    empty_state,
)
from .tables import (
    ATTRIBUTES,
    CARD_NAMES,
    CARD_TYPE,
    CARD_TYPES,
    EVENT_NAMES,
    EVENT_TYPE,
    MD,
    N_EVENTS,
    RACE_NAMES,
    VICTORY_NAMES,
)

MAX_SCORE = 10000  # a position's largest score: three of them (a council vote) still fit the log's int16
KEYS = ("game", "version", "players", "events", "trade_literal", "turn", "first", "active", "phase", "step",
        "decision", "decider", "context", "bonus_hand", "event", "vote_winner", "seats", "deck", "discard",
        "event_deck", "event_discard", "forced_dice", "rng", "over", "winner", "victory", "log")
CONTEXT_KEYS = ("types", "effect", "target", "chooser", "graveyard")
MAX_STEP = (0, 3, 1, 1, 2, 2, 1, 1, 1, 1, 3, 2, 0, 0)  # the last step of each phase (PHASES order)
PHASE_DECISIONS = (("race",), ("target", "dilemma"), ("play",), ("play",), ("target", "pick"), ("target", "pick"),
                   ("play",), ("play",), ("expand", "discard"), ("play",), ("target", "pick"), ("pick",),
                   ("discard",), ())
PICK_EFFECTS = {4: ("aggression",), 5: ("influence",), 10: ("trade (self)", "trade (target)"), 11: ("approval",)}


def _seat(v: int) -> int | None:
    return None if v < 0 else int(v)


def to_dict(s: State) -> dict[str, Any]:
    """The position as JSON-ready data (everything: hidden parts included; observers get ``observe``)."""
    n = int(s["n_players"])
    return {
        "game": "galactic_civ", "version": STATE_VERSION, "players": n, "events": bool(s["events_on"]),
        "trade_literal": bool(s["trade_literal"]), "turn": int(s["turn"]), "first": int(s["first"]),
        "active": _seat(int(s["cur"])), "phase": PHASES[int(s["phase"])], "step": int(s["step"]),
        "decision": None if s["dk"] == 0 else DECISION_NAMES[int(s["dk"])],
        "decider": None if s["dk"] == 0 else int(s["dplayer"]),
        "context": {"types": [CARD_TYPES[t] for t in range(4) if int(s["ctx_types"]) >> t & 1],
                    "effect": EFFECTS[int(s["ctx_effect"])], "target": _seat(int(s["ctx_target"])),
                    "chooser": _seat(int(s["ctx_chooser"])), "graveyard": bool(s["graveyard"])},
        "bonus_hand": bool(s["bonus_hand"]),
        "event": None if s["event"] < 0 else EVENT_NAMES[int(s["event"])],
        "vote_winner": _seat(int(s["vote_winner"])),
        "seats": [{"race": None if s["race"][p] < 0 else RACE_NAMES[int(s["race"][p])],
                   "attributes": {a: int(s["attr"][p, i]) for i, a in enumerate(ATTRIBUTES)},
                   "hand": [CARD_NAMES[c] for c in np.flatnonzero(s["hand"][p])]} for p in range(n)],
        "deck": [CARD_NAMES[c] for c in s["deck"][: int(s["deck_n"])]],
        "discard": [CARD_NAMES[c] for c in s["disc"][: int(s["disc_n"])]],
        "event_deck": [EVENT_NAMES[e] for e in s["edeck"][: int(s["edeck_n"])]],
        "event_discard": [EVENT_NAMES[e] for e in s["edisc"][: int(s["edisc_n"])]],
        "forced_dice": [int(x) for x in s["forced"][: int(s["forced_n"])]],
        "rng": [int(x) for x in s["rng"]],
        "over": bool(s["over"]), "winner": _seat(int(s["winner"])), "victory": VICTORY_NAMES[int(s["victory"])],
        "log": [[LOGS[int(r[0])]] + [int(x) for x in r[1:]] for r in s["log"][: int(s["log_n"])]],
    }


def to_json(s: State) -> str:
    return json.dumps(to_dict(s), ensure_ascii=False, separators=(",", ":"))


def from_json(text: str | bytes) -> State:
    """A position from JSON text; a malformed one raises ``GameError`` naming the field and what is allowed."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as e:
        raise GameError(f"a Galactic Civ position is JSON text: {e}") from None
    return from_dict(data)


def from_dict(data: Any) -> State:
    if not isinstance(data, Mapping):
        raise GameError("a Galactic Civ position is a JSON object")
    missing, extra = set(KEYS) - set(data), set(data) - set(KEYS)
    if missing or extra:
        raise GameError(f"position keys: missing {sorted(missing)}, unknown {sorted(extra)}; keys are {KEYS}")
    if data["game"] != "galactic_civ" or data["version"] != STATE_VERSION:
        raise GameError(f"not a Galactic Civ position of version {STATE_VERSION}: game {data['game']!r}, "
                        f"version {data['version']!r}"[:200])
    s = empty_state()
    n = _int(data, "players", MIN_PLAYERS, MAX_PLAYERS)
    s["n_players"] = n
    _read_header(s, data, n)
    _read_seats(s, data["seats"], n)
    _read_piles(s, data)
    _read_decision(s, data, n)
    _read_log(s, data["log"])
    return _finish(s, data)


def _int(d: Mapping[str, Any], key: str, lo: int, hi: int, none_ok: bool = False) -> int:
    v = d[key]
    if v is None and none_ok:
        return -1
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise GameError(f"{key} must be an integer {lo}..{hi}{' or null' if none_ok else ''}, got {v!r}"[:200])
    return v


def _bool(d: Mapping[str, Any], key: str) -> int:
    if not isinstance(d[key], bool):
        raise GameError(f"{key} must be true or false, got {d[key]!r}"[:200])
    return int(d[key])


def _name(v: Any, names: tuple[str, ...], what: str) -> int:
    if not isinstance(v, str) or v not in names:
        raise GameError(f"unknown {what} {v!r}; {what}s are: {', '.join(names)}"[:400])
    return names.index(v)


def _names(v: Any, names: tuple[str, ...], what: str, key: str) -> list[int]:
    if not isinstance(v, list):
        raise GameError(f"{key} must be a list of {what} names")
    return [_name(x, names, what) for x in v]


def _read_header(s: State, d: Mapping[str, Any], n: int) -> None:
    s["events_on"] = _bool(d, "events")
    s["trade_literal"] = _bool(d, "trade_literal")
    s["bonus_hand"] = _bool(d, "bonus_hand")
    s["over"] = _bool(d, "over")
    s["first"] = _int(d, "first", 0, n - 1)
    s["phase"] = _name(d["phase"], PHASES, "phase")
    racing = s["phase"] == 0
    s["turn"] = _int(d, "turn", 0, 0) if racing else _int(d, "turn", 1, 20)
    s["cur"] = _int(d, "active", 0, n - 1, none_ok=racing)
    s["step"] = _int(d, "step", 0, MAX_STEP[int(s["phase"])])
    s["winner"] = _int(d, "winner", 0, n - 1, none_ok=True)
    s["victory"] = _name(d["victory"], VICTORY_NAMES, "victory")
    if bool(s["over"]) != (s["phase"] == len(PHASES) - 1) or bool(s["over"]) != (s["victory"] > 0):
        raise GameError("over, phase Over and a victory (or draw) go together")
    if s["over"] and (s["winner"] >= 0) != (s["victory"] != 7):
        raise GameError("a finished game has a winner unless its victory is a draw")
    rng = d["rng"]
    if (not isinstance(rng, list) or len(rng) != 4 or not all(isinstance(x, int) and 0 <= x < 2**32 for x in rng)
            or not any(rng)):
        raise GameError("rng must be 4 integers 0..2^32-1, not all zero")
    s["rng"] = rng
    forced = d["forced_dice"]
    if (not isinstance(forced, list) or len(forced) > MAX_FORCED
            or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 10 for x in forced)):
        raise GameError(f"forced_dice must be a list of at most {MAX_FORCED} d10 results 1..10")
    s["forced"][: len(forced)] = forced
    s["forced_n"] = len(forced)


def _read_seats(s: State, seats: Any, n: int) -> None:
    if not isinstance(seats, list) or len(seats) != n:
        raise GameError(f"seats must be a list of {n} seats (one per player)")
    for p, seat in enumerate(seats):
        if not isinstance(seat, Mapping) or set(seat) != {"race", "attributes", "hand"}:
            raise GameError(f"seat {p} must be an object with keys race, attributes, hand")
        s["race"][p] = -1 if seat["race"] is None and s["phase"] == 0 else _name(seat["race"], RACE_NAMES, "race")
        attrs = seat["attributes"]
        if not isinstance(attrs, Mapping) or set(attrs) != set(ATTRIBUTES):
            raise GameError(f"seat {p}'s attributes must name each of {ATTRIBUTES} once")
        for i, a in enumerate(ATTRIBUTES):
            s["attr"][p, i] = _int(attrs, a, 0, MAX_SCORE)
        for c in _names(seat["hand"], CARD_NAMES, "card", f"seat {p}'s hand"):
            s["hand"][p, c] += 1
        s["hand_n"][p] = int(s["hand"][p].sum())
        s["htype"][p] = np.bincount(CARD_TYPE[s["hand"][p] > 0], minlength=4)
    races = [int(r) for r in s["race"][:n] if r >= 0]
    if len(set(races)) != len(races):
        raise GameError("races must be distinct (GCR7)")


def _read_piles(s: State, d: Mapping[str, Any]) -> None:
    count = s["hand"].sum(axis=0).astype(np.int64)
    for key, field in (("deck", "deck"), ("discard", "disc")):
        ids = _names(d[key], CARD_NAMES, "card", key)
        s[field][: len(ids)] = ids
        s[field + "_n"] = len(ids)
        np.add.at(count, ids, 1)
    if not (count == 1).all():
        bad = [CARD_NAMES[c] for c in np.flatnonzero(count != 1)][:5]
        raise GameError(f"every one of the 120 cards must be in exactly one of the deck, the discard pile and the "
                        f"hands (GC4); not so for {bad}")
    ecount = np.zeros(N_EVENTS, np.int64)
    for key, field in (("event_deck", "edeck"), ("event_discard", "edisc")):
        ids = _names(d[key], EVENT_NAMES, "event", key)
        s[field][: len(ids)] = ids
        s[field + "_n"] = len(ids)
        np.add.at(ecount, ids, 1)
    s["event"] = -1 if d["event"] is None else _name(d["event"], EVENT_NAMES, "event")
    if s["event"] >= 0:
        ecount[int(s["event"])] += 1
    if s["events_on"] and not (ecount == 1).all() or not s["events_on"] and ecount.any():
        raise GameError("with events, each of the 77 events is in exactly one of the event deck, its discard pile "
                        "and the event being resolved (GC24); without events there are none")


def _read_decision(s: State, d: Mapping[str, Any], n: int) -> None:
    ctx = d["context"]
    if not isinstance(ctx, Mapping) or set(ctx) != set(CONTEXT_KEYS):
        raise GameError(f"context must be an object with keys {CONTEXT_KEYS}")
    types = _names(ctx["types"], CARD_TYPES, "card type", "context.types")
    s["ctx_types"] = sum(1 << t for t in set(types))
    s["ctx_effect"] = _name(ctx["effect"], EFFECTS, "effect")
    s["ctx_target"] = _int(ctx, "target", 0, n - 1, none_ok=True)
    s["ctx_chooser"] = _int(ctx, "chooser", 0, n - 1, none_ok=True)
    s["graveyard"] = _bool(ctx, "graveyard")
    s["vote_winner"] = _int(d, "vote_winner", 0, n - 1, none_ok=True)
    dk = 0 if d["decision"] is None else _name(d["decision"], DECISION_NAMES[1:], "decision") + 1
    s["dk"] = dk
    s["dplayer"] = _int(d, "decider", 0, n - 1, none_ok=dk == 0)
    _check_registers(s)


def _check_registers(s: State) -> None:
    """The registers a phase's later steps read must be set (they index the seats and events)."""
    ph, st, dk = int(s["phase"]), int(s["step"]), int(s["dk"])
    needs_target = (ph in (4, 5, 10) and st >= 1 and not (dk == 3 and st == 1)) or (ph == 1 and st == 3
                                                                                     and dk != 7 and dk != 3)
    if needs_target and not 0 <= s["ctx_target"] < s["n_players"]:
        raise GameError(f"the {PHASES[ph]} Phase at step {st} needs context.target (a seat)")
    if ph == 1 and st >= 2 and s["event"] < 0 or s["event"] >= 0 and not (ph == 1 and st >= 2):
        raise GameError("an event is resolved only in the Opportunity Phase's steps 2-3, and there one must be")
    if dk == 3 and s["ctx_chooser"] < 0:
        raise GameError("a target decision needs context.chooser")
    if dk == 7 and (s["event"] < 0 or EVENT_TYPE[int(s["event"])] != MD):
        raise GameError("a dilemma decision needs a Moral Dilemma event (GC28)")
    if dk and DECISION_NAMES[dk] not in PHASE_DECISIONS[ph]:
        raise GameError(f"the {PHASES[ph]} Phase asks only {PHASE_DECISIONS[ph] or 'nothing'}, not "
                        f"{DECISION_NAMES[dk]}")
    effect = EFFECTS[int(s["ctx_effect"])]
    if dk == 4 and effect not in PICK_EFFECTS[ph]:
        raise GameError(f"a pick in the {PHASES[ph]} Phase is for {PICK_EFFECTS[ph]}, not {effect}")
    if dk and ph > 0 and not (ph == 1 and dk == 3) and s["dplayer"] != s["cur"]:
        raise GameError("the decider of this decision is the active player")


def _read_log(s: State, log: Any) -> None:
    if not isinstance(log, list) or len(log) > MAX_LOG:
        raise GameError(f"log must be a list of at most {MAX_LOG} lines [kind, seat, a, b]")
    for i, line in enumerate(log):
        if (not isinstance(line, list) or len(line) != 4 or line[0] not in LOGS
                or not all(isinstance(x, int) and not isinstance(x, bool) and -30000 <= x <= 30000 for x in line[1:])):
            raise GameError(f"log line {i} must be [kind, seat, a, b] with kind one of {LOGS}, got {line!r}"[:300])
        s["log"][i] = [LOGS.index(line[0])] + line[1:]
    s["log_n"] = len(log)
    from .text import log_lines

    try:
        log_lines(s)
    except (IndexError, ValueError, KeyError):
        raise GameError("a log line names a card, event, seat, attribute or phase that does not exist") from None


def _finish(s: State, d: Mapping[str, Any]) -> State:
    """Run a position without a decision on to its next one; check the decision has a legal answer."""
    a = s.reshape(1)
    if s["dk"] == 0 and not s["over"]:
        run_arr(a)
    else:
        fill_mask_arr(a)
    if not s["over"] and s["n_legal"] == 0:
        raise GameError(f"the pending decision {DECISION_NAMES[int(s['dk'])]} has no legal answer in this position")
    return s
