"""The campaign (rulebook 1.6, 1.7, section 3, R26): many games in one galaxy, victories, files that survive
damage and interrupted writes."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from df_env.games.deep_future import engine
from df_env.games.deep_future.campaign import files as campaign_io
from df_env.games.deep_future.campaign.commands import campaign_new, campaign_play, campaign_show, describe, play_game
from df_env.games.deep_future.campaign.core import Campaign, CampaignError, HomeworldLog, card_census
from df_env.games.deep_future.campaign.files import (
    CampaignFileError,
    campaign_from_text,
    campaign_lock,
    campaign_to_text,
    checksum,
    load_campaign,
    restore_backup,
    save_campaign,
)
from df_env.games.deep_future.campaign.format import GALAXY_FIELDS
from df_env.games.deep_future.engine.kernels import random_playout_arr
from df_env.games.deep_future.engine.model.constants import BLANK, CIV, CULTURE, MIGHT, TECH, V_CULTURE, V_MIGHT, WORLD
from df_env.games.deep_future.engine.model.layout import (
    B_SPECIAL,
    B_SUIT,
    BLOCK_START,
    D_ACTION,
    D_CIV_SUIT,
    D_START,
    D_VICTORY,
    D_WONDER_SUIT,
    PASS,
    PH_SETUP,
    encode,
)
from df_env.games.deep_future.engine.model.rng import seed_words

S, M, R, K, H, F = range(6)


# ---------------------------------------------------------------------------------------------- helpers
def play_random(camp: Campaign, k: int, n_players: int = 1) -> np.ndarray:
    """One random game of the campaign, recorded; returns its final state."""
    s = engine.new_game(camp.next_config(n_players), seed=camp.next_seed())
    random_playout_arr(s.reshape(1), seed_words(1000 + k), 100_000)
    camp.record(s, players=[f"r{p}" for p in range(n_players)])
    return s


def until_setup_done(s: np.ndarray, words: np.ndarray) -> None:
    while not s["over"] and s["phase"] == PH_SETUP:
        random_playout_arr(s.reshape(1), words, 1)


def turn_decision(camp: Campaign, n_players: int, first_seed: int) -> np.ndarray:
    """A game of the campaign at a start- or action-phase decision of a live player (random play until then)."""
    for seed in range(first_seed, first_seed + 50):
        s = engine.new_game(camp.next_config(n_players), seed=seed)
        words = seed_words(seed)
        while not s["over"] and s["dk"] not in (D_START, D_ACTION):
            random_playout_arr(s.reshape(1), words, 1)
        if not s["over"]:
            return s
    raise AssertionError("no game reached a turn decision")


def take_from_deck(s: np.ndarray, wanted) -> list[int]:
    """Remove the deck cards for which ``wanted(card)`` holds (in deck order) and return them."""
    deck = [int(c) for c in s["deck"][: s["deck_n"]]]
    taken = [c for c in deck if wanted(c)]
    keep = [c for c in deck if c not in taken]
    s["deck"][:] = -1
    s["deck"][: len(keep)] = keep
    s["deck_n"] = len(keep)
    return taken


def make_winner(s: np.ndarray, p: int, tech_suits, home_suit: int, track: int = CULTURE) -> list[int]:
    """Edit the state so that player p meets a victory condition: his homeworld's empty lines written with
    ``home_suit``, 3 complete techs (made from deck blanks) with ``tech_suits``, the track at its star, and in solo
    settled worlds for the wonders on the map (R23). Returns the tech ids."""
    h = int(s["home"][p])
    for k in range(3):
        if s["c_slot_num"][h, k] == 0:
            s["c_slot_suit"][h, k] = home_suit
            s["c_slot_num"][h, k] = k + 1
    blanks = iter(range(3))
    techs = take_from_deck(s, lambda c: s["c_type"][c] == BLANK and next(blanks, None) is not None)
    assert len(techs) == 3, "the deck holds 3 blanks"
    for i, c in enumerate(techs):
        s["c_type"][c] = TECH
        s["c_era"][c] = s["era"]
        s["c_slot_suit"][c] = tech_suits[i]
        s["c_slot_num"][c] = [1, 2, 3]
        s["c_name"][c] = 777 + c
        s["techs"][p, s["techs_n"][p]] = c
        s["techs_n"][p] += 1
    s["tracks"][p, track] = 12 if track == CULTURE else 6
    if s["n_players"] == 1:
        _settle_for_wonders(s, p)
    return techs


def _settle_for_wonders(s: np.ndarray, p: int) -> None:
    need = min(int(np.sum(s["wonder"] >= 0)), 4)
    hs = int(s["c_sector"][s["home"][p]])
    seen: set[int] = set()

    def fresh(c: int) -> bool:
        x = int(s["c_sector"][c])
        ok = s["c_type"][c] == WORLD and x != hs and x not in seen and len(seen) < need
        if ok:
            seen.add(x)
        return ok

    for c in take_from_deck(s, fresh):
        s["worlds"][p, s["worlds_n"][p]] = c
        s["worlds_n"][p] += 1
        x = int(s["c_sector"][c])
        s["cubes"][x], s["owner"][x] = 1, p
    assert len(seen) == need, "the deck holds worlds for the wonders"


def win(s: np.ndarray, civ_suit: int, wonder_suit: int | None) -> dict[int, list[int]]:
    """Take one decision (the win is checked after it, R23) and answer the winner's R26 choices; returns the
    legal suits offered at each choice."""
    legal = engine.legal_actions(s)
    a = encode(B_SPECIAL, PASS)
    engine.apply_action(s, a if a in legal else int(legal[0]))
    offered: dict[int, list[int]] = {}
    while not s["over"]:
        dk = int(s["dk"])
        suits = [int(x - BLOCK_START[B_SUIT]) for x in engine.legal_actions(s)]
        offered[dk] = suits
        if dk == D_CIV_SUIT:
            engine.apply_action(s, encode(B_SUIT, civ_suit))
        elif dk == D_WONDER_SUIT and wonder_suit is not None:
            engine.apply_action(s, encode(B_SUIT, wonder_suit))
        elif dk == D_VICTORY:
            engine.apply_action(s, int(engine.legal_actions(s)[0]))
        else:
            raise AssertionError(f"unexpected decision {dk} after the win")
    return offered


@pytest.fixture(scope="module")
def long_campaign() -> tuple[Campaign, list[dict]]:
    """40 random games (solo, 2 and 3 players) with per-game snapshots."""
    camp = Campaign.new(seed=2024)
    snaps = []
    for k in range(40):
        before = camp.galaxy.copy()
        s = play_random(camp, k, n_players=1 + k % 3)
        snaps.append({"before": before, "final": s.copy(), "after": camp.galaxy.copy()})
    return camp, snaps


@pytest.fixture(scope="module")
def won_campaign() -> tuple[Campaign, dict]:
    """A campaign with three solo victories: Culture with 6 suns (a wonder), Culture again with 6 suns (the
    Culture/sun wonder exists: none), Might with no suit 5 times (none)."""
    camp = Campaign.new(seed=99)
    play_random(camp, 0)
    info: dict = {"games": []}
    plans = [(CULTURE, [[S, S, S], [S, S, M], [S, M, M]], M, S, S),
             (CULTURE, [[S, S, S], [S, S, S], [R, R, R]], K, R, None),
             (MIGHT, [[S, M, R], [S, M, R], [K, H, F]], F, M, None)]
    for i, (track, tech_suits, home_suit, civ_suit, wonder_suit) in enumerate(plans):
        before = camp.galaxy.copy()
        s = turn_decision(camp, 1, first_seed=100 * i)
        p = int(s["dplayer"])
        techs = make_winner(s, p, tech_suits, home_suit, track)
        home = int(s["home"][p])
        offered = win(s, civ_suit, wonder_suit)
        rec = camp.record(s, players=["tester"], seed=None)
        info["games"].append({"before": before, "final": s.copy(), "after": camp.galaxy.copy(), "rec": rec,
                              "home": home, "techs": techs, "offered": offered, "civ_suit": civ_suit})
    return camp, info


def suit_counts(game: dict) -> np.ndarray:
    """Advancements per suit across the winner's homeworld and complete techs (section 3)."""
    f = game["final"]
    counts = np.zeros(6, dtype=int)
    for card in [game["home"], *game["techs"]]:
        for k in range(3):
            if f["c_slot_num"][card, k] > 0:
                counts[f["c_slot_suit"][card, k]] += 1
    return counts


# ---------------------------------------------------------------------------------------------- a long campaign
def test_new_campaign_is_the_fresh_galaxy_of_1_6() -> None:
    g = Campaign.new(seed=5).galaxy
    n = int(g["n_cards"])
    assert n == 36 and int(g["era"]) == 1
    pairs = {(int(g["c_num"][c]), int(g["c_suit"][c])) for c in range(n)}
    assert len(pairs) == 36  # one card per number and suit
    worlds = np.flatnonzero(g["c_type"][:n] == WORLD)
    assert len(worlds) == 12 and np.all(g["c_era"][:n] == 0)
    assert np.all(g["c_name"][worlds] >= 0) and np.all(g["c_sector"][worlds] >= 1)
    assert np.all(g["c_slot_num"][worlds, 0] > 0)  # one random advancement each
    assert np.all(g["sector_name"] == -1) and np.all(g["wonder"] == -1)
    assert Campaign.new(seed=5) == Campaign.new(seed=5) and Campaign.new(seed=5) != Campaign.new(seed=6)


def test_pool_only_grows_and_old_cards_keep_their_corners(long_campaign) -> None:
    camp, snaps = long_campaign
    sizes = [int(x["before"]["n_cards"]) for x in snaps] + [camp.n_cards]
    assert sizes == sorted(sizes) and sizes[-1] > 36 + 20  # random play still makes cards
    for x in snaps:
        n = int(x["before"]["n_cards"])
        for name in ("c_num", "c_suit"):
            assert np.array_equal(x["before"][name][:n], x["after"][name][:n])


def test_cards_made_in_a_game_are_in_the_next_games_deck(long_campaign) -> None:
    camp, snaps = long_campaign
    made_any = 0
    for x in snaps:
        made = np.arange(int(x["before"]["n_cards"]), int(x["after"]["n_cards"]))
        made_any += len(made)
        for name in ("c_num", "c_suit", "c_type", "c_slot_num"):  # taken as they were at the game's end
            assert np.array_equal(x["final"][name][made], x["after"][name][made])
    assert made_any > 20
    # the next game starts from the whole pool, shuffled into one deck (1.7); setup may add a new homeworld
    n = camp.n_cards
    for seed in range(5):
        s = engine.new_game(camp.next_config(1 + seed % 3), seed=seed)
        assert int(s["n_cards"]) >= n and np.all(card_census(s) == 1)
        for name in ("c_num", "c_suit", "c_type"):
            assert np.array_equal(s[name][:n], camp.galaxy[name][:n])


def test_chronology_and_era_advance(long_campaign) -> None:
    camp, snaps = long_campaign
    assert camp.games == 40 and [r.game for r in camp.chronology] == list(range(1, 41))
    assert all(r.era == 1 and r.outcome == "no_winner" and r.winner is None for r in camp.chronology)
    assert [len(r.players) for r in camp.chronology[:3]] == [1, 2, 3]
    for r, x in zip(camp.chronology, snaps, strict=True):
        assert r.cards_before == int(x["before"]["n_cards"]) and r.cards_after == int(x["after"]["n_cards"])
        assert r.turns == int(x["final"]["turn"])


def test_next_seed_is_fixed_until_the_game_is_recorded() -> None:
    camp = Campaign.new(seed=3)
    first = camp.next_seed()
    assert camp.next_seed() == first
    play_random(camp, 0)
    assert camp.next_seed() != first


# ---------------------------------------------------------------------------------------------- victories
def test_victory_makes_the_civilization_card(won_campaign) -> None:
    camp, info = won_campaign
    g0 = info["games"][0]
    rec, g = g0["rec"], g0["after"]
    c = rec.civilization
    hs = int(g["c_sector"][g0["home"]])
    assert rec.outcome == "victory" and rec.winner == 0 and rec.victory == V_CULTURE and rec.era == 1
    assert g["c_type"][c] == CIV and g["c_civ3"][c] == V_CULTURE  # Table 3: the victory type
    assert g["c_civ4"][c] == g0["civ_suit"] == S  # Table 4: the suit the winner chose
    assert g["c_sector"][c] == hs and g["c_era"][c] == 1 and g["c_name"][c] >= 0
    assert list(g["c_hist"][c][:4]) == [g0["home"], *g0["techs"]] and g["c_hist"][c][4] == -1
    assert c >= int(g0["before"]["n_cards"])  # a new card (R6)
    assert int(g["era"]) == 2 and rec.named_sector == hs and g["sector_name"][hs] >= 0


def test_campaign_show_words_the_civilization_s_tables_as_the_engine_does(won_campaign) -> None:
    """The Table 3/4 effects are worded once (the engine's text); `campaign show` writes them capitalized."""
    from df_env.games.deep_future.engine.text import TABLE3_EFFECTS, TABLE4_EFFECTS

    text = describe(won_campaign[0])
    assert "Table 3 (Culture): Add 3 to Culture; Table 4 (sun): Draw 3 cards;" in text
    assert "Table 3 (Culture): Add 3 to Culture; Table 4 (heart): Add 3 cubes across sectors you control;" in text
    assert "Table 3 (Might): Add 2 to Might; Table 4 (moon): Settle on a new world;" in text
    assert TABLE3_EFFECTS[V_CULTURE] == "add 3 to Culture" and TABLE4_EFFECTS[S] == "draw 3 cards"


def test_table4_offers_only_suits_with_two_advancements(won_campaign) -> None:
    camp, info = won_campaign
    for game in info["games"]:
        two_plus = [int(x) for x in np.flatnonzero(suit_counts(game) >= 2)]
        assert len(two_plus) >= 2 and game["offered"][D_CIV_SUIT] == two_plus
        civ = game["rec"].civilization
        assert game["final"]["c_civ4"][civ] == game["civ_suit"] and game["rec"].winner == 0


def test_wonder_needs_five_of_a_suit_and_a_free_pair(won_campaign) -> None:
    camp, info = won_campaign
    for game in info["games"]:
        rec, before = game["rec"], game["before"]
        hs = int(game["final"]["c_sector"][game["home"]])
        placed = np.flatnonzero(before["wonder"] >= 0)
        taken = {(int(before["wonder"][x]), int(before["wonder_suit"][x])) for x in placed}
        eligible = [x for x in np.flatnonzero(suit_counts(game) >= 5) if (rec.victory, int(x)) not in taken]
        if before["wonder"][hs] >= 0 or not eligible:
            assert rec.wonder_sector is None and np.array_equal(game["after"]["wonder"], before["wonder"])
        else:
            assert rec.wonder_sector == hs and rec.wonder_suit in eligible
            assert game["after"]["wonder"][hs] == rec.victory  # the letter is the victory type (Table 2)
    first, second, third = info["games"]
    assert first["rec"].wonder_suit == S and first["rec"].wonder_sector is not None
    assert suit_counts(second)[S] >= 5 and second["rec"].wonder_sector is None  # the pair is taken
    assert suit_counts(third).max() < 5 and third["rec"].wonder_sector is None and third["rec"].victory == V_MIGHT
    wonders = camp.galaxy["wonder"]
    pairs = [(int(wonders[x]), int(camp.galaxy["wonder_suit"][x])) for x in np.flatnonzero(wonders >= 0)]
    assert len(pairs) == len(set(pairs)) == 1 and camp.era == 4
    assert [r.era for r in camp.chronology] == [1, 1, 2, 3]


def test_wonders_and_civilizations_stay_in_the_next_games(won_campaign) -> None:
    camp, info = won_campaign
    s = engine.new_game(camp.next_config(1), seed=8)
    for name in ("wonder", "wonder_suit", "sector_name"):
        assert np.array_equal(s[name], camp.galaxy[name])
    civs = np.flatnonzero(s["c_type"][: s["n_cards"]] == CIV)
    assert len(civs) == 3 and np.all(card_census(s) == 1) and int(s["era"]) == 4


def test_named_sectors_get_their_neutral_cube_at_setup(won_campaign) -> None:
    camp, _ = won_campaign
    named = np.flatnonzero(camp.galaxy["sector_name"] >= 0)
    assert 1 <= len(named) <= 12
    for seed in range(6):
        s = engine.new_game(camp.next_config(1 + seed % 3), seed=seed)
        until_setup_done(s, seed_words(seed))
        if s["over"]:
            continue
        assert np.all(s["cubes"][named] > 0), "an empty named sector gets 1 neutral cube (1.7)"


def test_more_than_12_named_sectors_put_cubes_on_wonders() -> None:
    camp = Campaign.new(seed=4)
    g = camp.galaxy
    g["sector_name"][1:15] = np.arange(14) + 100  # 14 named sectors: the more-than-12 rule (1.7)
    g["wonder"][[3, 30]] = [V_CULTURE, V_MIGHT]
    g["wonder_suit"][[3, 30]] = [S, M]
    for seed in range(8):
        s = engine.new_game(camp.next_config(1), seed=seed)
        until_setup_done(s, seed_words(seed))
        if s["over"]:
            continue
        for x in (3, 30):
            assert s["cubes"][x] > 0, "a wonder sector not held by a player gets a cube"


def test_record_refuses_a_state_from_elsewhere_and_changes_nothing(won_campaign) -> None:
    camp, _ = won_campaign
    saved = campaign_to_text(camp)
    other = Campaign.new(seed=1)
    s = engine.new_game(other.next_config(1), seed=0)
    random_playout_arr(s.reshape(1), seed_words(0), 100_000)
    with pytest.raises(CampaignError, match="era"):
        camp.record(s)
    s["era"] = camp.era
    with pytest.raises(CampaignError, match="changed its c_num|changed its type|fewer than"):
        camp.record(s)
    running = engine.new_game(camp.next_config(1), seed=0)
    if not running["over"]:
        with pytest.raises(CampaignError, match="not over"):
            camp.record(running)
    assert campaign_to_text(camp) == saved


def test_record_refuses_a_lost_card() -> None:
    camp = Campaign.new(seed=8)
    s = engine.new_game(camp.next_config(1), seed=0)
    random_playout_arr(s.reshape(1), seed_words(0), 100_000)
    s["deck"][s["deck_n"] - 1] = -1  # a card vanishes from the deck
    s["deck_n"] -= 1
    with pytest.raises(CampaignError, match="exactly one pile"):
        camp.record(s)
    assert camp.games == 0


def test_homeworld_log_follows_changes() -> None:
    s = engine.new_game(engine.GameConfig(1), seed=0)
    log = HomeworldLog(s)
    first = int(s["home"][0])
    s["home"][0] = 5 if first != 5 else 6
    log.observe(s)
    log.observe(s)
    assert len(log.homeworlds[0]) == (2 if first >= 0 else 1)


# ---------------------------------------------------------------------------------------------- files
def test_the_document_is_composed_once_per_game(tmp_path, monkeypatch) -> None:
    """Recording a game composes and checks the campaign document; saving it writes that same document (issue 24)."""
    from df_env.games.deep_future.campaign import format as campaign_format

    path = tmp_path / "g.json"
    campaign_new(path, seed=7)
    composed = []
    real = campaign_format.document_from_campaign
    monkeypatch.setattr(campaign_format, "document_from_campaign", lambda *a: composed.append(1) or real(*a))
    campaign_play(path, n_games=3)
    assert len(composed) == 3
    assert load_campaign(path).games == 3


def test_a_galaxy_edited_in_place_is_saved_as_it_now_is(tmp_path) -> None:
    camp = Campaign.new(seed=3)
    play_random(camp, 0)
    before = campaign_to_text(camp)
    a, b = np.flatnonzero(camp.galaxy["c_name"][:int(camp.galaxy["n_cards"])] >= 0)[:2]
    camp.galaxy["c_name"][[a, b]] = camp.galaxy["c_name"][[b, a]]  # two cards swap their names
    save_campaign(camp, tmp_path / "g.json")
    assert (tmp_path / "g.json").read_text() != before and load_campaign(tmp_path / "g.json") == camp


def test_save_load_round_trip_is_exact(tmp_path, won_campaign, long_campaign) -> None:
    for camp in (won_campaign[0], long_campaign[0]):
        path = tmp_path / f"c{camp.seed}.json"
        save_campaign(camp, path)
        back = load_campaign(path)
        assert back == camp
        for name in GALAXY_FIELDS:
            assert np.array_equal(back.galaxy[name], camp.galaxy[name]), name
        assert campaign_to_text(back) == path.read_text()


def _two_versions(tmp_path) -> tuple[str, Campaign, Campaign]:
    path = str(tmp_path / "galaxy.json")
    camp = Campaign.new(seed=12)
    save_campaign(camp, path)
    old = load_campaign(path)
    play_random(camp, 1)
    save_campaign(camp, path)
    return path, old, camp


def test_backup_keeps_the_previous_version(tmp_path) -> None:
    path, old, new = _two_versions(tmp_path)
    assert load_campaign(path) == new and load_campaign(path + ".bak") == old


def _damage(path: str, how: str) -> None:
    text = open(path, encoding="utf-8").read()
    if how == "truncated":
        text = text[: len(text) // 2]
    elif how == "flipped":
        i = text.index('"num": ') + 7
        text = text[:i] + str((int(text[i]) % 6) + 1) + text[i + 1:]
    elif how == "binary":
        open(path, "wb").write(b"\xff\xfe\x00garbage")
        return
    elif how == "empty":
        text = ""
    open(path, "w", encoding="utf-8").write(text)


@pytest.mark.parametrize("how, message", [("truncated", "not valid JSON"), ("flipped", "checksum"),
                                          ("binary", "UTF-8"), ("empty", "not valid JSON")])
def test_damaged_file_is_refused_and_the_backup_is_offered(tmp_path, how, message) -> None:
    path, old, _ = _two_versions(tmp_path)
    _damage(path, how)
    damaged = open(path, "rb").read()
    with pytest.raises(CampaignFileError, match=message) as e:
        load_campaign(path)
    assert "A backup of the previous version exists" in str(e.value) and "df-env campaign restore" in str(e.value)
    with pytest.raises(CampaignFileError):
        campaign_play(path, 1)
    assert open(path, "rb").read() == damaged and load_campaign(path + ".bak") == old  # nothing was written
    assert restore_backup(path) == old and load_campaign(path) == old
    assert open(path + ".damaged", "rb").read() == damaged


def _edit(path: str, change) -> None:
    doc = json.loads(open(path, encoding="utf-8").read())
    change(doc)
    doc.pop("checksum", None)  # a deliberate hand edit removes the checksum, as the error message says
    open(path, "w", encoding="utf-8").write(json.dumps(doc))


EDITS = [
    (lambda d: d["cards"][3].update(suit="Q"), r"cards\[3\]\.suit: \"Q\" is not a suit"),
    (lambda d: d["cards"][0].update(num=7), r"cards\[0\]\.num: 7 is out of range 1\.\.6"),
    (lambda d: d["cards"][2].update(colour="red"), r"cards\[2\]: unknown key \"colour\""),
    (lambda d: d["cards"][2].pop("era"), r"cards\[2\]: the key \"era\" is required"),
    (lambda d: d["cards"][1].update(id=5), r"cards\[1\]\.id: expected 1"),
    (lambda d: d.update(era=3), r"era: expected 1"),
    (lambda d: d.update(games=9), r"games: says 9 games"),
    (lambda d: d.update(seed=True), r"seed: expected an integer"),
    (lambda d: d["cards"].pop(), r"cards_after: expected 36|cards: a campaign"),
    (lambda d: d["sectors"].append({"sector": 23, "name": 5, "wonder": "C", "wonder_suit": "S"}),
     r"sectors: wonders in sectors \[23\]"),
    (lambda d: d["sectors"].append({"sector": 0, "name": 5, "wonder": None, "wonder_suit": None}),
     r"sectors\[0\]\.sector: the black hole"),
    (lambda d: d["chronology"][0].update(outcome="victory"), r"chronology\[0\]\.winner: a victory names"),
    (lambda d: d["chronology"][0]["players"][0].update(homeworlds=[9999]), r"homeworlds\[0\]: 9999 is out"),
    (lambda d: d.update(format="something"), r"format: expected \"df_env.campaign\""),
]


@pytest.mark.parametrize("change, message", EDITS)
def test_hand_edited_invalid_file_names_the_field(tmp_path, change, message) -> None:
    path, old, _ = _two_versions(tmp_path)
    _edit(path, change)
    with pytest.raises(CampaignFileError, match=message):
        load_campaign(path)
    assert load_campaign(path + ".bak") == old


def test_a_valid_hand_edit_without_checksum_loads(tmp_path) -> None:
    path, _, new = _two_versions(tmp_path)
    world = next(i for i in range(36) if new.galaxy["c_type"][i] == WORLD)
    _edit(path, lambda d: d["cards"][world].update(name=12345))
    assert int(load_campaign(path).galaxy["c_name"][world]) == 12345


def test_a_newer_version_is_refused(tmp_path) -> None:
    path, _, _ = _two_versions(tmp_path)
    doc = json.loads(open(path, encoding="utf-8").read())
    doc["version"] = 2
    doc["checksum"] = checksum(doc)
    open(path, "w", encoding="utf-8").write(json.dumps(doc))
    with pytest.raises(CampaignFileError, match="version 2 by a newer df_env.*upgrade"):
        load_campaign(path)


def test_saving_over_a_damaged_file_keeps_it_aside_and_keeps_the_good_backup(tmp_path) -> None:
    path, old, new = _two_versions(tmp_path)
    _damage(path, "truncated")
    damaged = open(path, "rb").read()
    save_campaign(new, path)
    assert load_campaign(path) == new and load_campaign(path + ".bak") == old
    assert open(path + ".damaged", "rb").read() == damaged


class Boom(OSError):
    pass


def _count_calls(monkeypatch, name: str) -> int:
    calls = [0]
    real = getattr(os, name)

    def counting(*a, **k):
        calls[0] += 1
        return real(*a, **k)

    monkeypatch.setattr(os, name, counting)
    return calls


@pytest.mark.parametrize("name", ["replace", "fsync", "fdopen"])
def test_an_interrupted_write_leaves_a_loadable_campaign(tmp_path, monkeypatch, name) -> None:
    path, old, new = _two_versions(tmp_path)
    camp = load_campaign(path)
    play_random(camp, 2)
    with monkeypatch.context() as m:
        calls = _count_calls(m, name)
        save_campaign(camp, path + ".probe")  # how many calls a save makes (first save: no backup)
        save_campaign(camp, path + ".probe")
    n_calls = calls[0]
    assert n_calls >= 2
    refused = 0
    for fail_at in range(1, n_calls + 1):
        before = {f: open(tmp_path / f, "rb").read() for f in os.listdir(tmp_path) if f.startswith("galaxy.json")}
        real = getattr(os, name)
        counter = [0]

        def failing(*a, real=real, counter=counter, fail_at=fail_at, **k):
            counter[0] += 1
            if counter[0] == fail_at:
                if name == "fdopen":  # a full disk: half the data written, then the write fails
                    f = real(*a, **k)
                    f.write(b"{ half")
                    f.close()
                    raise Boom(28, "No space left on device")
                raise Boom(5, f"simulated failure of os.{name}")
            return real(*a, **k)

        with monkeypatch.context() as m:
            m.setattr(os, name, failing)
            try:
                save_campaign(camp, path)
            except CampaignFileError:
                refused += 1
        got = load_campaign(path)
        assert got in (new, camp), f"os.{name} failing at call {fail_at}"
        assert load_campaign(path + ".bak") in (old, new)
        assert not [f for f in os.listdir(tmp_path) if f.endswith(".tmp")], "temporary files are removed"
        if got == new:  # the failed save changed nothing the user depends on
            assert open(path, "rb").read() == before["galaxy.json"]
        for f, data in before.items():  # back to the starting point for the next failure position
            open(tmp_path / f, "wb").write(data)
    assert refused >= 2  # the failures did happen, and each was reported


def test_an_interrupt_signal_during_replace_leaves_the_old_file(tmp_path, monkeypatch) -> None:
    path, _, new = _two_versions(tmp_path)
    camp = load_campaign(path)
    play_random(camp, 3)

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_campaign(camp, path)
    monkeypatch.undo()
    assert load_campaign(path) == new


def test_text_format_is_json_with_one_card_per_line(tmp_path, won_campaign) -> None:
    text = campaign_to_text(won_campaign[0])
    doc = json.loads(text)
    assert doc["format"] == "df_env.campaign" and doc["version"] == 1 and doc["checksum"] == checksum(doc)
    assert text.count('\n    {"id": ') == len(doc["cards"])
    assert campaign_from_text(text) == won_campaign[0]


# ---------------------------------------------------------------------------------------------- commands
def test_campaign_new_play_show(tmp_path) -> None:
    path = str(tmp_path / "c.json")
    campaign_new(path, seed=21)
    with pytest.raises(CampaignFileError, match="already exists"):
        campaign_new(path, seed=22)
    rng = np.random.default_rng(0)

    def policy(s: np.ndarray) -> int:
        return int(rng.choice(engine.legal_actions(s)))

    seen = []
    recs = campaign_play(path, 3, [policy, policy], num_players=2, players=["ann", "bob"],
                         on_game=lambda r, c: seen.append((r.game, c.games)))
    assert [r.game for r in recs] == [1, 2, 3] and seen == [(1, 1), (2, 2), (3, 3)]
    camp = load_campaign(path)
    assert camp.chronology == recs and all(len(p.homeworlds) >= 1 for r in recs for p in r.players)
    text = campaign_show(path)
    assert "games played: 3" in text and "ann" in text and "bob" in text and "era 1" in text


def test_campaign_play_is_reproducible(tmp_path) -> None:
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    for p in (a, b):
        campaign_new(p, seed=5)
        campaign_play(p, 4, num_players=3)
    assert open(a).read() == open(b).read()


def test_truncated_games_are_recorded(tmp_path) -> None:
    camp = Campaign.new(seed=6)
    s, log, truncated = play_game(camp.next_config(2), camp.next_seed(), None, max_turns=1, random_seed=3)
    assert truncated and not s["over"] and s["turn"] == 2
    rec = camp.record(s, ["a", "b"], log.homeworlds, truncated=True)
    assert rec.outcome == "truncated" and rec.winner is None and camp.era == 1


def test_a_second_writer_is_refused(tmp_path) -> None:
    path = str(tmp_path / "c.json")
    campaign_new(path, seed=1)
    with campaign_lock(path):
        with pytest.raises(CampaignFileError, match="in use"):
            campaign_play(path, 1)
    assert campaign_play(path, 1)[0].game == 1


def test_engine_does_not_import_the_campaign() -> None:
    import subprocess
    import sys

    code = ("import sys, df_env.games.deep_future.engine.api; "
            "print('df_env.games.deep_future.campaign.core' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert campaign_io.BACKUP_SUFFIX == ".bak"


def test_bad_arguments_are_named() -> None:
    with pytest.raises(CampaignError, match="seed"):
        Campaign.new(seed=-1)
    camp = Campaign.new(seed=2)
    s = engine.new_game(camp.next_config(2), seed=0)
    random_playout_arr(s.reshape(1), seed_words(0), 100_000)
    with pytest.raises(CampaignError, match="players: expected 2"):
        camp.record(s, players=["only one"])
    with pytest.raises(CampaignError, match="homeworlds: expected a list per seat"):
        camp.record(s, homeworlds=[[1]])
    with pytest.raises(CampaignError, match="final_state"):
        camp.record(np.zeros(3))
    camp.galaxy["n_cards"] = 32767 - 63  # the largest capacity tier lacks the 64 free slots of a game
    with pytest.raises(CampaignError, match="no game holds more than 32767 cards.*start a new campaign"):
        camp.next_config(1)
    assert repr(Campaign.new(seed=2)) == "Campaign(seed=2, era=1, games=0, cards=36)"


def test_duplicate_keys_are_refused(tmp_path) -> None:
    path = str(tmp_path / "c.json")
    campaign_new(path, seed=3)
    text = open(path).read().replace('"seed": 3,', '"seed": 3, "seed": 4,')
    open(path, "w").write(text)
    with pytest.raises(CampaignFileError, match='"seed" appears twice'):
        load_campaign(path)


def test_a_multiplayer_victory_names_the_right_seat() -> None:
    camp = Campaign.new(seed=31)
    s = turn_decision(camp, 2, first_seed=7)
    p = int(s["dplayer"])
    make_winner(s, p, [[H, H, H], [H, H, F], [F, F, F]], F, MIGHT)
    home = int(s["home"][p])
    log = HomeworldLog(s)
    win(s, civ_suit=H, wonder_suit=H)
    log.observe(s)
    rec = camp.record(s, players=["ann", "bob"], homeworlds=log.homeworlds)
    assert rec.winner == p and rec.victory == V_MIGHT and rec.players[p].homeworlds[-1] == home
    assert camp.galaxy["c_civ4"][rec.civilization] == H and camp.era == 2
    assert "ann" in describe(camp) and ("ann*" if p == 0 else "bob*") in describe(camp)


def test_restart_variant_campaign_loads(tmp_path) -> None:
    path = str(tmp_path / "r.json")
    campaign_new(path, seed=17)
    recs = campaign_play(path, 6, num_players=3, restart_on_loss=True, max_turns=12)
    assert load_campaign(path).chronology == recs


def test_galaxy_fields_match_what_new_game_copies() -> None:
    from df_env.games.deep_future.engine import api

    assert tuple(GALAXY_FIELDS) == tuple(api._GALAXY_FIELDS)
