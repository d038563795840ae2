"""The doc-builder constructs of a page, checked by the very validation the site build runs (`dialect`), on
the very text it runs on (`markup/steps_text.py`: front matter left out, tabs expanded); the findings are
kept across runs by everything the checks read (`constructs_cache.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import PageFacts, page_diagnostics, parse_page
from polydocs.lint.constructs_cache import kept_construct_findings
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.markup.steps_text import steps_text


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    yield from kept_construct_findings(document, context, partial(_checked, document))


def _checked(document: LintDocument, facts: PageFacts) -> list[Diagnostic]:
    text, skipped = steps_text(document.text)
    source_line = lambda index: skipped + index + 1  # noqa: E731 - the page's line of a parsed index
    return page_diagnostics(parse_page(text), facts, str(document.path), source_line, severity="error")
