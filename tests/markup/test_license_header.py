"""Finding the license header: for the site, which hides it, and for the linter, which requires it."""

from __future__ import annotations

from pathlib import Path

from polydocs.dialect import parse_page
from polydocs.dialect.constructs.license_header import LicenseHeader, find_license_header, page_license_header
from polydocs.markup import MarkupContext, render
from polydocs.sources import language_of

HEADER = """<!---Copyright 2026 The HuggingFace Team. All rights reserved.

Licensed under the Apache License, Version 2.0 (the "License");
-->

# Title
"""


def test_a_well_formed_header_is_found_with_its_lines() -> None:
    header = find_license_header("\n\n" + HEADER)
    assert header == LicenseHeader(
        start_line=3, end_line=6, closed=True, mentions_apache=True, has_copyright=True
    )
    assert header.well_formed


def test_an_unclosed_header_runs_to_the_end() -> None:
    text = HEADER.replace("-->\n", "")
    header = find_license_header(text)
    assert header is not None
    assert not header.closed and not header.well_formed
    assert header.end_line == text.count("\n") + 1


def test_a_comment_without_license_or_copyright_is_not_well_formed() -> None:
    header = find_license_header("<!-- just a note -->\n# Title\n")
    assert header is not None
    assert header.closed and not header.mentions_apache and not header.has_copyright


def test_a_page_without_a_leading_comment_has_no_header() -> None:
    seed_like = "# torch.compile para inferencia\n\n<!-- later -->\n"
    assert find_license_header(seed_like) is None
    assert find_license_header("") is None


def test_the_golden_header_case_is_well_formed() -> None:
    case = Path(__file__).parent / "cases" / "license_header" / "apache_header.md"
    header = find_license_header(case.read_text(encoding="utf-8"))
    assert header is not None and header.well_formed and (header.start_line, header.end_line) == (1, 5)


def test_the_header_after_front_matter_is_the_pages_header() -> None:
    page = parse_page("---\ntitle: T\n---\n" + HEADER)
    header = page_license_header(page)
    assert header is not None and (header.start_line, header.end_line) == (4, 7)


def test_the_build_reports_an_unclosed_header_but_not_a_missing_one() -> None:
    context = MarkupContext("docs_src/en/a.md", language_of("en"))
    render("# Title\n\nNo header: repository policy, which only lint holds pages to.\n", context)
    assert context.warnings == []
    render(HEADER.replace("-->\n", ""), context)
    assert [(w.line, w.code) for w in context.warnings] == [(1, "license-unclosed")]
