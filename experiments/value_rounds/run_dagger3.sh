#!/usr/bin/env bash
# The third DAgger round (docs/training.md, "DAgger: the bare policy's own games"; measured at stop 46, not shipped:
# `net` with it was level with round 2's, docs/ceiling.md "More DAgger rounds"): 2,000 more games of
# net-mcts:iters=400 with the round-2 model (run_dagger2.sh's), its `net` policy playing every later move (seeds
# 5400-5404 and 5500-5504); then one fit from the round-2 model on the three rounds' games (7,400), holding out the
# same 400 games as round 1. Runs run_dagger2.sh first when its model is not in OUT_DIR yet.
# About 16 minutes of games and 4 of fitting on 2 cores, after the first two rounds' 45-60.
# Usage: bash experiments/value_rounds/run_dagger3.sh OUT_DIR   (needs the train extra: torch)
set -euo pipefail
OUT=${1:?usage: run_dagger3.sh OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
mkdir -p "$OUT"
[ -f "$OUT/net_1p_r2.npz" ] || bash "$HERE/run_dagger2.sh" "$OUT"
dagger_round "$OUT/net_1p_r2.npz" "$OUT" r3 5400 5500
dagger_fit "$OUT/net_1p_r2.npz" "$OUT/net_1p_r3.npz" 2 "$OUT"/d_1.0_500[0-8].npz "$OUT"/d_0.5_510[0-7].npz \
    "$OUT"/r2_1.0_5[23]0[0-4].npz "$OUT"/r3_1.0_5[45]0[0-4].npz
echo "the round-3 model: $OUT/net_1p_r3.npz"
