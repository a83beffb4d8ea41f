"""What a board-game player needs to read the page: the tracks' scales (start, cross, star) and the rule references
the page's sentences cite ("(R12)", "Table 6"), explained in a sentence, in English and Chinese.

The rule references are those of ``docs/rulings.md`` (R1..R47, how the engine reads the rulebook) and the rulebook's
tables; the page shows the sentence on hover (``static/board.js``). The track scales come from the engine's
constants (R3): Culture 0..12 with the star at 12 and no cross; Might, Stability and Xeno -6..+6, the cross at -6
and the star at +6.

Example:
    >>> [t["star"] for t in board_bundle("en")["tracks"]], board_bundle("en")["tracks"][1]["cross"]
    ([12, 6, 6, 6], -6)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from . import engine_view as E

_WORDS = json.loads(resources.files("df_env.games.deep_future.web").joinpath("data/words.json").read_text("utf-8"))
RULES: dict[str, dict[str, str]] = _WORDS["rules"]  # data: web/data/words.json


def track_scales() -> list[dict[str, Any]]:
    """Per track (Culture, Might, Stability, Xeno): its lowest and highest value, the cross (None: none), the star
    and the start (R3)."""
    scales = []
    for t in range(4):
        lo, hi = int(E.TRACK_MIN[t]), int(E.TRACK_MAX[t])
        cross = int(E.TRACK_LOSE[t])
        scales.append({"min": lo, "max": hi, "cross": cross if cross >= lo else None, "star": hi, "start": 0})
    return scales


def board_bundle(lang: str) -> dict[str, Any]:
    """What ``static/board.js`` needs in ``lang``: the track scales and the rule references' sentences."""
    return {"tracks": track_scales(), "rules": RULES[lang]}
