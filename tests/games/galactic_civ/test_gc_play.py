"""Galactic Civ as a game of the registry: random play to the end at 2-6 players with and without Events, a game
as a function of its seed and decisions, clones, JSON round trips, illegal actions, observations, determinize and
the compiled random games."""

from __future__ import annotations

import numpy as np
import pytest

import df_env
from df_env.core.errors import GameError, IllegalActionError
from df_env.games.deep_future.engine.model.rng import seed_words
from df_env.games.galactic_civ import GAME as G
from df_env.games.galactic_civ.engine import kernels
from df_env.games.galactic_civ.engine.state import NUM_ACTIONS, STATE_DTYPE

CASES = [(n, ev) for n in range(2, 7) for ev in (False, True)]


def random_game(n: int, events: bool, seed: int, check_every: int = 0) -> tuple[np.ndarray, list[int]]:
    """Play a seeded random game to its end; every ``check_every`` decisions check the game's contract."""
    s = G.new_game(G.make_config(n, events=events), seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    while not G.is_terminal(s):
        legal = G.legal_actions(s)
        assert len(legal) > 0 and G.legal_mask(s).sum() == len(legal)
        a = int(rng.choice(legal))
        if check_every and len(actions) % check_every == 0:
            check_position(s, a, rng)
        G.apply_action(s, a)
        actions.append(a)
        assert len(actions) <= G.info.max_game_length
    check_invariants(s)
    return s, actions


def check_invariants(s: np.ndarray) -> None:
    """GC4, GC24, GCR20: every card once in a hand or a pile, every event once when Events are on, no negative
    score, the per-hand type counts agree with the hands, the legal list with the mask."""
    from df_env.games.galactic_civ.engine.tables import CARD_TYPE

    n = G.num_players(s)
    seen = np.concatenate([s["deck"][: int(s["deck_n"])], s["disc"][: int(s["disc_n"])]] +
                          [np.flatnonzero(s["hand"][p]) for p in range(n)])
    assert sorted(seen.tolist()) == list(range(120))
    if s["events_on"]:
        ev = s["edeck"][: int(s["edeck_n"])].tolist() + s["edisc"][: int(s["edisc_n"])].tolist()
        assert sorted(ev + ([int(s["event"])] if s["event"] >= 0 else [])) == list(range(77))
    assert (s["attr"][:n] >= 0).all() and (s["hand_n"][:n] == s["hand"][:n].sum(axis=1)).all()
    for p in range(n):
        assert s["htype"][p].tolist() == np.bincount(CARD_TYPE[s["hand"][p] > 0], minlength=4).tolist()
    assert G.legal_actions(s).tolist() == np.flatnonzero(s["mask"]).tolist()


def check_position(s: np.ndarray, a: int, rng: np.random.Generator) -> None:
    check_invariants(s)
    assert G.from_json(G.to_json(s)).tobytes() == s.tobytes()
    seat = int(rng.integers(G.num_players(s)))
    obs = G.observe(s, seat)
    assert obs.shape == G.info.observation_shapes[G.num_players(s)] and obs.dtype == np.float32
    assert 0.0 <= obs.min() and obs.max() <= 1.0
    d = G.determinize(s, seat, rng)
    assert (G.observe(d, seat) == obs).all()
    for lang in ("en", "zh"):
        assert G.action_to_string(s, a, lang) and G.decision_to_string(s, lang)
    c = G.clone(s)
    G.apply_action(c, a)
    assert G.from_json(G.to_json(s)).tobytes() == s.tobytes()


@pytest.mark.parametrize("n,events", CASES)
def test_random_play_to_the_end(n: int, events: bool) -> None:
    for seed in range(8):
        s, actions = random_game(n, events, seed, check_every=7 if seed == 0 else 0)
        assert G.current_player(s) == -1 and len(G.legal_actions(s)) == 0
        out = G.outcome(s)
        assert out["victory"] in G.info.outcome_names and int(s["turn"]) <= 20
        assert sorted(set(out["seats"])) in (["other won", "win"], ["draw"])
        assert (G.returns(s).sum() == 0.0 and out["winner"] == -1) or G.returns(s)[out["winner"]] == 1.0


@pytest.mark.parametrize("n,events", [(2, False), (5, True)])
def test_same_seed_and_actions_same_game(n: int, events: bool) -> None:
    s, actions = random_game(n, events, 3)
    t = G.new_game(G.make_config(n, events=events), 3)
    for a in actions:
        G.apply_action(t, a)
    assert t.tobytes() == s.tobytes()
    assert G.new_game(G.make_config(n), 4).tobytes() != G.new_game(G.make_config(n), 5).tobytes()


def test_illegal_actions_raise_and_change_nothing() -> None:
    s = G.new_game(G.make_config(3, races="random"), 1)
    before = s.tobytes()
    illegal = int(np.flatnonzero(~G.legal_mask(s))[0])
    for bad in (illegal, -1, NUM_ACTIONS, True, 2.5):
        with pytest.raises(IllegalActionError):
            G.apply_action(s, bad)  # type: ignore[arg-type]
    assert s.tobytes() == before


def test_clone_is_independent() -> None:
    s = G.new_game(G.make_config(2, races="random"), 2)
    c = G.clone(s)
    G.apply_action(c, int(G.legal_actions(c)[0]))
    assert c.tobytes() != s.tobytes() and G.new_game(G.make_config(2, races="random"), 2).tobytes() == s.tobytes()


def test_registry_and_config() -> None:
    g = df_env.make_game("galactic_civ")
    assert g is G and "galactic_civ" in df_env.available_games()
    cfg = G.make_config(4, events=True, races=["Dregin Empire", "Terran Alliance", "Arcean Empire", "Torian Regime"])
    assert G.config_from_dict(G.config_to_dict(cfg)) == cfg
    for bad in ({"races": "all"}, {"events": 1}, {"races": ["Dregin Empire"] * 2}, {"colour": 1}):
        with pytest.raises(GameError):
            G.make_config(2, **bad)
    with pytest.raises(GameError, match="seed"):
        G.new_game(cfg, -1)


def test_compiled_random_games_finish() -> None:
    template = np.stack([G.new_game(G.make_config(n, events=n % 2 == 0), n) for n in range(2, 7)])
    assert template.dtype == STATE_DTYPE
    k = 100
    dec, win, vic = (np.zeros(k, np.int64) for _ in range(3))
    kernels.random_games_arr(template, seed_words(9), k, dec, win, vic)
    assert (dec > 0).all() and ((vic >= 1) & (vic <= 7)).all() and ((win >= 0) == (vic != 7)).all()


def test_zh_text_translates_attributes_and_phases() -> None:
    s = G.new_game(G.make_config(2, races="random"), 0)
    assert "建造" in G.decision_to_string(s, "zh") and "军事" in G.render(s, None, "zh")


def test_force_dice_api_queues_rolls() -> None:
    from df_env.games.galactic_civ.engine.api import force_dice

    s = G.new_game(G.make_config(2, races="random"), 0)
    force_dice(s, [3, 10])
    force_dice(s, [1])
    assert G.from_json(G.to_json(s)).tobytes() == s.tobytes()
    assert '"forced_dice":[3,10,1]' in G.to_json(s)
    for bad in ([0], [11], [1] * 40):
        with pytest.raises(GameError):
            force_dice(s, bad)


def test_every_action_has_words() -> None:
    s = G.new_game(G.make_config(3, events=True, races="random"), 0)
    for lang in ("en", "zh"):
        texts = [G.action_to_string(s, a, lang) for a in range(G.info.num_actions)]
        assert all(texts) and len(set(texts[11:131])) == 120
    assert "Scout Ships" in G.action_to_string(s, 11) and "打出" in G.action_to_string(s, 11, "zh")


def test_observe_and_determinize_refuse_a_bad_seat() -> None:
    s = G.new_game(G.make_config(3), 0)
    for bad in (-1, 3, True, "0"):
        with pytest.raises(GameError, match="seat"):
            G.observe(s, bad)  # type: ignore[arg-type]
        with pytest.raises(GameError, match="seat"):
            G.determinize(s, bad, np.random.default_rng(0))  # type: ignore[arg-type]
