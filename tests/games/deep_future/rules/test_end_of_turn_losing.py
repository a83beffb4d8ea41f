"""Rule scenario tests, second pass over the book: upkeep (2.3, R18), challenges (2.4, R19-R21, Table 6), losing
sectors, homeworlds and the game (R22, R24, section 3), winning (section 3, R23) and the winner's choices (R26).

Positions are written by hand in the position format (``docs/position_format.md``). ``deck(...)`` takes cards in
the order they are DRAWN (top first); the format lists the deck bottom to top. Each random value is stacked.

Sector neighbours used below (direction 1..6, R2): 23: 22 - - 31 34 25; 25: 24 22 23 34 36 26;
26: 15 24 25 36 BH 16; 34: 25 23 31 32 35 36; 46: BH 36 35 44 45 56; 56: 66 BH 46 45 54 55.
"""

from __future__ import annotations

from support.scenario_pos import (
    FILLER,
    TRACKS,
    Pos,
    S,
    X,
    apply,
    deck,
    dname,
    fail_pending,
    home,
    legal,
    solo,
    tech,
    track,
    why,
    world,
)
from support.views import cubes, hand, pile, techs, worlds

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import NEUTRAL

# ---------------------------------------------------------------------------------------------- helpers


# ================================================================================ 2.3 upkeep (R18)


# ================================================================================ 2.4 meeting challenges (R19)


# ================================================================================ Table 6 and R20


# ================================================================================ R22 losing sectors
def test_losing_a_sector_discards_only_the_worlds_in_it_R22() -> None:
    """R22/2.2.1: player 0 loses his only cube in 34 (3 rival cubes from a row x5, sector 34): his world there is
    discarded, his world in 25 stays, his homeworld stays."""
    p, ids = solo("challenge", tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    w34 = p.add(world(34, ["S2"], num=4))
    w25 = p.add(world(25, ["S3"], num=5))
    p.sector(34, 1, 0).sector(25, 1, 0)
    p.player(0, worlds=[w34, w25])
    p.challenges = [p.add("H1")]
    p.deck = deck(*p.adds("M5", "K6", "S3", "S4"), *p.adds(*FILLER))
    s = p.build()
    assert cubes(s, 34) == (2, NEUTRAL), why(s)
    assert worlds(s) == [w25] and w34 in pile(s, "discard") and int(s["home"][0]) == ids["home"], why(s)


def test_new_homeworld_is_chosen_from_worlds_outside_the_lost_sector_R22() -> None:
    """R22: the homeworld sector 23 is emptied (row x6: the new world lies in 23, 5 rival cubes remove 3 of his);
    his other world in 23 is discarded too; of the worlds in 34 and 25 he chooses the new homeworld (upkeep 0);
    the old homeworld joins the line (replacing the world numbered 1 there) without cubes."""
    p, ids = solo("challenge", upkeep=2, tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    w23 = p.add(world(23, ["S2"], num=4))
    w34 = p.add(world(34, ["S3"], num=5))
    w25 = p.add(world(25, ["S4"], num=6))
    p.sector(34, 1, 0).sector(25, 1, 0)
    p.player(0, worlds=[w23, w34, w25])
    old_line = p.add(world(52, ["R2"], num=1))
    p.to_line(old_line)
    p.sector(52, 3, "N")
    p.challenges = [p.add("M1")]  # moon: no upkeep cube of that suit can meet it
    new_w = p.add(world(23, ["F3"], num=2, suit="S"))
    p.deck = deck(p.add("M6"), new_w, *p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "REHOME" and int(s["dplayer"]) == 0, why(s)
    assert legal(s) == {("tableau", L.WORLD_SLOT0), ("tableau", L.WORLD_SLOT0 + 1)}, why(s)
    assert w23 in pile(s, "discard") and old_line in pile(s, "discard")
    assert int(s["line"][0]) == ids["home"] and int(s["c_upkeep"][ids["home"]]) == 0
    assert cubes(s, 23) == (2, NEUTRAL)  # 5 rival cubes: 3 of his removed, 2 placed
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)  # the world in 25
    assert int(s["home"][0]) == w25 and worlds(s) == [w34] and int(s["c_upkeep"][w25]) == 0, why(s)


def test_rehome_is_asked_of_the_other_player_during_my_challenge_phase_R22() -> None:
    """R22: "at once, even on another player's turn": a spill empties player 1's homeworld sector 56 during
    player 0's challenge phase; player 1 (with worlds in 55 and 66) picks his new homeworld, then player 0's
    turn goes on (his second challenge is revealed)."""
    p, ids = solo("challenge", players=2, tracks={"C": 3, "M": 3, "S": 3, "X": 3})
    w55 = p.add(world(55, ["S2"], num=6, suit="F"))
    w66 = p.add(world(66, ["S3"], num=3, suit="F"))
    p.sector(55, 1, 1).sector(66, 1, 1)
    p.player(1, worlds=[w55, w66])
    p.sector(46, 5, "N")
    k2 = p.add("K2")
    p.player(0, hand=[k2])
    p.challenges = [p.add("H1"), p.add("K3")]
    p.deck = deck(*p.adds("M5", "K6", "S4", "S6", "R6"), *p.adds(*FILLER))
    s = p.build()
    assert cubes(s, 56) == (0, -1), why(s)
    assert dname(s) == "REHOME" and int(s["dplayer"]) == 1, why(s)
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)  # the world in 66
    assert int(s["home"][1]) == w66 and worlds(s, 1) == [w55], why(s)
    # back to player 0: his second challenge (K) is pending, K2 can meet it
    assert dname(s) == "CHALLENGE" and int(s["dplayer"]) == 0 and int(s["ctx"][0]) == S("K"), why(s)


# ================================================================================ section 3, R24 losing
def test_multiplayer_loss_clears_the_player_and_he_takes_no_more_turns_R24() -> None:
    """Section 3 / R24 default: player 1 fails a challenge (S1: Might -2 from -5: the cross). His tableau and
    hand are discarded (upkeep cubes gone), his homeworld joins the line, each of his sectors gets 1 neutral
    rival instead of his cubes, his remaining challenge is dropped and the next turns are all player 0's."""
    p = Pos(players=2, at="challenge", current=1)
    h0 = p.add(home(23, ["H1"]))
    p.sector(23, 3, 0)
    p.player(0, homeworld=h0)
    h1 = p.add(home(56, ["F1"], num=5, suit="H", upkeep=2))
    t1 = p.add(tech(["H2", "K", "F"], upkeep=1))
    w1 = p.add(world(55, ["S2"], num=6, suit="F"))
    c1 = p.add("R4")
    p.sector(56, 4, 1).sector(55, 2, 1)
    p.player(1, homeworld=h1, techs=[t1], worlds=[w1], hand=[c1], tracks={"M": -5})
    p.challenges = [p.add("S3"), p.add("M3")]
    p.deck = deck(p.add("K1"), *p.adds(*FILLER), *p.adds("R1", "R2", "R3", "R5", "R6", "K2", "K3"))
    s = p.build()
    fail_pending(s)  # (his settled world could meet it; he declines)
    assert s["lost"][1] and not s["over"], why(s)
    assert cubes(s, 56) == (1, NEUTRAL) and cubes(s, 55) == (1, NEUTRAL), why(s)
    assert int(s["line"][4]) == h1 and int(s["home"][1]) < 0
    assert techs(s, 1) == [] and worlds(s, 1) == [] and hand(s, 1) == []
    assert {t1, w1, c1} <= set(pile(s, "discard")) and int(s["c_upkeep"][t1]) == 0
    assert int(s["chal_n"]) == 0
    assert int(s["cur"]) == 0
    turn = int(s["turn"])
    while not s["over"] and int(s["turn"]) < turn + 3:
        assert int(s["cur"]) == 0, why(s)
        a = int(engine.legal_actions(s)[-1])
        engine.apply_action(s, a)


def test_restart_variant_new_homeworld_in_an_empty_sector_on_his_next_turn_R24_R28() -> None:
    """R24 variant "restart", R28: player 1 lost; on his next turn he discards 5 cards and takes one of the
    discarded worlds in an EMPTY sector (the one in 23 is player 0's sector, not offered), with 3 cubes, tracks
    back at the start, no balancing advancements."""
    p = Pos(players=2, at="turn_start", current=1, variant="restart")
    h0 = p.add(home(23, ["H1"]))
    p.sector(23, 3, 0)
    p.player(0, homeworld=h0)
    p.player(1, lost=True, tracks={"M": -6})
    wa = p.add(world(23, ["S2"], num=4))
    wb = p.add(world(44, ["S3"], num=5))
    p.deck = deck(wa, p.add("R1"), wb, p.add("R2"), p.add("R3"), *p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "HOME_PICK" or int(s["home"][1]) == wb, why(s)
    if dname(s) == "HOME_PICK":
        assert legal(s) == {("reveal", 2)}, why(s)
        apply(s, L.B_REVEAL, 2)
    assert int(s["home"][1]) == wb and cubes(s, 44) == (3, 1) and not s["lost"][1], why(s)
    assert [track(s, 1, t) for t in TRACKS] == [0, 0, 0, 0]
    assert int(s["c_slot_num"][wb, 1]) == 0  # no balancing advancement


def test_last_player_left_is_not_held_to_the_solo_wonder_condition_R24_R23() -> None:
    """R24: "a last player left plays on ... (the solo-only condition does not start to apply)": player 1 has
    left; player 0 qualifies (Culture star) with wonders on the map and no settled world: he wins."""
    p = Pos(players=2, at="action", current=0)
    h0 = p.add(home(33, ["R1", "K1", "R2"], num=3, suit="R"))
    ts = [p.add(tech(lines, name=10 + i)) for i, lines in enumerate((["R3", "R4", "K2"], ["K3", "K4", "R5"],
                                                                     ["K5", "S1", "M1"]))]
    p.sector(33, 4, 0)
    p.sector(11, 0, None, wonder="Might", wonder_suit="F").sector(12, 0, None, wonder="Xeno", wonder_suit="F")
    p.player(0, homeworld=h0, techs=ts, tracks={"C": 12})
    p.player(1, lost=True)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert int(s["winner"]) == 0, why(s)


# ================================================================================ R26 the winner's civilization
def test_civilization_table3_effect_is_the_chosen_victory_type_R26() -> None:
    """R26/section 3: with Culture and Might both at the star, the winner picks Might: the civilization card's
    Table 3 effect and the wonder's letter are Might (Table 2 letter M)."""
    p = Pos(players=1, at="action")
    h0 = p.add(home(33, ["R1", "K1", "R2"], num=3, suit="R"))
    ts = [p.add(tech(lines, name=10 + i)) for i, lines in enumerate((["R3", "R4", "K2"], ["K3", "K4", "R5"],
                                                                     ["K5", "S1", "M1"]))]
    p.sector(33, 4, 0)
    p.player(0, homeworld=h0, techs=ts, tracks={"C": 12, "M": 6})
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "VICTORY"
    apply(s, L.B_VICTORY, 3)  # Might
    apply(s, L.B_SUIT, S("K"))  # Table 4 suit
    apply(s, L.B_SUIT, S("R"))  # wonder suit
    assert engine.is_terminal(s)
    c = int(s["n_cards"]) - 1
    assert int(s["c_civ3"][c]) == 3 and int(s["c_civ4"][c]) == S("K")
    assert int(s["wonder"][X(33)]) == 3 and int(s["wonder_suit"][X(33)]) == S("R")


# ================================================================================ stale "paid" flag (R18)


def test_art_reaching_the_culture_star_wins_at_the_start_of_the_turn_table5_R23() -> None:
    """Table 5 Art (START, C +1, automatic R11) takes Culture 11 -> 12 (the star) with homeworld and 3 complete
    techs: the victory is detected at once (R23), before any action."""
    p = Pos(players=1, at="turn_start")
    h0 = p.add(home(33, ["R1", "K1", "M1"], num=3, suit="R"))
    ts = [p.add(tech(lines, name=10 + i)) for i, lines in enumerate((["R3", "R4", "K2"], ["K3", "K4", "R5"],
                                                                     ["K5", "S1", "R2"]))]
    p.sector(33, 4, 0)
    p.player(0, homeworld=h0, techs=ts, tracks={"C": 11})
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert track(s, 0, "C") == 12 and int(s["winner"]) == 0 and int(s["victory"]) == 2, why(s)


def test_every_player_lost_ends_the_game_with_no_winner_R24() -> None:
    """R24: "the game ends with no winner if every player has lost": player 1 left earlier; player 0 (the last
    one) reaches the cross on Might."""
    p = Pos(players=2, at="challenge", current=0)
    h0 = p.add(home(23, ["H1"]))
    p.sector(23, 3, 0)
    p.player(0, homeworld=h0, tracks={"M": -4})
    p.player(1, lost=True)
    p.challenges = [p.add("S3")]
    p.deck = deck(p.add("M2"), *p.adds(*FILLER))
    s = p.build()
    assert s["over"] and int(s["winner"]) < 0 and list(engine.returns(s)) == [-1.0, -1.0], why(s)


