"""Recorded games of the network agents (both games, searches and samplers) and of the plain searches (``mcts``,
``oracle``, the generic ISMCTS), action for action: they must come out the same on every machine and build
(docs/cluster.md). The network agents' hashes were recorded on a 2-core AMD EPYC (stop 47) and the same games came
out compiled for the baseline x86-64 (no AVX, no FMA), for ``skylake-avx512`` and under glibc's code path for CPUs
without FMA; the plain searches' (stop 48) came out the same before and after their UCB logarithm moved from the C
library to ``fmath.log_count``'s table. CI runs this on its own CPU. A change that alters what these agents play (a
model, the search, the numerics: fastmath, a C library's ``exp`` or ``log``) fails here and must record the games
anew, on purpose: ``python tests/test_recorded_search_games.py`` prints the table."""

from __future__ import annotations

import hashlib
import json

import pytest

from agents import make_agent
from df_env.core import make_game

# (game, seats, engine and agent seed, decisions, sha256 of the JSON list of actions)
RECORDED = [
    ("deep_future", ["net-mcts:iters=60"], 7, 163,
     "28cd0ea84890c7b1b9b9e3981d9ce1571f40b9df6a91abe4e017a7e6ce944d8d"),
    ("deep_future", ["net-mcts:iters=60"], 8, 134,
     "39da0f38ab66276123538a2f95f0433894aa95175626ed26c66e0397af1f9b50"),
    ("deep_future", ["net-mcts:iters=40,root=gumbel"], 9, 143,
     "12495af1fc4d10de7969b6453c2657e269c82bd9e5a45a8a0d6621d020dfeee8"),
    ("deep_future", ["net:deterministic=0"], 10, 145,
     "2756280a863234ed5905a9fb3817bb4d0b77ba456010377c6418e0606f8bf843"),
    ("deep_future", ["net-mcts:iters=40", "net"], 11, 221,
     "d63da3c7e6e1ab521b03490e333bb8452ade9318c65cd72bb17a0bab41192940"),
    ("galactic_civ", ["net-mcts:iters=40", "net:deterministic=0"], 12, 114,
     "030444d2fa094094da93f7f968c792d84a245dbd1b87e294013d7986a041441f"),
    ("deep_future", ["mcts:iters=200"], 13, 92,
     "7fcbe0a949c97afe779cfbf1d67c22e825fcf3b3136073c0572906ea020bc43a"),
    ("deep_future", ["oracle:iters=100"], 14, 156,
     "d5f0b63052d5c4a7d52a55b94fb1f67a6984bfce25e3c44f3279eb1a6d90570c"),
    ("deep_future", ["mcts:iters=60", "heuristic"], 15, 161,
     "e10e70c1a3155b9b7608a877380b1b44a08cfa8a285a757f55e152a55ce1e9a3"),
    ("galactic_civ", ["mcts:iters=30", "heuristic"], 16, 105,
     "408bd34905babbd5f8829c9b87a87de40cf0c682550e7569cad0c203e3faedd2"),
]


def play(game_id: str, seats: list[str], seed: int) -> list[int]:
    """One whole game with every seat's agent seeded by ``seed`` (at most 400 decisions)."""
    g = make_game(game_id)
    s = g.new_game(g.make_config(len(seats)), seed=seed)
    policies = [make_agent(spec, game=game_id).as_policy(p, seed, g) for p, spec in enumerate(seats)]
    actions: list[int] = []
    while not g.is_terminal(s) and len(actions) < 400:
        a = int(policies[g.current_player(s)](s))
        actions.append(a)
        g.apply_action(s, a)
    return actions


def digest(actions: list[int]) -> str:
    return hashlib.sha256(json.dumps(actions).encode()).hexdigest()


@pytest.mark.parametrize(("game_id", "seats", "seed", "decisions", "sha"), RECORDED,
                         ids=[f"{r[0]}-{'+'.join(r[1])}-{r[2]}" for r in RECORDED])
def test_the_recorded_games_come_out_the_same(game_id: str, seats: list[str], seed: int, decisions: int,
                                              sha: str) -> None:
    actions = play(game_id, seats, seed)
    assert (len(actions), digest(actions)) == (decisions, sha)


if __name__ == "__main__":
    for game_id, seats, seed, _, _ in RECORDED:
        actions = play(game_id, seats, seed)
        print(f"    ({json.dumps(game_id)}, {json.dumps(seats)}, {seed}, {len(actions)},\n     \"{digest(actions)}\"),")
