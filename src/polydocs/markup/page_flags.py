"""Page flags -> a hidden marker the theme's stylesheet reads for the whole page.

Which lines hold a flag is the dialect's (`dialect/constructs/page_flags.py`). Each flag's comment becomes
`<div class="polydocs-flag-wrap-code-blocks" hidden></div>` (or `-stretch-tables`); polydocs.css wraps the
code blocks, or stretches the tables, of an article holding one (`:has()`), as doc-builder does.
"""

from __future__ import annotations

from polydocs.dialect.constructs.page_flags import find_page_flags
from polydocs.markup._blocks import StoreHtml
from polydocs.markup.context import MarkupContext


def render_page_flags(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """The first flag's line holds every marker, one HTML block (flags on consecutive lines would be one
    paragraph of markers otherwise); the other flags' lines are left blank."""
    lines = list(lines)
    flags = list(find_page_flags(context.parsed(lines)))
    if flags:
        markers = dict.fromkeys(f'<div class="polydocs-flag-{found.flag}" hidden></div>' for found in flags)
        for found in flags:
            lines[found.index] = ""
        lines[flags[0].index] = store("".join(markers))
    return lines
