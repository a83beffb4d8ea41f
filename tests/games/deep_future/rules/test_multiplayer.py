"""Rule review, third pass: what differs with 2 and 3 players and how players interact.

Setup for several players (1.7), turn order and the start player, BATTLE / EXPAND / SETTLE / EVOKE next to other
players' sectors (2.2, R13, R15-R17), rival cubes reaching other players (2.4, R20), a player losing and leaving on
any player's turn (section 3, R22, R24), the restart variant (R24, R28), and who wins when several could (R23, R30).

Positions are written by hand in the position format (``docs/position_format.md``). ``deck(...)`` takes cards in
the order they are DRAWN (top first); the format lists the deck bottom to top.

Sector neighbours used below (direction 1..6, R2): 46: BH 36 35 44 45 56; 56: 66 BH 46 45 54 55;
55: 64 66 56 54 52 53; 45: 56 46 44 42 43 54; 23: 22 - - 31 34 25.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.scenario_pos import (
    COMPLETE,
    FILLER,
    TRACKS,
    Pos,
    S,
    X,
    apply,
    civ,
    deck,
    dname,
    fail_pending,
    legal,
    ok,
    sectors_offered,
    tech,
    track,
    why,
    world,
)
from support.views import cubes, hand, pile, worlds

from df_env.games.deep_future import engine
from df_env.games.deep_future.campaign.core import Campaign
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import NEUTRAL, WORLD

POWER, SETTLE, GROW, ADVANCE, BATTLE, EXPAND, PLAN, EVOKE = range(8)


# ---------------------------------------------------------------------------------------------- helpers
def act(s: np.ndarray, a: int) -> None:
    """Choose action a and pay it with the first card that can (the engine pays by itself when one card can)."""
    apply(s, L.B_ACTION, a)
    if dname(s) == "PAY":
        apply(s, L.B_HAND, min(i for b, i in legal(s) if b == "hand"))


EASY = {"C": 3, "M": 3, "S": 3, "X": 3}


# ======== 1.7 setup for 2-3 players
def _all_worlds_in(printed: int) -> np.ndarray:
    g = Campaign.new(3).galaxy.copy()
    for c in range(int(g["n_cards"])):
        if g["c_type"][c] == WORLD:
            g["c_sector"][c] = X(printed)
    return g


@pytest.mark.parametrize("n_players", [2, 3])
def test_setup_later_players_never_pick_or_create_a_homeworld_in_a_taken_sector_1_7(n_players: int) -> None:
    """1.7: "Later players cannot choose a world in the same sector as one already chosen by a previous player."
    and "A player that did not receive a homeworld must create ... a new homeworld ... in a randomly chosen sector
    (not one of those occupied already by a player)". Every original world lies in sector 23: once a player
    holds 23, no later HOME_PICK offers a world there, and the later homeworlds are new cards elsewhere."""
    g = _all_worlds_in(23)
    pool = int(g["n_cards"])
    for seed in range(12):
        s = engine.new_game(engine.GameConfig(num_players=n_players, galaxy=g.copy()), seed=seed)
        while s["phase"] == L.PH_SETUP:
            if dname(s) == "HOME_PICK":
                taken = {int(s["c_sector"][s["home"][q]]) for q in range(n_players) if s["home"][q] >= 0}
                for _b, i in legal(s):
                    assert int(s["c_sector"][s["reveal"][i]]) not in taken, why(s)
            engine.apply_action(s, int(engine.legal_actions(s)[0]))
        sectors = [int(s["c_sector"][s["home"][p]]) for p in range(n_players)]
        assert len(set(sectors)) == n_players, sectors
        assert sectors.count(X(23)) <= 1
        for p, x in enumerate(sectors):
            assert int(s["owner"][x]) == p and int(s["cubes"][x]) == 3
            if x != X(23):
                assert int(s["home"][p]) >= pool, "a homeworld outside 23 must be a new card"
        # the neutral line never keeps a world in a homeworld's sector (all worlds are in 23 here)
        if X(23) in sectors:
            assert all(int(w) < 0 or int(s["c_sector"][w]) != X(23) for w in s["line"])


@pytest.mark.parametrize("n_players", [2, 3])
def test_start_player_is_random_and_plays_the_first_turn_1_7(n_players: int) -> None:
    """1.7 "The starting player is chosen randomly" (R5: the game's generator); 2 "Players take turns going
    clockwise": the first turn is the start player's, every seat starts in some game."""
    seen = set()
    for seed in range(30):
        s = engine.new_game(engine.GameConfig(num_players=n_players), seed=seed)
        while s["phase"] == L.PH_SETUP:
            engine.apply_action(s, int(engine.legal_actions(s)[0]))
        sp = int(s["start_player"])
        assert int(s["cur"]) == sp and int(s["turn"]) == 1, why(s)
        assert int(s["dplayer"]) == sp
        seen.add(sp)
    assert seen == set(range(n_players))


# ======== 2 turn order with a player gone
def test_three_players_turn_order_skips_a_player_who_left_and_wraps_R24() -> None:
    """R24 default: a player who lost "takes no further turns". Three players, player 1 has left: after player 0
    comes player 2, then (clockwise, wrapping around the table) player 0 again."""
    p = Pos(players=3, at="challenge", current=0)
    p.seat(0, 23)
    p.seat(2, 56, num=5, suit="H")
    p.player(1, lost=True)
    p.deck = deck(*p.adds(*FILLER), *p.adds(*FILLER), *p.adds(*FILLER))
    s = p.build()
    order = [0, int(s["cur"])]  # player 0's challenge pile was empty: his turn is over already
    for _ in range(3):
        t = int(s["turn"])
        while int(s["turn"]) == t and not s["over"]:
            acts = engine.legal_actions(s).tolist()
            pas = L.encode(L.B_SPECIAL, L.PASS)
            fail = L.encode(L.B_SPECIAL, L.FAIL)
            engine.apply_action(s, pas if pas in acts else fail if fail in acts else acts[0])
        order.append(int(s["cur"]))
    assert order == [0, 2, 0, 2, 0], order
    assert 1 not in order


def test_restart_variant_three_players_new_card_homeworld_in_an_empty_sector_then_his_turn_R24_R28() -> None:
    """R24 variant "restart", R28: player 1 (lost) comes up in seat order between 0 and 2. None of his five
    discards is a world, so he creates a new world (R6: number then suit) in a random sector (two discards):
    23 is player 0's, so another is drawn (44, empty); it gets one random advancement (no balancing), 3 cubes,
    tracks at the start; then he plays his turn."""
    p = Pos(players=3, at="challenge", current=0, variant="restart")
    p.seat(0, 23)
    p.seat(2, 56, num=5, suit="H")
    p.player(1, lost=True, tracks={"M": -6, "C": 4})
    five = p.adds("R1", "R2", "R3", "R4", "R5")
    new_card = p.adds("S4", "H1")  # a new card 4/H
    first_try = p.adds("F2", "F3")  # sector 23: player 0's
    second_try = p.adds("M4", "K4")  # sector 44: empty
    adv = p.adds("F5", "K2")  # advancement suit F, number 2 (Religion)
    p.deck = deck(*five, *new_card, *first_try, *second_try, *adv, *p.adds(*FILLER))
    s = p.build()
    assert int(s["cur"]) == 1 and not s["lost"][1], why(s)
    h = int(s["home"][1])
    assert int(s["c_type"][h]) == WORLD and int(s["c_num"][h]) == 4 and int(s["c_suit"][h]) == S("H")
    assert int(s["c_sector"][h]) == X(44) and cubes(s, 44) == (3, 1) and cubes(s, 23) == (3, 0), why(s)
    assert int(s["c_slot_suit"][h, 0]) == S("F") and int(s["c_slot_num"][h, 0]) == 2
    assert int(s["c_slot_num"][h, 1]) == 0, "no balancing advancement (section 3)"
    assert [track(s, 1, t) for t in TRACKS] == [0, 0, 0, 0]
    assert int(s["dplayer"]) == 1 and int(s["phase"]) in (L.PH_START, L.PH_ACTION), why(s)


# ======== R23, R30 who wins
@pytest.mark.parametrize("current,qualifiers,winner", [(2, (0, 1), 0), (1, (0, 2), 2), (2, (1, 2), 2)])
def test_several_players_qualifying_seat_order_from_the_current_player_wraps_R23_R30(
        current: int, qualifiers: tuple[int, int], winner: int) -> None:
    """R30: two players qualify at the same step: the player whose turn it is wins, then seat order from him,
    wrapping around (3 players)."""
    p = Pos(players=3, at="action", current=current)
    secs = {0: 33, 1: 61, 2: 13}
    for q in range(3):
        if q in qualifiers:
            p.qualify(q, secs[q], {"C": 12} if q == qualifiers[0] else {"M": 6})
        else:
            p.seat(q, secs[q])
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert int(s["winner"]) == winner and int(s["cur"]) == current, why(s)


# ======== BATTLE against players (R15, R22, R24)
def test_battle_emptying_another_players_homeworld_without_worlds_he_leaves_then_military_goes_on_R15_R22_R24(
) -> None:
    """R15 against another player's cubes; R22 his last cube leaves his homeworld sector and he has no settled
    world: he loses at once on my turn (R24): his other sector 45 gets 1 neutral rival, his homeworld joins the
    line, his hand is discarded. Military's second pair may then battle that neutral cube."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 4, ["H5"])  # Military
    h1 = p.seat(1, 56, 2, num=5, suit="H")
    p.sector(45, 2, 1)
    c1 = p.add("S3")
    p.player(1, hand=[c1])
    h_pay = p.add("H1")
    p.player(0, hand=[h_pay], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    act(s, BATTLE)
    assert dname(s) == "BATTLE_TO", why(s)
    assert sectors_offered(s) == {56, 45}
    apply(s, L.B_SECTOR, X(56))
    if dname(s) == "BATTLE_COUNT":
        apply(s, L.B_COUNT, 2)
    assert s["lost"][1] and not s["over"], why(s)
    assert cubes(s, 56) == (0, -1) and cubes(s, 45) == (1, NEUTRAL), why(s)
    assert int(s["line"][4]) == h1 and hand(s, 1) == [] and c1 in pile(s, "discard")
    assert dname(s) == "BATTLE_FROM" and int(s["dplayer"]) == 0, "Military: a second pair" + why(s)
    apply(s, L.B_SECTOR, X(46))
    assert cubes(s, 45) == (0, -1) and cubes(s, 46) == (1, 0), why(s)


@pytest.mark.parametrize("players", [2, 3])
def test_battle_emptying_both_homeworld_sectors_both_lose_R15_R22_R24(players: int) -> None:
    """BATTLE may deplete the attacker's own sector (2.2). Player 0 takes 3 for 3 between his homeworld sector
    46 and player 1's (56), neither has a settled world: both lose (R22). With 2 players every player has lost:
    the game ends with no winner (R24). With 3, player 2 plays on (the next turn is his)."""
    p = Pos(players=players, at="action", current=0)
    p.seat(0, 46, 3)
    p.seat(1, 56, 3, num=5, suit="H")
    if players == 3:
        p.seat(2, 23, 3, num=2, suit="S")
    p.player(0, hand=[p.add("H1")], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    act(s, BATTLE)
    if dname(s) == "BATTLE_COUNT":
        apply(s, L.B_COUNT, 3)
    assert s["lost"][0] and s["lost"][1], why(s)
    assert cubes(s, 46) == (0, -1) and cubes(s, 56) == (0, -1)
    if players == 2:
        assert s["over"] and int(s["winner"]) < 0 and list(engine.returns(s)) == [-1.0, -1.0], why(s)
    else:
        assert not s["over"] and int(s["cur"]) == 2 and int(s["dplayer"]) == 2, why(s)


def test_battle_attacker_loses_while_defender_rehomes_then_defender_plays_on_R22_R24() -> None:
    """One BATTLE pair empties player 1's homeworld sector (he holds worlds in 55 and 66: he picks a new
    homeworld, R22) and player 0's own homeworld sector (no settled world: he loses, R22/R24). Player 0's turn
    ends; player 1 is asked for his new homeworld and then plays his turn: he is not lost."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 2)
    h1 = p.seat(1, 56, 2, num=5, suit="H")
    w55 = p.add(world(55, ["S2"], num=6, suit="F"))
    w66 = p.add(world(66, ["S3"], num=3, suit="F"))
    p.sector(55, 1, 1).sector(66, 1, 1)
    p.player(1, worlds=[w55, w66])
    p.player(0, hand=[p.add("H1")], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER), *p.adds(*FILLER))
    s = p.build()
    act(s, BATTLE)
    if dname(s) == "BATTLE_COUNT":
        apply(s, L.B_COUNT, 2)
    assert s["lost"][0] and not s["lost"][1] and not s["over"], why(s)
    assert dname(s) == "REHOME" and int(s["dplayer"]) == 1, why(s)
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)
    assert int(s["home"][1]) == w66 and worlds(s, 1) == [w55] and h1 in [int(c) for c in s["line"]], why(s)
    assert int(s["cur"]) == 1 and int(s["dplayer"]) == 1 and not s["over"], why(s)


def test_rehoming_on_another_players_turn_can_win_at_once_R22_R23() -> None:
    """R22: player 1 picks his new homeworld at once on player 0's turn; R23: victory is checked after every
    step for every player: the new homeworld has 3 advancements, with his 3 complete techs and Might at the
    star he wins at once, on player 0's turn."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 4)
    p.seat(1, 56, 1, num=5, suit="H")
    w = p.add(world(55, ["R1", "K1", "R2"], num=6, suit="F"))
    p.sector(55, 1, 1)
    ts = [p.add(tech(lines, name=40 + i)) for i, lines in enumerate(COMPLETE)]
    p.player(1, worlds=[w], techs=ts, tracks={"M": 6})
    p.player(0, hand=[p.add("H1")], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert int(s["winner"]) < 0, "a homeworld with 1 advancement: no victory yet" + why(s)
    act(s, BATTLE)
    assert int(s["home"][1]) == w, why(s)
    assert int(s["winner"]) == 1 and int(s["cur"]) == 0, why(s)


# ======== EXPAND / EVOKE / SETTLE next to players
def test_expand_ftl_crosses_another_players_sector_but_never_ends_there_R16() -> None:
    """R16: "paths may cross anything"; the destination is empty or yours. From 46 with FTL (reach 2), 66 lies
    beyond player 1's 56 and is offered; 56 itself (player 1's) and 45 (neutral) are not."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 4, ["F6"])
    p.seat(1, 56, 3, num=5, suit="H")
    p.sector(45, 1, "N")
    p.player(0, hand=[p.add("F1")], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    act(s, EXPAND)
    assert dname(s) == "EXPAND_TO", why(s)
    offered = sectors_offered(s)
    assert 66 in offered and 54 in offered and 55 in offered
    assert 56 not in offered and 45 not in offered and 0 not in offered


def test_evoke_needs_own_control_not_another_players_R17() -> None:
    """R17: EVOKE "when you control its sector": a civilization card for 56 is not playable while player 1
    holds 56 (an M card pays no other action either: only PLAN and pass)."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 3)
    p.seat(1, 56, 3, num=5, suit="H")
    cv = p.add(civ("Culture", None, 56))
    p.player(0, hand=[cv], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "ACTION"
    assert not ok(s, L.B_ACTION, EVOKE), why(s)


def test_evoke_territory_and_foot_never_place_into_another_players_sector_R17() -> None:
    """R17: Table 3 Territory: 1 cube into an EMPTY adjacent sector; Table 4 foot: into two adjacent sectors
    each empty or yours. Player 1's 56 and the neutral 45 (both next to 46) are never offered."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 5)
    p.seat(1, 56, 3, num=5, suit="H")
    p.sector(45, 1, "N").sector(36, 1, 0)
    cv = p.add(civ("Territory", "F", 46))
    p.player(0, hand=[cv], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    act(s, EVOKE)
    assert dname(s) == "EVOKE_EMPTY", why(s)
    assert sectors_offered(s) == {35, 44, 26, 25, 34}, sectors_offered(s)
    apply(s, L.B_SECTOR, X(44))
    assert dname(s) == "FOOT_FROM" or dname(s) == "FOOT_TO", why(s)
    if dname(s) == "FOOT_FROM":
        apply(s, L.B_SECTOR, X(46))
    offered = sectors_offered(s)
    assert 56 not in offered and 45 not in offered and 0 not in offered
    assert offered == {36, 35, 44}, offered


def test_settle_hand_world_in_another_players_sector_is_no_source_R13() -> None:
    """2.2 SETTLE: "If the player has worlds in his hand but none are in sectors he controls, he cannot take the
    settle action" (no neutral-line world in his sectors, no Society). His only world lies in player 1's 56."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 3)
    p.seat(1, 56, 3, num=5, suit="H")
    w = p.add(world(56, ["S2"], num=6, suit="F"))
    p.player(0, hand=[p.add("M1"), w], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    assert dname(s) == "ACTION" and not ok(s, L.B_ACTION, SETTLE), why(s)


def test_settle_neutral_line_world_in_another_players_sector_is_not_his_R13() -> None:
    """R13: a neutral-line world can be settled in a sector HE controls; a line world in player 1's sector is not
    offered to player 0 (he still settles from his blank)."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 46, 3)
    p.seat(1, 56, 3, num=5, suit="H")
    lw = p.add(world(56, ["S2"], num=6, suit="F"))
    p.to_line(lw)
    blank = p.add("R4")
    p.player(0, hand=[p.add("M1"), blank], tracks=EASY)
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    act(s, SETTLE)
    # the blank was the only source, taken at once (R27): the line world was never offered
    assert worlds(s, 0) == [blank] and int(s["c_sector"][blank]) == X(46), why(s)
    assert int(s["line"][5]) == lw


def test_settle_reveal_goes_to_both_other_players_in_three_player_game_R13_R43() -> None:
    """R13: settling from a new card without Society reveals the hand "to the other players": with 3 players both
    others know the hand (known_by bits 1 and 2), the settling player's own bit is not used."""
    p = Pos(players=3, at="action", current=0)
    p.seat(0, 23, 3, ["H2"])
    p.seat(1, 56, 3, num=5, suit="H")
    p.seat(2, 13, 3, num=2, suit="S")
    keep = p.adds(civ("Culture", "S", 44, num=2, csuit="S"), tech(["R1", "K", "S"]))
    p.player(0, hand=[p.add("M1"), *keep], tracks=EASY)
    p.deck = deck(*p.adds("S6", "F1", "H5", "K4"), *p.adds(*FILLER))
    s = p.build()
    act(s, SETTLE)
    assert len(worlds(s, 0)) == 1 and hand(s, 0) == keep, why(s)
    for c in keep:
        assert int(s["c_known"][c]) & 0b111 == 0b110, (c, int(s["c_known"][c]))


# ======== rival cubes reaching players (2.4, R20)
def test_rival_cube_to_another_players_full_sector_adds_nothing_and_does_not_spill_R20() -> None:
    """2.4: "If a different player has cubes in that sector, add 1 cube of his color there, if he is not at the
    limit." Player 1's 56 holds 5: nothing is added, no neutral cube is placed and no direction card is drawn."""
    p = Pos(players=2, at="challenge", current=0)
    p.seat(0, 23, 3)
    p.seat(1, 56, 5, num=5, suit="H")
    p.player(0, tracks=EASY)
    p.challenges = [p.add("S1")]
    draws = p.adds("M4", "K3", "S5", "R6")  # row 4 (M -3, 1 rival cube); line 3 empty; sector 56
    nxt = p.add("F2")
    p.deck = deck(*draws, nxt, *p.adds(*FILLER))
    s = p.build()
    fail_pending(s)
    assert cubes(s, 56) == (5, 1), why(s)
    assert all(int(s["owner"][x]) != NEUTRAL for x in range(37) if s["cubes"][x] > 0), why(s)
    assert track(s, 0, "M") == 0
    assert nxt not in pile(s, "discard"), "no spill direction drawn"


def test_spill_empties_another_players_homeworld_sector_he_leaves_on_my_turn_R20_R22_R24() -> None:
    """2.4 spill: "If the adjacent sector contains any player's cubes, remove cubes one-for-one". Three players;
    a 3-cube failure fills neutral 46 and spills (direction 6) into player 1's homeworld sector 56 (2 cubes, no
    settled world): his cubes are removed, 1 neutral cube placed; he loses at once (R22, R24): his other sector 55
    gets 1 neutral, his homeworld joins the line. Player 0's challenge phase goes on; then player 2 plays."""
    p = Pos(players=3, at="challenge", current=0)
    p.seat(0, 23, 3)
    h1 = p.seat(1, 56, 2, num=5, suit="H")
    p.sector(55, 2, 1)
    p.seat(2, 13, 3, num=2, suit="S")
    p.sector(46, 5, "N")
    p.player(0, tracks=EASY, hand=[p.add("K2")])
    p.challenges = [p.add("R1"), p.add("K3")]
    p.deck = deck(*p.adds("M5", "K3", "S4", "S6", "R6"), *p.adds(*FILLER), *p.adds(*FILLER))
    s = p.build()  # the R challenge cannot be met (no R card): it fails at once (R27)
    assert s["lost"][1], why(s)
    assert cubes(s, 56) == (1, NEUTRAL) and cubes(s, 55) == (1, NEUTRAL) and cubes(s, 46) == (5, NEUTRAL), why(s)
    assert int(s["line"][4]) == h1
    assert dname(s) == "CHALLENGE" and int(s["dplayer"]) == 0 and int(s["ctx"][0]) == S("K"), why(s)
    apply(s, L.B_HAND, 0)
    assert int(s["cur"]) == 2, why(s)


# ======== more on losing and leaving
def test_exploration_vacating_the_homeworld_sector_loses_in_the_start_phase_next_player_plays_R9_R22_R24() -> None:
    """2.1 Exploration "can entirely vacate a sector ... he loses all worlds he has in that sector": the last
    cube of his homeworld sector leaves and he has no settled world: he loses (R22), his turn ends at once and
    player 1 plays (R24); his cube in 34 became 1 neutral rival (section 3)."""
    p = Pos(players=2, at="start_phase", current=0)
    h0 = p.seat(0, 23, 1, ["F1"])
    p.seat(1, 56, 3, num=5, suit="H")
    p.player(0, tracks=EASY, hand=p.adds("S1", "S2", "S3", "S4", "S5"))
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    apply(s, L.B_ADV, 30)  # Exploration
    if dname(s) == "PAY_TRACK":
        apply(s, L.B_TRACK, 1)
    if dname(s) == "EXPLORE_TO":
        apply(s, L.B_SECTOR, X(34))
    assert s["lost"][0] and not s["over"], why(s)
    assert cubes(s, 23) == (0, -1) and cubes(s, 34) == (1, NEUTRAL), why(s)
    assert h0 in [int(c) for c in s["line"]] and hand(s, 0) == []
    assert int(s["cur"]) == 1 and int(s["dplayer"]) == 1, why(s)


def test_restart_variant_loser_is_cleared_and_restarts_only_on_his_next_turn_R24() -> None:
    """R24 variant "restart": the losing player's pieces are cleared as in section 3 all the same (sectors to 1
    neutral rival, tableau and hand discarded, homeworld to the line); he takes his new homeworld "on his next
    turn": player 1 plays first, then player 0 restarts."""
    p = Pos(players=2, at="challenge", current=0, variant="restart")
    h0 = p.seat(0, 23, 3)
    p.sector(34, 2, 0)
    c0 = p.add("F2")
    p.player(0, tracks={"M": -5}, hand=[c0])
    p.seat(1, 56, 3, num=5, suit="H")
    p.challenges = [p.add("S3")]
    p.deck = deck(p.add("M1"), *p.adds(*FILLER), *p.adds(*FILLER))
    s = p.build()
    assert s["lost"][0], why(s)
    assert cubes(s, 23) == (1, NEUTRAL) and cubes(s, 34) == (1, NEUTRAL), why(s)
    assert int(s["home"][0]) < 0 and h0 in [int(c) for c in s["line"]] and hand(s, 0) == [] and c0 in pile(s, "discard")
    assert int(s["cur"]) == 1 and int(s["dplayer"]) == 1, "player 1's turn comes first" + why(s)
    # player 1 passes through his turn; then player 0 restarts with the world of 44 among his five discards
    while int(s["cur"]) == 1 and not s["over"]:
        acts = engine.legal_actions(s).tolist()
        pas = L.encode(L.B_SPECIAL, L.PASS)
        fail = L.encode(L.B_SPECIAL, L.FAIL)
        engine.apply_action(s, pas if pas in acts else fail if fail in acts else acts[0])
    assert int(s["cur"]) == 0 and not s["lost"][0], why(s)
    hs = int(s["c_sector"][s["home"][0]])
    assert int(s["home"][0]) != h0 and int(s["owner"][hs]) == 0 and int(s["cubes"][hs]) == 3, why(s)


def test_restart_variant_pick_only_a_world_in_an_empty_sector_R28() -> None:
    """R28: the restarting player takes a discarded world in an EMPTY sector: of his five discards, the world in
    45 (1 neutral rival) and the one in 56 (player 1's) are not offered; the one in 44 is (taken at once, R27)."""
    p = Pos(players=2, at="turn_start", current=0, variant="restart")
    p.player(0, lost=True)
    p.seat(1, 56, 3, num=5, suit="H")
    p.sector(45, 1, "N")
    w45 = p.add(world(45, ["S2"], num=2, suit="S"))
    w56 = p.add(world(56, ["S3"], num=3, suit="S"))
    w44 = p.add(world(44, ["S4"], num=4, suit="S"))
    p.deck = deck(w45, p.add("R1"), w56, w44, p.add("R2"), *p.adds(*FILLER))
    s = p.build()
    assert int(s["home"][0]) == w44 and cubes(s, 44) == (3, 0) and cubes(s, 45) == (1, NEUTRAL), why(s)
    assert cubes(s, 56) == (3, 1)


def test_revealed_hand_stays_known_through_the_other_players_turn_until_it_changes_R13_R43() -> None:
    """R13: the reveal lasts "until his hand changes": player 0 settles from a new card (no Society) and his
    hand (a civilization card and a tech, which pay no upkeep and meet no challenge) is still known to player 1
    during player 1's turn; it ends when player 0 draws at the start of his next turn."""
    p = Pos(players=2, at="action", current=0)
    p.seat(0, 23, 3, ["H2"])
    p.seat(1, 56, 3, num=5, suit="H")
    keep = p.adds(civ("Culture", "S", 44, num=2, csuit="S"), tech(["R1", "K", "S"]))
    p.player(0, hand=[p.add("M1"), *keep], tracks=EASY)
    p.deck = deck(*p.adds("S6", "F1", "H5", "K4"),  # the new world 6/F, advancement H4
                  *p.adds("M1", "M2", "S1", "S1"),  # two M challenges, each failed with number 1
                  *p.adds(*FILLER[:5]),  # player 1 draws up to 5
                  *p.adds(*FILLER))
    s = p.build()
    act(s, SETTLE)
    assert hand(s, 0) == keep and all(int(s["c_known"][c]) & 2 for c in keep), why(s)
    apply(s, L.B_SPECIAL, L.PASS)  # end the action phase
    while int(s["cur"]) == 0 and not s["over"]:
        fail_pending(s)
    assert int(s["cur"]) == 1 and hand(s, 0) == keep, why(s)
    assert all(int(s["c_known"][c]) & 2 for c in keep), "still revealed on player 1's turn" + why(s)
    while int(s["cur"]) == 1 and not s["over"]:
        acts = engine.legal_actions(s).tolist()
        pas = L.encode(L.B_SPECIAL, L.PASS)
        fail = L.encode(L.B_SPECIAL, L.FAIL)
        engine.apply_action(s, pas if pas in acts else fail if fail in acts else acts[0])
    assert int(s["cur"]) == 0 and len(hand(s, 0)) == 5, why(s)
    assert not any(int(s["c_known"][c]) & 2 for c in hand(s, 0)), "his hand changed: the reveal is over"


def test_one_battle_pair_takes_both_homeworld_sectors_both_players_rehome_R15_R22() -> None:
    """R22 "at once, even on another player's turn": one BATTLE pair empties player 1's homeworld sector 56 and
    player 0's own 46 (2 for 2, 2.2: he may deplete his sector). Both hold settled worlds elsewhere: each picks a
    new homeworld (upkeep 0), both old homeworlds join the line, and player 0's turn goes on (ACTION)."""
    p = Pos(players=2, at="action", current=0)
    h0 = p.seat(0, 46, 2)
    h1 = p.seat(1, 56, 2, num=5, suit="H")
    a1 = p.add(world(23, ["S2"], num=2, suit="F"))
    a2 = p.add(world(13, ["S3"], num=3, suit="F"))
    b1 = p.add(world(55, ["S4"], num=4, suit="F"))
    b2 = p.add(world(66, ["S5"], num=6, suit="F"))
    p.sector(23, 1, 0).sector(13, 1, 0).sector(55, 1, 1).sector(66, 1, 1)
    p.player(0, worlds=[a1, a2], hand=[p.add("H1"), p.add("S2")], tracks=EASY)
    p.player(1, worlds=[b1, b2])
    p.deck = deck(*p.adds(*FILLER))
    s = p.build()
    act(s, BATTLE)
    if dname(s) == "BATTLE_COUNT":
        apply(s, L.B_COUNT, 2)
    asked = []
    while dname(s) == "REHOME":
        q = int(s["dplayer"])
        asked.append(q)
        apply(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)
    assert sorted(asked) == [0, 1], asked
    assert int(s["home"][0]) == a2 and int(s["home"][1]) == b2, why(s)
    assert worlds(s, 0) == [a1] and worlds(s, 1) == [b1]
    line = [int(c) for c in s["line"]]
    assert h0 in line and h1 in line
    assert not s["lost"][0] and not s["lost"][1]
    assert dname(s) == "ACTION" and int(s["dplayer"]) == 0 and ok(s, L.B_ACTION, POWER), why(s)


def _galaxy_half_rich() -> np.ndarray:
    """A fresh galaxy in which every other original world carries 3 advancements (none circled)."""
    g = Campaign.new(5).galaxy.copy()
    k = 0
    for c in range(int(g["n_cards"])):
        if g["c_type"][c] == WORLD:
            if k % 2 == 0:
                for line in range(3):
                    g["c_slot_suit"][c, line] = (int(g["c_slot_suit"][c, 0]) + line) % 6
                    g["c_slot_num"][c, line] = 1 + (int(g["c_slot_num"][c, 0]) + 2 * line - 1) % 6
            k += 1
    return g


@pytest.mark.parametrize("n_players", [2, 3])
def test_setup_balancing_advancements_with_one_choice_while_none_circled_1_7(n_players: int) -> None:
    """1.7: homeworlds with fewer advancements than the one with the most get more until all are equal; "If no
    advancement has been circled on the world yet, when the suit is randomly chosen, the player may select 1 of
    the 6 related advancements": the OWNER of that homeworld is asked (CIRCLE), once per homeworld (after
    circling, the rest are generated)."""
    g = _galaxy_half_rich()
    unequal = 0
    for seed in range(40):
        s = engine.new_game(engine.GameConfig(num_players=n_players, galaxy=g.copy()), seed=seed)
        circles: dict[int, int] = {}
        while s["phase"] == L.PH_SETUP:
            if dname(s) == "CIRCLE":
                c = int(s["ctx"][0])
                owner = [q for q in range(n_players) if int(s["home"][q]) == c]
                assert owner == [int(s["dplayer"])], (seed, owner, int(s["dplayer"]))
                assert int(s["c_circled"][c]) == 0, "a choice only while no advancement is circled"
                circles[c] = circles.get(c, 0) + 1
                apply(s, L.B_NUMBER, 2)  # choose the third advancement of the generated suit
                continue
            engine.apply_action(s, int(engine.legal_actions(s)[0]))
        homes = [int(s["home"][q]) for q in range(n_players)]
        counts = [int((s["c_slot_num"][h] > 0).sum()) for h in homes]
        assert len(set(counts)) == 1, (seed, counts)
        assert all(v == 1 for v in circles.values()), circles
        for h in circles:
            assert int(s["c_circled"][h]) != 0
        if circles:
            unequal += 1
    assert unequal > 0, "some game must have needed balancing"
