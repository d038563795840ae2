#!/usr/bin/env bash
# The Transformers corpus pages that need a GPU, on one CUDA machine, real model sizes (random weights),
# from a plain checkout; the run stops by itself after 8 minutes, keeping the report of what finished.
#
#   scripts/check_corpus_gpu.sh OUT.json [TREE] [more `polydocs check` options]
#
# TREE defaults to ../shared/corpus/transformers-docs (en, es, pt). Selected: the pages whose code names
# the GPU (`cuda`, `device=0`, `device_map=`): on the CPU their blocks are blocked with "needs cuda", and
# this run gives them a verdict. Four workers share the one GPU: most of a session's time is importing
# torch and building stand-ins on the CPU cores. At 470 s the check is interrupted (SIGINT): pytest
# still writes the report of the sessions that finished, which the coverage table then reads.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
out="$(realpath -m "${1:?usage: scripts/check_corpus_gpu.sh OUT.json [TREE] [options]}")"
tree="$(realpath "${2:-../shared/corpus/transformers-docs}")"
shift $(( $# >= 2 ? 2 : 1 ))
export PYTHONPATH="$repo/src${PYTHONPATH:+:${PYTHONPATH}}"
export PYTHONUNBUFFERED=1
python3 -c 'import torch, transformers; print("torch", torch.__version__, "transformers", transformers.__version__, "GPUs", torch.cuda.device_count())'
cd "$tree"  # the checker runs the pages of the folder it starts in
mapfile -t pages < <(grep -lE 'cuda|device=0|device_map=' -r en es pt --include='*.md' | sort)
echo "${#pages[@]} pages name the GPU"
status=0
timeout --signal=INT --kill-after=30 470 \
  python3 -m polydocs check "${pages[@]}" --device cuda --profile full -n 4 --report-json "$out" "$@" || status=$?
python3 "$repo/scripts/check_coverage.py" --table-of "$out" "$tree"
exit "$status"
