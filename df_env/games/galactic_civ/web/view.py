"""What one seat may see of a Galactic Civ game, as JSON-ready dicts: the only thing the page is built from.

GCR21: attributes, races, the phase, the discard pile and every play are public; another seat's hand is a count,
the deck and the Event deck are counts (their order never leaves the server), the generator and any forced dice
are never read. The legal choices are listed only for the seat that decides. ``observer=None`` (every hand shown)
is the all-seeing view of a finished game's replay.

Example:
    >>> from df_env.games.galactic_civ import GAME
    >>> s = GAME.new_game(GAME.make_config(num_players=4, races="random"), seed=1)
    >>> [(len(p["hand"]), p["hand_n"]) for p in player_view(s, 3)["players"]]
    [(0, 0), (0, 0), (0, 0), (3, 3)]
    >>> [(len(p["hand"]), p["hand_n"]) for p in player_view(s, 0)["players"]]
    [(0, 0), (0, 0), (0, 0), (0, 3)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine import text
from ..engine.state import B_ATTR, B_DISCARD, B_PLAY, B_TARGET, BLOCK_NAMES, BLOCK_START, DECISION_NAMES, PH_OVER
from ..engine.tables import (
    CARD_EFFECT,
    CARD_NAMES,
    CARD_TYPE,
    CARD_TYPES,
    FIRST_PATH_TURN,
    LAST_TURN,
    MORALE,
    N_ATTR,
    PATH_ATTRS,
    PATH_LEAD,
    PATHS,
    RACE_BONUS,
    RACE_NAMES,
)
from ..progress import progress_scores
from ..screen import leads, path_margins
from .words import DECISION_TITLES, attributes, card_types, phase_names, victory_name

RECENT_DISCARDS = 6  # the newest cards of the (public) discard pile shown


def card_view(c: int, lang: str = "en") -> dict[str, Any]:
    """A card: ``card`` (its id), name as printed, type (``type`` English, ``kind`` in ``lang``), its effect per
    attribute and in words (``text``, Ship Graveyard's extra Ship included)."""
    t = int(CARD_TYPE[c])
    names = attributes(lang)
    return {"card": int(c), "name": CARD_NAMES[c], "type": CARD_TYPES[t], "kind": card_types(lang)[t],
            "effects": [{"attr": a, "name": names[a], "value": int(v)} for a, v in enumerate(CARD_EFFECT[c]) if v],
            "text": text.card_text(int(c), lang)}


def _hand(s: np.ndarray, p: int) -> list[int]:
    return [int(c) for c in np.flatnonzero(s["hand"][p])]


def _player(s: np.ndarray, p: int, observer: int | None, lead: np.ndarray, progress: np.ndarray,
            lang: str) -> dict[str, Any]:
    n, over = int(s["n_players"]), bool(s["over"])
    r = int(s["race"][p])
    lowest = all(s["attr"][p, MORALE] < s["attr"][q, MORALE] for q in range(n) if q != p)
    out: dict[str, Any] = {
        "player": p, "race": RACE_NAMES[r] if r >= 0 else None,
        "race_bonus": text.effect_text(RACE_BONUS[r], lang) if r >= 0 else None,
        "attrs": [int(x) for x in s["attr"][p, :N_ATTR]], "leads": [bool(x > 0) for x in lead[p]],
        "lowest_morale": lowest, "led": int((lead[p] > 0).sum()), "progress": round(float(progress[p]), 2),
        "hand_n": int(s["hand_n"][p]), "active": int(s["cur"]) == p and not over, "first": int(s["first"]) == p,
        "to_play": int(s["dplayer"]) == p and not over, "winner": int(s["winner"]) == p,
    }
    out["hand"] = [card_view(c, lang) for c in _hand(s, p)] if observer is None or observer == p else []
    return out


def _paths(s: np.ndarray, lang: str) -> list[dict[str, Any]]:
    """Victory paths 1-5 (GC21) with each seat's margin (GCR16) and who is closest."""
    n = int(s["n_players"])
    margins = path_margins(s)
    names = attributes(lang)
    out = []
    for k in range(len(PATHS)):
        m = [int(x) for x in margins[:n, k]]
        prim, s1, s2 = (int(x) for x in PATH_ATTRS[k])
        out.append({"path": k + 1, "name": victory_name(k + 1, lang), "primary": names[prim],
                    "secondary": [names[s1], names[s2]], "margins": m,
                    "closest": [p for p in range(n) if m[p] == max(m)]})
    return out


def _general(s: np.ndarray, lead: np.ndarray, progress: np.ndarray) -> dict[str, Any]:
    """The General Victory's count (GC22: attributes led) and who is closest to any victory (progress)."""
    led = [int(x) for x in (lead > 0).sum(axis=1)]
    best = max(progress)
    return {"led": led, "most": [p for p, x in enumerate(led) if x == max(led)],
            "closest": [p for p, x in enumerate(progress) if x == best]}


def _piles(s: np.ndarray, lang: str) -> dict[str, Any]:
    d = int(s["disc_n"])
    recent = [card_view(int(c), lang) for c in s["disc"][max(0, d - RECENT_DISCARDS):d][::-1]]
    e = int(s["event"])
    return {"deck": int(s["deck_n"]), "discard": d, "recent": recent, "events_on": bool(s["events_on"]),
            "event_deck": int(s["edeck_n"]), "event": text.event_text(e, lang) if e >= 0 else None}


def _choice(s: np.ndarray, a: int, lang: str) -> dict[str, Any]:
    block = int(np.searchsorted(BLOCK_START, a, side="right") - 1)
    i = a - int(BLOCK_START[block])
    out: dict[str, Any] = {"action": a, "text": text.action_to_string(s, a, lang), "block": BLOCK_NAMES[block]}
    if block in (B_PLAY, B_DISCARD):
        out["card"] = i
    elif block == B_TARGET:
        out["target"] = i
    elif block == B_ATTR:
        out["attr"] = i
    return out


def decision_view(s: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any] | None:
    """The pending decision in ``lang``; its legal choices only for the seat that decides (or the all-seeing
    view). ``name`` is the engine's decision name (the test contract)."""
    if bool(s["over"]):
        return None
    name = DECISION_NAMES[int(s["dk"])]
    p = int(s["dplayer"])
    out: dict[str, Any] = {"name": name, "title": DECISION_TITLES[lang][name], "player": p,
                           "what": text.decision_to_string(s, lang)}
    if observer is None or observer == p:
        out["choices"] = [_choice(s, int(a), lang) for a in s["legal"][: int(s["n_legal"])]]
    return out


def player_view(state: np.ndarray, observer: int | None, lang: str = "en") -> dict[str, Any]:
    """The game as ``observer`` sees it (None: every hand, for replays of finished games), every text in
    ``lang`` (``"en"`` or ``"zh"``)."""
    s = state.reshape(())
    n = int(s["n_players"])
    if observer is not None and not 0 <= observer < n:
        raise ValueError(f"observer must be None or a seat 0..{n - 1}, got {observer!r}")
    lead, progress = leads(s), progress_scores(s)
    phase = int(s["phase"])
    w = int(s["winner"])
    return {
        "players_n": n, "over": bool(s["over"]), "turn": int(s["turn"]), "last_turn": LAST_TURN,
        "first_path_turn": FIRST_PATH_TURN, "path_lead": PATH_LEAD, "phase": phase,
        "phase_name": phase_names(lang)[phase], "phases": list(phase_names(lang)[1:PH_OVER]), "lang": lang,
        "winner": w, "victory": victory_name(int(s["victory"]), lang) if bool(s["over"]) else None,
        "attributes": list(attributes(lang)), "players": [_player(s, p, observer, lead, progress, lang)
                                                          for p in range(n)],
        "paths": _paths(s, lang), "general": _general(s, lead, progress), "piles": _piles(s, lang),
        "decision": decision_view(s, observer, lang),
    }
