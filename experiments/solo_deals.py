"""Solo deals played one by one, as ``df-env bench --players 1`` plays them: the helpers that the paired deal
experiments share (``deal_wins.py``, ``honest_variants.py``).

Deal ``g`` of a seed is the engine seed ``derive_seed(seed, g)``; an agent seated on it gets the agent seed
``derive_seed(seed, g, 1)`` (the bench's), seated by ``as_policy``, so a searching agent's game of a deal here is
the bench's game of that deal. (``random``, ``heuristic`` and ``net`` the bench plays in compiled games that draw
their choices from ``seed_words`` of the agent seed: the same deals, other draws; docs/agents.md.)
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import numpy as np

from df_env.games.deep_future.engine.api import GameConfig, apply_action, legal_mask, new_game

MAX_TURNS = 100  # the bench's turn limit for one player

Chooser = Callable[[np.ndarray, np.ndarray], int]  # (state, legal mask) -> action


def play_deal(choose: Chooser, engine_seed: int) -> dict[str, Any]:
    """One solo game from ``engine_seed`` with ``choose`` deciding every move (forced ones too): won or not, the
    last turn, the decisions, and the CPU seconds spent in ``choose`` (process time, so another job on the machine
    does not count)."""
    s = new_game(GameConfig(num_players=1), engine_seed)
    decisions, cpu = 0, 0.0
    while not s["over"] and s["turn"] <= MAX_TURNS:
        mask = legal_mask(s)
        t0 = time.process_time()
        a = int(choose(s, mask))
        cpu += time.process_time() - t0
        apply_action(s, a)
        decisions += 1
    return {"won": bool(s["over"]) and not bool(s["lost"][0]), "turns": int(s["turn"]), "decisions": decisions,
            "cpu": cpu}


def sign_test(a: int, b: int) -> float:
    """Two-sided exact sign test p-value for ``a`` deals (or games) won by one side only against ``b`` by the other."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def parse_deals(text: str) -> list[int]:
    """Deal numbers from ``"9,26,36"``, ``"0-99"`` or a mix (``"0-9,20"``), in the order given. A clear
    ``ValueError`` for anything else."""
    out: list[int] = []
    for part in text.split(","):
        lo, dash, hi = part.strip().partition("-")
        if not lo.isdigit() or (dash and not hi.isdigit()):
            raise ValueError(f"--deals: bad part {part!r} of {text!r}; allowed: deal numbers N >= 0 and ranges "
                             "N-M, separated by commas (9,26,36 or 0-99 or 0-9,20)")
        first, last = int(lo), int(hi) if dash else int(lo)
        if last < first:
            raise ValueError(f"--deals: the range {part!r} ends before it starts; N-M needs N <= M")
        out += range(first, last + 1)
    return out


def write_json_whole(path: Path | str, doc: Any, indent: int | None = None) -> None:
    """``doc`` as JSON at ``path``, written to a temporary file beside it and renamed: never a half-written file."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=indent))
    os.replace(tmp, path)


def play_all(fn: Callable[..., dict[str, Any]], tasks: Sequence[tuple[Any, ...]], jobs: int,
             every: float = 9.0) -> list[dict[str, Any]]:
    """``fn(*task)`` for every task on ``jobs`` processes, the results in the tasks' order. Prints how many games
    are done at least every ``every`` seconds while it waits (a deep search's game takes a minute: never silent)."""
    start = time.time()
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(fn, *task) for task in tasks]
        pending = set(futures)
        while pending:
            _, pending = wait(pending, timeout=every, return_when=FIRST_COMPLETED)
            if pending and time.time() - start >= every:
                print(f"{len(tasks) - len(pending)} of {len(tasks)} games, {time.time() - start:.0f} s", flush=True)
                start = time.time()
        return [f.result() for f in futures]
