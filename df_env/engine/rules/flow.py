"""The driver: the game and turn procedures (1.7, 2), the procedure dispatch, and the loop that runs the
engine from one decision to the next, checking wins, losses and lost homeworlds after every step (R22-R24)."""

from __future__ import annotations

from .._jit import njit, njit_inline
from ..legality.mask import fill_mask
from ..legality.queries import tableau_count
from ..model.constants import ADV_ACTION, ART, HISTORY, PLAN, START
from ..model.events import EV_TURN, log
from ..model.layout import (
    B_ADV,
    B_SPECIAL,
    B_TABLEAU,
    BLOCK_START,
    D_ACTION,
    D_PAY,
    D_START,
    PH_ACTION,
    PH_CHALLENGE,
    PH_OVER,
    PH_PAYMENT,
    PH_SETUP,
    PH_START,
    PH_VICTORY,
    WORLD_SLOT0,
)
from ..model.rng import below
from .actions import (
    proc_action,
    proc_battle,
    proc_expand,
    proc_grow,
    proc_plan,
    proc_power,
    proc_settle,
    proc_start_adv,
)
from .advancing import proc_advance, proc_gen_adv, proc_make_tech
from .board import gain, remove_world_at, set_cubes
from .cards import discard_from_hand, draw, hand_remove, to_discard
from .endturn import clear_challenges, proc_challenges, proc_rehome, proc_upkeep
from .evoke import proc_evoke
from .frames import (
    P_ACTION,
    P_ADVANCE,
    P_BATTLE,
    P_CHALLENGES,
    P_EVOKE,
    P_EXPAND,
    P_GAME,
    P_GEN_ADV,
    P_GROW,
    P_MAKE_TECH,
    P_PLAN,
    P_POWER,
    P_REHOME,
    P_RESTART,
    P_SETTLE,
    P_SETUP,
    P_START_ADV,
    P_TURN,
    P_UPKEEP,
    P_VICTORY,
    RET,
    ask,
    call,
    goto,
    push,
)
from .setup import gather_deck, make_fresh_galaxy, proc_restart, proc_setup
from .victory import find_winner, proc_victory

STEP_LIMIT = 1_000_000  # steps between two decisions before the engine reports a loop (a guard)


# ------------------------------------------------------------------------------------------------ the game
@njit
def proc_game(s, fi):
    """Setup, a random start player (1.7), then turns clockwise, skipping players who left (R24)."""
    st = s["f_stage"][fi]
    if st == 0:
        s["phase"] = PH_SETUP
        return call(s, fi, 1, P_SETUP, 0, 0, 0, 0)
    if st == 1:
        s["start_player"] = below(s["rng"], s["n_players"])
        s["cur"] = s["start_player"]
        return goto(s, fi, 2)
    if st == 2:
        p = s["cur"]
        s["turn"] += 1
        log(s, EV_TURN, p, s["turn"], 0)
        if s["lost"][p]:
            return call(s, fi, 4, P_RESTART, p, 0, 0, 0)
        return call(s, fi, 3, P_TURN, p, 0, 0, 0)
    if st == 4:
        return call(s, fi, 3, P_TURN, s["cur"], 0, 0, 0)
    # st == 3: the turn is over
    if s["cubes"][0] > 0:
        set_cubes(s, 0, -1, 0)
    n = s["n_players"]
    q = s["cur"]
    for _ in range(n):
        q = (q + 1) % n
        if not s["lost"][q] or s["variant_restart"]:
            break
    s["cur"] = q
    return goto(s, fi, 2)


# ------------------------------------------------------------------------------------------------ a turn
# P_TURN registers: 0 player, 1 chosen action
@njit
def proc_turn(s, fi):
    """Start (R9), action (R12), payment (R18) and challenge (R19) phases of player r0's turn."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[0]
    if st == 0:
        _start_of_turn(s, p)
        return goto(s, fi, 1)
    if st == 1:
        return ask(s, fi, 2, D_START, p, 0, 0)
    if st == 2:
        return _start_choice(s, fi, p)
    if st == 4:
        if s["n_acts"] >= 2:
            return goto(s, fi, 6)
        return ask(s, fi, 5, D_ACTION, p, 0, 0)
    if st == 5:
        if s["ans_kind"] == B_SPECIAL:
            return goto(s, fi, 6)
        a = s["ans"]
        r[1] = a
        if a == PLAN:
            s["acts"] |= 1 << a
            s["n_acts"] += 1
            return call(s, fi, 4, P_ACTION, a, 0, p, 0)
        return ask(s, fi, 7, D_PAY, p, a, 0)
    if st == 7:
        a = r[1]
        c = hand_remove(s, p, s["ans"])
        to_discard(s, c, 0)
        s["acts"] |= 1 << a
        s["n_acts"] += 1
        return call(s, fi, 4, P_ACTION, a, 0, p, c)
    if st == 6:
        s["phase"] = PH_PAYMENT
        return call(s, fi, 8, P_UPKEEP, p, 0, 0, 0)
    if st == 8:
        s["phase"] = PH_CHALLENGE
        return call(s, fi, 9, P_CHALLENGES, p, 0, 0, 0)
    if s["cubes"][0] > 0:  # the black hole is cleared at the end of the challenge phase (R1, R20)
        set_cubes(s, 0, -1, 0)
    return RET


@njit
def _start_of_turn(s, p):
    """R9: (1) more than 10 cards: discard at random down to 10; (2) draw up to 5; automatic Art (R11)."""
    s["phase"] = PH_START
    s["acts"] = 0
    s["n_acts"] = 0
    s["used"][:] = 0
    s["bonus"][:] = 0
    # R18 "paid at most once a turn": every mark is from an earlier turn now. Clearing all cards (not only this
    # player's) also clears a card paid by one player that reached another's tableau since (discarded by a
    # player who left, R24; a lost homeworld taken from the neutral line, R22).
    s["c_paid"][:] = 0
    while s["hand_n"][p] > 10:
        discard_from_hand(s, p, below(s["rng"], s["hand_n"][p]))
    if s["hand_n"][p] < 5:
        draw(s, p, 5 - s["hand_n"][p])
    art = tableau_count(s, p, ART)
    if art > 0:
        gain(s, p, 0, art)
        s["used"][ART] = art
    s["lookahead"][p] = 0  # History is a start-phase choice (R9 "in any order", R42): nothing seen yet this turn


@njit
def look(s, p, k):
    """History: the player sees the top k cards of the deck (R8); the cards remember who saw them."""
    s["lookahead"][p] = k
    for i in range(min(k, s["deck_n"])):
        s["c_known"][s["deck"][s["deck_n"] - 1 - i]] |= 1 << p


@njit
def _start_choice(s, fi, p):
    kind = s["ans_kind"]
    if kind == B_SPECIAL:
        s["phase"] = PH_ACTION
        return goto(s, fi, 4)
    if kind == B_ADV:
        a = s["ans"]
        if a == HISTORY:  # R42: all of the tableau's History at once, as deep as they reach together (2.1)
            n = tableau_count(s, p, HISTORY)
            s["used"][HISTORY] = n
            look(s, p, s["lookahead"][p] + n)
            return goto(s, fi, 1)
        if tableau_count(s, p, a) - s["used"][a] > 0:
            s["used"][a] += 1
        else:
            s["bonus"][a] -= 1
        return call(s, fi, 1, P_START_ADV, p, a, 0, 0)
    if kind == B_TABLEAU:
        c = remove_world_at(s, p, s["ans"] - WORLD_SLOT0)
    else:
        c = hand_remove(s, p, s["ans"])
    to_discard(s, c, 2)
    _consume_for_start(s, p, c)
    return goto(s, fi, 1)


@njit
def _consume_for_start(s, p, c):
    """A consumed settled world or hand tech grants its start advancements for this turn (R10); Art and
    History take effect at once."""
    for k in range(3):
        n = s["c_slot_num"][c, k]
        if n == 0:
            continue
        a = 6 * s["c_slot_suit"][c, k] + n - 1
        if ADV_ACTION[a] != START:
            continue
        if a == ART:
            gain(s, p, 0, 1)
        elif a == HISTORY:
            look(s, p, s["lookahead"][p] + 1)
        else:
            s["bonus"][a] += 1


# ------------------------------------------------------------------------------------------------ dispatch
@njit_inline
def step(s, fi):
    """Run one stage of the procedure on frame ``fi`` (the actions' procedures, P_ACTION..P_EVOKE, or the others)."""
    proc = s["f_proc"][fi]
    if P_ACTION <= proc <= P_EVOKE:
        return _step_action(s, fi, proc)
    return _step_game(s, fi, proc)


@njit_inline
def _step_action(s, fi, proc):
    if proc == P_ACTION:
        return proc_action(s, fi)
    if proc == P_POWER:
        return proc_power(s, fi)
    if proc == P_SETTLE:
        return proc_settle(s, fi)
    if proc == P_GROW:
        return proc_grow(s, fi)
    if proc == P_ADVANCE:
        return proc_advance(s, fi)
    if proc == P_BATTLE:
        return proc_battle(s, fi)
    if proc == P_EXPAND:
        return proc_expand(s, fi)
    if proc == P_PLAN:
        return proc_plan(s, fi)
    return proc_evoke(s, fi)


@njit_inline
def _step_game(s, fi, proc):
    if proc == P_GAME:
        return proc_game(s, fi)
    if proc == P_TURN:
        return proc_turn(s, fi)
    if proc == P_GEN_ADV:
        return proc_gen_adv(s, fi)
    if proc == P_CHALLENGES:
        return proc_challenges(s, fi)
    if proc == P_UPKEEP:
        return proc_upkeep(s, fi)
    if proc == P_MAKE_TECH:
        return proc_make_tech(s, fi)
    if proc == P_START_ADV:
        return proc_start_adv(s, fi)
    if proc == P_REHOME:
        return proc_rehome(s, fi)
    if proc == P_VICTORY:
        return proc_victory(s, fi)
    if proc == P_SETUP:
        return proc_setup(s, fi)
    if proc == P_RESTART:
        return proc_restart(s, fi)
    raise RuntimeError("unknown procedure id on the stack")


@njit
def _finish(s):
    s["over"] = 1
    s["phase"] = PH_OVER
    s["dk"] = 0
    s["sp"] = 0


@njit
def post_step(s):
    """After every step: game end by losses, a winner (R23), the current player's elimination (R24), and
    players who must pick a new homeworld now (R22)."""
    if s["over"]:
        return
    n = s["n_players"]
    alive = 0
    for p in range(n):
        if not s["lost"][p]:
            alive += 1
    if alive == 0:
        _finish(s)
        return
    if s["phase"] != PH_VICTORY and s["phase"] != PH_SETUP:
        w = find_winner(s)
        if w >= 0:
            s["sp"] = 0
            s["dk"] = 0
            push(s, P_VICTORY, w, 0, 0, 0)
            return
    cur = s["cur"]
    if cur >= 0 and s["lost"][cur] and s["sp"] > 1 and s["f_proc"][1] == P_TURN:
        clear_challenges(s)  # the losing player's turn ends at once
        s["sp"] = 1
        s["f_stage"][0] = 3
        s["dk"] = 0
        return
    if s["phase"] == PH_VICTORY:
        return
    for p in range(n):
        if s["rehome"][p] and not s["lost"][p]:
            s["rehome"][p] = 0
            push(s, P_REHOME, p, s["dk"], s["dplayer"], s["ctx"][0])
            s["f_reg"][s["sp"] - 1, 4] = s["ctx"][1]
            s["dk"] = 0


@njit
def set_answer(s, action):
    """Record flat action ``action`` as the answer to the pending decision."""
    b = 0
    while b + 1 < BLOCK_START.shape[0] and action >= BLOCK_START[b + 1]:
        b += 1
    s["ans_kind"] = b
    s["ans"] = action - BLOCK_START[b]
    s["dk"] = 0


@njit_inline
def run(s):
    """Run the engine until a decision with two or more legal choices is pending or the game is over.
    A decision with a single legal choice is taken automatically (R27)."""
    for _ in range(STEP_LIMIT):
        if s["over"]:
            s["dk"] = 0
            s["mask"][:] = 0
            s["n_legal"] = 0
            return
        if s["dk"] != 0:
            n = fill_mask(s)
            if n >= 2:
                return
            if n == 0:
                raise RuntimeError("engine error: a decision with no legal action")
            for a in range(s["mask"].shape[0]):
                if s["mask"][a]:
                    set_answer(s, a)
                    break
        if s["sp"] == 0:
            _finish(s)
            continue
        fi = s["sp"] - 1
        code = step(s, fi)
        if code == RET:
            s["sp"] -= 1
        post_step(s)
    raise RuntimeError("engine error: no decision reached (step limit)")


@njit_inline
def start_game(s):
    """From a state with its header, card pool (empty: a fresh galaxy is made) and map set: shuffle every card
    into the deck and run setup up to the first decision."""
    if s["n_cards"] == 0:
        make_fresh_galaxy(s)
    gather_deck(s)
    s["sp"] = 0
    push(s, P_GAME, 0, 0, 0, 0)
    run(s)


@njit_inline
def apply(s, action):
    """Apply a legal flat action (the caller has checked ``s["mask"][action]``)."""
    s["ev_n"] = 0
    set_answer(s, action)
    run(s)

