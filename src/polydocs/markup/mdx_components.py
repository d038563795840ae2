"""Doc-builder leftovers: `[[open-in-colab]]` and `## Title[[anchor]]` -> the site's Markdown.

Which lines hold them is the dialect's (`polydocs.dialect.constructs.components`); the components
themselves (`<Youtube>`, `<Question>`, ...) are rendered earlier, by `markup/components.py`.
"""

from __future__ import annotations

import re

from polydocs.dialect.constructs.components import Leftover, find_leftovers
from polydocs.dialect.heading_anchors import heading_anchor
from polydocs.markup.context import MarkupContext

# A heading's marks, after the `>` of a quote holding it.
_MARKS = re.compile(r"^[ >]*#+")


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
        # Matched on the line as earlier steps left it: callouts and tabs come later (`steps.py`), so a
        # heading in a `<Tip>` or a tab is matched as written; one a list item indents keeps its anchor.
        anchored = heading_anchor(line)
        return f"{_with_text(anchored.heading)} {{ #{anchored.id} }}" if anchored else line
    return line


def _with_text(heading: str) -> str:
    """attr_list reads `{ #id }` only after a heading's text: a heading of its anchor alone (`## [[id]]`,
    shown empty with its id, as doc-builder shows it) is given an empty element for text."""
    return heading if _MARKS.sub("", heading).strip() else f"{heading.rstrip()} <span></span>"
