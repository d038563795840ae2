#!/usr/bin/env bash
# Re-measures, alone on one GPU, every configuration the site shows except max-autotune, then measures a
# sample of them again in a separate process and compares the medians (the reproduction check). In two
# parts, each inside one 10-minute call (estimates from the committed compile and run times):
#
#   PART=1 scripts/bench_remeasure.sh OUT_DIR   # ViT-base, ConvNeXt-tiny, ResNet-50, Gemma-2B: about 9 min
#   PART=2 scripts/bench_remeasure.sh OUT_DIR   # DETR (ResNet-50), SegFormer-B0: about 8.5 min
#
# Each part writes into OUT_DIR: remeasure-PART.json (the new records, each second-run configuration with
# its comparison), second-PART.json (the second run), log-PART.txt and reproduce-PART.txt, and
# torch_compile_h200.json: the committed results with every remeasure-*.json in OUT_DIR merged over them
# (after both parts, with both parts' files in one OUT_DIR, that is the file to commit; or merge by hand,
# see docs/benchmarks.md). max-autotune is not re-measured (two to six minutes per compile): its committed
# records stay, and the page marks them as measured without recorded conditions and not reproduced.
#
# MODELS (space-separated) replaces the part's models; BENCH_ARGS and REPRODUCE_ARGS add options to the
# `compile` and `reproduce` commands (a CPU check: "--device cpu --smoke"). GIT_REV: the revision to
# record (a copy without .git records "unknown").
# BUDGET (default 570 s) bounds the whole part: no configuration starts that would end the re-measurement
# after BUDGET minus the time the second run needs, and the second run is stopped at BUDGET. A part cut
# short says what it left; run it again with the same OUT_DIR to measure the rest.
set -uo pipefail
cd "$(dirname "$0")/.."

OUT_DIR=${1:?usage: PART=1|2 scripts/bench_remeasure.sh OUT_DIR}
PART=${PART:?set PART=1 or PART=2}
RESULTS=${RESULTS:-docs_src/_data/benchmarks/torch_compile_h200.json}
BUDGET=${BUDGET:-570}
GIT_REV=${GIT_REV:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
case "$PART" in
    1) models=(vit-base convnext-tiny resnet-50 gemma-2b); second_run_s=110 ;;
    2) models=(detr-resnet-50 segformer-b0); second_run_s=70 ;;
    *) echo "PART must be 1 or 2" >&2; exit 2 ;;
esac
if [[ -n "${MODELS:-}" ]]; then read -r -a models <<<"$MODELS"; fi
read -r -a bench_args <<<"${BENCH_ARGS:-}"
read -r -a reproduce_args <<<"${REPRODUCE_ARGS:-}"
export PYTHONPATH=src PYTHONUNBUFFERED=1 CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0}
mkdir -p "$OUT_DIR"
began=$SECONDS
# --stop-after counts from the end of the process's imports, not from here.
startup_s=20

echo "part $PART: ${models[*]}; budget ${BUDGET}s; git_rev=$GIT_REV"
if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
    nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv,noheader
fi
uptime

selection=()
for model in "${models[@]}"; do selection+=(--model "$model"); done
python3 -m polydocs.bench compile --out "$OUT_DIR/remeasure-$PART.json" "${selection[@]}" \
    --skip max-autotune --stop-after $(( BUDGET - second_run_s - startup_s )) --git-rev "$GIT_REV" \
    "${bench_args[@]}" 2>&1 | tee "$OUT_DIR/log-$PART.txt" | grep -E '^\[|^conditions|measured,|stopping'
measured=${PIPESTATUS[0]}

left=$(( BUDGET - (SECONDS - began) ))
echo "re-measurement exited $measured after $(( SECONDS - began ))s; second run with ${left}s left"
timeout "$left" python3 -m polydocs.bench reproduce --results "$OUT_DIR/remeasure-$PART.json" \
    --out "$OUT_DIR/second-$PART.json" --git-rev "$GIT_REV" "${reproduce_args[@]}" 2>&1 | tee "$OUT_DIR/reproduce-$PART.txt" \
    | grep -vE '^ +(File|raise)|Warning'
reproduced=${PIPESTATUS[0]}

python3 -m polydocs.bench merge --out "$OUT_DIR/torch_compile_h200.json" "$RESULTS" "$OUT_DIR"/remeasure-*.json
echo "part $PART done in $(( SECONDS - began ))s: re-measurement exit $measured, reproduction exit $reproduced" \
    "(0 all agree, 4 some outside the tolerance or not measured again, 124 stopped at the budget)"
