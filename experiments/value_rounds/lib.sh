# Shared by the value rounds' recipes (run.sh, run_2p.sh, run_3p.sh, run_teacher.sh); sourced, not run.
# wait_all: wait for every background job and fail with the first failure's status. A bare `wait` returns 0 even
# when a generator failed, and the next fit would then train on the files that were written.
wait_all() {
    local rc=0 pid
    for pid in $(jobs -p); do
        wait "$pid" || rc=$?
    done
    return "$rc"
}
