"""The learning curve of a training run (``curve.png``) from its ``eval.csv`` and ``progress.csv``."""

from __future__ import annotations

import csv
from pathlib import Path


def _rows(path: Path) -> list[dict[str, str]]:
    if not path.is_file():
        return []
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def learning_curve(out: str | Path, path: str | Path | None = None, x_key: str = "time/total_timesteps",
                   y_key: str = "rollout/win_rate", x_label: str = "env steps",
                   train_label: str = "training episodes (sampled actions)") -> Path:
    """Plot evaluation win rates (95% Wilson bands, the heuristic's rate on the same games dashed) and the
    training episodes' win rate (``progress.csv`` columns ``x_key``, ``y_key``) against env steps (or what
    ``x_label`` names: the iterations of ``--algo exit``); writes ``OUT/curve.png`` (or ``path``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(out)
    evals = _rows(out / "eval.csv")
    progress = _rows(out / "progress.csv")
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    for opp in sorted({r["opponent"] for r in evals}):
        rows = [r for r in evals if r["opponent"] == opp]
        x = [int(r["step"]) for r in rows]
        y = [100 * float(r["win_rate"]) for r in rows]
        lo = [100 * float(r["lo"]) for r in rows]
        hi = [100 * float(r["hi"]) for r in rows]
        line = ax.plot(x, y, marker="o", label=f"eval {opp} ({rows[0]['games']} games)")[0]
        ax.fill_between(x, lo, hi, alpha=0.2, color=line.get_color())
        ax.axhline(100 * float(rows[0]["baseline_win_rate"]), ls="--", color=line.get_color(), alpha=0.7,
                   label=f"heuristic, same games ({opp})")
    xs = [int(float(r[x_key])) for r in progress if r.get(y_key)]
    ys = [100 * float(r[y_key]) for r in progress if r.get(y_key)]
    if xs:
        ax.plot(xs, ys, color="grey", lw=0.8, alpha=0.6, label=train_label)
    ax.set_xlabel(x_label)
    ax.set_ylabel("win rate (%)")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    minutes = [float(r["minutes"]) for r in evals]
    ax.set_title(f"{out.name}: learning curve" + (f" ({max(minutes):.0f} min)" if minutes else ""))
    fig.tight_layout()
    target = Path(path) if path else out / "curve.png"
    fig.savefig(target)
    plt.close(fig)
    return target


def compare_runs(runs: dict[str, str | Path], path: str | Path, x: str = "minutes") -> Path:
    """Evaluation win rates (95% Wilson bands) of several runs against wall minutes (``x="minutes"``) or env
    steps (``x="step"``) in one picture, with the heuristic's rate on the same games dashed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    baseline = None
    for label, folder in runs.items():
        rows = _rows(Path(folder) / "eval.csv")
        if not rows:
            continue
        xs = [float(r[x]) for r in rows]
        line = ax.plot(xs, [100 * float(r["win_rate"]) for r in rows], marker="o", ms=3, label=label)[0]
        ax.fill_between(xs, [100 * float(r["lo"]) for r in rows], [100 * float(r["hi"]) for r in rows],
                        alpha=0.15, color=line.get_color())
        baseline = 100 * float(rows[0]["baseline_win_rate"])
    if baseline is not None:
        ax.axhline(baseline, ls="--", color="black", alpha=0.6, label="heuristic, same games")
    ax.set_xlabel("wall minutes" if x == "minutes" else "env steps")
    ax.set_ylabel("win rate (%)")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return Path(path)
