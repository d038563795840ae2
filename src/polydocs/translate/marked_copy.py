"""The English page as a translation starts from it: every line as it is, and the translation marker
before each block of prose (code, directives, components and the license header are copied verbatim)."""

from __future__ import annotations

from polydocs.dialect.blocks import page_blocks
from polydocs.dialect.constructs.translation_markers import MARKER


def marked_copy(english: str) -> tuple[str, int]:
    """The page with a marker line (and the blank lines that keep it a block of its own) before every
    prose block, and how many markers it holds."""
    lines = english.split("\n")
    prose_starts = {block.index for block in page_blocks(english) if block.kind == "prose"}
    out: list[str] = []
    for index, line in enumerate(lines):
        if index in prose_starts:
            if out and out[-1].strip():
                out.append("")
            out += [MARKER, ""]
        out.append(line)
    return "\n".join(out), len(prose_starts)
