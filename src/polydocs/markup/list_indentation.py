"""Indentation as CommonMark reads it, rewritten as Python-Markdown reads it: each line in the container the
page's parse puts it in.

CommonMark places a line by its list item's content column (`2. ` -> 3, `- ` -> 2) and lets a block start
after up to three spaces anywhere; Python-Markdown wants four spaces per list level and a heading, a
callout or an admonition at the first column. So `   ### Hardware` under `2. Long scenario` (the item's
heading on huggingface.co) showed its `###`, a two-space nested list became its parent's sibling, and an
indented `  > [!TIP]` after a `<div>` showed as `!!! tip` text. This step, before any other reads a line's
indentation, re-indents every line of a list item to four spaces per level plus what it has beyond its
item's content column, and takes the one to three spaces off a top-level block's lines; the line count and
every line's text are kept. Lines of a quote inside a list are left as written (their `>` markers set
the container). A line that starts a heading, or a tag the dialect renders as a block (`<Tip>`, a tab), one
to three spaces past its item's content column is written at that column, as CommonMark reads it:
Python-Markdown reads neither `###` nor the `!!! tip` a `<Tip>` becomes after a space (setfit's
`how_to/v1.0.0_migration_guide.mdx` writes a `<Tip>` one space past its item's text, and the site showed
`!!! tip "Tip"` and the tip's text as code).
"""

from __future__ import annotations

import re

from markdown_it.common.html_blocks import block_names

from polydocs.dialect import ParsedPage
from polydocs.markup.context import MarkupContext

_MARKER = re.compile(r"^(?P<indent> *)(?P<marker>[-+*]|\d{1,9}[.)])(?P<space> *)")
_CODE = ("fence", "code_block")
_LEVEL = 4  # Python-Markdown's `tab_length`: the indentation of one list level


def render_list_indentation(lines: list[str], context: MarkupContext) -> list[str]:
    """Every line outside quotes indented where Python-Markdown reads the container its parse has."""
    page = context.parsed(lines)
    placement = _placement(page)
    block_starts = _block_starts(page)
    out = list(lines)
    for index, line in enumerate(lines):
        where = placement.get(index)
        if (
            where is None
            or not line.strip()
            or _indent(line) != _indent(page.lines[index])
            or "\t" in _indent(line)
        ):
            continue
        wanted = where.indentation(len(_indent(line)), starts_block=index in block_starts)
        if wanted is not None:
            out[index] = " " * wanted + line.lstrip(" ")
    return out


class _Place:
    """Where a line is: its list depth (0: the top level), the CommonMark column its container's content
    starts at, and whether it is code (kept as written at the top level)."""

    def __init__(self, depth: int, column: int, code: bool) -> None:
        self.depth, self.column, self.code = depth, column, code

    def indentation(self, indent: int, starts_block: bool = False) -> int | None:
        """The indentation Python-Markdown needs for a line indented `indent` (`starts_block`: a heading's
        or a dialect tag's line); None: leave it."""
        if self.depth == 0:
            return 0 if (not self.code and 0 < indent < _LEVEL) else None
        beyond = max(indent - self.column, 0)
        return _LEVEL * self.depth + (0 if starts_block and beyond < _LEVEL else beyond)


def _placement(page: ParsedPage) -> dict[int, _Place]:
    """Each line's place; lines of a quote inside a list have none."""
    places: dict[int, _Place] = {}
    markers: dict[int, _Place] = {}  # an item's first line is in its parent's content
    items: list[tuple[int, int]] = []  # the open list items: (where each ends, its content column)
    cuts = _dialect_tag_lines(page)
    quoted = 0
    for token in page.tokens:
        quoted += {"blockquote_open": 1, "blockquote_close": -1}.get(token.type, 0)
        if token.type == "list_item_close":
            items.pop()
        if not token.map or token.nesting == -1:
            continue
        start, end = token.map[0], min(token.map[1], len(page.lines))
        open_items = _open_at(items, start)
        if quoted:
            # A top-level quote's lines may be indented up to three spaces, like any top-level block's;
            # inside a list, its `>` markers are left as written.
            if token.type == "blockquote_open" and quoted == 1:
                for index in range(start, end):
                    if open_items:
                        places.pop(index, None)
                    else:
                        places[index] = _Place(0, 0, False)
            if token.type == "list_item_open":
                items.append((end, 0))
            continue
        place = _Place(len(open_items), open_items[-1][1] if open_items else 0, token.type in _CODE)
        for index in range(start, min(end, open_items[-1][0]) if open_items else end):
            places[index] = place
        if token.type == "list_item_open":
            markers[start] = place
            column = _content_column(page.lines[start])
            # A dialect tag line the parse read as blank ends the item where it is less indented than
            # the item's content, as the tag would in CommonMark (a `<Tip>` at the first column).
            ends = (cut for cut in cuts if start < cut < end and _indentation(page.lines[cut]) < column)
            items.append((next(ends, end), column))
            inner = _Place(len(_open_at(items, start)), column, False)
            for index in range(start + 1, items[-1][0]):
                places[index] = inner
    return places | {index: place for index, place in markers.items() if index in places}


def _block_starts(page: ParsedPage) -> set[int]:
    """The lines whose first column decides what Python-Markdown reads: a heading's, and the dialect tags'
    the parse reads as blank (they become admonitions and tabs)."""
    headings = {token.map[0] for token in page.tokens if token.type == "heading_open" and token.map}
    return headings | set(_dialect_tag_lines(page))


def _open_at(items: list[tuple[int, int]], index: int) -> list[tuple[int, int]]:
    """The items (outermost first) that still hold line `index`."""
    held = []
    for item in items:
        if index >= item[0]:
            break
        held.append(item)
    return held


def _dialect_tag_lines(page: ParsedPage) -> list[int]:
    """The lines the parse reads as blank though they hold a tag (`dialect/page.py`)."""
    return [index for index, tag in page.tag_lines if tag.name.lower() not in block_names]


def _indentation(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _content_column(line: str) -> int:
    """The column an item's content starts at: after its marker and one to four spaces (one when the
    marker is followed by five or more, which start an indented code block, or by nothing)."""
    marker = _MARKER.match(line)
    if marker is None:
        return len(_indent(line))
    after = len(marker["indent"]) + len(marker["marker"])
    spaces = len(marker["space"])
    return after + (spaces if 1 <= spaces <= 4 and marker.end() < len(line) else 1)


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]
