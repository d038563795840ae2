"""The Apache-2.0 license comment opening a page: where it is, what it holds, and its one syntax check.

The site hides the comment (`markup/license_header.py`), the notebooks drop it, and `polydocs lint` holds
every page to having a complete one. Only the comment's own syntax is this construct's check, so the build
reports it too: a comment never closed (`license-unclosed`). Whether a page has a header at all, and
whether it names the copyright and the license, is repository policy, not syntax: lint's `license` rule
alone reports that (`license-missing`, `license-incomplete`), the build does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.page import ParsedPage
from polydocs.sources.front_matter import front_matter_lines

UNCLOSED = "license-unclosed"
CODES = code_table(
    DiagnosticCode(UNCLOSED, "error", "The license comment is never closed."),
)

_APACHE = re.compile(r"Apache License,?\s+Version 2\.0", re.IGNORECASE)
_COPYRIGHT = re.compile(r"Copyright\s+(?:\(c\)\s*)?\d{4}", re.IGNORECASE)


@dataclass(frozen=True)
class LicenseHeader:
    """The comment opening a page; lines are 1-based lines of the text it was found in."""

    start_line: int
    end_line: int
    closed: bool
    mentions_apache: bool
    has_copyright: bool

    @property
    def well_formed(self) -> bool:
        return self.closed and self.mentions_apache and self.has_copyright


def find_license_header(text: str, first_line: int = 0) -> LicenseHeader | None:
    """The HTML comment (`<!--` or `<!---`) that opens the text after blank lines, None when there is none.

    The search starts at the 0-based line `first_line` (after front matter). When the comment is never
    closed, it runs to the end of the text and `closed` is False.
    """
    lines = text.split("\n")
    start = next((i for i in range(first_line, len(lines)) if lines[i].strip()), None)
    if start is None or not lines[start].lstrip().startswith("<!--"):
        return None
    end = _closing_line(lines, start)
    body = "\n".join(lines[start : len(lines) if end is None else end + 1])
    return LicenseHeader(
        start_line=start + 1,
        end_line=len(lines) if end is None else end + 1,
        closed=end is not None,
        mentions_apache=_APACHE.search(body) is not None,
        has_copyright=_COPYRIGHT.search(body) is not None,
    )


def page_license_header(page: ParsedPage) -> LicenseHeader | None:
    """The page's header, after the front matter MkDocs takes away (which `polydocs lint` still has)."""
    return find_license_header(page.text, front_matter_lines(page.text))


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    header = page_license_header(page)
    if header is not None and not header.closed:
        yield Finding(
            header.start_line - 1,
            UNCLOSED,
            "the license comment at the top of the page is never closed",
            "end it with `-->`; until then only its first line is hidden and the rest shows on the page",
        )


def _closing_line(lines: list[str], start: int) -> int | None:
    for index in range(start, len(lines)):
        # The opening `<!--` must not count as its own end (`<!-->` aside, which nobody writes).
        searched = lines[index].lstrip()[4:] if index == start else lines[index]
        if "-->" in searched:
            return index
    return None
