"""Is the reference's move at a decisive decision right for a player who cannot see the deck?
(docs/net_mcts_losses.md, "The decisive decision in expectation")

The loss study (``loss_study.py --blame``) finds, in each solo deal the agent lost, the decisive decision: the last
one after which the clairvoyant reference, taking over, still wins. There the reference's move is right *given the
draws*, which it sees. This script asks whether it is right *in expectation*, for a player who sees only what the
agent saw: the state before that decision is determinized ``--samples`` times from the player's view (the deck order
and the game's generator resampled, as the honest searches do), and from each sample both moves, the agent's and the
reference's, are played and the rest of the game by ``--playout`` (default ``net-mcts:iters=400``, the agent). Both
moves meet the same samples and the same playout seed (paired). Per deal: the wins of each move and the paired
difference; overall: in how many deals the reference's move wins more, and the wins of each move in all.

A deal's agent line is replayed (the report's spec and agent seed, as ``loss_study.py``) and must end as the report
says. Sample ``n`` of deal ``g`` is determinized by ``derive_seed(engine_seed, n, 1)`` and played out by an agent
seeded ``derive_seed(engine_seed, n, 2)``, so a run is a function of the report and the options.

    python experiments/decisive_expectation.py REPORT.json [--samples 32] [--playout net-mcts:iters=400]
        [--jobs 2] [--kinds UPKEEP_CARD,CHALLENGE] [--deals 9,26] [--limit N] [--searches SPEC ...]
        [--out /tmp/decisive_expectation.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # loss_study, solo_deals beside this script

from loss_study import MAX_TURNS, play_line, search_moves, searchable, state_after
from solo_deals import parse_deals, play_all, sign_test, write_json_whole

from agents import make_agent
from df_env.bench import derive_seed
from df_env.games.deep_future.engine.api import apply_action
from df_env.games.deep_future.engine.model.decisions import DECISION_NAMES
from df_env.games.deep_future.engine.observation.determinize import determinize
from df_env.games.deep_future.engine.text.render import action_to_string

ROW_KEYS = {"game": int, "seed": int, "won": bool, "cause": str, "turn": int}
BLAME_KEYS = {"index": int, "kind": str, "agent_action": int, "reference_action": int}


def _check_keys(where: str, doc: Any, keys: dict[str, type]) -> None:
    if not isinstance(doc, dict):
        raise ValueError(f"{where}: expected a JSON object, got {type(doc).__name__}")
    for key, kind in keys.items():
        value = doc.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError(f"{where}: {key!r} must be {kind.__name__}, got {value!r}")


def decisive_rows(report: Any) -> list[dict[str, Any]]:
    """The lost deals of a loss-study report that have a decisive decision with a reference move, checked: a clear
    ``ValueError`` naming the row and the field for a report that is not a ``loss_study.py --blame`` report."""
    _check_keys("report", report, {"seed": int, "agent": str, "rows": list})
    out = []
    for i, row in enumerate(report["rows"]):
        _check_keys(f"rows[{i}]", row, ROW_KEYS)
        if row["won"] or "blame" not in row:
            continue
        _check_keys(f"rows[{i}].blame", row["blame"], BLAME_KEYS)
        b = row["blame"]
        if b["index"] < 0 or b["agent_action"] < 0:
            raise ValueError(f"rows[{i}].blame: index and agent_action must be >= 0, got {b['index']}, "
                             f"{b['agent_action']}")
        if b["reference_action"] >= 0 and b["reference_action"] != b["agent_action"]:
            out.append(row)
    return out


def play_out(state: np.ndarray, spec: str, agent_seed: int, max_turns: int = MAX_TURNS) -> bool:
    """Play a solo game from ``state`` (changed in place) to its end with ``spec``; whether it was won."""
    policy = make_agent(spec).as_policy(0, agent_seed)
    while not state["over"] and state["turn"] <= max_turns:
        apply_action(state, int(policy(state)))
    return bool(state["over"]) and int(state["winner"]) == 0


def deal_expectation(row: dict[str, Any], report_seed: int, agent_spec: str, playout: str,
                     samples: int, searches: tuple[str, ...] = ()) -> dict[str, Any]:
    """Both moves of one deal's decisive decision, each played from the same ``samples`` determinized states; and,
    for each spec of ``searches``, that search of the decision (its visits and values of the two moves)."""
    deal_seed, b = row["seed"], row["blame"]
    line = play_line(agent_spec, deal_seed, derive_seed(report_seed, row["game"], 1))
    if line.cause != row["cause"] or line.end_turn != row["turn"] or b["index"] >= len(line.actions) \
            or line.actions[b["index"]] != b["agent_action"]:
        raise ValueError(f"deal {row['game']}: the replay of {agent_spec} differs from the report's game")
    state = state_after(deal_seed, line.actions[: b["index"]])
    moves = (b["agent_action"], b["reference_action"])
    if moves[1] >= state["mask"].shape[0] or not state["mask"][moves[1]]:
        raise ValueError(f"deal {row['game']}: the report's reference_action {moves[1]} is not a legal action at "
                         f"decision {b['index']} (legal: {np.flatnonzero(state['mask']).tolist()})")
    wins = [[0] * samples, [0] * samples]
    t0 = time.process_time()
    for n in range(samples):
        world = determinize(state, 0, np.random.default_rng(derive_seed(deal_seed, n, 1)))
        for m, move in enumerate(moves):
            s = world.copy()
            apply_action(s, move)
            wins[m][n] = int(play_out(s, playout, derive_seed(deal_seed, n, 2)))
    return {"game": row["game"], "seed": deal_seed, "kind": b["kind"], "turn": b.get("turn"),
            "agent_choice": action_to_string(state, moves[0]), "reference_choice": action_to_string(state, moves[1]),
            "agent_wins": wins[0], "reference_wins": wins[1], "agent_q": _search_q(b, "agent"),
            "searches": [search_moves(spec, state, deal_seed, moves) for spec in searches],
            "cpu": round(time.process_time() - t0, 1)}


def _search_q(blame: dict[str, Any], who: str) -> list[float] | None:
    """The loss study's search values of (agent's move, reference's move) at the decision, when it has them."""
    values = blame.get("values")
    found = values.get(who) if isinstance(values, dict) else None
    q = found.get("q") if isinstance(found, dict) else None
    return q if isinstance(q, list) and len(q) == 2 and all(isinstance(x, (int, float)) for x in q) else None


def summary(results: list[dict[str, Any]], by_kind: bool = True) -> dict[str, Any]:
    """Overall figures: deals where the reference's move wins more / fewer / as many samples; all samples' wins of
    each move, the pairs won by one move only, and their sign test; the same per decision kind (``by_kind``)."""
    ref_better = sum(sum(r["reference_wins"]) > sum(r["agent_wins"]) for r in results)
    agent_better = sum(sum(r["reference_wins"]) < sum(r["agent_wins"]) for r in results)
    pairs = [(a, b) for r in results for a, b in zip(r["agent_wins"], r["reference_wins"], strict=True)]
    ref_only, agent_only = sum(b > a for a, b in pairs), sum(a > b for a, b in pairs)
    return {"deals": len(results), "reference_better": ref_better, "agent_better": agent_better,
            "level": len(results) - ref_better - agent_better, "samples": len(pairs),
            "agent_wins": sum(a for a, _ in pairs), "reference_wins": sum(b for _, b in pairs),
            "reference_only": ref_only, "agent_only": agent_only, "p": round(sign_test(ref_only, agent_only), 4),
            **({"by_kind": {kind: summary([r for r in results if r["kind"] == kind], by_kind=False)
                            for kind in sorted({r["kind"] for r in results})}} if by_kind else {})}


def format_table(results: list[dict[str, Any]], total: dict[str, Any]) -> str:
    lines = ["deal  kind          agent's move wins  reference's wins  agent's search q (own, ref's)  moves"]
    for r in results:
        n, q = len(r["agent_wins"]), r["agent_q"]
        qs = f"{q[0]:.2f}, {q[1]:.2f}" if q else "-"
        lines.append(f"{r['game']:>4}  {r['kind']:<12}  {sum(r['agent_wins']):>8} of {n:<6}  "
                     f"{sum(r['reference_wins']):>7} of {n:<6}  {qs:>29}  "
                     f"{r['agent_choice']} | {r['reference_choice']}")
        for found in r.get("searches", []):
            lines.append(f"      {found['spec']}: visits {found['visits'][0]:.0f} / {found['visits'][1]:.0f}, "
                         f"values {found['q'][0]:.2f} / {found['q'][1]:.2f} (agent's move / reference's); "
                         f"plays {found['pick_choice']}")
    t = total
    lines.append(f"the reference's move wins more in {t['reference_better']} of {t['deals']} deals, fewer in "
                 f"{t['agent_better']}, as many in {t['level']}; all samples: agent's move {t['agent_wins']}, "
                 f"reference's {t['reference_wins']} of {t['samples']} (won by one only: {t['agent_only']} / "
                 f"{t['reference_only']}, sign test p = {t['p']})")
    for kind, k in t.get("by_kind", {}).items():
        lines.append(f"  {kind}: {k['deals']} deals, the reference's move wins more in {k['reference_better']}, "
                     f"fewer in {k['agent_better']}; samples won: agent's move {k['agent_wins']}, reference's "
                     f"{k['reference_wins']} of {k['samples']} (p = {k['p']})")
    return "\n".join(lines)


def select_tasks(a: argparse.Namespace) -> list[tuple[Any, ...]]:
    """The decisions to study, as :func:`deal_expectation`'s arguments, from the reports and the options (a clear
    ``ValueError`` for a malformed report, an unknown agent or decision kind, or a bad deal list)."""
    make_agent(a.playout)
    for spec in a.searches:
        if not searchable(spec):
            raise ValueError(f"--searches: {spec!r} has no search to ask (allowed: mcts, net-mcts, oracle specs)")
    kinds = {k.strip() for k in a.kinds.split(",") if k.strip()}
    if kinds - set(DECISION_NAMES):
        raise ValueError(f"--kinds: unknown decision kinds {sorted(kinds - set(DECISION_NAMES))}; allowed: "
                         f"{', '.join(DECISION_NAMES)}")
    deals = set(parse_deals(a.deals)) if a.deals else None
    tasks = []
    for path in a.reports:
        report = json.loads(path.read_text())
        tasks += [(row, report["seed"], report["agent"], a.playout, a.samples, tuple(a.searches))
                  for row in decisive_rows(report) if (not kinds or row["blame"]["kind"] in kinds)
                  and (deals is None or row["game"] in deals)]
    return tasks[: a.limit or None]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("reports", type=Path, nargs="+", metavar="REPORT.json",
                    help="loss_study.py reports made with --blame (their decisive decisions are studied)")
    ap.add_argument("--samples", type=int, default=32, help="determinized states per decision (default 32; 0: "
                    "none, for --searches alone)")
    ap.add_argument("--playout", default="net-mcts:iters=400", help="the agent that plays each sample on "
                    "(default net-mcts:iters=400)")
    ap.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--limit", type=int, default=0, help="study only the first N decisive decisions (0: all)")
    ap.add_argument("--kinds", default="", help="study only decisions of these kinds, comma-separated "
                    "(UPKEEP_CARD,CHALLENGE; default: every kind)")
    ap.add_argument("--deals", default="", help="study only these deals' decisions (9,26 or 0-99; default: all)")
    ap.add_argument("--searches", nargs="*", default=[], metavar="SPEC", help="also search each decision with "
                    "these agents (e.g. net-mcts:iters=400,min_visits=32) and report their visits and values of "
                    "the two moves")
    ap.add_argument("--out", type=Path, default=Path("/tmp/decisive_expectation.json"), help="the JSON written")
    a = ap.parse_args(argv)
    if a.samples < 0 or a.jobs < 1 or a.limit < 0:
        ap.error(f"--samples and --limit must be >= 0 and --jobs >= 1; got {a.samples}, {a.limit}, {a.jobs}")
    try:
        tasks = select_tasks(a)
    except (ValueError, OSError, KeyError) as e:
        ap.error(f"{type(e).__name__}: {e}")
    print(f"{len(tasks)} decisive decisions, {a.samples} samples each, both moves played on by {a.playout} "
          f"({a.jobs} processes)", flush=True)
    t0 = time.time()
    results = play_all(deal_expectation, tasks, a.jobs)
    total = summary(results)
    print(format_table(results, total))
    a.out.parent.mkdir(parents=True, exist_ok=True)
    write_json_whole(a.out, {"playout": a.playout, "samples": a.samples, "reports": [str(p) for p in a.reports],
                             "summary": total, "deals": results, "wall_seconds": round(time.time() - t0, 1)})
    print(f"wrote {a.out} ({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
