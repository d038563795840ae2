"""Raw HTML blocks read as CommonMark reads them (`dialect/html_blocks.py`): Markdown between them renders.

An HTML block that leaves a block-level element open (`<div style="display: flex">`, `<details>`, `<td>`)
or closes one is handed to Python-Markdown as raw HTML on its own, so that Python-Markdown does not read
on to the matching closing tag: the headings, lists, callouts and tabs between are Markdown, as on
huggingface.co. Direction blocks (`<div dir="rtl">`, whose line the parse reads as blank) open the same
way. Runs after every other construct: a block they rewrote (an iframe, a component) is theirs.
"""

from __future__ import annotations

from markdown.util import BLOCK_LEVEL_ELEMENTS

from polydocs.dialect.direction_blocks import opens_direction_block
from polydocs.dialect.html_blocks import html_blocks_across
from polydocs.markup._blocks import StoreHtml, leading_spaces
from polydocs.markup.context import MarkupContext


def render_html_blocks(lines: list[str], context: MarkupContext, store: StoreHtml) -> list[str]:
    """Each HTML block read otherwise by Python-Markdown stashed as raw HTML, on its first line; its
    other lines left blank (the line count kept)."""
    page = context.parsed(lines)
    out = list(lines)
    for index, tag in page.tag_lines:
        if (
            opens_direction_block(tag)
            and "markdown" not in tag.attributes
            and _as_parsed(out, page.lines, index, index)
        ):
            _stash(out, index, index, store)
    for block in html_blocks_across(page):
        if block.first_tag in BLOCK_LEVEL_ELEMENTS and _as_parsed(out, page.lines, block.index, block.last):
            _stash(out, block.index, block.last, store)
    return out


def _as_parsed(lines: list[str], parsed: tuple[str, ...], first: int, last: int) -> bool:
    """Whether no earlier step rewrote these lines (an enclosing tab or callout may have indented them)."""
    return all(lines[index].strip() == parsed[index].strip() for index in range(first, last + 1))


def _stash(lines: list[str], first: int, last: int, store: StoreHtml) -> None:
    """The lines' HTML as one raw block, alone in its paragraph: where the line above or below holds text
    (an HTML block may interrupt a paragraph), a blank line is put between inside the same list entry, so
    that no later step of ours sees a line added."""
    indent = leading_spaces(lines[first])
    html = "\n".join(
        line[len(indent) :] if line.startswith(indent) else line.lstrip() for line in lines[first : last + 1]
    )
    before = "\n" if first > 0 and lines[first - 1].strip() else ""
    after = "\n" if last + 1 < len(lines) and lines[last + 1].strip() else ""
    lines[first] = f"{before}{indent}{store(html)}{after}"
    for index in range(first + 1, last + 1):
        lines[index] = ""
