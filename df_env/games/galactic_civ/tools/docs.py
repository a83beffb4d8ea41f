"""Writes Galactic Civ's generated docs from the engine's own tables: ``docs/galactic_civ/state.md`` (the state
record, field by field) and ``docs/galactic_civ/actions.md`` (the flat action space and the decisions).

    python -m df_env.games.galactic_civ.tools.docs          # rewrite both
    python -m df_env.games.galactic_civ.tools.docs --check  # exit 1 if one is stale
"""

from __future__ import annotations

import argparse
import sys

from df_env.games.galactic_civ.engine import state as S
from df_env.games.galactic_civ.engine.observe import OBS_PARTS, OBS_SIZE
from df_env.games.galactic_civ.tools import REPO

DOCS = REPO / "docs" / "galactic_civ"


def state_doc() -> str:
    rows = ["# Galactic Civ: the state record", "",
            f"A game is one numpy structured record of `STATE_DTYPE` (layout version {S.STATE_VERSION}, "
            f"{S.STATE_DTYPE.itemsize:,} bytes), defined in `df_env/games/galactic_civ/engine/state.py`: "
            "`GAME.new_game(...)` returns a 0-d array; compiled code receives `state.reshape(1)` and works on "
            "record 0; `GAME.clone` copies the raw bytes; `to_json`/`from_json` write it readably (position.md). "
            "Encodings: `-1` = none; seats 0..5; attributes 0..7 in RULES.md GC2's order; races 0..10 (GC5); "
            "cards 0..119 and events 0..76 in RULES.md's list order. Unused slots of piles and the log are 0, so "
            "two equal positions have equal bytes.", "",
            f"Phases (`phase`): {', '.join(f'{i} {p}' for i, p in enumerate(S.PHASES))}.", "",
            "| field | type | shape | meaning |", "|---|---|---|---|"]
    for name, kind, shape, doc in S.FIELDS:
        rows.append(f"| `{name}` | {kind} | {shape or '()'} | {doc} |")
    rows += ["", f"## The observation ({OBS_SIZE} floats, `GAME.observe(state, seat)`)", "",
             "Seats are rotated so that the observer is seat 0 of the vector. Parts in order:", "",
             "| part | size |", "|---|---|"] + [f"| {p} | {n} |" for p, n in OBS_PARTS]
    return "\n".join(rows) + "\n"


def actions_doc() -> str:
    rows = ["# Galactic Civ: actions and decisions", "",
            f"One flat discrete action space of {S.NUM_ACTIONS} ids in blocks (`action = block start + index`); "
            "the state's `mask` marks the legal ones of the pending decision (never none before the end). One "
            "atomic decision at a time: `GAME.action_to_string` names each choice in words (card, race, attribute, "
            "seat), in English or Chinese.", "", "| block | first id | size | index means |", "|---|---|---|---|"]
    meaning = {"race": "race id (GC5)", "play": "card id to play", "discard": "card id to discard",
               "target": "seat", "attribute": "attribute id (GC2)", "pass": "decline (a play, the Expansion benefit)",
               "take": "take the Expansion benefit", "dilemma": "0 Benevolent, 1 Malevolent"}
    for (name, size), start in zip(S.BLOCKS, S.BLOCK_START.tolist(), strict=True):
        rows.append(f"| {name} | {start} | {size} | {meaning[name]} |")
    rows += ["", "| decision | asks | answered from |", "|---|---|---|"]
    blocks = {"race": "race", "play": "play, pass", "target": "target", "pick": "attribute", "expand": "take, pass",
              "discard": "discard", "dilemma": "dilemma", "none": "(nothing: the game is over)"}
    for name, what in S.DECISIONS:
        rows.append(f"| {name} | {what} | {blocks[name]} |")
    return "\n".join(rows) + "\n"


GENERATED = {"state.md": state_doc, "actions.md": actions_doc}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    stale = [n for n, f in GENERATED.items() if not (DOCS / n).exists() or (DOCS / n).read_text() != f()]
    if args.check:
        print("stale:", stale)
        return 1 if stale else 0
    for n, f in GENERATED.items():
        (DOCS / n).write_text(f())
        print("wrote", DOCS / n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
