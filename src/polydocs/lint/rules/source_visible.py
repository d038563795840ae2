"""Source readers would see as text on the rendered page (`markup/visible_source.py`), decided on the page
as the site publishes it (converted, then sanitised: `lint/rendering.py`): the same findings as the
build's, at the same lines."""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    yield from context.rendering(document).shown
