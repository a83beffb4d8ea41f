"""Where the entity network finds its inputs in the flat observation, and which entity each action names.

numpy only (no torch): the torch network (:mod:`df_env.train.torch_net`) and the numpy forward pass
(:mod:`df_env.net.numpy_net`) both build their gathers from :func:`entity_layout`, and a saved model stores
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

from df_env.games.deep_future.engine.model.constants import NEIGH
from df_env.games.deep_future.engine.model.layout import BLOCK_NAMES, BLOCK_SIZE, BLOCK_START, NUM_ACTIONS
from df_env.games.deep_future.engine.observation.encode import (
    CARD_FEATURES,
    DECISION_PARTS,
    Section,
    observation_layout,
)

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


class _CardSlots:
    """The card entities in the order they are added: each one's 40 observation indices and its slot kind."""

    def __init__(self) -> None:
        self.cards: list[np.ndarray] = []
        self.kinds: list[int] = []

    def add(self, offset: int, kind: str) -> int:
        self.cards.append(np.arange(offset, offset + CARD_F))
        self.kinds.append(CARD_KINDS.index(kind))
        return len(self.cards) - 1

    def add_run(self, offset: int, count: int, kind: str) -> list[int]:
        """``count`` consecutive card slots from ``offset``; their rows."""
        return [self.add(offset + i * CARD_F, kind) for i in range(count)]


def _add_tableau(slots: _CardSlots, base: int, who: str) -> list[int]:
    """One player's tableau (13 slots: homeworld, techs 1..6, settled worlds 1..6); its rows."""
    rows = [slots.add(base, f"{who}_home")]
    rows += slots.add_run(base + CARD_F, TECH_SLOTS, f"{who}_tech")
    rows += slots.add_run(base + (1 + TECH_SLOTS) * CARD_F, WORLD_SLOTS, f"{who}_world")
    return rows


def _card_entities(sec: dict[str, Section], n: int) -> tuple[_CardSlots, dict[str, list[int]]]:
    """Every card slot of the observation, and the rows of the ones an action names (hand, the observer's tableau,
    line, reveal)."""
    slots = _CardSlots()
    hand_rows = slots.add_run(sec["hand"].offset, HAND_SLOTS, "hand")
    tableaus = [_add_tableau(slots, sec["tableau"].offset + p * 13 * CARD_F, "own" if p == 0 else f"p{p}")
                for p in range(n)]
    for p in range(1, n):
        slots.add_run(sec["opp_hands"].offset + (p - 1) * HAND_SLOTS * CARD_F, HAND_SLOTS, f"p{p}_hand")
    line_rows = slots.add_run(sec["line"].offset, 6, "line")
    slots.add_run(sec["deck_top"].offset, 4, "deck_top")
    reveal_rows = slots.add_run(sec["reveal"].offset, 5, "reveal")
    slots.add(sec["decision"].offset + _part("card")[0], "decision_card")
    return slots, {"hand": hand_rows, "tableau": tableaus[0], "line": line_rows, "reveal": reveal_rows}


def _adjacency() -> np.ndarray:
    """The map's neighbour matrix, rows normalized (mean over neighbours)."""
    adj = np.zeros((37, 37), dtype=np.float32)
    for x in range(37):
        for y in NEIGH[x]:
            if y >= 0:
                adj[x, y] = 1.0
    adj /= np.maximum(adj.sum(axis=1, keepdims=True), 1.0)
    return adj


def _head_starts(head_rows: dict[str, np.ndarray]) -> tuple[dict[str, int], int]:
    """Where each head's scores start (its entity rows, then one "unseen" row for hand and tableau), and where the
    context scores start."""
    start: dict[str, int] = {}
    pos = 0
    for h in HEAD_BLOCKS:
        start[h] = pos
        pos += len(head_rows[h]) + (1 if h in ("hand", "tableau") else 0)
    return start, pos


def _tableau_score(i: int, start: int) -> int:
    """Tableau action i (0: homeworld, 1..16: techs, 17..32: settled worlds) -> its score; slots beyond the sixth
    tech or world share the "unseen" row."""
    unseen = start + 13
    if i == 0:
        return start
    if i <= 16:  # techs 1..16
        return start + i if i <= TECH_SLOTS else unseen
    w = i - 17  # settled worlds 1..16
    return start + 1 + TECH_SLOTS + w if w < WORLD_SLOTS else unseen


def _head_score(name: str, i: int, start: dict[str, int]) -> int:
    """The score of action i of the entity-scored block ``name``."""
    if name == "hand":
        return start["hand"] + (i if i < HAND_SLOTS else HAND_SLOTS)
    if name == "tableau":
        return _tableau_score(i, start["tableau"])
    return start[name] + i  # line, reveal, sector, advancement


def _action_index(start: dict[str, int], ctx_start: int) -> tuple[np.ndarray, int]:
    """Every action's index into the concatenated scores, and the number of scores."""
    index = np.full(NUM_ACTIONS, -1, dtype=np.int64)
    c = ctx_start
    for b, name in enumerate(BLOCK_NAMES):
        s0, size = int(BLOCK_START[b]), int(BLOCK_SIZE[b])
        if name in HEAD_BLOCKS:
            for i in range(size):
                index[s0 + i] = _head_score(name, i, start)
    for b, name in enumerate(BLOCK_NAMES):
        if name in CONTEXT_BLOCKS:
            index[BLOCK_START[b]:BLOCK_START[b] + BLOCK_SIZE[b]] = c + np.arange(BLOCK_SIZE[b])
            c += int(BLOCK_SIZE[b])
    return index, c


def entity_layout(num_players: int) -> EntityLayout:
    """The entity layout of the observation of a ``num_players`` game (1, 2 or 3)."""
    lay = observation_layout(num_players)
    sec = {s.name: s for s in lay.sections}

    def rng(name: str) -> np.ndarray:
        return np.arange(sec[name].offset, sec[name].offset + sec[name].size)

    glob = np.concatenate([rng(k) for k in ("game", "decision", "resolving", "players", "advancements", "discard")])
    slots, card_heads = _card_entities(sec, num_players)
    mp = sec["map"]
    map_idx = mp.offset + np.arange(mp.size).reshape(mp.shape)
    dsec_idx = sec["decision"].offset + _part("sector")[0] + np.arange(37)
    res0, adv0 = sec["resolving"].offset, sec["advancements"].offset
    adv_idx = np.stack([res0 + np.arange(36), adv0 + np.arange(36), adv0 + 36 + np.arange(36)], axis=1)

    # scores: per head its entity rows then one "unseen" row for hand/tableau, then the context scores
    head_rows = {**{h: np.array(rows) for h, rows in card_heads.items()},
                 "sector": np.arange(37), "advancement": np.arange(36)}
    start, ctx_start = _head_starts(head_rows)
    n_ctx = sum(int(BLOCK_SIZE[BLOCK_NAMES.index(b)]) for b in CONTEXT_BLOCKS)
    n_scores = ctx_start + n_ctx
    index, c = _action_index(start, ctx_start)
    assert (index >= 0).all() and c == n_scores
    return EntityLayout(num_players, lay.size, glob, np.stack(slots.cards), np.array(slots.kinds, dtype=np.int64),
                        map_idx, dsec_idx, adv_idx, _adjacency(), head_rows, index, n_scores)


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
