"""PLAN (2.2, R12): the suit of the new card (any suit: the shared filler fill_any_suit)."""

from __future__ import annotations

from ..._jit import njit
from ...model.constants import BLANK
from ...model.layout import D_PLAN_SUIT
from ..cards import discard_hand, hand_add, new_card, random_number
from ..frames import RET, ask

# P_PLAN stages and registers
PLAN_ASK, PLAN_SUIT = range(2)
R_PLAN_PLAYER = 0


@njit
def proc_plan(s, fi):
    """PLAN (R12): choose a suit, one discard gives the number, discard the hand, the new card goes to hand;
    the action phase ends."""
    p = s["f_reg"][fi, R_PLAN_PLAYER]
    if s["f_stage"][fi] == PLAN_ASK:
        return ask(s, fi, PLAN_SUIT, D_PLAN_SUIT, p, 0, 0)
    # PLAN_SUIT
    suit = s["ans"]
    num = random_number(s)
    discard_hand(s, p)
    hand_add(s, p, new_card(s, num, suit, BLANK))
    s["n_acts"] = 2
    return RET
