"""Answers to the pending decision (compiled): ``apply`` takes one legal action, changes the state and runs the
engine on to the next decision (``flow.run``). Legality is checked by the caller against the mask."""

from __future__ import annotations

from df_env.core.jit import njit  # the one compile wrapper of every game, with its on-disk cache

from .core import add_attr, add_effect, clear_log, d10, draw, holds_type, log, play_card, to_discard
from .flow import apply_roll, finish_event, next_phase, run
from .state import (
    A_ATTR,
    A_DILEMMA,
    A_DISCARD,
    A_PLAY,
    A_RACE,
    A_TAKE,
    A_TARGET,
    BENEVOLENT,
    D_DILEMMA,
    D_DISCARD,
    D_EXPAND,
    D_NONE,
    D_PICK,
    D_PLAY,
    D_RACE,
    D_TARGET,
    EF_BENEVOLENCE,
    L_DILEMMA,
    L_DISCARD,
    L_ROLL,
    PH_EXPANSION,
)
from .tables import BENEVOLENCE_ATTR, EVENT_EFFECT, EVENT_IB, RACE_BONUS, SHIP, SHIP_GRAVEYARD


@njit
def answer_play(s, action):
    """A card play or a pass (GCR10). Ship Graveyard offers one more Ship at once, outside any allowance (GCR13);
    otherwise the phase ends (one card a phase: GCR28)."""
    cur = s["cur"]
    if action < A_PLAY or action >= A_DISCARD:  # the pass
        next_phase(s)
        return
    c = action - A_PLAY
    play_card(s, cur, c)
    if c == SHIP_GRAVEYARD and not s["graveyard"] and holds_type(s, cur, 1 << SHIP):
        s["graveyard"] = 1
        s["ctx_types"] = 1 << SHIP
        s["dk"] = D_PLAY
        s["dplayer"] = cur
    else:
        next_phase(s)


@njit
def answer_discard(s, c):
    """GCR14: Expansion's one discard ends the phase; GCR15: an End Phase discard, then the limit is checked
    again."""
    p = s["dplayer"]
    log(s, L_DISCARD, p, c, 0)
    to_discard(s, p, c)
    if s["phase"] == PH_EXPANSION:
        next_phase(s)


@njit
def answer_expand(s, take):
    """GC15, GCR14: draw 2 then discard 1 of the whole hand, or pass."""
    cur = s["cur"]
    if not take:
        next_phase(s)
        return
    draw(s, cur, 2)
    if s["hand_n"][cur] > 0:
        s["dk"] = D_DISCARD
        s["dplayer"] = cur
    else:
        next_phase(s)


@njit
def answer_dilemma(s, choice):
    """GC28, GCR24: Malevolent applies the card; Benevolent rolls twice on the Benevolence Table (GC29, one roll
    after the other: GCR30), then takes the card's IB penalty (floor 0)."""
    cur = s["cur"]
    e = s["event"]
    log(s, L_DILEMMA, cur, e, choice)
    if choice == BENEVOLENT:
        for _ in range(2):
            r = d10(s)
            log(s, L_ROLL, cur, r, EF_BENEVOLENCE)
            add_attr(s, cur, BENEVOLENCE_ATTR[r], 1)
        add_effect(s, cur, EVENT_IB[e], 1)
    else:
        add_effect(s, cur, EVENT_EFFECT[e], 1)
    finish_event(s)


@njit
def apply(s, action):
    """Answer the pending decision with ``action`` (legal: the caller checked the mask) and run on."""
    dk = s["dk"]
    s["dk"] = D_NONE
    clear_log(s)
    if dk == D_RACE:
        p = s["dplayer"]
        r = action - A_RACE
        s["race"][p] = r
        add_effect(s, p, RACE_BONUS[r], 1)
    elif dk == D_PLAY:
        answer_play(s, action)
    elif dk == D_TARGET:
        s["ctx_target"] = action - A_TARGET
    elif dk == D_PICK:
        apply_roll(s, s["ctx_effect"], action - A_ATTR)
    elif dk == D_EXPAND:
        answer_expand(s, action == A_TAKE)
    elif dk == D_DISCARD:
        answer_discard(s, action - A_DISCARD)
    elif dk == D_DILEMMA:
        answer_dilemma(s, action - A_DILEMMA)
    run(s)
