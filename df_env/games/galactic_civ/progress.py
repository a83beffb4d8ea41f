"""Each seat's progress towards victory, a score in [0, 1] (benchmarks keep each seat's peak: ``update_peaks``).

A seat's progress is the larger of (a) its best path margin over paths 1-5 divided by the lead a path needs (GC21,
GCR16: the margin of a path is the seat's lead in the path's primary attribute and in the better of its two
secondaries, the smaller of the two; a lead is the seat's score minus the best other seat's), clipped to [0, 1],
and (b) the share of the 8 attributes the seat strictly leads (the General Victory's count, GC22, GCR19). The
winner of a finished game has progress 1; a seat that leads every attribute also has 1.
"""

from __future__ import annotations

import numpy as np

from df_env.core.jit import njit

from .engine.tables import N_ATTR, PATH_ATTRS, PATH_LEAD


@njit
def progress(s, p):
    """Seat p's progress score in record ``s`` (see the module docstring)."""
    if s["over"] and s["winner"] == p:
        return 1.0
    n = s["n_players"]
    best = 0.0
    led = 0
    lead = np.empty(N_ATTR, dtype=np.int64)
    for a in range(N_ATTR):
        m = -1
        for q in range(n):
            if q != p and s["attr"][q, a] > m:
                m = s["attr"][q, a]
        lead[a] = s["attr"][p, a] - m
        if lead[a] > 0:
            led += 1
    for k in range(PATH_ATTRS.shape[0]):
        v = min(lead[PATH_ATTRS[k, 0]], max(lead[PATH_ATTRS[k, 1]], lead[PATH_ATTRS[k, 2]]))
        best = max(best, min(1.0, v / PATH_LEAD))
    return max(best, led / N_ATTR)


@njit
def progress_lead(s, p):
    """Seat p's progress score minus the best rival's, in [-1, 1]: how far ahead (or behind) p is, by the same
    score, in a game that may have no winner yet (search agents add it to a rollout's result: the nearest miss
    ranks above a farther one when every line loses)."""
    best = 0.0
    for q in range(s["n_players"]):
        if q != p:
            best = max(best, progress(s, q))
    return progress(s, p) - best


@njit
def progress_leads_arr(a, out):
    """:func:`progress_lead` of every seat of ``a[0]`` into ``out``."""
    for p in range(a[0]["n_players"]):
        out[p] = progress_lead(a[0], p)


@njit
def peak_update(s, peak):
    """Raise ``peak[p]`` to seat p's progress where it is higher."""
    for p in range(s["n_players"]):
        v = progress(s, p)
        if v > peak[p]:
            peak[p] = v


@njit
def peak_update_arr(a, peak):
    """:func:`peak_update` on ``a[0]`` (the way Python passes a state record to compiled code)."""
    peak_update(a[0], peak)


def update_peaks(state: np.ndarray, peak: np.ndarray) -> None:
    """Raise ``peak[p]`` to seat p's progress score (in [0, 1]) in ``state`` where it is higher."""
    peak_update_arr(state.reshape(1), peak)


def progress_scores(state: np.ndarray) -> np.ndarray:
    """Every seat's progress score in ``state`` (the terminal screen's "who is closest")."""
    peak = np.zeros(int(state["n_players"]), dtype=np.float64)
    update_peaks(state, peak)
    return peak
