"""Adding advancements: generating one (suit, number, circling, Chemistry), making a tech, and the ADVANCE
action (2.2 ADVANCE, 1.4, R14; EVOKE skull R17)."""

from __future__ import annotations

from .._jit import njit
from ..legality.queries import slot_card
from ..model.constants import ADVANCE_MODE_SKULL, BLANK, CHEMISTRY, PHYSICS, TECH
from ..model.events import EV_ADVANCEMENT, log
from ..model.layout import (
    B_NUMBER,
    B_SPECIAL,
    B_SUIT,
    D_ADVANCE_TARGET,
    D_CHEM,
    D_CIRCLE,
    D_PICK_LINE_SUIT,
    D_TECH_LINE,
    DECK,
    PASS,
    REDRAW,
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

# P_GEN_ADV registers: 0 card, 1 line (-1: next line of a world, suit generated), 2 flags, 3 player, 4 suit,
# 5 number
# stages: 0 suit, 1 chemistry on the suit, 2 circling, 3 circling answer, 4 number, 5 chemistry on the number


@njit
def _chem_left(s, flags):
    return (flags & F_CHEM) != 0 and s["cnt"][CHEMISTRY] > 0


@njit
def _finish(s, r, circled):
    c, k = r[0], r[1]
    write_advancement(s, c, k, r[4], r[5], circled)
    log(s, EV_ADVANCEMENT, r[3], c, 6 * r[4] + r[5] - 1)
    return RET


@njit
def proc_gen_adv(s, fi):
    """One advancement on card r0: a world draws its suit then its number, a tech line has its suit (R14)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    if st == 0:
        if r[1] < 0:
            r[1] = n_written(s, r[0])
            r[4] = random_suit(s)
            return goto(s, fi, 1)
        r[4] = s["c_slot_suit"][r[0], r[1]]
        return goto(s, fi, 2)
    if st == 1:  # Chemistry may redraw the suit card, after seeing it
        if _chem_left(s, r[2]):
            return ask(s, fi, 6, D_CHEM, r[3], 0, r[4])
        return goto(s, fi, 2)
    if st == 6:
        if s["ans_kind"] == B_SPECIAL and s["ans"] == REDRAW:
            s["cnt"][CHEMISTRY] -= 1
            r[4] = random_suit(s)
            return goto(s, fi, 1)
        return goto(s, fi, 2)
    if st == 2:
        if r[2] & (F_CIRCLE | F_FREEPICK):
            return ask(s, fi, 3, D_CIRCLE, r[3], r[0], r[4])
        return goto(s, fi, 4)
    if st == 3:
        if s["ans_kind"] == B_NUMBER:
            r[5] = s["ans"] + 1
            return _finish(s, r, True)
        return goto(s, fi, 4)
    if st == 4:
        r[5] = random_number(s)
        return goto(s, fi, 5)
    if st == 5:
        if _chem_left(s, r[2]):
            return ask(s, fi, 7, D_CHEM, r[3], 1, r[5])
        return _finish(s, r, False)
    # st == 7: the number's Chemistry answer
    if s["ans_kind"] == B_SPECIAL and s["ans"] == REDRAW:
        s["cnt"][CHEMISTRY] -= 1
        r[5] = random_number(s)
        return goto(s, fi, 5)
    return _finish(s, r, False)


# P_MAKE_TECH registers: 0 card, 1 flags, 2 line, 3 player, 4 suit. A free pick (EVOKE skull) is register 9 of
# the calling P_ADVANCE frame (fi - 1): 1 while unused.


@njit
def proc_make_tech(s, fi):
    """Card r0 becomes a tech of this era with 3 suits drawn top to bottom (1.4, R14)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    c = r[0]
    if st == 0:
        s["c_type"][c] = TECH
        s["c_era"][c] = s["era"]
        s["c_sector"][c] = -1
        return goto(s, fi, 1)
    if st == 1:
        if r[2] == 3:
            return RET
        if s["f_reg"][fi - 1, 9] == 1:
            return ask(s, fi, 2, D_PICK_LINE_SUIT, r[3], c, r[2])
        return goto(s, fi, 3)
    if st == 2:
        if s["ans_kind"] == B_SUIT:
            s["f_reg"][fi - 1, 9] = 0
            return _set_line_suit(s, fi, r, s["ans"])
        return goto(s, fi, 3)
    if st == 3:
        r[4] = random_suit(s)
        return goto(s, fi, 4)
    if st == 4:
        if _chem_left(s, r[1]):
            return ask(s, fi, 5, D_CHEM, r[3], 0, r[4])
        return _set_line_suit(s, fi, r, r[4])
    # st == 5
    if s["ans_kind"] == B_SPECIAL and s["ans"] == REDRAW:
        s["cnt"][CHEMISTRY] -= 1
        r[4] = random_suit(s)
        return goto(s, fi, 4)
    return _set_line_suit(s, fi, r, r[4])


@njit
def _set_line_suit(s, fi, r, suit):
    s["c_slot_suit"][r[0], r[2]] = suit
    r[2] += 1
    return goto(s, fi, 1)


# P_ADVANCE registers: 0 player, 1 mode (ADVANCE_MODE_ACTION, ADVANCE_MODE_SKULL EVOKE skull, ADVANCE_MODE_FREE the
# conquest's free ADVANCE: the action, which may be declined), 2 card, 9 free pick (skull)


@njit
def proc_advance(s, fi):
    """ADVANCE: a card of the tableau gets an advancement, or a card from the deck becomes/extends a tech."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    skull = r[1] == ADVANCE_MODE_SKULL
    flags = 0 if skull else F_CHEM
    if st == 0:
        r[9] = 1 if skull else 0
        return ask(s, fi, 1, D_ADVANCE_TARGET, p, r[1], 0)
    if st == 1:
        if s["ans_kind"] == B_SPECIAL and s["ans"] == PASS:
            return RET  # the conquest's free ADVANCE declined (R47)
        if s["ans_kind"] == B_SPECIAL and s["ans"] == DECK:
            return _from_deck(s, fi, r, p, flags)
        c = slot_card(s, p, s["ans"])
        r[2] = c
        if s["c_type"][c] == TECH:
            return goto(s, fi, 3)
        circle = F_CIRCLE if n_circled(s, c) == 0 else 0
        return call(s, fi, 9, P_GEN_ADV, c, -1, flags | circle, p)
    if st == 3:
        return ask(s, fi, 4, D_TECH_LINE, p, r[2], 0)
    if st == 4:
        c = r[2]
        line = 0
        for k in range(3):
            if s["c_slot_num"][c, k] == 0 and s["c_slot_suit"][c, k] == s["ans"]:
                line = k
                break
        if not skull:
            circle = F_CIRCLE if n_circled(s, c) < 1 + s["cnt"][PHYSICS] else 0  # Physics, R14
        elif r[9] == 1:
            circle = F_FREEPICK  # EVOKE skull: the free pick, without the circling limit (R17)
        else:
            circle = F_CIRCLE if n_circled(s, c) == 0 else 0
        return call(s, fi, 9, P_GEN_ADV, c, line, flags | circle, p)
    return RET


@njit
def _from_deck(s, fi, r, p, flags):
    """Draw the top card: an incomplete tech joins the tableau; a blank becomes a tech; anything else is
    discarded and a new card is generated to become a tech (R14). No card at all: a new card (R7)."""
    c = take_top(s)
    if c >= 0 and s["c_type"][c] == TECH and n_written(s, c) < 3:
        add_tech(s, p, c)
        r[2] = c
        return goto(s, fi, 3)
    if c < 0 or s["c_type"][c] != BLANK:
        if c >= 0:
            to_discard(s, c, 1)
        c = generate_card(s, BLANK)
    add_tech(s, p, c)
    r[2] = c
    return call(s, fi, 3, P_MAKE_TECH, c, flags, 0, p)

