"""Review 3 (end of a game and the campaign): scenario tests of rulebook section 3 (winning, losing, the
civilization card, wonders, naming, the era, the chronology), the R24 restart variant and rulings R23, R24, R26,
R28, R30 that the existing tests do not cover yet.

Every test builds an exact position by hand (``docs/position_format.md``), applies decisions and checks the outcome
against the rulebook. Random values are controlled by stacking the deck (1.3, R6); ``deck(...)`` takes the cards in
drawing order (top first).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from support.scenario_pos import (
    COMPLETE,
    TRACKS,
    Pos,
    S,
    X,
    apply,
    deck,
    dname,
    legal,
    tech,
    track,
    why,
    world,
)
from support.views import cubes, hand, pile, techs, worlds

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import NEUTRAL, V_MIGHT, V_XENO, WORLD

CIV_TYPE = 3
VICTORY_NAMES = ("Territory", "Population", "Culture", "Might", "Stability", "Xeno")


FILLER = ("S3", "M4", "R5", "K6", "H1", "F2", "S4", "M5", "R6", "K1", "H2", "F3", "S5", "M6")


def winner_pos(players: int = 1, *, tracks: Any = None, tech_lines: tuple[list[Any], ...] = COMPLETE,
               current: int = 0) -> tuple[Pos, dict[str, Any]]:
    """Player 0 has homeworld R1 K1 R2 in sector 33 (4 cubes) and the techs ``tech_lines``; other players a bare
    homeworld in 61 / 62. The deck's top cards are S2, M2 (then filler)."""
    p = Pos(players=players, current=current, era=3)
    ids: dict[str, Any] = {"home": p.add(world(33, ["R1", "K1", "R2"], num=3, suit="R"))}
    ids["techs"] = [p.add(tech(t, name=10 + i)) for i, t in enumerate(tech_lines)]
    ids["deck"] = p.adds("S2", "M2", "R3", "K4", "H5", "F6", "S1", "M3")
    p.deck = deck(*ids["deck"])
    p.sector(33, 4, 0)
    p.player(0, homeworld=ids["home"], techs=ids["techs"], tracks=tracks or {})
    for q in range(1, players):
        hw = p.add(world(60 + q, ["H1"], num=5, suit="H"))
        p.sector(60 + q, 3, q)
        p.player(q, homeworld=hw)
    return p, ids


def finish(s: np.ndarray) -> None:
    """Answer the winner's remaining R26 choices with the first legal choice."""
    while not engine.is_terminal(s):
        apply(s, *L.block_of(int(engine.legal_actions(s)[0])))


# ========================================================================== section 3 / R26: the civilization card
def test_civilization_card_corner_is_number_of_first_discard_suit_of_second_section3_R26_R6() -> None:
    """Section 3: "He will create a new card with a random value and suit" (R26: new card by R6 = number of the
    first discard, suit of the second). The deck's top cards S2, M2 give a 2 of moons; names come from the
    generator and draw no card, so exactly those two cards are discarded."""
    p, ids = winner_pos(tracks={"M": 6})
    s = p.build()
    n0 = int(s["n_cards"])
    deck_before = pile(s, "deck")
    finish(s)
    c = n0
    assert int(s["c_type"][c]) == CIV_TYPE, why(s)
    assert (int(s["c_num"][c]), int(s["c_suit"][c])) == (2, S("M")), why(s)
    assert pile(s, "deck") == deck_before[:-2]
    s2, m2 = ids["deck"][:2]
    assert pile(s, "discard")[-3:] == [s2, m2, c]  # the two value cards, then the civilization card (R26)
    assert int(s["c_name"][c]) >= 0  # the civilization's name (section 3: "a name for his civilization")


def test_civilization_history_lists_only_complete_tableau_techs_section3() -> None:
    """Section 3: the history holds "the name of his homeworld and each of his complete techs": an incomplete
    tableau tech and a complete tech in hand are not written."""
    p, ids = winner_pos(tracks={"M": 6})
    partial = p.add(tech(["S2", "S3", "F"], name=None))
    in_hand = p.add(tech(["H1", "H2", "H3"], name=99))
    p.players[0]["techs"] = [ids["techs"][0], partial, *ids["techs"][1:]]
    p.player(0, hand=[in_hand])
    s = p.build()
    n0 = int(s["n_cards"])
    finish(s)
    assert [int(v) for v in s["c_hist"][n0] if v >= 0] == [ids["home"], *ids["techs"]], why(s)


def test_wonder_letter_follows_the_victory_type_the_winner_chooses_section3_R26() -> None:
    """Section 3: the wonder uses "Table 2 to determine the letter" of the victory achieved, "1 wonder for every
    victory/suit pair". Might and Xeno both hold; Might/R and Might/K are on the map, so choosing Might gives no
    wonder while choosing Xeno offers X with R or K (R and K appear 5 times)."""
    def pos() -> np.ndarray:
        p, _ = winner_pos(players=2, tracks={"M": 6, "X": 6})  # 2 players: no solo wonder worlds needed
        p.sector(44, 0, None, wonder="Might", wonder_suit="R", name=1)
        p.sector(45, 0, None, wonder="Might", wonder_suit="K", name=2)
        return p.build()

    s = pos()
    assert dname(s) == "VICTORY", why(s)
    apply(s, L.B_VICTORY, V_MIGHT)
    apply(s, L.B_SUIT, S("R"))
    assert engine.is_terminal(s) and int(s["wonder"][X(33)]) < 0, why(s)
    s = pos()
    apply(s, L.B_VICTORY, V_XENO)
    apply(s, L.B_SUIT, S("R"))
    assert dname(s) == "WONDER_SUIT" and legal(s) == {("suit", S("R")), ("suit", S("K"))}, why(s)
    apply(s, L.B_SUIT, S("K"))
    assert int(s["wonder"][X(33)]) == V_XENO and int(s["wonder_suit"][X(33)]) == S("K")
    assert int(s["c_civ3"][int(s["n_cards"]) - 1]) == V_XENO


# ================================================================================ section 3 / R24: losing
def loser_pos(players: int = 2, *, others_lost: bool = False) -> tuple[Pos, dict[str, Any]]:
    """Player 0, in his challenge phase at Might -4, faces a sun challenge he cannot meet; the failure card S2
    gives row S2 (Might -3, Culture -1): he reaches the cross. His homeworld (corner 4, sector 23, 2 upkeep cubes)
    has moon/heart advancements only; he has a tech with 1 upkeep cube, a settled world in 24 and moon cards in
    hand. The neutral line holds a world with corner 4 (sector 55) and one with corner 2."""
    p = Pos(players=players, at="challenge", era=3)
    ids: dict[str, Any] = {}
    ids["home"] = p.add(world(23, ["M1", "R2"], num=4, suit="K", upkeep=2))
    ids["tech"] = p.add(tech(["M2", "R"], upkeep=1))
    ids["world"] = p.add(world(24, ["R4"], num=6, suit="F"))
    ids["hand"] = p.adds("M1", "M3")
    ids["line4"] = p.add(world(55, ["H3"], num=4, suit="S"))
    ids["line2"] = p.add(world(56, ["H2"], num=2, suit="S"))
    p.line = {"4": ids["line4"], "2": ids["line2"]}
    p.sector(23, 3, 0).sector(24, 2, 0).sector(55, 3, "N").sector(56, 3, "N")
    p.player(0, homeworld=ids["home"], techs=[ids["tech"]], worlds=[ids["world"]], hand=ids["hand"],
             tracks={"C": 3, "M": -4, "S": 2, "X": 1})
    ids["others"] = []
    for q in range(1, players):
        hw = p.add(world(60 + q, ["H1"], num=5, suit="H"))
        ids["others"].append(hw)
        if others_lost:
            p.player(q, lost=True)
            p.discard.append(hw)
        else:
            p.sector(60 + q, 3, q)
            p.player(q, homeworld=hw)
    p.challenges = [p.add("S6")]
    ids["fail"] = p.add("S2")
    p.deck = deck(ids["fail"], *p.adds(*FILLER))
    return p, ids


def test_losing_on_a_track_in_multiplayer_clears_the_player_section3_R24() -> None:
    """Section 3: "If a player loses while others are still playing, he discards all cards in his tableau and his
    upkeep cubes are removed. His remaining sectors are cleared and 1 neutral rival is placed in each. His homeworld
    is added to the neutral worlds line, replacing any present world with the same number in the corner." R24
    (default): his hand is discarded and he takes no further turns; the game goes on with player 1."""
    p, ids = loser_pos()
    s = p.build()
    assert bool(s["lost"][0]) and not s["over"], why(s)
    assert int(s["home"][0]) < 0 and techs(s, 0) == [] and worlds(s, 0) == [] and hand(s, 0) == []
    disc = pile(s, "discard")
    for c in (ids["tech"], ids["world"], *ids["hand"], ids["line4"]):
        assert c in disc, f"card {c} not discarded{why(s)}"
    assert int(s["line"][3]) == ids["home"] and int(s["line"][1]) == ids["line2"], why(s)
    assert int(s["c_upkeep"][ids["home"]]) == 0 and int(s["c_upkeep"][ids["tech"]]) == 0
    assert cubes(s, 23) == (1, NEUTRAL) and cubes(s, 24) == (1, NEUTRAL), why(s)
    assert int(s["cur"]) == 1 and int(s["dplayer"]) == 1, why(s)


def test_all_players_lost_ends_the_game_with_no_winner_section3_R24() -> None:
    """Section 3: "If all players have lost a game before someone wins, the game ends with no winner." Player 1 has
    already lost; player 0, the last one playing, reaches the cross."""
    p, ids = loser_pos(others_lost=True)
    s = p.build()
    assert engine.is_terminal(s) and int(s["winner"]) < 0, why(s)
    assert bool(s["lost"][0]) and bool(s["lost"][1])


def test_solo_loss_ends_the_game_with_no_winner_section3() -> None:
    p, ids = loser_pos(players=1)
    s = p.build()
    assert engine.is_terminal(s) and int(s["winner"]) < 0 and bool(s["lost"][0]), why(s)


def test_last_player_left_needs_no_solo_wonder_worlds_R24_R23() -> None:
    """R24: "A last player left plays on until he wins or loses (the solo-only condition does not start to
    apply)". Two wonders on the map, player 1 has lost, player 0 has no settled world: he still wins."""
    p, ids = winner_pos(players=2, tracks={"C": 12})
    p.sector(11, 0, None, wonder="Culture", wonder_suit="S", name=1)
    p.sector(12, 0, None, wonder="Might", wonder_suit="S", name=2)
    hw1 = p.players[1].pop("homeworld")
    p.map.pop("61")
    p.discard.append(hw1)
    p.player(1, lost=True)
    s = p.build()
    assert int(s["winner"]) == 0, why(s)


def test_a_player_who_lost_cannot_win_R24_R23() -> None:
    """A player who has lost (R24) never meets a victory condition, even with qualifying cards elsewhere: player 1
    (lost) is not made winner; player 0, one Culture short, does not win either."""
    p, ids = winner_pos(players=2, tracks={"C": 11})
    p.player(1, lost=True, tracks={"C": 12})
    hw1 = p.players[1].pop("homeworld")
    p.map.pop("61")
    p.discard.append(hw1)
    s = p.build()
    assert int(s["winner"]) < 0 and dname(s) == "ACTION", why(s)


# ================================================================================ R24 variant "restart", R28
def test_restart_variant_new_homeworld_in_an_empty_sector_without_balancing_R24_R28() -> None:
    """Section 3 / R24 variant "restart": the player who lost "take[s] a new homeworld and begin[s] afresh on his
    next turn (as in 1.7, but initial balancing advancements are *not* added to this new homeworld)". Of the five
    cards discarded, a world in player 0's sector cannot be taken (1.7; R28: an empty sector), the world in empty
    sector 45 is; it gets 3 cubes, his tracks start again at the circles, its single advancement is not balanced
    up to player 0's three."""
    p = Pos(players=2, at="turn_start", current=1, variant="restart", era=3)
    home0 = p.add(world(23, ["M1", "R2", "K3"], num=4, suit="K"))
    p.sector(23, 3, 0)
    p.player(0, homeworld=home0)
    occupied = p.add(world(23, ["S1"], num=1, suit="H"))
    free = p.add(world(45, ["F2"], num=2, suit="H"))
    five = [occupied, *p.adds("S2", "M2"), free, p.add("R2")]
    p.deck = deck(*five, *p.adds(*FILLER))
    p.player(1, lost=True, tracks={"C": 4, "M": -6, "S": 2, "X": -1})
    s = p.build()
    assert not s["lost"][1] and int(s["home"][1]) == free, why(s)
    assert cubes(s, 45) == (3, 1)
    assert [track(s, 1, t) for t in TRACKS] == [0, 0, 0, 0]
    assert int(s["c_slot_num"][free, 1]) == 0  # no balancing advancement
    assert int(s["cur"]) == 1 and int(s["dplayer"]) == 1 and len(hand(s, 1)) == 5, why(s)
    assert occupied in pile(s, "discard")


# ================================================================================ 1.7 named sectors (campaign)
def test_exactly_12_named_sectors_each_get_one_cube_and_nothing_else_1_7() -> None:
    """1.7: "On all remaining empty sectors that a player named in a previous game add 1 neutral cube"; only with
    "more than 12 named sectors" do wonders and 12 random sectors take over. With exactly 12 named sectors every
    empty named sector gets exactly 1 cube and no other sector gets cubes beyond homeworlds and line worlds."""
    from df_env.games.deep_future.campaign.core import Campaign
    from df_env.games.deep_future.engine.kernels import random_playout_arr
    from df_env.games.deep_future.engine.model.layout import PH_SETUP
    from df_env.games.deep_future.engine.model.rng import seed_words

    camp = Campaign.new(seed=4)
    named = [1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]
    camp.galaxy["sector_name"][named] = np.arange(12) + 100
    checked = 0
    for seed in range(8):
        s = engine.new_game(camp.next_config(1 + seed % 3), seed=seed)
        words = seed_words(seed)
        while not s["over"] and s["phase"] == PH_SETUP:
            random_playout_arr(s.reshape(1), words, 1)
        if s["over"]:
            continue
        checked += 1
        homes = {int(s["c_sector"][s["home"][q]]) for q in range(int(s["n_players"]))}
        line_x = {int(s["c_sector"][w]) for w in s["line"] if w >= 0}
        for x in range(1, 37):
            n = int(s["cubes"][x])
            if x in homes or x in line_x:
                continue
            assert n == (1 if x in named else 0), f"seed {seed} sector {x}: {n} cubes"
            if n:
                assert int(s["owner"][x]) == NEUTRAL
    assert checked >= 4


# ================================================================================ review 3 findings, fixed
def test_civilization_history_holds_the_homeworld_and_the_first_7_complete_techs_section3_R26_R41() -> None:
    """Section 3: the winner writes "in the bottom half of the card the name of his homeworld and each of his
    complete techs" (R26). The card holds the homeworld and 7 techs (R41, project capacity): a winner with 8
    complete techs gets the first 7 in tableau order."""
    lines = [["S1", "S2", "S3"], ["S4", "S5", "S6"], ["M1", "M2", "M3"], ["M4", "M5", "M6"],
             ["H1", "H2", "H3"], ["H4", "H5", "H6"], ["F1", "F2", "F3"], ["F4", "F5", "F6"]]
    p, ids = winner_pos(players=2, tracks={"M": 6}, tech_lines=tuple(lines))
    s = p.build()
    n0 = int(s["n_cards"])
    finish(s)
    assert int(s["c_type"][n0]) == CIV_TYPE, why(s)
    hist = [int(v) for v in s["c_hist"][n0] if v >= 0]
    assert len(ids["techs"]) == 8
    assert hist == [ids["home"], *ids["techs"][:7]], f"history {hist}, expected {[ids['home'], *ids['techs'][:7]]}"


def test_world_generated_for_new_civilization_emerges_gets_a_name_1_4_R20() -> None:
    """1.4: "For a new world, a curve is drawn at the top of the card. Inside this curve, the sector index and the
    name of the world are written." Every other new world gets a name code (settling, EVOKE moon, a created
    homeworld, the original worlds). Table 6 x6 with no world in deck or discard generates a world (R20, R6);
    it gets a name like every new world (it joins the campaign's pool)."""
    p = Pos(players=1, at="challenge", era=3)
    home = p.add(world(23, ["M1"], num=1, suit="K"))
    p.sector(23, 3, 0)
    p.player(0, homeworld=home, tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    p.challenges = [p.add("H1")]
    # failure number 6 (row H6: new civilization); new card 2 of hearts; sector 4,5 = 45; advancement K3
    stack = p.adds("M6", "S2", "R1", "S4", "S5", "K1", "S3")
    p.deck = deck(*stack, *p.adds(*FILLER))
    n0 = len(p.cards)
    s = p.build()
    c = n0
    assert int(s["c_type"][c]) == WORLD and int(s["c_sector"][c]) == X(45), why(s)
    assert int(s["line"][1]) == c
    assert int(s["c_name"][c]) >= 0, "the generated neutral world has no name"


def test_chronology_stars_only_the_winning_homeworld_section3() -> None:
    """Section 3: "the players record each player's name and his homeworld(s) ... If there was a winner, mark
    that player and his homeworld with an asterisk". The winner who had two homeworlds (R22) founded his
    civilization on the last one ("The winning homeworld founded a civilization"): only that one is starred."""
    from test_campaign import MIGHT, F, H, make_winner, turn_decision, win

    from df_env.games.deep_future.campaign.commands import describe
    from df_env.games.deep_future.campaign.core import Campaign
    from df_env.games.deep_future.engine.model import names

    camp = Campaign.new(seed=31)
    s = turn_decision(camp, 2, first_seed=7)
    p = int(s["dplayer"])
    make_winner(s, p, [[H, H, H], [H, H, F], [F, F, F]], F, MIGHT)
    home = int(s["home"][p])
    earlier = next(c for c in range(int(s["n_cards"])) if s["c_type"][c] == WORLD and c != home
                   and c != int(s["home"][1 - p]))
    win(s, civ_suit=H, wonder_suit=H)
    homes = [[], []]
    homes[p] = [earlier, home]
    homes[1 - p] = [int(s["home"][1 - p])]
    camp.record(s, players=["ann", "bob"], homeworlds=homes)
    text = describe(camp)
    line = next(x for x in text.splitlines() if x.strip().startswith("game    1"))
    earlier_name = names.world_name(int(camp.galaxy["c_name"][earlier]))
    assert f"{earlier_name}*" not in line, line
    assert f"{names.world_name(int(camp.galaxy['c_name'][home]))}*" in line, line
