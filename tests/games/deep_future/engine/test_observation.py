"""The observation encoder (df_env.games.deep_future.engine.observation) and determinization (its ``determinize``)."""

from __future__ import annotations

import numpy as np
import pytest

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.kernels import fill_mask_arr
from df_env.games.deep_future.engine.model.constants import CULTURE, MIGHT
from df_env.games.deep_future.engine.model.layout import D_HOME_PICK
from df_env.games.deep_future.engine.observation.determinize import determinize, fast_clone
from df_env.games.deep_future.engine.observation.encode import (
    CARD_FEATURES,
    CF,
    HAND_SLOTS,
    LAYOUTS,
    SECTION_NAMES,
    F,
    observation_layout,
    observe,
    observe_dict,
)


def play_random(num_players: int, seed: int, decisions: int) -> np.ndarray:
    """A position after up to ``decisions`` random legal decisions (stops early if the game ends)."""
    s = engine.new_game(engine.GameConfig(num_players=num_players), seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        legal = engine.legal_actions(s)
        if legal.size == 0:
            break
        engine.apply_action(s, int(rng.choice(legal)))
    return s


def positions(num_players: int, count: int = 30) -> list[np.ndarray]:
    return [play_random(num_players, seed, decisions=int(seed * 7 % 60)) for seed in range(count)]


# ------------------------------------------------------------------------------------------------ layout
@pytest.mark.parametrize("n", [1, 2, 3])
def test_sections_tile_the_vector(n: int) -> None:
    layout = observation_layout(n)
    off = 0
    for sec in layout.sections:
        assert sec.offset == off, sec.name
        off += sec.size
    assert off == layout.size
    names = [s.name for s in layout.sections]
    assert names == [s for s in SECTION_NAMES if not (n == 1 and s == "opp_hands")]


def test_layout_sizes_grow_with_players() -> None:
    assert LAYOUTS[1].size < LAYOUTS[2].size < LAYOUTS[3].size
    assert observation_layout(3).section("opp_hands").shape == (2, HAND_SLOTS, F)
    with pytest.raises(KeyError, match="opp_hands"):
        observation_layout(1).section("opp_hands")
    with pytest.raises(ValueError, match="num_players"):
        observation_layout(4)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_values_bounded_and_split_join_roundtrip(n: int) -> None:
    layout = observation_layout(n)
    for s in positions(n, 20):
        for p in range(n):
            obs = observe(s, p)
            assert obs.dtype == np.float32 and obs.shape == (layout.size,)
            assert np.isfinite(obs).all() and obs.min() >= -1.0 and obs.max() <= 1.0
            parts = layout.split(obs)
            assert np.array_equal(layout.join(parts), obs)
            assert np.array_equal(layout.join(observe_dict(s, p)), obs)


def test_observe_checks_arguments() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), seed=0)
    with pytest.raises(ValueError, match="observer"):
        observe(s, 2)
    with pytest.raises(ValueError, match="out"):
        observe(s, 0, out=np.zeros(3, dtype=np.float32))


# ------------------------------------------------------------------------------------------------ content
def test_own_hand_slots_follow_arrival_order() -> None:
    s = play_random(1, seed=4, decisions=10)
    hand = observe_dict(s, 0)["hand"]
    n = int(s["hand_n"][0])
    assert n > 0
    for i in range(min(n, HAND_SLOTS)):
        c = int(s["hand"][0, i])
        assert hand[i, CF["present"]] == 1.0
        assert hand[i, CF["suit_S"] + int(s["c_suit"][c])] == 1.0
        assert hand[i, CF["number"]] == pytest.approx(int(s["c_num"][c]) / 6)
        assert hand[i, CF["type_blank"] + int(s["c_type"][c])] == 1.0
    assert not hand[n:].any()


def test_tracks_and_seats_are_relative_to_the_observer() -> None:
    s = engine.new_game(engine.GameConfig(num_players=3), seed=2)
    s["tracks"][1, MIGHT] = 3
    s["tracks"][2, CULTURE] = 6
    players = observe_dict(s, 1)["players"]  # player 1 sees himself first, then 2, then 0
    assert players[0, 1] == pytest.approx(3 / 6)
    assert players[1, 0] == pytest.approx(6 / 12)
    assert players[2, 1] == 0.0


def test_decision_section_names_the_pending_decision() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), seed=5)
    dec = observe_dict(s, int(s["dplayer"]))["decision"]
    assert dec[int(s["dk"])] == 1.0 and dec[: len(engine.layout.DECISIONS)].sum() == 1.0


def test_reveal_section_only_during_home_pick() -> None:
    for seed in range(40):
        s = engine.new_game(engine.GameConfig(num_players=2), seed=seed)
        if int(s["dk"]) == D_HOME_PICK:
            reveal = observe_dict(s, int(s["dplayer"]))["reveal"]
            assert reveal[:, CF["present"]].sum() == sum(int(c) >= 0 for c in s["reveal"])
            break
    else:
        pytest.skip("no HOME_PICK decision in 40 seeds")
    s = play_random(2, seed=1, decisions=30)
    assert int(s["dk"]) != D_HOME_PICK
    assert not observe_dict(s, 0)["reveal"].any()


def test_known_deck_cards_and_revealed_hands_appear() -> None:
    s = play_random(2, seed=6, decisions=12)
    top = int(s["deck"][int(s["deck_n"]) - 1])
    assert observe_dict(s, 0)["deck_top"][0, CF["present"]] == 0.0
    s["c_known"][top] |= 1  # player 0 saw it with History (R8)
    seen = observe_dict(s, 0)["deck_top"][0]
    assert seen[CF["present"]] == 1.0 and seen[CF["suit_S"] + int(s["c_suit"][top])] == 1.0
    assert int(s["hand_n"][1]) > 0
    c = int(s["hand"][1, 0])
    before = observe_dict(s, 0)["opp_hands"][0, 0].copy()
    assert before[CF["present"]] == 1.0 and before[1:].sum() == 0.0  # a card is there, unknown
    s["c_known"][c] |= 1  # revealed to player 0 (R13)
    after = observe_dict(s, 0)["opp_hands"][0, 0]
    assert after[CF["suit_S"] + int(s["c_suit"][c])] == 1.0


# ------------------------------------------------------------------------------------------------ hidden information
def perturb_hidden(s: np.ndarray, p: int, rng: np.random.Generator) -> np.ndarray:
    """A copy of s where only what player p cannot see changed: the unknown deck cards are permuted, each unknown
    card of another hand is swapped with an unknown deck card, the challenge pile is permuted, the generator is
    reseeded. Knowledge bits stay with the places. Written independently of determinize."""
    t = s.copy()
    bit = 1 << p
    places = [("deck", (i,)) for i in range(int(t["deck_n"])) if not t["c_known"][t["deck"][i]] & bit]
    places += [("hand", (q, i)) for q in range(int(t["n_players"])) if q != p
               for i in range(int(t["hand_n"][q])) if not t["c_known"][t["hand"][q, i]] & bit]
    places += [("chal", (i,)) for i in range(int(t["chal_n"]))]
    cards = [int(t[f][idx]) for f, idx in places]
    bits = [int(t["c_known"][c]) for c in cards]
    order = rng.permutation(len(cards))
    for (f, idx), k, b in zip(places, order, bits, strict=True):
        t[f][idx] = cards[k]
        t["c_known"][cards[k]] = b
    t["rng"] = rng.integers(1, 2**32, size=4)
    fill_mask_arr(t.reshape(1))
    return t


@pytest.mark.parametrize("n", [2, 3])
def test_no_hidden_information_leaks(n: int) -> None:
    rng = np.random.default_rng(0)
    others_changed = 0
    for s in positions(n, 25):
        for p in range(n):
            t = perturb_hidden(s, p, rng)
            assert np.array_equal(observe(t, p), observe(s, p)), f"player {p} sees a hidden change"
            others_changed += sum(not np.array_equal(observe(t, q), observe(s, q)) for q in range(n) if q != p)
    assert others_changed > 0  # the perturbation is real: the holders of the moved cards see it


def test_solo_deck_order_is_hidden() -> None:
    rng = np.random.default_rng(1)
    for s in positions(1, 15):
        t = perturb_hidden(s, 0, rng)
        assert np.array_equal(observe(t, 0), observe(s, 0))


# ------------------------------------------------------------------------------------------------ determinize
def unknown_cards(s: np.ndarray, p: int) -> list[int]:
    bit = 1 << p
    cards = [int(c) for c in s["deck"][: int(s["deck_n"])] if not s["c_known"][c] & bit]
    for q in range(int(s["n_players"])):
        if q != p:
            cards += [int(c) for c in s["hand"][q, : int(s["hand_n"][q])] if not s["c_known"][c] & bit]
    return sorted(cards + [int(c) for c in s["chal"][: int(s["chal_n"])]])


@pytest.mark.parametrize("n", [1, 2, 3])
def test_determinize_keeps_what_the_player_knows(n: int) -> None:
    rng = np.random.default_rng(3)
    moved = 0
    for s in positions(n, 15):
        p = int(s["dplayer"]) if not s["over"] else 0
        d = determinize(s, p, rng)
        assert np.array_equal(observe(d, p), observe(s, p))
        assert np.array_equal(d["hand"][p], s["hand"][p])
        assert np.array_equal(d["hand_n"], s["hand_n"]) and d["deck_n"] == s["deck_n"] and d["chal_n"] == s["chal_n"]
        assert unknown_cards(d, p) == unknown_cards(s, p)
        if not s["over"]:
            assert np.array_equal(d["mask"], s["mask"])
        moved += int(not np.array_equal(d["deck"], s["deck"]))
        assert not np.shares_memory(d, s)
    assert moved > 0


def test_determinized_games_play_on() -> None:
    rng = np.random.default_rng(4)
    for s in positions(3, 8):
        if s["over"]:
            continue
        d = determinize(s, int(s["dplayer"]), rng)
        for _ in range(40):
            legal = engine.legal_actions(d)
            if legal.size == 0:
                break
            engine.apply_action(d, int(rng.choice(legal)))


def test_determinize_checks_arguments_and_leaves_the_state() -> None:
    s = play_random(2, seed=9, decisions=20)
    before = fast_clone(s)
    with pytest.raises(ValueError, match="player"):
        determinize(s, 5, np.random.default_rng(0))
    with pytest.raises(ValueError, match="rng"):
        determinize(s, 0, 42)  # type: ignore[arg-type]
    determinize(s, 0, np.random.default_rng(0))
    assert s.tobytes() == before.tobytes()


def test_card_features_are_named() -> None:
    assert len(CARD_FEATURES) == F == len(set(CARD_FEATURES))


def test_docs_show_the_current_layout() -> None:
    from pathlib import Path

    from df_env.games.deep_future.engine.observation.encode import layout_table

    docs = (Path(__file__).resolve().parents[4] / "docs" / "envs.md").read_text()
    for n in (1, 2, 3):
        assert layout_table(n) in docs, f"docs/envs.md: the {n}-player layout table is out of date"
