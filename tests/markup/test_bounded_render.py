"""Rendering does bounded work per page: a page past its bounds becomes the notice, inline markup past its
budget plain text, and the work grows linearly with the page beyond the bounds (counted in Python lines
run, not in seconds)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from hostile_sizes import nested_list, nested_tags, unterminated_tags
from polydocs.markup import MarkupContext, render
from polydocs.sources import language_of


def _render(text: str, lang: str = "en") -> tuple[str, list[str]]:
    context = MarkupContext(path="docs/x.md", lang=language_of(lang), page_local="x")
    html = render(text, context)
    return html, [f"{warning.line} {warning.code}" for warning in context.warnings]


def test_a_page_past_its_bounds_is_the_notice_in_the_readers_language():
    html, warnings = _render("# Deep\n\n" + nested_list(500), "es")
    assert warnings == ["35 page-too-deep"]
    assert html.startswith('<div class="admonition danger polydocs-refused">')
    assert "Esta página no se puede mostrar" in html and "línea 35" in html and "<li>" not in html


def test_inline_markup_past_its_budget_is_plain_text_and_the_rest_renders():
    html, warnings = _render("# T\n\nbefore " + "[" * 20_000 + " <b>x</b> *y*\n\nafter *z*\n")
    assert warnings == ["3 inline-too-costly"]
    assert "[[[[" in html and "&lt;b&gt;x&lt;/b&gt; *y*" in html  # escaped, nothing inside it rendered
    assert "<p>after <em>z</em></p>" in html


def _lines_run(work: Callable[[], object]) -> int:
    """How many lines of Python `work` runs: the same on any machine, under any load."""
    count = 0

    def trace(frame: object, event: str, arg: object) -> Callable[..., object]:
        nonlocal count
        count += event == "line"
        return trace

    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize(
    "hostile",
    [
        lambda n: "x " + "[" * n,
        lambda n: "[a](" * (n // 4),
        lambda n: "`a` " * (n // 4),
        lambda n: "\\*" * (n // 2),
        lambda n: "- " * (n // 2) + "deep",
        lambda n: "> " * (n // 2) + "deep",
        lambda n: nested_tags(n // 11),
        lambda n: unterminated_tags(n // 11),
        lambda n: "<![CDATA[" * (n // 9),
    ],
    ids=["brackets", "open-links", "code-spans", "escapes", "lists", "quotes", "divs", "open-tags", "cdata"],
)
def test_rendering_grows_linearly_past_the_bounds(hostile):
    """Four times the page, at most about four times the work (twice as much again allowed for what does
    not scale with the page): before the bounds these grew 10 to 60 times."""
    small, large = (_lines_run(lambda n=n: _render("# T\n\n" + hostile(n))) for n in (6_000, 24_000))
    assert large / small < 6, (small, large)
