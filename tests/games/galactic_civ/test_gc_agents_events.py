"""Galactic Civ's agents with the optional Events deck (GC24-GC31) at 2-6 players: every agent of the game plays
whole games with Events, every choice legal (a SeatPolicy refuses an illegal one), Moral Dilemmas (GC28) and the
rest decided by the agents; the same seed gives the same game. (The engine's own conformance suite with Events is
tests/core/test_core_conformance.py.)"""

from __future__ import annotations

import numpy as np
import pytest

from agents import make_agent
from df_env.games.galactic_civ import GAME as G
from df_env.games.galactic_civ.engine.state import DECISION_NAMES, L_EVENT

# every agent of the game at each table size; net and net-mcts where a model is shipped (2 and 4 players)
TABLES = {
    2: ["net", "net-mcts:iters=3"],
    3: ["heuristic", "mcts:iters=8", "random"],
    4: ["net-mcts:iters=3", "heuristic", "mcts:iters=8,rollout=random", "net"],
    5: ["first", "heuristic", "mcts:iters=8", "random", "heuristic"],
    6: ["heuristic", "random", "mcts:iters=8", "first", "heuristic", "mcts:iters=8"],
}


def play_with_events(specs: list[str], seed: int) -> tuple[list[int], int, set[str]]:
    """One whole game with Events; its actions, the Events drawn and the kinds of decision the agents met."""
    s = G.new_game(G.make_config(len(specs), events=True), seed=seed)
    policies = [make_agent(spec, game="galactic_civ").as_policy(p, seed, G) for p, spec in enumerate(specs)]
    actions: list[int] = []
    drawn, kinds = 0, set()
    while not G.is_terminal(s):
        kinds.add(DECISION_NAMES[int(s["dk"])])
        a = policies[G.current_player(s)](s)
        actions.append(a)
        G.apply_action(s, a)
        rows = s["log"][: int(s["log_n"])]
        drawn += int(np.count_nonzero(rows[:, 0] == L_EVENT)) if len(rows) else 0
    assert bool(s["events_on"]) and G.is_terminal(s)
    return actions, drawn, kinds


@pytest.mark.parametrize("players", sorted(TABLES))
def test_every_agent_plays_whole_games_with_the_events_deck(players: int) -> None:
    """Two games at each table size: Events drawn, and the agents decide Moral Dilemmas (GC28) among the rest."""
    drawn, kinds = 0, set()
    for seed in (1, 2):
        _, d, k = play_with_events(TABLES[players], seed)
        drawn, kinds = drawn + d, kinds | k
    assert drawn > 0, "no Event was drawn: the games did not test the agents with Events"
    assert {"race", "play", "dilemma"} <= kinds, kinds


def test_the_same_seed_gives_the_same_game_with_events() -> None:
    """A game with Events is a function of its seed and the agents' seeds (searches included)."""
    assert play_with_events(TABLES[3], 7) == play_with_events(TABLES[3], 7)
