"""A model soup: the weight average of models fitted one from another (docs/ceiling.md, "Model soups of the DAgger
rounds (stop 48)").

The DAgger rounds fit each model from the one before (run_dagger*.sh), so their weights lie in one basin and their
average is a model too (Wortsman et al., 2022, "Model soups"). Every model must be an entity model of the same
sizes and table; the soup keeps the first model's ``__meta__`` with ``made_by`` naming the ingredients.

    python experiments/value_rounds/soup.py runs/dagger/soup.npz runs/dagger/net_1p_r2.npz runs/dagger/net_1p_r3.npz
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from df_env.net.numpy_net import ModelFileError, load_net, read_model_file, write_model_file

SAME = ("kind", "num_players", "dims")  # what every ingredient shares with the first


def soup(paths: list[Path]) -> tuple[dict, dict[str, np.ndarray]]:
    """The first model's meta and the mean of every weight array over ``paths`` (float64 sums, float32 result)."""
    models = []
    for p in paths:
        try:
            load_net(p)  # the checks of a model file: readable, this table's layout, its arrays' shapes
        except ModelFileError as err:
            raise SystemExit(str(err)) from None
        models.append(read_model_file(p))
    meta, first = models[0]
    for p, (m, w) in zip(paths[1:], models[1:], strict=True):
        if [m.get(k) for k in SAME] != [meta.get(k) for k in SAME] or \
                {k: v.shape for k, v in w.items()} != {k: v.shape for k, v in first.items()}:
            raise SystemExit(f"{p} is not of {paths[0]}'s shape (kind, players, sizes: {[m.get(k) for k in SAME]} "
                             f"against {[meta.get(k) for k in SAME]}); a soup averages models of one shape")
    arrays = {k: (sum(w[k].astype(np.float64) for _, w in models) / len(models)).astype(np.float32) for k in first}
    return {**meta, "made_by": {"soup": [str(p) for p in paths], "command": "experiments/value_rounds/soup.py"}}, arrays


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="the soup's model file (.npz)")
    ap.add_argument("models", type=Path, nargs="+", help="two or more model files of one shape")
    a = ap.parse_args(argv)
    if len(a.models) < 2:
        ap.error("a soup needs two or more models")
    meta, arrays = soup(a.models)
    write_model_file(a.out, meta, arrays)
    print(f"wrote {a.out}: the mean of {len(a.models)} models")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
