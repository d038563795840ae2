"""A page shown in English in a right-to-left language, in chromium: its text runs left to right and is
laid out as on the English page, while the page around it (navigation, banner) stays right to left."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import BROWSER_MARKS, OpenPage, serve_folder
from playwright.sync_api import Page

from polydocs.dialect import load_source_tree
from polydocs.site.build import build_site

pytestmark = BROWSER_MARKS

TOC = "- local: index\n  title: {home}\n- local: guide\n  title: Guide\n"
GUIDE = """# Guide

Welcome to the course!

- a list item
  - a nested item

> A quotation.

| Model | Size |
|---|---|
| BERT | 110M |

> [!TIP]
> A tip.
"""
# What Material spaces by the page's direction, and what the reader sees of each.
STYLES = {
    "li": ["marginLeft", "marginRight"],
    "blockquote": ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"],
    "td": ["textAlign"],
    ".tip > .admonition-title": ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"],
    "h1 + p": ["direction"],
}


@pytest.fixture(scope="module")
def rtl_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("shown-in-english")
    source = root / "docs"
    for lang, home in {"en": "Home", "ar": "الرئيسية"}.items():
        (source / lang).mkdir(parents=True)
        (source / lang / "_toctree.yml").write_text(TOC.format(home=home), encoding="utf-8")
        (source / lang / "index.md").write_text(f"# {home}\n\n{home}.\n", encoding="utf-8")
    (source / "en" / "guide.md").write_text(GUIDE, encoding="utf-8")
    report = build_site(source, root / "site", use_cache=False)
    assert not report.warnings, "\n".join(report.warnings)
    with serve_folder(root / "site") as url:
        yield url, source


def _styles(page: Page) -> dict[str, dict[str, str]]:
    article = page.locator("article")
    return {
        selector: article.locator(selector).first.evaluate(
            "(element, names) => Object.fromEntries(names.map(n => [n, getComputedStyle(element)[n]]))",
            names,
        )
        for selector, names in STYLES.items()
    }


def test_english_text_in_a_right_to_left_page_is_laid_out_as_in_english(
    open_page: OpenPage, rtl_site: tuple[str, Path]
) -> None:
    url, _ = rtl_site
    page, _ = open_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{url}/en/guide/")
    english = _styles(page)
    page.goto(f"{url}/ar/guide/")
    assert (
        page.locator("html").get_attribute("dir") == "rtl"
        or page.locator("body").get_attribute("dir") == "rtl"
    )
    assert _styles(page) == english
    text = page.locator("article h1 + p")
    assert text.evaluate("element => element.closest('[lang]').lang") == "en"
    # The page around it stays Arabic, right to left.
    assert (
        page.locator("nav.md-nav--primary").evaluate("element => getComputedStyle(element).direction")
        == "rtl"
    )


def test_a_banner_string_arabic_lacks_is_marked_as_english(
    open_page: OpenPage, rtl_site: tuple[str, Path]
) -> None:
    url, source = rtl_site
    arabic = load_source_tree(source).language("ar")
    page, _ = open_page()
    page.goto(f"{url}/ar/guide/")
    title = page.locator(".polydocs-banner .admonition-title")
    lacking = "banner.untranslated_title" in arabic.missing_strings
    assert title.get_attribute("lang") == ("en" if lacking else None)
    assert title.evaluate("element => getComputedStyle(element).direction") == ("ltr" if lacking else "rtl")
