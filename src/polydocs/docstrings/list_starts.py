"""A list written right under a line of text, as docstrings write it (`It can be:` then `- a path`).

doc-builder's Markdown (CommonMark) lets a list interrupt a paragraph; Python-Markdown needs a blank line
first and shows the items as the paragraph's text, dashes and all. A blank line is put before such a list.
"""

from __future__ import annotations

import re

from polydocs.dialect.fence_lines import FenceOpening, fence_opening

_ITEM = re.compile(r"^[ ]*(?:[-*+]|\d+[.)])[ ]+\S")


def lists_apart(markdown: str) -> str:
    """`markdown` with a blank line before each list item that follows a line of plain text."""
    lines = markdown.split("\n")
    kept: list[str] = []
    fence: FenceOpening | None = None
    for line in lines:
        # A fence at any indentation: a docstring's list items indent theirs (`dialect/fence_lines.py`).
        written = line.lstrip(" ")
        if fence is None:
            fence = fence_opening(written)
        elif fence.closed_by(written):
            fence = None
            kept.append(line)
            continue
        previous = kept[-1] if kept else ""
        if fence is None and _ITEM.match(line) and previous.strip() and not _ITEM.match(previous):
            if not _continues_item(kept):
                kept.append("")
        kept.append(line)
    return "\n".join(kept)


def _continues_item(kept: list[str]) -> bool:
    """Whether the text above is the lazy continuation of a list item (then the list goes on)."""
    for line in reversed(kept):
        if not line.strip():
            return False
        if _ITEM.match(line):
            return True
    return False
