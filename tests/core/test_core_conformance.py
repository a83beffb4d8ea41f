"""The conformance suite (df_env.core.api_test) on every registered game at every player count it takes, and the
suite itself: a game that breaks the contract is caught."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import df_env
from df_env.core.api_test import api_test, check_clone, check_hidden, check_illegal, check_json

CASES = [(gid, n) for gid in df_env.available_games() for n in df_env.make_game(gid).info.player_counts]


@pytest.mark.parametrize("game_id,num_players", CASES)
def test_every_game_passes_the_conformance_suite(game_id: str, num_players: int) -> None:
    game = df_env.make_game(game_id)
    api_test(game, num_players=num_players, seeds=(0, 1, 2), json_every=3, hidden_every=2)


@pytest.mark.parametrize("num_players", df_env.make_game("galactic_civ").info.player_counts)
def test_galactic_civ_passes_the_conformance_suite_with_the_events_deck(num_players: int) -> None:
    """Galactic Civ's optional Events deck (GC24-GC31) at 2-6 players: Moral Dilemmas and council votes are
    decisions, the Event deck is hidden (``determinize`` reshuffles it, the observations do not change), the JSON
    position keeps it (the cases above play without Events, the default)."""
    game = df_env.make_game("galactic_civ")
    api_test(game, num_players=num_players, seeds=(0, 1, 2), json_every=3, hidden_every=2, options={"events": True})
    s = game.new_game(game.make_config(num_players, events=True), seed=0)
    assert bool(s["events_on"]) and int(s["edeck_n"]) == 77


def test_json_round_trip_at_every_step_of_a_deep_future_game() -> None:
    api_test(df_env.make_game("deep_future"), num_players=2, seeds=(5,), json_every=1, hidden_every=1)


class _Broken:
    """Deep Future with one part of the contract broken (``how``), to show that the suite catches it."""

    def __init__(self, how: str) -> None:
        self._g = df_env.make_game("deep_future")
        self.how = how
        self.info = self._g.info

    def __getattr__(self, name: str) -> Any:
        return getattr(self._g, name)

    def clone(self, s: np.ndarray) -> np.ndarray:
        return s if self.how == "clone" else self._g.clone(s)

    def observe(self, s: np.ndarray, seat: int) -> np.ndarray:
        o = self._g.observe(s, seat)
        if self.how == "leak":  # an observation that shows the deck's top card: hidden from every seat
            o = o.copy()
            o[0] = float(s["deck"][0])
        return o

    def apply_action(self, s: np.ndarray, a: int) -> None:
        if self.how == "lenient" and not self._g.legal_mask(s)[a] if 0 <= a < self.info.num_actions else False:
            return  # silently ignores an illegal action instead of raising
        self._g.apply_action(s, a)

    def from_json(self, text: str) -> np.ndarray:
        s = self._g.from_json(text)
        if self.how == "json":
            s["turn"] += 1
        return s


@pytest.mark.parametrize("how,check", [("clone", check_clone), ("json", check_json), ("lenient", check_illegal),
                                       ("leak", check_hidden)])
def test_the_suite_catches_a_broken_game(how: str, check: Any) -> None:
    game = _Broken(how)
    s = game.new_game(game.make_config(num_players=2), seed=3)
    legal = game.legal_actions(s)
    args = {"clone": (game, s, int(legal[0]), "here"), "json": (game, s, int(legal[0]), "here"),
            "lenient": (game, s, legal, "here"), "leak": (game, s, 2, np.random.default_rng(0), "here")}[how]
    with pytest.raises(AssertionError, match="here"):
        check(*args)


@pytest.mark.parametrize("game_id", df_env.available_games())
def test_generic_agents_play_every_game_to_its_end(game_id: str) -> None:
    """random, first and the determinized search (ismcts) need only the Game contract."""
    from agents import agent_names, make_agent
    from df_env.bench import play_game

    game = df_env.make_game(game_id)
    n = game.info.player_counts[-1]
    assert {"random", "first"} <= set(agent_names(game_id))
    specs = ["random", "first", "ismcts:iters=8,turns=1"][:n] + ["random"] * max(0, n - 3)
    seats = [make_agent(spec, game_id) for spec in specs]
    s, counts, _, _ = play_game(seats, game.make_config(num_players=n), 4, 5, 3, game)
    assert counts.sum() > 0 and (game.is_terminal(s) or game.turn(s) > 3)


def test_ismcts_is_a_function_of_its_seed_and_sees_only_its_seat() -> None:
    """Same agent seed, same choice; and the choice does not change when only what the seat cannot see changes
    (the search determinizes first, so the true deck order never reaches it)."""
    from agents import make_agent

    game = df_env.make_game("deep_future")
    s = game.new_game(game.make_config(num_players=2), seed=11)
    seat = game.current_player(s)
    hidden = game.determinize(s, seat, np.random.default_rng(99))  # another deck order and other hands
    picks = [make_agent("ismcts:iters=25,turns=1").as_policy(seat, 3, game)(x) for x in (s, s, hidden)]
    assert picks[0] == picks[1] == picks[2] and game.legal_mask(s)[picks[0]]
