"""POWER (2.2): draw 2, Energy and Industry; with the filler of INDUSTRY."""

from __future__ import annotations

from ..._jit import njit
from ...legality.marks import fill_any_hand, mark_legal
from ...model.constants import ENERGY, INDUSTRY
from ...model.layout import B_SPECIAL, D_INDUSTRY, PASS
from ..cards import discard_from_hand, draw
from ..frames import RET, ask, goto

# P_POWER stages and registers
POWER_DRAW, POWER_ASK_INDUSTRY, POWER_INDUSTRY = range(3)
R_POWER_PLAYER = 0


@njit
def proc_power(s, fi):
    """POWER: draw 2, Energy +1 each; each Industry may discard 1 to draw 2 (2.2.1)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_POWER_PLAYER]
    if st == POWER_DRAW:
        draw(s, p, 2 + s["cnt"][ENERGY])
        return goto(s, fi, POWER_ASK_INDUSTRY)
    if st == POWER_ASK_INDUSTRY:
        if s["cnt"][INDUSTRY] > 0 and s["hand_n"][p] > 0:
            return ask(s, fi, POWER_INDUSTRY, D_INDUSTRY, p, 0, 0)
        return RET
    # POWER_INDUSTRY
    if s["ans_kind"] == B_SPECIAL:
        return RET
    s["cnt"][INDUSTRY] -= 1
    discard_from_hand(s, p, s["ans"])
    draw(s, p, 2)
    return goto(s, fi, POWER_ASK_INDUSTRY)


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_industry(s, p, ctx):
    fill_any_hand(s, p, ctx)
    mark_legal(s, B_SPECIAL, PASS)
