"""The ceiling of a solo benchmark: which deals a reference agent won, and each agent's win rate over those.

``df-env bench --ceiling [SPEC]`` (default ``oracle:iters=400``, the clairvoyant reference that sees hidden cards,
:mod:`agents.deep_future.oracle`) plays the reference on every deal of a solo benchmark beside the other agents. A deal
the reference won is *winnable*; an agent's win rate over the winnable deals says how much of what could be won it won.
:func:`ceiling_report` computes it from a solo :class:`~df_env.bench.BenchResult` (it goes into the JSON under
``meta.ceiling``), :func:`format_ceiling` prints it below the bench table.

Example:
    >>> from df_env.bench import BenchConfig, run_bench
    >>> r = run_bench(BenchConfig(agents=("heuristic", "first"), games=20, jobs=1), show_progress=False)
    >>> report = ceiling_report(r, "heuristic")
    >>> report["agents"]["heuristic"]["win_rate_winnable"]
    1.0
"""

from __future__ import annotations

from typing import Any

from df_env.bench import BenchResult, wilson

DEFAULT_REFERENCE = "oracle:iters=400"


def _reference_index(result: BenchResult, reference: str) -> int:
    config = result.config
    if config.num_players != 1:
        raise ValueError(f"the ceiling is a solo measure; this benchmark has {config.num_players} players")
    labels = config.labels()
    if reference not in labels:
        raise ValueError(f"the reference {reference!r} did not play this benchmark; agents: {', '.join(labels)}")
    return labels.index(reference)


def ceiling_report(result: BenchResult, reference: str) -> dict[str, Any]:
    """Per deal whether ``reference`` (an agent label of the solo benchmark ``result``) won it, and per agent its
    wins over the deals the reference won (``win_rate_winnable`` with its 95% Wilson interval) and the deals it
    won that the reference lost."""
    ref = _reference_index(result, reference)
    won: dict[int, dict[int, bool]] = {}
    seeds: dict[int, int] = {}
    for g in result.games:
        won.setdefault(g.seating, {})[g.game] = g.winner == 0
        seeds[g.game] = g.seed
    deals = sorted(won[ref])
    winnable = [d for d in deals if won[ref][d]]
    agents: dict[str, dict[str, Any]] = {}
    for i, label in enumerate(result.config.labels()):
        wins = won.get(i, {})
        k = sum(wins.get(d, False) for d in winnable)
        lo, hi = wilson(k, len(winnable))
        agents[label] = {"wins": sum(wins.values()), "winnable_wins": k,
                         "win_rate_winnable": k / len(winnable) if winnable else float("nan"),
                         "ci_low": lo, "ci_high": hi,
                         "lost_winnable": [d for d in winnable if not wins.get(d, False)],
                         "won_unwinnable": [d for d in deals if wins.get(d, False) and not won[ref][d]]}
    return {"reference": reference, "deals": len(deals), "winnable": len(winnable),
            "per_deal": [{"game": d, "seed": seeds[d], "reference_won": won[ref][d]} for d in deals],
            "agents": agents}


def format_ceiling(report: dict[str, Any]) -> str:
    """The report as text: the reference's wins, then per agent its win rate over the winnable deals."""
    n, k = report["deals"], report["winnable"]
    lo, hi = wilson(k, n)
    lines = [f"ceiling: {report['reference']} won {k} of {n} deals ({100 * k / n:.1f}%, 95% CI "
             f"{100 * lo:.1f}-{100 * hi:.1f}%); those are the winnable deals",
             f"{'agent':<36} {'wins':>5} {'on winnable':>11} {'rate':>7} {'95% CI':>13} {'won, ref. lost':>14}",
             "-" * 91]
    for label, a in report["agents"].items():
        if label == report["reference"]:
            continue
        rate = a["win_rate_winnable"]
        lines.append(f"{label[:36]:<36} {a['wins']:>5} {a['winnable_wins']:>5} of {k:<3} "
                     f"{'-' if rate != rate else f'{100 * rate:.1f}%':>7} "
                     f"{100 * a['ci_low']:>5.1f}-{100 * a['ci_high']:.1f}% {len(a['won_unwinnable']):>14}")
    unwinnable = [d["game"] for d in report["per_deal"] if not d["reference_won"]]
    lines.append(f"deals the reference lost (game numbers): {', '.join(map(str, unwinnable)) or 'none'}")
    return "\n".join(lines)
