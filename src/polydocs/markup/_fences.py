"""Which lines lie inside fenced code blocks, so that no construct ever rewrites code."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

# A fence may be indented (lists, tabs, admonitions) and may sit inside a blockquote (`> ```py`).
_FENCE_OPEN = re.compile(r"^(?P<prefix>[ ]*(?:>[ ]?)*[ ]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


def fence_spans(lines: Sequence[str]) -> Iterator[tuple[int, int | None]]:
    """`(opening, closing)` line indices of every fence; `closing` is None for a fence never closed.

    Like pymdownx.superfences, a fence that is never closed is not a code block: the lines after it are
    read as text again (its opening line included), so later fences still count.
    """
    index = 0
    while index < len(lines):
        opening = _FENCE_OPEN.match(lines[index])
        if opening is None or (opening["fence"][0] == "`" and "`" in opening["info"]):
            index += 1
            continue
        closing = _closing_fence(lines, index + 1, opening["fence"])
        yield index, closing
        index = index + 1 if closing is None else closing + 1


def fenced_lines(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it belongs to a fenced code block (its fence lines included)."""
    mask = [False] * len(lines)
    for opening, closing in fence_spans(lines):
        if closing is not None:
            mask[opening : closing + 1] = [True] * (closing + 1 - opening)
    return mask


def unclosed_fences(lines: Sequence[str]) -> list[int]:
    """The 0-based lines of fences that are never closed: readers see them, and what follows, as text."""
    return [opening for opening, closing in fence_spans(lines) if closing is None]


UNCLOSED_FENCE = "fence-unclosed"
UNCLOSED_FENCE_MESSAGE = "code fence is never closed; readers see its code as text"
UNCLOSED_FENCE_HINT = "close the block with a line holding the same fence (e.g. ```)"


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
