"""Fixed facts of Deep Future v1.6: suits, the map, Tables 2-6, capacities.

Everything here is a module-level constant built once at import from the data files beside this module
(``data/galaxy_map.json``, ``data/tables.json``, copied from ``shared/rules``). Compiled code reads the numpy
arrays as globals (numba freezes them at compile time).
"""

from __future__ import annotations

import json
import re
from importlib import resources

import numpy as np

# ---------------------------------------------------------------------------------------------- suits, actions
SUIT_LETTERS = "SMRKHF"  # sun, moon, heart, skull, hand, foot (rulebook 1.2)
SUIT_NAMES = ("sun", "moon", "heart", "skull", "hand", "foot")
SUN, MOON, HEART, SKULL, HAND, FOOT = range(6)

# Actions (Table 1). The first six are paid with the suit of the same index.
POWER, SETTLE, GROW, ADVANCE, BATTLE, EXPAND, PLAN, EVOKE = range(8)
ACTION_NAMES = ("POWER", "SETTLE", "GROW", "ADVANCE", "BATTLE", "EXPAND", "PLAN", "EVOKE")
# how an ADVANCE runs (its decision's ctx[0]): the action, EVOKE's skull (R17), a conquest's free ADVANCE (R47)
ADVANCE_MODE_ACTION, ADVANCE_MODE_SKULL, ADVANCE_MODE_FREE = range(3)
START = 8  # the "action" column value of start-phase advancements
N_ACTIONS_KINDS = 8

# Tracks (1.5, R3): index 0 Culture 0..12, 1 Might, 2 Stability, 3 Xeno -6..+6.
CULTURE, MIGHT, STABILITY, XENO = range(4)
TRACK_LETTERS = "CMSX"
TRACK_NAMES = ("Culture", "Might", "Stability", "Xeno")
TRACK_MIN = np.array([0, -6, -6, -6], dtype=np.int64)
TRACK_MAX = np.array([12, 6, 6, 6], dtype=np.int64)
TRACK_LOSE = np.array([-99, -6, -6, -6], dtype=np.int64)  # reaching this loses (Culture has no cross)

# Victory types (section 3, Table 2 letters, Table 3 effects).
V_TERRITORY, V_POPULATION, V_CULTURE, V_MIGHT, V_STABILITY, V_XENO = range(6)
VICTORY_LETTERS = "TPCMSX"
VICTORY_NAMES = ("Territory", "Population", "Culture", "Might", "Stability", "Xeno")
# The thresholds of the victory conditions (section 3, R23), written only here: sectors held, cubes on the map,
# Culture, and Might, Stability or Xeno.
WIN_SECTORS, WIN_CUBES, WIN_CULTURE, WIN_TRACK = 12, 25, 12, 6
WIN_TECHS = 3  # complete techs a winner needs beside a complete homeworld (3, R23)

# ---------------------------------------------------------------------------------------------- card types
BLANK, WORLD, TECH, CIV = range(4)
CARD_TYPE_NAMES = ("blank", "world", "tech", "civilization")

# ---------------------------------------------------------------------------------------------- capacities
# The card pool (the whole campaign's cards, 1.6) lives in arrays of a game's *capacity*, one of a few tiers: a
# game gets the smallest tier with POOL_HEADROOM free slots (``state.tier_for``), so a fresh galaxy and campaigns
# up to 448 cards use the base tier MAX_CARDS, and bigger campaigns a bigger record that numba compiles the engine
# for on its first use (docs/state.md). Card ids are int16: the largest tier is the int16 maximum.
MAX_CARDS = 512  # the base tier: every game of a fresh galaxy
CAPACITY_TIERS = (512, 2048, 8192, 32767)
MAX_POOL = CAPACITY_TIERS[-1]  # no game holds more cards
POOL_HEADROOM = 64  # free slots a game starts with (a game adds a few cards: random play 1.5 solo, <= 10 at 3p)
ROOM_PER_DECISION = 16  # state.make_room: a game moves to the next tier with fewer free slots before a decision
MAX_HAND = 40
MAX_TECHS = 16
MAX_WORLDS = 16
MAX_CHALLENGES = 40
MAX_PLAYERS = 3
MAX_FRAMES = 16
N_REGS = 10
MAX_EVENTS = 96
N_HISTORY = 8  # civilization history: homeworld + up to 7 complete techs
TABLEAU_SLOTS = 1 + MAX_TECHS + MAX_WORLDS  # 0 homeworld, then techs, then settled worlds
NEUTRAL = 3  # owner code of the neutral rivals' cubes
NO_OWNER = -1
MAX_CUBES = 5
MAX_UPKEEP = 3  # upkeep cubes on a homeworld or tableau tech (2.3, R18)
N_LINES = 3  # advancement lines of a card; a card with 3 written advancements is complete (1.4)

# ---------------------------------------------------------------------------------------------- Table 5
_TABLES = json.loads(resources.files("df_env.games.deep_future.engine").joinpath("data/tables.json").read_text())
_ACTION_CODES = {name: i for i, name in enumerate(ACTION_NAMES)} | {"START": START}

ADV_NAMES: tuple[str, ...] = tuple(row["name"] for row in _TABLES["table5_advancements"])
ADV_NOTES: tuple[str, ...] = tuple(row["note"] for row in _TABLES["table5_advancements"])
N_ADVANCEMENTS = 36  # advancement a = 6 * suit + (number - 1)
# ADV_ACTION[a] = action index (0..5) or START for advancement a = 6 * suit + (number - 1).
ADV_ACTION = np.array([_ACTION_CODES[row["action"]] for row in _TABLES["table5_advancements"]], dtype=np.int64)
assert [SUIT_LETTERS.index(r["suit"]) * 6 + r["number"] - 1 for r in _TABLES["table5_advancements"]] == list(
    range(36)
), "tables.json Table 5 is not in suit-major order"
ADV = {name.upper(): i for i, name in enumerate(ADV_NAMES)}
COMPUTATION, ENGINEERING, COMMUNICATION, WEAPONS, INDUSTRY, ENERGY = range(0, 6)
ART, LEISURE, PHILOSOPHY, LITERATURE, GOVERNMENT, SOCIETY = range(6, 12)
INFRASTRUCTURE, LABOR, MACHINERY, MEDICINE, BIOLOGY, GENETICS = range(12, 18)
HISTORY, EDUCATION, ECOLOGY, ASTRONOMY, CHEMISTRY, PHYSICS = range(18, 24)
ECONOMY, DIPLOMACY, AGRICULTURE, CONSTRUCTION, MILITARY, DEFENSE = range(24, 30)
EXPLORATION, RELIGION, EMPIRE, DEVICES, SPACECRAFT, FTL = range(30, 36)
assert ADV_NAMES[FTL] == "FTL" and ADV_NAMES[EXPLORATION] == "Exploration"


def _track_gains() -> np.ndarray:
    """ADV_GAIN[a, t]: how much advancement a raises track t when its action is taken ("increase X by n")."""
    gain = np.zeros((36, 4), dtype=np.int64)
    for a, note in enumerate(ADV_NOTES):
        m = re.fullmatch(r"increase ([CMSX]) by (\d)", note)
        if m:
            gain[a, TRACK_LETTERS.index(m.group(1))] = int(m.group(2))
    return gain


ADV_GAIN = _track_gains()

# ---------------------------------------------------------------------------------------------- Table 6
_TRACK_WORDS = {"Culture": CULTURE, "Might": MIGHT, "Stability": STABILITY, "Xeno Relations": XENO}


def _failure_table() -> np.ndarray:
    """FAIL[suit, number-1] = (track1, amount1, track2, amount2, rival cubes, new world) read from Table 6."""
    out = np.full((6, 6, 6), -1, dtype=np.int64)
    for row in _TABLES["table6_challenge_failures"]:
        s, n, text = SUIT_LETTERS.index(row["suit"]), row["number"] - 1, row["failure"]
        decs = re.findall(r"decrease (Culture|Might|Stability|Xeno Relations) by (\d)", text)
        rival = re.search(r"add (\d) random rival cube", text)
        new_world = "add a world to the neutral worlds line" in text
        for k, (word, amount) in enumerate(decs):
            out[s, n, 2 * k] = _TRACK_WORDS[word]
            out[s, n, 2 * k + 1] = int(amount)
        out[s, n, 4] = int(rival.group(1)) if rival else 0
        out[s, n, 5] = 1 if new_world else 0
    return out


FAIL = _failure_table()
_ROWS6 = _TABLES["table6_challenge_failures"]
CHALLENGE_NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(r["challenge"] for r in _ROWS6 if r["suit"] == letter) for letter in SUIT_LETTERS
)
FAILURE_TEXTS: tuple[tuple[str, ...], ...] = tuple(
    tuple(r["failure"] for r in _ROWS6 if r["suit"] == letter) for letter in SUIT_LETTERS
)

# ---------------------------------------------------------------------------------------------- the map (R2)
_MAP = json.loads(resources.files("df_env.games.deep_future.engine").joinpath("data/galaxy_map.json").read_text())
N_SECTORS = 37  # index 0 = black hole, index (a-1)*6+b = printed sector "ab"
BLACK_HOLE = 0
FIRST_SECTOR = 1  # the 36 sectors around the black hole: range(FIRST_SECTOR, N_SECTORS)
N_MAP_SECTORS = N_SECTORS - FIRST_SECTOR
SECTOR_IDS = np.array([0] + [10 * a + b for a in range(1, 7) for b in range(1, 7)], dtype=np.int64)


def sector_index(printed: int) -> int:
    """Index 0..36 of a printed sector number (11..66, or 0 for the black hole)."""
    if printed == 0:
        return 0
    a, b = divmod(int(printed), 10)
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError(f"{printed} is not a sector number: sectors are 11..66 with digits 1..6, or 0")
    return (a - 1) * 6 + b


def _neighbours() -> np.ndarray:
    nb = np.full((N_SECTORS, 6), -1, dtype=np.int64)
    for key, row in _MAP["neighbours_by_direction"].items():
        for d, other in enumerate(row):
            if other is not None:
                nb[sector_index(int(key)), d] = sector_index(int(other))
    return nb


NEIGH = _neighbours()  # NEIGH[sector, direction-1] = neighbour index or -1 off the galaxy


def _distances() -> np.ndarray:
    """All-pairs step distances; paths may cross anything, the black hole included (R16)."""
    dist = np.full((N_SECTORS, N_SECTORS), 99, dtype=np.int64)
    for src in range(N_SECTORS):
        dist[src, src] = 0
        frontier = [src]
        while frontier:
            nxt = []
            for u in frontier:
                for v in NEIGH[u]:
                    if v >= 0 and dist[src, v] == 99:
                        dist[src, v] = dist[src, u] + 1
                        nxt.append(v)
            frontier = nxt
    return dist


DIST = _distances()
assert (DIST == DIST.T).all(), "map adjacency is not symmetric"
