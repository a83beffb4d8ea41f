"""Plot the evaluation curves of several ``df-env train`` runs together (docs/training.md's figures).

    python experiments/compare_runs.py docs/training_solo.png entity=runs/solo_entity mlp=runs/solo_mlp
    python experiments/compare_runs.py out.png --x step a=runA b=runB
"""

from __future__ import annotations

import argparse

from df_env.train.plots import compare_runs


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", help="the PNG to write")
    p.add_argument("runs", nargs="+", metavar="LABEL=FOLDER")
    p.add_argument("--x", choices=("minutes", "step"), default="minutes")
    args = p.parse_args()
    runs = {}
    for item in args.runs:
        label, eq, folder = item.partition("=")
        if not eq:
            p.error(f"{item!r}: expected LABEL=FOLDER")
        runs[label] = folder
    print(compare_runs(runs, args.out, x=args.x))


if __name__ == "__main__":
    main()
