"""Narrow phones and the dark palette render without sideways scrolling; screenshots for a human eye.

Every page is loaded once per screen (`screens`), and each load is read for every test about that screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from browser_support import BROWSER_MARKS, SitePage, open_watched_page
from playwright.sync_api import Browser, Page

pytestmark = BROWSER_MARKS

PHONE = {"width": 375, "height": 812}
LANGUAGES = ["en", "es", "pt"]
_OVERFLOW = "[document.documentElement.scrollWidth, window.innerWidth]"
INFERENCE_GUIDE = "perf_torch_compile/"
# Each screen: its context options, what is read on each of its pages, and the name of the inference
# guide's full-page screenshot, if one is taken on it.
SCREENS: dict[str, tuple[dict[str, Any], tuple[str, ...], str]] = {
    "phone-light": (
        {"viewport": PHONE, "color_scheme": "light", "is_mobile": True},
        ("overflow", "broken-words"),
        "",
    ),
    "phone-dark": (
        {"viewport": PHONE, "color_scheme": "dark", "is_mobile": True},
        ("overflow",),
        "phone-dark",
    ),
    "phone-390": (
        {"viewport": {"width": 390, "height": 844}, "is_mobile": True},
        ("copy-buttons", "broken-words"),
        "",
    ),
    "desktop": ({"viewport": {"width": 1280, "height": 800}}, ("copy-buttons",), "desktop"),
}


@dataclass
class Screen:
    """What every page showed on one screen: its palette and sideways overflow, the code blocks whose
    copy buttons cover their first line, the headings that break a word they had room for, how many
    blocks carry the buttons, and the screenshots taken."""

    problems: dict[str, list[str]] = field(
        default_factory=lambda: {"overflow": [], "copy-buttons": [], "broken-words": []}
    )
    blocks: int = 0
    code_beside_buttons: dict[str, int] = field(default_factory=dict)
    screenshots: dict[str, Path] = field(default_factory=dict)


@pytest.fixture(scope="module")
def screens(
    browser: Browser, site_url: str, pages_of_site: list[SitePage], artifacts_dir: Path
) -> Callable[[str], Screen]:
    """`screens(name)`: every page loaded once on that screen (SCREENS), when a test first asks for it."""
    made: dict[str, Screen] = {}

    def screen(name: str) -> Screen:
        if name not in made:
            made[name] = _read_screen(browser, site_url, pages_of_site, artifacts_dir, name)
        return made[name]

    return screen


def _read_screen(
    browser: Browser, site_url: str, pages_of_site: list[SitePage], artifacts_dir: Path, name: str
) -> Screen:
    options, readings, screenshot = SCREENS[name]
    screen = Screen()
    page, _ = open_watched_page(browser, **options)
    try:
        for site_page in pages_of_site:
            page.goto(site_url + str(site_page), wait_until="load")
            if "overflow" in readings:
                screen.problems["overflow"] += _overflow(
                    page, site_page, options.get("color_scheme", "light")
                )
            if "copy-buttons" in readings:
                screen.blocks += page.locator("pre:has(.md-code__nav) > code").count()
                problems = page.evaluate(_FIRST_LINE_UNDER_BUTTONS)
                screen.problems["copy-buttons"] += [f"{site_page}: {problem}" for problem in problems]
                beside = page.locator("pre > code:not(.polydocs-code-below-buttons)").count()
                screen.code_beside_buttons[str(site_page)] = beside
            if "broken-words" in readings:
                broken = page.evaluate(_HEADING_WORDS_BROKEN)
                screen.problems["broken-words"] += [f"{site_page}: {problem}" for problem in broken]
            if screenshot and site_page.path.endswith(f"/{INFERENCE_GUIDE}"):
                path = artifacts_dir / f"{site_page.lang}-inference-{screenshot}.png"
                page.screenshot(path=str(path), full_page=True)
                screen.screenshots[site_page.lang] = path
    finally:
        page.context.close()
    return screen


def _overflow(page: Page, site_page: SitePage, scheme: str) -> list[str]:
    problems = []
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
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_fit_a_phone_without_horizontal_scrolling(
    screens: Callable[[str], Screen], scheme: str
) -> None:
    problems = screens(f"phone-{scheme}").problems["overflow"]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots_of_the_inference_guide(screens: Callable[[str], Screen], lang: str) -> None:
    for name in ("desktop", "phone-dark"):
        path = screens(name).screenshots[lang]
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


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
    screens: Callable[[str], Screen],
) -> None:
    screen = screens("phone-390")
    assert screen.blocks > 10
    assert not screen.problems["copy-buttons"], "\n".join(screen.problems["copy-buttons"])


def test_copy_buttons_leave_the_first_line_of_code_readable_on_a_desktop_screen(
    screens: Callable[[str], Screen],
) -> None:
    screen = screens("desktop")
    assert screen.blocks > 10
    assert not screen.problems["copy-buttons"], "\n".join(screen.problems["copy-buttons"])
    # Only blocks whose first line reaches the button start below it: a short first line stays beside it.
    assert screen.code_beside_buttons["/en/perf_torch_compile/"] > 0


# Each word of a heading laid out on more than one line although it is narrower than the heading: a
# word longer than the line must break, one that fits must not (a float beside the heading narrowed it).
_HEADING_WORDS_BROKEN = """() => [...document.querySelectorAll('.md-content :is(h1, h2, h3)')]
  .flatMap(heading => {
    const broken = [];
    const width = heading.getBoundingClientRect().width;
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.headerlink')) continue;
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const boxes = [...range.getClientRects()].filter(box => box.width > 0);
        const lines = new Set(boxes.map(box => Math.round(box.top)));
        const wide = boxes.reduce((sum, box) => sum + box.width, 0);
        if (lines.size > 1 && wide < width) broken.push(word[0]);
      }
    }
    const text = JSON.stringify(heading.textContent.replace('\u00b6', '').trim());
    return broken.map(word => `${heading.tagName.toLowerCase()} ${text} breaks ${JSON.stringify(word)}`);
  })"""


@pytest.mark.parametrize("screen_name", ["phone-light", "phone-390"])
def test_headings_break_no_word_that_fits_their_line_on_a_phone(
    screens: Callable[[str], Screen], screen_name: str
) -> None:
    problems = screens(screen_name).problems["broken-words"]
    assert not problems, "\n".join(problems)
