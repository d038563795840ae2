#!/usr/bin/env bash
# Re-measures the site's figures alone on one GPU, each configuration in PROCESSES independent processes
# (`compile --processes`), within one call's BUDGET; then, as a later call, checks them against a new
# set of processes (the reproduction check).
#
#   MODELS="resnet-50 gemma-2b" scripts/bench_remeasure.sh OUT_DIR --list   # the plan and its time only
#   MODELS="resnet-50 gemma-2b" scripts/bench_remeasure.sh OUT_DIR          # measure what fits BUDGET
#   scripts/bench_remeasure.sh OUT_DIR reproduce [--list]                    # later: the check
#
# measure: every configuration of MODELS (default: all) except those whose id holds a word of SKIP (default
# max-autotune; SKIP= measures max-autotune too), in PROCESSES (default 3)
# processes one after another, each in its own order. The plan is estimated from the committed compile
# and run times (RESULTS), with warm compile caches for processes 2..N (CACHE_DIR, kept between calls);
# a configuration whose processes do not all fit BUDGET (default 540 s) is left whole, and the plan says
# so: run again with the same OUT_DIR (and the models left) in another call. Writes OUT_DIR/remeasure.json,
# OUT_DIR/log-measure.txt and OUT_DIR/torch_compile_h200.json (RESULTS with remeasure.json merged over it).
# reproduce: the default sample (one configuration per model and mode, smallest batch size) of
# remeasure.json measured again in PROCESSES new processes, compared with the published median of
# medians within ±10 % (exit 4 when one disagrees), the comparison written into remeasure.json and the
# merged file; stopped at BUDGET. BENCH_ARGS adds `compile` options (a CPU check: "--device cpu --smoke"),
# REPRODUCE_ARGS `reproduce` options. GIT_REV: the revision to record.
set -uo pipefail
cd "$(dirname "$0")/.."

OUT_DIR=${1:?usage: scripts/bench_remeasure.sh OUT_DIR [reproduce] [--list]}
shift
step=measure
if [[ ${1:-} == reproduce ]]; then step=reproduce; shift; fi
list=()
if [[ ${1:-} == --list ]]; then list=(--list); fi
RESULTS=${RESULTS:-docs_src/_data/benchmarks/torch_compile_h200.json}
PROCESSES=${PROCESSES:-3}
BUDGET=${BUDGET:-540}
GIT_REV=${GIT_REV:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
CACHE_DIR=${CACHE_DIR:-build/bench-cache}
read -r -a models <<<"${MODELS:-vit-base convnext-tiny resnet-50 detr-resnet-50 segformer-b0 gemma-2b}"
read -r -a bench_args <<<"${BENCH_ARGS:-}"
read -r -a skipped <<<"${SKIP-max-autotune}"
read -r -a reproduce_args <<<"${REPRODUCE_ARGS:-}"
export PYTHONPATH="src${PYTHONPATH:+:${PYTHONPATH}}" PYTHONUNBUFFERED=1 CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
# Shared by every process, so that processes 2..N compile from warm caches (compile time is not timed).
export TORCHINDUCTOR_CACHE_DIR=$CACHE_DIR/inductor TRITON_CACHE_DIR=$CACHE_DIR/triton
mkdir -p "$OUT_DIR" "$CACHE_DIR"
began=$SECONDS

merge() {
    python3 -m polydocs.bench merge --out "$OUT_DIR/torch_compile_h200.json" "$RESULTS" "$OUT_DIR/remeasure.json"
}

if [[ $step == measure ]]; then
    selection=()
    for model in "${models[@]}"; do selection+=(--model "$model"); done
    for word in "${skipped[@]}"; do selection+=(--skip "$word"); done
    echo "measure: ${models[*]}; $PROCESSES processes; budget ${BUDGET}s; git_rev=$GIT_REV"
    if [[ ${#list[@]} -eq 0 ]]; then
        command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
        uptime
    fi
    python3 -m polydocs.bench compile --out "$OUT_DIR/remeasure.json" "${selection[@]}" \
        --processes "$PROCESSES" --estimates "$RESULTS" --stop-after "$BUDGET" --git-rev "$GIT_REV" \
        "${bench_args[@]}" "${list[@]}" 2>&1 | tee -a "$OUT_DIR/log-measure.txt" \
        | grep -E '^(\[|conditions|process|planned|left|  |configuration|across)|measured,|stopping|/'
    status=${PIPESTATUS[0]}
else
    echo "reproduce: the default sample of $OUT_DIR/remeasure.json in $PROCESSES new processes; budget ${BUDGET}s"
    if [[ ${#list[@]} -eq 0 ]]; then
        timeout "$BUDGET" python3 -m polydocs.bench reproduce --results "$OUT_DIR/remeasure.json" \
            --out "$OUT_DIR/second.json" --processes "$PROCESSES" --git-rev "$GIT_REV" "${reproduce_args[@]}" \
            2>&1 | tee "$OUT_DIR/reproduce.txt" | grep -vE '^ +(File|raise)|Warning'
        status=${PIPESTATUS[0]}
    else
        python3 -m polydocs.bench reproduce --results "$OUT_DIR/remeasure.json" --out "$OUT_DIR/second.json" \
            --list "${reproduce_args[@]}"
        status=$?
    fi
fi
if [[ ${#list[@]} -eq 0 && -f "$OUT_DIR/remeasure.json" ]]; then merge; fi
echo "$step done in $(( SECONDS - began ))s, exit $status" \
    "(reproduce: 0 all agree, 4 some outside the tolerance or not measured again, 124 stopped at the budget)"
exit "$status"
