"""Two honest solo players built from the project's searches, each paired deal by deal with ``net-mcts`` (issue 28).

* ``ensemble:mcts=K,w=W``: at every searched decision both searches run, ``net-mcts`` (the base spec) and
  ``mcts:iters=K`` (heuristic rollouts); the move is the best by ``base visit share + W * mcts visit share``. The
  two searches lose different deals (docs/ceiling.md): this asks whether one player can keep the strengths of both.
* ``pimc:worlds=K,iters=I``: Perfect Information Monte Carlo. At every searched decision, ``K`` worlds are sampled
  for the acting player (his determinizations: the deck order, the challenge pile and the generator he cannot
  see, drawn again), the clairvoyant search (``oracle:iters=I``, which sees all of its world) searches each, and
  the move is the best by the sum of the worlds' visit shares. An honest player: the true hidden cards never reach
  the searches, only samples of them. This asks how much of the reference's 100% a player keeps who searches as
  if the draws were known.

Deal ``g`` is the engine seed ``derive_seed(seed, g)`` with the agent seed ``derive_seed(seed, g, 1)``, as in
``df-env bench --players 1`` (so the base's games are the bench's games of ``net-mcts`` on those deals).

    python experiments/honest_variants.py --seed 90 --deals 0-399 --variants "ensemble:mcts=120,w=1" --jobs 2
    python experiments/honest_variants.py --seed 90 --deals 0-199 --variants "pimc:worlds=8,iters=100" --jobs 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # solo_deals beside this script, however it is loaded

from solo_deals import parse_deals, play_all, play_deal, sign_test, write_json_whole

from agents import make_agent
from agents.base import seat_rng, words_from
from agents.deep_future.mcts import canonicalize_arr
from df_env.bench import derive_seed
from df_env.games.deep_future.engine.observation.determinize import determinize_arr

BASE = "net-mcts:iters=400"
SUB_SEED = 7  # derive_seed(agent seed, 7): the second generator of a composite player (ensemble's mcts, PIMC's worlds)
KINDS = {"ensemble": {"mcts": 120, "w": 1.0}, "pimc": {"worlds": 8, "iters": 100}}


def parse_variant(text: str) -> tuple[str, dict[str, float]]:
    """``"pimc:worlds=8,iters=100"`` -> ``("pimc", {"worlds": 8, "iters": 100})``; unnamed options keep their
    defaults (``KINDS``). A clear ``ValueError`` for an unknown kind or option or a bad value."""
    kind, _, rest = text.partition(":")
    if kind not in KINDS:
        raise ValueError(f"unknown variant {kind!r}; allowed: {', '.join(KINDS)}")
    opts = dict(KINDS[kind])
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if key not in opts or not eq:
            raise ValueError(f"{kind}: bad option {item!r}; allowed: {', '.join(f'{k}=N' for k in opts)}")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"{kind}: {key} must be a number, got {value!r}") from None
        if number < 0 or (key != "w" and (number < 1 or number != int(number))):
            raise ValueError(f"{kind}: {key} must be {'>= 0' if key == 'w' else 'an integer >= 1'}, got {value}")
        opts[key] = number
    return kind, opts


class Ensemble:
    """``base`` and ``mcts:iters=K`` searched at every decision; the move by the weighted sum of visit shares."""

    def __init__(self, base: str, mcts_iters: int, weight: float, seed: int) -> None:
        # seated by the project's rule: the base with its own draws (as when it plays alone), mcts with a sub-seed
        self.a = make_agent(base).as_policy(0, seed).agent
        self.b = make_agent(f"mcts:iters={mcts_iters}").as_policy(0, derive_seed(seed, SUB_SEED)).agent
        self.weight = weight

    def scores(self, s: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Each action's weighted sum of the two searches' visit shares."""
        na = np.where(mask, self.a.search(s.copy()), 0.0)  # type: ignore[attr-defined]
        nb = np.where(mask, self.b.search(s.copy()), 0.0)  # type: ignore[attr-defined]
        return na / na.sum() + self.weight * nb / nb.sum()

    def choose(self, s: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(np.where(mask, self.scores(s, mask), -1.0)))


class Pimc:
    """``worlds`` determinizations of the decision, each searched by ``oracle:iters=I``; the move by the sum of
    the worlds' visit shares. Only the acting player's samples reach the searches (``determinize_arr`` on his
    canonical view), never the true hidden cards."""

    def __init__(self, worlds: int, iters: int, seed: int) -> None:
        self.worlds = worlds
        self.oracle = make_agent(f"oracle:iters={iters}").as_policy(0, seed).agent
        self.words = words_from(seat_rng(derive_seed(seed, SUB_SEED), 0))  # the worlds' draws

    def scores(self, s: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Each action's sum of visit shares over the sampled worlds."""
        p = int(s["dplayer"])
        share = np.zeros(mask.size)
        for _ in range(self.worlds):
            world = s.reshape(1).copy()
            canonicalize_arr(world, p)
            determinize_arr(world, p, self.words)
            visits = self.oracle.search(world[0])  # type: ignore[attr-defined]
            share += visits / visits.sum()
        return share

    def choose(self, s: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(np.where(mask, self.scores(s, mask), -1.0)))


class Base:
    """The base spec alone, seeded as ``df-env bench`` seeds it."""

    def __init__(self, spec: str, seed: int) -> None:
        self.agent = make_agent(spec).as_policy(0, seed).agent

    def choose(self, s: np.ndarray, mask: np.ndarray) -> int:
        return int(self.agent.act(None, mask, s.copy()))


def player(variant: str, base: str, seed: int) -> Base | Ensemble | Pimc:
    """The chooser of ``variant`` (``"base"`` or a variant spec) with agent seed ``seed``."""
    if variant == "base":
        return Base(base, seed)
    kind, o = parse_variant(variant)
    if kind == "ensemble":
        return Ensemble(base, int(o["mcts"]), o["w"], seed)
    return Pimc(int(o["worlds"]), int(o["iters"]), seed)


def play(variant: str, base: str, seed: int, g: int) -> dict[str, Any]:
    """Deal ``g`` of ``seed`` played by ``variant``: won or not, decisions, CPU seconds spent choosing."""
    chooser = player(variant, base, derive_seed(seed, g, 1))

    def choose(s: np.ndarray, mask: np.ndarray) -> int:  # a forced move is played without a search
        return int(np.flatnonzero(mask)[0]) if mask.sum() == 1 else chooser.choose(s, mask)

    return {"variant": variant, "deal": g, **play_deal(choose, derive_seed(seed, g))}


def summarize(rows: list[dict[str, Any]], variants: list[str]) -> list[str]:
    """Per variant: wins, CPU ms a decision and, against ``base``, the deals won by each only (with the sign
    test)."""
    won = {(r["variant"], r["deal"]): r["won"] for r in rows}
    deals = sorted({r["deal"] for r in rows})
    lines = []
    for v in variants:
        mine = [r for r in rows if r["variant"] == v]
        ms = 1000 * sum(r["cpu"] for r in mine) / max(1, sum(r["decisions"] for r in mine))
        line = f"{v}: won {sum(r['won'] for r in mine)} of {len(mine)}; {ms:.1f} CPU ms a decision"
        if v != "base" and "base" in variants:
            only = sum(won[v, g] and not won["base", g] for g in deals)
            base_only = sum(won["base", g] and not won[v, g] for g in deals)
            p = sign_test(only, base_only)
            line += f"; won {only} the base lost, lost {base_only} it won (sign test p = {p:.3g})"
        lines.append(line)
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=90)
    ap.add_argument("--deals", default="0-99", help="deal numbers of the seed: 9,26,36 or 0-99 or a mix")
    ap.add_argument("--base", default=BASE, help="the base search (a net-mcts or mcts spec)")
    ap.add_argument("--variants", nargs="+", required=True, help="ensemble:mcts=K,w=W or pimc:worlds=K,iters=I")
    ap.add_argument("--no-base", action="store_true", help="do not play the base (its games are in another run)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="also write the games as JSON here")
    args = ap.parse_args(argv)
    try:
        deals = parse_deals(args.deals)
        kinds = {parse_variant(v)[0] for v in args.variants}
        base_agent = make_agent(args.base)  # a bad spec fails here, before any game
        if "ensemble" in kinds and not hasattr(base_agent, "search"):
            raise ValueError(f"the ensemble needs a search as --base (a net-mcts or mcts spec), got {args.base!r}")
    except ValueError as e:
        ap.error(str(e))
    variants = ([] if args.no_base else ["base"]) + list(args.variants)
    tasks = [(v, args.base, args.seed, g) for g in deals for v in variants]
    rows = play_all(play, tasks, args.jobs)
    print("\n".join(summarize(rows, variants)))
    if args.out:
        write_json_whole(args.out, {"seed": args.seed, "base": args.base, "variants": variants, "games": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
