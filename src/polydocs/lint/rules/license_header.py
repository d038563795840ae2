"""Every page of every language opens with the Apache-2.0 license comment, and the comment is complete.

This is repository policy, not the comment's syntax, so the build does not warn about it: a page without
a header, or one without its copyright line or license name, is a lint finding only. A comment never
closed is the construct's own problem (`license-unclosed`), which the `constructs` rule reports as the
build does (`polydocs.dialect.constructs.license_header`).
"""

from __future__ import annotations

from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.dialect.constructs.license_header import page_license_header
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument

_HINT = (
    "start the page with the license comment of the English pages: "
    "`<!--Copyright <year> The HuggingFace Team ... Apache License, Version 2.0 ... -->`"
)


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    path = str(document.path)
    header = page_license_header(document.parsed)
    if header is None:
        yield Diagnostic(
            path, 1, "license-missing", "the page does not open with the license header", _HINT, "error"
        )
        return
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
