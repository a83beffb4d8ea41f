"""How long the person waits for the AI in ``df-env play``, from a cold start: the first board, then every AI move.

    python experiments/bench_first_move.py                      # 2 players, seats 0 and 1, empty numba cache
    python experiments/bench_first_move.py --seats 1 --think 0  # a person who answers at once
    python experiments/bench_first_move.py --warm               # the cache kept between the runs

Each run is a subprocess with ``NUMBA_CACHE_DIR`` set to a new temporary folder (nothing loaded from an earlier
run) that plays ``df-env play --players N --seat S`` with the CLI's default opponents through a scripted console:
the person picks the first choice ``--think`` seconds after each prompt, for ``--decisions`` decisions, then quits.
Printed per run: the seconds until the first board is on the screen (the start, compiles announced), then the
person's waits: from each answer (or the first board) to the next prompt, i.e. the AI moves in between; the first
and the longest of them are issue 27's bar ("the default AI's first move within 2 s of the board being shown").
Wall time: run it on a quiet machine, and say its load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import json, sys, time
from agents import default_opponent
from df_env.terminal import Console, play_human

players, seat, decisions = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[4])
think, log = float(sys.argv[3]), sys.argv[5]
t0 = time.perf_counter()
marks = []  # (time the prompt appeared, time the person answered)

def read(prompt):
    shown = time.perf_counter() - t0
    if len(marks) >= decisions:
        raise KeyboardInterrupt  # the person quits (the game is saved)
    time.sleep(think)
    marks.append((shown, time.perf_counter() - t0))
    return "1"

try:
    play_human(players, seat, [default_opponent(players)] * (players - 1), 7, log,
               console=Console(read=read, write=lambda text: None), analysis=None)
except KeyboardInterrupt:
    pass
waits = [round(marks[k + 1][0] - marks[k][1], 3) for k in range(len(marks) - 1)]
print(json.dumps({"first_board_s": round(marks[0][0], 2), "waits_s": waits}))
"""


def run(players: int, seat: int, think: float, decisions: int, cache: str | None) -> dict[str, object]:
    """One play session in a subprocess; its numba cache in ``cache`` (a fresh folder when None)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache or os.path.join(tmp, "numba"))
        out = subprocess.run([sys.executable, "-c", CHILD, str(players), str(seat), str(think), str(decisions),
                              os.path.join(tmp, "game.json")], env=env, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    waits = result["waits_s"]
    return {"players": players, "seat": seat, "think_s": think, "cold": cache is None, **result,
            "first_ai_wait_s": waits[0] if waits else None, "longest_wait_s": max(waits, default=None)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seats", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--think", type=float, default=0.5, help="seconds the person takes for each choice")
    ap.add_argument("--decisions", type=int, default=8, help="the person's decisions before he quits")
    ap.add_argument("--warm", action="store_true", help="one numba cache for all the runs (filled by the first)")
    args = ap.parse_args(argv)
    print(json.dumps({"load": os.getloadavg()[0]}), flush=True)
    with tempfile.TemporaryDirectory() as cache:
        for seat in args.seats:
            print(json.dumps(run(args.players, seat, args.think, args.decisions, cache if args.warm else None)),
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
