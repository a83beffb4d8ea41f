"""Train a MaskablePPO policy (sb3-contrib) on Deep Future: solo, or 2-3 players against an opponent pool.

    python experiments/train_ppo.py experiments/configs/ppo_solo.json
    python experiments/train_ppo.py experiments/configs/ppo_2p_pool.json --timesteps 20000   # override
    tensorboard --logdir results/ppo

Writes into ``out_dir``: TensorBoard logs (``tb/``), checkpoints (``checkpoints/``), the final policy
(``final.zip``, usable as ``ppo:path=OUT_DIR/final.zip``), the configuration used and ``eval.jsonl`` (one line
per evaluation). Every ``eval_every`` steps the current policy plays ``eval_games`` seeded games against each
agent spec in ``eval_opponents`` (solo: alone, the same seeds every time) and its win rate and mean peak progress
score are logged (``eval/<opponent>/win_rate``, ``eval/<opponent>/progress``).

Configuration keys (JSON; defaults in ``DEFAULTS``):

* ``num_players`` 1-3; ``seat`` of the learner; ``opponents``: ``"random"`` or ``"pool"`` (multiplayer: each
  other seat plays uniformly at random or, with probability ``pool_self``, a frozen earlier snapshot of the
  policy; a snapshot joins the pool every ``snapshot_every`` steps, ``pool_size`` kept);
* ``reward``: ``"win"`` (+1 / -1 at the end) or ``"progress"`` (the same plus the change of the progress score,
  ``df_env.games.deep_future.progress``, at every step: a potential-based shaping that rewards building the tableau);
* ``total_timesteps``, ``num_envs``, ``seed``, ``max_turns``, ``ppo`` (keyword arguments of MaskablePPO:
  ``n_steps``, ``batch_size``, ``learning_rate``, ``gamma``, ``ent_coef``, ``policy_kwargs``...);
* ``eval_every``, ``eval_games``, ``eval_opponents``, ``checkpoint_every``, ``out_dir``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

DEFAULTS: dict[str, Any] = {
    "num_players": 1, "seat": 0, "opponents": "random", "reward": "win", "total_timesteps": 200_000,
    "num_envs": 16, "seed": 0, "max_turns": None, "ppo": {"n_steps": 256, "batch_size": 512},
    "eval_every": 50_000, "eval_games": 100, "eval_opponents": ["random"], "checkpoint_every": 50_000,
    "pool_self": 0.5, "pool_size": 5, "snapshot_every": 50_000, "out_dir": "results/ppo/run",
}


def load_config(path: str, overrides: dict[str, Any]) -> dict[str, Any]:
    try:
        given = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as err:
        sys.exit(f"train_ppo: cannot read config {path!r}: {err}")
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        sys.exit(f"train_ppo: unknown config keys {unknown}; allowed: {sorted(DEFAULTS)}")
    config = {**DEFAULTS, **given, **{k: v for k, v in overrides.items() if v is not None}}
    if config["reward"] not in ("win", "progress") or config["opponents"] not in ("random", "pool"):
        sys.exit("train_ppo: reward must be 'win' or 'progress'; opponents 'random' or 'pool'")
    return config


# ---------------------------------------------------------------------------------------------- rewards, opponents
class PoolOpponent:
    """An opponent seat: uniformly random, or (with probability ``p_self``) a frozen snapshot of the learner; the
    choice is redrawn every ``switch_every`` decisions (roughly a game)."""

    def __init__(self, rng: np.random.Generator, p_self: float, switch_every: int = 150) -> None:
        self.rng, self.p_self, self.switch_every = rng, p_self, switch_every
        self.pool: list[Any] = []
        self.current: Any = None
        self.calls = 0

    def add(self, model: Any, keep: int) -> None:
        self.pool = [*self.pool, model][-keep:]

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        if self.calls % self.switch_every == 0:
            use_self = self.pool and self.rng.random() < self.p_self
            self.current = self.pool[self.rng.integers(len(self.pool))] if use_self else None
        self.calls += 1
        if self.current is None:
            return int(self.rng.choice(np.flatnonzero(mask)))
        action, _ = self.current.predict(obs, action_masks=mask, deterministic=False)
        return int(action)


# ---------------------------------------------------------------------------------------------- evaluation
def evaluate(model: Any, config: dict[str, Any], opponent: str) -> dict[str, float]:
    """The policy in seat 0 against ``opponent`` (solo: alone) over ``eval_games`` seeded games."""
    from agents import make_agent
    from agents.deep_future.ppo_agent import PPOAgent
    from df_env.bench import derive_seed, play_game
    from df_env.games.deep_future.engine.api import GameConfig

    n = config["num_players"]
    learner = PPOAgent("ppo", model, deterministic=True)
    wins, peaks = 0, []
    for g in range(config["eval_games"]):
        seats = [learner] + [make_agent(opponent) for _ in range(n - 1)]
        seed = derive_seed(10_000 + config["seed"], g)
        s, _, peak, _ = play_game(seats, GameConfig(num_players=n), seed, seed + 1, 100 * n)
        wins += int(s["winner"] == 0)
        peaks.append(float(peak[0]))
    return {"win_rate": wins / config["eval_games"], "progress": float(np.mean(peaks))}


def make_callback(config: dict[str, Any], out: Path, pools: list[PoolOpponent]) -> Any:
    from stable_baselines3.common.callbacks import BaseCallback

    class EvalAndPool(BaseCallback):
        """Periodic evaluation (TensorBoard + eval.jsonl), checkpoints and opponent-pool snapshots."""

        def __init__(self) -> None:
            super().__init__()
            self.marks = {"eval": 0, "ckpt": 0, "snap": 0}

        def _due(self, key: str, every: int) -> bool:
            if every and self.num_timesteps - self.marks[key] >= every:
                self.marks[key] = self.num_timesteps
                return True
            return False

        def _on_step(self) -> bool:
            if self._due("eval", config["eval_every"]):
                self.run_eval()
            if self._due("ckpt", config["checkpoint_every"]):
                self.model.save(out / "checkpoints" / f"step_{self.num_timesteps}.zip")
            if pools and self._due("snap", config["snapshot_every"]):
                self.snapshot()
            return True

        def run_eval(self) -> None:
            t0 = time.perf_counter()
            row: dict[str, Any] = {"step": self.num_timesteps}
            for opp in config["eval_opponents"]:
                res = evaluate(self.model, config, opp)
                for k, v in res.items():
                    self.logger.record(f"eval/{opp}/{k}", v)
                row[opp] = res
            row["seconds"] = round(time.perf_counter() - t0, 1)
            with (out / "eval.jsonl").open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)

        def snapshot(self) -> None:
            from sb3_contrib import MaskablePPO

            with tempfile.TemporaryDirectory() as tmp:
                self.model.save(Path(tmp) / "snap.zip")
                frozen = MaskablePPO.load(Path(tmp) / "snap.zip", device="cpu")
            for pool in pools:
                pool.add(frozen, config["pool_size"])

    return EvalAndPool()


# ---------------------------------------------------------------------------------------------- main
def train(config: dict[str, Any]) -> Path:
    from sb3_contrib import MaskablePPO

    from df_env.games.deep_future.envs.sb3_vec import DeepFutureSB3VecEnv

    out = Path(config["out_dir"])
    (out / "checkpoints").mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(config, indent=1) + "\n")
    n = config["num_players"]
    rng = np.random.default_rng(config["seed"])
    pools = [PoolOpponent(rng, config["pool_self"]) for _ in range(n - 1)] if config["opponents"] == "pool" else []
    venv = DeepFutureSB3VecEnv(num_envs=config["num_envs"], num_players=n, seat=config["seat"],
                               opponents=list(pools) if pools else "random", max_turns=config["max_turns"],
                               reward_fn=config["reward"],  # "win" or "progress": compiled in the env
                               seed=config["seed"])
    model = MaskablePPO("MlpPolicy", venv, seed=config["seed"], device="cpu", verbose=0,
                        tensorboard_log=str(out / "tb"), **config["ppo"])
    callback = make_callback(config, out, pools)
    model.learn(total_timesteps=config["total_timesteps"], callback=callback, tb_log_name="ppo")
    callback.run_eval()
    model.save(out / "final.zip")
    print(f"saved {out / 'final.zip'}")
    return out / "final.zip"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("config", help="a JSON config (see experiments/configs/)")
    parser.add_argument("--timesteps", type=int, dest="total_timesteps")
    parser.add_argument("--out", dest="out_dir")
    parser.add_argument("--seed", type=int)
    args = parser.parse_args(argv)
    config = load_config(args.config, {"total_timesteps": args.total_timesteps, "out_dir": args.out_dir,
                                       "seed": args.seed})
    train(config)


if __name__ == "__main__":
    main()
