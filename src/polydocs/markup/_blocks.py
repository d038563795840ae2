"""What the renderers of block constructs share: indenting a body, quoting a title, stashing raw HTML, the
text after a construct's tag on its line."""

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
    "text_after",
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


def text_after(after: str, written: str, now: str) -> str:
    """What follows a construct's tag on its line (`after`, as the page's parse read it from `written`),
    read from that line as it is `now`: the steps before rewrite the text after a tag (a prose tag's `<`
    escaped, a formula typeset), never the tag itself. A line whose tag part changed keeps `after`."""
    after = after.strip()
    if not after:
        return ""
    start = len(written.rstrip()) - len(after)
    return now[start:].strip() if start >= 0 and now[:start] == written[:start] else after
