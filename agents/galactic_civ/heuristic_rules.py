"""The Galactic Civ heuristic's rules of thumb, compiled (numba over the state record), so that whole games and
search rollouts run without Python.

Every decision is scored by one yardstick: the *standing* of the deciding seat, its victory potential minus the
best rival's (:func:`standing`), after the choice's effect on the attribute table. A seat's potential
(:func:`potential`) follows the six victory paths (RULES.md GC21, GC22): for each of paths 1-5 the path's margin is
the lead in its primary attribute and in the better of its two secondaries, the smaller of the two (GCR16: a path
is met at a margin of 5 in both); the potential weighs the best path's margin (capped at 5, where it wins), the
sum of all five margins (breadth: a reserve path when the rivals block one), the attributes the seat strictly leads
(the phases 4-10 reward the strict leader, GC20, GCR5; the General Victory counts them, GC22, GCR19, weighed more
from turn 15), and a penalty for the strictly lowest Morale (the Approval Phase, GC18).

Decisions (the module :mod:`agents.galactic_civ.heuristic` lists them in words): a race (GC5) by the standing its
bonus gives; a card play (GC9-GC16) by the standing after its effect (Ship Graveyard counts the Ship it lets one
play, GCR13); a target (GC11, GC12, GC17, GCR25) by the expected standing over the d10 (a 9 or 10 is the best
pick, GCR3); a Pick One (GCR4) by the standing after the pick; the Expansion benefit is always taken (GC15: one
card more); a discard (GCR14, GCR15) throws the card whose play would add the least; a Moral Dilemma (GC28) takes
Malevolent or the expected Benevolence rolls (GC29) plus the IB penalty (GCR24), whichever stands better.
Ties are broken at random from the generator words ``r``.
"""

from __future__ import annotations

import numpy as np

from df_env.core.jit import njit
from df_env.core.rng import below
from df_env.games.galactic_civ.engine.state import (
    A_ATTR,
    A_DILEMMA,
    A_DISCARD,
    A_PASS,
    A_PLAY,
    A_RACE,
    A_TAKE,
    A_TARGET,
    D_DILEMMA,
    D_DISCARD,
    D_PICK,
    D_PLAY,
    D_RACE,
    D_TARGET,
    EF_AGGRESSION,
    EF_APPROVAL,
    EF_INFLUENCE,
    EF_TRADE_SELF,
    EF_TRADE_TARGET,
    MALEVOLENT,
    PH_AGGRESSION,
    PH_INFLUENCE,
    PH_TRADE,
)
from df_env.games.galactic_civ.engine.tables import (
    BENEVOLENCE_ATTR,
    CARD_EFFECT,
    CARD_TYPE,
    EVENT_EFFECT,
    EVENT_IB,
    MORALE,
    N_ATTR,
    N_CARDS,
    PATH_ATTRS,
    PATH_LEAD,
    RACE_BONUS,
    SHIP,
    SHIP_GRAVEYARD,
)

GENERAL_FROM_TURN = 15  # from this turn the General Victory's count of led attributes weighs more (GC22)
MET_BONUS = 6.0  # a met path wins at the next End Phase from turn 11 (GCR17, GCR18): worth more than its margin
GRAVEYARD_BONUS = 1.0  # Ship Graveyard's extra Ship play (GCR13), in standing points, when a Ship is in hand


@njit
def leads(w, n, p, out):
    """``out[a]`` = seat p's score in attribute a minus the best other seat's (GCR16's lead)."""
    for a in range(N_ATTR):
        m = -1
        for q in range(n):
            if q != p and w[q, a] > m:
                m = w[q, a]
        out[a] = w[p, a] - m


@njit
def path_margin(lead, k):
    """Path k's margin (0-based, GC21): the lead in its primary and in the better secondary, the smaller."""
    prim = lead[PATH_ATTRS[k, 0]]
    sec = max(lead[PATH_ATTRS[k, 1]], lead[PATH_ATTRS[k, 2]])
    return min(prim, sec)


@njit
def potential(w, n, p, turn):
    """Seat p's victory potential over the attribute table ``w`` (see the module docstring)."""
    lead = np.empty(N_ATTR, dtype=np.int64)
    leads(w, n, p, lead)
    best = -100.0
    breadth = 0.0
    for k in range(PATH_ATTRS.shape[0]):
        v = float(path_margin(lead, k))
        best = max(best, min(v, float(PATH_LEAD)))
        breadth += max(min(v, float(PATH_LEAD)), -float(PATH_LEAD))
    led = 0
    for a in range(N_ATTR):
        if lead[a] > 0:
            led += 1
    general = 1.0 if turn >= GENERAL_FROM_TURN else 0.4
    lowest_morale = 1.0
    for q in range(n):
        if q != p and w[q, MORALE] <= w[p, MORALE]:
            lowest_morale = 0.0
    met = MET_BONUS if best >= PATH_LEAD else 0.0
    return 3.0 * best + met + 0.3 * breadth + general * led - 0.5 * lowest_morale


@njit
def standing(w, n, p, turn):
    """Seat p's potential minus the best rival's: the one yardstick of every choice."""
    rival = -1e9
    for q in range(n):
        if q != p:
            rival = max(rival, potential(w, n, q, turn))
    return potential(w, n, p, turn) - rival


@njit
def roll_effect(w, eff, me, t, a):
    """GC11, GC12, GC17, GC18 on the table ``w`` in place (GCR11, GCR20): a roll or pick of attribute a."""
    if eff == EF_AGGRESSION:
        w[t, a] = max(0, w[t, a] - 2)
    elif eff == EF_INFLUENCE:
        if w[t, a] >= 1:
            w[t, a] -= 1
            w[me, a] += 1
    elif eff == EF_TRADE_SELF:
        w[me, a] += 1
    elif eff == EF_TRADE_TARGET:
        w[t, a] += 1
    elif eff == EF_APPROVAL:
        w[me, a] = max(0, w[me, a] - 1)


@njit
def add_row(w, p, eff):
    """Add a row of per-attribute changes to seat p, floored at 0 (GCR20)."""
    for a in range(N_ATTR):
        w[p, a] = max(0, w[p, a] + eff[a])


@njit
def pick_value(w0, n, me, turn, eff, t, a):
    """The standing after a roll or pick of attribute a for effect eff against target t."""
    w = w0.copy()
    roll_effect(w, eff, me, t, a)
    return standing(w, n, me, turn)


@njit
def roll_expectation(w0, n, me, turn, eff, t):
    """The expected standing over one d10 on the Random Attribute Table (GC3): faces 1-8 name the attribute,
    9 and 10 (GCR3) are the best pick."""
    total = 0.0
    best = -1e9
    for a in range(N_ATTR):
        v = pick_value(w0, n, me, turn, eff, t, a)
        total += v
        best = max(best, v)
    return (total + 2.0 * best) / 10.0


@njit
def phase_effect(phase):
    """The roll a target is chosen for, by phase (GCR4); -1 outside phases 4, 5 and 10 (a United Planets Issue)."""
    if phase == PH_AGGRESSION:
        return EF_AGGRESSION
    if phase == PH_INFLUENCE:
        return EF_INFLUENCE
    if phase == PH_TRADE:
        return EF_TRADE_TARGET
    return -1


@njit
def target_value(s, w0, n, me, turn, t):
    """Choosing seat t as the target: the expected roll's standing, or a United Planets Issue's listed effect."""
    eff = phase_effect(s["phase"])
    if eff >= 0:
        return roll_expectation(w0, n, me, turn, eff, t)
    w = w0.copy()
    add_row(w, t, EVENT_EFFECT[s["event"]])
    return standing(w, n, me, turn)


@njit
def benevolent_value(w0, n, me, turn, e):
    """The expected standing of Benevolent (GC28, GC29, GCR24): two rolls on the Benevolence Table, then IB."""
    total = 0.0
    for f1 in range(1, 11):
        for f2 in range(1, 11):
            w = w0.copy()
            w[me, BENEVOLENCE_ATTR[f1]] += 1
            w[me, BENEVOLENCE_ATTR[f2]] += 1
            add_row(w, me, EVENT_IB[e])
            total += standing(w, n, me, turn)
    return total / 100.0


@njit
def holds_ship(s, p):
    for c in range(N_CARDS):
        if s["hand"][p, c] and CARD_TYPE[c] == SHIP:
            return True
    return False


@njit
def card_value(s, w0, n, me, turn, c):
    """The standing after playing card c (GC23), with Ship Graveyard's extra Ship (GCR13)."""
    w = w0.copy()
    add_row(w, me, CARD_EFFECT[c])
    v = standing(w, n, me, turn)
    if c == SHIP_GRAVEYARD and holds_ship(s, me):
        v += GRAVEYARD_BONUS
    return v


@njit
def action_value(s, w0, n, me, turn, base, action):
    """The score of one legal action of the pending decision (higher is better)."""
    dk = s["dk"]
    if dk == D_RACE:
        w = w0.copy()
        add_row(w, me, RACE_BONUS[action - A_RACE])
        return standing(w, n, me, turn)
    if dk == D_PLAY:
        if action == A_PASS:
            return base - 0.01  # a play never lowers one's own scores: pass only with nothing to gain
        return card_value(s, w0, n, me, turn, action - A_PLAY)
    if dk == D_TARGET:
        return target_value(s, w0, n, me, turn, action - A_TARGET)
    if dk == D_PICK:
        return pick_value(w0, n, me, turn, s["ctx_effect"], s["ctx_target"], action - A_ATTR)
    if dk == D_DISCARD:
        return -card_value(s, w0, n, me, turn, action - A_DISCARD)
    if dk == D_DILEMMA:
        e = s["event"]
        if action - A_DILEMMA == MALEVOLENT:
            w = w0.copy()
            add_row(w, me, EVENT_EFFECT[e])
            return standing(w, n, me, turn)
        return benevolent_value(w0, n, me, turn, e)
    return 1.0 if action == A_TAKE else 0.0  # D_EXPAND: one card more (GC15)


@njit
def choose(s, r):
    """The heuristic's action for the pending decision of record ``s`` (-1 when the game is over); ties at random
    from generator words ``r``."""
    n_legal = s["n_legal"]
    if n_legal == 0:
        return -1
    if n_legal == 1:
        return s["legal"][0]
    n = s["n_players"]
    me = s["dplayer"]
    turn = s["turn"]
    w0 = s["attr"][:n].astype(np.int64)
    base = standing(w0, n, me, turn)
    best_a = s["legal"][0]
    best_v = -1e18
    ties = 0
    for i in range(n_legal):
        a = s["legal"][i]
        v = action_value(s, w0, n, me, turn, base, a)
        if v > best_v + 1e-9:
            best_a, best_v, ties = a, v, 1
        elif v > best_v - 1e-9:
            ties += 1
            if below(r, ties) == 0:  # reservoir sampling: each tied action equally likely
                best_a = a
    return best_a


@njit
def choose_arr(a, r):
    """:func:`choose` on ``a[0]`` (the way Python passes a state record to compiled code)."""
    return choose(a[0], r)
