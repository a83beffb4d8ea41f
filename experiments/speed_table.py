"""The README's speed table, every figure with the machine, its load and the date beside it (not a test).

    python experiments/speed_table.py            # the README's sizes (a few minutes)
    nice python experiments/speed_table.py --quick   # smaller sizes (about a minute once compiled)

Each row runs the measurement of ``experiments/bench_engine.py`` or ``experiments/bench_env.py`` that the README
names, and prints the figure with the machine (CPU model, cores), the 1-minute load average before and after it
and the UTC time: a figure measured at load 1 on a 2-core machine is about half of the quiet machine's, so a figure
is only comparable with one taken at the same load on the same machine. The last lines are the rows as Markdown,
for the README.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
from collections.abc import Callable
from datetime import datetime, timezone

from bench_engine import clone_time, compiled_random_play, python_loop
from bench_env import bench_single, bench_vector


def machine() -> str:
    """The CPU model and the number of cores (``/proc/cpuinfo`` on Linux)."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores"


def _k(x: float) -> str:
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.0f} k"


def measured(what: str, run: Callable[[], str]) -> tuple[str, str, str, str]:
    """Run one row's measurement: (what, figure, load before/after, UTC time); printed as it comes."""
    before = os.getloadavg()[0]
    figure = run()
    after = os.getloadavg()[0]
    row = (what, figure, f"{before:.2f} / {after:.2f}", datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))
    print(f"{what}: {figure}  [load {row[2]}, {row[3]}]", flush=True)
    return row


def rows(quick: bool) -> list[tuple[str, str, str, str]]:
    games, decisions, steps, iters = (2000, 50_000, 10_000, 60) if quick else (20_000, 300_000, 50_000, 300)
    per_n = (1, 2, 3)

    def compiled() -> str:
        r = [compiled_random_play(n, games)["decisions_per_s"] for n in per_n]
        return f"{_k(r[0])} decisions/s solo, {_k(r[1])} (2p), {_k(r[2])} (3p)"

    def loop() -> str:
        r = [python_loop(n, decisions)["decisions_per_s"] for n in per_n]
        return f"{_k(r[0])} decisions/s solo, {_k(r[1])} (2p), {_k(r[2])} (3p)"

    def single() -> str:
        r = [bench_single(n, steps, wrapped=False)[0] for n in per_n]
        return f"{_k(r[0])} steps/s solo, {_k(r[1])} (2p), {_k(r[2])} (3p)"

    def vector() -> str:
        r = [statistics.median(w[0] for w in bench_vector(n, 1024, iters, 2, warmup=iters, repeats=5))
             for n in per_n]
        return f"{_k(r[0])} steps/s solo, {_k(r[1])} (2p), {_k(r[2])} (3p) (median of 5 windows)"

    return [measured("random play, whole games in compiled code", compiled),
            measured("Python loop of `legal_actions` + `apply_action`", loop),
            measured("`engine.clone`", lambda: f"{clone_time(20_000 if quick else 200_000)['clone_us']:.2f} us"),
            measured("Gymnasium env `step` (observation + mask + reward)", single),
            measured("vector env, batch 1024, 2 threads, actions chosen in numpy", vector)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller sizes (noisier figures)")
    args = ap.parse_args()
    print(f"machine: {machine()}; Python {platform.python_version()}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    table = rows(args.quick)
    print(f"\nMeasured on {machine()}{' (--quick)' if args.quick else ''}; load = 1-minute load average before / "
          f"after the row.\n")
    print("| what | figure | load | when |\n|---|---|---|---|")
    for row in table:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
