"""Relative page links: which targets are pages, which page they name, and how the site rewrites them."""

from __future__ import annotations

import pytest

from polydocs.dialect import PageFacts, parse_page
from polydocs.dialect.constructs import page_links
from polydocs.markup import MarkupContext, resolve_page_link
from polydocs.markup.page_links import render_page_links
from polydocs.sources import language_of

KNOWN = frozenset({"index", "torch_compile", "perf_torch_compile", "tasks/asr", "model_doc/bert"})


@pytest.mark.parametrize(
    ("target", "page_local", "expected"),
    [
        ("./torch_compile", "perf_torch_compile", "torch_compile.md"),
        ("torch_compile.md#backend", "perf_torch_compile", "torch_compile.md#backend"),
        ("tasks/asr", "index", "tasks/asr.md"),
        ("../model_doc/bert#usage", "tasks/asr", "../model_doc/bert.md#usage"),
        ("./asr", "tasks/asr", "asr.md"),
        ("../", "tasks/asr", "../index.md"),
        ("./missing", "index", None),
        ("../../outside", "tasks/asr", None),
        ("https://pytorch.org", "index", "https://pytorch.org"),
        ("/docs/transformers/index", "index", "/docs/transformers/index"),
        ("#anchor", "index", "#anchor"),
        ("mailto:someone@example.com", "index", "mailto:someone@example.com"),
        ("./image.png", "index", "./image.png"),
        ("./torch_compile.mdx", "perf_torch_compile", "torch_compile.md"),
        ("../model_doc/bert.mdx#usage", "tasks/asr", "../model_doc/bert.md#usage"),
        ("./missing.mdx", "index", None),
        ("./notebook.ipynb", "index", "./notebook.ipynb"),
    ],
)
def test_resolve_page_link(target: str, page_local: str, expected: str | None) -> None:
    assert resolve_page_link(target, page_local, KNOWN) == expected


@pytest.mark.parametrize(
    ("target", "page_local", "page"),
    [
        ("./torch_compile.mdx#x", "index", "torch_compile"),
        ("tasks/", "index", "tasks"),
        ("./tasks/index.md", "index", "tasks"),
        ("../", "tasks/asr", "index"),
    ],
)
def test_a_page_is_named_without_its_suffix_relative_to_the_language_folder(
    target: str, page_local: str, page: str
) -> None:
    assert page_links.page_name(target, page_local) == page


def test_the_tree_page_suffixes_are_the_page_link_suffixes() -> None:
    from polydocs.sources.tree import PAGE_SUFFIXES

    assert all(page_links.is_page_link(f"./page{suffix}") for suffix in PAGE_SUFFIXES)
    assert not page_links.is_page_link("./page.png")


def test_the_check_reports_each_missing_page_once_with_its_line() -> None:
    page = parse_page(
        "# T\n\n[a](./gone) [b](./there.mdx)\n\n```md\n[c](./gone)\n```\n\n[ref]: ./also_gone.md\n"
    )
    facts = PageFacts(page_local="index", known_pages=frozenset({"index", "there"}))
    assert [(f.index, f.code) for f in page_links.check(page, facts)] == [
        (2, "link-missing"),
        (8, "link-missing"),
    ]


def test_the_renderer_rewrites_and_never_warns() -> None:
    context = MarkupContext("docs_src/en/index.md", language_of("en"), known_pages=frozenset({"index", "a"}))
    assert render_page_links(["[a](./a.mdx) [b](./b)"], context) == ["[a](a.md) [b](./b)"]
    assert context.warnings == []
