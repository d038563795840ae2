"""A list written right under a line of text, as docstrings write it (`It can be:` then `- a path`).

doc-builder's Markdown (CommonMark) lets a list interrupt a paragraph; Python-Markdown needs a blank line
first and shows the items as the paragraph's text, dashes and all. A blank line is put before such a list.
"""

from __future__ import annotations

import re

_ITEM = re.compile(r"^[ ]*(?:[-*+]|\d+[.)])[ ]+\S")
_FENCE = re.compile(r"^[ ]*(```|~~~)")


def lists_apart(markdown: str) -> str:
    """`markdown` with a blank line before each list item that follows a line of plain text."""
    lines = markdown.split("\n")
    kept: list[str] = []
    in_code = False
    for line in lines:
        if _FENCE.match(line):
            in_code = not in_code
        previous = kept[-1] if kept else ""
        if not in_code and _ITEM.match(line) and previous.strip() and not _ITEM.match(previous):
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
