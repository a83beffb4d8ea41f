#!/usr/bin/env bash
# The second DAgger round: the solo model shipped since stop 46 (docs/training.md, "DAgger: the bare policy's own
# games"). Its games and fit repeat bit for bit on a CPU of the same model (the shipped one was made on a 2-core AMD
# EPYC); on another CPU model the search's games can part from these (docs/ceiling.md). 2,000 more games of
# net-mcts:iters=400 with the round-1 model (run_dagger.sh's, shipped at stop 45), its `net` policy playing every
# later move (seeds 5200-5204 and 5300-5304); then one fit from the round-1 model on both rounds' games (5,400),
# holding out the same 400 games as round 1. Runs run_dagger.sh first when its games are not in OUT_DIR yet.
# About 15 minutes of games and 3 of fitting on 2 cores, after round 1's 30-40.
# Usage: bash experiments/value_rounds/run_dagger2.sh OUT_DIR   (needs the train extra: torch)
set -euo pipefail
OUT=${1:?usage: run_dagger2.sh OUT_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
mkdir -p "$OUT"
[ -f "$OUT/d_0.5_5108.npz" ] || bash "$HERE/run_dagger.sh" "$OUT"
# the start: the round-1 model as shipped at stop 45
git -C "$HERE" show ba562e2:df_env/models/net_1p.npz > "$OUT/start2.npz"
dagger_round "$OUT/start2.npz" "$OUT" r2 5200 5300
# --threads 2: the thread count the measured fit ran with (a sum split over other threads can differ in its last bits)
dagger_fit "$OUT/start2.npz" "$OUT/net_1p_r2.npz" 2 "$OUT"/d_1.0_500[0-8].npz "$OUT"/d_0.5_510[0-7].npz \
    "$OUT"/r2_1.0_5[23]0[0-4].npz
echo "the round-2 model: $OUT/net_1p_r2.npz"
