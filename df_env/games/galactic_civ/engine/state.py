"""The Galactic Civ state: one numpy structured record holding every fact of a game, and the flat action space.

A ``State`` is a 0-d array of :data:`STATE_DTYPE`; compiled code receives ``state.reshape(1)`` and works on record 0.
Encodings (``-1`` = none): seats 0..5, attributes 0..7 (``tables.ATTRIBUTES``), races 0..10, cards 0..119 and events
0..76 (their list order in RULES.md). A hand is a 0/1 row over the 120 card ids (GC4: all names distinct, so a card
is its id); piles are id lists with a length, the top is the last (``deck[deck_n - 1]``).

Compiled code (njit) freezes this module's constants (action ids, decision and phase codes) into its machine code,
so this file is part of the compile cache's key (df_env/core/jit.py hashes every source of this engine/ folder).
"""

from __future__ import annotations

import numpy as np

from .tables import N_ATTR, N_CARDS, N_EVENTS, N_RACES

MAX_PLAYERS = 6  # GCR29
MIN_PLAYERS = 2
STATE_VERSION = 1
MAX_FORCED = 32  # the forced-dice queue
MAX_LOG = 64  # log lines kept between two decisions
MAX_LEGAL = 128  # the most legal actions a decision can have: a discard from a hand of all 120 cards

# ---- the flat action space: blocks of choices (action = BLOCK_START[block] + index)
BLOCKS = (("race", N_RACES), ("play", N_CARDS), ("discard", N_CARDS), ("target", MAX_PLAYERS),
          ("attribute", N_ATTR), ("pass", 1), ("take", 1), ("dilemma", 2))
B_RACE, B_PLAY, B_DISCARD, B_TARGET, B_ATTR, B_PASS, B_TAKE, B_DILEMMA = range(len(BLOCKS))
BLOCK_NAMES = tuple(b[0] for b in BLOCKS)
BLOCK_SIZE = np.array([b[1] for b in BLOCKS], dtype=np.int64)
BLOCK_START = np.concatenate([[0], np.cumsum(BLOCK_SIZE)[:-1]]).astype(np.int64)
NUM_ACTIONS = int(BLOCK_SIZE.sum())
A_RACE, A_PLAY, A_DISCARD, A_TARGET, A_ATTR, A_PASS, A_TAKE, A_DILEMMA = (int(x) for x in BLOCK_START)
BENEVOLENT, MALEVOLENT = 0, 1  # the dilemma block's two choices (GC28)

# ---- decision kinds (what the pending decision asks; the block it answers from)
DECISIONS = (
    ("none", "no decision: the game is over"),
    ("race", "choose a race (GC5, GCR7)"),
    ("play", "play one card of the allowed types, or pass (GC9-GC16, GCR13)"),
    ("target", "choose a target player (GC11, GC12, GC17, GCR25)"),
    ("pick", "pick one attribute on a 9 or 10 (GC3, GCR3, GCR4)"),
    ("expand", "take the Expansion benefit (draw 2, discard 1) or pass (GC15, GCR14)"),
    ("discard", "discard a card (GCR14, GCR15)"),
    ("dilemma", "Benevolent or Malevolent (GC28)"),
)
DECISION_NAMES = tuple(d[0] for d in DECISIONS)
D_NONE, D_RACE, D_PLAY, D_TARGET, D_PICK, D_EXPAND, D_DISCARD, D_DILEMMA = range(len(DECISIONS))

# ---- phases (GC7): 0 race choice, 1..12 the turn's phases, 13 the game is over
PHASES = ("Race choice", "Opportunity", "Construction", "Discovery", "Aggression", "Influence", "Exploration",
          "Exploitation", "Expansion", "Research", "Trade", "Approval", "End", "Over")
PHASES_ZH = ("选择种族", "机遇", "建造", "发现", "侵略", "影响", "探索", "开发", "扩张", "研究", "贸易", "民心", "结束",
             "终局")
(PH_RACE, PH_OPPORTUNITY, PH_CONSTRUCTION, PH_DISCOVERY, PH_AGGRESSION, PH_INFLUENCE, PH_EXPLORATION,
 PH_EXPLOITATION, PH_EXPANSION, PH_RESEARCH, PH_TRADE, PH_APPROVAL, PH_END, PH_OVER) = range(len(PHASES))

# ---- what a roll or a pick does (ctx_effect), and which rule a target is chosen for (ctx_target_for)
EFFECTS = ("aggression", "influence", "trade (self)", "trade (target)", "approval", "event", "benevolence")
EFFECTS_ZH = ("侵略", "影响", "贸易（自己）", "贸易（目标）", "民心", "事件", "仁慈")
EF_AGGRESSION, EF_INFLUENCE, EF_TRADE_SELF, EF_TRADE_TARGET, EF_APPROVAL, EF_EVENT, EF_BENEVOLENCE = range(
    len(EFFECTS))  # the last two only name a logged roll

# ---- log lines (kind, seat, a, b): what happened since the last decision, for text and replays
LOGS = ("turn", "draw", "play", "discard", "roll", "attribute", "event", "vote", "dilemma", "victory", "shuffle",
        "benefit")
(L_TURN, L_DRAW, L_PLAY, L_DISCARD, L_ROLL, L_ATTR, L_EVENT, L_VOTE, L_DILEMMA, L_VICTORY, L_SHUFFLE,
 L_BENEFIT) = range(len(LOGS))

P, A = MAX_PLAYERS, N_ATTR
FIELDS: list[tuple[str, str, tuple[int, ...], str]] = [
    ("version", "i2", (), "state layout version (STATE_VERSION)"),
    ("n_players", "i1", (), "2..6 (GCR29)"),
    ("events_on", "i1", (), "1 when the optional Events rules are played (GC24-GC31)"),
    ("trade_literal", "i1", (), "GCR2 variant: 1 = the Trade Phase tests Influence, as printed"),
    ("rng", "i8", (4,), "xoshiro128** generator words (each 0..2^32-1)"),
    ("forced", "i1", (MAX_FORCED,), "forced d10 results, taken first to last before the generator's"),
    ("forced_n", "i1", (), "forced results queued"),
    ("turn", "i2", (), "turn number = round 1..20 (GCR6); 0 during race choice"),
    ("first", "i1", (), "the first player, drawn at setup (GCR6)"),
    ("cur", "i1", (), "the active player"),
    ("phase", "i1", (), "PH_* (0 race choice, 1..12 GC7's phases, 13 over)"),
    ("step", "i1", (), "where in the phase the engine is"),
    ("dk", "i1", (), "pending decision D_* (0: none)"),
    ("dplayer", "i1", (), "seat that must decide"),
    ("ctx_types", "i1", (), "card types a play decision allows (bit 1 << type)"),
    ("ctx_effect", "i1", (), "EF_* of the pending roll or pick"),
    ("ctx_target", "i1", (), "the chosen target seat, -1 none"),
    ("ctx_chooser", "i1", (), "who chooses the target (the active player or a vote winner)"),
    ("graveyard", "i1", (), "1 while Ship Graveyard's extra Ship play is offered (GCR13)"),
    ("bonus_hand", "i1", (), "1 when this turn's Trade Phase gave its benefit: hand limit 6 (GCR12)"),
    ("event", "i1", (), "the Event card being resolved, -1 none"),
    ("vote_winner", "i1", (), "the council vote's winner, -1 none (GC30)"),
    ("winner", "i1", (), "winning seat, -1 none (a draw or still playing)"),
    ("victory", "i1", (), "0 none, 1-5 paths (GC21), 6 General (GC22), 7 draw (GCR19)"),
    ("over", "i1", (), "1 when the game has ended"),
    ("race", "i1", (P,), "race of each seat, -1 not chosen"),
    ("attr", "i2", (P, A), "attribute scores (GC2, floor 0: GCR20)"),
    ("hand", "i1", (P, N_CARDS), "1 when the seat holds that card"),
    ("hand_n", "i1", (P,), "cards in each hand"),
    ("htype", "i1", (P, 4), "cards of each type in each hand (derived from hand: a play phase asks it, GC9-GC16)"),
    ("deck", "i1", (N_CARDS,), "the common deck, top last"),
    ("deck_n", "i2", (), "cards in the deck"),
    ("disc", "i1", (N_CARDS,), "the common discard pile, newest last (public)"),
    ("disc_n", "i2", (), "cards in the discard pile"),
    ("edeck", "i1", (N_EVENTS,), "the Event deck, top last"),
    ("edeck_n", "i2", (), "cards in the Event deck"),
    ("edisc", "i1", (N_EVENTS,), "the Event discard pile, newest last (public)"),
    ("edisc_n", "i2", (), "cards in the Event discard pile"),
    ("log", "i2", (MAX_LOG, 4), "what happened since the last decision: (L_* kind, seat, a, b)"),
    ("log_n", "i2", (), "log lines (at most MAX_LOG kept)"),
    ("mask", "u1", (NUM_ACTIONS,), "legal actions of the pending decision"),
    ("n_legal", "i2", (), "legal actions"),
    ("legal", "i2", (MAX_LEGAL,), "the legal actions, ascending (derived from mask: a random pick in O(1))"),
]
STATE_DTYPE = np.dtype([(name, kind, shape) for name, kind, shape, _ in FIELDS])
FIELD_DOCS = {name: doc for name, _, _, doc in FIELDS}

State = np.ndarray  # a 0-d array of STATE_DTYPE


def empty_state() -> State:
    """A zeroed state with every "none" field at -1 (no game yet)."""
    s = np.zeros((), dtype=STATE_DTYPE)
    s["version"] = STATE_VERSION
    for f in ("ctx_target", "ctx_chooser", "event", "vote_winner", "winner", "race", "cur", "dplayer"):
        s[f] = -1
    return s


def is_state(x: object) -> bool:
    """Whether ``x`` is a Galactic Civ state (a 0-d array of STATE_DTYPE)."""
    return isinstance(x, np.ndarray) and x.dtype == STATE_DTYPE and x.shape == ()
