"""The card pool grows (rulebook 1.6: the galaxy "can grow endlessly over a connected campaign"; issue 11 finding 5).

A state holds the pool in one of a few capacity tiers (512, 2048, 8192, 32767 card slots), each its own dtype; a
game gets the tier its pool needs. The base tier is the dtype of every fresh game (unchanged, so nothing is compiled
twice on the base path); a campaign of more than 448 cards plays its games in the 2048 tier, which numba compiles
the engine for once (the first test that plays there pays it, then the on-disk cache).
"""

from __future__ import annotations

import numba
import numpy as np
import pytest

from df_env.games.deep_future import engine
from df_env.games.deep_future.campaign.commands import campaign_play, play_game
from df_env.games.deep_future.campaign.core import Campaign, derive_seed
from df_env.games.deep_future.campaign.files import load_campaign, save_campaign
from df_env.games.deep_future.engine.io.position import PositionError, from_dict, to_dict
from df_env.games.deep_future.engine.model.constants import CAPACITY_TIERS, MAX_CARDS, MAX_POOL, POOL_HEADROOM
from df_env.games.deep_future.engine.model.state import (
    STATE_DTYPE,
    empty_state,
    is_state_dtype,
    make_room,
    resize,
    state_dtype,
    tier_for,
)


# ---------------------------------------------------------------------------------------------- helpers
def random_game(camp: Campaign, players: int) -> np.ndarray:
    """The campaign's next game played at random (as ``df-env campaign play`` does) and recorded."""
    seed = camp.next_seed()
    words_seed = derive_seed(camp.seed, 2, camp.games + 1)
    s, log, truncated = play_game(camp.next_config(players), seed, None, 1000, words_seed)
    camp.record(s, ["random"] * players, log.homeworlds, seed=seed, truncated=truncated)
    return s


@pytest.fixture(scope="module")
def near_full() -> Campaign:
    """A 3-player random campaign grown to just under the base tier's 448 cards (about 85 games, seconds)."""
    camp = Campaign.new(seed=5)
    while camp.n_cards <= MAX_CARDS - POOL_HEADROOM - 12:
        random_game(camp, 3)
    assert tier_for(camp.n_cards) == MAX_CARDS
    return camp


@pytest.fixture(scope="module")
def grown(near_full: Campaign) -> Campaign:
    """The same campaign past 448 cards: its next game is in the 2048 tier."""
    camp = Campaign.from_dict(near_full.to_dict())
    while camp.n_cards <= MAX_CARDS - POOL_HEADROOM:
        random_game(camp, 3)
    return camp


# ---------------------------------------------------------------------------------------------- the tiers
def test_the_base_tier_is_the_state_dtype_of_every_fresh_game() -> None:
    assert CAPACITY_TIERS[0] == MAX_CARDS == 512 and state_dtype(512) == STATE_DTYPE
    assert STATE_DTYPE.itemsize == 23911  # the record of the golden playthroughs, byte for byte
    for players in (1, 2, 3):
        assert engine.new_game(engine.GameConfig(players), seed=players).dtype == STATE_DTYPE
    camp = Campaign.new(seed=1)
    assert camp.galaxy.dtype == STATE_DTYPE and engine.new_game(camp.next_config(2), 0).dtype == STATE_DTYPE
    # the compiled engine is specialized on numba's type of the array: the same type as before tiers existed, so
    # the base path finds its one compiled (and cached) version and compiles nothing more
    base_type = numba.typeof(np.zeros(1, STATE_DTYPE))
    assert numba.typeof(engine.from_json(engine.to_json(engine.new_game(engine.GameConfig(3), 0))).reshape(1)) \
        == base_type == numba.typeof(engine.new_game(camp.next_config(1), 0).reshape(1))
    assert numba.typeof(np.zeros(1, state_dtype(2048))) != base_type
    assert [tier_for(n) for n in (0, 36, 448, 449, 1984, 1985, 8128, 8129, MAX_POOL)] == [
        512, 512, 512, 2048, 2048, 8192, 8192, 32767, 32767]
    with pytest.raises(ValueError, match="no game holds more than 32767"):
        tier_for(MAX_POOL + 1)
    with pytest.raises(ValueError, match="not a capacity tier"):
        state_dtype(1000)
    assert all(is_state_dtype(state_dtype(c)) for c in CAPACITY_TIERS) and not is_state_dtype(np.dtype("i4"))


def test_game_config_capacity_is_checked() -> None:
    with pytest.raises(ValueError, match=r"capacity must be None or one of \(512, 2048, 8192, 32767\)"):
        engine.GameConfig(1, capacity=1000)
    for wrong in (512.0, "512", True):
        with pytest.raises(ValueError, match="capacity must be None or one of"):
            engine.GameConfig(1, capacity=wrong)  # type: ignore[arg-type]
    assert engine.GameConfig(1, capacity=np.int64(2048)).game_capacity() == 2048
    big = empty_state(2048)
    big["n_cards"] = 600
    with pytest.raises(ValueError, match="capacity 512 is too small for the galaxy's 600 cards"):
        engine.GameConfig(1, galaxy=big, capacity=512)


@pytest.mark.slow
def test_resize_is_exact_and_a_game_plays_on_identically() -> None:
    """A game copied into a bigger tier (what make_room does mid-game) plays the same moves to the same end."""
    small = engine.new_game(engine.GameConfig(2), seed=11)
    big = resize(small, 2048)
    assert engine.capacity(big) == 2048 and resize(big, 512).tobytes() == small.tobytes()
    rng = np.random.default_rng(0)
    while not small["over"]:
        legal = engine.legal_actions(small)
        assert np.array_equal(legal, engine.legal_actions(big))
        a = int(rng.choice(legal))
        engine.apply_action(small, a)
        engine.apply_action(big, a)
    assert resize(big, 512).tobytes() == small.tobytes()
    assert engine.clone(big).dtype == big.dtype and engine.clone(big).tobytes() == big.tobytes()


def test_make_room_moves_a_game_up_a_tier_only_when_short_of_slots() -> None:
    s = engine.new_game(engine.GameConfig(1), seed=0)
    assert make_room(s) is s
    s["n_cards"] = 500  # fewer than ROOM_PER_DECISION free slots
    grown = make_room(s)
    assert engine.capacity(grown) == 2048 and int(grown["n_cards"]) == 500
    top = empty_state(MAX_POOL)
    top["n_cards"] = MAX_POOL
    assert make_room(top) is top  # nothing above the largest tier


def test_a_full_pool_says_what_to_do() -> None:
    """Slots past the real cards are never read: claim them all and the next new card is refused clearly."""
    s = engine.new_game(engine.GameConfig(1), seed=3)
    s["n_cards"] = MAX_CARDS
    words = np.array([1, 2, 3, 4], dtype=np.int64)
    rng = np.random.default_rng(words)
    with pytest.raises(RuntimeError, match=r"card pool full: .*bigger capacity tier \(engine.GameConfig\(capacity"):
        for _ in range(100_000):
            engine.apply_action(s, int(rng.choice(engine.legal_actions(s))))
            if s["over"]:  # a game that made no card: another one
                s = engine.new_game(engine.GameConfig(1), seed=int(rng.integers(1000)))
                s["n_cards"] = MAX_CARDS


# ---------------------------------------------------------------------------------------------- campaigns
@pytest.mark.slow
def test_a_campaign_grows_past_the_base_tier_and_plays_to_the_end(grown: Campaign, tmp_path) -> None:
    """The scenario of finding 5: a 3-player campaign past 448 cards (the old dead end) plays on in the 2048 tier,
    through the file and the code path of ``df-env campaign play``."""
    assert engine.capacity(grown.galaxy) == 2048
    s = engine.new_game(grown.next_config(3), seed=grown.next_seed())
    assert engine.capacity(s) == 2048 and int(s["n_cards"]) == grown.n_cards
    path = str(tmp_path / "galaxy.json")
    save_campaign(grown, path)
    before = grown.n_cards
    records = campaign_play(path, 3, num_players=3)
    back = load_campaign(path)
    assert back.games == grown.games + 3 and [r.game for r in records] == [grown.games + k for k in (1, 2, 3)]
    assert records[0].cards_before == before and back.n_cards == records[-1].cards_after >= before
    assert all(r.outcome in ("victory", "no_winner", "truncated") for r in records)
    assert engine.capacity(back.galaxy) == 2048 and back == Campaign.from_dict(back.to_dict())


@pytest.mark.slow
def test_endurance_a_campaign_crosses_the_tier_boundary_in_the_runner(near_full: Campaign, tmp_path) -> None:
    """A shorter endurance run: the file of a campaign a few games short of 448 cards plays on with
    ``campaign_play`` (saved after every game) through the boundary; every game is kept."""
    path = str(tmp_path / "galaxy.json")
    save_campaign(near_full, path)
    records = campaign_play(path, 8, num_players=3)
    tiers = [tier_for(r.cards_before) for r in records]
    assert tiers[0] == 512 and tiers[-1] == 2048, tiers
    back = load_campaign(path)
    assert back.games == near_full.games + 8 and back.n_cards == records[-1].cards_after
    assert [r.cards_before for r in records[1:]] == [r.cards_after for r in records[:-1]]


@pytest.mark.slow
def test_the_campaign_file_has_no_tier(grown: Campaign) -> None:
    doc = grown.to_dict()
    assert len(doc["cards"]) == grown.n_cards > 448 and "capacity" not in doc
    assert Campaign.from_dict(doc) == grown


# ---------------------------------------------------------------------------------------------- positions
@pytest.mark.slow
def test_positions_round_trip_in_a_bigger_tier(grown: Campaign) -> None:
    s = engine.new_game(grown.next_config(3), seed=grown.next_seed())
    rng = np.random.default_rng(1)
    for _ in range(40):
        if s["over"]:
            break
        engine.apply_action(s, int(rng.choice(engine.legal_actions(s))))
    d = to_dict(s)
    assert "capacity" not in d["header"]  # 2048 is the tier these cards get by default
    back = engine.from_json(engine.to_json(s))
    assert back.dtype == s.dtype and back.tobytes() == s.tobytes()


def test_a_tier_other_than_the_default_is_written_and_read() -> None:
    s = resize(engine.new_game(engine.GameConfig(2), seed=4), 2048)  # 36 cards get 512 by default
    d = to_dict(s)
    assert d["header"]["capacity"] == 2048
    back = from_dict(d)
    assert engine.capacity(back) == 2048 and back.tobytes() == s.tobytes()
    del d["header"]["capacity"]
    assert engine.capacity(from_dict(d)) == 512


def test_bad_capacities_in_a_position_are_named() -> None:
    d = to_dict(engine.new_game(engine.GameConfig(1), seed=0))
    for bad in (1000, "big", True, None, -512):
        d["header"]["capacity"] = bad
        with pytest.raises(PositionError, match=r"header\.capacity: .* is not a capacity tier \(512, 2048, 8192, "
                                                r"32767; or leave it out\)"):
            from_dict(d)
    d["header"]["capacity"] = 512
    d["cards"] = d["cards"] + ["S1"] * (513 - len(d["cards"]))
    with pytest.raises(PositionError, match=r"header\.capacity: 513 cards do not fit in capacity 512"):
        from_dict(d)
    d["cards"] = ["S1"] * (MAX_POOL + 1)
    with pytest.raises(PositionError, match=r"cards: 32768 cards, more than MAX_POOL = 32767"):
        from_dict(d)


# ---------------------------------------------------------------------------------------------- envs
@pytest.mark.slow
def test_the_gym_env_plays_a_grown_campaign(grown: Campaign) -> None:
    import gymnasium as gym

    import df_env.envs  # noqa: F401  (registers the envs)

    camp = Campaign.from_dict(grown.to_dict())
    env = gym.make("DeepFuture-v0", num_players=3, campaign=camp, campaign_write_back=True)
    obs, info = env.reset(seed=0)
    assert engine.capacity(env.unwrapped.state) == 2048
    rng = np.random.default_rng(0)
    done = False
    while not done:
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, _, terminated, truncated, info = env.step(a)
        done = terminated or truncated
    assert camp.games == grown.games + 1 and camp.n_cards >= grown.n_cards
    env.reset(seed=1)  # the next game (still 2048) reuses the buffers
    assert engine.capacity(env.unwrapped.state) == 2048


def test_the_cli_says_when_the_galaxy_moves_up_a_tier(capsys) -> None:
    from df_env.games.deep_future.campaign.commands import tier_notice
    from df_env.games.deep_future.campaign.core import GameRecord, PlayerRecord

    camp = Campaign.new(seed=0)
    camp.galaxy["n_cards"] = 452
    rec = GameRecord(game=90, era=1, seed=None, players=[PlayerRecord("random", [])], outcome="no_winner", turns=3,
                     cards_before=446, cards_after=452)
    tier_notice(rec, camp)
    out = capsys.readouterr().out
    assert "452 cards: its games now play in the 2048-card capacity tier; the first one compiles" in out
    rec.cards_before = 450
    tier_notice(rec, camp)
    assert capsys.readouterr().out == ""
