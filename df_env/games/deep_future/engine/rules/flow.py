"""The driver: the game and turn procedures (1.7, 2), the procedure dispatch, and the loop that runs the
engine from one decision to the next, checking wins, losses and lost homeworlds after every step (R22-R24)."""

from __future__ import annotations

from .._jit import njit, njit_inline
from ..legality.mask import fill_mask
from ..legality.queries import tableau_count
from ..model.constants import ADV_ACTION, ART, BLACK_HOLE, CULTURE, HISTORY, N_LINES, PLAN, START
from ..model.decisions import table_dispatch
from ..model.events import (
    DISCARD_FROM_HAND,
    DISCARD_FROM_TABLEAU,
    EV_TURN,
    log,
)
from ..model.layout import (
    ACTION_BLOCK,
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
from .endturn import clear_challenges, proc_challenges, proc_rehome, proc_upkeep, push_rehome
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
    PROC_NAMES,
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
# P_GAME: the bottom frame of the stack; stages (no registers)
GAME_FRAME = 0
GAME_SETUP, GAME_FIRST_PLAYER, GAME_TURN, GAME_TURN_OVER, GAME_RESTARTED = range(5)


@njit
def proc_game(s, fi):
    """Setup, a random start player (1.7), then turns clockwise, skipping players who left (R24)."""
    st = s["f_stage"][fi]
    if st == GAME_SETUP:
        s["phase"] = PH_SETUP
        return call(s, fi, GAME_FIRST_PLAYER, P_SETUP, 0, 0, 0, 0)
    if st == GAME_FIRST_PLAYER:
        s["start_player"] = below(s["rng"], s["n_players"])
        s["cur"] = s["start_player"]
        return goto(s, fi, GAME_TURN)
    if st == GAME_TURN:
        p = s["cur"]
        s["turn"] += 1
        log(s, EV_TURN, p, s["turn"], 0)
        if s["lost"][p]:
            return call(s, fi, GAME_RESTARTED, P_RESTART, p, 0, 0, 0)
        return call(s, fi, GAME_TURN_OVER, P_TURN, p, 0, 0, 0)
    if st == GAME_RESTARTED:
        return call(s, fi, GAME_TURN_OVER, P_TURN, s["cur"], 0, 0, 0)
    # GAME_TURN_OVER
    if s["cubes"][BLACK_HOLE] > 0:
        set_cubes(s, BLACK_HOLE, -1, 0)
    n = s["n_players"]
    q = s["cur"]
    for _ in range(n):
        q = (q + 1) % n
        if not s["lost"][q] or s["variant_restart"]:
            break
    s["cur"] = q
    return goto(s, fi, GAME_TURN)


@njit
def end_turn_at_once(s):
    """The current player lost during his turn (R24): his turn ends now (the stack is cut back to the game
    frame, which goes on with the next player) and the challenges left are discarded."""
    clear_challenges(s)
    s["sp"] = GAME_FRAME + 1
    s["f_stage"][GAME_FRAME] = GAME_TURN_OVER
    s["dk"] = 0


# ------------------------------------------------------------------------------------------------ a turn
# P_TURN stages and registers
TURN_BEGIN, TURN_ASK_START, TURN_START_CHOICE = 0, 1, 2
TURN_ASK_ACTION, TURN_ACTION_CHOSEN, TURN_PAYMENT, TURN_PAID, TURN_CHALLENGES, TURN_END = 4, 5, 6, 7, 8, 9
R_TURN_PLAYER, R_TURN_ACTION = 0, 1


@njit
def proc_turn(s, fi):
    """Start (R9), action (R12), payment (R18) and challenge (R19) phases of player r0's turn."""
    r = s["f_reg"][fi]
    st = s["f_stage"][fi]
    p = r[R_TURN_PLAYER]
    if st == TURN_BEGIN:
        _start_of_turn(s, p)
        return goto(s, fi, TURN_ASK_START)
    if st == TURN_ASK_START:
        return ask(s, fi, TURN_START_CHOICE, D_START, p, 0, 0)
    if st == TURN_START_CHOICE:
        return _start_choice(s, fi, p)
    if st == TURN_ASK_ACTION:
        if s["n_acts"] >= 2:
            return goto(s, fi, TURN_PAYMENT)
        return ask(s, fi, TURN_ACTION_CHOSEN, D_ACTION, p, 0, 0)
    if st == TURN_ACTION_CHOSEN:
        if s["ans_kind"] == B_SPECIAL:
            return goto(s, fi, TURN_PAYMENT)
        a = s["ans"]
        r[R_TURN_ACTION] = a
        if a == PLAN:
            s["acts"] |= 1 << a
            s["n_acts"] += 1
            return call(s, fi, TURN_ASK_ACTION, P_ACTION, a, 0, p, 0)
        return ask(s, fi, TURN_PAID, D_PAY, p, a, 0)
    if st == TURN_PAID:
        a = r[R_TURN_ACTION]
        c = hand_remove(s, p, s["ans"])
        to_discard(s, c, DISCARD_FROM_HAND)
        s["acts"] |= 1 << a
        s["n_acts"] += 1
        return call(s, fi, TURN_ASK_ACTION, P_ACTION, a, 0, p, c)
    if st == TURN_PAYMENT:
        s["phase"] = PH_PAYMENT
        return call(s, fi, TURN_CHALLENGES, P_UPKEEP, p, 0, 0, 0)
    if st == TURN_CHALLENGES:
        s["phase"] = PH_CHALLENGE
        return call(s, fi, TURN_END, P_CHALLENGES, p, 0, 0, 0)
    if s["cubes"][BLACK_HOLE] > 0:  # the black hole is cleared at the end of the challenge phase (R1, R20)
        set_cubes(s, BLACK_HOLE, -1, 0)
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
        gain(s, p, CULTURE, art)
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
        return goto(s, fi, TURN_ASK_ACTION)
    if kind == B_ADV:
        a = s["ans"]
        if a == HISTORY:  # R42: all of the tableau's History at once, as deep as they reach together (2.1)
            n = tableau_count(s, p, HISTORY)
            s["used"][HISTORY] = n
            look(s, p, s["lookahead"][p] + n)
            return goto(s, fi, TURN_ASK_START)
        if tableau_count(s, p, a) - s["used"][a] > 0:
            s["used"][a] += 1
        else:
            s["bonus"][a] -= 1
        return call(s, fi, TURN_ASK_START, P_START_ADV, p, a, 0, 0)
    if kind == B_TABLEAU:
        c = remove_world_at(s, p, s["ans"] - WORLD_SLOT0)
    else:
        c = hand_remove(s, p, s["ans"])
    to_discard(s, c, DISCARD_FROM_TABLEAU)
    _consume_for_start(s, p, c)
    return goto(s, fi, TURN_ASK_START)


@njit
def _consume_for_start(s, p, c):
    """A consumed settled world or hand tech grants its start advancements for this turn (R10); Art and
    History take effect at once."""
    for k in range(N_LINES):
        n = s["c_slot_num"][c, k]
        if n == 0:
            continue
        a = 6 * s["c_slot_suit"][c, k] + n - 1
        if ADV_ACTION[a] != START:
            continue
        if a == ART:
            gain(s, p, CULTURE, 1)
        elif a == HISTORY:
            look(s, p, s["lookahead"][p] + 1)
        else:
            s["bonus"][a] += 1


# ------------------------------------------------------------------------------------------------ dispatch
# The procedure of each P_* code (frames.PROC_NAMES); step dispatches on it by a table (see table_dispatch).
PROCEDURES = {
    P_GAME: proc_game, P_SETUP: proc_setup, P_TURN: proc_turn, P_START_ADV: proc_start_adv, P_ACTION: proc_action,
    P_POWER: proc_power, P_SETTLE: proc_settle, P_GROW: proc_grow, P_ADVANCE: proc_advance, P_BATTLE: proc_battle,
    P_EXPAND: proc_expand, P_PLAN: proc_plan, P_EVOKE: proc_evoke, P_GEN_ADV: proc_gen_adv,
    P_MAKE_TECH: proc_make_tech, P_UPKEEP: proc_upkeep, P_CHALLENGES: proc_challenges, P_REHOME: proc_rehome,
    P_VICTORY: proc_victory, P_RESTART: proc_restart,
}
assert sorted(PROCEDURES) == list(range(len(PROC_NAMES))), "flow.PROCEDURES does not cover every P_* code"


@njit
def _unknown_procedure(s, fi):
    if fi >= 0:
        raise RuntimeError("unknown procedure id on the stack")
    return RET


_step = njit(table_dispatch("_step", "s, fi", [PROCEDURES[k] for k in range(len(PROC_NAMES))], globals(),
                            default="_unknown_procedure"))


@njit_inline
def step(s, fi):
    """Run one stage of the procedure on frame ``fi``."""
    return _step(s["f_proc"][fi], s, fi)


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
    if cur >= 0 and s["lost"][cur] and s["sp"] > GAME_FRAME + 1 and s["f_proc"][GAME_FRAME + 1] == P_TURN:
        end_turn_at_once(s)
        return
    if s["phase"] == PH_VICTORY:
        return
    for p in range(n):
        if s["rehome"][p] and not s["lost"][p]:
            s["rehome"][p] = 0
            push_rehome(s, p)


@njit
def set_answer(s, action):
    """Record flat action ``action`` as the answer to the pending decision."""
    b = ACTION_BLOCK[action]
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

