"""Train an entity network's value head (with its trunk) on search self-play data (experiments/value_rounds).

The value output learns ``--target`` (``qb``: the search's value of its most visited root action, what the shipped
solo model learned; ``qm``; ``z``: the game's outcome; ``mix:L``: ``L z + (1 - L) qb``; ``teacher``: the start
model's own value, so the value stays what it was while the policy learns) by mean squared error; the
policy learns at the same time either the start model's own policy (``--policy teacher``: distillation, so the
policy stays what it was), the search's visit distribution (``--policy search``) or the search's choice, its most
visited action (``--policy choice``). Games are split into train and held-out (``--holdout``, or the games of the files
given to ``--holdout-data``, the same held-out games for fits on more or less data); each epoch reports
on the held-out games R^2 of the value against its target and against ``z`` (linear fit), the policy's
cross-entropy excess (KL) to its target and how often its top action is the search's. Writes the model with
``"value_target": "outcome"`` (net-mcts then evaluates leaves with it).

With ``--children W`` (data made with gen_value.py ``--children K``) the value also learns how the search ranks
sibling actions: at each decision, the values of the observations after its most visited root actions, each less
their mean, fit the search's values of those actions, each less theirs (:func:`sibling_loss`, weight W). What
decides a move is the difference between siblings, which a fit of the chosen action's value alone hardly sees
(docs/ceiling.md, stop 40). ``--children-gap G`` fits only the decisions whose two most visited actions the search
valued more than G apart (its near ties are mostly its draws: teacher_noise.py). Each epoch then also reports
how often the value orders two siblings as the search does.

    python experiments/value_rounds/train_value.py --data 'data/m400_*.npz' --target qb --epochs 4 --out v0.npz
"""

from __future__ import annotations

import argparse
import glob
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np


def targets(kind: str, z: np.ndarray, qb: np.ndarray, qm: np.ndarray) -> np.ndarray:
    """The value target of every sample."""
    if kind == "qb":
        return qb
    if kind == "qm":
        return qm
    if kind == "z":
        return z
    if kind.startswith("mix:"):
        lam = float(kind[4:])
        if not 0.0 <= lam <= 1.0:
            raise SystemExit(f"--target mix:L needs 0 <= L <= 1, got {lam}")
        return lam * z + (1 - lam) * qb
    raise SystemExit(f"--target must be qb, qm, z, mix:L or teacher, got {kind!r}")


def search_policy(kind: str, visits: np.ndarray) -> np.ndarray:
    """The policy target taken from the search: its visit distribution (``search``) or its choice (``choice``)."""
    if kind == "choice":
        return np.eye(visits.shape[1], dtype=np.float32)[visits.argmax(1)]
    return visits


def sibling_loss(v: Any, cq: Any, ok: Any) -> Any:
    """Mean squared error between the siblings' values and the search's, each centred on its decision's mean:
    only the differences between siblings count, not their level. ``v``, ``cq``: (batch, K) tensors; ``ok``:
    which children are there. Decisions with fewer than two children add nothing."""
    w = ok.float()
    n = w.sum(1, keepdim=True)
    keep = (n >= 2).float()
    mean_v, mean_q = (v * w).sum(1, keepdim=True) / n.clamp_min(1), (cq * w).sum(1, keepdim=True) / n.clamp_min(1)
    centred = (v - mean_v) - (cq - mean_q)
    return (centred ** 2 * w * keep).sum() / (w * keep).sum().clamp_min(1)


def pair_counts(v: np.ndarray, cq: np.ndarray, ok: np.ndarray) -> tuple[int, int]:
    """(sibling pairs that ``v`` orders as the search's values ``cq``, pairs counted): pairs of columns both
    there (``ok``) that the search valued differently. ``v``, ``cq``, ``ok``: (decisions, K)."""
    same = total = 0
    k = v.shape[1]
    for i in range(k):
        for j in range(i + 1, k):
            both = ok[:, i] & ok[:, j] & (cq[:, i] != cq[:, j])
            total += int(both.sum())
            same += int((np.sign(v[both, i] - v[both, j]) == np.sign(cq[both, i] - cq[both, j])).sum())
    return same, total


def pair_order(v: np.ndarray, cq: np.ndarray, ok: np.ndarray) -> float:
    """The share of sibling pairs (both there, values differing by the search) that ``v`` orders as the search."""
    same, total = pair_counts(v, cq, ok)
    return same / max(total, 1)


def read_children(files: list[str], parts: list[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``cobs``, ``cq``, ``cok`` of all the files, one row a decision; files made with a smaller K are padded with
    children that are not there. Exits naming a file without children or with children of the wrong shape. Each
    array is read once (an archive decompresses it at every access); a line every 9 s while it reads."""
    read, said = [], time.time()
    for i, (f, p) in enumerate(zip(files, parts, strict=True)):
        if not {"obs", "cobs", "cq", "cok"} <= set(p.files):
            raise SystemExit(f"--children needs data made with gen_value.py --children K; {f} has no children "
                             f"(its arrays: {', '.join(p.files)})")
        obs, cobs, cq, cok = p["obs"], p["cobs"], p["cq"], p["cok"]
        rows = (len(obs), cok.shape[1] if cok.ndim == 2 else -1)
        if (obs.ndim != 2 or cobs.shape != rows + obs.shape[1:] or cq.shape != rows or cok.dtype != bool
                or cq.dtype.kind != "f" or cobs.dtype.kind != "f" or not np.isfinite(cq).all()):
            raise SystemExit(f"--children: {f} is not gen_value.py --children data (obs {obs.dtype} {obs.shape}, "
                             f"cobs {cobs.dtype} {cobs.shape}, cq {cq.dtype} {cq.shape}, cok {cok.dtype} "
                             f"{cok.shape}; allowed: cobs float (rows, K, obs width), cq finite float (rows, K), "
                             "cok bool (rows, K))")
        read.append((cobs, cq, cok))
        said = say_every(said, f"  children: {i + 1} of {len(files)} files read")
    k = max(cok.shape[1] for _, _, cok in read)

    def wide(x: np.ndarray) -> np.ndarray:
        return np.pad(x, [(0, 0), (0, k - x.shape[1])] + [(0, 0)] * (x.ndim - 2))

    cobs, cq, cok = (np.concatenate([wide(r[c]) for r in read]) for c in range(3))
    return cobs, cq.astype(np.float32), cok


WIDENABLE = ("trunk", "head")


def widen_spec(text: str, dims: dict[str, int]) -> dict[str, int]:
    """``--widen`` (``trunk=256,head=64``) read against the start model's ``dims``: the new sizes."""
    out = dict(dims)
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        if key not in WIDENABLE or not value.isdigit():
            raise SystemExit(f"--widen takes {'/'.join(WIDENABLE)}=SIZE separated by commas, got {part!r}")
        if int(value) < dims[key]:
            raise SystemExit(f"--widen {key}={value}: the start model's {key} is {dims[key]} wide; a layer can only "
                             "grow")
        out[key] = int(value)
    return out


def widen(net: Any, dims: dict[str, int]) -> Any:
    """A wider copy of the entity network ``net`` that computes exactly what it computes: each weight copied into
    the corner of its wider self, the new units' incoming weights freshly drawn and their outgoing weights zero
    (so they start silent and the fit decides what they learn). Only layers whose new units come last in every
    input they feed can grow this way: the trunk and the action heads' hidden layer (:data:`WIDENABLE`)."""
    from df_env.train.torch_net import EntityNet

    wide = EntityNet(net.num_players, dims)
    state = wide.state_dict()
    for name, old in net.state_dict().items():
        new = state[name].clone()
        if old.ndim == 2:
            new[: old.shape[0], old.shape[1]:] = 0.0  # the new inputs' weights into the old units
        new[tuple(slice(0, n) for n in old.shape)] = old
        state[name] = new
    wide.load_state_dict(state)
    return wide


def fit_targets(policy: str, target: str, visits: np.ndarray, y: np.ndarray,
                start: Callable[[], tuple[Any, Iterator[tuple[np.ndarray, Any, Any]]]]
                ) -> tuple[np.ndarray, np.ndarray]:
    """The policy and value targets of every sample. ``--policy teacher`` and ``--target teacher`` take the start
    model's own policy and value (distillation: they stay what they were), computed once over all the samples;
    ``start()`` gives that model and the batches ``(rows, observations, masks)`` to run it on. Otherwise the policy
    learns from the search (:func:`search_policy`) and the value ``y`` as given."""
    import torch as th

    from df_env.train.exit.learner import teacher_policy

    target_pi = np.zeros_like(visits) if policy == "teacher" else search_policy(policy, visits)
    if "teacher" not in (policy, target):
        return target_pi, y
    teacher, batches = start()
    teacher.eval()
    y = y.copy()
    for j, x, m in batches:
        if policy == "teacher":
            target_pi[j] = teacher_policy(teacher, x, m).cpu().numpy()
        if target == "teacher":
            with th.no_grad():
                y[j] = teacher(x)[1][:, 0].cpu().numpy()
    return target_pi, y


def data_files(data: list[str], holdout_data: list[str]) -> tuple[list[str], list[str]]:
    """The files to train on and the files to hold out (``--holdout-data``, less any also in ``--data``)."""
    files = [f for d in data for f in sorted(glob.glob(d))]
    if not files:
        raise SystemExit(f"--data {data} matches no file")
    extra = [f for d in holdout_data for f in sorted(glob.glob(d)) if f not in files]
    if holdout_data and not extra:
        raise SystemExit(f"--holdout-data {holdout_data} matches no file outside --data")
    return files, extra


def say_every(said: float, line: str) -> float:
    """Print ``line`` when 9 s have passed since ``said`` (reading and fitting a big round take minutes: never
    silent); the time of the last line."""
    if time.time() - said < 9:
        return said
    print(line, flush=True)
    return time.time()


def still_training(said: float, epoch: int, done: int, total: int) -> float:
    """How far the epoch is, every 9 s (:func:`say_every`)."""
    return say_every(said, f"  epoch {epoch}: {done} of {total} samples")


def r2(pred: np.ndarray, y: np.ndarray) -> float:
    return float(1 - ((pred - y) ** 2).mean() / max(float(y.var()), 1e-12))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", nargs="+", required=True, help="gen_value.py files (glob patterns allowed)")
    ap.add_argument("--start", default="", help="the model to start from (default: the shipped one)")
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--target", default="qb", help="qb, qm, z, mix:L or teacher (the start model's own value)")
    ap.add_argument("--policy", choices=("teacher", "search", "choice"), default="teacher")
    ap.add_argument("--children", type=float, default=0.0, metavar="W",
                    help="weight of the sibling-ranking loss (needs gen_value.py --children data; default 0: off)")
    ap.add_argument("--children-gap", type=float, default=0.0, metavar="G",
                    help="fit the siblings only where the search's two favourites differ by more than G in value "
                    "(where it was sure; default 0: everywhere)")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--holdout", type=float, default=0.15, help="share of games held out")
    ap.add_argument("--holdout-data", nargs="+", default=[], metavar="FILE",
                    help="hold out these files' games instead (not trained on): the same held-out games for fits on "
                    "more or less data (a learning curve)")
    ap.add_argument("--widen", default="", metavar="LAYER=SIZE,...",
                    help="grow the start model first (trunk=256,head=64): the wider network computes the same "
                         "function at the start, its new units learn in the fit (default: the start's sizes)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--device", default="auto", help="auto (a CUDA GPU when torch sees one, else the CPU), cpu, "
                    "cuda or cuda:N")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    import torch as th

    from df_env.net.numpy_net import default_model_path
    from df_env.train.device import resolve_device
    from df_env.train.errors import ConfigError
    from df_env.train.exit.learner import NEG, losses, net_from_file, save_model

    try:
        dev = resolve_device(a.device)
    except ConfigError as err:
        raise SystemExit(f"--device: {err}") from None
    th.set_num_threads(a.threads)
    th.manual_seed(a.seed)
    files, extra = data_files(a.data, a.holdout_data)
    files += extra  # read with the rest, held out below
    parts = [np.load(f) for f in files]

    def cat(k: str) -> np.ndarray:
        read, said = [], time.time()
        for i, p in enumerate(parts):
            read.append(p[k])
            said = say_every(said, f"  {k}: {i + 1} of {len(parts)} files read")
        return np.concatenate(read)

    obs, mask, visits = cat("obs"), cat("mask"), cat("pi").astype(np.float32)
    if a.children:
        cobs, cq, cok = read_children(files, parts)
        fit_ok = cok & (np.abs(cq[:, :1] - cq[:, 1:2]) > a.children_gap) if a.children_gap > 0 else cok
    z = cat("z")
    y = z if a.target == "teacher" else targets(a.target, z, cat("qb"), cat("qm")).astype(np.float32)
    game = np.concatenate([p["game"] + 1_000_000 * i for i, p in enumerate(parts)])
    rng = np.random.default_rng(a.seed)
    games = np.unique(game)
    if len(games) < 2:
        raise SystemExit(f"--data holds {len(games)} game; training needs two or more (one is held out)")
    if extra:  # the last files read are --holdout-data's
        held = np.unique(game[len(game) - sum(len(p["z"]) for p in parts[len(parts) - len(extra):]):])
    else:
        held = rng.choice(games, min(max(1, int(len(games) * a.holdout)), len(games) - 1), replace=False)
    te = np.isin(game, held)
    tr_idx, te_idx = np.flatnonzero(~te), np.flatnonzero(te)
    print(f"{len(files)} files, {len(z)} samples, {len(games)} games; train {len(tr_idx)}, held out {len(te_idx)}")

    start = a.start or str(default_model_path(a.players))
    net = net_from_file(start)
    if a.widen:
        net = widen(net, widen_spec(a.widen, net.dims))
    net = net.to(dev)
    mask_t = th.as_tensor(mask, device=dev)

    def batches(idx: np.ndarray, size: int) -> Iterator[tuple[np.ndarray, th.Tensor, th.Tensor]]:
        for i in range(0, len(idx), size):
            j = idx[i:i + size]
            yield j, th.as_tensor(obs[j].astype(np.float32), device=dev), mask_t[j]

    target_pi, y = fit_targets(a.policy, a.target, visits, y,
                               lambda: (net_from_file(start).to(dev), batches(np.arange(len(z)), 2048)))
    pi_t, y_t = th.as_tensor(target_pi, device=dev), th.as_tensor(y, device=dev)
    opt = th.optim.Adam(net.parameters(), lr=a.lr, weight_decay=1e-5)

    def evaluate() -> str:
        net.eval()
        vs, kl, agree = [], 0.0, 0
        with th.no_grad():
            for j, x, m in batches(te_idx, 2048):
                lg, v = net(x)
                lp = th.log_softmax(lg.masked_fill(~m, NEG), 1).masked_fill(~m, 0)
                t = pi_t[j]
                kl += float((t * (th.log(t.clamp_min(1e-12)) - lp)).sum())
                agree += int((lg.masked_fill(~m, NEG).argmax(1).cpu() == th.as_tensor(visits[j]).argmax(1)).sum())
                vs.append(v[:, 0].cpu().numpy())
        net.train()
        v = np.concatenate(vs)
        n = max(len(te_idx), 1)
        fit_z = r2(np.polyval(np.polyfit(v, z[te], 1), v), z[te])
        return (f"held out: R2 target {r2(v, y[te]):.3f}, R2 z (linear) {fit_z:.3f}, KL {kl / n:.4f}, "
                f"top = search's {agree / n:.3f}" + (siblings() if a.children else ""))

    def child_values(j: np.ndarray) -> th.Tensor:
        """The value of every child of the decisions ``j``, (len(j), K)."""
        x = th.as_tensor(cobs[j].reshape(-1, cobs.shape[2]).astype(np.float32), device=dev)
        return net(x)[1][:, 0].reshape(len(j), cobs.shape[1])

    def siblings() -> str:
        with th.no_grad():
            v = np.concatenate([child_values(te_idx[i:i + 512]).cpu().numpy() for i in range(0, len(te_idx), 512)])
        c, ok = cq[te_idx], cok[te_idx]
        wide_gap = ok[:, :2] & (np.abs(c[:, :1] - c[:, 1:2]) > 0.03)  # the search's two favourites far apart
        return (f", sibling pairs ordered as the search {pair_order(v, c, ok):.3f} (its two most visited "
                f"{pair_order(v[:, :2], c[:, :2], ok[:, :2]):.3f}; those more than 0.03 apart "
                f"{pair_order(v[:, :2], c[:, :2], wide_gap):.3f})")

    print("epoch 0:", evaluate())
    for ep in range(1, a.epochs + 1):
        t0, lp_sum, lv_sum = time.time(), 0.0, 0.0
        said, done = t0, 0
        for j, x, m in batches(rng.permutation(tr_idx), a.batch):
            loss_pi, loss_v = losses(net, x, m, pi_t[j], y_t[j])
            if a.children:
                loss_v = loss_v + a.children * sibling_loss(
                    child_values(j), th.as_tensor(cq[j], device=dev), th.as_tensor(fit_ok[j], device=dev))
            opt.zero_grad()
            (loss_pi + loss_v).backward()
            opt.step()
            lp_sum, lv_sum = lp_sum + loss_pi.item() * len(j), lv_sum + loss_v.item() * len(j)
            done += len(j)
            said = still_training(said, ep, done, len(tr_idx))
        print(f"epoch {ep} ({time.time() - t0:.0f} s): train policy {lp_sum / len(tr_idx):.4f}, value "
              f"{lv_sum / len(tr_idx):.5f}; {evaluate()}", flush=True)
    args = {k: v for k, v in vars(a).items() if k not in ("threads", "device")}
    save_model(net, a.out, {"command": "experiments/value_rounds/train_value.py", "args": args}, "outcome")
    print("wrote", a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
