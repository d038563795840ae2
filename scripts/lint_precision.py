"""Figures for docs/linting.md: findings per code on the real corpora, and the secret scan's recall.

    PYTHONPATH=src python scripts/lint_precision.py [--rule secrets] [CORPUS ...]

CORPUS defaults to every tree of ../shared/corpus. Prints, per corpus, the number of pages and of
findings by code (with the secret findings listed one by one), then the planted fake tokens the scan
found or missed and the decoys it reported.
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from pathlib import Path

from polydocs.diagnostics import display_path
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.precision import score_scan
from polydocs.lint.runner import lint_paths

CORPORA = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
# The library each corpus documents, as `--library` would name it (nothing above the copies says so).
LIBRARIES = {"peft-docs": "peft"}


def corpus_figures(corpus: Path, rules: list[str] | None) -> None:
    library = LIBRARIES.get(corpus.name)
    report = lint_paths([corpus], facts=InstalledFacts(None), rules=rules, library=library)
    counts = Counter((finding.code, finding.severity) for finding in report.findings)
    documented = library or "transformers"
    print(f"\n## {corpus.name} ({documented}): {report.pages} pages, {len(report.findings)} findings\n")
    print("| code | severity | findings |\n|---|---|---:|")
    for (code, severity), count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        print(f"| `{code}` | {severity} | {count} |")
    secrets = [finding for finding in report.findings if finding.code == "secret"]
    print(f"\nsecret findings: {len(secrets)}", flush=True)
    for finding in secrets:
        print(f"- {display_path(finding.path)}:{finding.line} {finding.message}")


def recall_figures() -> None:
    with tempfile.TemporaryDirectory(prefix="polydocs-planted-") as folder:
        score = score_scan(Path(folder))
    total = len(score.found) + len(score.missed)
    print(f"\n## planted fake tokens: {len(score.found)} of {total} found\n")
    for sample in score.found:
        print(f"- found: {sample.kind}")
    for sample in score.missed:
        print(f"- MISSED: {sample.kind}")
    print(f"\ndecoys reported as secrets: {len(score.false_positives)}")
    for sample in score.false_positives:
        print(f"- FALSE POSITIVE: {sample.kind}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="*", type=Path)
    parser.add_argument("--rule", action="append", dest="rules", help="only this rule (repeatable)")
    args = parser.parse_args()
    corpora = args.corpora or sorted(path for path in CORPORA.iterdir() if path.is_dir())
    for corpus in corpora:
        corpus_figures(corpus, args.rules)
    recall_figures()


if __name__ == "__main__":
    main()
