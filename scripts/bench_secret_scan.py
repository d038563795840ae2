"""CPU seconds of the secret scan of what a build publishes, with and without its prefilter.

    PYTHONPATH=src python scripts/bench_secret_scan.py [--repeat N] [TREE ...]

TREE defaults to docs_src and every tree of ../shared/corpus. Each tree's published files (every
language) are scanned by their distinct lines as a cold build does (`lint/secrets/distinct_lines.py`),
without the prefilter and with it, alternated N times; prints the median CPU seconds of each, the
distinct lines and those the prefilter keeps, the findings of each and whether they are the same.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from polydocs.lint.secrets.detect import configured_scanner
from polydocs.lint.secrets.distinct_lines import scan_distinct_lines
from polydocs.lint.secrets.prefilter import lines_worth_scanning
from polydocs.lint.secrets.published import published_texts
from polydocs.sources import load_source_tree

REPO = Path(__file__).resolve().parents[1]
CORPORA = REPO.parent / "shared" / "corpus"


def _kept_lines(texts: dict[Path, str]) -> tuple[int, int]:
    by_suffix: dict[str, dict[str, None]] = {}
    for path, text in texts.items():
        by_suffix.setdefault(path.suffix, {}).update(dict.fromkeys(text.splitlines()))
    distinct = kept = 0
    with configured_scanner() as plugins:
        for suffix, lines in by_suffix.items():
            worth = lines_worth_scanning(plugins, f"published{suffix}", list(lines))
            distinct += len(lines)
            kept += len(lines) if worth is None else len(worth)
    return distinct, kept


def _timed(texts: dict[Path, str], prefilter: bool) -> tuple[float, list[tuple[str, int, str, str]]]:
    start = time.process_time()
    found = scan_distinct_lines(texts, prefilter=prefilter)
    seconds = time.process_time() - start
    return seconds, sorted(
        (str(p), s.line, s.kind, s.secret_hash) for p, secrets in found.items() for s in secrets
    )


def bench(root: Path, repeat: int) -> None:
    tree = load_source_tree(root)
    texts = published_texts(tree, tree.languages)
    distinct, kept = _kept_lines(texts)
    runs: dict[bool, list[float]] = {False: [], True: []}
    findings: dict[bool, list[tuple[str, int, str, str]]] = {}
    for _ in range(repeat):
        for prefilter in (False, True):
            seconds, findings[prefilter] = _timed(texts, prefilter)
            runs[prefilter].append(seconds)
    before, after = statistics.median(runs[False]), statistics.median(runs[True])
    print(
        f"{root.name}: {len(texts)} files, {distinct} distinct lines, {kept} kept | "
        f"CPU without prefilter {before:.2f} s, with {after:.2f} s ({before / after:.1f}x) | "
        f"findings {len(findings[False])} and {len(findings[True])}, "
        f"{'the same' if findings[False] == findings[True] else 'DIFFERENT'} | "
        f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("trees", nargs="*", type=Path)
    parser.add_argument("--repeat", type=int, default=1)
    arguments = parser.parse_args()
    trees = arguments.trees or [REPO / "docs_src", *sorted(p for p in CORPORA.glob("*") if p.is_dir())]
    scan_distinct_lines({}, prefilter=True)  # detect-secrets' imports, paid once, outside the figures
    for root in trees:
        bench(root, arguments.repeat)


if __name__ == "__main__":
    main()
