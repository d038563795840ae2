"""Direction blocks (`dialect/direction_blocks.py`): the Markdown inside rendered as Markdown.

md_in_html renders what a `markdown="1"` element holds as Markdown and drops the attribute: the page gets
the `<div dir="rtl">` it wrote, around headings, callouts, tabs and code instead of their source text.
"""

from __future__ import annotations

from polydocs.dialect.direction_blocks import opens_direction_block
from polydocs.markup.context import MarkupContext


def render_direction_blocks(lines: list[str], context: MarkupContext) -> list[str]:
    """Each direction block's opening line with `markdown="1"` added, every line where it was."""
    out = list(lines)
    for index, tag in context.parsed(lines).tag_lines:
        if opens_direction_block(tag) and "markdown" not in tag.attributes:
            line = out[index].rstrip()
            out[index] = f'{line[:-1].rstrip()} markdown="1">'
    return out
