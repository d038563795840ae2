"""The Apache-2.0 license comment at the top of every page: hidden, never rendered.

Where it is comes from the page's parse (`polydocs.dialect.constructs.license_header`), which also reports
a comment never closed.
"""

from __future__ import annotations

from polydocs.dialect.constructs.license_header import page_license_header
from polydocs.markup.context import MarkupContext


def strip_license_header(lines: list[str], context: MarkupContext) -> list[str]:
    """Blank out the header's lines (keeping line numbers); of one never closed, only its first line."""
    header = page_license_header(context.parsed(lines))
    if header is None:
        return lines
    first = header.start_line - 1
    if not header.closed:
        return [*lines[:first], "", *lines[first + 1 :]]
    context.license_header = True
    return [*lines[:first], *[""] * (header.end_line - first), *lines[header.end_line :]]
