"""What the renderers of block constructs share: indenting a body, quoting a title, stashing raw HTML."""

from __future__ import annotations

from collections.abc import Callable

# Re-exported for the renderers that still read tags off their lines (iframes, MDX components); the
# callouts and tabs take theirs from the page's one parse (`polydocs.dialect`).
from polydocs.dialect.tags import TagLine, parse_attributes, parse_tag_line

INDENT = " " * 4

# Python-Markdown's `md.htmlStash.store`: keeps raw HTML out of Markdown parsing, returns its placeholder.
StoreHtml = Callable[[str], str]

__all__ = [
    "INDENT",
    "StoreHtml",
    "TagLine",
    "indent_lines",
    "leading_spaces",
    "parse_attributes",
    "parse_tag_line",
    "quoted",
]


def indent_lines(lines: list[str], start: int, end: int) -> None:
    """Indent lines `start` to `end` (exclusive) one level, the body of an admonition or a tab."""
    for index in range(start, end):
        if lines[index].strip():
            lines[index] = INDENT + lines[index]


def leading_spaces(line: str) -> str:
    """A line's indentation as it is now: an enclosing callout or tab may have indented it since the parse."""
    return line[: len(line) - len(line.lstrip(" "))]


def quoted(title: str) -> str:
    """A title for `!!! kind "title"` or `=== "title"`, which cannot hold a double quote."""
    return '"' + title.replace('"', "'") + '"'
