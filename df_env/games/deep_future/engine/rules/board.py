"""The map, the tracks and the tableau: cubes and control (R1), tracks (R3-R4), losing sectors and players
(R22, R24, section 3), the neutral line (R20-R21), rival cubes and the spill (2.4, R20)."""

from __future__ import annotations

from .._jit import njit
from ..model.constants import (
    BLACK_HOLE,
    FIRST_SECTOR,
    MAX_CUBES,
    MAX_TECHS,
    MAX_WORLDS,
    N_LINES,
    N_SECTORS,
    NEIGH,
    NEUTRAL,
    TRACK_LOSE,
    TRACK_MAX,
    TRACK_MIN,
    WORLD,
)
from ..model.events import (
    DISCARD_FROM_DECK,
    DISCARD_FROM_PLAY,
    DISCARD_FROM_TABLEAU,
    EV_CUBES,
    EV_HOMEWORLD,
    EV_LOSE,
    EV_NEUTRAL_WORLD,
    EV_SECTOR_LOST,
    EV_TRACK,
    log,
)
from .cards import (
    discard_hand,
    generate_card,
    name_code,
    random_number,
    random_sector,
    random_suit,
    take_top,
    to_discard,
    write_advancement,
)

SPILL_LIMIT = 200  # spill steps before the remaining cubes are dropped (a guard; never reached in practice)


# ------------------------------------------------------------------------------------------------ tracks
@njit
def gain(s, p, t, k):
    """Raise track t of player p by k; gains stop at the star (R3)."""
    v = min(TRACK_MAX[t], s["tracks"][p, t] + k)
    if v != s["tracks"][p, t]:
        s["tracks"][p, t] = v
        log(s, EV_TRACK, p, t, v)


@njit
def can_pay_track(s, p, t):
    """R4: a track pays 1 only if it can drop without reaching the cross (Culture: only above 0)."""
    v = s["tracks"][p, t]
    if t == 0:
        return v > 0
    return v - 1 > TRACK_LOSE[t]


@njit
def any_track_payable(s, p):
    for t in range(4):
        if can_pay_track(s, p, t):
            return True
    return False


@njit
def reduce(s, p, t, k):
    """Lower track t by k, stopping at the bottom; reaching the cross loses the game (R3)."""
    v = max(TRACK_MIN[t], s["tracks"][p, t] - k)
    if v != s["tracks"][p, t]:
        s["tracks"][p, t] = v
        log(s, EV_TRACK, p, t, v)
    if v <= TRACK_LOSE[t]:
        lose(s, p, 0)


# ------------------------------------------------------------------------------------------------ cubes
@njit
def controls(s, p, x):
    return s["owner"][x] == p and s["cubes"][x] > 0


@njit
def set_cubes(s, x, owner, n):
    s["cubes"][x] = n
    s["owner"][x] = owner if n > 0 else -1
    log(s, EV_CUBES, s["owner"][x], x, n)


@njit
def add_cubes(s, x, who, k):
    """Add up to k cubes of ``who`` to sector x (empty or already his), stopping at 5. Returns cubes placed."""
    have = s["cubes"][x]
    if have > 0 and s["owner"][x] != who:
        return 0
    if who < NEUTRAL and s["lost"][who] and s["n_players"] > 1:
        return 0  # a player who has left the game places no cubes (R24)
    n = min(MAX_CUBES, have + k)
    if n != have:
        set_cubes(s, x, who, n)
    return n - have


@njit
def remove_cubes(s, x, k):
    """Remove up to k cubes from sector x; a player who loses his last cube there loses the sector (R22)."""
    have = s["cubes"][x]
    who = s["owner"][x]
    n = max(0, have - k)
    if n == have:
        return 0
    set_cubes(s, x, who, n)
    if n == 0 and 0 <= who < NEUTRAL:
        sector_lost(s, who, x)
    return have - n


@njit
def move_cubes(s, src, dst, p, k):
    add_cubes(s, dst, p, k)  # arrive first: leaving the last cube of a sector may lose the game (R22)
    remove_cubes(s, src, k)


@njit
def n_cubes_of(s, p):
    n = 0
    for x in range(FIRST_SECTOR, N_SECTORS):
        if s["owner"][x] == p:
            n += s["cubes"][x]
    return n


@njit
def n_sectors_of(s, p):
    n = 0
    for x in range(FIRST_SECTOR, N_SECTORS):
        if s["owner"][x] == p and s["cubes"][x] > 0:
            n += 1
    return n


@njit
def adjacent_to_own(s, p, x):
    """Sector x is adjacent to a sector that player p controls."""
    for d in range(6):
        y = NEIGH[x, d]
        if y >= 0 and controls(s, p, y):
            return True
    return False


@njit
def is_rival_of(s, p, x):
    """Sector x holds cubes of another colour than p's (neutral or another player's)."""
    return s["cubes"][x] > 0 and s["owner"][x] != p


# ------------------------------------------------------------------------------------------------ tableau
@njit
def home_sector(s, p):
    h = s["home"][p]
    return -1 if h < 0 else s["c_sector"][h]


@njit
def add_tech(s, p, c):
    n = s["techs_n"][p]
    if n >= MAX_TECHS:
        raise RuntimeError("tableau full: MAX_TECHS techs already held (see engine/model/constants.py)")
    s["techs"][p, n] = c
    s["techs_n"][p] = n + 1


@njit
def add_world(s, p, c):
    n = s["worlds_n"][p]
    if n >= MAX_WORLDS:
        raise RuntimeError("tableau full: MAX_WORLDS settled worlds already held (see engine/model/constants.py)")
    s["worlds"][p, n] = c
    s["worlds_n"][p] = n + 1


@njit
def remove_world_at(s, p, i):
    w = s["worlds"]
    c = w[p, i]
    n = s["worlds_n"][p]
    for j in range(i, n - 1):
        w[p, j] = w[p, j + 1]
    w[p, n - 1] = -1
    s["worlds_n"][p] = n - 1
    return c


@njit
def remove_tech_at(s, p, i):
    t = s["techs"]
    c = t[p, i]
    n = s["techs_n"][p]
    for j in range(i, n - 1):
        t[p, j] = t[p, j + 1]
    t[p, n - 1] = -1
    s["techs_n"][p] = n - 1
    return c


# ------------------------------------------------------------------------------------------------ neutral line
@njit
def line_put(s, c):
    """World c joins the neutral line, replacing the world with the same corner number (R21). Returns the
    replaced world or -1 (already sent to the discard pile)."""
    k = s["c_num"][c] - 1
    old = s["line"][k]
    if old >= 0:
        to_discard(s, old, DISCARD_FROM_PLAY)
    s["line"][k] = c
    log(s, EV_NEUTRAL_WORLD, -1, c, old)
    return old


@njit
def new_random_world(s):
    """A new world card (R6) in a random sector with one random advancement and a name (1.4)."""
    c = generate_card(s, WORLD)
    s["c_sector"][c] = random_sector(s)
    s["c_name"][c] = name_code(s)
    suit = random_suit(s)
    write_advancement(s, c, 0, suit, random_number(s), False)
    return c


@njit
def add_neutral_world(s):
    """Challenge failure: discard from the deck until a world comes up; it joins the neutral line (2.4, R20).
    With no world in deck or discard, a new world card is generated. Returns the world's sector."""
    found = False
    for i in range(s["deck_n"]):
        if s["c_type"][s["deck"][i]] == WORLD:
            found = True
    for i in range(s["discard_n"]):
        if s["c_type"][s["discard"][i]] == WORLD:
            found = True
    if found:
        while True:
            c = take_top(s)
            if s["c_type"][c] == WORLD:
                break
            to_discard(s, c, DISCARD_FROM_DECK)
    else:
        c = new_random_world(s)
    line_put(s, c)
    return s["c_sector"][c]


# ------------------------------------------------------------------------------------------------ rival cubes
@njit
def place_rivals(s, p, k, x):
    """Add k random rival cubes for player p's failed challenge (2.4, R20). x = the chosen sector, or -1 to
    pick it: a number matching a neutral-line world picks that world's sector, otherwise two discards."""
    if x < 0:
        num = random_number(s)
        w = s["line"][num - 1]
        x = s["c_sector"][w] if w >= 0 else random_sector(s)
    who = s["owner"][x] if s["cubes"][x] > 0 else -1
    if 0 <= who < NEUTRAL and who != p:
        add_cubes(s, x, who, 1)  # another player's sector gets 1 cube of his colour (R20)
        return
    spill(s, x, k)


@njit
def spill(s, x, k):
    """Put k neutral cubes into sector x: a player's cubes there are removed one for one first; a full sector
    passes the rest to a neighbour in a random direction, off the galaxy they are lost (2.4, R20)."""
    for _ in range(SPILL_LIMIT):
        if s["cubes"][x] > 0 and s["owner"][x] != NEUTRAL:
            k -= remove_cubes(s, x, k)
        if k > 0:
            k -= add_cubes(s, x, NEUTRAL, k)
        if k <= 0:
            return
        d = random_number(s)
        x = NEIGH[x, d - 1]
        if x < 0:
            return


# ------------------------------------------------------------------------------------------------ losing
@njit
def sector_lost(s, p, x):
    """Player p has no cube left in sector x: his worlds there are discarded; a lost homeworld joins the
    neutral line and he must pick a new one from his settled worlds, or he loses (1.5, 2.2.1, R22)."""
    log(s, EV_SECTOR_LOST, p, x, 0)
    i = 0
    while i < s["worlds_n"][p]:
        c = s["worlds"][p, i]
        if s["c_sector"][c] == x:
            remove_world_at(s, p, i)
            to_discard(s, c, DISCARD_FROM_TABLEAU)
        else:
            i += 1
    h = s["home"][p]
    if h >= 0 and s["c_sector"][h] == x:
        if p == s["cur"]:
            release_start_uses(s, h)
        s["home"][p] = -1
        s["c_upkeep"][h] = 0
        s["c_paid"][h] = 0  # R18: its next holder owes its upkeep
        line_put(s, h)
        log(s, EV_HOMEWORLD, p, -1, 0)
        if s["worlds_n"][p] > 0:
            s["rehome"][p] = 1
        else:
            lose(s, p, 1)


@njit
def release_start_uses(s, c):
    """R45: card c leaves the tableau of the player whose turn it is; the start-phase uses counted this turn
    against its advancement instances leave with it (the lost card's instances count as the ones he used), so
    the instances of his next homeworld are unused and the granted ones (R10) stay his."""
    for k in range(N_LINES):
        n = s["c_slot_num"][c, k]
        if n > 0:
            a = 6 * s["c_slot_suit"][c, k] + n - 1
            if s["used"][a] > 0:
                s["used"][a] -= 1


@njit
def lose(s, p, why):
    """Player p loses (section 3). Solo: the game ends. Multiplayer (R24): his tableau and hand are discarded
    (homeworld to the neutral line), his sectors are cleared with 1 neutral rival in each."""
    if s["lost"][p]:
        return
    s["lost"][p] = 1
    s["rehome"][p] = 0
    log(s, EV_LOSE, p, why, 0)
    if s["n_players"] == 1:
        return
    clear_player(s, p)


@njit
def clear_player(s, p):
    h = s["home"][p]
    if h >= 0:
        s["home"][p] = -1
        s["c_upkeep"][h] = 0
        s["c_paid"][h] = 0
        line_put(s, h)
    while s["techs_n"][p] > 0:
        to_discard(s, remove_tech_at(s, p, s["techs_n"][p] - 1), DISCARD_FROM_TABLEAU)
    while s["worlds_n"][p] > 0:
        to_discard(s, remove_world_at(s, p, s["worlds_n"][p] - 1), DISCARD_FROM_TABLEAU)
    discard_hand(s, p)
    for x in range(N_SECTORS):
        if s["owner"][x] == p and s["cubes"][x] > 0:
            set_cubes(s, x, NEUTRAL, 0 if x == BLACK_HOLE else 1)
