"""Scenario tests: ADVANCE (2.2 action 4, 1.4, R14, R41), EVOKE (2.2 action 8, R17, R35, Tables 3 and 4) and
winning (section 3, R23, R26, R30).

Every test builds an exact position by hand (``docs/position_format.md``), applies decisions and checks the outcome.
Random values are controlled by stacking the deck: a random suit is the next card's suit, a random number the next
card's number (1.3, R6). ``deck(...)`` below takes the cards in the order they are drawn (top first).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support.scenario_pos import (
    COMPLETE,
    Pos,
    S,
    X,
    apply,
    civ,
    deck,
    dname,
    legal,
    line,
    lines,
    tech,
    why,
    world,
)
from support.views import cubes, hand, pile, techs, worlds

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model.constants import (
    ACTION_NAMES,
    MAX_TECHS,
    TECH,
    V_CULTURE,
    V_MIGHT,
    V_POPULATION,
    V_STABILITY,
    V_TERRITORY,
    V_XENO,
    WORLD,
)

ADVANCE = ACTION_NAMES.index("ADVANCE")
EVOKE = ACTION_NAMES.index("EVOKE")
CIV_TYPE = 3  # card type code of a civilization (state.c_type)
VICTORY_NAMES = ("Territory", "Population", "Culture", "Might", "Stability", "Xeno")
HOME = 23  # the homeworld's sector in most scenarios; its neighbours are 22, 31, 34, 25


# ---------------------------------------------------------------------------------------------- helpers
def act(block: int, index: int) -> int:
    return L.encode(block, index)


def home(lines_: list[Any], sector: int = HOME, num: int = 1, suit: str = "K") -> dict[str, Any]:
    return {"num": num, "suit": suit, "type": "world", "sector": sector, "lines": lines_}


def solo_advance(home_lines: list[Any], *, draws: tuple[Any, ...] = ("M1", "R2", "H3", "F4", "S5"),
                 tech_cards: tuple[Any, ...] = (), world_cards: tuple[Any, ...] = (), tracks: Any = None,
                 hand_cards: tuple[Any, ...] = ("K6",)) -> tuple[Pos, dict[str, Any]]:
    """Solo, player 0 in his action phase: homeworld (card 0) in sector 23 (3 cubes); hand ``hand_cards`` (a skull
    card pays ADVANCE); tableau ``tech_cards`` and ``world_cards``; the deck draws ``draws`` in order. Returns the
    builder and the ids: home, techs, worlds, hand, draws."""
    p = Pos()
    ids: dict[str, Any] = {"home": p.add(home(home_lines))}
    ids["techs"] = [p.add(c) for c in tech_cards]
    ids["worlds"] = [p.add(c) for c in world_cards]
    ids["hand"] = [p.add(c) for c in hand_cards]
    ids["draws"] = [p.add(c) for c in draws]
    p.deck = deck(*ids["draws"])
    p.sector(HOME, 3, 0)
    for c in world_cards:
        if str(c["sector"]) not in p.map:
            p.sector(c["sector"], 1, 0)
    p.player(0, homeworld=ids["home"], techs=ids["techs"], worlds=ids["worlds"], hand=ids["hand"],
             tracks=tracks or {})
    return p, ids


def start_advance(s: np.ndarray) -> None:
    """Choose ADVANCE (paid by the only skull card, R27) up to the ADVANCE_TARGET decision."""
    apply(s, L.B_ACTION, ADVANCE)
    assert dname(s) == "ADVANCE_TARGET", why(s)


# ================================================================================ ADVANCE (2.2 action 4, R14)
def test_advance_world_generates_suit_then_number_2_2_R14() -> None:
    """A world (here the homeworld) gets a generated suit (first card) then a generated number (second card);
    with a circled advancement already on it there is no circling choice."""
    p, ids = solo_advance([{"suit": "K", "num": 1, "circled": True}], draws=("H2", "S4", "M1"))
    s = p.build()
    start_advance(s)
    assert legal(s) == {("tableau", 0), ("special", L.DECK)}
    apply(s, L.B_TABLEAU, 0)
    h2, s4, m1 = ids["draws"]
    assert lines(s, ids["home"]) == ["K1*", "H4", "-"], why(s)
    assert pile(s, "discard")[-2:] == [h2, s4] and pile(s, "deck") == [m1]
    assert dname(s) == "ACTION" and int(s["n_acts"]) == 1


def test_advance_world_circling_draws_the_suit_but_no_number_card_R14() -> None:
    """No circled advancement yet: after the suit card the player may choose the advancement (circle it); a
    chosen advancement draws no number card, a world still draws its suit card."""
    p, ids = solo_advance(["K1"], draws=("H2", "S4", "M1"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, 0)
    assert dname(s) == "CIRCLE" and int(s["ctx"][1]) == S("H"), why(s)
    assert legal(s) == {("number", i) for i in range(6)} | {("special", L.GENERATE)}
    apply(s, L.B_NUMBER, 5)  # H6
    assert lines(s, ids["home"]) == ["K1", "H6*", "-"]
    h2, s4, m1 = ids["draws"]
    assert pile(s, "deck") == [m1, s4] and pile(s, "discard")[-1] == h2  # the number card was not drawn


def test_advance_world_circling_declined_generates_the_number_R14() -> None:
    p, ids = solo_advance(["K1"], draws=("H2", "S4", "M1"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, 0)
    apply(s, L.B_SPECIAL, L.GENERATE)
    assert lines(s, ids["home"]) == ["K1", "H4", "-"]


def test_advance_settled_world_with_circled_advancement_has_no_circling_R14() -> None:
    w = world(25, [{"suit": "R", "num": 2, "circled": True}])
    p, ids = solo_advance(["K1"], world_cards=(w,), draws=("F3", "M5", "S1"))
    s = p.build()
    start_advance(s)
    assert ("tableau", L.WORLD_SLOT0) in legal(s)
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert lines(s, ids["worlds"][0]) == ["R2*", "F5", "-"], why(s)
    assert dname(s) == "ACTION"


def test_advance_tech_chooses_an_empty_line_by_suit_and_draws_only_the_number_R14() -> None:
    """A tech: choose an empty line by its suit, generate its number (no suit card); with a circled advancement
    on the tech and no Physics there is no circling."""
    t = tech([{"suit": "R", "num": 1, "circled": True}, "F", "K"])
    p, ids = solo_advance(["K1"], tech_cards=(t,), draws=("H2", "S4"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, L.TECH_SLOT0)
    assert dname(s) == "TECH_LINE" and legal(s) == {("suit", S("F")), ("suit", S("K"))}, why(s)
    apply(s, L.B_SUIT, S("K"))
    assert lines(s, ids["techs"][0]) == ["R1*", "F", "K2"], why(s)  # number of the first card, H2
    assert pile(s, "deck") == [ids["draws"][1]]


def test_advance_tech_without_circled_advancement_may_circle_and_draws_nothing_R14() -> None:
    t = tech(["R1", "F", "K"])
    p, ids = solo_advance(["K1"], tech_cards=(t,), draws=("H2", "S4"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, L.TECH_SLOT0)
    apply(s, L.B_SUIT, S("F"))
    assert dname(s) == "CIRCLE" and int(s["ctx"][1]) == S("F"), why(s)
    apply(s, L.B_NUMBER, 2)  # F3
    assert lines(s, ids["techs"][0]) == ["R1", "F3*", "K"]
    assert pile(s, "deck") == deck(*ids["draws"])  # a chosen tech advancement draws no card


@pytest.mark.parametrize("physics,circled,offered", [(0, 1, False), (1, 1, True), (1, 2, False), (2, 2, True)])
def test_physics_allows_1_plus_P_chosen_advancements_on_a_tech_R14(physics: int, circled: int,
                                                                  offered: bool) -> None:
    """Physics (K6): a tech may carry at most 1 + P chosen advancements."""
    home_lines = ["K6"] * physics + ["R1"] * (2 - physics)
    first = [{"suit": "R", "num": 1, "circled": True}, {"suit": "M", "num": 2, "circled": circled == 2}]
    t = tech(first + ["F"])
    p, ids = solo_advance(home_lines, tech_cards=(t,), draws=("H2", "S4"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, L.TECH_SLOT0)  # the only empty line (F) is chosen at once (R27)
    if offered:
        assert dname(s) == "CIRCLE", why(s)
        apply(s, L.B_NUMBER, 4)
        assert line(s, ids["techs"][0], 2) == "F5*"
    else:
        assert dname(s) == "ACTION", why(s)
        assert line(s, ids["techs"][0], 2) == "F2"


def test_physics_never_applies_to_worlds_R14() -> None:
    """Physics on the homeworld does not allow a second chosen advancement on a world."""
    w = world(25, [{"suit": "R", "num": 2, "circled": True}])
    p, ids = solo_advance(["K6", "K6"], world_cards=(w,), draws=("F3", "M5"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, L.WORLD_SLOT0)
    assert dname(s) == "ACTION", why(s)
    assert lines(s, ids["worlds"][0]) == ["R2*", "F5", "-"]


def test_chemistry_redraws_the_suit_card_then_no_more_redraw_R14() -> None:
    """One Chemistry (K5): one redraw of a suit or number card after seeing it; used on the suit, the number is
    kept without a question."""
    p, ids = solo_advance([{"suit": "K", "num": 5, "circled": True}], draws=("H2", "S4", "M6", "R1"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, 0)
    assert dname(s) == "CHEM" and int(s["ctx"][1]) == S("H"), why(s)  # the suit drawn: H
    assert legal(s) == {("special", L.KEEP), ("special", L.REDRAW)}
    apply(s, L.B_SPECIAL, L.REDRAW)  # the next card, S4, gives the suit; M6 the number
    assert dname(s) == "ACTION", why(s)
    assert lines(s, ids["home"]) == ["K5*", "S6", "-"]
    assert pile(s, "deck") == [ids["draws"][3]]


def test_chemistry_kept_suit_allows_a_number_redraw_R14() -> None:
    p, ids = solo_advance([{"suit": "K", "num": 5, "circled": True}], draws=("H2", "S4", "M6", "R1"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, 0)
    apply(s, L.B_SPECIAL, L.KEEP)
    assert dname(s) == "CHEM" and int(s["ctx"][0]) == 1 and int(s["ctx"][1]) == 4, why(s)  # the number: 4
    apply(s, L.B_SPECIAL, L.REDRAW)
    assert lines(s, ids["home"]) == ["K5*", "H6", "-"]


def test_two_chemistry_allow_two_redraws_R14() -> None:
    p, ids = solo_advance([{"suit": "K", "num": 5, "circled": True}, "K5"], draws=("H2", "S4", "M6", "R1", "F3"))
    s = p.build()
    start_advance(s)
    apply(s, L.B_TABLEAU, 0)
    apply(s, L.B_SPECIAL, L.REDRAW)  # suit S (from S4)
    assert dname(s) == "CHEM", why(s)
    apply(s, L.B_SPECIAL, L.REDRAW)  # suit M (from M6)
    assert dname(s) == "ACTION", why(s)  # both Chemistry used: the number R1 is kept
    assert line(s, ids["home"], 2) == "M1"


def test_chemistry_redraws_a_suit_of_a_tech_made_from_the_deck_R14() -> None:
    """Chemistry also applies to the suits drawn for a new tech, each redraw before the next card."""
    p, ids = solo_advance([{"suit": "K", "num": 5, "circled": True}], draws=("F5", "H1", "M2", "R3", "S4", "K6"))
    s = p.build()
    blank = ids["draws"][0]
    start_advance(s)
    apply(s, L.B_SPECIAL, L.DECK)
    assert dname(s) == "CHEM" and int(s["ctx"][1]) == S("H") and lines(s, blank) == ["-", "-", "-"], why(s)
    apply(s, L.B_SPECIAL, L.REDRAW)  # M2 replaces H1; R3 and S4 follow without a question
    assert lines(s, blank) == ["M", "R", "S"] and dname(s) == "TECH_LINE", why(s)


def test_advance_from_deck_incomplete_tech_joins_the_tableau_and_fills_one_line_R14() -> None:
    t = tech(["R1", "F", "K"])
    p, ids = solo_advance(["K1"], draws=(), hand_cards=("K6",))
    tid = p.add(t)
    n3 = p.add("H3")
    p.deck = deck(tid, n3)
    s = p.build()
    start_advance(s)
    apply(s, L.B_SPECIAL, L.DECK)
    assert techs(s) == [tid] and dname(s) == "TECH_LINE", why(s)
    apply(s, L.B_SUIT, S("F"))
    apply(s, L.B_SPECIAL, L.GENERATE)  # no circled advancement on it: circling was offered
    assert lines(s, tid) == ["R1", "F3", "K"]
    assert int(s["c_era"][tid]) == 1  # an existing tech keeps its era


def test_advance_from_deck_blank_keeps_its_corner_and_draws_3_suits_top_to_bottom_R14() -> None:
    """A blank keeps its corner and becomes a tech of this era; its 3 suits are drawn top to bottom, then the
    chosen line's number (order of draws: corner, suits, number)."""
    p, ids = solo_advance(["K1"], draws=("F5", "H1", "M2", "R3", "S4", "K6"))
    s = p.build()
    blank, c1, c2, c3, num, rest = ids["draws"]
    start_advance(s)
    apply(s, L.B_SPECIAL, L.DECK)
    assert techs(s) == [blank] and int(s["c_type"][blank]) == TECH and int(s["c_era"][blank]) == 2
    assert (int(s["c_num"][blank]), int(s["c_suit"][blank])) == (5, S("F"))
    assert lines(s, blank) == ["H", "M", "R"], why(s)
    assert dname(s) == "TECH_LINE"
    apply(s, L.B_SUIT, S("M"))
    assert dname(s) == "CIRCLE"
    apply(s, L.B_SPECIAL, L.GENERATE)
    assert lines(s, blank) == ["H", "M4", "R"]
    assert pile(s, "deck") == [rest] and pile(s, "discard")[-4:] == [c1, c2, c3, num]


@pytest.mark.parametrize("kind", ["world", "complete tech", "civilization"])
def test_advance_from_deck_other_card_is_discarded_and_a_new_card_made_R14_R6(kind: str) -> None:
    """A world, civilization or complete tech is discarded; a new card (number of one discard, suit of the next)
    becomes the tech."""
    p, ids = solo_advance(["K1"], draws=())
    top = p.add({"world": world(44, ["R1"]), "complete tech": tech(["R1", "R2", "R3"], name=5),
                 "civilization": civ("Culture", "S", 44)}[kind])
    cards = [p.add(c) for c in ("H6", "M2", "R3", "S4", "K5", "F1", "H2")]
    p.deck = deck(top, *cards)
    s = p.build()
    n_before = int(s["n_cards"])
    start_advance(s)
    apply(s, L.B_SPECIAL, L.DECK)
    new = n_before
    assert int(s["n_cards"]) == n_before + 1 and techs(s) == [new], why(s)
    assert (int(s["c_num"][new]), int(s["c_suit"][new])) == (6, S("M"))  # number of H6, suit of M2
    assert lines(s, new) == ["R", "S", "K"] and int(s["c_era"][new]) == 2
    apply(s, L.B_SUIT, S("S"))
    apply(s, L.B_SPECIAL, L.GENERATE)
    assert lines(s, new) == ["R", "S1", "K"]  # F1 gives the number
    assert pile(s, "deck") == [cards[-1]]
    assert pile(s, "discard") == [ids["hand"][0], top, *cards[:-1]]  # paying card, the drawn card, corner ...


def test_advance_from_deck_when_cards_run_out_uses_the_generator_R7() -> None:
    """Deck and discard pile empty: the paying card is reshuffled in and drawn (a blank: it becomes the tech);
    its suits and the number then come from the generator, no card being left (R7)."""
    p, ids = solo_advance(["K1"], draws=())
    s = p.build()
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0
    n_before = int(s["n_cards"])
    start_advance(s)
    apply(s, L.B_SPECIAL, L.DECK)
    paid = ids["hand"][0]
    assert techs(s) == [paid] and int(s["c_type"][paid]) == TECH and int(s["n_cards"]) == n_before, why(s)
    assert all(x != "-" for x in lines(s, paid))
    while dname(s) != "ACTION":
        apply(s, *L.block_of(int(engine.legal_actions(s)[0])))
    assert sum(len(x.rstrip("*")) == 2 for x in lines(s, paid)) == 1, why(s)
    assert int(s["deck_n"]) == 0 and int(s["discard_n"]) == 0


def test_a_card_with_3_advancements_cannot_be_advanced_R14() -> None:
    t_full = tech(["R1", "F2", "K3"], name=3)
    w_full = world(25, ["R1", "F2", "K3"])
    t_open = tech(["R1", "F", "K"])
    p, ids = solo_advance(["K1", "K2", "K3"], tech_cards=(t_full, t_open), world_cards=(w_full,))
    s = p.build()
    start_advance(s)
    assert legal(s) == {("tableau", L.TECH_SLOT0 + 1), ("special", L.DECK)}, why(s)


def test_engineering_philosophy_literature_raise_tracks_on_advance_table5() -> None:
    """Engineering (S2) M+1, Philosophy (M3) X+1, Literature (M4) C+2 when ADVANCE is taken."""
    p, ids = solo_advance(["S2", "M3", "M4"], tech_cards=(tech(["M4", "F", "K"]),), draws=("H2", "S4"),
                          tracks={"C": 1, "M": 0, "S": 0, "X": -1})
    s = p.build()
    start_advance(s)
    assert [int(v) for v in s["tracks"][0]] == [1 + 4, 1, 0, 0], why(s)  # two Literature


def test_completing_a_tech_names_it_1_4() -> None:
    t = tech([{"suit": "R", "num": 1, "circled": True}, "F2", "K"])
    p, ids = solo_advance(["K1"], tech_cards=(t,), draws=("H2",))
    s = p.build()
    assert int(s["c_name"][ids["techs"][0]]) < 0
    start_advance(s)
    apply(s, L.B_TABLEAU, L.TECH_SLOT0)
    assert lines(s, ids["techs"][0]) == ["R1*", "F2", "K2"]
    assert int(s["c_name"][ids["techs"][0]]) >= 0


def test_sixteen_techs_leave_no_deck_option_R41() -> None:
    full = tuple(tech(["R1", "F2", "K3"], name=i) for i in range(MAX_TECHS - 1)) + (tech(["R1", "F", "K"]),)
    p, ids = solo_advance(["K1"], tech_cards=full)
    s = p.build()
    start_advance(s)
    assert legal(s) == {("tableau", 0), ("tableau", L.TECH_SLOT0 + MAX_TECHS - 1)}, why(s)


# ================================================================================ EVOKE (R17, Tables 3 and 4)
def solo_evoke(victory: str, suit: str | None, *, civ_sector: int = HOME, extra_map: dict[int, tuple[int, Any]]
               | None = None, draws: tuple[Any, ...] = ("M1", "R2", "H3", "F4", "S5", "K6"),
               home_lines: list[Any] | None = None, tech_cards: tuple[Any, ...] = (),
               tracks: Any = None) -> tuple[Pos, dict[str, Any]]:
    """Solo: homeworld in 23 with 3 cubes, hand: a civilization card (Table 3 ``victory``, Table 4 ``suit``) of
    sector ``civ_sector`` and an S card."""
    p = Pos()
    ids: dict[str, Any] = {"home": p.add(home(home_lines or ["K1"]))}
    ids["techs"] = [p.add(c) for c in tech_cards]
    ids["civ"] = p.add(civ(victory, suit, civ_sector))
    ids["other"] = p.add("S3")
    ids["draws"] = [p.add(c) for c in draws]
    p.deck = deck(*ids["draws"])
    p.sector(HOME, 3, 0)
    for x, (n, owner) in (extra_map or {}).items():
        p.sector(x, n, owner)
    p.player(0, homeworld=ids["home"], techs=ids["techs"], hand=[ids["civ"], ids["other"]], tracks=tracks or {})
    return p, ids


def evoke(s: np.ndarray) -> None:
    apply(s, L.B_ACTION, EVOKE)


def test_evoke_needs_control_of_the_civilization_sector_R17() -> None:
    p, _ = solo_evoke("Culture", None, civ_sector=44)
    s = p.build()
    assert ("action", EVOKE) not in legal(s), why(s)
    p, _ = solo_evoke("Culture", None, civ_sector=44, extra_map={44: (1, 0)})
    assert ("action", EVOKE) in legal(p.build())


def test_evoke_discards_the_card_and_counts_as_one_action_R12_R17() -> None:
    p, ids = solo_evoke("Culture", None)
    s = p.build()
    evoke(s)
    assert hand(s) == [ids["other"]] and pile(s, "discard")[-1] == ids["civ"], why(s)
    assert dname(s) == "ACTION" and int(s["n_acts"]) == 1
    assert ("action", EVOKE) not in legal(s)  # two different actions


def test_evoke_territory_puts_one_cube_into_an_empty_adjacent_sector_table3() -> None:
    # 23's neighbours: 22, 31, 34, 25; 22 held by a rival, 31 empty, 34 empty, 25 own
    p, _ = solo_evoke("Territory", None, extra_map={22: (2, "N"), 25: (1, 0)})
    s = p.build()
    evoke(s)
    assert dname(s) == "EVOKE_EMPTY", why(s)
    # empty sectors adjacent to 23 or 25 (25's neighbours: 24, 23, 26, 35, 34?)
    options = {i for b, i in legal(s)}
    assert X(31) in options and X(34) in options and X(22) not in options and X(25) not in options
    assert all(int(s["cubes"][x]) == 0 for x in options)
    apply(s, L.B_SECTOR, X(31))
    assert cubes(s, 31) == (1, 0) and dname(s) == "ACTION"


def test_evoke_population_puts_4_cubes_into_one_controlled_sector_up_to_5_table3_R27() -> None:
    p, _ = solo_evoke("Population", None, extra_map={25: (5, 0), 31: (1, 0)})
    s = p.build()
    evoke(s)
    assert dname(s) == "EVOKE_OWN" and legal(s) == {("sector", X(23)), ("sector", X(31))}, why(s)
    apply(s, L.B_SECTOR, X(23))
    assert cubes(s, 23) == (5, 0)  # 3 + 4 stops at 5


@pytest.mark.parametrize("victory,track,gain", [("Culture", 0, 3), ("Might", 1, 2), ("Stability", 2, 2),
                                                ("Xeno", 3, 2)])
def test_evoke_track_effects_table3(victory: str, track: int, gain: int) -> None:
    p, _ = solo_evoke(victory, None, tracks={"C": 1, "M": -1, "S": 0, "X": 2})
    s = p.build()
    before = [int(v) for v in s["tracks"][0]]
    evoke(s)
    after = [int(v) for v in s["tracks"][0]]
    assert after[track] == before[track] + gain and sum(after) == sum(before) + gain, why(s)
    assert dname(s) == "ACTION"


def test_evoke_no_table4_effect_minus_1() -> None:
    p, ids = solo_evoke("Culture", None)
    s = p.build()
    evoke(s)
    assert hand(s) == [ids["other"]] and pile(s, "deck") == deck(*ids["draws"]) and worlds(s) == []


def test_evoke_sun_draws_3_table4() -> None:
    p, ids = solo_evoke("Culture", "S")
    s = p.build()
    evoke(s)
    assert hand(s) == [ids["other"]] + ids["draws"][:3], why(s)


def test_evoke_moon_settles_a_new_card_world_with_one_random_advancement_no_draw_table4() -> None:
    p, ids = solo_evoke("Culture", "M", extra_map={25: (1, 0)}, home_lines=["R6"])  # Government (R5) absent
    s = p.build()
    n_before = int(s["n_cards"])
    evoke(s)
    assert dname(s) == "WORLD_SECTOR" and legal(s) == {("sector", X(23)), ("sector", X(25))}, why(s)
    apply(s, L.B_SECTOR, X(25))
    new = n_before
    # new card: number of M1, suit of R2; the advancement: suit of H3, number of F4 (not circled)
    assert worlds(s) == [new] and int(s["c_type"][new]) == WORLD and int(s["c_sector"][new]) == X(25)
    assert (int(s["c_num"][new]), int(s["c_suit"][new])) == (1, S("R"))
    assert lines(s, new) == ["H4", "-", "-"], why(s)
    assert hand(s) == [ids["other"]]  # no draw
    assert pile(s, "deck") == deck(*ids["draws"][4:])


def test_evoke_moon_with_16_settled_worlds_has_no_effect_R41() -> None:
    p, ids = solo_evoke("Culture", "M")
    full = [p.add(world(23, ["R1"])) for _ in range(16)]
    p.player(0, worlds=full)
    s = p.build()
    n_before = int(s["n_cards"])
    evoke(s)
    assert dname(s) == "ACTION" and worlds(s) == full and int(s["n_cards"]) == n_before, why(s)


def test_evoke_territory_without_an_empty_adjacent_sector_has_no_effect_table3() -> None:
    p, ids = solo_evoke("Territory", None, extra_map={22: (1, "N"), 31: (1, "N"), 34: (1, "N"), 25: (1, "N")})
    s = p.build()
    evoke(s)
    assert dname(s) == "ACTION" and cubes(s, 23) == (3, 0) and int(s["n_acts"]) == 1, why(s)


def test_evoke_moon_gets_no_settle_advancements_R17() -> None:
    """Government (M5) on the homeworld adds no advancement to the EVOKE world."""
    p, ids = solo_evoke("Culture", "M", home_lines=[{"suit": "M", "num": 5}])
    s = p.build()
    n_before = int(s["n_cards"])
    evoke(s)  # one controlled sector: the world goes to 23 at once
    assert lines(s, n_before) == ["H4", "-", "-"], why(s)


def test_evoke_heart_places_3_cubes_each_into_a_controlled_sector_up_to_5_table4() -> None:
    p, _ = solo_evoke("Culture", "R", extra_map={25: (4, 0)})
    s = p.build()
    evoke(s)
    assert dname(s) == "EVOKE_OWN", why(s)
    apply(s, L.B_SECTOR, X(25))
    # 25 is full: the two other cubes go to 23, the only sector with room (R27), which stops at 5
    assert cubes(s, 25) == (5, 0) and cubes(s, 23) == (5, 0), why(s)
    assert dname(s) == "ACTION", why(s)


def test_evoke_skull_free_pick_on_a_tableau_tech_ignores_the_circling_limit_R35() -> None:
    t = tech([{"suit": "R", "num": 1, "circled": True}, "F", "K"])
    p, ids = solo_evoke("Culture", "K", tech_cards=(t,))
    s = p.build()
    evoke(s)
    assert dname(s) == "ADVANCE_TARGET" and legal(s) == {("tableau", L.TECH_SLOT0), ("special", L.DECK)}, why(s)
    apply(s, L.B_TABLEAU, L.TECH_SLOT0)
    apply(s, L.B_SUIT, S("K"))
    assert dname(s) == "CIRCLE", why(s)  # the free pick, though the tech has a circled advancement
    apply(s, L.B_NUMBER, 5)
    assert lines(s, ids["techs"][0]) == ["R1*", "F", "K6*"]
    assert pile(s, "deck") == deck(*ids["draws"])


def test_evoke_skull_does_not_advance_worlds_R17() -> None:
    p, ids = solo_evoke("Culture", "K", home_lines=["K1"])
    s = p.build()
    evoke(s)
    # no tech in the tableau: only the deck (a world is never a target of the skull)
    assert int(s["n_acts"]) == 1 and techs(s) != [] and lines(s, ids["home"])[1:] == ["-", "-"], why(s)


def test_evoke_skull_from_deck_picks_one_suit_then_usual_circling_R35() -> None:
    p, ids = solo_evoke("Culture", "K", draws=("F5", "H1", "M2", "S4", "K6"))
    s = p.build()
    blank = ids["draws"][0]
    evoke(s)  # no tableau tech: the deck is the only target (R27)
    assert dname(s) == "PICK_LINE_SUIT", why(s)
    apply(s, L.B_SUIT, S("K"))  # the first line chosen: K
    assert lines(s, blank) == ["K", "H", "M"], why(s)  # the other two drawn (H1, M2): no more picking
    apply(s, L.B_SUIT, S("H"))
    assert dname(s) == "CIRCLE", why(s)  # no circled advancement yet: the usual circling applies
    apply(s, L.B_SPECIAL, L.GENERATE)
    assert lines(s, blank) == ["K", "H4", "M"]


def test_evoke_skull_free_pick_unused_on_suits_may_choose_the_advancement_R35() -> None:
    t = tech([{"suit": "R", "num": 1, "circled": True}, "F", "K"])
    p, ids = solo_evoke("Culture", "K", tech_cards=(t,), draws=("F5", "H1", "M2", "S4", "K6"))
    s = p.build()
    blank = ids["draws"][0]
    evoke(s)
    apply(s, L.B_SPECIAL, L.DECK)
    for _ in range(3):
        assert dname(s) == "PICK_LINE_SUIT", why(s)
        apply(s, L.B_SPECIAL, L.GENERATE)
    assert lines(s, blank) == ["H", "M", "S"]
    apply(s, L.B_SUIT, S("M"))
    assert dname(s) == "CIRCLE"
    apply(s, L.B_NUMBER, 0)
    assert lines(s, blank) == ["H", "M1*", "S"]


def test_evoke_skull_without_any_tech_to_advance_has_no_effect_R14_R41() -> None:
    """16 complete techs: no tableau tech can take an advancement and the deck is closed (R41); the skull does
    nothing (it used to ask a decision with no legal choice)."""
    full = tuple(tech(["R1", "F2", "K3"], name=i) for i in range(MAX_TECHS))
    p, ids = solo_evoke("Culture", "K", tech_cards=full, home_lines=["K1", "K2", "K3"])
    s = p.build()
    evoke(s)
    assert dname(s) == "ACTION" and int(s["n_acts"]) == 1 and pile(s, "deck") == deck(*ids["draws"]), why(s)
    assert int(s["tracks"][0][0]) == 3


def test_evoke_heart_each_cube_is_placed_separately_table4() -> None:
    p, _ = solo_evoke("Culture", "R", extra_map={25: (1, 0), 31: (2, 0)})
    s = p.build()
    evoke(s)
    for x in (25, 31, 25):
        assert dname(s) == "EVOKE_OWN" and legal(s) == {("sector", X(y)) for y in (23, 25, 31)}, why(s)
        apply(s, L.B_SECTOR, X(x))
    assert dname(s) == "ACTION" and [cubes(s, x)[0] for x in (23, 25, 31)] == [3, 3, 3], why(s)


def test_evoke_foot_needs_a_source_with_3_cubes_table4() -> None:
    """Each of two destinations gets at least 1 and at least 1 stays: 2 cubes are not enough, no effect."""
    p, ids = solo_evoke("Culture", "F", extra_map={25: (2, 0)})
    p.map["23"]["cubes"] = 2
    s = p.build()
    evoke(s)
    assert dname(s) == "ACTION" and cubes(s, 23) == (2, 0) and cubes(s, 25) == (2, 0), why(s)


def test_evoke_hand_raises_a_track_and_removes_an_adjacent_rival_cube_table4() -> None:
    p, _ = solo_evoke("Culture", "H", extra_map={22: (2, "N"), 34: (3, "N")})
    s = p.build()
    evoke(s)
    assert dname(s) == "TRACK_GAIN", why(s)
    apply(s, L.B_TRACK, 2)
    assert [int(v) for v in s["tracks"][0]] == [3, 0, 1, 0]
    assert dname(s) == "EVOKE_RIVAL" and legal(s) == {("sector", X(22)), ("sector", X(34))}, why(s)
    apply(s, L.B_SECTOR, X(34))
    assert cubes(s, 34)[0] == 2 and cubes(s, 22)[0] == 2 and dname(s) == "ACTION", why(s)


def test_evoke_hand_without_adjacent_rival_only_raises_the_track_table4() -> None:
    p, _ = solo_evoke("Culture", "H", extra_map={44: (2, "N")})
    s = p.build()
    evoke(s)
    apply(s, L.B_TRACK, 3)
    assert dname(s) == "ACTION" and cubes(s, 44)[0] == 2 and int(s["tracks"][0][3]) == 1, why(s)


def test_evoke_foot_moves_cubes_into_two_different_adjacent_sectors_table4() -> None:
    """From 23 (5 cubes): into two different adjacent sectors, each empty or own, each at least 1, at least 1
    left behind, up to 5."""
    p, _ = solo_evoke("Culture", "F", extra_map={22: (2, "N"), 25: (4, 0)})
    p.map["23"]["cubes"] = 5
    s = p.build()
    evoke(s)
    assert dname(s) == "FOOT_FROM" and ("sector", X(23)) in legal(s), why(s)
    assert all(int(s["cubes"][x]) >= 3 and int(s["owner"][x]) == 0 for _, x in legal(s))
    apply(s, L.B_SECTOR, X(23))
    assert dname(s) == "FOOT_TO" and legal(s) == {("sector", X(31)), ("sector", X(34)), ("sector", X(25))}, why(s)
    apply(s, L.B_SECTOR, X(34))
    # 5 in 23: at least 1 left and 1 for the second destination: 1..3
    assert dname(s) == "FOOT_COUNT" and legal(s) == {("count", k) for k in (1, 2, 3)}, why(s)
    apply(s, L.B_COUNT, 2)
    assert ("sector", X(34)) not in legal(s) and ("sector", X(25)) in legal(s), why(s)
    apply(s, L.B_SECTOR, X(25))
    assert dname(s) == "ACTION", why(s)  # 25 has room for 1 only: the count 1 is taken (R27)
    assert cubes(s, 23) == (2, 0) and cubes(s, 34) == (2, 0) and cubes(s, 25) == (5, 0), why(s)
    assert cubes(s, 22)[0] == 2  # a rival sector is no destination


# ================================================================================ winning (section 3, R23)


def winner_pos(players: int = 1, *, home_lines: list[Any] | None = None, tracks: Any = None,
               tech_lines: tuple[list[Any], ...] = COMPLETE, current: int = 0,
               winner_seat: int = 0) -> tuple[Pos, dict[str, Any]]:
    """Player ``winner_seat`` has homeworld R1 K1 R2 in sector 33 (4 cubes) and the techs ``tech_lines``; others
    have a bare homeworld (player 1 in sector 61, the other in 62, 3 cubes)."""
    p = Pos(players=players, era=3, current=current)
    ids: dict[str, Any] = {"home": p.add(world(33, home_lines or ["R1", "K1", "R2"], num=3, suit="R"))}
    ids["techs"] = [p.add(tech(t, name=10 + i)) for i, t in enumerate(tech_lines)]
    ids["deck"] = [p.add(c) for c in ("S2", "M2", "R3", "K4", "H5", "F6", "S1", "M3")]
    p.deck = deck(*ids["deck"])
    p.sector(33, 4, winner_seat)
    p.player(winner_seat, homeworld=ids["home"], techs=ids["techs"], tracks=tracks or {})
    for q in range(players):
        if q != winner_seat:
            hw = p.add(world(61 if q == 1 else 62, ["H1"], num=5, suit="H"))
            p.sector(61 if q == 1 else 62, 3, q)
            p.player(q, homeworld=hw)
    return p, ids


@pytest.mark.parametrize("victory,tracks", [("Culture", {"C": 12}), ("Might", {"M": 6}),
                                            ("Stability", {"S": 6}), ("Xeno", {"X": 6})])
def test_track_victories_section3(victory: str, tracks: dict[str, int]) -> None:
    p, _ = winner_pos(tracks=tracks)
    s = p.build()
    assert int(s["winner"]) == 0 and int(s["victory"]) == VICTORY_NAMES.index(victory), why(s)


def test_one_short_on_each_track_is_no_victory_section3() -> None:
    p, _ = winner_pos(tracks={"C": 11, "M": 5, "S": 5, "X": 5})
    s = p.build()
    assert dname(s) == "ACTION" and int(s["winner"]) < 0, why(s)


def _spread(p: Pos, n_sectors: int, per: int, owner: int = 0) -> None:
    """Own ``n_sectors`` sectors besides 33 (``per`` cubes each), far from the black hole."""
    free = [x for x in (11, 12, 13, 14, 15, 16, 21, 22, 23, 24, 25, 26, 51, 52, 53, 54, 55, 56) if str(x) not in p.map]
    for x in free[:n_sectors]:
        p.sector(x, per, owner)


@pytest.mark.parametrize("n,wins", [(10, False), (11, True)])
def test_territory_victory_needs_at_least_12_sectors_section3_R23(n: int, wins: bool) -> None:
    p, _ = winner_pos()
    _spread(p, n, 1)
    s = p.build()
    assert (int(s["winner"]) == 0) == wins, why(s)
    if wins:
        assert int(s["victory"]) == V_TERRITORY


def test_population_victory_counts_map_cubes_not_upkeep_R23() -> None:
    p, ids = winner_pos()
    _spread(p, 4, 5)  # 4 + 20 = 24 cubes on the map
    p.cards[ids["home"]]["upkeep"] = 3
    s = p.build()
    assert int(s["winner"]) < 0 and dname(s) == "ACTION", why(s)
    p.map["33"]["cubes"] = 5  # 25 cubes
    s = p.build()
    assert int(s["winner"]) == 0 and int(s["victory"]) == V_POPULATION, why(s)


def test_no_victory_without_homeworld_and_3_complete_techs_section3() -> None:
    p, _ = winner_pos(home_lines=["R1", "K1"], tracks={"C": 12})
    assert int(p.build()["winner"]) < 0
    p, _ = winner_pos(tech_lines=(COMPLETE[0], COMPLETE[1], ["K5", "S1", "M"]), tracks={"C": 12})
    assert int(p.build()["winner"]) < 0
    p, ids = winner_pos(tracks={"C": 12})
    p.players[0]["hand"] = [p.players[0]["techs"].pop()]  # a complete tech in hand does not count
    assert int(p.build()["winner"]) < 0


def _wonders(p: Pos, sectors: list[int]) -> None:
    for i, x in enumerate(sectors):
        entry = p.map.get(str(x), {})
        entry.update({"wonder": VICTORY_NAMES[i % 6], "wonder_suit": "F"})
        p.map[str(x)] = entry


def test_solo_needs_settled_worlds_in_min_wonders_4_sectors_outside_home_R23() -> None:
    p, ids = winner_pos(tracks={"C": 12})
    _wonders(p, [11, 12])
    w1 = p.add(world(25, ["R1"]))
    w2 = p.add(world(25, ["R2"]))  # same sector: counts once
    w3 = p.add(world(33, ["R3"]))  # the homeworld's sector: does not count
    p.sector(25, 1, 0)
    p.player(0, worlds=[w1, w2, w3])
    assert int(p.build()["winner"]) < 0
    w4 = p.add(world(26, ["R4"]))
    p.sector(26, 1, 0)
    p.player(0, worlds=[w1, w2, w3, w4])
    s = p.build()
    assert int(s["winner"]) == 0, why(s)


def test_solo_wonder_requirement_is_capped_at_4_R23() -> None:
    p, ids = winner_pos(tracks={"C": 12})
    _wonders(p, [11, 12, 13, 14, 15])
    ws = []
    for x in (21, 22, 24, 25):
        ws.append(p.add(world(x, ["R1"])))
        p.sector(x, 1, 0)
    p.player(0, worlds=ws)
    assert int(p.build()["winner"]) == 0


def test_multiplayer_ignores_the_solo_worlds_condition_R23() -> None:
    p, _ = winner_pos(players=2, tracks={"C": 12})
    _wonders(p, [11, 12])
    assert int(p.build()["winner"]) == 0


def test_a_player_wins_on_another_players_turn_R23_R30() -> None:
    """Player 1 meets the conditions while player 0 acts: he wins at the first step, +1 in ``returns``."""
    p, _ = winner_pos(players=2, tracks={"M": 6}, current=0, winner_seat=1)
    s = p.build()
    assert int(s["winner"]) == 1 and int(s["cur"]) == 0, why(s)
    while not engine.is_terminal(s):
        apply(s, *L.block_of(int(engine.legal_actions(s)[0])))
    assert list(engine.returns(s)) == [-1.0, 1.0]


def test_a_rival_cube_given_by_R20_wins_the_game_for_the_other_player_R23_R30() -> None:
    """Player 0 fails a challenge in his challenge phase (row S4: Might -3, 1 random rival cube); the sector drawn
    (44) is player 1's, so it gets 1 cube of his colour (R20): his 25th cube on the map; he wins at once, on
    player 0's turn."""
    p, ids = winner_pos(players=2, current=0, winner_seat=1)
    p.at = "challenge"
    p.map["33"]["cubes"] = 5
    for x, n in ((11, 5), (12, 5), (13, 5), (44, 4)):
        p.sector(x, n, 1)
    fail_num, line_num, d1, d2 = (p.add(c) for c in ("M4", "H1", "F4", "K4"))
    p.deck = deck(fail_num, line_num, d1, d2, *ids["deck"])
    p.challenges = [{"suit": "S"}]  # a challenge of suit sun; player 0 has no card to meet it: it fails
    s = p.build()
    assert int(s["winner"]) == 1 and int(s["cur"]) == 0, why(s)
    assert int(s["victory"]) == V_POPULATION and cubes(s, 44) == (5, 1)
    assert int(s["tracks"][0][1]) == -3  # the failure's Might loss came first
    assert dname(s) == "CIV_SUIT" and int(s["dplayer"]) == 1


def test_victory_by_a_cube_gained_in_play_R23() -> None:
    """A player one sector short of 12 who takes EVOKE Territory wins at once, before the action phase goes on."""
    p, ids = winner_pos(tracks={})
    _spread(p, 10, 1)
    cv = p.add(civ("Territory", None, 33))
    p.player(0, hand=[cv])
    s = p.build()
    assert int(s["winner"]) < 0
    evoke(s)
    assert dname(s) == "EVOKE_EMPTY", why(s)
    apply(s, L.B_SECTOR, X(44))
    assert int(s["winner"]) == 0 and int(s["victory"]) == V_TERRITORY, why(s)


def test_two_players_qualifying_together_the_current_player_wins_R30() -> None:
    p, ids = winner_pos(players=2, tracks={"C": 12}, current=1)
    other_home = p.players[1]["homeworld"]
    p.cards[other_home]["lines"] = ["R1", "K1", "R2"]
    t = [p.add(tech(x, name=20 + i)) for i, x in enumerate(COMPLETE)]
    p.player(1, techs=t, tracks={"C": 12})
    s = p.build()
    assert int(s["winner"]) == 1, why(s)


def test_two_other_players_qualifying_together_seat_order_decides_R30() -> None:
    """Three players, player 0 to play: players 1 and 2 both qualify; the first in seat order after the current
    player (1) wins."""
    p, ids = winner_pos(players=3, tracks={"C": 12}, current=0, winner_seat=2)
    home1 = p.players[1]["homeworld"]
    p.cards[home1]["lines"] = ["R1", "K1", "R2"]
    t = [p.add(tech(x, name=20 + i)) for i, x in enumerate(COMPLETE)]
    p.player(1, techs=t, tracks={"X": 6})
    s = p.build()
    assert int(s["winner"]) == 1 and int(s["victory"]) == V_XENO, why(s)


# ---------------------------------------------------------------------------------------------- R26 choices
def test_victory_type_is_asked_only_when_several_hold_R26() -> None:
    p, _ = winner_pos(tracks={"C": 12, "X": 6})
    s = p.build()
    assert dname(s) == "VICTORY" and legal(s) == {("victory", V_CULTURE), ("victory", V_XENO)}, why(s)
    apply(s, L.B_VICTORY, V_XENO)
    assert int(s["victory"]) == V_XENO and dname(s) == "CIV_SUIT"
    p, _ = winner_pos(tracks={"S": 6})
    s = p.build()
    assert dname(s) == "CIV_SUIT" and int(s["victory"]) == V_STABILITY


def test_civ_suit_offers_suits_with_2_advancements_on_homeworld_and_complete_techs_R26() -> None:
    # homeworld R1 K1 R2; techs (R3 R4 K2) (K3 K4 R5) (K5 S1 M1) and an incomplete one (S2 S3 -): S counts 1
    p, ids = winner_pos(tracks={"M": 6})
    extra = p.add(tech(["S2", "S3", "F"]))
    p.players[0]["techs"].append(extra)
    s = p.build()
    assert dname(s) == "CIV_SUIT" and legal(s) == {("suit", S("R")), ("suit", S("K"))}, why(s)


def test_civ_suit_counts_every_advancement_of_homeworld_and_complete_techs_R26() -> None:
    """Section 3: the Table 4 suit needs 2+ advancements of it across homeworld and complete techs. (With 12
    advancements over 6 suits some suit always qualifies, so "none qualifies" cannot happen at a victory.)"""
    p, ids = winner_pos(home_lines=["S1", "M1", "R1"], tech_lines=(["K1", "H1", "F1"], ["S2", "M2", "R2"],
                                                                  ["K2", "H2", "F2"]), tracks={"M": 6})
    s = p.build()
    # S M R K H F each 2 times: every suit qualifies
    assert dname(s) == "CIV_SUIT" and len(legal(s)) == 6
    p, ids = winner_pos(home_lines=["S1", "M1", "R1"], tech_lines=(["K1", "H1", "F1"], ["S2", "M2", "R2"],
                                                                  ["K2", "H2", "F2"]), tracks={"M": 6})
    # techs 2 and 3 now carry K H F too: S, M, R appear once each (on the homeworld)
    p.cards[ids["techs"][1]]["lines"] = ["K3", "H3", "F3"]
    p.cards[ids["techs"][2]]["lines"] = ["K4", "H4", "F4"]
    s = p.build()
    # S, M, R: 1 each; K, H, F: 3 each -> CIV_SUIT among K H F
    assert legal(s) == {("suit", S("K")), ("suit", S("H")), ("suit", S("F"))}, why(s)


def finish_victory(s: np.ndarray, suit4: str, wonder: str | None) -> None:
    if dname(s) == "CIV_SUIT":
        apply(s, L.B_SUIT, S(suit4))
    if wonder is not None:
        assert dname(s) == "WONDER_SUIT", why(s)
        apply(s, L.B_SUIT, S(wonder))
    assert engine.is_terminal(s), why(s)


def test_winner_creates_the_civilization_card_and_wonder_R26() -> None:
    """5+ advancements of a suit and no wonder in the homeworld's sector: a wonder with the victory's letter; the
    unnamed homeworld sector is named; the civilization card: Table 3 = victory, Table 4 = the chosen suit,
    history = homeworld then complete techs, sector = homeworld's, era = this era; +1 for the winner."""
    p, ids = winner_pos(players=2, tracks={"M": 6})
    s = p.build()
    assert int(s["sector_name"][X(33)]) < 0
    n_before = int(s["n_cards"])
    # R: R1 R2 R3 R4 R5 = 5; K: K1 K2 K3 K4 K5 = 5
    apply(s, L.B_SUIT, S("R"))
    assert dname(s) == "WONDER_SUIT" and legal(s) == {("suit", S("R")), ("suit", S("K"))}, why(s)
    apply(s, L.B_SUIT, S("K"))
    assert engine.is_terminal(s)
    assert int(s["wonder"][X(33)]) == V_MIGHT and int(s["wonder_suit"][X(33)]) == S("K")
    assert int(s["sector_name"][X(33)]) >= 0
    c = n_before
    assert int(s["n_cards"]) == n_before + 1 and int(s["c_type"][c]) == CIV_TYPE
    assert int(s["c_civ3"][c]) == V_MIGHT and int(s["c_civ4"][c]) == S("R")
    assert int(s["c_sector"][c]) == X(33) and int(s["c_era"][c]) == 3
    assert [int(v) for v in s["c_hist"][c] if v >= 0] == [ids["home"], *ids["techs"]]
    assert pile(s, "discard")[-1] == c
    assert list(engine.returns(s)) == [1.0, -1.0]


def test_a_named_sector_keeps_its_name_R26() -> None:
    p, _ = winner_pos(tracks={"M": 6})
    p.map["33"]["name"] = 4242
    s = p.build()
    finish_victory(s, "R", "R")
    assert int(s["sector_name"][X(33)]) == 4242


def test_no_wonder_when_the_homeworld_sector_already_has_one_R26() -> None:
    p, _ = winner_pos(players=2, tracks={"M": 6})
    p.map["33"].update({"wonder": "Culture", "wonder_suit": "S"})
    s = p.build()
    apply(s, L.B_SUIT, S("R"))
    assert engine.is_terminal(s), why(s)
    assert int(s["wonder"][X(33)]) == V_CULTURE and int(s["wonder_suit"][X(33)]) == S("S")


def test_one_wonder_per_victory_suit_pair_on_the_map_R26() -> None:
    p, _ = winner_pos(players=2, tracks={"M": 6})
    p.sector(44, 0, None, wonder="Might", wonder_suit="R")
    s = p.build()
    apply(s, L.B_SUIT, S("R"))
    # Might/R is on the map: K is the only suit left, taken at once (R27)
    assert engine.is_terminal(s) and int(s["wonder"][X(33)]) == V_MIGHT, why(s)
    assert int(s["wonder_suit"][X(33)]) == S("K")
    p, _ = winner_pos(players=2, tracks={"M": 6})
    p.sector(44, 0, None, wonder="Might", wonder_suit="R")
    p.sector(45, 0, None, wonder="Might", wonder_suit="K")
    s = p.build()
    apply(s, L.B_SUIT, S("R"))
    assert engine.is_terminal(s) and int(s["wonder"][X(33)]) < 0, why(s)


def test_no_wonder_below_5_of_a_suit_R26() -> None:
    p, _ = winner_pos(tech_lines=(["R3", "S4", "K2"], ["K3", "M4", "R5"], ["H5", "S1", "M1"]), tracks={"M": 6})
    s = p.build()  # R: 4, K: 3
    apply(s, L.B_SUIT, S("R"))
    assert engine.is_terminal(s) and int(s["wonder"][X(33)]) < 0, why(s)
