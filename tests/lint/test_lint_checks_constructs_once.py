"""Lint checks a page's constructs once: its `constructs` rule does, on the text the build reads; the
rendering that `unsafe-html` and `source-visible` read checks only the page's bounds, which decide what is
rendered (the construct checks were a fifth of the course's lint, their findings thrown away)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from polydocs.dialect.checks import CheckRegistry, Finding, PageFacts
from polydocs.dialect.page import ParsedPage
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths

COURSE = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "course-docs"
# A page with a construct finding (an iframe on a host the settings refuse) and HTML the site removes.
PAGE = COURSE / "en" / "chapter1" / "6.mdx"


def test_a_page_s_constructs_are_checked_once_and_every_finding_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    if not PAGE.is_file():
        pytest.skip(f"the corpus page {PAGE} (../shared/corpus) is absent")
    checked: list[str] = []
    findings = CheckRegistry.findings

    def counted(self: CheckRegistry, page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
        checked.append(page.text)
        return findings(self, page, facts)

    monkeypatch.setattr(CheckRegistry, "findings", counted)
    # Nothing kept from an earlier lint of the page: this one checks it (`constructs_cache.py`).
    report = lint_paths(
        [PAGE], facts=InstalledFacts(store=None), rules=["constructs", "unsafe-html"], keep_pages=False
    )
    assert len(checked) == 1  # the rendering for unsafe-html checked them a second time
    codes = [finding.code for finding in report.findings]
    assert codes.count("iframe-host") == 1 and codes.count("unsafe-html") == 1
