"""Writes ``docs/state.md``, the field-by-field reference of the state record, from :mod:`df_env.engine.model.state`.

    python -m tools.statedoc          # rewrite the doc
    python -m tools.statedoc --check  # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from df_env.engine.model import constants as K
from df_env.engine.model.state import _FIELDS, STATE_DTYPE, STATE_VERSION

DOC_PATH = Path(__file__).resolve().parents[1] / "docs" / "state.md"

INTRO = f"""# The state record

A game is one numpy structured record of `STATE_DTYPE` (layout version {STATE_VERSION}, {STATE_DTYPE.itemsize} bytes):
`state = engine.new_game(...)` is a 0-d array, `state["cubes"]` the 37-sector cube array. A batch of games is a 1-d
array of the same dtype; `engine.clone` copies the raw bytes; `to_json`/`from_json` (docs/position_format.md) write
it readably. Compiled code receives `state.reshape(1)` and works on record 0.

Encodings: sentinel `-1` = none; sectors are indices 0..36 (0 = black hole, `(a-1)*6+b` = printed sector `ab`);
suits 0..5 = S M R K H F; card numbers 1..6; advancement id = `6*suit + number-1` (Table 5 order); players 0..2 and
cube owner 3 = the neutral rivals; card types 0 blank, 1 world, 2 tech, 3 civilization.

Capacities (`df_env/engine/model/constants.py`; exceeding one is a clear error or, per R41, a choice not offered):
{K.MAX_CARDS} cards in the pool, {K.MAX_HAND} cards in a hand, {K.MAX_TECHS} techs and {K.MAX_WORLDS} settled worlds per
player, {K.MAX_CHALLENGES} challenges, {K.MAX_FRAMES} procedure frames, {K.MAX_EVENTS} events per decision.

| field | dtype | shape | meaning |
|---|---|---|---|
"""


def generate() -> str:
    rows = [f"| `{name}` | {fmt} | {shape if shape else 'scalar'} | {doc} |" for name, fmt, shape, doc in _FIELDS]
    return INTRO + "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="write docs/state.md")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    text = generate()
    if args.check:
        if not DOC_PATH.exists() or DOC_PATH.read_text() != text:
            print(f"{DOC_PATH} is stale: run python -m tools.statedoc", file=sys.stderr)
            return 1
        return 0
    DOC_PATH.write_text(text)
    print("wrote", DOC_PATH)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
