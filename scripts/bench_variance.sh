#!/usr/bin/env bash
# Does pinning the benchmark process to one CPU remove the variance between processes? (issue 19)
#
#   scripts/bench_variance.sh OUT_DIR
#
# Measures ResNet-50 batch 1 eager and `default` and Gemma-2B batch 1 forward eager (the host-bound figures
# that differ up to 2.7x between processes) in PROCESSES (default 4) separate processes unpinned and as many
# pinned to one CPU (`compile --pin-cpu PIN_CPU`, default CPU 1), alternating in time (unpinned, pinned,
# unpinned, ...) so that drift over the minutes affects both alike. The first process fills the compile
# caches (CACHE_DIR, shared by all), so the pinned ones, whose compile workers share their one CPU, compile
# from warm caches; compile time is not what is timed. Then prints the spread across processes of each
# figure, unpinned and pinned.
#
# BUDGET (default 230 s) bounds the whole experiment: a process starts only while the budget left is at
# least the longest warm-cache process so far (the first one's time until a second one ends; 60 s before
# that), and runs under `timeout` of what is left. What it did not run, it says. BENCH_ARGS adds `compile` options (a CPU check: "--device cpu
# --smoke"). Writes OUT_DIR/{unpinned,pinned}-K.json, OUT_DIR/log-*.txt and OUT_DIR/spread.txt.
set -uo pipefail
cd "$(dirname "$0")/.."

OUT_DIR=${1:?usage: scripts/bench_variance.sh OUT_DIR}
PROCESSES=${PROCESSES:-4}
PIN_CPU=${PIN_CPU:-1}
BUDGET=${BUDGET:-230}
GIT_REV=${GIT_REV:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
CACHE_DIR=${CACHE_DIR:-${TMPDIR:-/tmp}/polydocs-bench-variance-cache}
read -r -a bench_args <<<"${BENCH_ARGS:-}"
export PYTHONPATH="src${PYTHONPATH:+:${PYTHONPATH}}" PYTHONUNBUFFERED=1 CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
export TORCHINDUCTOR_CACHE_DIR=$CACHE_DIR TRITON_CACHE_DIR=$CACHE_DIR/triton
mkdir -p "$OUT_DIR" "$CACHE_DIR"

# --model names whole models (a fragment "resnet-50" is also part of "detr-resnet-50"); --skip leaves out
# Gemma-2B `default` (in either precision).
selection=(--model resnet-50 --model gemma-2b --rerun /forward/b1/ --skip reduce-overhead
    --skip max-autotune --skip gemma-2b/forward/b1/bfloat16/default --skip gemma-2b/forward/b1/float32/default)

echo "variance: $PROCESSES processes unpinned and $PROCESSES pinned to CPU $PIN_CPU; budget ${BUDGET}s;" \
    "$(nproc) CPUs; git_rev=$GIT_REV"
if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
    nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv,noheader
fi
uptime

began=$SECONDS
longest=60
first=1
warm_longest=0
left_out=()
for ((index = 1; index <= PROCESSES; index++)); do
    for kind in unpinned pinned; do
        left=$(( BUDGET - (SECONDS - began) ))
        if (( left < longest )); then left_out+=("$kind-$index"); continue; fi
        pin=()
        if [[ $kind == pinned ]]; then pin=(--pin-cpu "$PIN_CPU"); fi
        started=$SECONDS
        timeout "$left" python3 -m polydocs.bench compile --out "$OUT_DIR/$kind-$index.json" \
            "${selection[@]}" "${pin[@]}" --git-rev "$GIT_REV" "${bench_args[@]}" \
            >"$OUT_DIR/log-$kind-$index.txt" 2>&1
        status=$?
        took=$(( SECONDS - started ))
        # The first process compiles with cold caches: the later ones estimate better what is to come.
        if (( first )); then longest=$took; first=0; elif (( took > warm_longest )); then warm_longest=$took; fi
        if (( warm_longest > 0 )); then longest=$warm_longest; fi
        echo "$kind-$index: exit $status after ${took}s"
        grep -E '^\[|^conditions' "$OUT_DIR/log-$kind-$index.txt" | sed 's/^/    /'
    done
done

{
    for kind in unpinned pinned; do
        files=("$OUT_DIR/$kind"-*.json)
        if [[ -f "${files[0]}" ]]; then
            python3 -m polydocs.bench spread --title "$kind (medians in ms, one column per process):" "${files[@]}"
            echo
        fi
    done
} | tee "$OUT_DIR/spread.txt"
if (( ${#left_out[@]} )); then echo "not run (budget): ${left_out[*]}"; fi
echo "variance done in $(( SECONDS - began ))s"
