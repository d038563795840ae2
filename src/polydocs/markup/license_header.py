"""The Apache-2.0 license comment at the top of every page: found, checked, never rendered."""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup.context import current_context

PRIORITY = 29

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


def find_license_header(text: str) -> LicenseHeader | None:
    """The HTML comment (`<!--` or `<!---`) that opens the text after blank lines, None when there is none.

    When the comment is never closed, it runs to the end of the text and `closed` is False.
    """
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None or not lines[start].lstrip().startswith("<!--"):
        return None
    end, closed = len(lines) - 1, False
    for index in range(start, len(lines)):
        # The opening `<!--` must not count as its own end (`<!-->` aside, which nobody writes).
        searched = lines[index].lstrip()[4:] if index == start else lines[index]
        if "-->" in searched:
            end, closed = index, True
            break
    body = "\n".join(lines[start : end + 1])
    return LicenseHeader(
        start_line=start + 1,
        end_line=end + 1,
        closed=closed,
        mentions_apache=_APACHE.search(body) is not None,
        has_copyright=_COPYRIGHT.search(body) is not None,
    )


def strip_license_header(lines: list[str]) -> list[str]:
    """Blank out the header's lines (keeping line numbers); warn when it is never closed."""
    context = current_context()
    header = find_license_header("\n".join(lines))
    if header is None:
        return lines
    first = header.start_line - 1
    if not header.closed:
        context.warn(
            first,
            "license-unclosed",
            "the license comment at the top of the page is never closed",
            "end it with `-->`; until then only its first line is hidden and the rest shows on the page",
        )
        return [*lines[:first], "", *lines[first + 1 :]]
    context.license_header = True
    return [*lines[:first], *[""] * (header.end_line - first), *lines[header.end_line :]]


class _LicenseHeaderPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        return strip_license_header(lines)


class LicenseHeaderExtension(Extension):
    """Removes the license comment that opens a page."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_LicenseHeaderPreprocessor(md), "polydocs_license_header", PRIORITY)
