"""Adding advancements: generating one (suit, number, circling, Chemistry), making a tech, and the ADVANCE
action (2.2 ADVANCE, 1.4, R14; EVOKE skull R17)."""

from __future__ import annotations

from .._jit import njit
from ..legality.marks import mark_legal
from ..legality.queries import slot_card
from ..model.constants import ADVANCE_MODE_FREE, ADVANCE_MODE_SKULL, BLANK, CHEMISTRY, MAX_TECHS, N_LINES, PHYSICS, TECH
from ..model.events import DISCARD_FROM_DECK, EV_ADVANCEMENT, log
from ..model.layout import (
    B_NUMBER,
    B_SPECIAL,
    B_SUIT,
    B_TABLEAU,
    CHEM_NUMBER,
    CHEM_SUIT,
    D_ADVANCE_TARGET,
    D_CHEM,
    D_CIRCLE,
    D_PICK_LINE_SUIT,
    D_TECH_LINE,
    DECK,
    GENERATE,
    KEEP,
    PASS,
    REDRAW,
    TECH_SLOT0,
    WORLD_SLOT0,
)
from .board import add_tech
from .cards import (
    generate_card,
    n_circled,
    n_written,
    random_number,
    random_suit,
    take_top,
    to_discard,
    write_advancement,
)
from .frames import F_CHEM, F_CIRCLE, F_FREEPICK, P_GEN_ADV, P_MAKE_TECH, RET, ask, call, goto

# P_GEN_ADV stages and registers: the card, the line (-1: the next line of a world, its suit generated), flags
# (F_CIRCLE, F_CHEM, F_FREEPICK), the player, the suit, the number
(GEN_SUIT, GEN_CHEM_SUIT, GEN_CIRCLE, GEN_CIRCLED, GEN_NUMBER, GEN_CHEM_NUMBER, GEN_SUIT_REDRAW,
 GEN_NUMBER_REDRAW) = range(8)
R_GEN_CARD, R_GEN_LINE, R_GEN_FLAGS, R_GEN_PLAYER, R_GEN_SUIT, R_GEN_NUMBER = range(6)


@njit
def _chem_left(s, flags):
    return (flags & F_CHEM) != 0 and s["cnt"][CHEMISTRY] > 0


@njit
def _finish(s, r, circled):
    c, k = r[R_GEN_CARD], r[R_GEN_LINE]
    write_advancement(s, c, k, r[R_GEN_SUIT], r[R_GEN_NUMBER], circled)
    log(s, EV_ADVANCEMENT, r[R_GEN_PLAYER], c, 6 * r[R_GEN_SUIT] + r[R_GEN_NUMBER] - 1)
    return RET


@njit
def proc_gen_adv(s, fi):
    """One advancement on card r0: a world draws its suit then its number, a tech line has its suit (R14)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    if st == GEN_SUIT:
        if r[R_GEN_LINE] < 0:
            r[R_GEN_LINE] = n_written(s, r[R_GEN_CARD])
            r[R_GEN_SUIT] = random_suit(s)
            return goto(s, fi, GEN_CHEM_SUIT)
        r[R_GEN_SUIT] = s["c_slot_suit"][r[R_GEN_CARD], r[R_GEN_LINE]]
        return goto(s, fi, GEN_CIRCLE)
    if st == GEN_CHEM_SUIT:  # Chemistry may redraw the suit card, after seeing it
        if _chem_left(s, r[R_GEN_FLAGS]):
            return ask(s, fi, GEN_SUIT_REDRAW, D_CHEM, r[R_GEN_PLAYER], CHEM_SUIT, r[R_GEN_SUIT])
        return goto(s, fi, GEN_CIRCLE)
    if st == GEN_SUIT_REDRAW:
        if s["ans_kind"] == B_SPECIAL and s["ans"] == REDRAW:
            s["cnt"][CHEMISTRY] -= 1
            r[R_GEN_SUIT] = random_suit(s)
            return goto(s, fi, GEN_CHEM_SUIT)
        return goto(s, fi, GEN_CIRCLE)
    if st == GEN_CIRCLE:
        if r[R_GEN_FLAGS] & (F_CIRCLE | F_FREEPICK):
            return ask(s, fi, GEN_CIRCLED, D_CIRCLE, r[R_GEN_PLAYER], r[R_GEN_CARD], r[R_GEN_SUIT])
        return goto(s, fi, GEN_NUMBER)
    if st == GEN_CIRCLED:
        if s["ans_kind"] == B_NUMBER:
            r[R_GEN_NUMBER] = s["ans"] + 1
            return _finish(s, r, True)
        return goto(s, fi, GEN_NUMBER)
    if st == GEN_NUMBER:
        r[R_GEN_NUMBER] = random_number(s)
        return goto(s, fi, GEN_CHEM_NUMBER)
    if st == GEN_CHEM_NUMBER:
        if _chem_left(s, r[R_GEN_FLAGS]):
            return ask(s, fi, GEN_NUMBER_REDRAW, D_CHEM, r[R_GEN_PLAYER], CHEM_NUMBER, r[R_GEN_NUMBER])
        return _finish(s, r, False)
    # GEN_NUMBER_REDRAW: the number's Chemistry answer
    if s["ans_kind"] == B_SPECIAL and s["ans"] == REDRAW:
        s["cnt"][CHEMISTRY] -= 1
        r[R_GEN_NUMBER] = random_number(s)
        return goto(s, fi, GEN_CHEM_NUMBER)
    return _finish(s, r, False)


# P_MAKE_TECH stages and registers: the card, flags, the line being drawn, the player, the suit. EVOKE skull's
# free pick is kept by the calling P_ADVANCE frame (fi - 1): free_pick_left, use_free_pick.
(MAKE_TECH_BEGIN, MAKE_TECH_NEXT_LINE, MAKE_TECH_PICKED, MAKE_TECH_DRAW_SUIT, MAKE_TECH_CHEM,
 MAKE_TECH_REDRAW) = range(6)
R_MAKE_TECH_CARD, R_MAKE_TECH_FLAGS, R_MAKE_TECH_LINE, R_MAKE_TECH_PLAYER, R_MAKE_TECH_SUIT = range(5)


@njit
def proc_make_tech(s, fi):
    """Card r0 becomes a tech of this era with 3 suits drawn top to bottom (1.4, R14)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    c = r[R_MAKE_TECH_CARD]
    if st == MAKE_TECH_BEGIN:
        s["c_type"][c] = TECH
        s["c_era"][c] = s["era"]
        s["c_sector"][c] = -1
        return goto(s, fi, MAKE_TECH_NEXT_LINE)
    if st == MAKE_TECH_NEXT_LINE:
        if r[R_MAKE_TECH_LINE] == N_LINES:
            return RET
        if free_pick_left(s, fi - 1):
            return ask(s, fi, MAKE_TECH_PICKED, D_PICK_LINE_SUIT, r[R_MAKE_TECH_PLAYER], c, r[R_MAKE_TECH_LINE])
        return goto(s, fi, MAKE_TECH_DRAW_SUIT)
    if st == MAKE_TECH_PICKED:
        if s["ans_kind"] == B_SUIT:
            use_free_pick(s, fi - 1)
            return _set_line_suit(s, fi, r, s["ans"])
        return goto(s, fi, MAKE_TECH_DRAW_SUIT)
    if st == MAKE_TECH_DRAW_SUIT:
        r[R_MAKE_TECH_SUIT] = random_suit(s)
        return goto(s, fi, MAKE_TECH_CHEM)
    if st == MAKE_TECH_CHEM:
        if _chem_left(s, r[R_MAKE_TECH_FLAGS]):
            return ask(s, fi, MAKE_TECH_REDRAW, D_CHEM, r[R_MAKE_TECH_PLAYER], CHEM_SUIT, r[R_MAKE_TECH_SUIT])
        return _set_line_suit(s, fi, r, r[R_MAKE_TECH_SUIT])
    # MAKE_TECH_REDRAW
    if s["ans_kind"] == B_SPECIAL and s["ans"] == REDRAW:
        s["cnt"][CHEMISTRY] -= 1
        r[R_MAKE_TECH_SUIT] = random_suit(s)
        return goto(s, fi, MAKE_TECH_CHEM)
    return _set_line_suit(s, fi, r, r[R_MAKE_TECH_SUIT])


@njit
def _set_line_suit(s, fi, r, suit):
    s["c_slot_suit"][r[R_MAKE_TECH_CARD], r[R_MAKE_TECH_LINE]] = suit
    r[R_MAKE_TECH_LINE] += 1
    return goto(s, fi, MAKE_TECH_NEXT_LINE)


# P_ADVANCE stages and registers: the player, the mode (ADVANCE_MODE_ACTION, ADVANCE_MODE_SKULL EVOKE skull,
# ADVANCE_MODE_FREE the conquest's free ADVANCE: the action, which may be declined), the card, the free pick (skull:
# 1 while unused)
ADVANCE_ASK, ADVANCE_TARGET, ADVANCE_ASK_LINE, ADVANCE_LINE, ADVANCE_DONE = 0, 1, 3, 4, 9
R_ADVANCE_PLAYER, R_ADVANCE_MODE, R_ADVANCE_CARD, R_ADVANCE_FREE_PICK = 0, 1, 2, 9


@njit
def free_pick_left(s, fa):
    """EVOKE skull's free pick (R17) of the P_ADVANCE frame fa is not used yet."""
    return s["f_reg"][fa, R_ADVANCE_FREE_PICK] == 1


@njit
def use_free_pick(s, fa):
    s["f_reg"][fa, R_ADVANCE_FREE_PICK] = 0


@njit
def proc_advance(s, fi):
    """ADVANCE: a card of the tableau gets an advancement, or a card from the deck becomes/extends a tech."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_ADVANCE_PLAYER]
    skull = r[R_ADVANCE_MODE] == ADVANCE_MODE_SKULL
    flags = 0 if skull else F_CHEM
    if st == ADVANCE_ASK:
        r[R_ADVANCE_FREE_PICK] = 1 if skull else 0
        return ask(s, fi, ADVANCE_TARGET, D_ADVANCE_TARGET, p, r[R_ADVANCE_MODE], 0)
    if st == ADVANCE_TARGET:
        if s["ans_kind"] == B_SPECIAL and s["ans"] == PASS:
            return RET  # the conquest's free ADVANCE declined (R47)
        if s["ans_kind"] == B_SPECIAL and s["ans"] == DECK:
            return _from_deck(s, fi, r, p, flags)
        c = slot_card(s, p, s["ans"])
        r[R_ADVANCE_CARD] = c
        if s["c_type"][c] == TECH:
            return goto(s, fi, ADVANCE_ASK_LINE)
        circle = F_CIRCLE if n_circled(s, c) == 0 else 0
        return call(s, fi, ADVANCE_DONE, P_GEN_ADV, c, -1, flags | circle, p)
    if st == ADVANCE_ASK_LINE:
        return ask(s, fi, ADVANCE_LINE, D_TECH_LINE, p, r[R_ADVANCE_CARD], 0)
    if st == ADVANCE_LINE:
        c = r[R_ADVANCE_CARD]
        line = 0
        for k in range(N_LINES):
            if s["c_slot_num"][c, k] == 0 and s["c_slot_suit"][c, k] == s["ans"]:
                line = k
                break
        if not skull:
            circle = F_CIRCLE if n_circled(s, c) < 1 + s["cnt"][PHYSICS] else 0  # Physics, R14
        elif r[R_ADVANCE_FREE_PICK] == 1:
            circle = F_FREEPICK  # EVOKE skull: the free pick, without the circling limit (R17)
        else:
            circle = F_CIRCLE if n_circled(s, c) == 0 else 0
        return call(s, fi, ADVANCE_DONE, P_GEN_ADV, c, line, flags | circle, p)
    return RET


@njit
def _from_deck(s, fi, r, p, flags):
    """Draw the top card: an incomplete tech joins the tableau; a blank becomes a tech; anything else is
    discarded and a new card is generated to become a tech (R14). No card at all: a new card (R7)."""
    c = take_top(s)
    if c >= 0 and s["c_type"][c] == TECH and n_written(s, c) < N_LINES:
        add_tech(s, p, c)
        r[R_ADVANCE_CARD] = c
        return goto(s, fi, ADVANCE_ASK_LINE)
    if c < 0 or s["c_type"][c] != BLANK:
        if c >= 0:
            to_discard(s, c, DISCARD_FROM_DECK)
        c = generate_card(s, BLANK)
    add_tech(s, p, c)
    r[R_ADVANCE_CARD] = c
    return call(s, fi, ADVANCE_ASK_LINE, P_MAKE_TECH, c, flags, 0, p)


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_circle(s, p, ctx):
    for i in range(6):
        mark_legal(s, B_NUMBER, i)
    mark_legal(s, B_SPECIAL, GENERATE)


@njit
def fill_chem(s, p, ctx):
    mark_legal(s, B_SPECIAL, KEEP)
    mark_legal(s, B_SPECIAL, REDRAW)


@njit
def fill_pick_line_suit(s, p, ctx):
    for i in range(6):
        mark_legal(s, B_SUIT, i)
    mark_legal(s, B_SPECIAL, GENERATE)


@njit
def fill_advance_target(s, p, ctx):
    mode = ctx[0]
    if mode != ADVANCE_MODE_SKULL:  # EVOKE skull advances techs only (R17)
        h = s["home"][p]
        if h >= 0 and n_written(s, h) < N_LINES:
            mark_legal(s, B_TABLEAU, 0)
        for i in range(s["worlds_n"][p]):
            if n_written(s, s["worlds"][p, i]) < N_LINES:
                mark_legal(s, B_TABLEAU, WORLD_SLOT0 + i)
    for i in range(s["techs_n"][p]):
        if n_written(s, s["techs"][p, i]) < N_LINES:
            mark_legal(s, B_TABLEAU, TECH_SLOT0 + i)
    if s["techs_n"][p] < MAX_TECHS:  # R41: a full tableau row takes no new tech
        mark_legal(s, B_SPECIAL, DECK)
    if mode == ADVANCE_MODE_FREE:  # the conquest's free ADVANCE may be declined (2.2 SETTLE "may", R47)
        mark_legal(s, B_SPECIAL, PASS)


@njit
def fill_tech_line(s, p, ctx):
    c = ctx[0]
    for k in range(N_LINES):
        if s["c_slot_num"][c, k] == 0:
            mark_legal(s, B_SUIT, s["c_slot_suit"][c, k])
