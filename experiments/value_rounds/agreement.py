"""How often a model's policy picks the search's most visited action, by the action's block (docs/ceiling.md).

Reads ``gen_value.py`` data (any search's self-play: the searched decisions with their visit distributions) and a
solo model, and prints, over all decisions and for each block of the action layout (``docs/envs.md``: ``action``,
``hand``, ``tableau``, ``sector``, ...) where the search's most visited action lies: how many decisions, how often
the policy's most likely action is that action, the mean number of legal actions, the mean visit share of the
search's choice (how sure the search was) and the mean probability the policy gives it. A policy that agrees
seldom where the search was sure is the place to look.

    python experiments/value_rounds/agreement.py --data 'data/t6400_*.npz'            # the shipped solo model
    python experiments/value_rounds/agreement.py --data 'data/t6400_*.npz' --model v.npz --json out.json
"""

from __future__ import annotations

import argparse
import glob
import sys
import zipfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # experiments/solo_deals, however this is loaded

from solo_deals import write_json_whole


def policy_probs(model: str, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The model's action distribution over the legal actions of every decision (batches of 4,096)."""
    import torch as th

    from df_env.train.exit.learner import net_from_file, teacher_policy

    net = net_from_file(model)
    net.eval()
    out = np.zeros(mask.shape, dtype=np.float32)
    with th.no_grad():
        for i in range(0, len(obs), 4096):
            x = th.as_tensor(obs[i:i + 4096].astype(np.float32))
            out[i:i + 4096] = teacher_policy(net, x, th.as_tensor(mask[i:i + 4096])).numpy()
    return out


def agreement(pi: np.ndarray, probs: np.ndarray, mask: np.ndarray) -> dict[str, dict[str, float]]:
    """The table, as ``{"all" or block name: {n, agree, legal, search_share, policy_prob}}``."""
    from df_env.games.deep_future.engine.model.layout import ACTION_BLOCK, BLOCK_NAMES

    choice, pick = pi.argmax(1), probs.argmax(1)
    block = ACTION_BLOCK[choice]
    rows = {"all": np.ones(len(choice), dtype=bool)}
    rows.update({BLOCK_NAMES[b]: block == b for b in np.unique(block)})
    return {name: {"n": int(s.sum()), "agree": float(np.mean(choice[s] == pick[s])),
                   "legal": float(mask[s].sum(1).mean()), "search_share": float(pi[s].max(1).mean()),
                   "policy_prob": float(probs[s, choice[s]].mean())} for name, s in rows.items()}


def read_data(files: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Observations, legal masks and visit distributions of ``gen_value.py`` files; a clear exit for anything else."""
    from df_env.games.deep_future.engine.model.layout import NUM_ACTIONS
    from df_env.games.deep_future.engine.observation.encode import SIZES

    try:
        parts = [np.load(f) for f in files]
        obs, mask, pi = (np.concatenate([p[k] for p in parts]) for k in ("obs", "mask", "pi"))
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
        raise SystemExit(f"--data: not gen_value.py data ({type(e).__name__}: {e})") from None
    n = len(obs)
    want = {"obs": ((n, int(SIZES[1])), obs), "mask": ((n, NUM_ACTIONS), mask), "pi": ((n, NUM_ACTIONS), pi)}
    for name, (shape, x) in want.items():
        if x.shape != shape or x.dtype.kind not in ("b" if name == "mask" else "f"):
            raise SystemExit(f"--data: not gen_value.py data ({name} is {x.dtype} {x.shape}, allowed: "
                             f"{'bool' if name == 'mask' else 'float'} {shape})")
    if n == 0 or not (mask.sum(1) >= 1).all() or not np.isfinite(pi).all():
        raise SystemExit("--data: not gen_value.py data (no decisions, a decision without a legal action or a "
                         "visit share that is not finite)")
    return obs, mask, pi


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", nargs="+", required=True, help="gen_value.py files (glob patterns allowed)")
    ap.add_argument("--model", default="", help="a solo model file (default: the shipped one)")
    ap.add_argument("--json", default="", help="also write the table to this JSON file")
    a = ap.parse_args(argv)
    from df_env.net.numpy_net import default_model_path

    files = [f for d in a.data for f in sorted(glob.glob(d))]
    if not files:
        raise SystemExit(f"--data {a.data} matches no file")
    obs, mask, pi = read_data(files)
    model = a.model or str(default_model_path(1))
    table = agreement(pi.astype(np.float32), policy_probs(model, obs, mask), mask)
    print(f"{model} against the search's choices, {len(files)} files")
    print(f"{'block':12s} {'decisions':>9s} {'agree':>6s} {'legal':>6s} {'search share':>12s} {'policy prob':>11s}")
    for name, r in table.items():
        print(f"{name:12s} {r['n']:9d} {r['agree']:6.3f} {r['legal']:6.1f} {r['search_share']:12.2f} "
              f"{r['policy_prob']:11.2f}")
    if a.json:
        write_json_whole(a.json, {"model": model, "data": files, "table": table}, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
