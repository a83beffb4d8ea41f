"""Writes ``docs/state.md``, the field-by-field reference of the state record, from
:mod:`df_env.games.deep_future.engine.model.state`.
    python -m df_env.games.deep_future.tools.statedoc          # rewrite the doc
    python -m df_env.games.deep_future.tools.statedoc --check  # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import sys

from df_env.games.deep_future.engine.model import constants as K
from df_env.games.deep_future.engine.model.state import _FIELDS, POOL_FIELDS, STATE_DTYPE, STATE_DTYPES, STATE_VERSION
from df_env.games.deep_future.tools import REPO

DOC_PATH = REPO / "docs" / "state.md"

INTRO = f"""# The state record

A game is one numpy structured record of `STATE_DTYPE` (layout version {STATE_VERSION},
{STATE_DTYPE.itemsize:,} bytes in the base tier): `state = engine.new_game(...)` is a 0-d array, `state["cubes"]`
the 37-sector cube array. A batch of games is a 1-d array of the same dtype; `engine.clone` copies the raw bytes;
`to_json`/`from_json` (docs/position_format.md) write it readably. Compiled code receives `state.reshape(1)` and
works on record 0.

Encodings: sentinel `-1` = none; sectors are indices 0..36 (0 = black hole, `(a-1)*6+b` = printed sector `ab`);
suits 0..5 = S M R K H F; card numbers 1..6; advancement id = `6*suit + number-1` (Table 5 order); players 0..2 and
cube owner 3 = the neutral rivals; card types 0 blank, 1 world, 2 tech, 3 civilization.

Capacities (`df_env/games/deep_future/engine/model/constants.py`; exceeding one is a clear error or, per R41, a
choice not offered): the card pool's capacity `C` (below), {K.MAX_HAND} cards in a hand, {K.MAX_TECHS} techs and
{K.MAX_WORLDS} settled worlds per player, {K.MAX_CHALLENGES} challenges, {K.MAX_FRAMES} procedure frames,
{K.MAX_EVENTS} events per decision.

## Capacity tiers: the card pool grows

The card pool holds every card of a campaign, which grows without end (1.6). The {len(POOL_FIELDS)} fields with a
dimension `C` below have one entry per card slot, and a state has one of a few capacities `C`
(`constants.CAPACITY_TIERS`), each its own dtype (`model.state.state_dtype(C)`; `STATE_DTYPE` is the base tier):

| capacity `C` | record size | games in it |
|---|---|---|
""" + "\n".join(f"| {d['c_num'].shape[0]} | {d.itemsize:,} bytes | "
                 + (f"a fresh galaxy; campaigns up to {d['c_num'].shape[0] - K.POOL_HEADROOM} cards |"
                    if d == STATE_DTYPE else f"pools up to {d['c_num'].shape[0] - K.POOL_HEADROOM} cards |")
                 for d in STATE_DTYPES) + f"""

* A game gets the smallest tier leaving `POOL_HEADROOM` = {K.POOL_HEADROOM} free slots for the cards it makes
  (`model.state.tier_for(n_cards)`; random play adds 1.5 cards a game solo, at most about 10 at 3 players), or
  `GameConfig(capacity=...)`. `engine.capacity(state)` reads a state's tier; `engine.resize(state, C)` copies it
  into another tier exactly (the game plays on identically: the engine reads no slot past `n_cards`).
* The campaign runner (`df-env campaign play`) moves a game to the next tier when fewer than
  `ROOM_PER_DECISION` = {K.ROOM_PER_DECISION} slots are free before a decision (`model.state.make_room`); in the envs a
  game keeps the tier it starts in. A game that fills its tier stops with `card pool full` naming what to do.
* The largest tier is {K.MAX_POOL} cards (card ids are int16): a campaign within {K.POOL_HEADROOM} cards of it is
  complete, and `df-env campaign play` says so (start a new campaign).
* **Compile**: numba compiles the engine for each dtype it meets, so the first game in a bigger tier compiles the
  engine once more (about as long as the first import, 1-3 min; then cached on disk like the base tier). Games
  in the base tier never compile anything else, and run exactly as fast as before tiers existed.
* Files: a position (docs/position_format.md) writes `header.capacity` only when the state's tier is not the
  one its cards get by default; a campaign file (docs/campaign.md) lists cards, not slots, so it has no tier.

## Fields

| field | dtype | shape | meaning |
|---|---|---|---|
"""


def _shape(shape: tuple[int | str, ...]) -> str:
    if not shape:
        return "scalar"
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def generate() -> str:
    rows = [f"| `{name}` | {fmt} | {_shape(shape)} | {doc} |" for name, fmt, shape, doc in _FIELDS]
    return INTRO + "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="write docs/state.md")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    text = generate()
    if args.check:
        if not DOC_PATH.exists() or DOC_PATH.read_text() != text:
            print(f"{DOC_PATH} is stale: run python -m df_env.games.deep_future.tools.statedoc", file=sys.stderr)
            return 1
        return 0
    DOC_PATH.write_text(text)
    print("wrote", DOC_PATH)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
