"""Where the honest agents' solo losses come from, measured against the clairvoyant reference (docs/ceiling.md).

Reads a solo ``df-env bench`` JSON file in which a reference (default ``oracle:iters=400``) played the same deals as
the other agents (``df-env bench --ceiling`` or ``--agents oracle:iters=400 ...``) and prints, per agent: its
wins over the winnable deals (those the reference won), and for the winnable deals it lost, how it lost (the loss
cause: the track that reached the cross, or the homeworld; or the turn limit) and how the reference won them
(victory type); then the deals every agent lost, and each deal's line.

    python experiments/ceiling_study.py results/ceiling_s41.json [--reference oracle:iters=400] [--deals]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def load(path: Path) -> tuple[list[str], dict[tuple[int, int], dict[str, Any]]]:
    """The labels and the games by (agent index, game number) of a solo bench JSON file."""
    try:
        doc = json.loads(path.read_text())
        if doc["config"]["num_players"] != 1:
            raise SystemExit(f"{path}: the ceiling is a solo measure; this run has {doc['config']['num_players']} "
                             "players")
        return list(doc["labels"]), {(g["seating"], g["game"]): g for g in doc["games"]}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{path}: not a df-env bench JSON file ({type(e).__name__}: {e})") from None


def how_lost(g: dict[str, Any]) -> str:
    return g["cause"][0] or g["outcome"][0]


def outcome(g: dict[str, Any]) -> str:
    return f"{'WIN ' + g['victory'] if g['winner'] == 0 else how_lost(g)} t{g['turns']}"


def report(labels: list[str], games: dict[tuple[int, int], dict[str, Any]], reference: str) -> list[str]:
    if reference not in labels:
        raise SystemExit(f"the reference {reference!r} is not among the agents: {', '.join(labels)}")
    ref = labels.index(reference)
    deals = sorted(g for (i, g) in games if i == ref)
    winnable = [d for d in deals if games[(ref, d)]["winner"] == 0]
    lines = [f"{reference}: won {len(winnable)} of {len(deals)} deals; lost: "
             f"{[d for d in deals if d not in winnable]}"]
    for i, label in enumerate(labels):
        if i == ref:
            continue
        lost = [d for d in winnable if games[(i, d)]["winner"] != 0]
        won = len(winnable) - len(lost)
        lines.append(f"\n{label}: {won} of {len(winnable)} winnable deals ({100 * won / max(1, len(winnable)):.1f}%);"
                     f" lost {len(lost)}: {lost}")
        lines.append(f"  how it lost them: {dict(Counter(how_lost(games[(i, d)]) for d in lost).most_common())}")
        lines.append(f"  how the reference won them: "
                     f"{dict(Counter(games[(ref, d)]['victory'] for d in lost).most_common())}")
        victories = Counter(games[(i, d)]["victory"] for d in deals if games[(i, d)]["winner"] == 0)
        lines.append(f"  its victories: {dict(victories.most_common())}")
        lines.append(f"  mean peak progress in those losses: "
                     f"{sum(games[(i, d)]['peak_progress'][0] for d in lost) / max(1, len(lost)):.3f}")
    others = [i for i in range(len(labels)) if i != ref]
    all_lost = [d for d in deals if all(games[(i, d)]["winner"] != 0 for i in others)]
    lines.append(f"\ndeals every honest agent lost: {len(all_lost)}: {all_lost} (the reference won "
                 f"{sum(d in winnable for d in all_lost)} of them)")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", type=Path, help="a solo df-env bench JSON file with the reference among its agents")
    ap.add_argument("--reference", default="oracle:iters=400", help="the reference's label (default oracle:iters=400)")
    ap.add_argument("--deals", action="store_true", help="also one line per deal: each agent's outcome")
    a = ap.parse_args(argv)
    labels, games = load(a.file)
    print("\n".join(report(labels, games, a.reference)))
    if a.deals:
        for d in sorted({g for (_, g) in games}):
            print(d, " | ".join(f"{lab}: {outcome(games[(i, d)])}" for i, lab in enumerate(labels)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
