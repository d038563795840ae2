"""The doc-builder constructs of a page, checked by the very validation the site build runs (`dialect`)."""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import page_diagnostics
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    facts = context.page_facts(document)
    yield from page_diagnostics(document.parsed, facts, str(document.path), severity="error")
