"""Payment and challenge phases (2.3, 2.4, R18-R20) and the new-homeworld decision (R22)."""

from __future__ import annotations

from .._jit import njit
from ..legality.marks import mark_legal
from ..legality.queries import challenge_card_ok, slot_card, upkeep_payable
from ..model.constants import FAIL, MAX_CHALLENGES, MAX_UPKEEP
from ..model.events import (
    DISCARD_FROM_DECK,
    DISCARD_FROM_TABLEAU,
    EV_CHALLENGE,
    EV_FAILURE,
    EV_HOMEWORLD,
    EV_UPKEEP,
    log,
)
from ..model.layout import (
    B_HAND,
    B_SPECIAL,
    B_TABLEAU,
    D_CHALLENGE,
    D_REHOME,
    D_UPKEEP_CARD,
    D_UPKEEP_PAY,
    PASS,
    WORLD_SLOT0,
)
from ..model.layout import FAIL as SPECIAL_FAIL  # the special action (constants.FAIL: Table 6)
from ..model.rng import below
from .board import add_neutral_world, place_rivals, reduce, remove_world_at
from .cards import discard_from_hand, has_written_suit, random_number, take_top, to_discard
from .frames import P_REHOME, RET, ask, goto, push

GENERATED_SUIT = -10  # a challenge with no card behind it (R7) is stored as GENERATED_SUIT - suit


# ------------------------------------------------------------------------------------------------ payment
# P_UPKEEP stages and registers: the player, the card being paid
UPKEEP_ASK_CARD, UPKEEP_CARD, UPKEEP_PAID, UPKEEP_CHALLENGES = range(4)
R_UPKEEP_PLAYER, R_UPKEEP_CARD = range(2)


@njit
def proc_upkeep(s, fi):
    """Pay upkeep card by card with hand cards of a written suit (+1 cube, at most 3); each unpaid homeworld
    or tech adds a challenge, then one more is always added (2.3, R18)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_UPKEEP_PLAYER]
    if st == UPKEEP_ASK_CARD:
        for slot in range(WORLD_SLOT0):
            if upkeep_payable(s, p, slot_card(s, p, slot)):
                return ask(s, fi, UPKEEP_CARD, D_UPKEEP_CARD, p, 0, 0)
        return goto(s, fi, UPKEEP_CHALLENGES)
    if st == UPKEEP_CARD:
        if s["ans_kind"] == B_SPECIAL:
            return goto(s, fi, UPKEEP_CHALLENGES)
        r[R_UPKEEP_CARD] = slot_card(s, p, s["ans"])
        return ask(s, fi, UPKEEP_PAID, D_UPKEEP_PAY, p, r[R_UPKEEP_CARD], 0)
    if st == UPKEEP_PAID:
        c = r[R_UPKEEP_CARD]
        discard_from_hand(s, p, s["ans"])
        s["c_upkeep"][c] = min(MAX_UPKEEP, s["c_upkeep"][c] + 1)
        s["c_paid"][c] = 1
        log(s, EV_UPKEEP, p, c, s["c_upkeep"][c])
        return goto(s, fi, UPKEEP_ASK_CARD)
    # UPKEEP_CHALLENGES
    for slot in range(WORLD_SLOT0):
        c = slot_card(s, p, slot)
        if c >= 0 and s["c_paid"][c] == 0:
            add_challenge(s)
    add_challenge(s)
    if s["chal_n"] == 0:  # R7: no card was left anywhere; the pile still gets its minimum one challenge (R39)
        add_generated_challenge(s)
    return RET


@njit
def add_challenge(s):
    """The deck's top card joins the challenge pile (2.3); with no card left anywhere nothing is drawn (R7)."""
    c = take_top(s)
    if c >= 0:
        _push_challenge(s, c)


@njit
def add_generated_challenge(s):
    """A challenge with a generator-drawn suit and no card behind it, stored as ``GENERATED_SUIT - suit`` (R7,
    R39)."""
    _push_challenge(s, GENERATED_SUIT - below(s["rng"], 6))


@njit
def _push_challenge(s, v):
    n = s["chal_n"]
    if n >= MAX_CHALLENGES:
        raise RuntimeError("challenge pile full (MAX_CHALLENGES)")
    s["chal"][n] = v
    s["chal_n"] = n + 1


@njit
def pop_challenge(s):
    """Reveal the next challenge (in the order added, R27); the card goes to the discard pile. Returns its suit."""
    c = s["chal"][0]
    n = s["chal_n"]
    for i in range(n - 1):
        s["chal"][i] = s["chal"][i + 1]
    s["chal"][n - 1] = -1
    s["chal_n"] = n - 1
    if c <= GENERATED_SUIT:
        return GENERATED_SUIT - c
    to_discard(s, c, DISCARD_FROM_DECK)
    return s["c_suit"][c]


@njit
def clear_challenges(s):
    while s["chal_n"] > 0:
        pop_challenge(s)


# ------------------------------------------------------------------------------------------------ challenges
# P_CHALLENGES stages and registers: the player, the suit of the revealed challenge
CHALLENGES_REVEAL, CHALLENGES_ASK, CHALLENGES_MET = range(3)
R_CHALLENGES_PLAYER, R_CHALLENGES_SUIT = range(2)


@njit
def proc_challenges(s, fi):
    """Reveal challenges one at a time; meet each with a hand card, an upkeep cube or a settled world of its
    suit, or fail it (2.4, R19)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_CHALLENGES_PLAYER]
    if st == CHALLENGES_REVEAL:
        if s["chal_n"] == 0:
            return RET
        r[R_CHALLENGES_SUIT] = pop_challenge(s)
        log(s, EV_CHALLENGE, p, r[R_CHALLENGES_SUIT], 0)
        return goto(s, fi, CHALLENGES_ASK)
    if st == CHALLENGES_ASK:
        return ask(s, fi, CHALLENGES_MET, D_CHALLENGE, p, r[R_CHALLENGES_SUIT], 0)
    # CHALLENGES_MET
    if s["ans_kind"] == B_HAND:
        discard_from_hand(s, p, s["ans"])
    elif s["ans_kind"] == B_TABLEAU:
        slot = s["ans"]
        c = slot_card(s, p, slot)
        if slot >= WORLD_SLOT0:
            to_discard(s, remove_world_at(s, p, slot - WORLD_SLOT0), DISCARD_FROM_TABLEAU)
        else:
            s["c_upkeep"][c] -= 1
            log(s, EV_UPKEEP, p, c, s["c_upkeep"][c])
    else:
        log(s, EV_CHALLENGE, p, r[R_CHALLENGES_SUIT], 2)
        fail_challenge(s, p, r[R_CHALLENGES_SUIT])
        return goto(s, fi, CHALLENGES_REVEAL)
    log(s, EV_CHALLENGE, p, r[R_CHALLENGES_SUIT], 1)
    return goto(s, fi, CHALLENGES_REVEAL)


@njit
def fail_challenge(s, p, suit):
    """Table 6: a discard's number and the challenge suit select the row; effects apply in the order written;
    once a track reaches the cross the rest no longer matters (2.4, R3)."""
    n = random_number(s)
    log(s, EV_FAILURE, p, suit, n)
    row = FAIL[suit, n - 1]
    for k in range(2):
        if row[2 * k] >= 0:
            reduce(s, p, row[2 * k], row[2 * k + 1])
            if s["lost"][p]:
                return
    if row[4] > 0:
        place_rivals(s, p, row[4], -1)
    if row[5] == 1:
        place_rivals(s, p, 5, add_neutral_world(s))


# ------------------------------------------------------------------------------------------------ new homeworld
# P_REHOME stages and registers: the player, then the decision this interrupted (kind 0: none), its player and
# its context
REHOME_ASK, REHOME_PICKED = range(2)
R_REHOME_PLAYER, R_REHOME_KIND, R_REHOME_DPLAYER, R_REHOME_CTX0, R_REHOME_CTX1 = range(5)


@njit
def push_rehome(s, p):
    """R22: interrupt the pending decision (kept in the new frame's registers) for player p's new homeworld."""
    push(s, P_REHOME, p, s["dk"], s["dplayer"], s["ctx"][0])
    s["f_reg"][s["sp"] - 1, R_REHOME_CTX1] = s["ctx"][1]
    s["dk"] = 0


@njit
def proc_rehome(s, fi):
    """R22: the player picks a settled world as his new homeworld at once (its upkeep starts at 0); then the
    decision this interrupted is posted again."""
    r = s["f_reg"][fi]
    p = r[R_REHOME_PLAYER]
    if s["f_stage"][fi] == REHOME_ASK:
        return ask(s, fi, REHOME_PICKED, D_REHOME, p, 0, 0)
    w = remove_world_at(s, p, s["ans"] - WORLD_SLOT0)
    s["home"][p] = w
    s["c_upkeep"][w] = 0
    log(s, EV_HOMEWORLD, p, w, 1)
    if r[R_REHOME_KIND] != 0:
        s["dk"] = r[R_REHOME_KIND]
        s["dplayer"] = r[R_REHOME_DPLAYER]
        s["ctx"][0] = r[R_REHOME_CTX0]
        s["ctx"][1] = r[R_REHOME_CTX1]
    return RET


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_upkeep_card(s, p, ctx):
    for slot in range(WORLD_SLOT0):
        if upkeep_payable(s, p, slot_card(s, p, slot)):
            mark_legal(s, B_TABLEAU, slot)
    mark_legal(s, B_SPECIAL, PASS)


@njit
def fill_upkeep_pay(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if has_written_suit(s, ctx[0], s["c_suit"][s["hand"][p, i]]):
            mark_legal(s, B_HAND, i)


@njit
def fill_challenge(s, p, ctx):
    for i in range(s["hand_n"][p]):
        if s["c_suit"][s["hand"][p, i]] == ctx[0]:
            mark_legal(s, B_HAND, i)
    for slot in range(WORLD_SLOT0 + s["worlds_n"][p]):
        if challenge_card_ok(s, p, slot, ctx[0]):
            mark_legal(s, B_TABLEAU, slot)
    mark_legal(s, B_SPECIAL, SPECIAL_FAIL)


@njit
def fill_rehome(s, p, ctx):
    for i in range(s["worlds_n"][p]):
        mark_legal(s, B_TABLEAU, WORLD_SLOT0 + i)
