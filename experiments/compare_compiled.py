"""Is the engine's compiled code the same in two checkouts? Machine code of the hot paths, names normalized.

    python experiments/compare_compiled.py /path/to/old/checkout /path/to/new/checkout

Timing two checkouts on a shared machine cannot resolve a few percent (runs of one checkout spread by up to 40%
on the project's 2-core machine and on a lent 16-core one); comparing what numba generates can: when a function's
machine code is the same instruction for instruction, its speed is the same by construction. Each checkout is
compiled in a subprocess with its own empty ``NUMBA_CACHE_DIR`` (a cached function keeps no assembly to inspect),
then for each hot-path function (whole random games, ``legal_actions``' mask, ``apply_action``'s step) the
assembly of every compiled signature is normalized (mangled symbol names, which carry module paths and numba's
unique hashes, become ``SYM0, SYM1...`` in order of first use; comments and directives are dropped; local labels,
which follow the code, stay) and hashed. Prints a
JSON line per function: the instruction count and hash in each checkout, and whether they are equal.

Works for checkouts from 3366f2c on: the engine sits at ``df_env.engine`` before the folder move and at
``df_env.games.deep_future.engine`` after it (both are tried).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import hashlib, importlib, json, re
import numpy as np

def engine_module(name):
    for root in ("df_env.games.deep_future.engine", "df_env.engine"):
        try:
            return importlib.import_module(f"{root}.{name}")
        except ImportError:
            continue
    raise ImportError(name)

api = engine_module("api")
kernels = engine_module("kernels")
rng = engine_module("model.rng") if hasattr(engine_module("model.rng"), "seed_words") else None
state_mod = engine_module("model.state")

s = api.new_game(api.GameConfig(num_players=2), seed=0)
for k in range(200):                      # compile the Python loop's kernels
    if s["over"]:
        break
    api.apply_action(s, int(api.legal_actions(s)[0]))
template = np.empty(4, dtype=state_mod.STATE_DTYPE)
for g in range(4):
    template[g] = api.new_game(api.GameConfig(num_players=1 + g % 3), seed=g)
z = np.zeros(4, np.int64)
kernels.random_games_arr(template, rng.seed_words(1), 4, 10**6, z, z.copy(), z.copy())

SYM = re.compile(r"_ZN[\w$]+|[\w.$]*df_env[\w.$]*")  # mangled names: module path, qualname, numba's unique hash

def normalize(asm):
    names, out = {}, []
    for line in asm.splitlines():
        t = line.split("#")[0].strip()
        if not t or (t.startswith(".") and not t.endswith(":")):
            continue                        # directives (.file, .section, .size ...); labels stay
        out.append(SYM.sub(lambda m: names.setdefault(m.group(0), f"SYM{len(names)}"), t))
    return out

def jitted(module):
    for name in dir(module):
        f = getattr(module, name)
        if hasattr(f, "signatures") and f.signatures and hasattr(f, "inspect_asm"):
            yield name, f

res = {}
for mod_name in ("kernels", "api", "legality.mask", "rules.step"):
    try:
        mod = engine_module(mod_name)
    except ImportError:
        continue
    for name, f in jitted(mod):
        for sig in f.signatures:
            lines = normalize(f.inspect_asm(sig))
            res[f"{name}{sig}"] = {"n": len(lines), "sha": hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]}
print(json.dumps(res))
"""


def compiled(checkout: str) -> dict[str, dict[str, object]]:
    """Normalized assembly hashes of ``checkout``'s hot-path functions, compiled from scratch."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=os.path.abspath(checkout))
        out = subprocess.run([sys.executable, "-c", CHILD], cwd=checkout, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{checkout}: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    args = ap.parse_args(argv)
    print(f"compiling {args.old} and {args.new} from scratch (numba, about 1-2 minutes each)...", flush=True)
    old, new = compiled(args.old), compiled(args.new)
    same = 0
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        equal = a is not None and b is not None and a["sha"] == b["sha"]
        same += equal
        name, sig = key.split("(", 1)
        print(json.dumps({"function": name, "signature": "(" + sig[:60] + ("..." if len(sig) > 60 else ""),
                          "old": a, "new": b, "same_code": equal}))
    print(json.dumps({"functions": len(set(old) | set(new)), "same_code": same}))
    return 0 if same == len(set(old) | set(new)) else 1


if __name__ == "__main__":
    raise SystemExit(main())
