"""Review 3, Table 5 (the 36 advancements): scenario tests for copies combining across the homeworld, tableau techs,
consumed settled worlds and complete hand techs (R10), advancements in the conquest's free actions (R13), EVOKE
getting no advancements (2.2), Exploration being no EXPAND (2.1), and edge cases of GROW, BATTLE and EXPAND
advancements (R15, R16, R27). Each test names its Table 5 entry (suit letter + number, name).

Each test builds an exact position (``docs/position_format.md``); the deck is given top card first
(``Game.top_first``). Sector 23 touches 22, 25, 31, 34; sector 34 touches 23, 25, 31, 32, 35, 36.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from support.scenario_game import (
    ADV,
    FILLER,
    X,
    act,
    civ,
    cubes,
    discard,
    dk,
    do,
    hand,
    ok,
    sectors_offered,
    tech,
    track,
    why,
    world,
    worlds_of,
    written,
)
from support.scenario_game import Game as SharedGame

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import (
    ADVANCE,
    BATTLE,
    CULTURE,
    DIST,
    EVOKE,
    EXPAND,
    GROW,
    MIGHT,
    POWER,
    SECTOR_IDS,
    SETTLE,
    STABILITY,
    SUIT_LETTERS,
    XENO,
)
from df_env.games.deep_future.engine.text.render import action_to_string, decision_to_string


class Game(SharedGame):
    """``scenario_game.Game`` with this file's random seed (5)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(seed=5, **kw)


# ================================================================================ start-phase advancements (2.1, R9)
def test_m1_art_copies_on_homeworld_and_tech_stack_and_stop_at_the_star_table5_r9_r11_r3():
    """M1 Art (START, increase C by 1): every copy on the homeworld and tableau techs counts; Culture stops at 12."""
    g = Game(at="turn_start", home_lines=("M1", "H2"))
    g.techs(tech(2, "S", "M1", "M1", "S"))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(C=4)
    s = g.build()
    assert track(s, CULTURE) == 7, why(s)
    g.tracks(C=10)
    s = g.build()
    assert track(s, CULTURE) == 12 and not s["over"], why(s)


def test_s1_computation_from_a_consumed_complete_hand_tech_draws_one_then_discards_one_table5_r10_r27():
    """S1 Computation (START, draw 1; discard 1) on a complete tech in hand: the tech is discarded for it (R10),
    then one card is drawn and one discarded (R27)."""
    g = Game(at="start_phase", home_lines=("H2",))
    t, *rest = g.hand(tech(2, "S", "S1", "H2", "M2"), *FILLER[:4])
    top = g.top_first(*FILLER[4:8])
    s = g.build()
    assert dk(s) == "START" and not ok(s, L.B_ADV, ADV["S1"]), why(s)
    do(s, L.B_HAND, hand(s).index(t))
    assert t in discard(s) and ok(s, L.B_ADV, ADV["S1"]), why(s)
    do(s, L.B_ADV, ADV["S1"])
    assert dk(s) == "DISCARD" and hand(s) == [*rest, top[0]], why(s)
    do(s, L.B_HAND, 0)
    assert hand(s) == [*rest[1:], top[0]] and rest[0] in discard(s), why(s)
    assert dk(s) == "ACTION", "the single granted instance is used up; only pass is left (R27)" + why(s)


def test_r1_infrastructure_two_copies_two_cubes_on_one_card_up_to_3_table5_r9():
    """R1 Infrastructure (START, reduce a track by 1; place 1 upkeep cube): each copy once, a card below 3 only."""
    g = Game(at="start_phase", home_lines=("R1", "H2"), home_upkeep=1)
    g.techs(tech(2, "S", "R1", "S", "S"))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(C=3)
    s = g.build()
    for expect in (2, 3):
        do(s, L.B_ADV, ADV["R1"])
        if dk(s) == "PAY_TRACK":
            do(s, L.B_TRACK, CULTURE)
        if dk(s) == "INFRA_TARGET":
            assert ok(s, L.B_TABLEAU, 0), why(s)
            do(s, L.B_TABLEAU, 0)
        assert int(s["c_upkeep"][g.home]) == expect, why(s)
    assert track(s, CULTURE) == 1
    assert dk(s) == "ACTION" or not ok(s, L.B_ADV, ADV["R1"]), "two copies: two uses per turn (R9)" + why(s)


def test_f1_exploration_ignores_ftl_and_does_not_trigger_a_wonder_table5_2_1():
    """F1 Exploration (START): 'does not count as an expand action, so it is unaffected by FTL and will not allow
    a wonder to be exploited' (2.1); EXPAND advancements (F2 Religion) do not apply either."""
    g = Game(at="start_phase", home_lines=("F1", "F6", "F2"))
    g.sector(34, 0, wonder="Culture", wonder_suit="S")
    g.hand("S5", *FILLER[:4])
    g.top_first(*FILLER[4:])
    g.tracks(X=2)
    s = g.build()
    do(s, L.B_ADV, ADV["F1"])
    if dk(s) == "PAY_TRACK":
        do(s, L.B_TRACK, XENO)
    if dk(s) == "EXPLORE_FROM":
        do(s, L.B_SECTOR, X[23])
    assert dk(s) == "EXPLORE_TO" and sectors_offered(s) == {22, 25, 31, 34}, "adjacent only, FTL ignored" + why(s)
    do(s, L.B_SECTOR, X[34])
    assert cubes(s, 34) == (1, 0) and cubes(s, 23) == (2, 0)
    assert dk(s) == "ACTION", "no wonder decision" + why(s)
    assert track(s, CULTURE) == 0 and track(s, XENO) == 1 and len(hand(s)) == 5


# ================================================================================ POWER
def test_s6_energy_copies_on_homeworld_tech_and_consumed_world_add_up_table5_r10():
    """S6 Energy (POWER, draw 1 card): homeworld + tableau tech + a consumed settled world = 3 extra cards."""
    g = Game(home_lines=("S6", "H2"))
    g.techs(tech(2, "S", "S6", "S", "M"))
    (w,) = g.worlds(world(4, "M", 23, "S6"))
    (pay,) = g.hand("S1")
    g.top_first(*FILLER[:8])
    s = g.build()
    act(s, POWER, pay)
    assert dk(s) == "BOOST", why(s)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert len(hand(s)) == 5 and worlds_of(s) == [] and w in discard(s), why(s)


def test_s5_industry_on_a_consumed_settled_world_discard_one_draw_two_table5_r10():
    """S5 Industry (POWER, discard 1 card; draw 2 cards) from a settled world, which is discarded for it."""
    g = Game(home_lines=("H2",))
    g.worlds(world(4, "M", 23, "S5"))
    pay, keep = g.hand("S1", "K3")
    g.top_first(*FILLER[:6])
    s = g.build()
    act(s, POWER, pay)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert dk(s) == "INDUSTRY" and len(hand(s)) == 3, why(s)
    do(s, L.B_HAND, hand(s).index(keep))
    assert len(hand(s)) == 4 and keep in discard(s) and dk(s) == "ACTION", why(s)


# ================================================================================ SETTLE
def test_m5_government_copies_on_homeworld_and_consumed_world_stack_and_k5_chemistry_does_not_apply_table5_r11():
    """M5 Government (SETTLE, add adv to world when settling): the homeworld's copy and a consumed settled world's
    copy give 2 extra advancements (2.2: 'If the player applies 2 government advancements he can add 2'); K5
    Chemistry is an ADVANCE advancement and offers no redraw for them; the world is placed before the draw (R13)."""
    g = Game(home_lines=("M5", "K5"))
    (used,) = g.worlds(world(4, "M", 25, "M5"))
    g.sector(25, 1, 0)
    pay, hw = g.hand("M1", world(3, "H", 23, "H2"))
    # Government 1: suit card, number card; Government 2: suit card, number card; then the settle's draw
    top = g.top_first("S2", "M3", "R4", "K5", "H6", *FILLER[5:8])
    s = g.build()
    act(s, SETTLE, pay)
    assert dk(s) == "BOOST", why(s)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    if dk(s) == "SETTLE_SOURCE":
        do(s, L.B_HAND, hand(s).index(hw))
    assert dk(s) == "CIRCLE", "the suit card is drawn, no Chemistry redraw; circling while none is circled" + why(s)
    do(s, L.B_SPECIAL, L.GENERATE)
    assert dk(s) == "CIRCLE", "second Government; no Chemistry on the number" + why(s)
    do(s, L.B_SPECIAL, L.GENERATE)
    assert written(s, hw) == ["H2", "S3", "R5"], why(s)
    assert worlds_of(s) == [hw] and used in discard(s)
    assert hand(s) == [top[4]], "the settle's card is drawn after both advancements (R13)"


def test_m6_society_on_a_consumed_settled_world_new_card_without_reveal_table5_r13():
    """M6 Society (SETTLE, may settle on a new world) from a settled world: worlds in hand in uncontrolled sectors
    do not block the new card; the hand is not revealed; a new card draws nothing (R13)."""
    g = Game(players=2, home_lines=("H2",))
    (soc,) = g.worlds(world(4, "M", 23, "M6"))
    pay, far = g.hand("M1", world(3, "H", 45, "H2"))
    g.top_first("S2", "M3", "R4", "K5", *FILLER[4:])  # new card: number, suit; advancement: suit, number
    s = g.build()
    act(s, SETTLE, pay)  # consuming the world is the only way on (R34): the engine takes it (R27)
    if dk(s) == "BOOST":
        assert not ok(s, L.B_SPECIAL, L.PASS), "without Society nothing can be settled" + why(s)
        do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    if dk(s) == "SETTLE_SOURCE":
        assert not ok(s, L.B_HAND, hand(s).index(far)), why(s)
        do(s, L.B_SPECIAL, L.NEW_WORLD)
    if dk(s) == "WORLD_SECTOR":
        do(s, L.B_SECTOR, X[23])
    (new,) = worlds_of(s)
    assert new != soc and soc in discard(s) and hand(s) == [far], why(s)
    assert (int(s["c_num"][new]), SUIT_LETTERS[int(s["c_suit"][new])]) == (2, "M")
    assert written(s, new) == ["R5"] and int(s["c_circled"][new]) == 0
    assert int(s["c_known"][far]) == 0, "Society: the hand is not revealed (2.2)"


def test_m2_r4_k3_settle_track_advancements_from_a_complete_hand_tech_table5_r10():
    """M2 Leisure C+2, R4 Medicine S+1, K3 Ecology X+1 on a complete tech in hand: it is discarded for them."""
    g = Game(home_lines=("M2",))
    pay, t, hw = g.hand("M1", tech(2, "S", "M2", "R4", "K3"), world(3, "H", 23, "H2"))
    g.top_first(*FILLER)
    s = g.build()
    act(s, SETTLE, pay)
    assert dk(s) == "BOOST", why(s)
    do(s, L.B_HAND, hand(s).index(t))
    if dk(s) == "SETTLE_SOURCE":
        do(s, L.B_HAND, hand(s).index(hw))
    assert (track(s, CULTURE), track(s, STABILITY), track(s, XENO)) == (4, 1, 1), why(s)
    assert t in discard(s) and worlds_of(s) == [hw]


# ================================================================================ ADVANCE
def test_conquest_free_advance_applies_s2_engineering_and_k6_physics_table5_r13_r14():
    """R13: the conquest's free ADVANCE is an action in every respect: S2 Engineering raises Might and K6 Physics
    lets a tech with one circled advancement take a second chosen one (R14)."""
    g = Game(home_lines=("S2", "K6", "H2"))
    (t,) = g.techs(tech(2, "S", {"suit": "S", "num": 1, "circled": True}, "M", "R"))
    g.sector(34, 2, 0)
    lw = g.put_line(world(3, "M", 34, "H3"))
    (pay,) = g.hand("M1")
    g.top_first(*FILLER)
    s = g.build()
    act(s, SETTLE, pay)
    if dk(s) == "SETTLE_SOURCE":
        do(s, L.B_LINE, 2)
    assert worlds_of(s) == [lw] and len(hand(s)) == 2, "free POWER drew 2" + why(s)
    assert dk(s) == "ADVANCE_TARGET", why(s)
    assert track(s, MIGHT) == 1, "Engineering applies to the free ADVANCE"
    do(s, L.B_TABLEAU, L.TECH_SLOT0)
    do(s, L.B_SUIT, SUIT_LETTERS.index("M"))
    assert dk(s) == "CIRCLE", "Physics: a second chosen advancement on the tech" + why(s)
    do(s, L.B_NUMBER, 5)
    assert written(s, t) == ["S1", "M6"] and int(s["c_circled"][t]) == 0b11, why(s)


def test_evoke_skull_advance_gets_no_advance_advancements_table5_2_2_r17():
    """2.2 EVOKE: 'There are no advancements that affect this action': the Table 4 skull advance gets no S2
    Engineering, M3 Philosophy, M4 Literature or K5 Chemistry redraw (only R35's free pick)."""
    g = Game(home_lines=("S2", "M3", "M4"))
    t, _ = g.techs(tech(2, "S", {"suit": "S", "num": 1, "circled": True}, "M", "M"), tech(3, "H", "K5", "K6", "H"))
    (cv,) = g.hand(civ("Might", "K", 23))
    g.top_first(*FILLER)
    s = g.build()
    act(s, EVOKE, cv)
    assert track(s, MIGHT) == 2, "Table 3 Might +2 only, no Engineering" + why(s)
    assert (track(s, CULTURE), track(s, XENO)) == (0, 0), "no Literature, no Philosophy"
    assert dk(s) == "ADVANCE_TARGET", why(s)
    do(s, L.B_TABLEAU, L.TECH_SLOT0)
    assert dk(s) == "CIRCLE", "R35 free pick" + why(s)
    do(s, L.B_SPECIAL, L.GENERATE)
    assert dk(s) == "ACTION", "no Chemistry redraw of the number" + why(s)
    assert written(s, t) == ["S1", "M2"], why(s)


# ================================================================================ GROW
def test_r6_genetics_and_r5_biology_from_consumed_sources_with_tableau_copies_table5_r10_r27():
    """R6 Genetics (GROW, add 2 extra cubes) on a consumed settled world; R5 Biology (GROW, 1 extra cube in a different
    hex) on the homeworld and on a complete hand tech: 2 Biology, 2 different other sectors, 1 cube each."""
    g = Game(home_lines=("R5", "H2"))
    (gw,) = g.worlds(world(4, "M", 34, "R6"))
    g.sector(34, 1, 0)
    g.sector(31, 4, 0)
    g.sector(22, 1, 0)
    pay, bt = g.hand("R1", tech(2, "S", "R5", "S1", "H3"))
    g.top_first(*FILLER)
    s = g.build()
    act(s, GROW, pay)
    assert dk(s) == "BOOST", why(s)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    do(s, L.B_HAND, hand(s).index(bt))
    assert gw in discard(s) and bt in discard(s) and track(s, STABILITY) == 1, "H3 Agriculture too" + why(s)
    if dk(s) == "BOOST":
        do(s, L.B_SPECIAL, L.PASS)
    do(s, L.B_SECTOR, X[23])
    assert cubes(s, 23) == (5, 0), "2 + 2 Genetics, up to 5" + why(s)
    assert dk(s) == "BIOLOGY" and sectors_offered(s) == {31, 34, 22}, why(s)
    do(s, L.B_SECTOR, X[31])
    assert dk(s) == "BIOLOGY" and sectors_offered(s) == {34, 22}, "a different sector each" + why(s)
    do(s, L.B_SECTOR, X[34])
    assert (cubes(s, 31), cubes(s, 34), cubes(s, 22)) == ((5, 0), (2, 0), (1, 0)) and dk(s) == "ACTION", why(s)


# ================================================================================ BATTLE
def test_h5_two_military_three_pairs_and_h6_defense_copies_spread_table5_r15_r32():
    """H5 Military (BATTLE, battle between another pair of hexes): 2 copies = 3 pairs; H6 Defense copies on the
    homeworld and a tech (2) are spread over the pairs, never beyond the rival cubes left (R15, R32)."""
    g = Game(home_lines=("H5", "H6", "H2"))
    g.techs(tech(2, "S", "H5", "H6", "S"))
    g.sector(23, 5, 0)
    g.sector(34, 3, "N")
    g.sector(31, 1, "N")
    g.sector(22, 2, "N")
    (pay,) = g.hand("H1")
    g.top_first(*FILLER)
    s = g.build()
    act(s, BATTLE, pay)
    assert track(s, CULTURE) == 2, "H2 Diplomacy"
    for dst, k, defense in ((34, 1, 2), (31, 1, None), (22, 1, None)):
        if dk(s) == "BATTLE_FROM":
            do(s, L.B_SECTOR, X[23])
        if dk(s) == "BATTLE_TO":  # the last pair has a single target: the engine takes it (R27)
            do(s, L.B_SECTOR, X[dst])
        if dk(s) == "BATTLE_COUNT":
            do(s, L.B_COUNT, k)
        if defense is not None:
            assert dk(s) == "BATTLE_DEFENSE" and ok(s, L.B_COUNT, 2), why(s)
            do(s, L.B_COUNT, defense)
    assert cubes(s, 34) == (0, -1) and cubes(s, 31) == (0, -1), why(s)
    assert cubes(s, 22) == (1, 3), "no Defense left for the third pair" + why(s)
    assert cubes(s, 23) == (2, 0) and dk(s) == "ACTION", "3 pairs, 1 cube each" + why(s)


def test_s4_r3_h2_battle_track_advancements_from_a_consumed_world_without_rivals_table5_r15():
    """S4 Weapons M+1, R3 Machinery S+1, H2 Diplomacy C+2 on a settled world consumed for a BATTLE with no rival
    adjacent: they apply, and the player raises a track of his choice by 1 (R15)."""
    g = Game(home_lines=("M2",))
    (w,) = g.worlds(world(4, "M", 23, "S4", "R3", "H2"))
    (pay,) = g.hand("H1")
    g.top_first(*FILLER)
    s = g.build()
    act(s, BATTLE, pay)
    do(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert dk(s) == "TRACK_GAIN", why(s)
    do(s, L.B_TRACK, XENO)
    assert (track(s, CULTURE), track(s, MIGHT), track(s, STABILITY), track(s, XENO)) == (2, 1, 1, 1), why(s)
    assert w in discard(s) and worlds_of(s) == []


# ================================================================================ EXPAND
def test_f6_two_ftl_reach_three_steps_table5_r16():
    """F6 FTL (EXPAND, move an extra hex): one on the homeworld and one on a tech: reach 1 + 2 = 3 (R16)."""
    g = Game(home_lines=("F6", "H2"))
    g.techs(tech(2, "S", "F6", "S", "S"))
    (pay,) = g.hand("F2")
    g.top_first(*FILLER)
    s = g.build()
    act(s, EXPAND, pay)
    if dk(s) == "EXPAND_FROM":
        do(s, L.B_SECTOR, X[23])
    assert dk(s) == "EXPAND_TO", why(s)
    want = {int(SECTOR_IDS[y]) for y in range(1, 37) if 0 < DIST[X[23], y] <= 3}
    assert sectors_offered(s) == want and any(DIST[X[23], X[n]] == 3 for n in want), why(s)


def test_f5_two_spacecraft_two_more_destinations_in_ftl_range_table5_r16():
    """F5 Spacecraft (EXPAND, move a cube to another hex): 2 copies move 1 cube each to 2 more, different
    destinations from the same source, within the FTL range (R16); S3 Communication M+1 applies too."""
    g = Game(home_lines=("F5", "F6", "S3"))
    g.techs(tech(2, "S", "F5", "S", "S"))
    g.sector(23, 5, 0)
    (pay,) = g.hand("F2")
    g.top_first(*FILLER)
    s = g.build()
    act(s, EXPAND, pay)
    assert track(s, MIGHT) == 1
    if dk(s) == "EXPAND_FROM":
        do(s, L.B_SECTOR, X[23])
    do(s, L.B_SECTOR, X[34])
    do(s, L.B_COUNT, 2)
    assert dk(s) == "SPACECRAFT" and 34 not in sectors_offered(s) and 35 in sectors_offered(s), why(s)
    do(s, L.B_SECTOR, X[35])
    assert dk(s) == "SPACECRAFT" and not {34, 35} & sectors_offered(s), why(s)
    do(s, L.B_SECTOR, X[22])
    assert (cubes(s, 23), cubes(s, 34), cubes(s, 35), cubes(s, 22)) == ((1, 0), (2, 0), (1, 0), (1, 0)), why(s)
    assert dk(s) == "ACTION", why(s)


# ================================================================================ review 3 findings, fixed
def _sixteen_complete_techs(g: Game) -> None:
    """16 complete techs (R41's cap) whose advancements play no part in ADVANCE, SETTLE or POWER."""
    g.techs(*[tech(1 + i % 6, "S", "S1", "R1", "H1") for i in range(16)])


def _every_legal_choice_goes_on(s: np.ndarray) -> None:
    """Each legal choice of the pending decision must lead to a next decision (never an engine error)."""
    for a in engine.legal_actions(s):
        t = s.copy()
        label = action_to_string(t, int(a))
        try:
            engine.apply_action(t, int(a))
        except RuntimeError as e:  # pragma: no cover - the bug
            raise AssertionError(f"legal choice {label!r} at {decision_to_string(s)} -> {e}") from e
        assert t["over"] or int(t["dk"]) != 0, label


def test_k5_chemistry_world_that_is_the_last_advance_target_is_not_consumed_table5_r10_r34_r41_r44():
    """Table 5 K5 Chemistry (ADVANCE) on a settled world that is also the only card ADVANCE can still take
    (homeworld complete, 16 complete techs so no deck option, R41). Consuming it (R10) would leave ADVANCE nothing
    to write on, so BOOST does not offer it (R34, R44); every choice offered goes on to a decision."""
    g = Game(home_lines=("H2", "H3", "H4"))
    _sixteen_complete_techs(g)
    g.worlds(world(3, "M", 23, "K5"))
    (pay,) = g.hand("K1")
    g.top_first(*FILLER)
    s = g.build()
    act(s, ADVANCE, pay)
    # the only consumable card is the last target: no BOOST; ADVANCE goes on to write on that world
    assert dk(s) != "BOOST" and int(s["worlds_n"][0]) == 1, why(s)
    _every_legal_choice_goes_on(s)


def test_k5_chemistry_on_a_conquered_last_target_is_not_consumed_in_the_free_advance_table5_r13_r34_r44():
    """The same through R13's conquest: the conquered line world (K5 Chemistry, 1 advancement) is the only card
    the free ADVANCE can take; its BOOST does not offer to consume it (R34, R44)."""
    g = Game(home_lines=("H2", "H3", "H4"))
    _sixteen_complete_techs(g)
    g.sector(34, 2, 0)
    g.put_line(world(3, "M", 34, "K5"))
    (pay,) = g.hand("M1")
    g.top_first(*FILLER)
    s = g.build()
    act(s, SETTLE, pay)
    if dk(s) == "SETTLE_SOURCE":
        do(s, L.B_LINE, 2)
    assert int(s["worlds_n"][0]) == 1, why(s)  # conquered
    # the free ADVANCE: its only target is that world, so it is not offered for consumption (no BOOST)
    assert dk(s) != "BOOST", why(s)
    _every_legal_choice_goes_on(s)


def test_h1_economy_granted_by_a_consumed_world_survives_a_new_homeworld_table5_r9_r10_r22_r45():
    """Table 5 H1 Economy (START): 2 instances, one on the homeworld, one on a settled world consumed in the start
    phase (R10). The player uses Economy once, then F1 Exploration vacates the homeworld sector and the other
    settled world becomes the homeworld (R22). One instance is still unused (R9: each instance once per turn):
    Economy is still offered (R45: the use counted against the lost homeworld leaves with it)."""
    g = Game(at="start_phase", home_lines=("H1", "F1"))
    g.sector(23, 1, 0)
    g.sector(35, 1, 0)
    g.worlds(world(3, "M", 35, "M2"), world(4, "S", 23, "H1"))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(C=3, X=3)
    s = g.build()
    do(s, L.B_TABLEAU, L.WORLD_SLOT0 + 1)  # consume the Economy world: one more Economy this turn
    do(s, L.B_ADV, ADV["H1"])  # first Economy
    if dk(s) == "PAY_TRACK":
        do(s, L.B_TRACK, CULTURE)
    assert ok(s, L.B_ADV, ADV["H1"]), "one Economy left" + why(s)
    do(s, L.B_ADV, ADV["F1"])
    if dk(s) == "PAY_TRACK":
        do(s, L.B_TRACK, XENO)
    if dk(s) == "EXPLORE_FROM":
        do(s, L.B_SECTOR, X[23])
    do(s, L.B_SECTOR, X[22])  # the homeworld sector is vacated; world 35 becomes the homeworld (single choice)
    assert int(s["home"][0]) == 1, why(s)
    assert dk(s) == "START" and ok(s, L.B_ADV, ADV["H1"]), "the granted Economy is still unused (R9)" + why(s)
    do(s, L.B_ADV, ADV["H1"])  # the second Economy
    if dk(s) == "PAY_TRACK":
        do(s, L.B_TRACK, CULTURE)
    assert not ok(s, L.B_ADV, ADV["H1"]), "both instances used" + why(s)


def test_h1_economy_on_the_new_homeworld_is_an_unused_instance_table5_r9_r22_r45():
    """R45: Economy used from the homeworld, then F1 Exploration vacates its sector and a settled world carrying
    H1 becomes the homeworld: that is another instance, not used this turn, so Economy is offered once more."""
    g = Game(at="start_phase", home_lines=("H1", "F1"))
    g.sector(23, 1, 0)
    g.sector(35, 1, 0)
    g.worlds(world(3, "M", 35, "H1"))
    g.hand(*FILLER[:5])
    g.top_first(*FILLER[5:])
    g.tracks(C=3, X=3)
    s = g.build()
    do(s, L.B_ADV, ADV["H1"])  # Economy from the homeworld
    if dk(s) == "PAY_TRACK":
        do(s, L.B_TRACK, CULTURE)
    assert not ok(s, L.B_ADV, ADV["H1"]), why(s)
    do(s, L.B_ADV, ADV["F1"])
    if dk(s) == "PAY_TRACK":
        do(s, L.B_TRACK, XENO)
    if dk(s) == "EXPLORE_FROM":
        do(s, L.B_SECTOR, X[23])
    do(s, L.B_SECTOR, X[22])  # the homeworld sector is vacated; world 35 becomes the homeworld
    assert int(s["home"][0]) == 1, why(s)
    assert dk(s) == "START" and ok(s, L.B_ADV, ADV["H1"]), "the new homeworld's Economy is unused" + why(s)
