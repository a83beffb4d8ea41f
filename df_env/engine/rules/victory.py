"""Winning (section 3, R23) and the winner's campaign choices (R26)."""

from __future__ import annotations

from .._jit import njit
from ..legality.queries import suit_counts, victory_types, wonder_exists
from ..model.constants import CIV, N_HISTORY
from ..model.events import EV_CIVILIZATION, EV_WIN, EV_WONDER, log
from ..model.layout import D_CIV_SUIT, D_VICTORY, D_WONDER_SUIT, PH_OVER, PH_VICTORY
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


# P_VICTORY registers: 0 player, 1 victory type, 2 Table 4 suit (-1 none), 3 victory mask
@njit
def proc_victory(s, fi):
    """The winner picks the victory type (when several hold), his civilization's Table 4 suit (a suit with 2+
    advancements on homeworld and complete techs) and, with 5+ of a suit, his wonder's suit; then the sector is
    named, the civilization card made and the game ends (section 3, R26)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    if st == 0:
        s["phase"] = PH_VICTORY
        s["winner"] = p
        r[3] = victory_types(s, p)
        r[2] = -1
        return goto(s, fi, 1)
    if st == 1:
        m = r[3]
        if m & (m - 1):
            return ask(s, fi, 2, D_VICTORY, p, m, 0)
        r[1] = _lowest_bit(m)
        return goto(s, fi, 3)
    if st == 2:
        r[1] = s["ans"]
        return goto(s, fi, 3)
    if st == 3:
        s["victory"] = r[1]
        log(s, EV_WIN, p, r[1], 0)
        m4 = _suits_with(s, p, 2, -1)
        if m4:
            return ask(s, fi, 4, D_CIV_SUIT, p, m4, 0)
        return goto(s, fi, 5)
    if st == 4:
        r[2] = s["ans"]
        return goto(s, fi, 5)
    if st == 5:
        hs = s["c_sector"][s["home"][p]]
        m5 = _suits_with(s, p, 5, r[1])
        if s["wonder"][hs] < 0 and m5:
            return ask(s, fi, 6, D_WONDER_SUIT, p, m5, 0)
        return goto(s, fi, 7)
    if st == 6:
        hs = s["c_sector"][s["home"][p]]
        s["wonder"][hs] = r[1]
        s["wonder_suit"][hs] = s["ans"]
        log(s, EV_WONDER, p, r[1], hs)
        return goto(s, fi, 7)
    make_civilization(s, p, r[1], r[2])
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
    to_discard(s, c, 3)
    log(s, EV_CIVILIZATION, p, c, s["era"])
