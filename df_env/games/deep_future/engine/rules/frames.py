"""The engine's resumable control flow: a small stack of procedure frames stored in the state.

A procedure is a numba function ``proc(s, fi) -> code`` that runs from the stage ``s["f_stage"][fi]``; it
returns GO (stage changed, keep running), WAIT (a decision was posted with :func:`ask`) or RET (done: pop).
Registers ``s["f_reg"][fi]`` hold its locals. The answer to a decision is ``s["ans_kind"]`` (block) and
``s["ans"]`` (index within the block). A stage that posts a decision does no other effect before it, so that
an interruption (a player who must pick a new homeworld, R22) can be resolved before the decision is shown.
"""

from __future__ import annotations

from .._jit import njit
from ..model.constants import MAX_FRAMES

GO, WAIT, RET = 0, 1, 2

(P_GAME, P_SETUP, P_TURN, P_START_ADV, P_ACTION, P_POWER, P_SETTLE, P_GROW, P_ADVANCE, P_BATTLE, P_EXPAND,
 P_PLAN, P_EVOKE, P_GEN_ADV, P_MAKE_TECH, P_UPKEEP, P_CHALLENGES, P_REHOME, P_VICTORY, P_RESTART) = range(20)
PROC_NAMES = ("game", "setup", "turn", "start advancement", "action", "power", "settle", "grow", "advance",
              "battle", "expand", "plan", "evoke", "generate advancement", "make tech", "upkeep", "challenges",
              "new homeworld", "victory", "restart")

# P_GEN_ADV / P_MAKE_TECH flags
F_CIRCLE = 1  # the advancement may be chosen (circled) instead of generated
F_CHEM = 2  # Chemistry redraws (s["cnt"][CHEMISTRY]) apply
F_FREEPICK = 4  # EVOKE skull: one free pick without the circling limit (R17)


@njit
def push(s, proc, a0, a1, a2, a3):
    sp = s["sp"]
    if sp >= MAX_FRAMES:
        raise RuntimeError("procedure stack overflow (MAX_FRAMES)")
    s["f_proc"][sp] = proc
    s["f_stage"][sp] = 0
    r = s["f_reg"][sp]
    r[:] = 0
    r[0] = a0
    r[1] = a1
    r[2] = a2
    r[3] = a3
    s["sp"] = sp + 1


@njit
def call(s, fi, resume, proc, a0, a1, a2, a3):
    """Run procedure ``proc`` now; the caller continues at stage ``resume`` when it returns."""
    s["f_stage"][fi] = resume
    push(s, proc, a0, a1, a2, a3)
    return GO


@njit
def goto(s, fi, stage):
    s["f_stage"][fi] = stage
    return GO


@njit
def ask(s, fi, resume, dk, p, c0, c1):
    """Post decision ``dk`` for player p with context (c0, c1); the answer is read at stage ``resume``."""
    s["f_stage"][fi] = resume
    s["dk"] = dk
    s["dplayer"] = p
    s["ctx"][0] = c0
    s["ctx"][1] = c1
    return WAIT


@njit
def answered(s, block, index):
    return s["ans_kind"] == block and s["ans"] == index
