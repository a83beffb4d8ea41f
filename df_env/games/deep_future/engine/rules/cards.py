"""Cards and piles: creating cards, the deck, the discard pile, hands, random values (1.3, 1.4, R5-R7)."""

from __future__ import annotations

from .._jit import njit
from ..model.constants import BLANK, MAX_HAND, N_LINES, TECH, WORLD
from ..model.events import (
    DISCARD_FROM_DECK,
    DISCARD_FROM_HAND,
    EV_DISCARD,
    EV_DRAW,
    EV_NEW_CARD,
    EV_RANDOM,
    EV_SHUFFLE,
    log,
)
from ..model.rng import below, next_u32


# ------------------------------------------------------------------------------------------------ the pool
@njit
def new_card(s, num, suit, ctype):
    """Add a card to the pool (it joins the game for good, R6) and return its id; the caller places it."""
    c = s["n_cards"]
    if c >= s["c_num"].shape[0]:  # the state's capacity tier (model/state.py)
        raise RuntimeError("card pool full: every card slot of this game's state is used; start the game in a "
                           "bigger capacity tier (engine.GameConfig(capacity=...), constants.CAPACITY_TIERS)")
    s["n_cards"] = c + 1
    s["c_num"][c] = num
    s["c_suit"][c] = suit
    s["c_type"][c] = ctype
    s["c_sector"][c] = -1
    s["c_era"][c] = s["era"]
    s["c_name"][c] = -1
    for k in range(N_LINES):
        s["c_slot_suit"][c, k] = -1
        s["c_slot_num"][c, k] = 0
    s["c_circled"][c] = 0
    s["c_upkeep"][c] = 0
    s["c_civ3"][c] = -1
    s["c_civ4"][c] = -1
    for k in range(s["c_hist"].shape[1]):
        s["c_hist"][c, k] = -1
    s["c_known"][c] = 0
    s["c_paid"][c] = 0
    log(s, EV_NEW_CARD, -1, c, ctype)
    return c


@njit
def name_code(s):
    """A fresh name code from the seeded generator (names are rendered from word lists, R26)."""
    return next_u32(s["rng"]) & 0x3FFFFFFF


@njit
def n_written(s, c):
    """How many advancements are written on card c."""
    n = 0
    for k in range(N_LINES):
        if s["c_slot_num"][c, k] > 0:
            n += 1
    return n


@njit
def n_circled(s, c):
    m = s["c_circled"][c]
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)


@njit
def is_complete_tech(s, c):
    return s["c_type"][c] == TECH and n_written(s, c) == N_LINES


@njit
def has_written_suit(s, c, suit):
    """Card c has a written advancement of ``suit`` (upkeep and challenges, R18-R19)."""
    for k in range(N_LINES):
        if s["c_slot_num"][c, k] > 0 and s["c_slot_suit"][c, k] == suit:
            return True
    return False


@njit
def adv_of(s, c, k):
    """Advancement id written on line k of card c, or -1."""
    n = s["c_slot_num"][c, k]
    if n == 0:
        return -1
    return 6 * s["c_slot_suit"][c, k] + n - 1


@njit
def write_advancement(s, c, k, suit, num, circled):
    s["c_slot_suit"][c, k] = suit
    s["c_slot_num"][c, k] = num
    if circled:
        s["c_circled"][c] |= 1 << k
    if s["c_type"][c] == TECH and n_written(s, c) == N_LINES and s["c_name"][c] < 0:
        s["c_name"][c] = name_code(s)  # a completed tech gets its title (1.4)


# ------------------------------------------------------------------------------------------------ piles
@njit
def to_discard(s, c, reason):
    n = s["discard_n"]
    s["discard"][n] = c
    s["discard_n"] = n + 1
    s["c_known"][c] = 0
    s["c_upkeep"][c] = 0
    s["c_paid"][c] = 0  # R18: a discarded card owes its next owner's upkeep
    log(s, EV_DISCARD, -1, c, reason)


@njit
def shuffle_deck(s):
    """Fisher-Yates shuffle of the deck with the game's generator (R5)."""
    d = s["deck"]
    for i in range(s["deck_n"] - 1, 0, -1):
        j = below(s["rng"], i + 1)
        d[i], d[j] = d[j], d[i]


@njit
def refill_deck(s):
    """The deck is empty and a card is needed: the discard pile becomes the new deck, shuffled (1.4, R5)."""
    n = s["discard_n"]
    for i in range(n):
        s["deck"][i] = s["discard"][i]
        s["discard"][i] = -1
    s["deck_n"] = n
    s["discard_n"] = 0
    shuffle_deck(s)
    log(s, EV_SHUFFLE, -1, n, 0)


@njit
def take_top(s):
    """Remove and return the deck's top card, reshuffling the discard pile in if needed; -1 if none (R7)."""
    if s["deck_n"] == 0:
        refill_deck(s)
        if s["deck_n"] == 0:
            return -1
    n = s["deck_n"] - 1
    c = s["deck"][n]
    s["deck"][n] = -1
    s["deck_n"] = n
    s["c_known"][c] = 0
    return c


@njit
def random_number(s):
    """A random number 1..6: discard the top card and read its corner (1.3); the generator if no card (R7)."""
    c = take_top(s)
    if c < 0:
        v = 1 + below(s["rng"], 6)
    else:
        v = s["c_num"][c]
        to_discard(s, c, DISCARD_FROM_DECK)
    log(s, EV_RANDOM, -1, 0, v)
    return v


@njit
def random_suit(s):
    """A random suit 0..5, as :func:`random_number`."""
    c = take_top(s)
    if c < 0:
        v = below(s["rng"], 6)
    else:
        v = s["c_suit"][c]
        to_discard(s, c, DISCARD_FROM_DECK)
    log(s, EV_RANDOM, -1, 1, v)
    return v


@njit
def random_sector(s):
    """A random sector index: two discards, 10 x first number + second number (R6)."""
    a = random_number(s)
    b = random_number(s)
    return (a - 1) * 6 + b


@njit
def generate_card(s, ctype):
    """A new card: number of the first discard, suit of the second (1.3, R6)."""
    num = random_number(s)
    suit = random_suit(s)
    return new_card(s, num, suit, ctype)


# ------------------------------------------------------------------------------------------------ hands
@njit
def hand_add(s, p, c):
    n = s["hand_n"][p]
    if n >= MAX_HAND:
        raise RuntimeError("hand full: MAX_HAND cards already held (see engine/model/constants.py)")
    s["hand"][p, n] = c
    s["hand_n"][p] = n + 1
    s["c_known"][c] = 0
    end_reveal(s, p)


@njit
def hand_remove(s, p, i):
    """Remove and return the card in hand slot i (later cards move up one slot)."""
    h = s["hand"]
    c = h[p, i]
    n = s["hand_n"][p]
    for j in range(i, n - 1):
        h[p, j] = h[p, j + 1]
    h[p, n - 1] = -1
    s["hand_n"][p] = n - 1
    s["c_known"][c] = 0
    end_reveal(s, p)
    return c


@njit
def end_reveal(s, p):
    """R13: a revealed hand stays in the others' observation only until it changes. (Hand cards are known to
    others through a reveal only, so every bit goes.)"""
    for i in range(s["hand_n"][p]):
        s["c_known"][s["hand"][p, i]] = 0


@njit
def discard_from_hand(s, p, i):
    c = hand_remove(s, p, i)
    to_discard(s, c, DISCARD_FROM_HAND)
    return c


@njit
def draw(s, p, k):
    """Draw k cards into player p's hand; drawing simply stops when no card is left (R7). Returns cards drawn."""
    got = 0
    for _ in range(k):
        c = take_top(s)
        if c < 0:
            break
        hand_add(s, p, c)
        log(s, EV_DRAW, p, c, 0)
        got += 1
    return got


@njit
def discard_hand(s, p):
    while s["hand_n"][p] > 0:
        discard_from_hand(s, p, s["hand_n"][p] - 1)


@njit
def reveal_hand(s, p):
    """The other players see p's hand (settling from a blank or a new card, R13) until it changes
    (:func:`end_reveal`)."""
    others = ((1 << s["n_players"]) - 1) & ~(1 << p)
    for i in range(s["hand_n"][p]):
        s["c_known"][s["hand"][p, i]] |= others


@njit
def count_in_hand(s, p, ctype):
    n = 0
    for i in range(s["hand_n"][p]):
        if s["c_type"][s["hand"][p, i]] == ctype:
            n += 1
    return n


@njit
def deck_has_world(s):
    for i in range(s["deck_n"]):
        if s["c_type"][s["deck"][i]] == WORLD:
            return True
    for i in range(s["discard_n"]):
        if s["c_type"][s["discard"][i]] == WORLD:
            return True
    return False


@njit
def remove_from_discard(s, c):
    """Take card c out of the discard pile (the homeworld pick, 1.7)."""
    n = s["discard_n"]
    for i in range(n):
        if s["discard"][i] == c:
            for j in range(i, n - 1):
                s["discard"][j] = s["discard"][j + 1]
            s["discard"][n - 1] = -1
            s["discard_n"] = n - 1
            return


@njit
def is_blank(s, c):
    return s["c_type"][c] == BLANK
