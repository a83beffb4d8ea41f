"""Where the entity network finds its inputs in the flat observation, and which entity each action names.

numpy only (no torch): the torch network (:mod:`df_env.train.torch_net`) and the numpy forward pass
(:mod:`df_env.train.numpy_net`) both build their gathers from :func:`entity_layout`, and a saved model stores
:func:`layout_fingerprint` so that a model made for another observation or action layout fails with a clear error.

Entities (see ``docs/envs.md`` for the observation sections and ``docs/actions.md`` for the action blocks):

* **cards**: every card slot of the observation (the observer's hand 0..11, every tableau, the other hands, the
  neutral line, the known deck top, the setup reveal, the decision's context card), each 40 card features plus a
  one-hot of its slot kind (``CARD_KINDS``); the ``present`` feature masks empty slots in the pooling;
* **sectors**: the 37 rows of the ``map`` section, plus the decision's context sector and the sector's index;
* **advancements**: the 36 advancements: available to the action being resolved (``resolving``), written on the
  observer's tableau and on his settled worlds, and the advancement's index;
* **global**: ``game``, ``decision``, ``resolving``, ``players``, ``advancements`` and ``discard``.

Actions are scored from the entity they name: hand action i from hand slot i, tableau actions from the observer's
tableau slots (homeworld, techs 1..6, settled worlds 1..6), line and reveal actions from those slots, sector
actions from the sector, advancement actions from the advancement; the other blocks (action, track, suit, number,
count, victory, special: 43 actions) from the global context. Hand positions 12..39 and techs or settled worlds
beyond the sixth have no observation slot: they share one learned "unseen card" entity per block.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from df_env.engine.model.constants import NEIGH
from df_env.engine.model.layout import BLOCK_NAMES, BLOCK_SIZE, BLOCK_START, NUM_ACTIONS
from df_env.engine.observation.encode import CARD_FEATURES, DECISION_PARTS, observation_layout

# Version 1 of the observation layout (docs/envs.md, "Version history"); bump together with the envs.
OBS_LAYOUT_VERSION = 1
NET_FORMAT = 1  # the entity network's architecture / file format

CARD_F = len(CARD_FEATURES)
# slot kinds of the card entities (the same ids for 1-3 players; kinds a table size lacks are never used)
CARD_KINDS = ("hand", "own_home", "own_tech", "own_world", "p1_home", "p1_tech", "p1_world", "p2_home", "p2_tech",
              "p2_world", "p1_hand", "p2_hand", "line", "deck_top", "reveal", "decision_card")
N_KINDS = len(CARD_KINDS)
HEAD_BLOCKS = ("hand", "tableau", "line", "reveal", "sector", "advancement")  # actions scored from an entity
CONTEXT_BLOCKS = ("action", "track", "suit", "number", "count", "victory", "special")  # scored from the context
TECH_SLOTS, WORLD_SLOTS, HAND_SLOTS = 6, 6, 12


def _part(name: str) -> tuple[int, int]:
    for pname, off, size, _ in DECISION_PARTS:
        if pname == name:
            return off, size
    raise KeyError(name)


@dataclass(frozen=True)
class EntityLayout:
    """Index arrays into the flat observation (``int64``) and the action -> score map of ``num_players``."""

    num_players: int
    obs_size: int
    glob_idx: np.ndarray       # (G,)
    card_idx: np.ndarray       # (C, 40)
    card_kind: np.ndarray      # (C,) index into CARD_KINDS
    map_idx: np.ndarray        # (37, MF)
    dsec_idx: np.ndarray       # (37,) the decision's context sector
    adv_idx: np.ndarray        # (36, 3): resolving cnt, observer's tableau, observer's worlds
    adjacency: np.ndarray      # (37, 37) float32, rows normalized (mean over neighbours)
    head_rows: dict[str, np.ndarray]  # per entity head: the entity rows it scores (hand/tableau/line/reveal: card rows)
    action_index: np.ndarray   # (NUM_ACTIONS,) index into the concatenated scores
    n_scores: int


def entity_layout(num_players: int) -> EntityLayout:
    """The entity layout of the observation of a ``num_players`` game (1, 2 or 3)."""
    lay = observation_layout(num_players)
    n = num_players
    sec = {s.name: s for s in lay.sections}

    def rng(name: str) -> np.ndarray:
        return np.arange(sec[name].offset, sec[name].offset + sec[name].size)

    glob = np.concatenate([rng(k) for k in ("game", "decision", "resolving", "players", "advancements", "discard")])
    cards: list[np.ndarray] = []
    kinds: list[int] = []

    def add(offset: int, kind: str) -> int:
        cards.append(np.arange(offset, offset + CARD_F))
        kinds.append(CARD_KINDS.index(kind))
        return len(cards) - 1

    hand_rows = [add(sec["hand"].offset + i * CARD_F, "hand") for i in range(HAND_SLOTS)]
    tab0 = sec["tableau"].offset
    own_rows: list[int] = []
    for p in range(n):
        base = tab0 + p * 13 * CARD_F
        who = "own" if p == 0 else f"p{p}"
        rows = [add(base, f"{who}_home")]
        rows += [add(base + (1 + i) * CARD_F, f"{who}_tech") for i in range(TECH_SLOTS)]
        rows += [add(base + (1 + TECH_SLOTS + i) * CARD_F, f"{who}_world") for i in range(WORLD_SLOTS)]
        if p == 0:
            own_rows = rows
    for p in range(1, n):
        base = sec["opp_hands"].offset + (p - 1) * HAND_SLOTS * CARD_F
        for i in range(HAND_SLOTS):
            add(base + i * CARD_F, f"p{p}_hand")
    line_rows = [add(sec["line"].offset + i * CARD_F, "line") for i in range(6)]
    for i in range(4):
        add(sec["deck_top"].offset + i * CARD_F, "deck_top")
    reveal_rows = [add(sec["reveal"].offset + i * CARD_F, "reveal") for i in range(5)]
    add(sec["decision"].offset + _part("card")[0], "decision_card")

    mp = sec["map"]
    map_idx = mp.offset + np.arange(mp.size).reshape(mp.shape)
    dsec_idx = sec["decision"].offset + _part("sector")[0] + np.arange(37)
    res0, adv0 = sec["resolving"].offset, sec["advancements"].offset
    adv_idx = np.stack([res0 + np.arange(36), adv0 + np.arange(36), adv0 + 36 + np.arange(36)], axis=1)

    adj = np.zeros((37, 37), dtype=np.float32)
    for x in range(37):
        for y in NEIGH[x]:
            if y >= 0:
                adj[x, y] = 1.0
    adj /= np.maximum(adj.sum(axis=1, keepdims=True), 1.0)

    # scores: per head its entity rows then one "unseen" row for hand/tableau, then the context scores
    head_rows = {"hand": np.array(hand_rows), "tableau": np.array(own_rows), "line": np.array(line_rows),
                 "reveal": np.array(reveal_rows), "sector": np.arange(37), "advancement": np.arange(36)}
    start: dict[str, int] = {}
    pos = 0
    for h in HEAD_BLOCKS:
        start[h] = pos
        pos += len(head_rows[h]) + (1 if h in ("hand", "tableau") else 0)
    ctx_start = pos
    n_ctx = sum(int(BLOCK_SIZE[BLOCK_NAMES.index(b)]) for b in CONTEXT_BLOCKS)
    n_scores = pos + n_ctx
    index = np.full(NUM_ACTIONS, -1, dtype=np.int64)
    for b, name in enumerate(BLOCK_NAMES):
        s0, size = int(BLOCK_START[b]), int(BLOCK_SIZE[b])
        for i in range(size):
            if name == "hand":
                index[s0 + i] = start["hand"] + (i if i < HAND_SLOTS else HAND_SLOTS)
            elif name == "tableau":
                unseen = start["tableau"] + 13
                if i == 0:
                    index[s0 + i] = start["tableau"]
                elif 1 <= i <= 16:  # techs 1..16
                    index[s0 + i] = start["tableau"] + i if i <= TECH_SLOTS else unseen
                else:  # settled worlds 1..16
                    w = i - 17
                    index[s0 + i] = start["tableau"] + 1 + TECH_SLOTS + w if w < WORLD_SLOTS else unseen
            elif name in ("line", "reveal", "sector"):
                index[s0 + i] = start[name] + i
            elif name == "advancement":
                index[s0 + i] = start["advancement"] + i
    c = ctx_start
    for b, name in enumerate(BLOCK_NAMES):
        if name in CONTEXT_BLOCKS:
            index[BLOCK_START[b]:BLOCK_START[b] + BLOCK_SIZE[b]] = c + np.arange(BLOCK_SIZE[b])
            c += int(BLOCK_SIZE[b])
    assert (index >= 0).all() and c == n_scores
    return EntityLayout(n, lay.size, glob, np.stack(cards), np.array(kinds, dtype=np.int64), map_idx, dsec_idx,
                        adv_idx, adj, head_rows, index, n_scores)


def layout_fingerprint(num_players: int) -> dict[str, object]:
    """What a saved model must agree with: the layout versions, the observation size and section offsets, the
    action blocks."""
    lay = observation_layout(num_players)
    return {
        "obs_layout_version": OBS_LAYOUT_VERSION,
        "obs_size": int(lay.size),
        "sections": [[s.name, int(s.offset), int(s.size)] for s in lay.sections],
        "num_actions": int(NUM_ACTIONS),
        "action_blocks": [[name, int(BLOCK_START[b]), int(BLOCK_SIZE[b])] for b, name in enumerate(BLOCK_NAMES)],
    }
