"""Hugging Face API links, [`Trainer`] or [`~Trainer.train`]: the object exists in the installed library."""

from __future__ import annotations

import re
from collections.abc import Iterator

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument

# The doc-builder form: a backticked dotted name in brackets, not followed by a URL or a reference label.
API_LINK = re.compile(r"\[`(?P<tilde>~?)(?P<name>[A-Za-z_][\w.]*)(?:\(\))?`\](?![(\[:])")


def api_links(document: LintDocument) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(document.lines, start=1):
        if number in document.code_lines:
            continue
        for match in API_LINK.finditer(line):
            yield number, match.group("name")


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    for line, name in api_links(document):
        if not context.facts.api_exists(name):
            package = context.facts.api_package(name)
            yield Diagnostic(
                str(document.path),
                line,
                "api-link",
                f"[`{name}`] names nothing in the installed {package}",
                f"check the spelling against {package}'s API, or write it as plain `code`",
                "error",
            )
