"""MDX component tags as pages write them: `<Question choices={[...]} />` over many lines, `{fw}` shorthands.

A component tag starts a line (after spaces) with a name written as a component (PascalCase:
`dialect/tag_names.py`, `is_component_name`), which HTML elements never have. Its attributes are read as
MDX reads them: `name="text"`, `name='text'`, `name={expression}` (braces balanced, JavaScript strings
inside skipped whole), a bare `name`, or a shorthand `{name}`, by the one attribute reader
(`dialect/attributes.py`). The expression stays text; the construct that owns the component decides what
it may hold.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from polydocs.dialect.attributes import read_attributes
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.tag_names import is_component_name

# `^`: searched from every position, `[ \t]*` would read a run of blanks again at each (quadratic).
_START = re.compile(r"^(?P<indent>[ \t]*)<(?P<closing>/)?(?P<name>[A-Za-z][\w-]*)")
# The self-closing components that may open a list item (`- <InferenceSnippet ... />`, and
# `- <Youtube id="..."/>`, whose video doc-builder shows in the item); `<Tip>`, which encloses the item's
# body, is the callouts' (`dialect/components.py`, `OPENS_LIST_ITEM`).
SELF_CLOSING_IN_LIST_ITEM = frozenset({"InferenceSnippet", "Youtube"})


@dataclass(frozen=True)
class Attribute:
    """One attribute's value: its text, and whether it was written as a `{...}` expression. `line` and
    `column` say where the value starts (0-based, into the page), for findings about what it holds."""

    value: str
    expression: bool = False
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class ComponentTag:
    """A component tag from line `index` through line `last`; `ended` is False when no `>` ends it."""

    index: int
    last: int
    name: str
    attributes: dict[str, Attribute] = field(default_factory=dict)
    closing: bool = False
    self_closing: bool = False
    ended: bool = True
    # What follows the tag's `>` on its last line.
    after: str = ""
    # The marker of the list item the tag opens (`- `, `2. `), as written before it; "" for a tag starting
    # its line.
    marker: str = ""

    @property
    def opening(self) -> bool:
        return not self.closing and not self.self_closing

    def text(self, name: str, default: str = "") -> str:
        attribute = self.attributes.get(name)
        return attribute.value if attribute is not None else default


def find_component_tags(page: ParsedPage) -> tuple[ComponentTag, ...]:
    """Every component tag a reader may meet, in page order (code and closed comments skipped)."""
    return page.derived(_read_component_tags)


def _read_component_tags(page: ParsedPage) -> tuple[ComponentTag, ...]:
    return tuple(_component_tags(page))


def _component_tags(page: ParsedPage) -> Iterator[ComponentTag]:
    after = 0
    markers = dict(page.list_item_markers)
    for index, line in visible_lines(page):
        if index < after:
            continue
        start = _START.match(line)
        if start is not None and is_component_name(start["name"]):
            tag = read_component_tag(page.lines, index)
        elif index in markers and (tag_in_item := _opening_list_item(page.lines, index, markers[index])):
            tag = tag_in_item
        else:
            continue
        yield tag
        after = tag.last + 1


def _opening_list_item(lines: tuple[str, ...], index: int, marker_end: int) -> ComponentTag | None:
    """A self-closing component that opens a list item (`- <InferenceSnippet ... />`), read as if its
    marker were blanks: doc-builder renders a component wherever its tag stands, in a list item too. Only
    the components of `SELF_CLOSING_IN_LIST_ITEM`, whose renderers keep the marker; any other stays the
    item's text, as it always has."""
    line = lines[index]
    blanked_line = " " * marker_end + line[marker_end:]
    start = _START.match(blanked_line)
    if start is None or start["name"] not in SELF_CLOSING_IN_LIST_ITEM:
        return None
    blanked = (*lines[:index], blanked_line, *lines[index + 1 :])
    tag = read_component_tag(blanked, index)
    return replace(tag, marker=line[:marker_end]) if tag.self_closing else None


def read_component_tag(lines: tuple[str, ...], index: int) -> ComponentTag:
    """The component tag starting line `index` (which `_START` matches)."""
    start = _START.match(lines[index])
    assert start is not None
    window = _TAG_WINDOW
    while True:  # the tag's lines, joined: a few at first, more while the tag runs past them
        text = "\n".join(lines[index : index + window])
        run = read_attributes(text, start.end())
        if run.ending not in ("end", "unclosed") or index + window >= len(lines):
            break
        window *= 4
    line_starts = _line_starts(text)
    attributes = {
        attribute.name: Attribute(
            attribute.value, attribute.expression, *_located(line_starts, index, attribute.value_start)
        )
        for attribute in run.attributes
    }
    ended = run.ending in (">", "/>")
    # A value never closed runs on to the page's end, as MDX reads on.
    last, _ = _located(line_starts, index, len(text) if run.ending == "unclosed" else run.end)
    line_end = text.find("\n", run.end)
    after = text[run.end : line_end if line_end >= 0 else None] if ended else ""
    return ComponentTag(
        index,
        min(last, len(lines) - 1),
        start["name"],
        attributes,
        closing=start["closing"] is not None,
        self_closing=run.ending == "/>",
        ended=ended,
        after=after.strip(),
    )


# The lines a tag is first read on; most end on their first line, a quiz's run to a few dozen.
_TAG_WINDOW = 8


def _line_starts(text: str) -> list[int]:
    return [0, *(found.end() for found in re.finditer("\n", text))]


def _located(line_starts: list[int], index: int, offset: int) -> tuple[int, int]:
    """The page's 0-based line and the column of `offset` into the tag's text, which starts line `index`."""
    line = bisect.bisect_right(line_starts, offset) - 1
    return index + line, offset - line_starts[line]
