"""Fenced code blocks: CommonMark's rule for every reader of the page (site, checker, linter, notebooks).

A fence never closed runs to the end of its container (the page, a quote, a list item), as code; the
author hears of it at its line. The site shows it as code too: it closes the fence where the parse ends
it (`polydocs.markup.page_parse`), with the line `closing_fence` gives.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.page import Fence, ParsedPage

UNCLOSED_FENCE = "fence-unclosed"
CODES = code_table(
    DiagnosticCode(UNCLOSED_FENCE, "error", "A code fence that is never closed."),
)

# What may stand before a fence marker and is the container's, not the block's: quote markers stay as
# they are, everything else there (indentation, a list item's `1.` or `-`) becomes the same width of spaces.
_NOT_QUOTE_OR_SPACE = re.compile(r"[^\s>]")


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for fence in page.fences:
        if not fence.closed:
            yield Finding(
                fence.index,
                UNCLOSED_FENCE,
                f"code fence is never closed; it runs to the end of {_container(page, fence)} as code",
                f"close the block with a line holding the same fence ({fence.marker})",
            )


def container_prefix(line: str, marker: str) -> str:
    """What stands before the fence `marker` on `line`, an opening or closing fence: `> `, `    `, `1. `."""
    return line[: max(line.find(marker), 0)]


def closing_fence(opening: str, marker: str) -> str:
    """The line that closes the fence opened on `opening` inside the same container."""
    return _NOT_QUOTE_OR_SPACE.sub(" ", container_prefix(opening, marker)) + marker


def _container(page: ParsedPage, fence: Fence) -> str:
    return "the page" if fence.last >= len(page.lines) - 1 else "the quote or list item holding it"
