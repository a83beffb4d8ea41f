"""Compare solo agents deal by deal: ``df-env bench`` JSON files of runs on the same deals (same ``--seed`` and
``--games``), each against the first (docs/training.md, "How far apart two rows must be").

For every other file: its wins and the first file's on the deals both played, and the discordant deals (won by the
first only, by the other only). Two agents of equal strength differ on about as many deals each way; what decides
is the gap between the two discordant counts, not between the win totals of two unpaired runs.

    python experiments/value_rounds/paired.py runs/e31_shipped.json runs/e31_candidate.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def solo_wins(path: Path) -> dict[int, bool]:
    """Whether the (only) agent won, by game seed, from a solo ``df-env bench`` JSON file."""
    try:
        report = json.loads(path.read_text())
        games = report["games"]
        if report["config"]["num_players"] != 1 or len(report["labels"]) != 1:
            raise SystemExit(f"{path}: needs a solo run of one agent (df-env bench --agents SPEC), got "
                             f"{report['config']['num_players']} player(s) and agents {report['labels']}")
        return {int(g["seed"]): g["winner"] == 0 for g in games}
    except (OSError, ValueError, KeyError, TypeError, OverflowError) as e:  # Infinity as a seed: OverflowError
        raise SystemExit(f"{path}: not a df-env bench JSON file ({type(e).__name__}: {e})") from None


def compare(base: dict[int, bool], other: dict[int, bool]) -> tuple[int, int, int, int, int]:
    """(deals both played, base's wins, other's wins, won by base only, won by other only) on the common deals."""
    common = base.keys() & other.keys()
    return (len(common), sum(base[s] for s in common), sum(other[s] for s in common),
            sum(base[s] and not other[s] for s in common), sum(other[s] and not base[s] for s in common))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", type=Path, help="the reference run")
    ap.add_argument("others", type=Path, nargs="+", help="runs on the same deals")
    a = ap.parse_args(argv)
    base = solo_wins(a.base)
    for f in a.others:
        n, wb, wo, only_b, only_o = compare(base, solo_wins(f))
        if n == 0:
            raise SystemExit(f"{f} shares no deal with {a.base}: run both with the same --seed and --games")
        print(f"{f}: {wo}/{n} against {wb}/{n}; deals won by {a.base.name} only {only_b}, by this only {only_o}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
