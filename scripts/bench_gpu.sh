#!/usr/bin/env bash
# Runs `polydocs bench compile` on every visible GPU at once (one process per GPU, each taking one shard
# of the configurations) and merges the shards with the committed results into one file.
#
# Environment: RESULTS (committed results, read to resume), OUT_DIR (where parts, logs and the merged file
# go), STOP_AFTER (seconds after which no configuration starts), TIME_LIMIT (seconds after which a shard's
# process is killed: the configuration it was running is recorded as "did not finish" and a later run
# measures it again; unset: no limit), GIT_REV, GPUS (how many to use).
set -uo pipefail
cd "$(dirname "$0")/.."

RESULTS=${RESULTS:-docs_src/_data/benchmarks/torch_compile_h200.json}
OUT_DIR=${OUT_DIR:-build/bench}
STOP_AFTER=${STOP_AFTER:-420}
TIME_LIMIT=${TIME_LIMIT:-}
GIT_REV=${GIT_REV:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
GPUS=${GPUS:-$(nvidia-smi -L | wc -l)}
export PYTHONPATH=src PYTHONUNBUFFERED=1
# Share the host's cores between the GPU processes: one process's compile workers would otherwise crowd
# out the other's eager runs, which are bound by the host launching kernels.
export TORCHINDUCTOR_COMPILE_THREADS=${TORCHINDUCTOR_COMPILE_THREADS:-$(( $(nproc) / GPUS ))}
mkdir -p "$OUT_DIR"

echo "gpus=$GPUS stop_after=${STOP_AFTER}s time_limit=${TIME_LIMIT:-none} git_rev=$GIT_REV results=$RESULTS"
limit=()
if [[ -n "$TIME_LIMIT" ]]; then limit=(timeout "$TIME_LIMIT"); fi
pids=()
for ((gpu = 0; gpu < GPUS; gpu++)); do
    part="$OUT_DIR/part$gpu.json"
    # Each shard starts from the committed results, so it skips what is already measured.
    if [[ -f "$RESULTS" && ! -f "$part" ]]; then cp "$RESULTS" "$part"; fi
    CUDA_VISIBLE_DEVICES=$gpu "${limit[@]}" python3 -m polydocs.bench compile --out "$part" --shard "$gpu/$GPUS" \
        --stop-after "$STOP_AFTER" --git-rev "$GIT_REV" >"$OUT_DIR/log$gpu.txt" 2>&1 &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done

parts=()
for ((gpu = 0; gpu < GPUS; gpu++)); do parts+=("$OUT_DIR/part$gpu.json"); done
python3 -m polydocs.bench merge --out "$OUT_DIR/torch_compile_h200.json" "$RESULTS" "${parts[@]}"
for ((gpu = 0; gpu < GPUS; gpu++)); do grep -E '^\[|measured,|stopping' "$OUT_DIR/log$gpu.txt"; done
exit $status
