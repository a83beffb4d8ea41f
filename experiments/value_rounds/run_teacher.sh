#!/usr/bin/env bash
# A round with a stronger teacher (docs/ceiling.md, "A first round with the stronger teacher"): self-play of the
# heuristic search at 6,400 iterations (mcts:iters=6400, 93% of solo deals; about 60 s a game on one core), then
# three fits from the shipped solo model, the value on the teacher's root values (qb) and the policy: A, distilled
# from itself (unchanged); B, on the teacher's visits; C, on the teacher's choices (its most visited actions).
# Each decision also keeps its six most visited root actions' children (gen_value.py --children 6; the games are
# the same with or without), for two more fits (stop 41): S, the value also on the teacher's sibling differences;
# G, the same only where the teacher's two favourites are more than 0.03 apart in value.
# 100 games (20 files of 5, two at a time) took 53 minutes on 2 cores.
# Usage: bash experiments/value_rounds/run_teacher.sh OUT_DIR [FILES [FIRST_SEED]]   (needs the train extra: torch)
#   stop 40: run_teacher.sh runs/teacher 20 1300 (vA, vB, vC); stop 41: run_teacher.sh runs/teacher41 17 1320 (vS, vG)
set -euo pipefail
OUT=${1:?usage: run_teacher.sh OUT_DIR [FILES [FIRST_SEED]]}
FILES=${2:-20}
FIRST=${3:-1300}
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
mkdir -p "$OUT"
gen() { python "$HERE/gen_value.py" --spec mcts:iters=6400 --seed "$1" --games 5 --children 6 --out "$OUT/t_$1.npz"; }
fit() { python "$HERE/train_value.py" --players 1 --seed 0 --threads 1 --data "$OUT/t_*.npz" --target qb --lr 1e-4 "$@"; }
# files of 5 games, so that a stopped run keeps what it finished (gen_value.py writes its file at the end)
for ((k = 0; k < FILES; k += 2)); do
    gen $((FIRST + k)) &
    if ((k + 1 < FILES)); then gen $((FIRST + 1 + k)); fi
    wait_all
done
fit --epochs 4 --policy teacher --out "$OUT/vA.npz"
fit --epochs 6 --policy search --out "$OUT/vB.npz"
fit --epochs 6 --policy choice --out "$OUT/vC.npz"
fit --epochs 4 --policy teacher --children 10 --out "$OUT/vS.npz"
fit --epochs 4 --policy teacher --children 30 --children-gap 0.03 --out "$OUT/vG.npz"
python "$HERE/agreement.py" --data "$OUT/t_*.npz" --json "$OUT/agreement.json"
