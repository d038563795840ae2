#!/usr/bin/env bash
# Runs `polydocs bench compile` on a GPU machine and merges what it measured with the committed results.
#
# By default ONE benchmark process runs on the host (on the first GPU, configurations one after another):
# host-bound figures (eager and small batches) measured beside another benchmark process came out up to
# twice as slow (issue 19), and every record says whether it was measured alone (its "conditions").
#
# Environment: RESULTS (committed results, read to resume), OUT_DIR (where parts, logs and the merged file
# go), STOP_AFTER (seconds after which no configuration starts), TIME_LIMIT (seconds after which a process
# is killed: the configuration it was running is recorded as "did not finish" and a later run measures it
# again; unset: no limit), GIT_REV, PROCESSES (independent processes per configuration, one after another,
# default 3: the page publishes the median of their medians with the range) and BENCH_ARGS (more `compile`
# options, e.g. "--model vit-base").
# PARALLEL=N (opt-in) runs N processes at once, one per GPU, each taking one shard of the configurations:
# faster, but the processes share the host's CPUs, their records say "NOT ALONE", and the page marks them.
set -uo pipefail
cd "$(dirname "$0")/.."

RESULTS=${RESULTS:-docs_src/_data/benchmarks/torch_compile_h200.json}
OUT_DIR=${OUT_DIR:-build/bench}
STOP_AFTER=${STOP_AFTER:-420}
TIME_LIMIT=${TIME_LIMIT:-}
GIT_REV=${GIT_REV:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
PARALLEL=${PARALLEL:-1}
read -r -a extra <<<"${BENCH_ARGS:-}"
export PYTHONPATH="src${PYTHONPATH:+:${PYTHONPATH}}" PYTHONUNBUFFERED=1
# Parallel processes share the host's cores: one process's compile workers would otherwise crowd out the
# other's eager runs, which are bound by the host launching kernels.
export TORCHINDUCTOR_COMPILE_THREADS=${TORCHINDUCTOR_COMPILE_THREADS:-$(( $(nproc) / PARALLEL ))}
mkdir -p "$OUT_DIR"

echo "processes=$PARALLEL stop_after=${STOP_AFTER}s time_limit=${TIME_LIMIT:-none} git_rev=$GIT_REV results=$RESULTS"
limit=()
if [[ -n "$TIME_LIMIT" ]]; then limit=(timeout "$TIME_LIMIT"); fi
pids=()
for ((shard = 0; shard < PARALLEL; shard++)); do
    part="$OUT_DIR/part$shard.json"
    # Each shard starts from the committed results, so it skips what is already measured.
    if [[ -f "$RESULTS" && ! -f "$part" ]]; then cp "$RESULTS" "$part"; fi
    CUDA_VISIBLE_DEVICES=$shard "${limit[@]}" python3 -m polydocs.bench compile --out "$part" \
        --shard "$shard/$PARALLEL" --stop-after "$STOP_AFTER" --git-rev "$GIT_REV" \
        --processes "${PROCESSES:-3}" --estimates "$RESULTS" "${extra[@]}" \
        >"$OUT_DIR/log$shard.txt" 2>&1 &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done

parts=()
for ((shard = 0; shard < PARALLEL; shard++)); do parts+=("$OUT_DIR/part$shard.json"); done
python3 -m polydocs.bench merge --out "$OUT_DIR/torch_compile_h200.json" "$RESULTS" "${parts[@]}"
for ((shard = 0; shard < PARALLEL; shard++)); do
    grep -E '^\[|^conditions|^process|^planned|^left|measured,|stopping' "$OUT_DIR/log$shard.txt"
done
exit $status
