"""Narrow phones and the dark palette render without sideways scrolling; screenshots for a human eye."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import BROWSER_MARKS, OpenPage, SitePage
from playwright.sync_api import Page

pytestmark = BROWSER_MARKS

PHONE = {"width": 375, "height": 812}
LANGUAGES = ["en", "es", "pt"]
_OVERFLOW = "[document.documentElement.scrollWidth, window.innerWidth]"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_fit_a_phone_without_horizontal_scrolling(
    open_page: OpenPage, site_url: str, pages_of_site: list[SitePage], scheme: str
) -> None:
    page, _ = open_page(viewport=PHONE, color_scheme=scheme, is_mobile=True)
    problems = []
    for site_page in pages_of_site:
        page.goto(site_url + str(site_page))
        palette = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
        expected_palette = "slate" if scheme == "dark" else "default"
        if palette != expected_palette:
            problems.append(f"{site_page}: palette {palette!r}, expected {expected_palette!r}")
        width, inner = page.evaluate(_OVERFLOW)
        if width > inner:
            wide = page.evaluate(
                """inner => [...document.querySelectorAll('body *')]
                  .filter(el => el.getBoundingClientRect().right > inner + 1)
                  .filter(el => !(el.parentElement
                    && el.parentElement.getBoundingClientRect().right > inner + 1))
                  .slice(0, 5)
                  .map(el => el.tagName.toLowerCase() + (el.className ? '.' + el.className : ''))""",
                inner,
            )
            problems.append(f"{site_page}: {width}px wide in a {inner}px viewport; widest: {wide}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots_of_the_inference_guide(
    open_page: OpenPage, site_url: str, artifacts_dir: Path, lang: str
) -> None:
    shots: dict[str, dict[str, Any]] = {
        f"{lang}-inference-desktop.png": {"viewport": {"width": 1280, "height": 800}},
        f"{lang}-inference-phone-dark.png": {"viewport": PHONE, "color_scheme": "dark", "is_mobile": True},
    }
    for name, options in shots.items():
        page, _ = open_page(**options)
        page.goto(f"{site_url}/{lang}/perf_torch_compile/")
        path = artifacts_dir / name
        page.screenshot(path=str(path), full_page=True)
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        page.context.close()


# For each code block, the boxes of its copy button's bar and of the first line's visible characters
# (each token's text as laid out, clipped to the part of the line the block shows before scrolling).
_FIRST_LINE_UNDER_BUTTONS = """() => [...document.querySelectorAll('pre:has(.md-code__nav) > code')]
  .map((code, index) => {
    const nav = code.parentElement.querySelector('.md-code__nav').getBoundingClientRect();
    const shown = code.getBoundingClientRect();
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    const hits = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const end = node.data.indexOf('\\n');
        const text = end < 0 ? node.data : node.data.slice(0, end);
        for (let at = 0; at < text.length; at++) {
            if (/\\s/.test(text[at])) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            for (const box of range.getClientRects()) {
                const left = Math.max(box.left, shown.left), right = Math.min(box.right, shown.right);
                const visible = right > left && box.bottom > shown.top && box.top < shown.bottom;
                const across = left < nav.right && right > nav.left;
                if (visible && across && box.top < nav.bottom && box.bottom > nav.top) hits.push(text[at]);
            }
        }
        if (end >= 0) break;
    }
    return hits.length ? `code block ${index + 1}: the buttons cover ${JSON.stringify(hits.join(''))}` : '';
}).filter(Boolean)"""


def test_copy_buttons_leave_the_first_line_of_code_readable_on_a_phone(
    open_page: OpenPage, site_url: str, pages_of_site: list[SitePage]
) -> None:
    page, _ = open_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    problems, blocks = _first_lines_under_buttons(page, site_url, pages_of_site)
    assert blocks > 10
    assert not problems, "\n".join(problems)


def test_copy_buttons_leave_the_first_line_of_code_readable_on_a_desktop_screen(
    open_page: OpenPage, site_url: str, pages_of_site: list[SitePage]
) -> None:
    page, _ = open_page(viewport={"width": 1280, "height": 800})
    problems, blocks = _first_lines_under_buttons(page, site_url, pages_of_site)
    assert blocks > 10
    assert not problems, "\n".join(problems)
    # Only blocks whose first line reaches the button start below it: a short first line stays beside it.
    page.goto(site_url + "/en/perf_torch_compile/", wait_until="load")
    assert page.locator("pre > code:not(.polydocs-code-below-buttons)").count() > 0


def _first_lines_under_buttons(
    page: Page, site_url: str, pages_of_site: list[SitePage]
) -> tuple[list[str], int]:
    """Each code block whose copy buttons cover its first line's characters, on every page; and how
    many blocks carry the buttons."""
    problems, blocks = [], 0
    for site_page in pages_of_site:
        page.goto(site_url + str(site_page), wait_until="load")
        blocks += page.locator("pre:has(.md-code__nav) > code").count()
        problems += [f"{site_page}: {problem}" for problem in page.evaluate(_FIRST_LINE_UNDER_BUTTONS)]
    return problems, blocks
