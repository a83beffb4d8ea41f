"""The legal mask of the pending decision (compiled): which actions of the flat space answer it."""

from __future__ import annotations

from df_env.engine._jit import njit

from .state import (
    A_ATTR,
    A_DILEMMA,
    A_DISCARD,
    A_PASS,
    A_PLAY,
    A_RACE,
    A_TAKE,
    A_TARGET,
    D_DILEMMA,
    D_DISCARD,
    D_EXPAND,
    D_PICK,
    D_PLAY,
    D_RACE,
    D_TARGET,
)
from .tables import CARD_TYPE, N_ATTR, N_CARDS, N_RACES


@njit
def _mark_hand(s, p, start, types):
    """Mark start + c for every card c seat p holds whose type is in bit set ``types``."""
    for c in range(N_CARDS):
        if s["hand"][p, c] and (types >> CARD_TYPE[c]) & 1:
            s["mask"][start + c] = 1


@njit
def _mark_races(s):
    for r in range(N_RACES):
        s["mask"][A_RACE + r] = 1
    for p in range(s["n_players"]):
        if s["race"][p] >= 0:
            s["mask"][A_RACE + s["race"][p]] = 0  # GCR7: races are distinct


@njit
def fill_mask(s):
    """Fill ``s["mask"]`` and ``s["n_legal"]`` for the pending decision (all zero when there is none)."""
    s["mask"][:] = 0
    dk = s["dk"]
    p = s["dplayer"]
    if dk == D_RACE:
        _mark_races(s)
    elif dk == D_PLAY:
        _mark_hand(s, p, A_PLAY, s["ctx_types"])
        s["mask"][A_PASS] = 1  # GCR10: every play is optional
    elif dk == D_TARGET:
        for q in range(s["n_players"]):
            if q != s["ctx_chooser"]:
                s["mask"][A_TARGET + q] = 1
    elif dk == D_PICK:
        for a in range(N_ATTR):
            s["mask"][A_ATTR + a] = 1
    elif dk == D_EXPAND:
        s["mask"][A_TAKE] = 1
        s["mask"][A_PASS] = 1
    elif dk == D_DISCARD:
        _mark_hand(s, p, A_DISCARD, 15)
    elif dk == D_DILEMMA:
        s["mask"][A_DILEMMA] = 1
        s["mask"][A_DILEMMA + 1] = 1
    n = 0
    for i in range(s["mask"].shape[0]):
        n += s["mask"][i]
    s["n_legal"] = n
