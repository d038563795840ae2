#!/usr/bin/env bash
# Times a CI-like sequence of `polydocs build` on a copy of TREE, as the build job of the workflow
# `polydocs init` writes runs it (docs/ci.md, "Measured"): an empty cache (the first build on a runner),
# the cache folder archived as actions/cache saves it and restored into a fresh folder, the same build
# again into a new output folder (a pull request's runner), then, with EDIT set (a page of TREE, e.g.
# en/index.md), a third build after appending a line to that page (a pull request editing a page).
# The copy stays at one path, as a runner checks out every run at the same path; TREE is not changed.
#
#   scripts/ci_cache_timing.sh TREE [WORK]        # e.g. docs_src, or ../shared/corpus/course-docs
#   EDIT=en/index.md scripts/ci_cache_timing.sh docs_src
#
# Prints one line per build: wall seconds of the whole command and the build time polydocs reports,
# then the size of the cache. WORK (default a new temporary folder) is left for inspection.
# POLYDOCS (default `python -m polydocs` with this checkout's src) and BUILD_ARGS (e.g. "--lang gj")
# change what runs.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
GIVEN=$(cd "${1:?usage: scripts/ci_cache_timing.sh TREE [WORK]}" && pwd)
WORK=${2:-$(mktemp -d -t polydocs-ci-XXXXXX)}
TREE=$WORK/tree
PYTHON=${PYTHON:-python3}
POLYDOCS=${POLYDOCS:-env PYTHONPATH=$REPO/src $PYTHON -m polydocs}
read -r -a build_args <<< "${BUILD_ARGS:-}"
mkdir -p "$WORK"
rm -rf "$TREE" && cp -r "$GIVEN" "$TREE"
export POLYDOCS_CACHE=$WORK/cache

build() {  # build NAME SOURCE: one timed build into $WORK/NAME/site
    local started ended reported
    started=$(date +%s.%N)
    if ! $POLYDOCS build --source "$2" --out "$WORK/$1/site" "${build_args[@]}" > "$WORK/$1.log" 2>&1; then
        tail -3 "$WORK/$1.log" >&2
        return 1
    fi
    ended=$(date +%s.%N)
    reported=$(grep -oE 'in [0-9.]+ ?s' "$WORK/$1.log" | tail -1 || true)
    printf '%-8s %6.1f s wall  (polydocs: %s)\n' "$1" "$(echo "$ended - $started" | bc)" "${reported:-no time}"
}

rm -rf "$POLYDOCS_CACHE"
build first "$TREE"
tar -C "$WORK" -cf "$WORK/cache.tar" cache && rm -rf "$POLYDOCS_CACHE"   # actions/cache saves ...
tar -C "$WORK" -xf "$WORK/cache.tar"                                   # ... and a later job restores
build second "$TREE"
if [ -n "${EDIT:-}" ]; then
    printf '\nA line a pull request adds.\n' >> "$TREE/$EDIT"
    build edited "$TREE"
fi
printf 'cache    %s, %s files\n' "$(du -sh "$POLYDOCS_CACHE" | cut -f1)" "$(find "$POLYDOCS_CACHE" -type f | wc -l)"
