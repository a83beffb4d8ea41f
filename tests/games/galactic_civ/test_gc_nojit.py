"""Galactic Civ's engine run as plain Python (NUMBA_DISABLE_JIT=1) gives the same games, byte for byte, as the
compiled engine, and the same observations (float32 arithmetic in compiled code as in numpy)."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import hashlib, numpy as np
from df_env.games.galactic_civ import GAME as G
out = []
for n, seed, events in ((2, 1, False), (4, 2, True), (6, 3, True)):
    rng = np.random.default_rng(seed)
    s = G.new_game(G.make_config(n, events=events), seed)
    seen = hashlib.sha256()
    while not G.is_terminal(s):
        G.apply_action(s, int(rng.choice(G.legal_actions(s))))
        if rng.random() < 0.1:
            seen.update(G.observe(s, int(rng.integers(n))).tobytes())
    out.append(hashlib.sha256(s.tobytes()).hexdigest()[:16] + seen.hexdigest()[:16])
print(" ".join(out))
"""


def _run(disable_jit: bool) -> str:
    env = dict(os.environ, NUMBA_DISABLE_JIT="1" if disable_jit else "0")
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


def test_python_and_compiled_engines_agree() -> None:
    compiled, python = _run(False), _run(True)
    assert len(compiled.split()) == 3 and compiled == python
