"""The Apache-2.0 license comment at the top of every page: hidden, never rendered.

Where it is comes from the page's parse (`polydocs.dialect.constructs.license_header`), which also reports
a comment never closed.
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.dialect.constructs.license_header import page_license_header
from polydocs.markup.context import current_context

PRIORITY = 29


def strip_license_header(lines: list[str]) -> list[str]:
    """Blank out the header's lines (keeping line numbers); of one never closed, only its first line."""
    context = current_context()
    header = page_license_header(context.parsed(lines))
    if header is None:
        return lines
    first = header.start_line - 1
    if not header.closed:
        return [*lines[:first], "", *lines[first + 1 :]]
    context.license_header = True
    return [*lines[:first], *[""] * (header.end_line - first), *lines[header.end_line :]]


class _LicenseHeaderPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return strip_license_header(lines)


class LicenseHeaderExtension(Extension):
    """Removes the license comment that opens a page."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_LicenseHeaderPreprocessor(md), "polydocs_license_header", PRIORITY)
