# Shared by the value rounds' recipes (run*.sh); sourced, not run.
# wait_all: wait for every background job and fail with the first failure's status. A bare `wait` returns 0 even
# when a generator failed, and the next fit would then train on the files that were written.
wait_all() {
    local rc=0 pid
    for pid in $(jobs -p); do
        wait "$pid" || rc=$?
    done
    return "$rc"
}

# The DAgger rounds (run_dagger.sh, run_dagger2.sh, run_dagger3.sh). dagger_gen MODEL SEED P OUT_FILE: 200 games of
# net-mcts:iters=400 with MODEL, its `net` policy playing a later searched decision with probability P, every searched
# decision labelled with the search's visits and values.
dagger_gen() {
    python "$HERE/gen_value.py" --spec "net-mcts:iters=400,path=$1" --net-path "$1" --seed "$2" --games 200 \
        --net-moves "$3" --out "$4"
}
# dagger_fit START OUT_FILE THREADS DATA...: 4 epochs from START, the policy on the visits and the value on the root
# values (qb), holding out round 1's last file of each kind (400 games, the same in every round).
dagger_fit() {
    local start=$1 out=$2 threads=$3 dir
    shift 3
    dir=$(dirname "$out")
    python "$HERE/train_value.py" --players 1 --seed 0 --threads "$threads" --start "$start" --policy search \
        --target qb --epochs 4 --data "$@" --holdout-data "$dir/d_1.0_5009.npz" "$dir/d_0.5_5108.npz" --out "$out"
}
# dagger_round MODEL OUT_DIR TAG SEED_A SEED_B: a later round's games, 10 files of 200 (seeds SEED_A..SEED_A+4 and
# SEED_B..SEED_B+4, two at a time) in OUT_DIR/TAG_1.0_SEED.npz, MODEL's policy playing every later move.
dagger_round() {
    local model=$1 dir=$2 tag=$3 k
    for k in $(seq 0 4); do
        dagger_gen "$model" $(($4 + k)) 1.0 "$dir/${tag}_1.0_$(($4 + k)).npz" &
        dagger_gen "$model" $(($5 + k)) 1.0 "$dir/${tag}_1.0_$(($5 + k)).npz"
        wait_all
    done
}
