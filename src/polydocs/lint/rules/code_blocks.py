"""Code blocks as the checker reads them: `<!-- polydocs: ... -->` directives malformed or of no block."""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    # The same findings fail the page's `directives` item in `polydocs check`. A fence never closed is the
    # fence construct's finding (`fence-unclosed`), reported by the rule `constructs` as by the build.
    yield from document.scan.problems
