"""Which lines lie inside fenced code blocks, so that no construct ever rewrites code."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

# A fence may be indented (lists, tabs, admonitions) and may sit inside a blockquote (`> ```py`).
_FENCE_OPEN = re.compile(r"^(?P<prefix>[ ]*(?:>[ ]?)*[ ]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


def fenced_lines(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it belongs to a fenced code block (its fence lines included).

    Like pymdownx.superfences, a fence that is never closed is not a code block.
    """
    mask = [False] * len(lines)
    index = 0
    while index < len(lines):
        opening = _FENCE_OPEN.match(lines[index])
        if opening is None or (opening["fence"][0] == "`" and "`" in opening["info"]):
            index += 1
            continue
        closing = _closing_fence(lines, index + 1, opening["fence"])
        if closing is None:
            index += 1
            continue
        for inside in range(index, closing + 1):
            mask[inside] = True
        index = closing + 1
    return mask


def lines_outside_fences(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """Yield `(index, line)` for every line that is not part of a fenced code block."""
    for index, (line, fenced) in enumerate(zip(lines, fenced_lines(lines), strict=True)):
        if not fenced:
            yield index, line


def _closing_fence(lines: Sequence[str], start: int, fence: str) -> int | None:
    closing = re.compile(rf"^[ ]*(?:>[ ]?)*[ ]*{re.escape(fence[0])}{{{len(fence)},}}[ ]*$")
    for index in range(start, len(lines)):
        if closing.match(lines[index]):
            return index
    return None
