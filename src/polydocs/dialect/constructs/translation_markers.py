"""Translation markers: the comment `polydocs translate` puts before every block of prose it copies from
English into a new translation, reported until the translator has translated the block and deleted it.

The marker is an HTML comment on a line of its own, so a page in progress builds and reads as the English
page; the build warns of each marker and `polydocs lint` fails on it (`translation-pending`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.page import ParsedPage

PENDING = "translation-pending"
CODES = code_table(
    DiagnosticCode(PENDING, "error", "A translation marker of `polydocs translate` still in the page."),
)

MARKER = "<!-- translate: the block below is still English; translate it, then delete this line -->"
_MARKER = re.compile(r"^\s*<!--\s*translate\s*:", re.IGNORECASE)


def is_marker(line: str) -> bool:
    """Whether the line opens a translation marker (as written by `polydocs translate`, in any case)."""
    return _MARKER.match(line) is not None


def marker_lines(text: str) -> list[int]:
    """The 1-based lines of the page `text` that open a marker, line by line: what keeps `polydocs status
    --mark` from recording the translation as up to date (`sources/freshness.py`)."""
    return [number for number, line in enumerate(text.split("\n"), 1) if is_marker(line)]


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for comment in page.comments:
        if is_marker(page.lines[comment.index]):
            yield Finding(
                comment.index,
                PENDING,
                "the block below this marker is still the English text",
                "translate the block, then delete the `<!-- translate: ... -->` line",
            )
