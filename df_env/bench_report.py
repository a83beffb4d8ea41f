"""Benchmark output: the results table (text), and the JSON, CSV and PNG files.

Files for an output prefix ``results/bench``: ``results/bench.json`` (configuration, summary, every game),
``results/bench.csv`` (one row per game and seat) and ``results/bench.png`` (win rate with its 95% interval and
progress score per agent).
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

from df_env.bench import AgentSummary, BenchResult


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _counts(d: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(d.items(), key=lambda kv: -kv[1])) or "-"


def _ms(x: float) -> str:
    if not math.isfinite(x):
        return "-"
    return f"{x:.3f}" if x < 1 else f"{x:.1f}"


def _speed(x: float) -> str:
    return "-" if not math.isfinite(x) else f"{x:,.0f}"


def format_table(result: BenchResult) -> str:
    """The results table: one row per agent, then victory types and loss causes.

    Columns: games, wins, win rate and its 95% Wilson interval, mean game length in player-turns, the mean peak progress
    score over games not won (``df_env.games.deep_future.progress``), decisions per second (wall clock), CPU
    milliseconds per decision (the playing thread's CPU time: comparable across loads), and in multiplayer the openskill
    rating (mu, and the conservative ordinal mu - 3 sigma). """
    multi = result.config.num_players > 1
    head = f"{'agent':<34} {'games':>6} {'wins':>6} {'win rate':>8} {'95% CI':>15} {'turns':>6} " \
           f"{'progress':>8} {'dec/s':>9} {'cpu ms':>7}" + (f" {'rating':>7} {'ordinal':>7}" if multi else "")
    lines = [head, "-" * len(head)]
    for s in result.summary:
        row = f"{s.agent[:34]:<34} {s.games:>6} {s.wins:>6} {_pct(s.win_rate):>8} " \
              f"{_pct(s.ci_low) + '-' + _pct(s.ci_high).strip():>15} {s.mean_turns:>6.1f} " \
              f"{s.progress_not_won:>8.3f} {_speed(s.decisions_per_second):>9} {_ms(s.cpu_ms_per_decision):>7}"
        if multi:
            row += f" {s.rating_mu or 0:>7.2f} {s.rating_ordinal or 0:>7.2f}"
        lines.append(row)
    lines.append("")
    for s in result.summary:
        lines.append(f"{s.agent}: victories: {_counts(s.victories)}; outcomes: {_counts(s.outcomes)}; "
                     f"losses by: {_counts(s.loss_causes)}")
    c = result.config
    options = "".join(f", {k}={v}" for k, v in c.options.items())  # the game's options (Galactic Civ's events)
    lines.append(f"\n{len(result.games)} games, {c.num_players} player(s){options}, seed {c.seed}, turn limit "
                 f"{c.turn_limit}, {result.meta.get('jobs')} job(s), {result.seconds:.1f} s. progress = mean peak "
                 f"progress score (0..1) over games not won.")
    if result.meta.get("partial"):
        why = "stopped by an error" if result.meta.get("error") else "interrupted"
        lines.append(f"PARTIAL: {why} after {len(result.games)} of {result.meta.get('games_planned')} games.")
    return "\n".join(lines)


def write_json(result: BenchResult, path: Path) -> None:
    path.write_text(json.dumps(_clean(result.to_dict()), indent=1) + "\n")


def _clean(x: object) -> object:
    """JSON has no NaN or infinity: write null."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_clean(v) for v in x]
    return x


CSV_FIELDS = ("seating", "game", "seed", "seat", "agent", "outcome", "cause", "victory", "turns", "decisions",
              "peak_progress", "seconds")


def write_csv(result: BenchResult, path: Path) -> None:
    labels = result.config.labels()
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(CSV_FIELDS)
        for g in result.games:
            for seat, i in enumerate(g.agents):
                w.writerow([g.seating, g.game, g.seed, seat, labels[i], g.outcome[seat], g.cause[seat],
                            g.victory if g.winner == seat else "", g.turns, g.decisions[seat],
                            g.peak_progress[seat], f"{g.seconds[seat]:.6f}"])


def write_plot(result: BenchResult, path: Path) -> None:
    """Two panels per agent: win rate with its 95% Wilson interval, and the mean peak progress score."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows: list[AgentSummary] = result.summary
    names = [s.agent for s in rows]
    x = range(len(rows))
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(max(7.0, 2.2 * len(rows) + 3), 4.2))
    rates = [100 * s.win_rate for s in rows]
    err = [[max(0.0, 100 * (s.win_rate - s.ci_low)) for s in rows], [max(0.0, 100 * (s.ci_high - s.win_rate))
                                                                    for s in rows]]
    ax1.bar(x, rates, yerr=err, capsize=6, color="#4c72b0")
    ax1.set_ylabel("win rate (%), 95% Wilson interval")
    ax1.set_ylim(0, max(5.0, max(100 * s.ci_high for s in rows) * 1.15))
    for i, s in enumerate(rows):
        ax1.text(i, 100 * s.ci_high, f"{100 * s.win_rate:.1f}%", ha="center", va="bottom", fontsize=9)
    ax2.bar(x, [s.mean_progress for s in rows], color="#55a868", label="all games")
    ax2.bar(x, [0 if math.isnan(s.progress_not_won) else s.progress_not_won for s in rows], width=0.45,
            color="#c44e52", label="games not won")
    ax2.set_ylabel("mean peak progress score")
    ax2.set_ylim(0, 1)
    ax2.legend(loc="upper left", fontsize=8)
    for ax in (ax1, ax2):
        ax.set_xticks(list(x))
        ax.set_xticklabels(names, rotation=15, ha="right", fontsize=8)
    c = result.config
    partial = f" (interrupted: {len(result.games)} games)" if result.meta.get("partial") else ""
    fig.suptitle(f"df-env bench: {c.num_players} player(s), {c.games} games per "
                 f"{'agent' if c.num_players == 1 else 'seating'}, seed {c.seed}{partial}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_all(result: BenchResult, prefix: str | Path) -> list[Path]:
    """Write ``prefix.json``, ``prefix.csv`` and ``prefix.png`` (directories are created); returns the paths."""
    base = Path(prefix)
    if base.suffix in (".json", ".csv", ".png"):
        base = base.with_suffix("")
    base.parent.mkdir(parents=True, exist_ok=True)
    # appended, not with_suffix: a prefix such as c_puct0.15 keeps its dot (else c_puct0.json, shared with c_puct0.4)
    paths = [base.with_name(f"{base.name}.{ext}") for ext in ("json", "csv", "png")]
    write_json(result, paths[0])
    write_csv(result, paths[1])
    write_plot(result, paths[2])
    return paths
