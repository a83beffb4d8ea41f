#!/usr/bin/env bash
# The shipped 2-player model's value rounds (docs/training.md, "Value rounds for two players"): an outcome value
# head for net-mcts's leaves, learned from 2-player search self-play (net-mcts in both seats), starting from the
# PPO model shipped in stop 13: run_3p.sh's recipe and a third round. About 45 minutes on 2 cores.
# Usage: bash experiments/value_rounds/run_2p.sh OUT_DIR   (needs the train extra: torch)
set -euo pipefail
OUT=${1:?usage: run_2p.sh OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
mkdir -p "$OUT"
gen() { python "$HERE/gen_value.py" --players 2 "$@"; }
fit() { python "$HERE/train_value.py" --players 2 --seed 0 --threads 1 "$@"; }
# the start: df-env train --preset 2p --minutes 55 --seed 0
git -C "$HERE" show 95629b8:df_env/models/net_2p.npz > "$OUT/ppo_2p.npz"

# round 0: net-mcts:iters=400 with the PPO model (rollout leaves: it has no outcome value head), 500 games; the
# value learns the mean of the search's root value and the outcome (mix:0.5), one epoch
gen --spec "net-mcts:iters=400,path=$OUT/ppo_2p.npz" --seed 1100 --games 250 --out "$OUT/r0_1100.npz" &
gen --spec "net-mcts:iters=400,path=$OUT/ppo_2p.npz" --seed 1101 --games 125 --out "$OUT/r0_1101.npz"
gen --spec "net-mcts:iters=400,path=$OUT/ppo_2p.npz" --seed 1102 --games 125 --out "$OUT/r0_1102.npz"
wait_all
fit --data "$OUT/r0_*.npz" --start "$OUT/ppo_2p.npz" --target mix:0.5 --epochs 1 --out "$OUT/v0.npz"

# round 1: net-mcts with v0's value leaves (c_puct=auto: 0.25), 500 games
gen --spec "net-mcts:iters=400,path=$OUT/v0.npz" --seed 1110 --games 250 --out "$OUT/r1_1110.npz" &
gen --spec "net-mcts:iters=400,path=$OUT/v0.npz" --seed 1111 --games 250 --out "$OUT/r1_1111.npz"
wait_all
fit --data "$OUT/r0_*.npz" "$OUT/r1_*.npz" --start "$OUT/v0.npz" --target mix:0.5 --epochs 1 --out "$OUT/v1.npz"

# round 2: net-mcts with v1, 500 games; the value on rounds 1-2 and the policy on their visits, one epoch from v1
gen --spec "net-mcts:iters=400,path=$OUT/v1.npz" --seed 1120 --games 250 --out "$OUT/r2_1120.npz" &
gen --spec "net-mcts:iters=400,path=$OUT/v1.npz" --seed 1121 --games 250 --out "$OUT/r2_1121.npz"
wait_all
fit --data "$OUT/r1_*.npz" "$OUT/r2_*.npz" --start "$OUT/v1.npz" --target mix:0.5 --epochs 1 --policy search \
    --out "$OUT/net_2p.npz"
echo "the 2-player model: $OUT/net_2p.npz"
# v1 and round 2's value-only model (policy distilled) played level with the PPO model's rollout search in a
# 3-way screen; this one won 103 to 80 of 200 games head to head against it (docs/training.md).
