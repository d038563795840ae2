"""The page rules of `polydocs lint`, by name; each is `check(document, context) -> findings`."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from polydocs.diagnostics import Diagnostic
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.lint.rules import (
    benchmarks,
    claims,
    code_blocks,
    code_style,
    constructs,
    front_matter,
    license_header,
    links,
    parity,
    source_visible,
    unsafe_html,
)

PageRule = Callable[[LintDocument, LintContext], Iterable[Diagnostic]]

PAGE_RULES: dict[str, PageRule] = {
    "constructs": constructs.check,
    "license": license_header.check,
    "links": links.check,
    "code-parity": parity.check,
    "claims": claims.check,
    "code-style": code_style.check,
    "code-blocks": code_blocks.check,
    "unsafe-html": unsafe_html.check,
    "source-visible": source_visible.check,
    "front-matter": front_matter.check,
    "benchmarks": benchmarks.check,
}

__all__ = ["PAGE_RULES", "PageRule"]
