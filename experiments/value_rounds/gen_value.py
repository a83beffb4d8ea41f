"""Search self-play data for a value network (the solo model's value rounds, docs/training.md).

Plays ``--games`` games with the search agent ``--spec`` in every seat (game g dealt with the engine seed
``derive_seed(seed, g)``, seat p's agent seeded by the project's rule ``as_policy(p, derive_seed(seed, g))``) and
records at every searched decision (two or more legal actions): the acting player's observation (float16), the
legal mask, the search's visit distribution, ``q`` (every root action's mean value, float16; 0 where the search
did not visit it), ``qb`` (the mean value of the most visited root action), ``qm`` (the visit-weighted mean of the
root actions' values), the game's outcome ``z`` for that player (1 win, 0 loss, else
the progress score), the turn and the player's progress score. With ``--children K``, also the children of the
K most visited root actions: ``cobs`` (the acting player's observation after the action, played on a copy of the
game), ``cq`` (the search's value of that action, as in ``q``) and ``cok`` (False where there is no such child: fewer
visited actions, or the action ends the game), the input of a fit that ranks sibling actions (train_value.py
``--children``). The first ``--temp-moves`` searched decisions of each seat sample their action from the visits
(varied openings); the rest play the most visited action, or, with probability ``--net-moves``, the action of the
``net`` policy (``--net-path``, default the shipped model): DAgger, the states the bare policy reaches labelled by
the search (the ``net`` agent's own mistakes, which the search's own games never show it).

    python experiments/value_rounds/gen_value.py --spec mcts:iters=400 --seed 900 --games 400 --out data/m400_a.npz
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

from agents import make_agent
from df_env.bench import DEFAULT_TURNS_PER_PLAYER, derive_seed
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation import observe
from df_env.games.deep_future.progress import progress
from df_env.train.exit.selfplay import outcome

FIELDS = ("obs", "mask", "pi", "q", "qb", "qm", "z", "player", "game", "turn", "prog")
CHILD_FIELDS = ("cobs", "cq", "cok")


def children(s: np.ndarray, p: int, visits: np.ndarray, q: np.ndarray, k: int) -> tuple[np.ndarray, ...]:
    """The acting player's observations after each of the ``k`` most visited root actions, their values and
    which are there. A child is played on a copy of the true game, so a card the action draws is the game's
    next card: one sample of the chance the search averaged over (the fit learns the search's mean from many)."""
    top = [int(a) for a in np.argsort(-visits, kind="stable")[:k] if visits[a] > 0]
    width = observe(s, p).shape[0]
    cobs, cq, cok = np.zeros((k, width), np.float16), np.zeros(k, np.float32), np.zeros(k, bool)
    for i, a in enumerate(top):
        c = engine.clone(s)
        engine.apply_action(c, a)
        if not c["over"]:
            cobs[i], cq[i], cok[i] = observe(c, p), q[a], True
    return cobs, cq, cok


def play(spec: str, players: int, seed: int, game: int, temp_moves: int, rows: dict[str, list],
         n_children: int = 0, net_moves: float = 0.0, net_spec: str = "net") -> bool:
    """Play one game, append its searched decisions to ``rows``; whether seat 0 won. With ``net_moves`` > 0 a
    later searched decision plays, with that probability, the ``net_spec`` policy's action (recorded with the
    search's visits all the same)."""
    gseed = derive_seed(seed, game)
    s = engine.new_game(engine.GameConfig(num_players=players), gseed)
    agents = [make_agent(spec).as_policy(p, gseed).agent for p in range(players)]
    if not all(hasattr(a, "search") for a in agents):
        raise SystemExit(f"--spec {spec!r} is not a search agent (mcts or net-mcts)")
    pick = np.random.default_rng(np.random.SeedSequence(gseed, spawn_key=(players,)))
    nets = [make_agent(net_spec).as_policy(p, gseed) for p in range(players)] if net_moves > 0 else []
    searched = [0] * players
    first = len(rows["player"])
    said = time.time()
    while not s["over"] and s["turn"] <= DEFAULT_TURNS_PER_PLAYER * players:
        p, m = int(s["dplayer"]), engine.legal_mask(s)
        if m.sum() == 1:
            engine.apply_action(s, int(np.flatnonzero(m)[0]))
            continue
        c = np.where(m, agents[p].search(s), 0.0)
        q = agents[p].last_q
        pi = c / c.sum()
        best = int(np.argmax(c))
        act = int(pick.choice(len(pi), p=pi)) if searched[p] < temp_moves else best
        if nets and searched[p] >= temp_moves and pick.random() < net_moves:
            act = int(nets[p](s, m))  # DAgger: the policy's move, the search's label
        searched[p] += 1
        if time.time() - said >= 10:  # a deep search's game takes minutes: never silent for more than 10 s
            print(f"  game {game}: turn {int(s['turn'])}, {sum(searched)} searched decisions", flush=True)
            said = time.time()
        for k, v in (("obs", observe(s, p).astype(np.float16)), ("mask", m.copy()), ("pi", pi.astype(np.float16)),
                     ("q", np.where(c > 0, q, 0.0).astype(np.float16)),
                     ("qb", q[best]), ("qm", float((q * c).sum() / c.sum())), ("player", p), ("game", game),
                     ("turn", int(s["turn"])), ("prog", progress(s, p))):
            rows[k].append(v)
        if n_children:
            for k, v in zip(CHILD_FIELDS, children(s, p, c, q, n_children), strict=True):
                rows[k].append(v)
        engine.apply_action(s, act)
    z = outcome(s)
    rows["z"].extend(z[p] for p in rows["player"][first:])
    return int(s["winner"]) == 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--spec", default="mcts:iters=400", help="the search agent (mcts or net-mcts spec)")
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--temp-moves", type=int, default=4, help="searched decisions a seat samples from the visits")
    ap.add_argument("--children", type=int, default=0, metavar="K",
                    help="also keep the children of the K most visited root actions (cobs, cq, cok; default 0)")
    ap.add_argument("--net-moves", type=float, default=0.0, metavar="P",
                    help="probability that a later searched decision plays the net policy's action (DAgger; "
                         "default 0)")
    ap.add_argument("--net-path", default=None,
                    help="the net policy's model for --net-moves (default: the shipped one)")
    ap.add_argument("--out", required=True, help="the .npz to write")
    a = ap.parse_args(argv)
    if a.children < 0:
        ap.error(f"--children must be 0 or more, got {a.children}")
    if not 0.0 <= a.net_moves <= 1.0:
        ap.error(f"--net-moves must be a probability in [0, 1], got {a.net_moves}")
    net_spec = f"net:path={a.net_path}" if a.net_path else "net"
    rows: dict[str, list] = {k: [] for k in FIELDS + (CHILD_FIELDS if a.children else ())}
    wins, t0 = 0, time.time()
    for g in range(a.games):
        wins += play(a.spec, a.players, a.seed, g, a.temp_moves, rows, a.children, a.net_moves, net_spec)
        if (g + 1) % 10 == 0 or g + 1 == a.games:
            print(f"{g + 1} games, {len(rows['player'])} samples, seat 0 won {wins}, {time.time() - t0:.0f} s",
                  flush=True)
    types = {"qb": np.float32, "qm": np.float32, "z": np.float32, "prog": np.float32}
    tmp = Path(a.out).with_name(Path(a.out).name + ".tmp")
    with open(tmp, "wb") as f:  # written whole, then renamed: never a half-written data file
        np.savez_compressed(f, **{k: np.array(v, dtype=types.get(k)) for k, v in rows.items()})
    os.replace(tmp, a.out)
    print(f"wrote {a.out}: {len(rows['player'])} samples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
