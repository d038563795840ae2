"""Doc-builder leftovers: `[[open-in-colab]]` and `## Title[[anchor]]` -> the site's Markdown.

Which lines hold them is the dialect's (`polydocs.dialect.constructs.components`); the components
themselves (`<Youtube>`, `<Question>`, ...) are rendered earlier, by `markup/components.py`.
"""

from __future__ import annotations

from polydocs.dialect.constructs.components import Leftover, find_leftovers
from polydocs.dialect.heading_anchors import heading_anchor
from polydocs.markup.context import MarkupContext


def render_mdx_components(lines: list[str], context: MarkupContext) -> list[str]:
    """Convert the leftovers."""
    lines = list(lines)
    for leftover in find_leftovers(context.parsed(lines)):
        lines[leftover.index] = _rendered(leftover, lines[leftover.index])
    return lines


def _rendered(leftover: Leftover, line: str) -> str:
    if leftover.kind == "open-in-colab":
        return ""  # the doc-builder's notebook buttons: this site has its own notebook link
    if leftover.kind == "heading-anchor":
        # Matched on the line as earlier steps left it: a heading they indented (into a callout or a tab)
        # keeps its `[[anchor]]` as written, as it always has.
        anchored = heading_anchor(line)
        return f"{anchored.heading} {{ #{anchored.id} }}" if anchored else line
    return line
