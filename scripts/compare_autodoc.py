"""Compare polydocs' API pages with doc-builder's for the same `[[autodoc]]` pages, field by field.

    PYTHONPATH=src python3 scripts/compare_autodoc.py --library accelerate PAGE.md [PAGE.md ...]
        [--keep FOLDER] [--all]

Builds the pages with polydocs, converts them with doc-builder (installed, `hf-doc-builder`), and prints
per field how many objects (or parameters) agree, then each difference: with its reason when it is one
polydocs makes on purpose (`polydocs.docstrings.justifications`), else as unexplained. `--all` lists the
justified differences one by one too (by default they are counted per reason). Exits 1 when a difference
is unexplained.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from polydocs.docstrings.agreement import FIELDS, Agreement
from polydocs.docstrings.side_by_side import compare_pages


def _report(library: str, agreement: Agreement, show_all: bool) -> None:
    print(f"## {library}: polydocs against doc-builder\n")
    print("| field | agree | compared |\n|---|---:|---:|")
    for name in FIELDS:
        print(f"| {name} | {agreement.agreeing[name]} | {agreement.compared[name]} |")
    if agreement.not_installed:
        print(f"\nnot in the installed library (left out): {', '.join(agreement.not_installed)}")
    if agreement.only_doc_builder:
        print(f"\nonly doc-builder documents: {', '.join(agreement.only_doc_builder)}")
    if agreement.only_polydocs:
        count = len(agreement.only_polydocs)
        print(f"\nonly polydocs documents ({count}): {', '.join(agreement.only_polydocs)}")
    reasons = Counter((d.field, d.reason) for d in agreement.differences if d.reason)
    if reasons:
        print("\njustified differences:")
        for (name, reason), count in sorted(reasons.items()):
            print(f"- {name} x{count}: {reason}")
    for difference in agreement.differences:
        if show_all or not difference.reason:
            label = difference.reason or "UNEXPLAINED"
            print(f"\n{difference.where} [{difference.field}] {label}")
            print(f"  doc-builder: {difference.doc_builder!r}")
            print(f"  polydocs:    {difference.polydocs!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", required=True, help="the documented package, installed")
    parser.add_argument("pages", nargs="+", type=Path, help="pages holding [[autodoc]] directives")
    parser.add_argument(
        "--keep", type=Path, help="build the tree and site in this (new) folder and keep them"
    )
    parser.add_argument("--all", action="store_true", help="list justified differences one by one too")
    arguments = parser.parse_args()
    agreement = compare_pages(arguments.library, arguments.pages, arguments.keep)
    _report(arguments.library, agreement, arguments.all)
    return 1 if agreement.unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
