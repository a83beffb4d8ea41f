"""GROW (2.2, R27) and Biology; with the fillers of GROW_TARGET (also EVOKE_OWN) and BIOLOGY."""

from __future__ import annotations

from ..._jit import njit
from ...legality.marks import mark_legal
from ...legality.queries import own_with_room
from ...model.constants import BIOLOGY, FIRST_SECTOR, GENETICS, N_SECTORS
from ...model.layout import B_SECTOR, B_SPECIAL, D_BIOLOGY, D_GROW_TARGET, PASS
from ..board import add_cubes
from ..frames import RET, ask, goto

# P_GROW stages and registers: the player, the target sector, Biology left
GROW_ASK, GROW_PLACE, GROW_ASK_BIOLOGY, GROW_BIOLOGY = range(4)
R_GROW_PLAYER, R_GROW_TARGET, R_GROW_BIOLOGY = range(3)


@njit
def proc_grow(s, fi):
    """GROW: 2 cubes in one of your sectors with fewer than 5, Genetics +2 there, each Biology 1 cube in
    another different sector (2.2, R27)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_GROW_PLAYER]
    if st == GROW_ASK:
        return ask(s, fi, GROW_PLACE, D_GROW_TARGET, p, 0, 0)
    if st == GROW_PLACE:
        x = s["ans"]
        add_cubes(s, x, p, 4 if s["cnt"][GENETICS] > 0 else 2)
        r[R_GROW_TARGET] = x
        r[R_GROW_BIOLOGY] = s["cnt"][BIOLOGY]
        return goto(s, fi, GROW_ASK_BIOLOGY)
    if st == GROW_ASK_BIOLOGY:
        if r[R_GROW_BIOLOGY] > 0:
            for y in range(FIRST_SECTOR, N_SECTORS):
                if y != r[R_GROW_TARGET] and s["mark"][y] == 0 and own_with_room(s, p, y):
                    return ask(s, fi, GROW_BIOLOGY, D_BIOLOGY, p, r[R_GROW_TARGET], 0)
        return RET
    # GROW_BIOLOGY
    if s["ans_kind"] == B_SPECIAL:
        return RET
    y = s["ans"]
    add_cubes(s, y, p, 1)
    s["mark"][y] = 1
    r[R_GROW_BIOLOGY] -= 1
    return goto(s, fi, GROW_ASK_BIOLOGY)


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_own_with_room(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if own_with_room(s, p, x):
            mark_legal(s, B_SECTOR, x)


@njit
def fill_biology(s, p, ctx):
    for x in range(FIRST_SECTOR, N_SECTORS):
        if own_with_room(s, p, x) and x != ctx[0] and s["mark"][x] == 0:
            mark_legal(s, B_SECTOR, x)
    mark_legal(s, B_SPECIAL, PASS)
