"""The conformance suite every game must pass (in the spirit of ``pgx.api_test`` and OpenSpiel's
``random_sim_test``): ``api_test(make_game("deep_future"), num_players=2)`` plays seeded random games to their end
and checks the :class:`~df_env.core.game.Game` contract at every step. A failure raises AssertionError saying which
check failed, at which seed and step.

The checks: the metadata is coherent; random play ends (or reaches the game's turn limit); the mask is never empty
before the end and ``legal_actions`` is its support; dtypes and shapes match the metadata; the same seed and actions
give the same game; a clone is independent; the JSON position round-trips at every step (and play goes on the same
from the copy); an illegal or out-of-range action raises the game's ``IllegalActionError`` and changes nothing; an
observation for a seat does not change when only what that seat cannot see changes (``determinize``).

Example:
    >>> import df_env
    >>> from df_env.core.api_test import api_test
    >>> api_test(df_env.make_game("deep_future"), num_players=1, seeds=(0,), json_every=50)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from .errors import IllegalActionError
from .game import Game, GameInfo


def api_test(game: Game, num_players: int | None = None, seeds: Iterable[int] = (0, 1, 2),
             json_every: int = 1, hidden_every: int = 1, max_turns: int | None = None,
             options: Mapping[str, Any] | None = None) -> None:
    """Run every check on seeded random games of ``game`` at ``num_players`` (default: each count it takes).

    Args:
        json_every: round-trip the JSON position every this many steps (1: every step).
        hidden_every: check the observations against a determinized state every this many steps.
        max_turns: stop a game at this turn (default: the game's ``default_turn_limit``).
        options: the game's configuration options (``make_config``'s keywords, e.g. Galactic Civ's
            ``{"events": True}``); default none.
    """
    check_info(game.info)
    counts = game.info.player_counts if num_players is None else (num_players,)
    for n in counts:
        for seed in seeds:
            actions = random_game(game, n, seed, json_every, hidden_every, max_turns, options)
            check_replay(game, n, seed, actions, options)


def check_info(info: GameInfo) -> None:
    """The metadata is coherent: ids, player counts, a name per action, a shape per player count."""
    assert info.id.isidentifier() and info.id == info.id.lower(), f"game id {info.id!r} must be a lower-case name"
    assert info.num_actions > 0 and len(info.action_names) == info.num_actions, "one action name per action id"
    for n in info.player_counts:
        assert n in info.observation_shapes, f"{info.id}: no observation shape for {n} players"
    assert isinstance(info.state_dtype, np.dtype), "state_dtype must be a numpy dtype"


def random_game(game: Game, n: int, seed: int, json_every: int = 1, hidden_every: int = 1,
                max_turns: int | None = None, options: Mapping[str, Any] | None = None) -> list[int]:
    """Play one seeded random game (with the configuration ``options``), checking every step; returns the actions
    taken."""
    rng = np.random.default_rng([seed, n, 7])
    s = game.new_game(game.make_config(num_players=n, **(options or {})), seed=seed)
    limit = game.default_turn_limit(n) if max_turns is None else max_turns
    check_new_game(game, s, n)
    actions: list[int] = []
    while not game.is_terminal(s) and game.turn(s) <= limit:
        where = f"{game.info.id}, {n} players, seed {seed}, step {len(actions)}"
        legal = check_step(game, s, n, where)
        if len(actions) % hidden_every == 0:
            check_hidden(game, s, n, rng, where)
        if len(actions) % json_every == 0:
            check_json(game, s, int(legal[0]), where)
        check_illegal(game, s, legal, where)
        a = int(rng.choice(legal))
        check_clone(game, s, a, where)
        game.apply_action(s, a)
        actions.append(a)
    check_end(game, s, n, f"{game.info.id}, {n} players, seed {seed}, end")
    return actions


def check_new_game(game: Game, s: Any, n: int) -> None:
    assert game.num_players(s) == n, f"new_game made {game.num_players(s)} players, asked for {n}"
    if isinstance(s, np.ndarray) and s.dtype.names and game.info.state_dtype.names:
        assert set(s.dtype.names) == set(game.info.state_dtype.names), "state fields differ from info.state_dtype"


def check_step(game: Game, s: Any, n: int, where: str) -> np.ndarray:
    """The mask, legal actions, current player, returns and every seat's observation of a running game."""
    mask = game.legal_mask(s)
    assert mask.dtype == np.bool_ and mask.shape == (game.info.num_actions,), f"{where}: mask {mask.dtype} {mask.shape}"
    legal = game.legal_actions(s)
    assert legal.size > 0, f"{where}: empty mask before the end"
    assert np.array_equal(legal, np.flatnonzero(mask)), f"{where}: legal_actions is not the mask's support"
    assert 0 <= game.current_player(s) < n, f"{where}: current player {game.current_player(s)} of {n}"
    r = game.returns(s)
    assert r.shape == (n,) and not r.any(), f"{where}: returns {r} while the game goes on"
    shape = tuple(game.info.observation_shapes[n])
    for seat in range(n):
        o = game.observe(s, seat)
        assert o.dtype == np.float32 and o.shape == shape, f"{where}: observation {o.dtype} {o.shape}, want {shape}"
        lo, hi = game.info.observation_range
        assert np.isfinite(o).all() and o.min() >= lo and o.max() <= hi, \
            f"{where}: observation of seat {seat} outside [{lo}, {hi}] (info.observation_range)"
    return legal


def check_json(game: Game, s: Any, action: int, where: str) -> None:
    """The position survives ``to_json``/``from_json`` and play goes on the same from the copy."""
    text = game.to_json(s)
    back = game.from_json(text)
    assert game.to_json(back) == text, f"{where}: JSON round trip changed the position"
    assert np.array_equal(game.legal_mask(back), game.legal_mask(s)), f"{where}: round trip changed the mask"
    a, b = game.clone(s), back
    game.apply_action(a, action)
    game.apply_action(b, action)
    assert game.to_json(a) == game.to_json(b), f"{where}: play differs after a JSON round trip"


def check_illegal(game: Game, s: Any, legal: np.ndarray, where: str) -> None:
    """Illegal and out-of-range actions raise the game's IllegalActionError and leave the state as it was."""
    before = game.to_json(s)
    illegal = np.setdiff1d(np.arange(game.info.num_actions), legal)
    for a in ([int(illegal[0])] if illegal.size else []) + [-1, game.info.num_actions]:
        try:
            game.apply_action(s, a)
        except IllegalActionError as e:
            assert str(e), f"{where}: IllegalActionError without a message"
        else:
            raise AssertionError(f"{where}: illegal action {a} was accepted")
    assert game.to_json(s) == before, f"{where}: a refused action changed the state"


def check_clone(game: Game, s: Any, action: int, where: str) -> None:
    """A clone is independent: playing on it leaves the original as it was."""
    before = game.to_json(s)
    c = game.clone(s)
    game.apply_action(c, action)
    assert game.to_json(s) == before, f"{where}: playing on a clone changed the original"


def check_hidden(game: Game, s: Any, n: int, rng: np.random.Generator, where: str) -> None:
    """What a seat sees does not change when only what it cannot see is resampled."""
    if not (game.info.hidden_information and game.info.has("determinize")):
        return
    for seat in range(n):
        d = game.determinize(s, seat, rng)
        assert np.array_equal(game.observe(d, seat), game.observe(s, seat)), \
            f"{where}: seat {seat}'s observation changed when only hidden parts were resampled"
        if game.current_player(s) == seat:
            assert np.array_equal(game.legal_mask(d), game.legal_mask(s)), \
                f"{where}: seat {seat}'s legal actions depend on what it cannot see"


def check_end(game: Game, s: Any, n: int, where: str) -> None:
    """A finished game: empty mask, no current player, returns of the right shape, every action refused."""
    if not game.is_terminal(s):
        return  # stopped at the turn limit
    assert not game.legal_mask(s).any() and game.legal_actions(s).size == 0, f"{where}: legal actions after the end"
    assert game.current_player(s) == -1, f"{where}: a current player after the end"
    r = game.returns(s)
    assert r.shape == (n,) and r.dtype == np.float64, f"{where}: returns {r.dtype} {r.shape}"
    out = game.outcome(s)
    assert set(out) >= {"winner", "victory", "seats", "causes"} and len(out["seats"]) == n, f"{where}: outcome {out}"
    assert out["victory"] in (*game.info.outcome_names, ""), f"{where}: victory {out['victory']!r} not in outcome_names"
    for a in (0, game.info.num_actions - 1):
        try:
            game.apply_action(s, a)
        except IllegalActionError:
            continue
        raise AssertionError(f"{where}: action {a} accepted after the end")


def check_replay(game: Game, n: int, seed: int, actions: list[int],
                 options: Mapping[str, Any] | None = None) -> None:
    """The same seed, configuration and actions give the same game (twice over, from scratch)."""
    ends = []
    for _ in range(2):
        s = game.new_game(game.make_config(num_players=n, **(options or {})), seed=seed)
        for a in actions:
            game.apply_action(s, a)
        ends.append(game.to_json(s))
    assert ends[0] == ends[1], f"{game.info.id}, {n} players, seed {seed}: same seed and actions, different games"
