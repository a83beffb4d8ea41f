"""The position format: a documented, versioned, human-editable JSON form of a game state.

Any state the engine produces round-trips exactly (``from_json(to_json(s)).tobytes() == s.tobytes()``): the
``"engine"`` section carries the generator, the procedure stack and the rest of the engine's bookkeeping. A
position written by hand leaves that section out and says where play resumes with ``"at"``; the loader builds
the procedure stack and runs the engine to the first decision. The field reference is
``docs/position_format.md``; names replace codes throughout (suits ``S M R K H F``, printed sector numbers,
advancements ``"K1"``, decision and procedure names).

Example (a solo game in the action phase):
    >>> from df_env.games.deep_future import engine
    >>> from df_env.games.deep_future.engine.io.position import from_dict, to_json, from_json
    >>> s = from_dict({
    ...     "format": "df_env.position", "version": 1, "at": "action", "seed": 1,
    ...     "header": {"players": 1},
    ...     "cards": ["S1", "M2", "R3", "K4", "H5", "F6",
    ...               {"num": 1, "suit": "K", "type": "world", "sector": 23, "lines": ["K1"]}],
    ...     "map": {"23": {"cubes": 3, "owner": 0}},
    ...     "piles": {"deck": [0, 1, 2]},
    ...     "players": [{"hand": [3, 4, 5], "homeworld": 6}],
    ... })
    >>> engine.layout.DECISIONS[int(s["dk"])][0]
    'ACTION'
    >>> from_json(to_json(s)).tobytes() == s.tobytes()
    True
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..model.constants import ADV_NAMES, CARD_TYPE_NAMES, MAX_EVENTS, NEUTRAL, SUIT_LETTERS, TRACK_LETTERS
from ..model.layout import BLOCK_NAMES, PHASE_NAMES
from ..model.state import State, capacity, is_state, is_state_dtype, tier_for
from ..rules.endturn import GENERATED_SUIT
from ..rules.frames import PROC_NAMES
from .position_read import AT_NAMES, read_position
from .position_schema import (
    ACTIONS,
    DECISION_NAMES,
    EVENTS,
    FORMAT,
    NEUTRAL_OWNER,
    VARIANTS,
    VERSION,
    PositionError,
    adv_code,
    none_if_negative,
    sector_key,
    suit_letter,
    victory_name,
)

__all__ = ["AT_NAMES", "FORMAT", "VERSION", "PositionError", "from_dict", "from_json", "make_position", "to_dict",
           "to_json"]


# ---------------------------------------------------------------------------------------------- public API
def to_dict(state: State) -> dict[str, Any]:
    """The position of ``state`` as a JSON-ready dict (with the exact ``"engine"`` section)."""
    s = _record(state)
    return {
        "format": FORMAT,
        "version": VERSION,
        "header": _header(s),
        "map": _map(s),
        "cards": [_card(s, c) for c in range(int(s["n_cards"]))],
        "piles": _piles(s),
        "players": [_player(s, p) for p in range(int(s["n_players"]))],
        "turn": _turn(s),
        "engine": _engine(s),
    }


def to_json(state: State) -> str:
    """The position of ``state`` as JSON text, laid out for reading (short lists and objects on one line)."""
    return _dumps(to_dict(state)) + "\n"


def from_dict(data: dict[str, Any]) -> State:
    """A state from a position dict. With an ``"engine"`` section the state is restored exactly; without one,
    ``"at"`` says where play resumes and the engine runs to the first decision. Raises :class:`PositionError`
    naming the field path of anything malformed or inconsistent."""
    return read_position(data)


def from_json(text: str | bytes) -> State:
    """A state from position JSON text or UTF-8 bytes (see :func:`from_dict`); raises :class:`PositionError` for
    anything that is not a valid position (invalid UTF-8 or JSON, numbers too long, nesting too deep ...)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise PositionError(f"not UTF-8 text (byte {e.start}): a position is a UTF-8 JSON document") from None
    if not isinstance(text, str):
        raise PositionError(f"expected JSON text (str or bytes), got {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PositionError(f"not valid JSON: {e}") from None
    except RecursionError:
        raise PositionError("not a position: JSON nested too deeply") from None
    except ValueError as e:  # e.g. an integer of more than 4300 digits
        raise PositionError(f"not a valid position: {e}") from None
    return read_position(data)


def make_position(at: str = "action", **sections: Any) -> State:
    """Shorthand for tests: :func:`from_dict` of the given sections, with ``format`` and ``version`` filled in.

    Example:
        >>> s = make_position(header={"players": 1}, cards=["S1", "M2", {"num": 3, "suit": "R", "type": "world",
        ...                   "sector": 11}], piles={"deck": [0]}, players=[{"hand": [1], "homeworld": 2}],
        ...                   map={"11": {"cubes": 3, "owner": 0}})
        >>> int(s["turn"])
        1
    """
    data = {"format": FORMAT, "version": VERSION, "at": at, **sections}
    if "engine" in sections:
        del data["at"]
    return read_position(data)


# ---------------------------------------------------------------------------------------------- sections
def _record(state: Any) -> np.ndarray:
    if not is_state(state):
        if not isinstance(state, np.ndarray):
            got = type(state).__name__
        else:
            got = f"{state.size} records" if is_state_dtype(state.dtype) else f"an array of dtype {state.dtype}"
        raise ValueError(f"expected one game state (a 0-d array of STATE_DTYPE, e.g. from engine.new_game), got {got}")
    return state.reshape(())


def _header(s: np.ndarray) -> dict[str, Any]:
    header = {
        "players": int(s["n_players"]),
        "variant": VARIANTS[int(s["variant_restart"])],
        "era": int(s["era"]),
        "turn": int(s["turn"]),
        "current": none_if_negative(int(s["cur"])),
        "start_player": none_if_negative(int(s["start_player"])),
        "phase": PHASE_NAMES[int(s["phase"])],
        "winner": none_if_negative(int(s["winner"])),
        "victory": victory_name(int(s["victory"])),
        "over": bool(s["over"]),
    }
    if capacity(s) != tier_for(int(s["n_cards"])):  # only a tier other than the one the cards get by default
        header["capacity"] = capacity(s)
    return header


def _map(s: np.ndarray) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for x in range(s["cubes"].shape[0]):
        sec: dict[str, Any] = {}
        if s["cubes"][x] or s["owner"][x] >= 0:
            owner = int(s["owner"][x])
            sec["cubes"] = int(s["cubes"][x])
            sec["owner"] = NEUTRAL_OWNER if owner == NEUTRAL else none_if_negative(owner)
        if s["wonder"][x] >= 0 or s["wonder_suit"][x] >= 0:
            sec["wonder"] = victory_name(int(s["wonder"][x]))
            sec["wonder_suit"] = suit_letter(int(s["wonder_suit"][x]))
        if s["sector_name"][x] >= 0:
            sec["name"] = int(s["sector_name"][x])
        if sec:
            out[sector_key(x)] = sec
    return out


def _card(s: np.ndarray, c: int) -> dict[str, Any]:
    """One card; fields at their default (no sector, no name, no upkeep ...) are left out."""
    card: dict[str, Any] = {"id": c, "num": int(s["c_num"][c]), "suit": SUIT_LETTERS[s["c_suit"][c]],
                            "type": CARD_TYPE_NAMES[s["c_type"][c]], "era": int(s["c_era"][c])}
    optional = {
        "sector": None if s["c_sector"][c] < 0 else int(sector_key(int(s["c_sector"][c]))),
        "name": none_if_negative(s["c_name"][c]),
        "lines": _lines(s, c),
        "upkeep": int(s["c_upkeep"][c]) or None,
        "civ_victory": victory_name(int(s["c_civ3"][c])),
        "civ_suit": suit_letter(int(s["c_civ4"][c])),
        "history": _history(s, c),
        "known_by": [p for p in range(8) if s["c_known"][c] >> p & 1] or None,
        "paid": True if s["c_paid"][c] else None,
    }
    card.update({k: v for k, v in optional.items() if v is not None})
    return card


def _lines(s: np.ndarray, c: int) -> list[Any] | None:
    lines: list[Any] = []
    for k in range(3):
        suit, num, circled = int(s["c_slot_suit"][c, k]), int(s["c_slot_num"][c, k]), s["c_circled"][c] >> k & 1
        line: dict[str, Any] = {}
        if suit >= 0:
            line["suit"] = SUIT_LETTERS[suit]
        if num:
            line["num"] = num
            line["name"] = ADV_NAMES[6 * suit + num - 1]
        if circled:
            line["circled"] = True
        lines.append(line or None)
    while lines and lines[-1] is None:
        lines.pop()
    return lines or None


def _history(s: np.ndarray, c: int) -> list[int | None] | None:
    hist = [none_if_negative(h) for h in s["c_hist"][c]]
    while hist and hist[-1] is None:
        hist.pop()
    return hist or None


def _ids(arr: np.ndarray, n: int) -> list[int]:
    return [int(c) for c in arr[:n]]


def _piles(s: np.ndarray) -> dict[str, Any]:
    piles: dict[str, Any] = {
        "deck": _ids(s["deck"], int(s["deck_n"])),
        "discard": _ids(s["discard"], int(s["discard_n"])),
        "challenges": [_challenge(int(c)) for c in s["chal"][: int(s["chal_n"])]],
        "line": {str(k + 1): int(c) for k, c in enumerate(s["line"]) if c >= 0},
    }
    if (s["reveal"] >= 0).any():
        piles["reveal"] = [none_if_negative(c) for c in s["reveal"]]
    held = _held(s)
    if held:
        piles["held"] = held
    return piles


def _challenge(c: int) -> int | dict[str, str]:
    return {"suit": SUIT_LETTERS[GENERATED_SUIT - c]} if c <= GENERATED_SUIT else c


def _held(s: np.ndarray) -> list[int]:
    """Cards in no pile: the engine holds them mid-procedure (a world being settled, a new homeworld)."""
    placed = np.zeros(int(s["n_cards"]), dtype=bool)
    n = int(s["n_players"])
    for arr, k in ((s["deck"], s["deck_n"]), (s["discard"], s["discard_n"]), (s["chal"], s["chal_n"])):
        placed[[c for c in arr[: int(k)] if c >= 0]] = True
    placed[[c for c in s["line"] if c >= 0]] = True
    for p in range(n):
        for arr, k in ((s["hand"][p], s["hand_n"][p]), (s["techs"][p], s["techs_n"][p]),
                       (s["worlds"][p], s["worlds_n"][p])):
            placed[arr[: int(k)]] = True
        if s["home"][p] >= 0:
            placed[s["home"][p]] = True
    return [int(c) for c in np.flatnonzero(~placed)]


def _player(s: np.ndarray, p: int) -> dict[str, Any]:
    return {
        "hand": _ids(s["hand"][p], int(s["hand_n"][p])),
        "homeworld": none_if_negative(s["home"][p]),
        "techs": _ids(s["techs"][p], int(s["techs_n"][p])),
        "worlds": _ids(s["worlds"][p], int(s["worlds_n"][p])),
        "tracks": {letter: int(s["tracks"][p, t]) for t, letter in enumerate(TRACK_LETTERS)},
        "lost": bool(s["lost"][p]),
        "lookahead": int(s["lookahead"][p]),
        "rehome": bool(s["rehome"][p]),
    }


def _adv_counts(arr: np.ndarray) -> dict[str, int]:
    return {adv_code(a): int(v) for a, v in enumerate(arr) if v}


def _turn(s: np.ndarray) -> dict[str, Any]:
    return {
        "actions_taken": [name for a, name in enumerate(ACTIONS) if s["acts"] >> a & 1],
        "n_actions": int(s["n_acts"]),
        "start_used": _adv_counts(s["used"]),
        "bonus": _adv_counts(s["bonus"]),
    }


# ---------------------------------------------------------------------------------------------- engine
def _frame(s: np.ndarray, i: int) -> dict[str, Any]:
    regs = [int(r) for r in s["f_reg"][i]]
    while regs and regs[-1] == 0:
        regs.pop()
    return {"proc": PROC_NAMES[s["f_proc"][i]], "stage": int(s["f_stage"][i]), "regs": regs}


def _event(row: np.ndarray) -> list[Any]:
    code = int(row[0])
    return [EVENTS.get(code, code), int(row[1]), int(row[2]), int(row[3])]


def _last_nonzero(rows: np.ndarray, start: int) -> int:
    """One past the last row at or after ``start`` that is not all zeros (stale rows kept for exactness)."""
    nz = np.flatnonzero(rows.reshape(rows.shape[0], -1).any(axis=1))
    return max(start, int(nz[-1]) + 1 if nz.size else 0)


def _engine(s: np.ndarray) -> dict[str, Any]:
    """Everything else, for exactness: the generator, the pending decision, the procedure stack (bottom first)
    and the frames above it left by finished procedures, per-action scratch data and the event log."""
    sp = int(s["sp"])
    frame_rows = np.concatenate([s["f_proc"][:, None], s["f_stage"][:, None], s["f_reg"]], axis=1)
    stale_end = _last_nonzero(frame_rows, sp)
    n_ev = min(int(s["ev_n"]), MAX_EVENTS)
    ev_end = _last_nonzero(s["ev"], n_ev)
    return {
        "rng": [int(w) for w in s["rng"]],
        "decision": {"kind": DECISION_NAMES[s["dk"]], "player": none_if_negative(int(s["dplayer"])),
                     "ctx": [int(v) for v in s["ctx"]]},
        "answer": {"block": BLOCK_NAMES[s["ans_kind"]], "index": int(s["ans"])},
        "stack": [_frame(s, i) for i in range(sp)],
        "stale_frames": [_frame(s, i) for i in range(sp, stale_end)],
        "cnt": _adv_counts(s["cnt"]),
        "mark": {sector_key(x): int(v) for x, v in enumerate(s["mark"]) if v},
        "events": [_event(s["ev"][i]) for i in range(n_ev)],
        "events_dropped": int(s["ev_n"]) - n_ev,
        "stale_events": [_event(s["ev"][i]) for i in range(n_ev, ev_end)],
    }


# ---------------------------------------------------------------------------------------------- layout
SHORT = 60  # entries of at most this many characters share a line with their neighbours


def _dumps(v: Any, indent: int = 0, width: int = 118) -> str:
    """JSON laid out for reading: a container on one line when it fits in ``width``; otherwise short entries
    packed side by side and long ones on lines of their own."""
    flat = json.dumps(v)
    if not isinstance(v, (dict, list)) or not v or indent + len(flat) <= width:
        return flat
    pad = " " * (indent + 2)
    if isinstance(v, dict):
        parts = [(f"{json.dumps(k)}: ", x) for k, x in v.items()]
    else:
        parts = [("", x) for x in v]
    out: list[str] = []
    line = ""
    for prefix, x in parts:
        item = prefix + json.dumps(x)
        if len(item) > SHORT:
            if line:
                out.append(line)
                line = ""
            out.append(pad + prefix + _dumps(x, indent + 2, width))
        elif line and len(line) + len(item) + 2 > width:
            out.append(line)
            line = pad + item
        else:
            line = f"{line}, {item}" if line else pad + item
    if line:
        out.append(line)
    close = "}" if isinstance(v, dict) else "]"
    return ("{" if isinstance(v, dict) else "[") + "\n" + ",\n".join(out) + "\n" + " " * indent + close
