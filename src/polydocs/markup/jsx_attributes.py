"""HTML tags written with JSX attributes (`dialect/constructs/jsx_attributes.py`) written as HTML.

The tag, which may span lines, becomes its HTML on its first line (the others left blank, the line count
kept); its problems are the construct's check's.
"""

from __future__ import annotations

from polydocs.dialect.constructs.jsx_attributes import find_jsx_tags
from polydocs.markup._blocks import leading_spaces
from polydocs.markup.context import MarkupContext


def render_jsx_attributes(lines: list[str], context: MarkupContext) -> list[str]:
    """Each HTML tag holding JSX attributes as the HTML tag it stands for."""
    out = list(lines)
    for tag in find_jsx_tags(context.parsed(lines)):
        out[tag.index] = leading_spaces(out[tag.index]) + " ".join(filter(None, (tag.html, tag.after)))
        for index in range(tag.index + 1, tag.last + 1):
            out[index] = ""
    return out
