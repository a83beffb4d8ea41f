"""The searches' model of the other seats (``opponents=observed``, agents.galactic_civ.opponents) and the hook that
shows every decision to the seats that observe (``Agent.observe``, ``agents.tell``)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from support.gc_position import PASS, G, build, pick

import df_env.envs  # noqa: F401 - registers GalacticCiv-v0
from agents import Agent, AgentSpecError, introduce, make_agent, tell
from agents.galactic_civ.fast import FIRST, HEURISTIC, RANDOM
from agents.galactic_civ.opponents import OpponentModel, heuristic_choices
from df_env.bench import play_game
from df_env.games.galactic_civ.engine import state as S


def _odds_after(state: np.ndarray, action: int, seat: int = 1) -> np.ndarray:
    model = OpponentModel(seat)
    before = model.log_odds.copy()
    model.observe(state, action)
    return model.log_odds[int(state["dplayer"])] - before[int(state["dplayer"])]


def test_the_heuristics_pick_is_evidence_for_the_heuristic() -> None:
    """GC11, GCR4: on a 9 in Aggression the heuristic cuts the rival's Technology path (Research or Trade); a seat
    that picks so is more likely the heuristic than ``first`` or ``random``, and one that takes the lowest attribute
    instead looks like ``first``."""
    s = build(phase="Aggression", turn=12, attrs={0: {"Military": 12}, 1: {"Research": 11, "Trade": 11}}, dice=[9])
    assert int(s["dk"]) == S.D_PICK and int(s["dplayer"]) == 0
    best = heuristic_choices(s).tolist()
    assert set(best) <= {pick("Research"), pick("Trade")} and best
    heuristic, first, random = _odds_after(s, best[0])
    assert heuristic > random > first
    lowest = int(s["legal"][0])
    assert lowest not in best
    heuristic, first, random = _odds_after(s, lowest)
    assert first > random > heuristic


def test_a_pass_with_cards_in_hand_is_evidence_for_random() -> None:
    """GC9: the heuristic and ``first`` play a card when they can; a pass with three cards in hand (a public count)
    is likelier from ``random``, and a play the other way round."""
    s = build(phase="Construction", hands={0: ["Cargo Ship", "Frigates", "Scout Ships"]})
    assert int(s["dk"]) == S.D_PLAY and int(s["hand"][0].sum()) == 3
    heuristic, first, random = _odds_after(s, PASS)
    assert random > heuristic and heuristic == pytest.approx(first)
    heuristic, first, random = _odds_after(s, int(s["legal"][0]))
    assert heuristic == pytest.approx(first) and first > random


def test_its_own_moves_and_card_choices_are_not_evidence() -> None:
    """The modelling seat's own decisions tell it nothing about the others; nor does a discard (its choice reads the
    hand)."""
    s = build(phase="Construction", hands={0: ["Cargo Ship", "Frigates", "Scout Ships"]})
    assert not _odds_after(s, PASS, seat=0).any()


def _play_table(specs: list[str], seed: int, observer: int) -> OpponentModel:
    """A game of ``specs``, every decision shown to a model at seat ``observer``."""
    s = G.new_game(G.make_config(len(specs)), seed=seed)
    seats = [make_agent(spec, game="galactic_civ").as_policy(p, seed, G) for p, spec in enumerate(specs)]
    model = OpponentModel(observer)
    while not G.is_terminal(s):
        a = seats[G.current_player(s)](s)
        model.observe(s, a)
        G.apply_action(s, a)
    return model


def test_the_model_names_each_seats_policy() -> None:
    """By the game's end the model names ``first`` and the heuristic at a 4-player table in every one of 8 deals, and
    ``random`` in at least 6 (``random`` shows less: a short game may end before its passes and picks outweigh the
    prior for the heuristic)."""
    named = [_play_table(["heuristic", "first", "random", "heuristic"], seed, observer=0) for seed in range(200, 208)]
    assert all(m.policy_of(1) == FIRST and m.policy_of(3) == HEURISTIC for m in named)
    assert sum(m.policy_of(2) == RANDOM for m in named) >= 6
    assert named[0].codes(4, own=RANDOM).tolist() == [RANDOM, FIRST, RANDOM, HEURISTIC]


def test_the_model_reads_only_what_its_seat_sees() -> None:
    """GCR21: every update is the same from the true position and from a copy whose hidden cards (other hands, the
    deck order) were dealt again for the observing seat."""
    s = G.new_game(G.make_config(3), seed=5)
    seats = [make_agent(spec, game="galactic_civ").as_policy(p, 5, G) for p, spec in
             enumerate(["heuristic", "random", "first"])]
    true, redealt = OpponentModel(0), OpponentModel(0)
    rng = np.random.default_rng(1)
    while not G.is_terminal(s):
        a = seats[G.current_player(s)](s)
        true.observe(s, a)
        redealt.observe(G.determinize(s, 0, rng), a)
        np.testing.assert_array_equal(true.log_odds, redealt.log_odds)
        G.apply_action(s, a)
    assert (true.log_odds != OpponentModel(0).log_odds).any()


class _Watcher(Agent):
    """Plays the first legal action and records every decision it is shown."""

    uses_state, observes = True, True

    def __init__(self) -> None:
        self.seen: list[tuple[int, int]] = []
        self.table: list[str] = []

    def meet(self, seats: list[str]) -> None:
        self.table = list(seats)

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        return int(np.flatnonzero(mask)[0])

    def observe(self, state: np.ndarray, action: int) -> None:
        assert state["mask"][action]
        self.seen.append((int(state["dplayer"]), action))


def test_bench_shows_every_decision_to_an_observing_seat() -> None:
    """``df-env bench``'s game loop tells the observing seat every decision, its own and the others'."""
    watcher = _Watcher()
    _, decisions, _, _ = play_game([watcher, make_agent("random", game="galactic_civ")], G.make_config(2), seed=3,
                                   agent_seed=4, max_turns=3, game=G)
    assert len(watcher.seen) == int(decisions.sum()) and {p for p, _ in watcher.seen} == {0, 1}
    assert watcher.table == ["agent", "random"]


def test_a_seat_named_as_a_compiled_policy_is_that_policy() -> None:
    """The table's public names fix the seats of ``first`` and ``random`` as those policies and a seat of any other
    agent (a search) as the heuristic; a person, a name that is no agent's, and the modelling seat itself are left to
    the evidence."""
    model = OpponentModel(0)
    model.meet(["random", "first", "mcts:iters=400", "human", "random", "net-mcts:opponents=observed"])
    assert model.named == {1: FIRST, 2: HEURISTIC, 4: RANDOM, 5: HEURISTIC}
    model.meet(["first", "first:", "x:=1", "oracle"])  # "oracle" is Deep Future's, not this game's
    assert model.named == {1: FIRST}
    s = build(phase="Construction", hands={0: ["Cargo Ship", "Frigates", "Scout Ships"]})
    other = OpponentModel(1)
    other.meet(["heuristic", "mcts"])
    for _ in range(10):
        other.observe(s, PASS)  # seat 0 passes and passes: it is still the heuristic it is named
    assert other.policy_of(0) == HEURISTIC and other.codes(2, own=RANDOM).tolist() == [HEURISTIC, RANDOM]


def test_introduce_tells_only_agents_that_observe() -> None:
    watcher, heuristic = _Watcher(), make_agent("heuristic", game="galactic_civ")
    introduce([heuristic.as_policy(0, 0, G), watcher.as_policy(1, 0, G), lambda s: 0], ["heuristic", "watcher"])
    assert watcher.table == ["heuristic", "watcher"]


def test_tell_skips_agents_that_do_not_observe() -> None:
    s = G.new_game(G.make_config(2), seed=0)
    heuristic = make_agent("heuristic", game="galactic_civ").as_policy(0, 0, G)
    watcher = _Watcher()
    tell([heuristic, watcher.as_policy(1, 0, G)], s, int(s["legal"][0]))
    assert watcher.seen == [(int(s["dplayer"]), int(s["legal"][0]))]


def test_the_env_shows_the_learners_moves_to_its_opponents() -> None:
    """GalacticCiv-v0: an opponent with ``opponents=observed`` models the learner from the learner's moves."""
    env = gym.make("GalacticCiv-v0", num_players=2, opponents=["mcts:iters=2,opponents=observed"])
    obs, _ = env.reset(seed=0)
    search = next(iter(env.unwrapped._policies.values())).agent
    for _ in range(40):
        obs, _, done, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if done or truncated:
            break
    learner = env.unwrapped.seat
    assert (search.model.log_odds[learner] != OpponentModel(0).log_odds[learner]).any()
    assert search.model.named == {}  # the learner's seat is named "learner": no compiled policy


def test_the_env_names_its_seats() -> None:
    env = gym.make("GalacticCiv-v0", num_players=3, opponents=["random", "mcts:iters=2,opponents=observed"])
    env.reset(seed=1)
    policies = env.unwrapped._policies
    search = policies[max(policies)].agent
    assert search.model.named == {min(policies): RANDOM}


@pytest.mark.parametrize("spec", ["mcts:iters=4,opponents=observed", "net-mcts:iters=4,opponents=observed"])
def test_searches_that_observe_roll_out_the_observed_policies(spec: str) -> None:
    """After a game's worth of ``first``'s moves, the search's rollouts play that seat as ``first``."""
    agent = make_agent(spec, game="galactic_civ")
    assert agent.observes
    agent.as_policy(0, 0, G)
    s = G.new_game(G.make_config(2), seed=7)
    seats = [make_agent("heuristic", game="galactic_civ").as_policy(0, 7, G),
             make_agent("first", game="galactic_civ").as_policy(1, 7, G)]
    while not G.is_terminal(s):
        a = seats[G.current_player(s)](s)
        agent.observe(G.clone(s), a)
        G.apply_action(s, a)
    assert agent.model.codes(2, own=HEURISTIC).tolist() == [HEURISTIC, FIRST]


def test_a_wrong_opponents_option_is_refused() -> None:
    for name in ("mcts", "net-mcts"):
        with pytest.raises(AgentSpecError, match="opponents"):
            make_agent(f"{name}:opponents=psychic", game="galactic_civ")
    with pytest.raises(ValueError, match="opponents must be one of auto, assumed, observed"):
        make_agent("mcts", game="galactic_civ").seat_model("psychic", 0)


def test_the_defaults() -> None:
    """``mcts`` and ``net-mcts`` model the other seats at 3 or more players (``auto``), not at 2."""
    for name in ("mcts", "net-mcts"):
        search = make_agent(name, game="galactic_civ")
        assert search.observes and not search.modelling(2) and search.modelling(3) and search.modelling(6)
        search.meet(["random", "first"])  # a 2-player table: nothing to watch for
        assert not search.observes
    assert not make_agent("net-mcts:opponents=assumed", game="galactic_civ").modelling(4)


def _moves(spec: str, opponents: list[str], seed: int, decisions: int) -> list[int]:
    """The first ``decisions`` moves of a game of ``spec`` (seat 0) against ``opponents``, every loop hook called."""
    specs = [spec, *opponents]
    s = G.new_game(G.make_config(len(specs)), seed=seed)
    seats = [make_agent(x, game="galactic_civ").as_policy(p, seed, G) for p, x in enumerate(specs)]
    introduce(seats, specs)
    moves = []
    while len(moves) < decisions and not G.is_terminal(s):
        a = seats[G.current_player(s)](s)
        tell(seats, s, a)
        G.apply_action(s, a)
        moves.append(a)
    return moves


def test_auto_is_assumed_at_two_players() -> None:
    """At 2 players ``opponents=auto`` plays ``assumed``'s moves, one for one, though it observes the game."""
    assert _moves("mcts:iters=12", ["first"], 4, 60) == _moves("mcts:iters=12,opponents=assumed", ["first"], 4, 60)
