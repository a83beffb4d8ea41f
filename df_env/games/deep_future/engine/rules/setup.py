"""Setup: a fresh galaxy (1.6), a game (1.7), and a restarting player's new homeworld (R24 variant)."""

from __future__ import annotations

import numpy as np

from .._jit import njit
from ..legality.marks import mark_legal
from ..legality.queries import home_pick_ok
from ..model.constants import BLANK, FIRST_SECTOR, N_MAP_SECTORS, N_SECTORS, NEUTRAL, WORLD
from ..model.events import DISCARD_FROM_DECK, EV_HOMEWORLD, log
from ..model.layout import B_REVEAL, D_HOME_PICK
from .board import add_cubes, line_put, set_cubes
from .cards import (
    generate_card,
    n_circled,
    n_written,
    name_code,
    new_card,
    random_number,
    random_sector,
    random_suit,
    remove_from_discard,
    shuffle_deck,
    take_top,
    to_discard,
    write_advancement,
)
from .frames import F_CIRCLE, P_GEN_ADV, RET, ask, call, goto


# ------------------------------------------------------------------------------------------------ the galaxy
@njit
def make_fresh_galaxy(s):
    """36 cards, one per number and suit; 12 of them, at random, become original worlds (era 0) each in a
    random sector with one random advancement (1.6)."""
    for num in range(1, 7):
        for suit in range(6):
            c = new_card(s, num, suit, BLANK)
            s["c_era"][c] = 0
    gather_deck(s)
    worlds = np.empty(12, dtype=np.int64)
    for i in range(12):
        worlds[i] = s["deck"][s["deck_n"] - 1 - i]  # the top 12 of the shuffled deck: 12 random cards
    for i in range(12):
        c = worlds[i]
        s["c_type"][c] = WORLD
        s["c_name"][c] = name_code(s)
        s["c_sector"][c] = random_sector(s)  # values come from discards of the deck itself (1.3)
        suit = random_suit(s)
        write_advancement(s, c, 0, suit, random_number(s), False)


@njit
def gather_deck(s):
    """All cards of the pool form the deck, shuffled (1.7, R5)."""
    n = s["n_cards"]
    for c in range(n):
        s["deck"][c] = c
    for i in range(n, s["deck"].shape[0]):
        s["deck"][i] = -1
    s["deck_n"] = n
    s["discard"][:] = -1
    s["discard_n"] = 0
    shuffle_deck(s)


# ------------------------------------------------------------------------------------------------ homeworlds
@njit
def take_home(s, p, c):
    s["home"][p] = c
    s["c_upkeep"][c] = 0
    add_cubes(s, s["c_sector"][c], p, 3)
    log(s, EV_HOMEWORLD, p, c, 0)


@njit
def discard_five(s):
    for i in range(5):
        c = take_top(s)
        s["reveal"][i] = c
        if c >= 0:
            to_discard(s, c, DISCARD_FROM_DECK)


@njit
def _any_pick(s, mode):
    for i in range(5):
        if home_pick_ok(s, s["reveal"][i], mode):
            return True
    return False


@njit
def _sector_free(s, x, mode):
    if mode == 1:
        return s["cubes"][x] == 0
    return not (s["cubes"][x] > 0 and s["owner"][x] < NEUTRAL)


@njit
def new_homeworld(s, mode):
    """A player with no homeworld among his five cards creates one on a new card in a random sector not
    occupied by a player (1.7); a restarting player (mode 1) needs an empty sector (R28)."""
    c = generate_card(s, WORLD)
    s["c_name"][c] = name_code(s)
    s["c_sector"][c] = _free_sector(s, mode)
    return c


@njit
def _free_sector(s, mode):
    """A random sector (two discards) until one is free; after 50 misses the next free sector in index
    order; R28: a restarting player with no empty sector left takes a neutral one, its rivals removed."""
    x = random_sector(s)
    for _ in range(50):
        if _sector_free(s, x, mode):
            return x
        x = random_sector(s)
    for i in range(N_MAP_SECTORS):
        y = FIRST_SECTOR + (x + i) % N_MAP_SECTORS
        if _sector_free(s, y, mode):
            return y
    for i in range(N_MAP_SECTORS):
        y = FIRST_SECTOR + (x + i) % N_MAP_SECTORS
        if s["owner"][y] == NEUTRAL:
            set_cubes(s, y, -1, 0)
            return y
    raise RuntimeError("no sector left for a new homeworld: every sector holds a player's cubes")


# P_SETUP stages and registers: the seat being set up, its homeworld
SETUP_SEAT, SETUP_ASK_HOME, SETUP_HOME_PICKED, SETUP_TAKE_HOME, SETUP_BALANCE, SETUP_NEUTRAL = range(6)
R_SETUP_SEAT, R_SETUP_HOME = range(2)


@njit
def proc_setup(s, fi):
    """Homeworlds seat by seat, balancing advancements, the neutral line, named-sector cubes (1.7)."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_SETUP_SEAT]
    if st == SETUP_SEAT:
        if p == s["n_players"]:
            return goto(s, fi, SETUP_BALANCE)
        discard_five(s)
        return goto(s, fi, SETUP_ASK_HOME)
    if st == SETUP_ASK_HOME:
        if _any_pick(s, 0):
            return ask(s, fi, SETUP_HOME_PICKED, D_HOME_PICK, p, 0, 0)
        r[R_SETUP_HOME] = new_homeworld(s, 0)
        return call(s, fi, SETUP_TAKE_HOME, P_GEN_ADV, r[R_SETUP_HOME], -1, 0, p)
    if st == SETUP_HOME_PICKED:
        r[R_SETUP_HOME] = s["reveal"][s["ans"]]
        remove_from_discard(s, r[R_SETUP_HOME])
        return goto(s, fi, SETUP_TAKE_HOME)
    if st == SETUP_TAKE_HOME:
        take_home(s, p, r[R_SETUP_HOME])
        s["reveal"][:] = -1
        r[R_SETUP_SEAT] = p + 1
        return goto(s, fi, SETUP_SEAT)
    if st == SETUP_BALANCE:
        return _balance(s, fi)
    # SETUP_NEUTRAL
    setup_neutral_line(s)
    setup_named_sectors(s)
    return RET


@njit
def _balance(s, fi):
    """Homeworlds with fewer advancements than the most get more until all are equal; the suit is generated
    and, if none is circled yet, the player may choose the advancement (1.7)."""
    most = 0
    for q in range(s["n_players"]):
        most = max(most, n_written(s, s["home"][q]))
    for q in range(s["n_players"]):
        h = s["home"][q]
        if n_written(s, h) < most:
            return call(s, fi, SETUP_BALANCE, P_GEN_ADV, h, -1, F_CIRCLE if n_circled(s, h) == 0 else 0, q)
    return goto(s, fi, SETUP_NEUTRAL)


@njit
def setup_neutral_line(s):
    """Discard from the deck: worlds join the line by corner number (not in a homeworld's sector); it ends at
    6 worlds or at a world whose number is already in the line (not added). 3 neutral cubes per line world's
    sector, 5 where several share a sector (1.7)."""
    limit = s["deck_n"] + s["discard_n"]
    for _ in range(limit):
        c = take_top(s)
        if c < 0:
            break
        if s["c_type"][c] != WORLD or _is_home_sector(s, s["c_sector"][c]):
            to_discard(s, c, DISCARD_FROM_DECK)
            continue
        if s["line"][s["c_num"][c] - 1] >= 0:
            to_discard(s, c, DISCARD_FROM_DECK)
            break
        line_put(s, c)
        full = True
        for k in range(6):
            if s["line"][k] < 0:
                full = False
        if full:
            break
    for k in range(6):
        w = s["line"][k]
        if w < 0:
            continue
        x = s["c_sector"][w]
        if s["cubes"][x] == 0:
            shared = 0
            for j in range(6):
                if s["line"][j] >= 0 and s["c_sector"][s["line"][j]] == x:
                    shared += 1
            add_cubes(s, x, NEUTRAL, 5 if shared > 1 else 3)


@njit
def _is_home_sector(s, x):
    for q in range(s["n_players"]):
        h = s["home"][q]
        if h >= 0 and s["c_sector"][h] == x:
            return True
    return False


@njit
def setup_named_sectors(s):
    """1 neutral cube on each empty named sector; with more than 12 named sectors, a cube on each wonder sector
    and on 12 random sectors instead, none where a player is (1.7)."""
    named = 0
    for x in range(FIRST_SECTOR, N_SECTORS):
        if s["sector_name"][x] >= 0:
            named += 1
    if named <= 12:
        for x in range(FIRST_SECTOR, N_SECTORS):
            if s["sector_name"][x] >= 0 and s["cubes"][x] == 0:
                add_cubes(s, x, NEUTRAL, 1)
        return
    for x in range(FIRST_SECTOR, N_SECTORS):
        if s["wonder"][x] >= 0 and _sector_free(s, x, 0):
            add_cubes(s, x, NEUTRAL, 1)
    for _ in range(12):
        x = random_sector(s)
        if _sector_free(s, x, 0):
            add_cubes(s, x, NEUTRAL, 1)


# ------------------------------------------------------------------------------------------------ restart (R24)
# P_RESTART stages and registers: the player, his new homeworld
RESTART_DISCARD, RESTART_ASK_HOME, RESTART_HOME_PICKED, RESTART_TAKE_HOME = range(4)
R_RESTART_PLAYER, R_RESTART_HOME = range(2)


@njit
def proc_restart(s, fi):
    """R24 variant "restart": a player who lost takes a new homeworld on his next turn as in 1.7 (in an empty
    sector, no balancing advancements), with his tracks back at the start."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_RESTART_PLAYER]
    if st == RESTART_DISCARD:
        discard_five(s)
        return goto(s, fi, RESTART_ASK_HOME)
    if st == RESTART_ASK_HOME:
        if _any_pick(s, 1):
            return ask(s, fi, RESTART_HOME_PICKED, D_HOME_PICK, p, 1, 0)
        r[R_RESTART_HOME] = new_homeworld(s, 1)
        return call(s, fi, RESTART_TAKE_HOME, P_GEN_ADV, r[R_RESTART_HOME], -1, 0, p)
    if st == RESTART_HOME_PICKED:
        r[R_RESTART_HOME] = s["reveal"][s["ans"]]
        remove_from_discard(s, r[R_RESTART_HOME])
        return goto(s, fi, RESTART_TAKE_HOME)
    # RESTART_TAKE_HOME
    s["lost"][p] = 0
    s["tracks"][p, :] = 0
    take_home(s, p, r[R_RESTART_HOME])
    s["reveal"][:] = -1
    return RET


# ------------------------------------------------------------------------------------------------ mask fillers
# The legal choices of player p at a decision this module posts (ctx: its context), named by the decision's
# record in model/decisions.py and called by legality/mask.py.
@njit
def fill_home_pick(s, p, ctx):
    for i in range(5):
        if home_pick_ok(s, s["reveal"][i], ctx[0]):
            mark_legal(s, B_REVEAL, i)
