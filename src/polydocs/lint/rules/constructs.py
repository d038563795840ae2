"""The doc-builder constructs of a page, checked by the very validation the site build runs (`dialect`), on
the very text it runs on (`markup/steps_text.py`: front matter left out, tabs expanded)."""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import page_diagnostics, parse_page
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.markup.steps_text import steps_text


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    facts = context.page_facts(document)
    text, skipped = steps_text(document.text)
    source_line = lambda index: skipped + index + 1  # noqa: E731 - the page's line of a parsed index
    yield from page_diagnostics(parse_page(text), facts, str(document.path), source_line, severity="error")
