#!/usr/bin/env bash
# The whole snippet check on a CUDA machine, real model sizes (random weights), from a plain checkout.
#
#   scripts/check_gpu.sh [REPORT.json] [more `polydocs check` options, e.g. -n 2 --junit-xml F]
#
# REPORT.json defaults to docs_src/_data/snippets/h200.json, the report the site's badges read.
# With -n N, pytest-xdist starts N workers and each pins one GPU (CUDA_VISIBLE_DEVICES).
set -euo pipefail
cd "$(dirname "$0")/.."
report="${1:-docs_src/_data/snippets/h200.json}"
shift || true
export PYTHONPATH="src${PYTHONPATH:+:${PYTHONPATH}}"
export PYTHONUNBUFFERED=1
python3 -c 'import torch, transformers; print("torch", torch.__version__, "transformers", transformers.__version__, "GPUs", torch.cuda.device_count())'
exec python3 -m polydocs check docs_src --device cuda --profile full --report-json "$report" "$@"
