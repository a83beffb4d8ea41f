"""The rules in compiled code: setup, the twelve phases of a turn (GC7-GC19), victory (GC21, GC22) and the Events
rules (GC24-GC31). ``run`` advances a state until a decision is pending or the game is over; ``apply`` answers the
pending decision (``decide.py``) and runs on. Every phase works in steps (``s["step"]``) so that a decision can stop
the engine in the middle of a phase and the next call resumes exactly there.
"""

from __future__ import annotations

import numpy as np

from df_env.core.jit import njit  # the one compile wrapper of every game, with its on-disk cache
from df_env.core.rng import below

from .core import (
    add_attr,
    add_effect,
    clear_log,
    d10,
    draw,
    fill_mask,
    holds_type,
    is_bottom,
    is_top,
    lead,
    log,
    shuffle,
)
from .state import (
    D_DILEMMA,
    D_DISCARD,
    D_EXPAND,
    D_NONE,
    D_PICK,
    D_PLAY,
    D_RACE,
    D_TARGET,
    EF_AGGRESSION,
    EF_APPROVAL,
    EF_EVENT,
    EF_INFLUENCE,
    EF_TRADE_SELF,
    EF_TRADE_TARGET,
    L_BENEFIT,
    L_EVENT,
    L_ROLL,
    L_TURN,
    L_VICTORY,
    L_VOTE,
    PH_AGGRESSION,
    PH_APPROVAL,
    PH_CONSTRUCTION,
    PH_DISCOVERY,
    PH_EXPANSION,
    PH_EXPLOITATION,
    PH_EXPLORATION,
    PH_INFLUENCE,
    PH_OPPORTUNITY,
    PH_OVER,
    PH_RACE,
    PH_RESEARCH,
    PH_TRADE,
)
from .tables import (
    BUILD,
    EVENT_EFFECT,
    EVENT_TYPE,
    EVENT_UPI_KIND,
    EXPANSION,
    EXPLOITATION,
    EXPLORATION,
    FIND,
    FIRST_EVENT_TURN,
    FIRST_PATH_TURN,
    GE,
    HAND_LIMIT,
    INFLUENCE,
    LAST_TURN,
    MD,
    MILITARY,
    MORALE,
    N_ATTR,
    N_CARDS,
    N_EVENTS,
    N_RACES,
    PATH_ATTRS,
    PATH_LEAD,
    RACE_BONUS,
    RESEARCH,
    SHIP,
    START_SCORE,
    TECH,
    TRADE,
)

SHIP_BUILD = (1 << SHIP) | (1 << BUILD)
FIND_TECH = (1 << FIND) | (1 << TECH)


# ---------------------------------------------------------------------------------------------- small steps
@njit
def ask(s, dk, seat):
    """Stop the engine at a decision of kind dk for seat."""
    s["dk"] = dk
    s["dplayer"] = seat


@njit
def next_phase(s):
    """Move to the next phase's start; the registers of the phase that ends are cleared."""
    s["phase"] += 1
    s["step"] = 0
    s["ctx_types"] = 0
    s["ctx_effect"] = 0
    s["ctx_target"] = -1
    s["ctx_chooser"] = -1
    s["graveyard"] = 0


@njit
def end_game(s, winner, victory):
    """The game ends at once (GCR18, GCR19): winner -1 for a draw."""
    s["winner"] = winner
    s["victory"] = victory
    s["over"] = 1
    s["phase"] = PH_OVER
    s["dk"] = D_NONE
    s["dplayer"] = -1
    log(s, L_VICTORY, winner, victory, 0)


@njit
def choose_target(s, chooser):
    """GCR11, GCR25: the chooser picks any other player; with 2 players the other one, unasked. The phase's step
    is advanced by the caller before, so the answer resumes after the choice."""
    s["ctx_chooser"] = chooser
    if s["n_players"] == 2:
        s["ctx_target"] = 1 - chooser
    else:
        ask(s, D_TARGET, chooser)


@njit
def apply_roll(s, eff, a):
    """The effect of a rolled (or picked) attribute a: GC11, GC12 (GCR11), GC17, GC18 (floor 0: GCR20)."""
    cur = s["cur"]
    t = s["ctx_target"]
    if eff == EF_AGGRESSION:
        add_attr(s, t, a, -2)
    elif eff == EF_INFLUENCE:
        if s["attr"][t, a] >= 1:
            add_attr(s, t, a, -1)
            add_attr(s, cur, a, 1)
    elif eff == EF_TRADE_SELF:
        add_attr(s, cur, a, 1)
    elif eff == EF_TRADE_TARGET:
        add_attr(s, t, a, 1)
    else:
        add_attr(s, cur, a, -1)


@njit
def roll(s, eff):
    """GC3: the active player rolls on the Random Attribute Table (GCR4); 1-8 name an attribute, 9 or 10 are Pick
    One, a decision of the active player (GCR3). The step moves on first, so a pick resumes after the roll."""
    s["step"] += 1
    r = d10(s)
    log(s, L_ROLL, s["cur"], r, eff)
    if r <= N_ATTR:
        apply_roll(s, eff, r - 1)
    else:
        s["ctx_effect"] = eff
        ask(s, D_PICK, s["cur"])


# ---------------------------------------------------------------------------------------------- setup
@njit
def start_game(s, random_races):
    """GC6: scores of 5, the shuffled deck (and Event deck, GC24), the first player (GCR6), races (GCR7: chosen
    in turn order, or drawn when random_races), then run to the first decision."""
    n = s["n_players"]
    for p in range(n):
        for a in range(N_ATTR):
            s["attr"][p, a] = START_SCORE
    for c in range(N_CARDS):
        s["deck"][c] = c
    s["deck_n"] = N_CARDS
    shuffle(s["deck"], N_CARDS, s["rng"])
    if s["events_on"]:
        for e in range(N_EVENTS):
            s["edeck"][e] = e
        s["edeck_n"] = N_EVENTS
        shuffle(s["edeck"], N_EVENTS, s["rng"])
    s["first"] = below(s["rng"], n)
    if random_races:
        for i in range(n):
            p = (s["first"] + i) % n
            while s["race"][p] < 0:
                r = below(s["rng"], N_RACES)
                if not race_taken(s, r):
                    s["race"][p] = r
    for p in range(n):
        if s["race"][p] >= 0:
            add_effect(s, p, RACE_BONUS[s["race"][p]], 1)
    s["phase"] = PH_RACE
    clear_log(s)
    run(s)


@njit
def race_taken(s, r):
    for p in range(s["n_players"]):
        if s["race"][p] == r:
            return True
    return False


@njit
def race_step(s):
    """GCR7: seats choose distinct races in turn order; then turn 1 begins with the first player (GCR6, GCR8)."""
    n = s["n_players"]
    for i in range(n):
        p = (s["first"] + i) % n
        if s["race"][p] < 0:
            ask(s, D_RACE, p)
            return
    s["turn"] = 1
    s["cur"] = s["first"]
    s["phase"] = PH_OPPORTUNITY
    s["step"] = 0
    log(s, L_TURN, s["cur"], 1, 0)


# ---------------------------------------------------------------------------------------------- phases
@njit
def opportunity(s):
    """GC8: draw 3; with Events (GC26, GCR22) from turn 3 a d10 at the phase's end, odd draws an Event."""
    st = s["step"]
    if st == 0:
        draw(s, s["cur"], 3)
        if s["events_on"] and s["turn"] >= FIRST_EVENT_TURN:
            s["step"] = 1
        else:
            next_phase(s)
    elif st == 1:
        r = d10(s)
        log(s, L_ROLL, s["cur"], r, EF_EVENT)
        if r % 2 == 1 and draw_event(s):
            s["step"] = 2
        else:
            next_phase(s)
    elif st == 2:
        resolve_event(s)
    else:
        if EVENT_TYPE[s["event"]] != MD:  # a UPI's "Target Player" effect, once the target is chosen
            add_effect(s, s["ctx_target"], EVENT_EFFECT[s["event"]], 1)
        finish_event(s)


@njit
def draw_event(s):
    """The Event deck's top card becomes the event being resolved (GC24; an empty deck takes its shuffled discard
    first, GCR22, GCR31). Returns False when there is none."""
    if s["edeck_n"] == 0:
        n = s["edisc_n"]
        for i in range(n):
            s["edeck"][i] = s["edisc"][i]
            s["edisc"][i] = 0
        s["edeck_n"] = n
        s["edisc_n"] = 0
        shuffle(s["edeck"], n, s["rng"])
        if n == 0:
            return False
    k = s["edeck_n"] - 1
    s["event"] = s["edeck"][k]
    s["edeck"][k] = 0
    s["edeck_n"] = k
    log(s, L_EVENT, s["cur"], s["event"], 0)
    return True


@njit
def resolve_event(s):
    """GC27 (GCR23): a Galactic Event changes the active player; GC28: a Moral Dilemma asks him; GC30 (GCR25): a
    United Planets Issue goes to the council's vote."""
    e = s["event"]
    cur = s["cur"]
    s["step"] = 3
    if EVENT_TYPE[e] == GE:
        add_effect(s, cur, EVENT_EFFECT[e], 1)
        finish_event(s)
    elif EVENT_TYPE[e] == MD:
        ask(s, D_DILEMMA, cur)
    else:
        w = vote(s)
        kind = EVENT_UPI_KIND[e]
        if w < 0:
            finish_event(s)
        elif kind == 0:
            add_effect(s, w, EVENT_EFFECT[e], 1)
            finish_event(s)
        elif kind == 2:
            for p in range(s["n_players"]):
                if p != w:
                    add_effect(s, p, EVENT_EFFECT[e], 1)
            finish_event(s)
        else:
            choose_target(s, w)


@njit
def vote(s):
    """GC30, GCR25: votes = Influence + Expansion + Military; the strictly most wins; a tie: nobody (-1)."""
    best = -1
    w = -1
    for p in range(s["n_players"]):
        v = s["attr"][p, INFLUENCE] + s["attr"][p, EXPANSION] + s["attr"][p, MILITARY]
        if v > best:
            best, w = v, p
        elif v == best:
            w = -1
    s["vote_winner"] = w
    log(s, L_VOTE, w, best, 0)
    return w


@njit
def finish_event(s):
    """The resolved Event goes to the Event discard pile (GCR22); the Opportunity Phase ends."""
    s["edisc"][s["edisc_n"]] = s["event"]
    s["edisc_n"] += 1
    s["event"] = -1
    s["vote_winner"] = -1
    next_phase(s)


@njit
def play_phase(s, types, allowed):
    """GC9, GC10, GC13, GC14, GC16: when allowed, the active player may play one card of ``types`` (GCR10, GCR26,
    GCR28). The answer (decide.py) plays it, offers Ship Graveyard's Ship (GCR13) and ends the phase."""
    if allowed and holds_type(s, s["cur"], types):
        s["ctx_types"] = types
        s["step"] = 1
        ask(s, D_PLAY, s["cur"])
    else:
        next_phase(s)


@njit
def roll_phase(s, attr, eff):
    """GC11 (Aggression), GC12 (Influence): the strictly highest (GCR5) chooses a target, then rolls (GCR4)."""
    st = s["step"]
    if st == 0:
        if is_top(s, s["cur"], attr):
            log(s, L_BENEFIT, s["cur"], s["phase"], 0)
            s["step"] = 1
            choose_target(s, s["cur"])
        else:
            next_phase(s)
    elif st == 1:
        roll(s, eff)
    else:
        next_phase(s)


@njit
def trade(s):
    """GC17 (GCR2, GCR4, GCR12): the strictly highest Trade draws 1, raises his hand limit to 6 this turn, and he
    and a target get +1 in a random attribute each (his roll first)."""
    st = s["step"]
    attr = INFLUENCE if s["trade_literal"] else TRADE
    if st == 0:
        if is_top(s, s["cur"], attr):
            log(s, L_BENEFIT, s["cur"], s["phase"], 0)
            draw(s, s["cur"], 1)
            s["bonus_hand"] = 1
            s["step"] = 1
            choose_target(s, s["cur"])
        else:
            next_phase(s)
    elif st == 1:
        roll(s, EF_TRADE_SELF)
    elif st == 2:
        roll(s, EF_TRADE_TARGET)
    else:
        next_phase(s)


@njit
def approval(s):
    """GC18: the strictly lowest Morale (GC20: a tie loses nothing) loses 1 in a random attribute."""
    st = s["step"]
    if st == 0:
        if is_bottom(s, s["cur"], MORALE):
            log(s, L_BENEFIT, s["cur"], s["phase"], 0)
            s["step"] = 1
        else:
            next_phase(s)
    elif st == 1:
        roll(s, EF_APPROVAL)
    else:
        next_phase(s)


@njit
def expansion(s):
    """GC15 (GCR14): the strictly highest Expansion may draw 2, then discard 1 (decide.py)."""
    if is_top(s, s["cur"], EXPANSION):
        s["step"] = 1
        ask(s, D_EXPAND, s["cur"])
    else:
        next_phase(s)


@njit
def end_phase(s):
    """GC19: discard down to the hand limit one card at a time (GCR12, GCR15), then check victory (GCR17, GCR18)
    and pass the turn; turn 20's last End Phase ends the game (GCR19)."""
    cur = s["cur"]
    if s["hand_n"][cur] > HAND_LIMIT + s["bonus_hand"]:
        ask(s, D_DISCARD, cur)
        return
    if s["turn"] >= FIRST_PATH_TURN and check_paths(s):
        return
    s["bonus_hand"] = 0
    n = s["n_players"]
    nxt = (cur + 1) % n
    if nxt == s["first"]:
        if s["turn"] >= LAST_TURN:
            general_victory(s)
            return
        s["turn"] += 1
    s["cur"] = nxt
    s["phase"] = PH_OPPORTUNITY
    s["step"] = 0
    log(s, L_TURN, nxt, s["turn"], 0)


@njit
def meets_path(s, p, k):
    """GC21, GCR16: a lead of at least 5 in path k's primary and in one of its two others."""
    pa = PATH_ATTRS[k]
    return lead(s, p, pa[0]) >= PATH_LEAD and (lead(s, p, pa[1]) >= PATH_LEAD or lead(s, p, pa[2]) >= PATH_LEAD)


@njit
def check_paths(s):
    """GCR18: every player is checked, the active one first, then in turn order; the lowest path wins."""
    n = s["n_players"]
    for i in range(n):
        p = (s["cur"] + i) % n
        for k in range(PATH_ATTRS.shape[0]):
            if meets_path(s, p, k):
                end_game(s, p, k + 1)
                return True
    return False


@njit
def general_victory(s):
    """GC22, GCR19: each attribute goes to its strictly highest player; strictly the most attributes wins; a tie
    for the most is a draw."""
    n = s["n_players"]
    won = np.zeros(6, np.int64)
    for a in range(N_ATTR):
        for p in range(n):
            if is_top(s, p, a):
                won[p] += 1
    best = max(won)
    w = -1
    for p in range(n):
        if won[p] == best:
            w = p if w == -1 else -2
    if w >= 0:
        end_game(s, w, 6)
    else:
        end_game(s, -1, 7)


# ---------------------------------------------------------------------------------------------- the driver
@njit
def step_phase(s):
    """One step of the current phase (GC7's order): a phase decides, moves on a step, or passes to the next."""
    ph = s["phase"]
    cur = s["cur"]
    if ph == PH_RACE:
        race_step(s)
    elif ph == PH_OPPORTUNITY:
        opportunity(s)
    elif ph == PH_CONSTRUCTION:
        play_phase(s, SHIP_BUILD, True)
    elif ph == PH_DISCOVERY:
        play_phase(s, FIND_TECH, True)
    elif ph == PH_AGGRESSION:
        roll_phase(s, MILITARY, EF_AGGRESSION)
    elif ph == PH_INFLUENCE:
        roll_phase(s, INFLUENCE, EF_INFLUENCE)
    elif ph == PH_EXPLORATION:
        play_phase(s, 1 << FIND, is_top(s, cur, EXPLORATION))
    elif ph == PH_EXPLOITATION:
        play_phase(s, SHIP_BUILD, is_top(s, cur, EXPLOITATION))
    elif ph == PH_EXPANSION:
        expansion(s)
    elif ph == PH_RESEARCH:
        play_phase(s, 1 << TECH, is_top(s, cur, RESEARCH))
    elif ph == PH_TRADE:
        trade(s)
    elif ph == PH_APPROVAL:
        approval(s)
    else:
        end_phase(s)


@njit
def run(s):
    """Advance until a decision is pending or the game is over, then fill the legal mask."""
    while s["dk"] == D_NONE and not s["over"]:
        step_phase(s)
    fill_mask(s)
