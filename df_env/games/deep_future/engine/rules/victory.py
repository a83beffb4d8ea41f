"""Winning (section 3, R23) and the winner's campaign choices (R26)."""

from __future__ import annotations

from .._jit import njit
from ..legality.marks import mark_legal_bits
from ..legality.queries import suit_counts, victory_types, wonder_exists
from ..model.constants import CIV, N_HISTORY
from ..model.events import DISCARD_FROM_PLAY, EV_CIVILIZATION, EV_WIN, EV_WONDER, log
from ..model.layout import B_SUIT, B_VICTORY, D_CIV_SUIT, D_VICTORY, D_WONDER_SUIT, PH_OVER, PH_VICTORY
from .cards import generate_card, is_complete_tech, name_code, to_discard
from .frames import RET, ask, goto


@njit
def find_winner(s):
    """The first player (the one whose turn it is, then in seat order) who meets a victory condition, or -1."""
    n = s["n_players"]
    cur = s["cur"]
    if cur < 0:
        return -1
    for i in range(n):
        p = (cur + i) % n
        if victory_types(s, p) != 0:
            return p
    return -1


@njit
def _lowest_bit(m):
    for i in range(6):
        if (m >> i) & 1:
            return i
    return -1


# P_VICTORY stages and registers: the player, the victory type, the Table 4 suit (-1 none), the mask of the
# victory types that hold
(VICTORY_BEGIN, VICTORY_ASK_TYPE, VICTORY_TYPE, VICTORY_ASK_CIV_SUIT, VICTORY_CIV_SUIT, VICTORY_ASK_WONDER_SUIT,
 VICTORY_WONDER_SUIT, VICTORY_CIVILIZATION) = range(8)
R_VICTORY_PLAYER, R_VICTORY_TYPE, R_VICTORY_CIV_SUIT, R_VICTORY_TYPES = range(4)


@njit
def proc_victory(s, fi):
    """The winner picks the victory type (when several hold), his civilization's Table 4 suit (a suit with 2+
    advancements on homeworld and complete techs) and, with 5+ of a suit, his wonder's suit; then the sector is
    named, the civilization card made and the game ends (section 3, R26)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_VICTORY_PLAYER]
    if st == VICTORY_BEGIN:
        s["phase"] = PH_VICTORY
        s["winner"] = p
        r[R_VICTORY_TYPES] = victory_types(s, p)
        r[R_VICTORY_CIV_SUIT] = -1
        return goto(s, fi, VICTORY_ASK_TYPE)
    if st == VICTORY_ASK_TYPE:
        m = r[R_VICTORY_TYPES]
        if m & (m - 1):
            return ask(s, fi, VICTORY_TYPE, D_VICTORY, p, m, 0)
        r[R_VICTORY_TYPE] = _lowest_bit(m)
        return goto(s, fi, VICTORY_ASK_CIV_SUIT)
    if st == VICTORY_TYPE:
        r[R_VICTORY_TYPE] = s["ans"]
        return goto(s, fi, VICTORY_ASK_CIV_SUIT)
    if st == VICTORY_ASK_CIV_SUIT:
        s["victory"] = r[R_VICTORY_TYPE]
        log(s, EV_WIN, p, r[R_VICTORY_TYPE], 0)
        m4 = _suits_with(s, p, 2, -1)
        if m4:
            return ask(s, fi, VICTORY_CIV_SUIT, D_CIV_SUIT, p, m4, 0)
        return goto(s, fi, VICTORY_ASK_WONDER_SUIT)
    if st == VICTORY_CIV_SUIT:
        r[R_VICTORY_CIV_SUIT] = s["ans"]
        return goto(s, fi, VICTORY_ASK_WONDER_SUIT)
    if st == VICTORY_ASK_WONDER_SUIT:
        hs = s["c_sector"][s["home"][p]]
        m5 = _suits_with(s, p, 5, r[R_VICTORY_TYPE])
        if s["wonder"][hs] < 0 and m5:
            return ask(s, fi, VICTORY_WONDER_SUIT, D_WONDER_SUIT, p, m5, 0)
        return goto(s, fi, VICTORY_CIVILIZATION)
    if st == VICTORY_WONDER_SUIT:
        hs = s["c_sector"][s["home"][p]]
        s["wonder"][hs] = r[R_VICTORY_TYPE]
        s["wonder_suit"][hs] = s["ans"]
        log(s, EV_WONDER, p, r[R_VICTORY_TYPE], hs)
        return goto(s, fi, VICTORY_CIVILIZATION)
    # VICTORY_CIVILIZATION
    make_civilization(s, p, r[R_VICTORY_TYPE], r[R_VICTORY_CIV_SUIT])
    s["over"] = 1
    s["phase"] = PH_OVER
    return RET


@njit
def _suits_with(s, p, at_least, wonder_type):
    """Bitmask of suits with at least ``at_least`` advancements on the homeworld and complete techs; for a
    wonder (wonder_type >= 0) only pairs not yet on the map (one wonder per victory/suit pair)."""
    counts = suit_counts(s, p)
    m = 0
    for suit in range(6):
        if counts[suit] >= at_least and (wonder_type < 0 or not wonder_exists(s, wonder_type, suit)):
            m |= 1 << suit
    return m


@njit
def make_civilization(s, p, v, suit):
    """Name the homeworld's sector if unnamed; create the civilization card (new card by R6; history =
    homeworld and complete techs); it joins the pool in the discard pile (R26)."""
    h = s["home"][p]
    hs = s["c_sector"][h]
    if s["sector_name"][hs] < 0:
        s["sector_name"][hs] = name_code(s)
    c = generate_card(s, CIV)
    s["c_sector"][c] = hs
    s["c_civ3"][c] = v
    s["c_civ4"][c] = suit
    s["c_name"][c] = name_code(s)
    s["c_hist"][c, 0] = h
    k = 1
    for i in range(s["techs_n"][p]):
        t = s["techs"][p, i]
        if is_complete_tech(s, t) and k < N_HISTORY:
            s["c_hist"][c, k] = t
            k += 1
    to_discard(s, c, DISCARD_FROM_PLAY)
    log(s, EV_CIVILIZATION, p, c, s["era"])


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_victory(s, p, ctx):
    mark_legal_bits(s, B_VICTORY, ctx[0])


@njit
def fill_suit_bits(s, p, ctx):
    mark_legal_bits(s, B_SUIT, ctx[0])
