#!/usr/bin/env bash
# The first DAgger round: the solo model shipped at stop 45, and the start of run_dagger2.sh (docs/training.md,
# "DAgger: the bare policy's own games"). The stop-23 model's policy and value fitted to net-mcts:iters=400's visits
# and root values on the states the bare policy reaches: 3,800 games of net-mcts:iters=400 (with the stop-23 model)
# in which the `net` policy plays every later move (seeds 5000-5009) or half of them (seeds 5100-5108), then one fit
# from the stop-23 model, holding out the last file of each (400 games) for the held-out figures. About 30-40
# minutes of games and 3-6 of fitting on 2 cores.
# Usage: bash experiments/value_rounds/run_dagger.sh OUT_DIR   (needs the train extra: torch)
set -euo pipefail
OUT=${1:?usage: run_dagger.sh OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
mkdir -p "$OUT"
# the start: the solo model shipped at stops 23-44 (experiments/value_rounds/run.sh)
git -C "$HERE" show 4aa3022:df_env/models/net_1p.npz > "$OUT/start.npz"
gen() {  # gen SEED P: 200 games, the net policy playing a later searched decision with probability P
    dagger_gen "$OUT/start.npz" "$1" "$2" "$OUT/d_$2_$1.npz"
}
for k in $(seq 0 9); do
    gen $((5000 + k)) 1.0 &
    if [ "$k" -le 8 ]; then gen $((5100 + k)) 0.5; fi
    wait_all
done
dagger_fit "$OUT/start.npz" "$OUT/net_1p.npz" 1 "$OUT"/d_1.0_500[0-8].npz "$OUT"/d_0.5_510[0-7].npz
echo "the solo model: $OUT/net_1p.npz"
