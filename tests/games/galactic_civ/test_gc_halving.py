"""``net-mcts:root=halving`` (agents/galactic_civ/halving.py): sequential halving over the root's actions with paired
rollouts. The pairing is what it is for (two actions played out from the same determinization and generator words),
so it is tested directly: an action paired with itself scores exactly twice what it scores alone."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from agents import AgentSpecError, make_agent
from agents.galactic_civ.fast import HEURISTIC
from agents.galactic_civ.halving import _paired_round
from df_env.core import make_game

G = make_game("galactic_civ")


def wide_position(seed: int, width: int) -> Any:
    """A 2-player position (races dealt at random) whose decision has at least ``width`` legal actions."""
    s = G.new_game(G.make_config(2, races="random"), seed=seed)
    while len(G.legal_actions(s)) < width:
        G.apply_action(s, int(G.legal_actions(s)[0]))
    return s


def searched(spec: str, s: Any, seed: int = 0) -> tuple[np.ndarray, int]:
    agent = make_agent(spec, game="galactic_civ")
    agent.reset(np.random.default_rng(seed))
    visits = agent.search(G.clone(s))  # type: ignore[attr-defined]
    return visits, agent.last_choice  # type: ignore[attr-defined]


def test_an_action_paired_with_itself_scores_twice_its_score_alone() -> None:
    s = wide_position(3, 3)
    a = int(G.legal_actions(s)[1])
    (n1, w1), (n2, w2) = (one_round(s, alive, 0.0) for alive in ([a], [a, a]))
    assert n1 == 40 and n2 == 80
    assert w2 == 2 * w1 and 0 < w1 < 40  # the same 40 games twice, and not all won or all lost


def test_the_margin_adds_the_progress_lead_to_each_rollout_s_result() -> None:
    s = wide_position(3, 3)
    a = int(G.legal_actions(s)[1])
    (_, plain), (_, with_margin) = (one_round(s, [a], margin) for margin in (0.0, 0.1))
    assert with_margin != plain and abs(with_margin - plain) <= 0.1 * 40  # a lead is in [-1, 1]


def one_round(s: Any, alive: list[int], margin: float) -> tuple[float, float]:
    """The rollouts and the summed score of ``alive[0]`` after one paired round of 40 samples from ``s``."""
    visits, score = np.zeros(G.info.num_actions), np.zeros(G.info.num_actions)
    words = np.array([11, 22, 33, 44], np.int64)
    codes = np.full(2, HEURISTIC, np.int64)
    _paired_round(G.clone(s).reshape(1), int(s["dplayer"]), np.array(alive, np.int64), len(alive), 40, margin,
                  words, codes, visits, score)
    return visits[alive[0]], score[alive[0]]


def test_halving_spends_its_budget_on_the_considered_actions_and_plays_the_best_of_the_last_round() -> None:
    s = wide_position(4, 5)
    legal = G.legal_actions(s)
    visits, choice = searched("net-mcts:root=halving,iters=120,considered=4", s)
    assert visits[~G.legal_mask(s)].sum() == 0
    assert (visits[legal] > 0).sum() == min(4, legal.size)  # only the considered actions were played out
    m = min(4, legal.size)
    rounds = math.ceil(math.log2(m))
    assert m * (120 // (rounds * m)) <= visits.sum() <= 120  # the first round alone spends its share on all m
    assert choice in legal and visits[choice] == visits.max()  # the last round's actions have the most rollouts


def test_halving_is_a_function_of_the_position_and_the_generator() -> None:
    s = wide_position(5, 3)
    first = searched("net-mcts:root=halving,iters=60", s, seed=7)
    again = searched("net-mcts:root=halving,iters=60", s, seed=7)
    assert np.array_equal(first[0], again[0]) and first[1] == again[1]


def test_halving_plays_legal_whole_games_at_2_and_4_players() -> None:
    for players, seed in ((2, 1), (4, 2)):
        s = G.new_game(G.make_config(players), seed=seed)
        specs = ["net-mcts:root=halving,iters=8"] + ["random"] * (players - 1)
        policies = [make_agent(spec, game="galactic_civ").as_policy(p, seed, G) for p, spec in enumerate(specs)]
        while not G.is_terminal(s):  # a SeatPolicy refuses an illegal action
            G.apply_action(s, policies[G.current_player(s)](s))


@pytest.mark.parametrize("spec,players,root,budget", [
    ("net-mcts", 2, "halving", 800), ("net-mcts:iters=50", 2, "halving", 50), ("net-mcts", 4, "halving", 800),
    ("net-mcts:time=1", 2, "tree", 700), ("net-mcts:leaf=mix,iters=30", 2, "tree", 30),
    ("net-mcts:root=tree", 2, "tree", 700), ("net-mcts:root=halving", 4, "halving", 800),
])
def test_the_default_root_is_halving_at_2_players_and_the_tree_at_more(spec: str, players: int, root: str,
                                                                      budget: int) -> None:
    agent = make_agent(spec, game="galactic_civ")
    assert agent.root_for(players) == root  # type: ignore[attr-defined]
    assert (agent.rollouts if root == "halving" else agent.iters) == budget  # type: ignore[attr-defined]


def test_the_default_search_at_2_players_plays_paired_rollouts() -> None:
    s = wide_position(6, 3)
    visits, choice = searched("net-mcts:iters=90", s)
    legal = G.legal_actions(s)
    assert visits.sum() <= 90 and (visits[legal] > 0).sum() == min(8, legal.size)
    assert visits[choice] == visits.max()


@pytest.mark.parametrize("spec,says", [
    ("net-mcts:root=halving,time=0.1", "root=halving takes iters .* not time"),
    ("net-mcts:root=halving,c_puct=2,leaf=value", "not c_puct, leaf"),
    ("net-mcts:root=halving,considered=1", "'considered' must be an integer >= 2"),
    ("net-mcts:root=wide", "'root'.*must be one of auto, tree, halving"),
    ("net-mcts:considered=0", "'considered'"),
    ("net-mcts:root=tree,considered=4", "options of root=halving"),
    ("net-mcts:root=tree,margin=0.1", "options of root=halving"), ("net-mcts:considered=1", "'considered'"),
    ("net-mcts:root=halving,margin=-1", "'margin'"),
])
def test_a_bad_halving_option_names_what_is_allowed(spec: str, says: str) -> None:
    with pytest.raises(AgentSpecError, match=says):
        make_agent(spec, game="galactic_civ")
