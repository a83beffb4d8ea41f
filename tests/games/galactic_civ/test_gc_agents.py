"""Galactic Civ's own agents: the heuristic's rules of thumb in exact positions (tests/support/gc_position.py),
whole games with it (Python loop and compiled), and the progress scores of update_peaks."""

from __future__ import annotations

import numpy as np
import pytest
from support.gc_position import TAKE, G, build, discard, pick, play, target

from agents import agent_names, make_agent
from agents.galactic_civ.fast import FIRST, HEURISTIC, RANDOM
from agents.galactic_civ.fast import play as fast_play
from df_env.core.rng import seed_words
from df_env.games.galactic_civ.engine import state as S
from df_env.games.galactic_civ.progress import progress_scores


def choice(s: np.ndarray, seed: int = 0) -> int:
    return make_agent("heuristic", game="galactic_civ").as_policy(G.current_player(s), seed, G)(s)


def test_heuristic_is_the_games_own_agent() -> None:
    names = agent_names("galactic_civ")
    assert "heuristic" in names and {"random", "first", "mcts"} <= set(names)
    with pytest.raises(ValueError, match="options"):
        make_agent("heuristic:depth=2", game="galactic_civ")


def test_plays_the_card_that_completes_a_path() -> None:
    """GC9, GC21: with Military and Expansion leads of 4, Frigates (Military +2, Expansion +1) beats Cargo Ship's
    larger but off-path Trade +3."""
    s = build(phase="Construction", attrs={0: {"Military": 9, "Expansion": 9}},
              hands={0: ["Cargo Ship", "Frigates", "Scout Ships"]})
    assert choice(s) == play("Frigates")


def test_aggression_target_is_the_rival_closest_to_winning() -> None:
    """GC11: of two rivals the one with a large Influence/Trade lead (Diplomacy path) is hit."""
    s = build(3, phase="Aggression", attrs={0: {"Military": 12}, 2: {"Influence": 11, "Trade": 11}})
    assert int(s["dk"]) == S.D_TARGET
    assert choice(s) == target(2)


def test_aggression_pick_cuts_the_targets_lead() -> None:
    """GC11, GCR3, GCR4, GCR16: on a 9 the active player picks the attribute that takes the target's Technology
    margin (Research +7, Trade +6) below the 5 that wins: Trade, not the larger Research lead."""
    s = build(phase="Aggression", attrs={0: {"Military": 12}, 1: {"Research": 12, "Trade": 11}}, dice=[9])
    assert int(s["dk"]) == S.D_PICK
    assert choice(s) == pick("Trade")


def test_approval_loss_falls_on_an_attribute_at_zero() -> None:
    """GC18, GCR3: a Pick One for one's own loss takes an attribute at 0 (the loss then does nothing)."""
    s = build(phase="Approval", attrs={0: {"Morale": 3, "Exploration": 0}}, dice=[10])
    assert int(s["dk"]) == S.D_PICK
    assert choice(s) == pick("Exploration")


def test_expansion_benefit_is_taken_and_the_weakest_card_discarded() -> None:
    """GC15, GCR14: the benefit is taken; the discard is the card whose play adds least (Anomaly: Research +1)."""
    s = build(phase="Expansion", attrs={0: {"Expansion": 6, "Military": 9}},
              hands={0: ["Anomaly", "Frigates"]}, deck_top=["Guardians", "Colony Ship"])
    assert choice(s) == TAKE
    G.apply_action(s, TAKE)
    assert int(s["dk"]) == S.D_DISCARD
    assert choice(s) == discard("Anomaly")


@pytest.mark.parametrize("players,events", [(2, False), (4, True), (6, True)])
def test_whole_games_in_python_and_compiled(players: int, events: bool) -> None:
    """Every heuristic choice is legal to the end of a game; the compiled whole game ends with progress in [0, 1]
    and the winner's at 1."""
    s = G.new_game(G.make_config(players, events=events), seed=3)
    policies = [make_agent("heuristic", game="galactic_civ").as_policy(p, 5, G) for p in range(players)]
    while not G.is_terminal(s):
        G.apply_action(s, policies[G.current_player(s)](s))
    s = G.new_game(G.make_config(players, events=events), seed=4)
    counts, peak = fast_play(s, np.array([HEURISTIC, RANDOM, FIRST, HEURISTIC, RANDOM, FIRST][:players]),
                             seed_words(9))
    assert bool(s["over"]) and counts.sum() > 0 and ((peak >= 0) & (peak <= 1)).all()
    if int(s["winner"]) >= 0:
        assert peak[int(s["winner"])] == 1.0


def test_heuristic_beats_random_in_compiled_games() -> None:
    """A sanity bar, not the strength figure (docs/agents.md has those): the heuristic wins most of 20 games."""
    wins = 0
    for g in range(20):
        s = G.new_game(G.make_config(2), seed=100 + g)
        seat = g % 2
        codes = np.array([HEURISTIC, RANDOM] if seat == 0 else [RANDOM, HEURISTIC])
        fast_play(s, codes, seed_words(g))
        wins += int(s["winner"]) == seat
    assert wins >= 14


def test_progress_scores() -> None:
    """A seat 5 ahead on Military and Expansion has met Conquest (progress 1); one leading 2 of 8 attributes and
    no path has 2/8."""
    s = build(3, phase="Construction", attrs={0: {"Military": 10, "Expansion": 10}, 1: {"Trade": 6, "Morale": 6}})
    prog = progress_scores(s)
    assert prog[0] == 1.0 and prog[1] == pytest.approx(2 / 8) and prog[2] == 0.0
    peak = np.array([0.0, 0.5, 0.0])
    G.update_peaks(s, peak)
    assert peak.tolist() == [1.0, 0.5, 0.0]


def test_mcts_is_the_games_own_search_with_compiled_rollouts() -> None:
    """``mcts`` is Galactic Civ's search (compiled rollouts); ``ismcts`` stays the generic one; a bad rollout
    name is refused with the allowed ones."""
    from agents import agent_modules

    modules = agent_modules("galactic_civ")
    assert modules["mcts"] == "agents.galactic_civ.mcts" and modules["ismcts"] == "agents.generic.ismcts"
    with pytest.raises(ValueError, match="heuristic, random"):
        make_agent("mcts:rollout=greedy", game="galactic_civ")


@pytest.mark.parametrize("rollout", ["heuristic", "random"])
def test_mcts_plays_legal_and_deterministic(rollout: str) -> None:
    """Ten decisions of a 3-player game: every choice legal, the same seeds give the same choices."""
    def run() -> list[int]:
        s = G.new_game(G.make_config(3), seed=2)
        spec = f"mcts:iters=15,rollout={rollout}"
        policies = [make_agent(spec, game="galactic_civ").as_policy(p, 3, G) for p in range(3)]
        taken = []
        for _ in range(10):
            a = policies[G.current_player(s)](s)
            assert G.legal_mask(s)[a]
            G.apply_action(s, a)
            taken.append(a)
        return taken

    assert run() == run()


def test_mcts_margin_adds_each_seat_s_progress_lead_to_the_rollout_s_result() -> None:
    """``mcts:margin=M`` backs up a rollout's result plus M times each seat's progress lead at the game's end:
    the same rollout (same position, same generator words) with and without it differs by exactly that."""
    s = G.new_game(G.make_config(3), seed=4)
    for _ in range(30):
        G.apply_action(s, int(G.legal_actions(s)[0]))
    values = []
    for spec in ("mcts:margin=0", "mcts:margin=0.25"):
        agent = make_agent(spec, game="galactic_civ")
        agent.reset(np.random.default_rng(5))
        end = G.clone(s)
        values.append(agent._rollout(end))  # type: ignore[attr-defined]
    prog = progress_scores(end)
    leads = np.array([prog[p] - max(prog[q] for q in range(3) if q != p) for p in range(3)])
    assert G.is_terminal(end) and np.abs(leads).max() > 0
    assert np.allclose(values[1] - values[0], 0.25 * leads)
    with pytest.raises(ValueError, match="margin"):
        make_agent("mcts:margin=-1", game="galactic_civ")


def test_mcts_trust_adds_visits_to_the_heuristic_s_move_only() -> None:
    """``mcts:trust=T``: the same search (same seed) as without it, plus T times the iterations on the root visits
    of the heuristic's move at that position, so the search plays another move only when it finds it clearly
    better; a large trust plays the heuristic's move."""
    s = G.new_game(G.make_config(4), seed=6)
    while int(s["n_legal"]) < 3:
        G.apply_action(s, int(G.legal_actions(s)[0]))
    visits = []
    for spec in ("mcts:iters=40", "mcts:iters=40,trust=0.5"):
        agent = make_agent(spec, game="galactic_civ")
        agent.reset(np.random.default_rng(8), G.current_player(s))
        visits.append(agent.root_visits(G.clone(s)))  # type: ignore[attr-defined]
    heuristic = make_agent("heuristic", game="galactic_civ").as_policy(G.current_player(s), 1, G)(s)
    changed = {a for a in visits[1] if visits[1][a] != visits[0].get(a, 0.0)}
    assert changed == {heuristic} and visits[1][heuristic] - visits[0].get(heuristic, 0.0) == 20.0
    assert sum(visits[0].values()) == 40
    trusting = make_agent("mcts:iters=40,trust=5", game="galactic_civ").as_policy(G.current_player(s), 2, G)
    assert trusting(s) == heuristic


def test_mcts_blocks_a_rival_about_to_win() -> None:
    """GC11, GCR16, GCR17: in turn 12 the rival meets Technology (Research and Trade leads of 6); on a 9 the
    search picks an attribute of that path for Aggression's loss."""
    s = build(phase="Aggression", turn=12, attrs={0: {"Military": 12}, 1: {"Research": 11, "Trade": 11}}, dice=[9])
    assert int(s["dk"]) == S.D_PICK
    a = make_agent("mcts:iters=200", game="galactic_civ").as_policy(0, 1, G)(s)
    assert a in (pick("Research"), pick("Trade"))


@pytest.mark.parametrize("spec", ["mcts:iters=25", "mcts:iters=25,trust=0.5,margin=0.1"])
def test_mcts_sees_only_its_seat(spec: str) -> None:
    """GCR21: the same choice from the position and from a copy whose hidden cards (other hands, deck order) were
    dealt again: the search determinizes first, so the true hidden order never reaches it (nor does the
    heuristic's move that ``trust`` adds visits to: it reads only what the seat sees)."""
    s = G.new_game(G.make_config(3, races="random"), seed=11)
    while int(s["turn"]) < 2 or int(s["dk"]) != S.D_PLAY or int(s["n_legal"]) < 3:
        G.apply_action(s, int(G.legal_actions(s)[0]))
    seat = G.current_player(s)
    hidden = G.determinize(s, seat, np.random.default_rng(99))
    picks = [make_agent(spec, game="galactic_civ").as_policy(seat, 3, G)(x) for x in (s, s, hidden)]
    assert picks[0] == picks[1] == picks[2] and G.legal_mask(s)[picks[0]]
