"""Event codes: what happened since the last decision (``state["ev"]``), for renderers and logs.

Each event is four int16 ``(code, player, a, b)``; the meaning of ``a`` and ``b`` is given per code below.
Recording stops at ``MAX_EVENTS`` per decision (``ev_n`` keeps counting, so a reader can tell that some were
dropped); events are a log, not game state.
"""

from __future__ import annotations

from .._jit import njit
from .constants import MAX_EVENTS

EV_DRAW = 1  # player drew card a into his hand
EV_DISCARD = 2  # card a went to the discard pile (b: 0 from hand, 1 from deck as a random value, 2 from tableau)
# where a discarded card came from (EV_DISCARD's b): a hand, the deck (also a discard drawn as a random value), a
# tableau, or elsewhere in play (the neutral line, a new civilization card)
DISCARD_FROM_HAND, DISCARD_FROM_DECK, DISCARD_FROM_TABLEAU, DISCARD_FROM_PLAY = range(4)
EV_TRACK = 3  # player's track a is now b
EV_CUBES = 4  # sector a now holds b cubes of owner `player` (3 neutral, -1 empty)
EV_ACTION = 5  # player took action a (b = 1 when free, from a conquest)
EV_NEW_CARD = 6  # card a was created (b = its type)
EV_ADVANCEMENT = 7  # card a received advancement b
EV_SETTLE = 8  # player settled world a
EV_CHALLENGE = 9  # player revealed a challenge of suit a (b: 0 pending, 1 met, 2 failed)
EV_FAILURE = 10  # Table 6 row: suit a, number b
EV_NEUTRAL_WORLD = 11  # world a joined the neutral line (b = the world it replaced or -1)
EV_SECTOR_LOST = 12  # player lost his last cube in sector a
EV_HOMEWORLD = 13  # player's homeworld is now card a
EV_LOSE = 14  # player lost (a: 0 track, 1 homeworld, 2 every player lost)
EV_WIN = 15  # player won with victory type a
EV_WONDER = 16  # wonder of type a placed in sector b (player = winner) / used (b = -1 - sector)
EV_UPKEEP = 17  # card a now holds b upkeep cubes
EV_TURN = 18  # player's turn a began
EV_RANDOM = 19  # a random value was generated (a: 0 number, 1 suit; b: value)
EV_SHUFFLE = 20  # the discard pile (a cards) was shuffled into a new deck
EV_CIVILIZATION = 21  # civilization card a was created (b = era)

EVENT_NAMES = {v: k for k, v in globals().items() if k.startswith("EV_") and isinstance(v, int)}


@njit
def log(s, code, player, a, b):
    """Record one event (silently counted but not stored past MAX_EVENTS)."""
    n = s["ev_n"]
    if n < MAX_EVENTS:
        s["ev"][n, 0] = code
        s["ev"][n, 1] = player
        s["ev"][n, 2] = a
        s["ev"][n, 3] = b
    if n < 32000:
        s["ev_n"] = n + 1
