#!/usr/bin/env bash
# The shipped 3-player model's value rounds (docs/training.md, "Value rounds for three players"): an outcome value
# head for net-mcts's leaves, learned from 3-player search self-play (net-mcts in every seat), starting from the
# PPO model shipped in stop 20. About 1.2 hours on 2 cores.
# Usage: bash experiments/value_rounds/run_3p.sh OUT_DIR   (needs the train extra: torch)
set -euo pipefail
OUT=${1:?usage: run_3p.sh OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
mkdir -p "$OUT"
gen() { python "$HERE/gen_value.py" --players 3 "$@"; }
fit() { python "$HERE/train_value.py" --players 3 --seed 0 --threads 1 "$@"; }
# the start: df-env train --preset 3p --minutes 120 --seed 0 --threads 1 --set env_threads=1
git -C "$HERE" show 0fe22b0:df_env/models/net_3p.npz > "$OUT/ppo_3p.npz"

# round 0: net-mcts:iters=400 with the PPO model (rollout leaves: it has no outcome value head), 560 games; the
# value learns the mean of the search's root value and the outcome (mix:0.5), one epoch (more overfit)
gen --spec "net-mcts:iters=400,path=$OUT/ppo_3p.npz" --seed 1000 --games 280 --out "$OUT/r0_1000.npz" &
gen --spec "net-mcts:iters=400,path=$OUT/ppo_3p.npz" --seed 1001 --games 280 --out "$OUT/r0_1001.npz"
wait_all
fit --data "$OUT/r0_*.npz" --start "$OUT/ppo_3p.npz" --target mix:0.5 --epochs 1 --out "$OUT/v0.npz"

# round 1: net-mcts with v0's value leaves (c_puct=auto: 0.25), 600 games
gen --spec "net-mcts:iters=400,path=$OUT/v0.npz" --seed 1010 --games 300 --out "$OUT/r1_1010.npz" &
gen --spec "net-mcts:iters=400,path=$OUT/v0.npz" --seed 1011 --games 300 --out "$OUT/r1_1011.npz"
wait_all
# (2 torch threads here, as the shipped model was made: the thread count changes float sums, so the bytes)
fit --data "$OUT/r0_*.npz" "$OUT/r1_*.npz" --start "$OUT/v0.npz" --target mix:0.5 --epochs 1 --threads 2 \
    --out "$OUT/net_3p.npz"
echo "the 3-player model: $OUT/net_3p.npz"
# A second round (v1 with its policy fitted to round 1's visits) and the round-0 value trained on qb alone or on z
# alone, 1-4 epochs, played level with this one (docs/training.md); more epochs overfit (held-out R^2 falls).
