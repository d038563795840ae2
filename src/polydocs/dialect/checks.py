"""What a page's constructs are checked against, and the one validation the build and the linter share.

Each construct module in `polydocs.dialect.constructs` has a `check(page, facts)` yielding `Finding`s of
the codes it declares (`CODES`; a finding of another is an error, `UndeclaredCode`); the build turns them
into warnings at the page's source lines, `polydocs lint` into errors. Neither re-checks a construct on its
own, so both report the same problems, with the same codes, at the same lines.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.diagnostics import Diagnostic, Severity
from polydocs.dialect.page import ParsedPage
from polydocs.sources.project import DEFAULT_IFRAME_HOSTS

if TYPE_CHECKING:
    from polydocs.sources.api_inventory import ApiInventory
    from polydocs.sources.languages import Language


@dataclass(frozen=True)
class PageFacts:
    """What a construct's check may know beyond the page itself; every field has a page-independent default.

    `known_pages` empty means "unknown" (a plain `render`): page links are then not checked.
    """

    page_local: str = ""
    known_pages: frozenset[str] = frozenset()
    # Old page names `_redirects.yml` sends on, each to its new page (`new` or `new#anchor`).
    moved_pages: Mapping[str, str] = field(default_factory=dict)
    iframe_hosts: tuple[str, ...] = DEFAULT_IFRAME_HOSTS
    api: ApiInventory | None = None
    lang: Language | None = None
    # The page's file and the folder its `<literalinclude>`s may read from (`literal_include.py`); None
    # for a text that is no file of a tree, which includes nothing.
    source_file: Path | None = None
    include_root: Path | None = None


@dataclass(frozen=True)
class Finding:
    """One problem of one construct, at the 0-based line `index` of the parsed text."""

    index: int
    code: str
    message: str
    hint: str = ""


ConstructCheck = Callable[[ParsedPage, PageFacts], Iterable[Finding]]


class UndeclaredCode(RuntimeError):
    """A construct reported a code it does not declare: a fault of polydocs, not of the page."""


@dataclass(frozen=True)
class DeclaredCheck:
    """A construct's check and the codes it declares (its module's `CODES`), the only ones it reports."""

    construct: str
    check: ConstructCheck
    codes: Collection[str]

    def findings(self, page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
        for finding in self.check(page, facts):
            if finding.code not in self.codes:
                raise UndeclaredCode(
                    f"the construct {self.construct} reported {finding.code!r}, which it does not declare: "
                    "declare it, with its level and summary, in the module's CODES (a component's problem: "
                    "in its spec's codes)"
                )
            yield finding


@dataclass
class CheckRegistry:
    """The construct checks in the order their findings are reported."""

    checks: list[DeclaredCheck] = field(default_factory=list)

    def findings(self, page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
        for check in self.checks:
            yield from check.findings(page, facts)


def page_findings(page: ParsedPage, facts: PageFacts) -> list[Finding]:
    """Every construct problem of the page, sorted by line (stable within a line)."""
    from polydocs.dialect.constructs import CONSTRUCT_CHECKS
    from polydocs.dialect.page_bounds import page_refusal

    refusal = page_refusal(page)
    if refusal is not None:  # nothing else of a page past its bounds is read
        return [refusal.finding()]
    return sorted(CONSTRUCT_CHECKS.findings(page, facts), key=lambda finding: finding.index)


def page_diagnostics(
    page: ParsedPage,
    facts: PageFacts,
    path: str,
    source_line: Callable[[int], int] = lambda index: index + 1,
    severity: Severity = "warning",
) -> list[Diagnostic]:
    """The page's findings as diagnostics at its source lines (`source_line` maps a parsed-text index)."""
    return [
        Diagnostic(path, source_line(f.index), f.code, f.message, f.hint, severity)
        for f in page_findings(page, facts)
    ]
