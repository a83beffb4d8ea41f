"""The flat action space and the decision kinds.

Every choice is one integer in ``range(NUM_ACTIONS)``, in blocks by kind of choice (Hanabi/OpenSpiel style):
``action = BLOCK_START[block] + index``. Which blocks a decision uses is listed in ``DECISIONS``.
"""

from __future__ import annotations

import numpy as np

from .constants import MAX_HAND, TABLEAU_SLOTS
from .decisions import CATALOGUE, DECISIONS

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
# What CHEM's decision shows (its ctx[0]; ctx[1] is the value drawn): a drawn suit or a drawn number.
CHEM_SUIT, CHEM_NUMBER = 0, 1

# Tableau slots: 0 = homeworld, 1..MAX_TECHS = techs, then settled worlds.
from .constants import MAX_TECHS  # noqa: E402

TECH_SLOT0 = 1
WORLD_SLOT0 = 1 + MAX_TECHS

# ---------------------------------------------------------------------------------------------- decisions
# The decision kinds: their records (name, blocks, context, mask filler, doc) are the catalogue in decisions.py;
# DECISIONS lists (name, blocks it may use, what is asked) by code.
D = {name: i for i, (name, _, _) in enumerate(DECISIONS)}
(D_NONE, D_HOME_PICK, D_CIRCLE, D_CHEM, D_PICK_LINE_SUIT, D_START, D_DISCARD, D_PAY_TRACK, D_INFRA_TARGET,
 D_EXPLORE_FROM, D_EXPLORE_TO, D_ACTION, D_PAY, D_BOOST, D_INDUSTRY, D_SETTLE_SOURCE, D_WORLD_SECTOR,
 D_GROW_TARGET, D_BIOLOGY, D_ADVANCE_TARGET, D_TECH_LINE, D_BATTLE_FROM, D_BATTLE_TO, D_BATTLE_COUNT,
 D_BATTLE_DEFENSE, D_TRACK_GAIN, D_EXPAND_FROM, D_EXPAND_TO, D_EXPAND_COUNT, D_SPACECRAFT, D_WONDER_USE,
 D_PLAN_SUIT, D_UPKEEP_CARD, D_UPKEEP_PAY, D_CHALLENGE, D_REHOME, D_VICTORY, D_CIV_SUIT, D_WONDER_SUIT,
 D_EVOKE_EMPTY, D_EVOKE_OWN, D_EVOKE_RIVAL, D_FOOT_FROM, D_FOOT_TO, D_FOOT_COUNT) = range(len(DECISIONS))
NUM_DECISIONS = len(DECISIONS)
assert [f"D_{d.name}" for d in CATALOGUE] == [k for k, v in globals().items() if k.startswith("D_")], \
    "the D_* codes are not in catalogue order"

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
