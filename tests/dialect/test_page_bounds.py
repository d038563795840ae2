"""A page past its bounds (`dialect/page_bounds.py`, `dialect/inline_budget.py`) is refused at its line, in
linear time; real pages are far inside them."""

from __future__ import annotations

import pytest

from hostile_sizes import (
    nested_brackets,
    nested_components,
    nested_list,
    nested_quotes,
    nested_tags,
    unterminated_tags,
)
from polydocs.dialect import parse_page
from polydocs.dialect.inline_budget import MAX_BRACKET_STEPS, bracket_steps, inline_cost_problem
from polydocs.dialect.page_bounds import MAX_DEPTH, TOO_COSTLY, TOO_DEEP, page_refusal


@pytest.mark.parametrize(
    ("text", "index"),
    [
        (nested_list(500), MAX_DEPTH),
        ("- " * 2_000 + "deep\n", 0),
        (nested_quotes(500), MAX_DEPTH),
        ("1. " * 500 + "deep\n", 0),
        (nested_tags(50_000), 0),
        (nested_tags(50, '<div markdown="1">', "</div>", "\n\n"), 2 * MAX_DEPTH),
        (nested_tags(50, "<span>", "</span>"), 0),
        (nested_tags(500, "<Tip>", "</Tip>", "\n\n"), 2 * MAX_DEPTH),
        (nested_components(500), 3 * MAX_DEPTH // 2),
        # Names CommonMark reads as no tag, inside an HTML block, where the site hands them to the HTML parser
        # as written: alone on their lines too.
        ("<div>\n" + "".join(f"text <repo_id{n}>\n" for n in range(50)) + "</div>\n", MAX_DEPTH),
        ("<div>\n" + "".join(f"<repo_id{n}>\n" for n in range(50)) + "</div>\n", MAX_DEPTH),
    ],
    ids=[
        *("list", "list-2000", "quotes", "list-markers", "divs", "md-divs", "spans", "tips", "hfoptions"),
        *("placeholders-in-html", "placeholders-alone-in-html"),
    ],
)
def test_nesting_past_the_bound_is_refused_at_the_line_it_goes_past(text, index):
    refusal = page_refusal(parse_page(text))
    assert refusal is not None and (refusal.code, refusal.index) == (TOO_DEEP, index)


@pytest.mark.parametrize(
    "text",
    [
        nested_list(MAX_DEPTH),
        nested_quotes(MAX_DEPTH),
        nested_tags(MAX_DEPTH),
        "<br>\n" * 100 + "<img src=x>\n" * 100 + '<Youtube id="a"/>\n' * 100,
        "<p>\n<b>unclosed\n</p>\n" * 100,  # a closing tag closes what it matches: no depth left over
        "`<div>` " * 100 + "\n\n```html\n" + "<div>\n" * 100 + "```\n",  # code is no nesting
        # huggingface_hub's CLI reference: placeholders CommonMark reads as text, shown as text (prose_tags),
        # in prose, in table cells, and alone on their lines outside an HTML block.
        "Examples\n" + "".join(f"  $ hf download <repo_id> <file.name> {n}\n" for n in range(100)),
        "| job |\n|---|\n" + "| <job_id> |\n" * 100,
        "\n".join(f"<repo_id{n}>" for n in range(50)) + "\n",
    ],
    ids=[
        *("list", "quotes", "divs", "void-and-self-closing", "sloppy", "code", "placeholders", "cells"),
        "placeholders-alone",
    ],
)
def test_nesting_up_to_the_bound_and_sloppy_html_are_rendered(text):
    assert page_refusal(parse_page(text)) is None


@pytest.mark.parametrize(
    "text",
    [unterminated_tags(16_000), "<![CDATA[" * 4_000 + "\n", "<a x\n" * 16_000],
    ids=["href", "cdata", "lines"],
)
def test_more_raw_html_than_the_parser_reads_in_bounded_time_is_refused(text):
    refusal = page_refusal(parse_page(text))
    assert refusal is not None and (refusal.code, refusal.index) == (TOO_COSTLY, 0)


def test_the_corpus_pages_are_inside_every_bound(corpus):
    pages = [*corpus.parent.rglob("*.md"), *corpus.parent.rglob("*.mdx")]
    refused = [page for page in pages if page_refusal(parse_page(page.read_text(encoding="utf-8")))]
    assert len(pages) > 1_000 and refused == []


@pytest.mark.parametrize(
    ("text", "steps"),
    [("[a](b)", 2 + 2), ("[[a]]", 4 + 2), ("[" * 4, 4 + 3 + 2 + 1), ("(x", 2), ("no brackets", 0)],
)
def test_bracket_steps_are_what_the_link_patterns_read(text, steps):
    assert bracket_steps(text) == steps


@pytest.mark.parametrize(
    "text",
    ["[" * 20_000, "[" * 1_000, "[a](" * 500, nested_brackets(1_000), "x" * 20_001, "`a` " * 40_000],
    ids=["brackets-20000", "brackets-1000", "open-links", "nested", "long", "code-spans"],
)
def test_inline_markup_past_its_budget_is_refused(text):
    assert inline_cost_problem(text) is not None


def test_inline_markup_of_real_size_is_rendered():
    assert inline_cost_problem("[a](b) and [c][d], (e) " * 500) is None
    assert bracket_steps("[" * 650) > MAX_BRACKET_STEPS > bracket_steps("[" * 600)


def test_a_page_of_more_than_a_million_characters_is_refused_before_it_is_parsed():
    refusal = page_refusal(parse_page("word " * 200_001))
    assert refusal is not None and refusal.code == TOO_COSTLY and "1,000,005 characters" in refusal.message


def test_the_parse_reads_a_run_past_its_budget_as_plain_text():
    page = parse_page("[a](b) " + "[" * 20_000 + "\n\n[c](d)\n")
    links = [item.token.attrGet("href") for item in page.inline_tokens() if item.token.type == "link_open"]
    assert links == ["d"]  # the first paragraph is text, as the site shows it
