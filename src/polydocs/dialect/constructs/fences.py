"""Fenced code blocks: CommonMark's rule for every reader of the page (site, checker, linter, notebooks).

A fence never closed runs to the end of its container, as code; the author hears of it at its line.
"""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.page import ParsedPage

UNCLOSED_FENCE = "fence-unclosed"
CODES = frozenset({UNCLOSED_FENCE})


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for fence in page.fences:
        if not fence.closed:
            yield Finding(
                fence.index,
                UNCLOSED_FENCE,
                "code fence is never closed; it runs to the end of the page as code",
                f"close the block with a line holding the same fence ({fence.marker})",
            )
