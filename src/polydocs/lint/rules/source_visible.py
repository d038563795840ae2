"""Source readers would see as text on the rendered page (`markup/visible_source.py`), decided on the page
as the site converts it: the same findings as the build's, at the same lines."""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.markup.visible_source import source_visible


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    yield from source_visible(str(document.path), document.text, context.rendering(document).html)
