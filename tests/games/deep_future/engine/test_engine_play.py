"""Random play of thousands of games with every invariant checked after every decision, determinism, and the
engine's API contract (legal actions ascending, every legal action applies, illegal ones raise)."""

from __future__ import annotations

import numpy as np
import pytest
from support.invariants import MESSAGES, check, checked_random_games

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model.rng import seed_words
from df_env.games.deep_future.engine.model.state import STATE_DTYPE

GAMES_PER_PLAYER_COUNT = 2000


def _starts(n_players: int, n_games: int, offset: int = 0) -> np.ndarray:
    starts = np.empty(n_games, dtype=STATE_DTYPE)
    for g in range(n_games):
        config = engine.GameConfig(num_players=n_players, restart_on_loss=(g % 2 == 1))
        starts[g] = engine.new_game(config, seed=offset + g)
    return starts


@pytest.mark.parametrize("n_players", [1, 2, 3])
def test_random_play_keeps_every_invariant(n_players: int) -> None:
    starts = _starts(n_players, GAMES_PER_PLAYER_COUNT)
    out = np.zeros((GAMES_PER_PLAYER_COUNT, 4), dtype=np.int64)
    checked_random_games(starts, seed_words(100 + n_players), GAMES_PER_PLAYER_COUNT, 200_000, out)
    bad = np.flatnonzero(out[:, 1])
    assert len(bad) == 0, f"game {bad[0]}: {MESSAGES[int(out[bad[0], 1])]} after {out[bad[0], 0]} decisions"
    assert out[:, 0].min() >= 1
    assert out[:, 0].max() < 200_000, "a random game did not end"


@pytest.mark.parametrize("n_players", [1, 2, 3])
def test_api_contract_under_random_play(n_players: int) -> None:
    rng = np.random.default_rng(n_players)
    for seed in range(15):
        s = engine.new_game(engine.GameConfig(num_players=n_players), seed=seed)
        while not engine.is_terminal(s):
            legal = engine.legal_actions(s)
            assert len(legal) >= 2 and np.all(np.diff(legal) > 0), "legal actions are ascending, at least two"
            assert np.array_equal(np.flatnonzero(engine.legal_mask(s)), legal)
            assert engine.current_player(s) == s["dplayer"]
            illegal = np.setdiff1d(np.arange(engine.NUM_ACTIONS), legal)
            with pytest.raises(engine.IllegalActionError, match="legal actions"):
                engine.apply_action(s, int(rng.choice(illegal)))
            for a in legal[:8]:  # every legal action applies (a sample of up to 8 per decision)
                t = engine.clone(s)
                engine.apply_action(t, int(a))
                check(t)
            engine.apply_action(s, int(rng.choice(legal)))
        assert engine.legal_actions(s).size == 0 and engine.current_player(s) == -1
        r = engine.returns(s)
        assert r.shape == (n_players,) and set(r.tolist()) <= {-1.0, 1.0}


def test_out_of_range_and_terminal_actions_raise() -> None:
    s = engine.new_game(engine.GameConfig(), seed=3)
    for bad in (-1, engine.NUM_ACTIONS, 10**6):
        with pytest.raises(engine.IllegalActionError):
            engine.apply_action(s, bad)


def _play(seed: int, n_players: int) -> tuple[np.ndarray, list[int]]:
    rng = np.random.default_rng(seed)
    s = engine.new_game(engine.GameConfig(num_players=n_players), seed=seed)
    actions = []
    while not engine.is_terminal(s):
        a = int(rng.choice(engine.legal_actions(s)))
        actions.append(a)
        engine.apply_action(s, a)
    return s, actions


@pytest.mark.parametrize("n_players", [1, 2, 3])
def test_same_seed_and_decisions_give_identical_states(n_players: int) -> None:
    for seed in (0, 1, 2**40 + 7):
        a, actions = _play(seed, n_players)
        b = engine.new_game(engine.GameConfig(num_players=n_players), seed=seed)
        for act in actions:
            engine.apply_action(b, act)
        assert a.tobytes() == b.tobytes()


def test_seed_zero_is_a_seed_and_seeds_differ() -> None:
    a = engine.new_game(engine.GameConfig(), seed=0)
    b = engine.new_game(engine.GameConfig(), seed=0)
    c = engine.new_game(engine.GameConfig(), seed=1)
    assert a.tobytes() == b.tobytes() and a.tobytes() != c.tobytes()


def test_bad_config_and_seed_are_refused() -> None:
    with pytest.raises(ValueError, match="num_players"):
        engine.GameConfig(num_players=4)
    with pytest.raises(ValueError, match="seed"):
        engine.new_game(engine.GameConfig(), seed=-1)


def test_clone_is_independent() -> None:
    s = engine.new_game(engine.GameConfig(), seed=5)
    t = engine.clone(s)
    engine.apply_action(t, int(engine.legal_actions(t)[0]))
    assert s.tobytes() != t.tobytes()
    assert engine.new_game(engine.GameConfig(), seed=5).tobytes() == s.tobytes()


def test_engine_imports_no_adapter() -> None:
    """The rules engine stands alone: importing it loads no env, agent, training or plotting library."""
    import subprocess
    import sys

    code = ("import sys, df_env.games.deep_future.engine.text, df_env.games.deep_future.engine.io.position; "
            "bad = [m for m in ('gymnasium', 'pettingzoo', 'agents', 'stable_baselines3', 'torch', 'matplotlib', "
            "'df_env.envs') if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]", out
