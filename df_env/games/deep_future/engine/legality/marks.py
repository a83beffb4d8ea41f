"""Marking the mask: the primitive that marks one choice legal, and the fillers that carry no rule of their own (any
hand card, any track, any suit, a count range). A filler that carries a rule lives beside the procedure that posts
its decision (``fill_settle_source`` beside ``proc_settle`` in ``rules/actions/settle.py``); the catalogue record
of each decision kind names it (``model/decisions.py``), and ``mask.fill_mask`` calls it through a table."""

from __future__ import annotations

from .._jit import njit
from ..model.layout import B_COUNT, B_HAND, B_SUIT, B_TRACK, BLOCK_START


@njit
def mark_legal(s, block, i):
    """Choice i of action block ``block`` is legal."""
    s["mask"][BLOCK_START[block] + i] = 1


@njit
def mark_legal_bits(s, block, bits):
    """The choices 0-5 of ``block`` whose bit is set in ``bits`` are legal."""
    for i in range(6):
        if (bits >> i) & 1:
            mark_legal(s, block, i)


# ------------------------------------------------------------------------------------------------ shared fillers
# fill(s, p, ctx): the legal choices of player p with the decision's context ctx
@njit
def fill_any_hand(s, p, ctx):
    for i in range(s["hand_n"][p]):
        mark_legal(s, B_HAND, i)


@njit
def fill_any_track(s, p, ctx):
    for t in range(4):
        mark_legal(s, B_TRACK, t)


@njit
def fill_any_suit(s, p, ctx):
    for i in range(6):
        mark_legal(s, B_SUIT, i)


@njit
def fill_count_range(s, p, ctx):
    for k in range(ctx[0], ctx[1] + 1):
        mark_legal(s, B_COUNT, k)
