"""Seating an agent (``Agent.as_policy(seat, seed)``, the one seeding rule ``seat_rng``) and the search trusting
the mask (no "unsafe" actions left out: every action the mask offers is carried out to the end)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from support.scenario_game import FILLER, Game, dk, do, tech, techs_of, why

from agents import Agent, SeatPolicy, make_agent, seat_rng
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.legality.queries import advance_target_exists, tech_target_exists
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import ADVANCE, MAX_TECHS
from df_env.games.deep_future.engine.model.rng import seed_words

ROOT = Path(__file__).resolve().parents[4]


class _Recorder(Agent):
    """Remembers its generator and seat, and what it was given; answers with ``answer`` or a legal action."""

    name = "recorder"
    uses_state = True

    def __init__(self, answer: object = None, scribble: bool = False) -> None:
        self.answer, self.scribble = answer, scribble
        self.rng: np.random.Generator | None = None
        self.player = -1
        self.seen: np.ndarray | None = None

    def reset(self, rng: np.random.Generator, player: int = 0) -> None:
        self.rng, self.player = rng, player

    def act(self, obs: np.ndarray | None, mask: np.ndarray, state: np.ndarray | None = None) -> int:
        assert state is not None
        self.seen = state
        if self.scribble:
            state["turn"] = 99
        return int(np.flatnonzero(mask)[0]) if self.answer is None else self.answer  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------- the seating rule
def test_seat_rng_is_the_seed_sequence_of_seed_and_seat() -> None:
    expected = np.random.default_rng(np.random.SeedSequence(11, spawn_key=(2,))).integers(2**32, size=8)
    assert (seat_rng(11, 2).integers(2**32, size=8) == expected).all()
    assert (seat_rng(11, 1).integers(2**32, size=8) != expected).any()  # another seat, another stream
    assert (seat_rng(0, 0).integers(2**32, size=8) == seat_rng(0, 0).integers(2**32, size=8)).all()  # 0 is a seed


@pytest.mark.parametrize("seed, seat, what", [(-1, 0, "seed"), (0, -2, "seat"), (1.5, 0, "seed"), (0, True, "seat")])
def test_seat_rng_refuses_bad_seeds_and_seats(seed: object, seat: object, what: str) -> None:
    with pytest.raises(ValueError, match=f"{what} must be an integer >= 0"):
        seat_rng(seed, seat)  # type: ignore[arg-type]


def test_as_policy_resets_the_agent_with_the_rule_and_plays_its_seat() -> None:
    agent = _Recorder()
    policy = agent.as_policy(1, 42)
    assert isinstance(policy, SeatPolicy) and (policy.agent, policy.seat, policy.seed) == (agent, 1, 42)
    assert agent.player == 1 and agent.rng is not None
    assert agent.rng.integers(2**32) == seat_rng(42, 1).integers(2**32)
    assert repr(policy) == "SeatPolicy('recorder', seat=1, seed=42)"


def test_random_agent_seated_equals_the_agent_reset_by_hand() -> None:
    """``as_policy(seat, seed)`` is ``reset(seat_rng(seed, seat), seat)`` then ``act`` on the seat's decisions."""
    s = engine.new_game(engine.GameConfig(num_players=2), seed=4)
    t = s.copy()
    policy = make_agent("random").as_policy(0, 9)
    by_hand = make_agent("random")
    by_hand.reset(seat_rng(9, 0), 0)
    w = seed_words(1)
    for _ in range(150):
        if s["over"]:
            break
        if int(s["dplayer"]) == 0:
            a, b = policy(s), by_hand.act(None, engine.legal_mask(t), None)
        else:
            a = b = int(engine.legal_actions(s)[w[0] % len(engine.legal_actions(s))])
        assert a == b
        engine.apply_action(s, a)
        engine.apply_action(t, b)


def test_as_policy_refuses_another_seats_decision() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), seed=0)
    other = 1 - int(s["dplayer"])
    with pytest.raises(ValueError, match=f"plays seat {other}, but the pending decision is seat"):
        make_agent("random").as_policy(other, 0)(s)


@pytest.mark.parametrize("answer, message", [(-3, "chose action -3, which is not legal here; legal actions: "),
                                             ("x", "returned 'x', not an action id")])
def test_as_policy_names_an_illegal_answer(answer: object, message: str) -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    with pytest.raises(engine.IllegalActionError, match=re.escape(f"agent 'recorder' (seat 0) {message}")):
        _Recorder(answer).as_policy(0, 0)(s)


def test_as_policy_gives_the_agent_a_copy_of_the_state() -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    before = s.tobytes()
    agent = _Recorder(scribble=True)
    agent.as_policy(0, 0)(s)
    assert s.tobytes() == before and agent.seen is not None and int(agent.seen["turn"]) == 99


def test_no_adapter_seeds_an_agent_by_hand() -> None:
    """Every adapter seats agents with ``as_policy``: none calls ``reset`` with a generator of its own."""
    pattern = re.compile(r"\.reset\(\s*(np\.random|rng|numpy\.random|seat_rng)")
    found = [f"{p.relative_to(ROOT)}:{n}" for folder in ("df_env", "experiments", "tools")
             for p in sorted((ROOT / folder).rglob("*.py")) if "engine" not in p.parts
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, f"seat agents with agent.as_policy(seat, seed): {found}"


# ---------------------------------------------------------------------------------------------- trusting the mask
def test_the_mask_offers_advance_only_when_something_can_take_an_advancement_over_many_positions() -> None:
    """The check the search's ``unsafe`` made (ADVANCE with nothing to write on) is the mask's: over the positions
    of random and heuristic games (1-3 players), ADVANCE is offered only when a card can take an advancement, and
    never once was the tech row full of complete techs (the only case the old check left out beyond the mask)."""
    advance = L.encode(L.B_ACTION, ADVANCE)
    offered = 0
    for g in range(60):
        n = 1 + g % 3
        s = engine.new_game(engine.GameConfig(num_players=n), seed=300 + g)
        rng = np.random.default_rng(g)
        policies = [make_agent("heuristic" if g % 2 else "random").as_policy(p, g) for p in range(n)]
        while not s["over"] and s["turn"] <= 40 * n:
            p = int(s["dplayer"])
            rec = s.reshape(1)[0]
            assert tech_target_exists(rec, p), "a full row of complete techs: the position the old check was for"
            if int(s["dk"]) == L.D_ACTION and s["mask"][advance]:
                offered += 1
                assert advance_target_exists(rec, p, -1)
            engine.apply_action(s, policies[p](s) if rng.random() < 0.9 else int(rng.choice(engine.legal_actions(s))))
    assert offered > 100


def _sixteen_complete_techs_and_room_on_the_homeworld() -> np.ndarray:
    g = Game(home_lines=("H2", "H3"))
    g.techs(*[tech(1 + i % 6, "S", "S1", "R1", "H1") for i in range(MAX_TECHS)])
    g.hand("K1", "M1")
    g.top_first(*FILLER)
    return g.build()


def test_advance_with_a_full_row_of_complete_techs_is_carried_out_on_the_homeworld_r14_r41() -> None:
    """The position the search's old ``unsafe`` left out (it could once need a 17th tech): ADVANCE is offered,
    goes on to write on the homeworld (the only card with room; no deck option, R41) and ends the action."""
    s = _sixteen_complete_techs_and_room_on_the_homeworld()
    assert not tech_target_exists(s.reshape(1)[0], 0)
    do(s, L.B_ACTION, ADVANCE)
    if dk(s) == "PAY":
        do(s, L.B_HAND, 0)
    while dk(s) != "ACTION":  # the homeworld is the only target: taken at once (R27), then its advancement
        assert dk(s) != "ADVANCE_TARGET", why(s)
        engine.apply_action(s, int(engine.legal_actions(s)[0]))
    assert int(s["c_slot_num"][0, 2]) > 0 and len(techs_of(s)) == MAX_TECHS, why(s)


@pytest.mark.parametrize("spec", ["heuristic", "mcts:iters=30,turns=1"])
def test_agents_play_the_full_tech_row_position_legally(spec: str) -> None:
    s = _sixteen_complete_techs_and_room_on_the_homeworld()
    policy = make_agent(spec).as_policy(0, 3)
    for _ in range(30):
        if s["over"] or int(s["turn"]) > 6:
            break
        engine.apply_action(s, policy(s))
