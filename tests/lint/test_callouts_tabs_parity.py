"""`polydocs lint` and the site's conversion report the same callout and tab problems, at the same lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_support import CASES

from polydocs.dialect.constructs import callouts, tabs
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths
from polydocs.markup import MarkupContext, render
from polydocs.sources import language_of

CODES = callouts.CODES | tabs.CODES
GOLDEN = Path(__file__).parents[1] / "markup" / "cases"
# The golden cases of the callout and tab renderers, and the lint case holding every problem they can have.
PAGES = [
    CASES / "callouts" / "en" / "page.md",
    *sorted(
        page
        for folder in ("callouts", "hfoptions", "framework_tabs")
        for page in (GOLDEN / folder).glob("*.md")
    ),
]


def _built(text: str) -> list[tuple[int, str]]:
    context = MarkupContext("page.md", language_of("en"))
    render(text, context)
    return sorted((warning.line, warning.code) for warning in context.warnings if warning.code in CODES)


def _linted(text: str, tmp_path: Path, facts: InstalledFacts) -> list[tuple[int, str]]:
    page = tmp_path / "en" / "page.md"
    page.parent.mkdir()
    page.write_text(text, encoding="utf-8")
    report = lint_paths([page.parent], facts=facts, rules=["constructs"])
    return sorted((finding.line, finding.code) for finding in report.findings if finding.code in CODES)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: f"{page.parent.name}/{page.stem}")
def test_lint_and_build_give_the_same_line_and_code(
    page: Path, tmp_path: Path, facts: InstalledFacts
) -> None:
    text = page.read_text(encoding="utf-8")
    assert _linted(text, tmp_path, facts) == _built(text)


def test_the_page_of_every_problem_has_each_callout_and_component_code() -> None:
    codes = {code for _, code in _built(PAGES[0].read_text(encoding="utf-8"))}
    assert (
        codes
        == set(CODES)
        == {
            "callout-kind",
            "callout-position",
            "callout-quote",
            "callout-empty",
            "component-attribute",
            "component-unclosed",
            "component-unopened",
            "component-nesting",
        }
    )
