#!/usr/bin/env bash
# The shipped solo model's value rounds (docs/training.md, "Value rounds"): a value head for net-mcts's leaves,
# learned from search self-play in seven rounds; the policy kept by distillation, then fitted to the search's visits.
# About 4 hours on 2 cores. Usage: bash experiments/value_rounds/run.sh OUT_DIR   (needs the train extra: torch)
set -euo pipefail
OUT=${1:?usage: run.sh OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
mkdir -p "$OUT"
gen() { python "$HERE/gen_value.py" "$@"; }
fit() { python "$HERE/train_value.py" --players 1 --seed 0 --threads 1 "$@"; }
# the start: the PPO model shipped before the value rounds (df-env train --preset solo --seed 0 --minutes 25)
git -C "$HERE" show 7bf8896:df_env/models/net_1p.npz > "$OUT/ppo_1p.npz"

# round 0: mcts:iters=400 self-play, 1000 games; value := the search's root value (qb)
gen --spec mcts:iters=400 --seed 900 --games 400 --out "$OUT/m400_a.npz" &
gen --spec mcts:iters=400 --seed 901 --games 600 --out "$OUT/m400_b.npz"
wait_all
fit --data "$OUT/m400_*.npz" --start "$OUT/ppo_1p.npz" --target qb --epochs 4 --out "$OUT/v0.npz"

# round 1: net-mcts with v0's value leaves (c_puct=auto: 0.25), 600 games
gen --spec "net-mcts:iters=400,path=$OUT/v0.npz" --seed 910 --games 300 --out "$OUT/r1_a.npz" &
gen --spec "net-mcts:iters=400,path=$OUT/v0.npz" --seed 911 --games 300 --out "$OUT/r1_b.npz"
wait_all
fit --data "$OUT/m400_*.npz" "$OUT/r1_*.npz" --start "$OUT/v0.npz" --target qb --epochs 3 --out "$OUT/v1.npz"

# round 2: net-mcts with v1, 300 games; then the policy learns the search's visits of rounds 1-2
gen --spec "net-mcts:iters=400,path=$OUT/v1.npz" --seed 920 --games 300 --out "$OUT/r2_a.npz"
fit --data "$OUT/m400_*.npz" "$OUT/r1_*.npz" "$OUT/r2_a.npz" --start "$OUT/v1.npz" --target qb --epochs 3 \
    --out "$OUT/v2.npz"
fit --data "$OUT/r1_*.npz" "$OUT/r2_a.npz" --start "$OUT/v2.npz" --target qb --epochs 2 --policy search \
    --out "$OUT/v2s.npz"

# round 3: a 4x deeper search, net-mcts:iters=1600 with v2s, 300 games; the policy learns its visits and the value
# its root values (this round's data only: mixed with the shallower rounds' data it gained nothing)
gen --spec "net-mcts:iters=1600,path=$OUT/v2s.npz" --seed 940 --games 300 --out "$OUT/r3.npz"
fit --data "$OUT/r3.npz" --start "$OUT/v2s.npz" --target qb --epochs 3 --policy search --out "$OUT/m3.npz"

# rounds 4-6 (stop 23): more games of deeper searches with the round-3 model m3 (the solo model shipped from stop 20
# to stop 22): 300 games of net-mcts:iters=1600, 600 more, then 300 of net-mcts:iters=6400 (about 19 s a game)
gen4() { gen --spec "net-mcts:iters=$1,path=$OUT/m3.npz" --seed "$2" --games "$3" --out "$OUT/r$4_$2.npz"; }
gen4 1600 950 150 4 & gen4 1600 951 150 4; wait_all
for s in 960 962 964; do gen4 1600 $s 100 5 & gen4 1600 $((s + 1)) 100 5; wait_all; done
for s in $(seq 970 2 980); do gen4 6400 $s 25 6 & gen4 6400 $((s + 1)) 25 6; wait_all; done
# the model: from v2s, the policy on the visits and the value on the root values of all four deep rounds
# (1,500 games); trained on round 6 alone, or on a mix of the value and the outcome, it did no better
fit --data "$OUT/r3.npz" "$OUT"/r4_*.npz "$OUT"/r5_*.npz "$OUT"/r6_*.npz --start "$OUT/v2s.npz" --target qb \
    --epochs 3 --policy search --out "$OUT/net_1p.npz"
echo "the solo model: $OUT/net_1p.npz"
