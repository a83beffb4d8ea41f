"""The engine run as plain Python (NUMBA_DISABLE_JIT=1) gives the same games as the compiled engine."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow  # three whole games of the engine as plain Python

SCRIPT = """
import hashlib, numpy as np
from df_env.games.deep_future import engine
out = []
for n, seed in ((1, 0), (2, 1), (3, 2)):
    rng = np.random.default_rng(seed)
    s = engine.new_game(engine.GameConfig(num_players=n), seed=seed)
    while not engine.is_terminal(s):
        engine.apply_action(s, int(rng.choice(engine.legal_actions(s))))
    out.append(hashlib.sha256(s.tobytes()).hexdigest())
print(" ".join(out))
"""


def _run(disable_jit: bool) -> str:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1" if disable_jit else "0")
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


def test_uncompiled_engine_plays_the_same_games() -> None:
    compiled = _run(False)
    assert len(compiled.split()) == 3
    assert _run(True) == compiled
    assert hashlib.sha256(compiled.encode()).hexdigest()  # the hashes are real hex digests
