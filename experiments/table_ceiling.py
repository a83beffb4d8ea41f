"""The ceiling at a table: the clairvoyant reference at two or three players, against an honest opponent (issue 28).

``oracle`` is refused as a seat of a multiplayer game everywhere a person or an honest agent could meet it (bench,
play, the environments, the web server): it sees the other players' hands, the deck order and the game's generator.
This analysis seats it anyway, in its own game loop, to bound what any honest player could reach against the same
opponent on the same deals: if a player who knows every hidden card and every future draw wins only X% of the games
against ``mcts:iters=400``, a bar above X% is out of reach for a player who does not.

Two references, the same search (``mcts``'s options):

* ``oracle:...``: sees everything (the other hands, the deck order, the challenge pile, the game's generator);
* ``hands:...``: sees the other players' hands only, and determinizes the deck, the pile and the generator as
  ``mcts`` does. It is the most a player can gain by reading the other hands from their choices (weighing his
  determinizations by what those choices revealed, issue 28's suggestion): its margin over ``mcts`` bounds that gain.

The games are ``df-env bench``'s games: game ``g`` of seating ``si`` is the engine seed ``derive_seed(seed, g)`` with
the agent seed ``derive_seed(seed, g, si + 1)``, the seatings in bench's order (the reference is agent 0). The JSON
written is in bench's shape (``config``, ``labels``, ``games``), so ``experiments/value_rounds/paired.py`` pairs it
game by game with a bench run of an honest agent against the same opponent:

    python experiments/table_ceiling.py --opponent mcts:iters=400 --games 50 --seed 2026 --jobs 2 --out c2.json
    python experiments/value_rounds/paired.py NET_MCTS.json c2.json
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # solo_deals beside this script, however it is loaded

from solo_deals import play_all, write_json_whole

from agents import Agent, AgentSpecError, introduce, make_agent
from agents.base import SeatPolicy, build_options, parse_spec
from agents.deep_future.mcts import OPTIONS as MCTS_OPTIONS
from agents.deep_future.mcts import MCTSAgent
from df_env.bench import BenchConfig, derive_seed, wilson
from df_env.core import make_game

LABEL = "CHEAT: a reference that sees hidden cards, at a table, analysis only"


class HandSeer(MCTSAgent):
    """``mcts`` that sees the other players' hands (a cheat): before each search the root's hand cards are marked
    known to the searching player, so the canonical root and every determinization keep them where they are; the
    deck, the challenge pile and the generator are resampled as usual."""

    def search(self, state: np.ndarray) -> np.ndarray:
        return super().search(hands_shown(state))


def hands_shown(state: np.ndarray) -> np.ndarray:
    """A copy of ``state`` where every card in another player's hand is known to the player to decide (its
    ``c_known`` bit set): what :class:`HandSeer` searches from."""
    seen = state.copy()
    p = int(seen["dplayer"])
    for q in range(int(seen["n_players"])):
        if q != p:
            for c in seen["hand"][q, : int(seen["hand_n"][q])]:
                seen["c_known"][c] |= 1 << p
    return seen


def make_reference(spec: str) -> Agent:
    """``oracle:...`` (the registered clairvoyant agent) or ``hands:...`` (:class:`HandSeer`, ``mcts``'s options);
    a clear ``SystemExit`` for anything else."""
    name, raw = parse_spec(spec)
    if name == "hands":
        return HandSeer(spec, **build_options("hands", raw, MCTS_OPTIONS))  # type: ignore[arg-type]
    agent = make_agent(spec)
    if not agent.clairvoyant:
        raise SystemExit(f"--reference {spec!r} is an honest agent: run it with df-env bench; allowed: oracle:..., "
                         f"hands:...")
    return agent


def play_table_game(reference: Agent, opponent: str, seating: tuple[int, ...], engine_seed: int,
                    agent_seed: int, turn_limit: int) -> dict[str, Any]:
    """One game: at each seat, agent ``seating[seat]`` (0 the reference, 1 the agent of spec ``opponent``, a fresh
    one at each of its seats), seated as bench seats them (:class:`~agents.base.SeatPolicy`,
    :func:`agents.introduce`), the reference with ``analysis=True``: the seat policy lets it play a table. Returns
    bench's fields of the game."""
    game = make_game()
    config = game.make_config(num_players=len(seating))
    s = game.new_game(config, engine_seed)
    # the reference's seat: the one place a cheat is seated at a table, on purpose (analysis=True)
    policies = [SeatPolicy(reference, seat, agent_seed, game, analysis=True) if who == 0
                else make_agent(opponent).as_policy(seat, agent_seed, game) for seat, who in enumerate(seating)]
    introduce(policies, [reference.name if who == 0 else opponent for who in seating])
    cpu, decisions = [0.0] * len(seating), [0] * len(seating)
    while not game.is_terminal(s) and game.turn(s) <= turn_limit:
        p = game.current_player(s)
        t0 = time.process_time()
        a = policies[p](s)
        cpu[p] += time.process_time() - t0
        decisions[p] += 1
        game.apply_action(s, a)
    end = game.outcome(s, truncated=not game.is_terminal(s))
    return {"seed": engine_seed, "agents": list(seating), "winner": int(end["winner"]), "victory": end["victory"],
            "outcome": list(end["seats"]), "cause": list(end["causes"]), "turns": game.turn(s),
            "decisions": decisions, "cpu_seconds": cpu}


def _task(ref_spec: str, opp_spec: str, seating: tuple[int, ...], si: int, g: int, seed: int,
          turn_limit: int) -> dict[str, Any]:
    result = play_table_game(make_reference(ref_spec), opp_spec, seating, derive_seed(seed, g),
                             derive_seed(seed, g, si + 1), turn_limit)
    return {"seating": si, "game": g, **result}


def check_agents(reference: str, opponent: str) -> None:
    """A clear ``SystemExit`` unless ``reference`` is a reference (:func:`make_reference`) and ``opponent`` an honest
    agent of the game."""
    make_reference(reference)
    if make_agent(opponent).clairvoyant:
        raise SystemExit(f"--opponent {opponent!r} sees hidden cards too; the opponent must be an honest agent")


def run(reference: str, opponent: str, players: int, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """Every game of bench's seatings of ``reference`` (agent 0) and ``opponent`` (agent 1, every other seat at 3
    players), ``games`` a seating, on ``jobs`` processes (a line at least every 9 s while they play); the report in
    bench's JSON shape."""
    check_agents(reference, opponent)
    agents = (reference, opponent) + (opponent,) * (players - 2)
    config = BenchConfig(agents=agents, num_players=players, games=games, seed=seed)
    seatings = [tuple(min(i, 1) for i in seat) for seat in config.seatings()]
    tasks = [(reference, opponent, seating, si, g, seed, config.turn_limit)
             for g in range(games) for si, seating in enumerate(seatings)]
    t0 = time.perf_counter()
    done = play_all(_task, tasks, jobs)
    done.sort(key=lambda r: (r["seating"], r["game"]))
    return {"config": {"num_players": players, "games": games, "seed": seed, "agents": list(agents)},
            "labels": [reference, opponent], "note": LABEL, "seconds": time.perf_counter() - t0, "games": done}


def summary(report: dict[str, Any]) -> str:
    """The reference's wins by seating and in all, with their 95% intervals."""
    lines = []
    games = report["games"]
    for si in sorted({g["seating"] for g in games}) + [None]:
        part = [g for g in games if si is None or g["seating"] == si]
        wins = sum(g["winner"] == g["agents"].index(0) for g in part)
        lo, hi = wilson(wins, len(part))
        where = "all seatings" if si is None else f"seating {si} (reference at seat {part[0]['agents'].index(0)})"
        lines.append(f"{where}: the reference won {wins} of {len(part)} ({100 * lo:.1f}-{100 * hi:.1f}%)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reference", default="oracle:iters=400",
                    help="oracle:... (sees all) or hands:... (sees the other hands; mcts's options); %(default)s")
    ap.add_argument("--opponent", default="mcts:iters=400", help="the honest agent at the other seats")
    ap.add_argument("--players", type=int, choices=(2, 3), default=2)
    ap.add_argument("--games", type=int, default=50, help="games a seating (default %(default)s)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", type=Path, required=True, help="the JSON report (bench's shape)")
    args = ap.parse_args(argv)
    if args.games < 1 or args.seed < 0 or args.jobs < 1:
        ap.error("--games and --jobs must be >= 1 and --seed >= 0")
    try:
        check_agents(args.reference, args.opponent)
    except AgentSpecError as err:
        raise SystemExit(str(err)) from None
    print(f"{LABEL}: {args.reference} against {args.opponent}, {args.players} players, {args.games} games a "
          f"seating, seed {args.seed}, {args.jobs} processes", flush=True)
    report = run(args.reference, args.opponent, args.players, args.games, args.seed, args.jobs)
    write_json_whole(args.out, report)
    print(summary(report))
    print(f"{report['seconds']:.0f} s; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
