"""The flat action space and the decision kinds.

Every choice is one integer in ``range(NUM_ACTIONS)``, in blocks by kind of choice (Hanabi/OpenSpiel style):
``action = BLOCK_START[block] + index``. Which blocks a decision uses is listed in ``DECISIONS``.
"""

from __future__ import annotations

import numpy as np

from .constants import MAX_HAND, TABLEAU_SLOTS

# ---------------------------------------------------------------------------------------------- blocks
B_ACTION, B_HAND, B_TABLEAU, B_SECTOR, B_TRACK, B_SUIT, B_NUMBER, B_COUNT, B_LINE, B_REVEAL, B_ADV, B_VICTORY, \
    B_SPECIAL = range(13)
BLOCK_NAMES = ("action", "hand", "tableau", "sector", "track", "suit", "number", "count", "line", "reveal",
               "advancement", "victory", "special")
BLOCK_SIZE = np.array([8, MAX_HAND, TABLEAU_SLOTS, 37, 4, 6, 6, 6, 6, 5, 36, 6, 7], dtype=np.int64)
BLOCK_START = np.concatenate([[0], np.cumsum(BLOCK_SIZE)[:-1]]).astype(np.int64)
NUM_ACTIONS = int(BLOCK_SIZE.sum())
ACTION_BLOCK = np.repeat(np.arange(len(BLOCK_SIZE)), BLOCK_SIZE).astype(np.int64)  # the block of each flat action

# The special block: single choices with a fixed meaning.
PASS, DECK, NEW_WORLD, GENERATE, KEEP, REDRAW, FAIL = range(7)
SPECIAL_NAMES = ("pass", "advance from the deck", "settle a new world", "generate at random", "keep",
                 "redraw (Chemistry)", "fail the challenge")

# Tableau slots: 0 = homeworld, 1..MAX_TECHS = techs, then settled worlds.
from .constants import MAX_TECHS  # noqa: E402

TECH_SLOT0 = 1
WORLD_SLOT0 = 1 + MAX_TECHS

# ---------------------------------------------------------------------------------------------- decisions
# (name, blocks it may use, what is asked)
DECISIONS: list[tuple[str, str, str]] = [
    ("NONE", "", "no decision: the game is over"),
    ("HOME_PICK", "reveal", "setup: pick a homeworld among the five discarded cards (1.7)"),
    ("CIRCLE", "number, special:generate", "choose the advancement of this suit (circle it) or generate it (R14)"),
    ("CHEM", "special:keep/redraw", "Chemistry: keep the drawn suit/number or redraw it (R14)"),
    ("PICK_LINE_SUIT", "suit, special:generate", "EVOKE skull: pick this new tech line's suit or generate it (R17)"),
    ("START", "advancement, tableau, hand, special:pass",
     "start phase: use a start advancement, consume a settled world or hand tech for its start advancements, or "
     "end the start phase (R9-R10)"),
    ("DISCARD", "hand", "Computation: discard a card"),
    ("PAY_TRACK", "track", "reduce a track by 1 to pay for the advancement (R4)"),
    ("INFRA_TARGET", "tableau", "Infrastructure: the homeworld or tech that receives the upkeep cube"),
    ("EXPLORE_FROM", "sector", "Exploration: the sector a cube leaves"),
    ("EXPLORE_TO", "sector", "Exploration: the adjacent empty sector it enters"),
    ("ACTION", "action, special:pass", "choose an action, or end the action phase (R12)"),
    ("PAY", "hand", "the hand card that pays for the chosen action"),
    ("BOOST", "tableau, hand, special:pass",
     "consume a settled world or complete hand tech for its advancements of this action, or go on (R10)"),
    ("INDUSTRY", "hand, special:pass", "Industry: discard a card to draw 2, or decline"),
    ("SETTLE_SOURCE", "line, hand, special:new_world", "SETTLE: where the world comes from (R13)"),
    ("WORLD_SECTOR", "sector", "the controlled sector of a new world"),
    ("GROW_TARGET", "sector", "GROW: the sector receiving the cubes (R27)"),
    ("BIOLOGY", "sector, special:pass", "Biology: another sector for one extra cube, or decline"),
    ("ADVANCE_TARGET", "tableau, special:deck/pass",
     "ADVANCE: the card to advance, or draw from the deck (R14); a conquest's free ADVANCE may pass (R47)"),
    ("TECH_LINE", "suit", "the empty advancement line (by its suit) to fill"),
    ("BATTLE_FROM", "sector, special:pass", "BATTLE: your sector of the next pair, or stop (R15)"),
    ("BATTLE_TO", "sector", "BATTLE: the adjacent sector with rival cubes"),
    ("BATTLE_COUNT", "count", "BATTLE: how many of your cubes to remove"),
    ("BATTLE_DEFENSE", "count", "BATTLE: how many Defense to spend on this pair"),
    ("TRACK_GAIN", "track", "the track to raise by 1"),
    ("EXPAND_FROM", "sector", "EXPAND: the source sector (R16)"),
    ("EXPAND_TO", "sector", "EXPAND: the destination"),
    ("EXPAND_COUNT", "count", "EXPAND: how many cubes move"),
    ("SPACECRAFT", "sector, special:pass", "Spacecraft: another destination for one more cube, or decline"),
    ("WONDER_USE", "hand, special:pass", "a wonder was entered: discard a card of its suit for its effect"),
    ("PLAN_SUIT", "suit", "PLAN: the suit of the new card"),
    ("UPKEEP_CARD", "tableau, special:pass", "payment phase: the card to pay upkeep for, or stop paying (R18)"),
    ("UPKEEP_PAY", "hand", "payment phase: the hand card that pays it"),
    ("CHALLENGE", "hand, tableau, special:fail", "meet the revealed challenge, or fail it (R19)"),
    ("REHOME", "tableau", "your homeworld's sector was lost: pick a settled world as new homeworld (R22)"),
    ("VICTORY", "victory", "you won: which victory type applies (R26)"),
    ("CIV_SUIT", "suit", "the Table 4 suit of your civilization card (R26)"),
    ("WONDER_SUIT", "suit", "the suit of your wonder (R26)"),
    ("EVOKE_EMPTY", "sector", "EVOKE Territory: the empty adjacent sector for 1 cube (R17)"),
    ("EVOKE_OWN", "sector", "EVOKE: a controlled sector to receive cubes (R17)"),
    ("EVOKE_RIVAL", "sector", "EVOKE hand: the adjacent sector to lose 1 rival cube"),
    ("FOOT_FROM", "sector", "EVOKE foot: the source sector"),
    ("FOOT_TO", "sector", "EVOKE foot: a destination adjacent to the source"),
    ("FOOT_COUNT", "count", "EVOKE foot: how many cubes move there"),
]
D = {name: i for i, (name, _, _) in enumerate(DECISIONS)}
(D_NONE, D_HOME_PICK, D_CIRCLE, D_CHEM, D_PICK_LINE_SUIT, D_START, D_DISCARD, D_PAY_TRACK, D_INFRA_TARGET,
 D_EXPLORE_FROM, D_EXPLORE_TO, D_ACTION, D_PAY, D_BOOST, D_INDUSTRY, D_SETTLE_SOURCE, D_WORLD_SECTOR,
 D_GROW_TARGET, D_BIOLOGY, D_ADVANCE_TARGET, D_TECH_LINE, D_BATTLE_FROM, D_BATTLE_TO, D_BATTLE_COUNT,
 D_BATTLE_DEFENSE, D_TRACK_GAIN, D_EXPAND_FROM, D_EXPAND_TO, D_EXPAND_COUNT, D_SPACECRAFT, D_WONDER_USE,
 D_PLAN_SUIT, D_UPKEEP_CARD, D_UPKEEP_PAY, D_CHALLENGE, D_REHOME, D_VICTORY, D_CIV_SUIT, D_WONDER_SUIT,
 D_EVOKE_EMPTY, D_EVOKE_OWN, D_EVOKE_RIVAL, D_FOOT_FROM, D_FOOT_TO, D_FOOT_COUNT) = range(len(DECISIONS))
NUM_DECISIONS = len(DECISIONS)

# Phases (informational; the decision kind is what the engine runs on).
PH_SETUP, PH_START, PH_ACTION, PH_PAYMENT, PH_CHALLENGE, PH_VICTORY, PH_OVER = range(7)
PHASE_NAMES = ("setup", "start", "action", "payment", "challenge", "victory", "over")


def block_of(action: int) -> tuple[int, int]:
    """``(block, index)`` of a flat action id."""
    b = int(np.searchsorted(BLOCK_START, action, side="right") - 1)
    return b, int(action - BLOCK_START[b])


def encode(block: int, index: int) -> int:
    """Flat action id of choice ``index`` in ``block``."""
    if not 0 <= index < BLOCK_SIZE[block]:
        raise ValueError(f"index {index} out of range for block {BLOCK_NAMES[block]} (size {BLOCK_SIZE[block]})")
    return int(BLOCK_START[block] + index)
