"""What one player may see of a game, as JSON-ready dicts: the only thing a page is built from.

:func:`player_view` reads the state through the seat's eyes: his own hand in full; another player's hand as a count
plus the cards the seat has seen (``c_known``); the deck and the challenge pile as counts only (their order never
leaves the server); the map, tracks, tableaux, neutral line, discard pile and the pending decision are public. The
legal choices are listed only for the seat who must decide. ``observer=None`` (a replay with every card shown) is
the all-seeing view; it is used only for finished games' replays.

Example:
    >>> from df_env import engine
    >>> s = engine.new_game(engine.GameConfig(num_players=2), seed=0)
    >>> v = player_view(s, 0)
    >>> sorted(v["players"][1])[:3], "deck" in v["piles"]
    (['cubes', 'hand', 'hand_n'], True)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from . import engine_view as E

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c")
NEUTRAL_COLOUR = "#e6b800"
_STEP = ((0.0, -math.sqrt(3)), (1.5, -math.sqrt(3) / 2), (1.5, math.sqrt(3) / 2), (0.0, math.sqrt(3)),
         (-1.5, math.sqrt(3) / 2), (-1.5, -math.sqrt(3) / 2))  # direction d (R2), screen y down


def _hex_centres() -> list[tuple[float, float]]:
    """Centre of each sector (flat-topped hexes of radius 1), found by walking the map's directions from the
    black hole; the same picture as ``render_mode="rgb_array"``."""
    pos: dict[int, tuple[float, float]] = {0: (0.0, 0.0)}
    frontier = [0]
    while frontier:
        nxt = []
        for x in frontier:
            for d in range(6):
                y = int(E.NEIGH[x, d])
                if y >= 0 and y not in pos:
                    pos[y] = (pos[x][0] + _STEP[d][0], pos[x][1] + _STEP[d][1])
                    nxt.append(y)
        frontier = nxt
    return [(round(pos[x][0], 4), round(pos[x][1], 4)) for x in range(E.N_SECTORS)]


CENTRES = _hex_centres()


def _i(s: np.ndarray, field: str, *index: int) -> int:
    return int(s[field][index] if index else s[field])


def card_view(s: np.ndarray, c: int, lang: str = "en") -> dict[str, Any]:
    """A card's face: id, corner, type (``type`` the English key, ``kind`` in ``lang``), name and the engine's
    full text in ``lang``."""
    suit = _i(s, "c_suit", c)
    ctype = _i(s, "c_type", c)
    known = 0 <= ctype < len(E.CARD_TYPE_NAMES)
    label = E.card_label(s, c, lang)
    name = label.split("「", 1)[1].rstrip("」") if "「" in label else label.split('"')[1] if '"' in label else ""
    return {"id": c, "num": _i(s, "c_num", c), "suit": E.SUIT_LETTERS[suit] if 0 <= suit < 6 else "?",
            "type": E.CARD_TYPE_NAMES[ctype] if known else "?", "kind": E.term(lang, "card_types", ctype) if known
            else "?", "name": name, "label": label, "text": E.card_to_string(s, c, lang),
            "upkeep": _i(s, "c_upkeep", c), "advs": _advancements(s, c, lang)}


def _advancements(s: np.ndarray, c: int, lang: str) -> list[dict[str, Any]]:
    """The card's written advancement lines with their Table 5 effect (``circled``: the line is circled)."""
    out = []
    for k in range(3):
        suit, number = _i(s, "c_slot_suit", c, k), _i(s, "c_slot_num", c, k)
        if number > 0 and 0 <= suit < 6:
            adv = 6 * suit + number - 1
            out.append({"label": E.adv_label(adv, lang), "effect": E.term(lang, "adv_notes", adv),
                        "circled": bool((_i(s, "c_circled", c) >> k) & 1)})
    return out


def _known(s: np.ndarray, c: int, observer: int) -> bool:
    return bool((_i(s, "c_known", c) >> observer) & 1)


def _map(s: np.ndarray, lang: str = "en") -> list[dict[str, Any]]:
    n = _i(s, "n_players")
    homes: dict[int, int] = {}
    worlds: dict[int, int] = {}
    for p in range(n):
        if _i(s, "home", p) >= 0:
            homes[_i(s, "c_sector", _i(s, "home", p))] = p
        for i in range(_i(s, "worlds_n", p)):
            worlds[_i(s, "c_sector", _i(s, "worlds", p, i))] = p
    line = {_i(s, "c_sector", int(c)) for c in s["line"] if c >= 0}
    out = []
    for x in range(E.N_SECTORS):
        cubes, owner = _i(s, "cubes", x), _i(s, "owner", x)
        w = _i(s, "wonder", x)
        wonder = None
        if w >= 0:
            suit = _i(s, "wonder_suit", x)
            wonder = {"victory": E.VICTORY_NAMES[w], "letter": E.VICTORY_LETTERS[w],
                      "suit": E.SUIT_LETTERS[suit] if 0 <= suit < 6 else "?", "text": E.wonder_text(s, x, lang)}
        out.append({"x": x, "label": "BH" if x == 0 else str(int(E.SECTOR_IDS[x])), "cx": CENTRES[x][0],
                    "cy": CENTRES[x][1], "name": E.sector_name(_i(s, "sector_name", x), lang), "cubes": cubes,
                    "owner": ("N" if owner == E.NEUTRAL else owner) if cubes else None, "home": homes.get(x),
                    "world": worlds.get(x), "line": x in line, "wonder": wonder})
    return out


def _player(s: np.ndarray, p: int, observer: int | None, lang: str = "en") -> dict[str, Any]:
    mine = (s["owner"] == p) & (s["cubes"] > 0)
    tableau = []
    for slot in range(int(E.BLOCK_SIZE[E.B_TABLEAU])):
        c = E.slot_card(s, p, slot)
        if c >= 0:
            tableau.append({"slot": slot, "place": E.slot_name(slot, lang), "card": card_view(s, c, lang)})
    hand = [int(c) for c in s["hand"][p, : _i(s, "hand_n", p)]]
    out: dict[str, Any] = {
        "player": p, "tracks": [_i(s, "tracks", p, t) for t in range(4)], "lost": bool(s["lost"][p]),
        "winner": _i(s, "winner") == p, "to_play": _i(s, "dplayer") == p and not bool(s["over"]),
        "sectors": int(mine.sum()), "cubes": int(s["cubes"][mine].sum()), "tableau": tableau, "hand_n": len(hand),
    }
    if observer is None or observer == p:
        out["hand"] = [card_view(s, c, lang) for c in hand]
    else:
        out["hand"] = [card_view(s, c, lang) for c in hand if _known(s, c, observer)]  # only the cards he has seen
    return out


def _target(s: np.ndarray, a: int) -> dict[str, int]:
    """What a choice is about, so the page can make that sector or card clickable."""
    block, i = E.block_of(a)
    if block == E.B_SECTOR:
        return {"sector": i}
    if block == E.B_HAND:
        p = _i(s, "dplayer")
        return {"card": _i(s, "hand", p, i)} if i < _i(s, "hand_n", p) else {}
    if block == E.B_TABLEAU:
        c = E.slot_card(s, _i(s, "dplayer"), i)
        return {"card": c} if c >= 0 else {}
    if block == E.B_LINE:
        c = _i(s, "line", i)
        return {"card": c} if c >= 0 else {}
    if block == E.B_REVEAL:
        c = _i(s, "reveal", i)
        return {"card": c} if c >= 0 else {}
    return {}


def decision_view(s: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any] | None:
    """The pending decision in ``lang``; its legal choices only for the player who must decide (or the all-seeing
    view). ``name`` is the decision's id (the test contract), ``what`` the question in ``lang``."""
    if bool(s["over"]):
        return None
    dk = _i(s, "dk")
    name = E.DECISIONS[dk][0]
    p = _i(s, "dplayer")
    out: dict[str, Any] = {"name": name, "what": E.term(lang, "decision_whats", dk), "player": p,
                           "title": E.term(lang, "decision_names", dk), "text": E.decision_to_string(s, lang)}
    if name == "CHALLENGE":  # what failing costs: a number 1-6 is drawn, and the suit's Table 6 row applies
        suit = _i(s, "ctx", 0)
        out["failures"] = [dict(zip(("number", "name", "effect"), (n, *E.challenge_row(lang, suit, n)), strict=True))
                           for n in range(1, 7)] if 0 <= suit < 6 else []
    if observer is None or observer == p:
        out["choices"] = [{"action": int(a), "text": E.action_to_string(s, int(a), lang),
                           "block": E.BLOCK_NAMES[E.block_of(int(a))[0]], **_target(s, int(a))}
                          for a in np.flatnonzero(s["mask"])]
    return out


def player_view(state: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any]:
    """The game as ``observer`` sees it (None: everything, for replays of finished games), JSON-ready; every text
    in ``lang`` (``"en"`` or ``"zh"``)."""
    s = state.reshape(())
    n = _i(s, "n_players")
    if observer is not None and not 0 <= observer < n:
        raise ValueError(f"observer must be None or a seat 0..{n - 1}, got {observer!r}")
    discard_n = _i(s, "discard_n")
    phase = _i(s, "phase")
    return {
        "players_n": n, "over": bool(s["over"]), "era": _i(s, "era"), "turn": _i(s, "turn"),
        "phase": E.PHASE_NAMES[phase] if 0 <= phase < len(E.PHASE_NAMES) else str(phase),
        "current": _i(s, "cur"), "winner": _i(s, "winner"),
        "victory": E.VICTORY_NAMES[_i(s, "victory")] if _i(s, "winner") >= 0 and 0 <= _i(s, "victory") < 6 else None,
        "lang": lang, "map": _map(s, lang), "players": [_player(s, p, observer, lang) for p in range(n)],
        "line": [card_view(s, int(c), lang) for c in s["line"] if c >= 0],
        "reveal": [card_view(s, int(c), lang) for c in s["reveal"] if c >= 0],
        "piles": {"deck": _i(s, "deck_n"), "discard": discard_n, "challenges": _i(s, "chal_n"),
                  "discard_top": card_view(s, _i(s, "discard", discard_n - 1), lang) if discard_n else None},
        "decision": decision_view(s, observer, lang),
    }
