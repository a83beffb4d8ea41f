"""Compiled primitives the rules are made of: dice, the log, attribute changes, drawing, playing and comparing;
and the legal mask of the pending decision (``fill_mask``).

Every random event comes from the state's own generator (``s["rng"]``, Deep Future's xoshiro128**), except a d10
result queued in the forced-dice queue (``s["forced"]``), which is taken first: a test or a position can fix rolls.
"""

from __future__ import annotations

from df_env.core.jit import njit  # the one compile wrapper of every game, with its on-disk cache
from df_env.core.rng import below

from .state import (
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
    D_EXPAND,
    D_PICK,
    D_PLAY,
    D_RACE,
    D_TARGET,
    L_ATTR,
    L_DRAW,
    L_PLAY,
    L_SHUFFLE,
    MAX_LOG,
)
from .tables import CARD_EFFECT, CARD_TYPE, N_ATTR, N_CARDS, N_RACES


@njit
def log(s, kind, seat, a, b):
    """Append a log line (kept only while there is room: the log is text, never a rule's input)."""
    n = s["log_n"]
    if n < MAX_LOG:
        s["log"][n, 0] = kind
        s["log"][n, 1] = seat
        s["log"][n, 2] = a
        s["log"][n, 3] = b
        s["log_n"] = n + 1


@njit
def clear_log(s):
    for i in range(s["log_n"]):
        for j in range(4):
            s["log"][i, j] = 0
    s["log_n"] = 0


@njit
def d10(s):
    """One d10 result 1..10 (GCR3: the face 0 is 10): the next forced result if one is queued, else random."""
    n = s["forced_n"]
    if n > 0:
        v = s["forced"][0]
        for i in range(n - 1):  # the queue stays at the front: a position's bytes do not depend on its history
            s["forced"][i] = s["forced"][i + 1]
        s["forced"][n - 1] = 0
        s["forced_n"] = n - 1
        return int(v)
    return 1 + below(s["rng"], 10)


@njit
def add_attr(s, p, a, delta):
    """Change seat p's attribute a by delta, never below 0 (GCR20); returns the change made."""
    old = s["attr"][p, a]
    new = old + delta
    if new < 0:
        new = 0
    s["attr"][p, a] = new
    if new != old:
        log(s, L_ATTR, p, a, new - old)
    return new - old


@njit
def add_effect(s, p, eff, sign):
    """Add a row of per-attribute changes (times sign) to seat p, each floored at 0 (GCR20)."""
    for a in range(N_ATTR):
        if eff[a] != 0:
            add_attr(s, p, a, sign * eff[a])


@njit
def shuffle(arr, n, r):
    """Fisher-Yates shuffle of arr[:n] with generator words r."""
    for i in range(n - 1, 0, -1):
        j = below(r, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@njit
def draw_one(s, p):
    """Seat p draws the deck's top card; an empty deck takes the shuffled discard pile first (GCR9, GCR32).
    Returns the card, or -1 when both piles are empty (then nothing is drawn)."""
    if s["deck_n"] == 0:
        n = s["disc_n"]
        if n == 0:
            return -1
        for i in range(n):
            s["deck"][i] = s["disc"][i]
            s["disc"][i] = 0
        s["deck_n"] = n
        s["disc_n"] = 0
        shuffle(s["deck"], n, s["rng"])
        log(s, L_SHUFFLE, p, n, 0)
    k = s["deck_n"] - 1
    c = s["deck"][k]
    s["deck"][k] = 0  # unused slots stay 0 (canonical bytes)
    s["deck_n"] = k
    s["hand"][p, c] = 1
    s["hand_n"][p] += 1
    s["htype"][p, CARD_TYPE[c]] += 1
    return c


@njit
def draw(s, p, k):
    """Seat p draws k cards (GC8, GC15, GC17); the log says how many (which ones only the hand shows)."""
    got = 0
    for _ in range(k):
        if draw_one(s, p) >= 0:
            got += 1
    log(s, L_DRAW, p, got, 0)


@njit
def to_discard(s, p, c):
    """Card c leaves seat p's hand for the top of the discard pile, face up."""
    s["hand"][p, c] = 0
    s["hand_n"][p] -= 1
    s["htype"][p, CARD_TYPE[c]] -= 1
    s["disc"][s["disc_n"]] = c
    s["disc_n"] += 1


@njit
def play_card(s, p, c):
    """GC4: show card c, add its effects to seat p's attributes, then discard it."""
    log(s, L_PLAY, p, c, 0)
    add_effect(s, p, CARD_EFFECT[c], 1)
    to_discard(s, p, c)


@njit
def holds_type(s, p, types):
    """Whether seat p holds a card of one of the types in bit set ``types`` (bit 1 << type)."""
    for t in range(4):
        if (types >> t) & 1 and s["htype"][p, t] > 0:
            return True
    return False


@njit
def is_top(s, p, a):
    """GCR5: seat p's score in attribute a is strictly higher than every other player's."""
    v = s["attr"][p, a]
    for q in range(s["n_players"]):
        if q != p and s["attr"][q, a] >= v:
            return False
    return True


@njit
def is_bottom(s, p, a):
    """GCR5: seat p's score in attribute a is strictly lower than every other player's (GC18, GC20)."""
    v = s["attr"][p, a]
    for q in range(s["n_players"]):
        if q != p and s["attr"][q, a] <= v:
            return False
    return True


@njit
def lead(s, p, a):
    """GCR16: seat p's score in a minus the highest other score in a."""
    best = -1
    for q in range(s["n_players"]):
        if q != p and s["attr"][q, a] > best:
            best = s["attr"][q, a]
    return s["attr"][p, a] - best


# ---------------------------------------------------------------------------------------------- the legal mask
@njit
def _mark(s, action):
    """Make ``action`` legal (callers mark in ascending order, so ``legal`` stays sorted)."""
    s["mask"][action] = 1
    s["legal"][s["n_legal"]] = action
    s["n_legal"] += 1


@njit
def _mark_hand(s, p, start, types):
    """Mark start + c for every card c seat p holds whose type is in bit set ``types``."""
    for c in range(N_CARDS):
        if s["hand"][p, c] and (types >> CARD_TYPE[c]) & 1:
            _mark(s, start + c)


@njit
def _mark_races(s):
    for r in range(N_RACES):
        taken = False
        for p in range(s["n_players"]):
            taken |= s["race"][p] == r  # GCR7: races are distinct
        if not taken:
            _mark(s, A_RACE + r)


@njit
def fill_mask(s):
    """Fill ``mask``, ``legal`` and ``n_legal`` for the pending decision (none when there is no decision)."""
    for i in range(s["n_legal"]):
        s["mask"][s["legal"][i]] = 0
        s["legal"][i] = 0
    s["n_legal"] = 0
    dk = s["dk"]
    p = s["dplayer"]
    if dk == D_RACE:
        _mark_races(s)
    elif dk == D_PLAY:
        _mark_hand(s, p, A_PLAY, s["ctx_types"])
        _mark(s, A_PASS)  # GCR10: every play is optional
    elif dk == D_TARGET:
        for q in range(s["n_players"]):
            if q != s["ctx_chooser"]:
                _mark(s, A_TARGET + q)
    elif dk == D_PICK:
        for a in range(N_ATTR):
            _mark(s, A_ATTR + a)
    elif dk == D_EXPAND:
        _mark(s, A_PASS)
        _mark(s, A_TAKE)
    elif dk == D_DISCARD:
        _mark_hand(s, p, A_DISCARD, 15)
    elif dk == D_DILEMMA:
        _mark(s, A_DILEMMA)
        _mark(s, A_DILEMMA + 1)
