"""HTML the site removes from a page (scripts, event handlers, `javascript:` links, frames, forms...), and
toctree titles holding markup: decided by the site's own sanitiser, on the page as the site converts it."""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.markup.unsafe_html import title_diagnostic
from polydocs.sources import TocPage, TocSection
from polydocs.sources.toctree import TocEntry


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    yield from context.rendering(document).removed
    tree = context.targets.tree
    if tree is not None and document.lang in tree.toctrees:
        toctree = tree.toctrees[document.lang]
        for entry in _entries_leading_to(toctree.entries, document.local):
            problem = title_diagnostic(str(toctree.path), entry.line, entry.title)
            if problem is not None:
                yield problem


def _entries_leading_to(entries: list[TocEntry], local: str) -> list[TocEntry]:
    """The sections holding the page's entry, outermost first, then the entry: the titles readers see."""
    for entry in entries:
        if isinstance(entry, TocPage) and entry.local == local:
            return [entry]
        if isinstance(entry, TocSection):
            inner = _entries_leading_to(entry.children, local)
            if inner:
                return [entry, *inner]
    return []
