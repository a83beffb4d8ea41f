"""Galactic Civ's observation (GCR21: a seat sees every public fact and its own hand) part by part on real positions,
and the compiled determinization the searches use: it keeps everything the seat sees and redeals the rest."""

from __future__ import annotations

import numpy as np
import pytest

from df_env.core import make_game
from df_env.core.rng import seed_words
from df_env.games.galactic_civ.engine.observe import (
    HAND_SCALE,
    OBS_PARTS,
    OBS_SIZE,
    SCORE_HALF,
    SEAT_SIZE,
    determinize_rec,
)
from df_env.games.galactic_civ.engine.tables import CARD_TYPE, N_ATTR

G = make_game("galactic_civ")


def parts(obs: np.ndarray) -> dict[str, np.ndarray]:
    """The observation cut into its named parts (OBS_PARTS)."""
    out, at = {}, 0
    for name, size in OBS_PARTS:
        out[name] = obs[at:at + size]
        at += size
    assert at == OBS_SIZE == obs.size
    return out


def midgame(n: int, seed: int, decisions: int = 60, events: bool = False) -> np.ndarray:
    """A position after ``decisions`` random decisions (or the end, if sooner)."""
    rng = np.random.default_rng(seed)
    s = G.new_game(G.make_config(n, events=events), seed=seed)
    for _ in range(decisions):
        if G.is_terminal(s):
            break
        G.apply_action(s, int(rng.choice(G.legal_actions(s))))
    return s


@pytest.mark.parametrize("n,seed", [(2, 1), (4, 2), (6, 3)])
def test_each_part_shows_what_the_seat_may_see(n: int, seed: int) -> None:
    s = midgame(n, seed, events=True)
    for seat in range(n):
        o = parts(G.observe(s, seat))
        rows = o["seats"].reshape(-1, SEAT_SIZE)
        for p in range(n):
            row = rows[(p - seat) % n]  # the observer is row 0, the others in turn order
            scores = s["attr"][p].astype(np.float64)
            assert row[0] == 1.0 and row[1] == (p == s["cur"]) and row[2] == (p == s["first"])
            np.testing.assert_allclose(row[4:4 + N_ATTR], scores / (scores + SCORE_HALF), rtol=1e-6)
            leads = [all(s["attr"][p, a] > s["attr"][q, a] for q in range(n) if q != p) for a in range(N_ATTR)]
            assert row[4 + N_ATTR:4 + 2 * N_ATTR].tolist() == [float(x) for x in leads]
            assert row[-1] == pytest.approx(min(1.0, int(s["hand_n"][p]) / HAND_SCALE))
        assert not rows[n:].any()  # absent seats are zeros
        assert o["own_hand"].tolist() == s["hand"][seat].astype(float).tolist()
        assert set(np.flatnonzero(o["discard"])) == set(s["disc"][: int(s["disc_n"])].tolist())
        assert o["phase"].argmax() == s["phase"] and o["phase"].sum() == 1
        assert o["decision"].argmax() == s["dk"] and o["decision"].sum() == 1
        assert o["scalars"][0] == pytest.approx(int(s["turn"]) / 20.0)


def test_other_hands_and_deck_order_do_not_change_the_observation() -> None:
    s = midgame(3, 4)
    seat = G.current_player(s)
    other = (seat + 1) % 3
    t = G.clone(s)
    held = np.flatnonzero(t["hand"][other])
    t["hand"][other, held[0]] = 0  # swap one of another seat's cards with the deck's top card
    top = int(t["deck"][int(t["deck_n"]) - 1])
    t["hand"][other, top] = 1
    t["deck"][int(t["deck_n"]) - 1] = held[0]
    assert (G.observe(t, seat) == G.observe(s, seat)).all()
    assert not (G.observe(t, other) == G.observe(s, other)).all()  # the holder sees the swap


@pytest.mark.parametrize("n,seed", [(2, 5), (4, 6), (6, 7)])
def test_compiled_determinization_redeals_only_what_the_seat_cannot_see(n: int, seed: int) -> None:
    s = midgame(n, seed, decisions=80, events=True)
    seat = G.current_player(s)
    t = G.clone(s)
    determinize_rec(t.reshape(1)[0], seat, seed_words(seed))
    assert (G.observe(t, seat) == G.observe(s, seat)).all()
    assert (t["hand_n"] == s["hand_n"]).all() and (t["mask"] == s["mask"]).all()
    cards = lambda x: sorted(np.flatnonzero(x["hand"].any(axis=0)).tolist() + x["deck"][: int(x["deck_n"])].tolist())  # noqa: E731
    assert cards(t) == cards(s)  # the same cards, dealt anew
    for p in range(n):
        assert int(t["hand"][p].sum()) == int(t["hand_n"][p])
        assert t["htype"][p].tolist() == np.bincount(CARD_TYPE[np.flatnonzero(t["hand"][p])], minlength=4).tolist()
    k = int(s["edeck_n"])
    assert sorted(t["edeck"][:k].tolist()) == sorted(s["edeck"][:k].tolist())
    redealt = any(not (t["hand"][p] == s["hand"][p]).all() for p in range(n) if p != seat)
    assert redealt and not (t["rng"] == s["rng"]).all()
    again = G.clone(s)
    determinize_rec(again.reshape(1)[0], seat, seed_words(seed))
    assert again.tobytes() == t.tobytes()  # a function of the position and the words
    while not G.is_terminal(t):  # and the redealt position plays on
        G.apply_action(t, int(G.legal_actions(t)[0]))
