"""Where the solo losses of an honest agent come from, against the clairvoyant reference (docs/net_mcts_losses.md).

For ``--deals`` solo deals of ``--seed`` (deal g is the engine seed ``derive_seed(seed, g)``, as ``df-env bench``),
plays the agent (default ``net-mcts:iters=400``) on every deal and the reference (default ``oracle:iters=400``, a
cheat that sees the deck) on each deal the agent lost. Per lost deal: the loss cause (track or homeworld) and turn,
whether the reference won and by which victory, and the first decision where the two lines part (its kind, phase,
turn, and each side's choice in words). For the first ``--values`` lost deals it also searches that decision again:
the agent's search (at its own and at 4x its iterations) and the reference's, giving each one's visits and mean value
for the agent's choice and for the reference's. Then tables: losses by cause and turn, divergence kinds, divergence
timing (setup, turn 1, turns 2-5, later). Writes ``OUT.json`` and ``OUT.csv`` (one row per lost deal).

The first divergence is often not the mistake (two good moves). ``--blame K`` also bisects the agent's line of the
first K lost deals the reference won for the *decisive* decision: the last one after which the reference, taking over
the agent's game, still wins (a few reference games a deal). ``--merge A.json B.json`` joins the parts of a run
played in several processes (``--first``), and can add ``--blame`` to them.

    python experiments/loss_study.py [--deals 100] [--first 0] [--seed 41] [--out /tmp/loss_study] [--values 10]
    python experiments/loss_study.py --merge /tmp/a.json /tmp/b.json --blame 20 --out /tmp/loss_study

Agent seeds follow ``df-env bench --agents AGENT --ceiling REFERENCE``: ``derive_seed(seed, g, 1)`` for the agent,
``derive_seed(seed, g, 2)`` for the reference (its seatings 0 and 1); the games are played move by move in Python.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from agents import make_agent
from df_env.bench import derive_seed
from df_env.games.deep_future.analysis import first_difference
from df_env.games.deep_future.engine.api import GameConfig, apply_action, new_game
from df_env.games.deep_future.engine.model.decisions import DECISION_NAMES
from df_env.games.deep_future.engine.model.layout import PHASE_NAMES
from df_env.games.deep_future.engine.text.render import action_to_string
from df_env.games.deep_future.game import outcome_words

MAX_TURNS = 100  # the bench's turn limit for one player
TIMINGS = ("setup", "turn 1", "turns 2-5", "turns 6+")
TURN_BUCKETS = ((1, 2, "1-2"), (3, 5, "3-5"), (6, 10, "6-10"), (11, 10**9, "11+"))


@dataclass
class Line:
    """One agent's game of one deal: its actions and, per decision, the decision kind, phase and turn."""

    actions: list[int] = field(default_factory=list)
    kinds: list[int] = field(default_factory=list)
    phases: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    won: bool = False
    victory: str = ""
    cause: str = ""
    end_turn: int = 0
    seconds: float = 0.0


def play_line(spec: str, deal_seed: int, agent_seed: int, max_turns: int = MAX_TURNS) -> Line:
    """Play one solo deal with ``spec`` seeded by ``agent_seed``, recording every decision."""
    policy = make_agent(spec).as_policy(0, agent_seed)
    s = new_game(GameConfig(num_players=1), deal_seed)
    line = Line()
    t0 = time.perf_counter()
    while not s["over"] and s["turn"] <= max_turns:
        line.kinds.append(int(s["dk"]))
        line.phases.append(int(s["phase"]))
        line.turns.append(int(s["turn"]))
        a = int(policy(s))
        apply_action(s, a)
        line.actions.append(a)
    end = outcome_words(s, truncated=not bool(s["over"]))
    line.won, line.victory = end["winner"] == 0, end["victory"]
    line.cause = end["causes"][0] or end["seats"][0]
    line.end_turn, line.seconds = int(s["turn"]), time.perf_counter() - t0
    return line


def state_after(deal_seed: int, actions: list[int]) -> np.ndarray:
    """The state of a solo deal after ``actions``."""
    s = new_game(GameConfig(num_players=1), deal_seed)
    for a in actions:
        apply_action(s, a)
    return s


def timing(phase: int, kind: int, turn: int) -> str:
    """When a decision falls: setup (incl. the homeworld pick), turn 1, turns 2-5 or later."""
    if PHASE_NAMES[phase] == "setup" or DECISION_NAMES[kind] == "HOME_PICK":
        return "setup"
    return "turn 1" if turn <= 1 else "turns 2-5" if turn <= 5 else "turns 6+"


def divergence(deal_seed: int, agent: Line, ref: Line) -> dict[str, Any] | None:
    """The first decision where the two lines of a deal part (None: one line is the start of the other)."""
    k = first_difference(agent.actions, ref.actions)
    if k >= min(len(agent.actions), len(ref.actions)):
        return None
    s = state_after(deal_seed, agent.actions[:k])
    a, b = agent.actions[k], ref.actions[k]
    return {"index": k, "kind": DECISION_NAMES[agent.kinds[k]], "phase": PHASE_NAMES[agent.phases[k]],
            "turn": agent.turns[k], "timing": timing(agent.phases[k], agent.kinds[k], agent.turns[k]),
            "legal": int(s["mask"].sum()), "agent_action": a, "reference_action": b,
            "agent_choice": action_to_string(s, a), "reference_choice": action_to_string(s, b)}


def search_moves(spec: str, state: np.ndarray, seed: int, actions: tuple[int, int]) -> dict[str, Any]:
    """One search of ``state`` by ``spec`` (seated by ``as_policy`` with ``seed``): its most visited action, the
    action it would play (the same, but for a Gumbel root, whose pick is not by visits), and its visits and mean
    values of the two ``actions``."""
    agent = make_agent(spec)
    agent.as_policy(0, seed)  # the one seeding rule (agents.seat_rng): the agent reset for seat 0
    visits = agent.search(state.copy())  # type: ignore[attr-defined]
    q = agent.last_q  # type: ignore[attr-defined]
    top = int(np.argmax(visits))
    pick = getattr(agent, "last_choice", -1)
    pick = pick if pick >= 0 else top
    return {"spec": spec, "top": top, "top_choice": action_to_string(state, top), "pick": pick,
            "pick_choice": action_to_string(state, pick),
            "visits": [float(visits[a]) for a in actions], "q": [round(float(q[a]), 4) for a in actions]}


def scale_iters(spec: str, factor: int) -> str:
    """``spec`` with its ``iters=N`` multiplied by ``factor`` (added as iters=400*factor when absent)."""
    name, _, opts = spec.partition(":")
    parts = [p for p in opts.split(",") if p]
    iters = next((int(p[6:]) for p in parts if p.startswith("iters=")), 400)
    parts = [p for p in parts if not p.startswith("iters=")] + [f"iters={iters * factor}"]
    return f"{name}:{','.join(parts)}"


def searchable(*specs: str) -> bool:
    """Whether every agent of ``specs`` has a search to ask for values (``mcts``, ``net-mcts``, ``oracle``)."""
    return all(hasattr(make_agent(spec), "search") for spec in specs)


def search_values(deal_seed: int, agent: Line, div: dict[str, Any], agent_spec: str, ref_spec: str) -> dict[str, Any]:
    """Search the divergence again: visits and mean values of (agent's choice, reference's choice) by the agent's
    search, the agent's search at 4x its iterations, and the reference's search (which sees the deck)."""
    s = state_after(deal_seed, agent.actions[: div["index"]])
    pair = (div["agent_action"], div["reference_action"])
    return {"actions": list(pair), "agent": search_moves(agent_spec, s, deal_seed, pair),
            "agent_x4": search_moves(scale_iters(agent_spec, 4), s, deal_seed, pair),
            "reference": search_moves(ref_spec, s, deal_seed, pair)}


def reference_wins_from(ref_spec: str, deal_seed: int, prefix: list[int], agent_seed: int,
                         max_turns: int = MAX_TURNS) -> tuple[bool, int]:
    """Whether the reference, taking over the agent's game after ``prefix``, wins it; and its first action."""
    s = state_after(deal_seed, prefix)
    policy = make_agent(ref_spec).as_policy(0, agent_seed)
    first = -1
    while not s["over"] and s["turn"] <= max_turns:
        a = int(policy(s))
        first = a if first < 0 else first
        apply_action(s, a)
    return int(s["winner"]) == 0, first


def blame(deal_seed: int, agent: Line, ref_spec: str, agent_seed: int) -> dict[str, Any]:
    """The agent's decisive decision, by bisection of its line: the last decision ``k`` such that the reference,
    taking over after the agent's first ``k`` actions, still wins, while it loses after ``k + 1`` (assumed: the
    reference wins from the start and loses from the agent's end). The reference is a search, not an exhaustive
    solver, so "loses after k + 1" means "did not win in one try": a bound, not a proof."""
    lo, hi, tries = 0, len(agent.actions), 0
    ref_first = -1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        won, first = reference_wins_from(ref_spec, deal_seed, agent.actions[:mid], agent_seed)
        tries += 1
        lo, hi = (mid, hi) if won else (lo, mid)
        ref_first = first if won else ref_first
    s = state_after(deal_seed, agent.actions[:lo])
    if lo == 0 or ref_first < 0:  # no takeover won after the start: the reference's own line is the winning one
        ref_first = -1
    a = agent.actions[lo]
    return {"index": lo, "kind": DECISION_NAMES[agent.kinds[lo]], "phase": PHASE_NAMES[agent.phases[lo]],
            "turn": agent.turns[lo], "timing": timing(agent.phases[lo], agent.kinds[lo], agent.turns[lo]),
            "legal": int(s["mask"].sum()), "agent_action": a, "agent_choice": action_to_string(s, a),
            "reference_action": ref_first,
            "reference_choice": action_to_string(s, ref_first) if ref_first >= 0 else "",
            "turns_to_loss": agent.end_turn - agent.turns[lo], "takeovers": tries}


def add_blame(report: dict[str, Any], count: int, progress: Callable[[dict[str, Any]], None] | None = None) -> None:
    """Add ``blame`` (:func:`blame`) to the first ``count`` lost deals of ``report`` whose reference won and that
    have none yet (the agent's line is replayed: same spec and seed, same moves), with the searches' values of the two
    choices there (:func:`search_values`, also added to earlier blames that lack them); the tables follow."""
    seed, agent_spec, ref_spec = report["seed"], report["agent"], report["reference"]
    with_values = searchable(agent_spec, ref_spec)
    done = 0
    for r in report["rows"]:
        new = "blame" not in r and done < count
        needs_values = with_values and "blame" in r and "values" not in r["blame"]  # blamed by an earlier pass
        if r["won"] or not r["reference"]["won"] or not (new or needs_values):
            continue
        agent = play_line(agent_spec, r["seed"], derive_seed(seed, r["game"], 1))
        if agent.cause != r["cause"] or agent.end_turn != r["turn"]:
            raise ValueError(f"deal {r['game']}: the replay of {agent_spec} differs from the report's game")
        if new:
            r["blame"] = blame(r["seed"], agent, ref_spec, derive_seed(seed, r["game"], 2))
            done += 1
        b = r["blame"]
        if with_values and b["reference_action"] >= 0:  # the searches' values of the two choices there
            b["values"] = search_values(r["seed"], agent, b, agent_spec, ref_spec)
        if progress is not None:
            progress(r)
    report["tables"] = tables(report["rows"])


def opening(spec: str, deal_seed: int, agent_seed: int) -> str:
    """The agent's first ACTION decision of the deal (turn 1), in words up to its payment: "ADVANCE", "PLAN", ..."""
    policy = make_agent(spec).as_policy(0, agent_seed)
    s = new_game(GameConfig(num_players=1), deal_seed)
    while not s["over"]:
        kind = DECISION_NAMES[int(s["dk"])]
        a = int(policy(s))
        if kind == "ACTION":
            return action_to_string(s, a).split(" (")[0]
        apply_action(s, a)
    return "none"


def add_openings(report: dict[str, Any]) -> None:
    """Add every deal's ``opening`` (:func:`opening`, replayed: same spec and seed, same moves) and the table of
    openings by won and lost deals to ``report``."""
    for r in report["rows"]:
        r["opening"] = opening(report["agent"], r["seed"], derive_seed(report["seed"], r["game"], 1))
    report["tables"] = tables(report["rows"])


def study_deal(g: int, seed: int, agent_spec: str, ref_spec: str, with_values: bool,
               max_turns: int = MAX_TURNS) -> dict[str, Any]:
    """One deal: the agent's game; when it lost, the reference's game and the divergence of the two lines."""
    deal_seed = derive_seed(seed, g)
    agent = play_line(agent_spec, deal_seed, derive_seed(seed, g, 1), max_turns)
    row: dict[str, Any] = {"game": g, "seed": deal_seed, "won": agent.won, "victory": agent.victory,
                           "cause": agent.cause, "turn": agent.end_turn, "decisions": len(agent.actions),
                           "seconds": round(agent.seconds, 3)}
    if agent.won:
        return row
    ref = play_line(ref_spec, deal_seed, derive_seed(seed, g, 2), max_turns)
    row["reference"] = {"won": ref.won, "victory": ref.victory, "cause": ref.cause, "turn": ref.end_turn,
                        "seconds": round(ref.seconds, 3)}
    div = divergence(deal_seed, agent, ref)
    row["divergence"] = div if div is not None else "none"
    if div is not None and with_values and searchable(agent_spec, ref_spec):
        row["divergence_values"] = search_values(deal_seed, agent, div, agent_spec, ref_spec)
    return row


def study(seed: int, deals: int, agent_spec: str = "net-mcts:iters=400", ref_spec: str = "oracle:iters=400",
          values: int = 10, first: int = 0, max_turns: int = MAX_TURNS,
          progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The study of deals ``first .. first+deals-1`` of ``seed``: per-deal rows and the aggregated tables.
    ``values``: how many lost deals (the first ones) get their divergence searched again (when both agents are
    searches: agents without a ``search`` method get none)."""
    if deals < 1 or first < 0 or values < 0:
        raise ValueError(f"deals must be >= 1, first and values >= 0; got deals={deals}, first={first}, "
                         f"values={values}")
    rows: list[dict[str, Any]] = []
    lost = 0
    for g in range(first, first + deals):
        row = study_deal(g, seed, agent_spec, ref_spec, lost < values, max_turns)
        lost += not row["won"]
        rows.append(row)
        if progress is not None:
            progress(row)
    return {"seed": seed, "first": first, "deals": deals, "agent": agent_spec, "reference": ref_spec,
            "rows": rows, "tables": tables(rows)}


def _bucket(turn: int) -> str:
    return next(name for lo, hi, name in TURN_BUCKETS if lo <= turn <= hi)


def tables(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The aggregates over the lost deals: causes by turn bucket, the reference's results, divergence kinds and
    timings, and how the searches valued the two choices at the divergence."""
    lost = [r for r in rows if not r["won"]]
    divs = [r["divergence"] for r in lost if isinstance(r.get("divergence"), dict)]
    vals = [r["divergence_values"] for r in lost if "divergence_values" in r]
    return {
        "deals": len(rows), "wins": len(rows) - len(lost), "losses": len(lost),
        "victories": dict(Counter(r["victory"] for r in rows if r["won"]).most_common()),
        "loss_cause": dict(Counter(r["cause"] for r in lost).most_common()),
        "loss_cause_by_turn": {c: dict(Counter(_bucket(r["turn"]) for r in lost if r["cause"] == c))
                               for c in sorted({r["cause"] for r in lost})},
        "reference_won": sum(r["reference"]["won"] for r in lost),
        "reference_victory": dict(Counter(r["reference"]["victory"] or "lost" for r in lost).most_common()),
        "no_divergence": len(lost) - len(divs),
        "divergence_kind": dict(Counter(d["kind"] for d in divs).most_common()),
        "divergence_timing": {t: sum(d["timing"] == t for d in divs) for t in TIMINGS},
        "divergence_forced_choices": sum(d["legal"] <= 1 for d in divs),
        "values_sampled": len(vals),
        # how often a search's most visited action at the divergence is the reference's choice
        "agent_search_picks_reference": sum(v["agent"]["top"] == v["actions"][1] for v in vals),
        "agent_x4_picks_reference": sum(v["agent_x4"]["top"] == v["actions"][1] for v in vals),
        "reference_picks_reference": sum(v["reference"]["top"] == v["actions"][1] for v in vals),
        **_blame_tables([r["blame"] for r in lost if "blame" in r]),
        **({"openings": {k: dict(Counter(r["opening"] for r in rows if r["won"] == (k == "won")).most_common())
                         for k in ("won", "lost")}} if all("opening" in r for r in rows) else {}),
    }


def _blame_tables(blames: list[dict[str, Any]]) -> dict[str, Any]:
    if not blames:
        return {}
    vals = [b["values"] for b in blames if "values" in b]
    return {"blamed": len(blames), "blame_kind": dict(Counter(b["kind"] for b in blames).most_common()),
            "blame_values_sampled": len(vals),
            "blame_agent_search_picks_reference": sum(v["agent"]["top"] == v["actions"][1] for v in vals),
            "blame_agent_x4_picks_reference": sum(v["agent_x4"]["top"] == v["actions"][1] for v in vals),
            "blame_reference_picks_reference": sum(v["reference"]["top"] == v["actions"][1] for v in vals),
            "blame_timing": {t: sum(b["timing"] == t for b in blames) for t in TIMINGS},
            "blame_turns_to_loss": dict(sorted(Counter(b["turns_to_loss"] for b in blames).items()))}


def format_tables(report: dict[str, Any]) -> str:
    """The tables as text."""
    t = report["tables"]
    lines = [f"{report['agent']} on deals {report['first']}..{report['first'] + report['deals'] - 1} of seed "
             f"{report['seed']}: won {t['wins']} of {t['deals']}; victories {t['victories']}",
             f"losses by cause: {t['loss_cause']}",
             f"losses by cause and turn: {t['loss_cause_by_turn']}",
             f"{report['reference']} on those {t['losses']} deals: won {t['reference_won']}; "
             f"{t['reference_victory']}",
             f"first divergence by decision kind: {t['divergence_kind']} (identical lines: {t['no_divergence']}; "
             f"forced: {t['divergence_forced_choices']})",
             f"first divergence by timing: {t['divergence_timing']}",
             f"divergences searched again: {t['values_sampled']}; the most visited action is the reference's "
             f"choice for: the agent's search {t['agent_search_picks_reference']}, at 4x iterations "
             f"{t['agent_x4_picks_reference']}, the reference's search {t['reference_picks_reference']}",
             *_blame_text(t), *([f"first action of turn 1, won deals: {t['openings']['won']}; lost deals: "
                                 f"{t['openings']['lost']}"] if "openings" in t else []), "", "lost deals:"]
    for r in report["rows"]:
        if not r["won"]:
            lines.append(_deal_line(r))
    return "\n".join(lines)


def _blame_text(t: dict[str, Any]) -> list[str]:
    if "blamed" not in t:
        return []
    return [f"decisive decision (bisection, {t['blamed']} deals) by kind: {t['blame_kind']}",
            f"decisive decision by timing: {t['blame_timing']}; player-turns from it to the loss: "
            f"{t['blame_turns_to_loss']}",
            f"decisive decisions searched again: {t['blame_values_sampled']}; the most visited action is the "
            f"reference's choice for: the agent's search {t['blame_agent_search_picks_reference']}, at 4x "
            f"iterations {t['blame_agent_x4_picks_reference']}, the reference's search "
            f"{t['blame_reference_picks_reference']}"]


def _deal_line(r: dict[str, Any]) -> str:
    ref = r["reference"]
    text = (f"  deal {r['game']}: lost by {r['cause']} at turn {r['turn']}; reference "
            f"{'won by ' + ref['victory'] if ref['won'] else 'lost by ' + ref['cause']} at turn {ref['turn']}")
    d = r["divergence"]
    if not isinstance(d, dict):
        return text + "; identical lines"
    text += (f"; parts at decision {d['index']} ({d['kind']}, {d['phase']}, turn {d['turn']}, {d['legal']} legal): "
             f"agent {d['agent_choice']!r}, reference {d['reference_choice']!r}")
    v = r.get("divergence_values")
    if v is not None:
        text += "".join(f"; {k} visits/q {v[k]['visits']}/{v[k]['q']}" for k in ("agent", "agent_x4", "reference"))
    b = r.get("blame")
    if b is not None:
        text += (f"; decisive: decision {b['index']} ({b['kind']}, turn {b['turn']}, {b['legal']} legal) agent "
                 f"{b['agent_choice']!r}, reference taking over {b['reference_choice'] or '(its own line)'!r}")
    return text


CSV_FIELDS = ("game", "seed", "cause", "turn", "decisions", "ref_won", "ref_victory", "ref_turn", "div_index",
              "div_kind", "div_phase", "div_turn", "div_timing", "div_legal", "agent_choice", "reference_choice",
              "agent_q", "reference_q_by_agent", "agent_x4_top_is_reference", "oracle_q_agent_choice",
              "oracle_q_reference_choice")


def csv_row(r: dict[str, Any]) -> dict[str, Any]:
    """One lost deal as a flat CSV row (empty cells where there is no divergence or no values)."""
    d = r["divergence"] if isinstance(r.get("divergence"), dict) else {}
    v = r.get("divergence_values")
    out = {"game": r["game"], "seed": r["seed"], "cause": r["cause"], "turn": r["turn"], "decisions": r["decisions"],
           "ref_won": r["reference"]["won"], "ref_victory": r["reference"]["victory"],
           "ref_turn": r["reference"]["turn"], "div_index": d.get("index", ""), "div_kind": d.get("kind", "none"),
           "div_phase": d.get("phase", ""), "div_turn": d.get("turn", ""), "div_timing": d.get("timing", ""),
           "div_legal": d.get("legal", ""), "agent_choice": d.get("agent_choice", ""),
           "reference_choice": d.get("reference_choice", "")}
    if v is not None:
        out.update(agent_q=v["agent"]["q"][0], reference_q_by_agent=v["agent"]["q"][1],
                   agent_x4_top_is_reference=v["agent_x4"]["top"] == v["actions"][1],
                   oracle_q_agent_choice=v["reference"]["q"][0], oracle_q_reference_choice=v["reference"]["q"][1])
    return out


def write_report(report: dict[str, Any], out: Path) -> tuple[Path, Path]:
    """Write ``out.json`` (everything) and ``out.csv`` (the lost deals), each through a temporary file."""
    out.parent.mkdir(parents=True, exist_ok=True)
    paths = (out.with_suffix(".json"), out.with_suffix(".csv"))
    tmp = [p.with_name(p.name + ".tmp") for p in paths]
    tmp[0].write_text(json.dumps(report, indent=1))
    with tmp[1].open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        w.writerows(csv_row(r) for r in report["rows"] if not r["won"])
    for t, p in zip(tmp, paths, strict=True):
        os.replace(t, p)
    return paths


def merge_reports(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """One report from the reports of parts of a run (the same seed, agent and reference; disjoint deals)."""
    keys = {(r["seed"], r["agent"], r["reference"]) for r in reports}
    if len(keys) != 1:
        raise ValueError(f"the parts differ in seed, agent or reference: {sorted(keys)}")
    rows = sorted((row for r in reports for row in r["rows"]), key=lambda row: row["game"])
    games = [row["game"] for row in rows]
    if len(set(games)) != len(games):
        raise ValueError("the parts overlap: a deal appears twice")
    seed, agent, ref = keys.pop()
    return {"seed": seed, "first": games[0], "deals": len(rows), "agent": agent, "reference": ref, "rows": rows,
            "tables": tables(rows), "parts": [{k: r.get(k) for k in ("first", "deals", "wall_seconds",
                                                                      "load_average")} for r in reports]}


def _progress(row: dict[str, Any]) -> None:
    ref = row.get("reference")
    tail = "" if ref is None else f"; reference {'won ' + ref['victory'] if ref['won'] else 'lost'}"
    print(f"deal {row['game']}: {'won ' + row['victory'] if row['won'] else 'lost ' + row['cause']} at turn "
          f"{row['turn']} ({row['seconds']:.1f} s){tail}", file=sys.stderr, flush=True)


def _blame_progress(row: dict[str, Any]) -> None:
    b = row["blame"]
    print(f"deal {row['game']}: decisive decision {b['index']} ({b['kind']}, turn {b['turn']}; "
          f"{b['takeovers']} takeovers)", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100, help="how many deals (default 100)")
    ap.add_argument("--first", type=int, default=0, help="the first deal's number (default 0)")
    ap.add_argument("--seed", type=int, default=41, help="the bench seed of the deals (default 41)")
    ap.add_argument("--agent", default="net-mcts:iters=400", help="the agent studied (default net-mcts:iters=400)")
    ap.add_argument("--reference", default="oracle:iters=400", help="the reference (default oracle:iters=400)")
    ap.add_argument("--values", type=int, default=10, help="lost deals whose divergence is searched again (10)")
    ap.add_argument("--out", type=Path, default=Path("/tmp/loss_study"), help="OUT.json and OUT.csv are written "
                    "(default /tmp/loss_study)")
    ap.add_argument("--merge", type=Path, nargs="+", metavar="JSON", help="instead of playing: merge the JSON "
                    "files of parts of a run (e.g. --first 0 and --first 100) into OUT")
    ap.add_argument("--blame", type=int, default=0, metavar="K", help="also bisect the first K lost deals the "
                    "reference won for the agent's decisive decision (a few reference games a deal; default 0)")
    ap.add_argument("--openings", action="store_true", help="also every deal's first action of turn 1 (a few "
                    "decisions a deal), tabled by won and lost deals")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    try:
        if a.merge:
            report = merge_reports([json.loads(p.read_text()) for p in a.merge])
        else:
            report = study(a.seed, a.deals, a.agent, a.reference, a.values, a.first, progress=_progress)
            report["load_average"] = os.getloadavg()
        if a.openings:
            add_openings(report)
        add_blame(report, a.blame, progress=_blame_progress)
    except (ValueError, OSError, KeyError) as e:
        ap.error(f"{type(e).__name__}: {e}")
    report["wall_seconds"] = round(time.perf_counter() - t0, 1)
    print(format_tables(report))
    paths = write_report(report, a.out)
    print(f"wrote {paths[0]} and {paths[1]} ({report['wall_seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
