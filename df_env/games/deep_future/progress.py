"""The progress score: how near a player is to victory, in ``[0, 1]`` (1 = he won).

Weak agents rarely or never win a game of Deep Future, so a win rate alone cannot tell them apart. The progress
score measures the three parts of the victory condition (section 3, R23):

* ``T`` tableau: ``(min(3, homeworld advancements) + the written advancements of the three most advanced techs,
  at most 3 each) / 12``. It is 1 when the homeworld and three techs are complete.
* ``V`` nearest victory condition: the largest of ``sectors / 12``, ``cubes / 25``, ``Culture / 12`` and
  ``max(0, track) / 6`` for Might, Stability and Xeno, capped at 1.
* ``W`` solo wonders: in a solo game with wonders on the map, the fraction of the required settled worlds
  (``min(wonders, 4)``, different sectors, outside the homeworld's) he holds; otherwise 1.

``progress = 0.5 T + 0.4 V + 0.1 W``, and exactly 1 for the winner. A player who has lost scores 0 from then on
in multiplayer (his tableau is cleared, R24); benchmarks therefore report the *peak* progress of each player over
the game (:func:`peak_update`), the closest he came to winning.

Example:
    >>> from df_env.games.deep_future import engine
    >>> from df_env.games.deep_future.progress import progress
    >>> s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    >>> 0.0 < progress(s, 0) < 0.5
    True
"""

from __future__ import annotations

import numpy as np

from df_env.games.deep_future.engine._jit import njit
from df_env.games.deep_future.engine.legality.queries import n_wonders
from df_env.games.deep_future.engine.model.constants import (
    CULTURE,
    FIRST_SECTOR,
    MIGHT,
    N_SECTORS,
    WIN_CUBES,
    WIN_CULTURE,
    WIN_SECTORS,
    WIN_TRACK,
    XENO,
)

W_TABLEAU, W_VICTORY, W_WONDERS = 0.5, 0.4, 0.1


@njit
def _written(s, c):
    n = 0
    for k in range(3):  # (summing numpy bools would be a logical OR without numba)
        if s["c_slot_num"][c, k] > 0:
            n += 1
    return n


@njit
def tableau_part(s, p):
    """``T``: homeworld advancements (up to 3) plus the three most advanced techs, over 12."""
    h = s["home"][p]
    total = min(3, _written(s, h)) if h >= 0 else 0
    best = [0, 0, 0]
    for i in range(s["techs_n"][p]):
        w = _written(s, s["techs"][p, i])
        if w > best[2]:
            best[2] = w
            if best[2] > best[1]:
                best[1], best[2] = best[2], best[1]
            if best[1] > best[0]:
                best[0], best[1] = best[1], best[0]
    return (total + best[0] + best[1] + best[2]) / 12.0


@njit
def victory_part(s, p):
    """``V``: progress towards the nearest of the six victory conditions, in [0, 1]."""
    n_sec = 0
    n_cub = 0
    for x in range(FIRST_SECTOR, N_SECTORS):
        if s["owner"][x] == p and s["cubes"][x] > 0:
            n_sec += 1
            n_cub += s["cubes"][x]
    v = max(n_sec / WIN_SECTORS, n_cub / WIN_CUBES, s["tracks"][p, CULTURE] / WIN_CULTURE)
    for t in range(MIGHT, XENO + 1):
        v = max(v, s["tracks"][p, t] / WIN_TRACK)
    return min(1.0, max(0.0, v))


@njit
def wonders_part(s, p):
    """``W``: solo only, the fraction of the settled worlds the wonders require (R23); 1 otherwise."""
    if s["n_players"] != 1:
        return 1.0
    need = min(n_wonders(s), 4)
    h = s["home"][p]
    if need == 0 or h < 0:
        return 1.0
    hs = s["c_sector"][h]
    seen = np.zeros(N_SECTORS, dtype=np.bool_)
    n = 0
    for i in range(s["worlds_n"][p]):
        x = s["c_sector"][s["worlds"][p, i]]
        if x != hs and not seen[x]:
            seen[x] = True
            n += 1
    return min(1.0, n / need)


@njit
def progress_rec(s, p):
    """The progress score of player p on state record ``s`` (compiled code)."""
    if s["winner"] == p:
        return 1.0
    return W_TABLEAU * tableau_part(s, p) + W_VICTORY * victory_part(s, p) + W_WONDERS * wonders_part(s, p)


@njit
def peak_update(s, peak):
    """Raise ``peak[p]`` to the current progress of every player p (call after each decision)."""
    for p in range(s["n_players"]):
        v = progress_rec(s, p)
        if v > peak[p]:
            peak[p] = v


@njit
def _progress_arr(a, p):
    return progress_rec(a[0], p)


@njit
def _parts_arr(a, p):
    s = a[0]
    return tableau_part(s, p), victory_part(s, p), wonders_part(s, p)


def progress(state: np.ndarray, player: int) -> float:
    """The progress score of ``player`` in ``state`` (a 0-d STATE_DTYPE array), in [0, 1]; 1 for the winner."""
    _check_player(state, player)
    return float(_progress_arr(state.reshape(1), player))


def progress_parts(state: np.ndarray, player: int) -> dict[str, float]:
    """The three parts ``T`` (tableau), ``V`` (nearest victory condition), ``W`` (solo wonders) and the score.

    Example:
        >>> from df_env.games.deep_future import engine
        >>> s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
        >>> sorted(progress_parts(s, 0))
        ['score', 'tableau', 'victory', 'wonders']
    """
    _check_player(state, player)
    t, v, w = _parts_arr(state.reshape(1), player)
    return {"tableau": float(t), "victory": float(v), "wonders": float(w), "score": progress(state, player)}


def _check_player(state: np.ndarray, player: int) -> None:
    n = int(state["n_players"])
    if not 0 <= int(player) < n:
        raise ValueError(f"player must be in 0..{n - 1} for a {n}-player game, got {player!r}")


@njit
def peak_update_arr(a, peak):
    """:func:`peak_update` on ``a[0]`` (the way Python passes a state record to compiled code)."""
    peak_update(a[0], peak)
