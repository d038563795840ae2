"""Code blocks as the checker reads them: fences never closed, directives that belong to no block."""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    # The same findings fail the page's `directives` item in `polydocs check`; the build warns of the
    # unclosed fences too (one rule: `markup/_fences.py`).
    yield from document.scan.problems
