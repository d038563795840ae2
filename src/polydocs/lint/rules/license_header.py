"""Every page of every language opens with the Apache-2.0 license comment, closed and complete."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.markup.license_header import find_license_header
from polydocs.sources.front_matter import front_matter_lines

_HINT = (
    "start the page with the license comment of the English pages: "
    "`<!--Copyright <year> The HuggingFace Team ... Apache License, Version 2.0 ... -->`"
)


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    path = str(document.path)
    # The license comment opens the page's Markdown, after any front matter MkDocs takes away.
    skipped = front_matter_lines(document.text)
    header = find_license_header(document.text.split("\n", skipped)[-1] if skipped else document.text)
    if header is not None and skipped:
        header = replace(header, start_line=header.start_line + skipped, end_line=header.end_line + skipped)
    if header is None:
        yield Diagnostic(
            path, 1, "license-missing", "the page does not open with the license header", _HINT, "error"
        )
        return
    if not header.closed:
        yield Diagnostic(
            path,
            header.start_line,
            "license-unclosed",
            "the license comment is never closed, so it hides the whole page",
            "end it with `-->`",
            "error",
        )
    missing = [
        what
        for what, present in (
            ("a copyright line", header.has_copyright),
            ("Apache-2.0", header.mentions_apache),
        )
        if not present
    ]
    if missing:
        yield Diagnostic(
            path,
            header.start_line,
            "license-incomplete",
            f"the opening comment lacks {' and '.join(missing)}",
            _HINT,
            "error",
        )
