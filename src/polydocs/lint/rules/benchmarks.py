"""Benchmark placeholders whose results are missing: the build stops on them, so lint says so first.

The placeholder rule and the error are the site's own (`polydocs.bench.render`), at the same line.
"""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.bench.render import benchmark_placeholders, benchmarks_folder, missing_results
from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    tree = context.targets.tree
    if tree is None:
        return
    folder = benchmarks_folder(tree.root)
    for index, name in benchmark_placeholders(document.text):
        problem = missing_results(folder, name, str(document.path), index + 1)
        if problem is not None:
            yield problem
