"""Fences on the site as the one parse reads them (CommonMark): which lines are code, and a fence never
closed shown as code to the end of its container, reported at the same line by the build and the linter."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.dialect import parse_page
from polydocs.dialect.constructs.fences import closing_fence
from polydocs.lint.runner import lint_paths
from polydocs.markup import MarkupContext, render
from polydocs.markup.page_parse import close_unclosed_fences
from polydocs.sources import language_of


def test_backtick_tilde_indented_and_quoted_fences_are_code() -> None:
    lines = [
        "text",  # 0
        "```py",  # 1
        "<Tip>",  # 2
        "```",  # 3
        "    ~~~~",  # 4: indented code, four spaces in
        "    ~~~",  # 5
        "    ~~~~",  # 6
        "> ```bash",  # 7
        "> run",  # 8
        "> ```",  # 9
        "after",  # 10
    ]
    assert [i for i, _ in parse_page("\n".join(lines)).outside_code()] == [0, 10]


def test_a_fence_that_is_never_closed_is_code_to_the_end_of_the_page() -> None:
    page = parse_page("```py\n<Tip>\ntext")
    assert page.code_mask == (True, True, True)
    [fence] = page.fences
    assert (fence.closed, fence.last) == (False, 2)


def test_a_longer_closing_fence_closes_and_backticks_in_the_info_string_do_not_open() -> None:
    assert parse_page("```\nx\n`````").code_mask == (True, True, True)
    # "``` a`b" opens nothing, and the "```" below it is then an opening fence that is never closed.
    page = parse_page("``` a`b\nx\n```")
    assert page.code_mask == (False, False, True)
    assert [(fence.line, fence.closed) for fence in page.fences] == [(3, False)]


@pytest.mark.parametrize(
    ("opening", "closing"),
    [
        ("```py", "```"),
        ("  ````", "  ````"),
        ("> ```py", "> ```"),
        ("1. ```py", "   ```"),
        ("> - ```", ">   ```"),
    ],
)
def test_the_closing_fence_stays_in_the_container_of_the_opening_one(opening: str, closing: str) -> None:
    [fence] = parse_page(opening).fences
    assert closing_fence(opening, fence.marker) == closing


def test_a_fence_never_closed_is_closed_after_its_last_written_line_keeping_the_lines_above() -> None:
    lines = ["> ```py", "> x = 1", "", "Text.", "", "```", "y", "", ""]
    closed = close_unclosed_fences(lines, parse_page("\n".join(lines)))
    assert closed == ["> ```py", "> x = 1", "> ```", "", "Text.", "", "```", "y", "```", "", ""]


def test_build_and_lint_report_an_unclosed_fence_at_the_same_line(tmp_path: Path) -> None:
    text = "# Page\n\n> [!TIP]\n> ```py\n> x = 1\n\nText.\n\n~~~\nnever closed\n"
    page = tmp_path / "docs_src" / "en" / "page.md"
    page.parent.mkdir(parents=True)
    page.write_text(text, encoding="utf-8")
    (page.parent / "_toctree.yml").write_text(
        "- sections:\n  - local: page\n    title: Page\n  title: Pages\n", encoding="utf-8"
    )
    context = MarkupContext(path=str(page), lang=language_of("en"), page_local="page")
    html = render(text, context)
    built = [(d.line, d.code) for d in context.warnings]
    linted = [(d.line, d.code) for d in lint_paths([tmp_path / "docs_src"], rules=["constructs"]).findings]
    assert built == linted == [(4, "fence-unclosed"), (9, "fence-unclosed")]
    # Both blocks are shown as code, the first inside the tip, as the parse (and the checker) reads them.
    assert html.count('<div class="language-') == 2
    assert "```" not in html and "~~~" not in html
