"""Compare agents deal by deal: ``df-env bench`` JSON files of runs on the same deals (same ``--seed`` and
``--games``), each against the first (docs/training.md, "How far apart two rows must be").

For every other file: its wins and the first file's on the deals both played, and the discordant deals (won by the
first only, by the other only). Two agents of equal strength differ on about as many deals each way; what decides
is the gap between the two discordant counts, not between the win totals of two unpaired runs.

Solo runs of one agent each; or runs of two agents at a table of 2-3 players (``df-env bench --players N --agents A
B``), where a game is matched by its seating and deal and what is compared is the first agent's wins against the
same second agent (docs/ceiling.md, "Two players").

    python experiments/value_rounds/paired.py runs/e31_shipped.json runs/e31_candidate.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # experiments/solo_deals, however this is loaded

from solo_deals import sign_test


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


def table_wins(path: Path) -> tuple[str, dict[tuple[int, int], bool]]:
    """The second agent's label and whether the first agent won, by (seating, game seed), from a ``df-env bench``
    JSON file of two agents at a table of 2 or more players."""
    try:
        report = json.loads(path.read_text())
        labels, games = report["labels"], report["games"]
        if report["config"]["num_players"] < 2 or not isinstance(labels, list) or len(labels) != 2:
            raise SystemExit(f"{path}: needs a run of two agents at a table of 2 or more players (df-env bench "
                             f"--players N --agents A B), got {report['config']['num_players']} player(s) and "
                             f"agents {labels}")
        wins = {}
        for g in games:
            seats = g["agents"]
            if not isinstance(seats, list) or seats.count(0) != 1 or type(g["winner"]) is not int:
                raise ValueError(f"game {g.get('game')!r}: agents {seats!r}, winner {g['winner']!r}")
            wins[(int(g["seating"]), int(g["seed"]))] = g["winner"] == seats.index(0)
        return str(labels[1]), wins
    except (OSError, ValueError, KeyError, TypeError, AttributeError, OverflowError) as e:
        raise SystemExit(f"{path}: not a df-env bench JSON file ({type(e).__name__}: {e})") from None


def _is_solo(path: Path) -> bool:
    """Whether ``path`` holds a solo run (read loosely: the readers above say what is wrong with a bad file)."""
    try:
        return json.loads(path.read_text())["config"]["num_players"] == 1
    except (OSError, ValueError, KeyError, TypeError):
        return True


def compare(base: dict, other: dict) -> tuple[int, int, int, int, int]:
    """(deals both played, base's wins, other's wins, won by base only, won by other only) on the common deals."""
    common = base.keys() & other.keys()
    return (len(common), sum(base[s] for s in common), sum(other[s] for s in common),
            sum(base[s] and not other[s] for s in common), sum(other[s] and not base[s] for s in common))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", type=Path, help="the reference run")
    ap.add_argument("others", type=Path, nargs="+", help="runs on the same deals")
    a = ap.parse_args(argv)
    solo = _is_solo(a.base)
    if solo:
        base: dict = solo_wins(a.base)
    else:
        opponent, base = table_wins(a.base)
    runs = []  # every file read and checked before the first line is printed
    for f in a.others:
        if solo:
            other: dict = solo_wins(f)
        else:
            their_opponent, other = table_wins(f)
            if their_opponent != opponent:
                raise SystemExit(f"{f} plays against {their_opponent}, {a.base} against {opponent}: compare runs "
                                 "against the same second agent")
        if not base.keys() & other.keys():
            raise SystemExit(f"{f} shares no deal with {a.base}: run both with the same --seed and --games")
        runs.append((f, other))
    for f, other in runs:
        n, wb, wo, only_b, only_o = compare(base, other)
        print(f"{f}: {wo}/{n} against {wb}/{n}; deals won by {a.base.name} only {only_b}, by this only {only_o} "
              f"(sign test p = {sign_test(only_b, only_o):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
