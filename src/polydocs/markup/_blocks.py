"""What the renderers of block constructs share: indenting a body, quoting a title, stashing raw HTML."""

from __future__ import annotations

from collections.abc import Callable

INDENT = " " * 4

# Python-Markdown's `md.htmlStash.store`: keeps raw HTML out of Markdown parsing, returns its placeholder.
StoreHtml = Callable[[str], str]

__all__ = [
    "INDENT",
    "StoreHtml",
    "indent_lines",
    "leading_spaces",
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
