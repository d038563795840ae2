"""What a reader sees inside a page: callouts, the click-to-load embed, copyable code, badges, results.

The inference guide is loaded once per language (`guide_page`, a context that may use the clipboard) and
every test of that language reads the same page: none of them changes what another one reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from browser_support import BROWSER_MARKS, OpenPage, PageWatch, open_watched_page
from playwright.sync_api import Browser, Page

from polydocs.sources import language_of

pytestmark = BROWSER_MARKS

INFERENCE_GUIDE = "perf_torch_compile/"
# The inference guide embeds the benchmark dataset's viewer from this host.
EMBED_HOST = "huggingface.co"
LANGUAGES = ["en", "es", "pt"]

GuidePage = Callable[[str], tuple[Page, PageWatch]]


@pytest.fixture(scope="module")
def guide_page(browser: Browser, site_url: str) -> Iterator[GuidePage]:
    """`guide_page(lang)`: the inference guide in that language, loaded (until the network is idle) when a
    test first asks for it, and watched from its first request."""
    loaded: dict[str, tuple[Page, PageWatch]] = {}

    def open_guide(lang: str) -> tuple[Page, PageWatch]:
        if lang not in loaded:
            page, watch = open_watched_page(browser, permissions=["clipboard-read", "clipboard-write"])
            page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
            page.wait_for_load_state("networkidle")
            loaded[lang] = page, watch
        return loaded[lang]

    yield open_guide
    for page, _ in loaded.values():
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_callouts_render_as_admonitions(guide_page: GuidePage, lang: str) -> None:
    page, _ = guide_page(lang)
    callouts = page.locator("article .admonition:not(.polydocs-banner)")
    assert callouts.count() > 0, "the inference guide has callouts in its source, but no admonition"
    for i in range(callouts.count()):
        title = callouts.nth(i).locator(".admonition-title")
        assert title.is_visible() and title.inner_text().strip(), f"admonition {i} has no visible title"
    text = page.locator("article").inner_text()
    leftovers = [raw for raw in ("<Tip", "</Tip>", "[!TIP]", "[!WARNING]", "[!NOTE]") if raw in text]
    assert not leftovers, f"callout syntax shown as text: {leftovers}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_benchmark_embed_loads_only_when_the_reader_asks(guide_page: GuidePage, lang: str) -> None:
    """No iframe and no request to the embed's host until its button is pressed (from the keyboard)."""
    page, watch = guide_page(lang)
    embed = page.locator("div.polydocs-embed")
    assert embed.count() == 1
    label = language_of(lang).text("embed.load", host=EMBED_HOST)
    button = embed.get_by_role("button", name=label, exact=True)
    button.wait_for(state="visible")
    assert page.locator("iframe").count() == 0, "an iframe is in the page before the reader asked for it"
    assert not watch.third_party_requests, f"requested before the click: {watch.third_party_requests}"
    fallback = embed.locator("p.polydocs-embed-link a")
    assert fallback.is_visible() and fallback.inner_text().strip()
    # The button is in the tab order, right before the link.
    fallback.focus()
    page.keyboard.press("Shift+Tab")
    assert button.evaluate("element => element === document.activeElement"), "Shift+Tab misses the button"
    # The context refuses the request (no network here); that it is made, and only now, is the point.
    with page.expect_request(lambda request: urlsplit(request.url).hostname == EMBED_HOST):
        page.keyboard.press("Enter")
    frame = embed.locator("iframe")
    assert frame.count() == 1 and button.count() == 0
    assert frame.evaluate("element => element === document.activeElement"), "focus did not move to the iframe"
    assert frame.get_attribute("loading") == "lazy"
    assert (frame.get_attribute("sandbox") or "").strip(), "the iframe has no sandbox restrictions"
    assert frame.get_attribute("referrerpolicy") == "strict-origin-when-cross-origin"
    assert (frame.get_attribute("title") or "").strip(), "the iframe has no title for screen readers"
    assert fallback.get_attribute("href") == frame.get_attribute("src")


def test_benchmark_embed_is_a_link_only_without_javascript(open_page: OpenPage, site_url: str) -> None:
    page, watch = open_page(java_script_enabled=False)
    page.goto(f"{site_url}/en/{INFERENCE_GUIDE}")
    embed = page.locator("div.polydocs-embed")
    assert embed.locator("p.polydocs-embed-link a").is_visible()
    assert not embed.locator("button").is_visible(), "a button shows, but without JavaScript it does nothing"
    assert page.locator("iframe").count() == 0 and not watch.third_party_requests


@pytest.mark.parametrize("lang", LANGUAGES)
def test_copy_button_copies_the_code(guide_page: GuidePage, lang: str) -> None:
    page, _ = guide_page(lang)
    block = page.locator("article div.highlight").first
    code = block.locator("code").inner_text().rstrip()
    block.hover()
    block.locator("button.md-code__button[data-md-type=copy]").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.rstrip() == code
    assert "import torch" in copied


@pytest.mark.parametrize("lang", LANGUAGES)
def test_snippet_badges_are_visible_under_code_blocks(guide_page: GuidePage, lang: str) -> None:
    page, _ = guide_page(lang)
    badges = page.locator("article div.polydocs-evidence")
    python_blocks = page.locator("article div.language-py.highlight, article div.language-python.highlight")
    assert badges.count() == python_blocks.count() > 0, (
        f"{badges.count()} evidence badges for {python_blocks.count()} Python code blocks"
    )
    for i in range(badges.count()):
        badge = badges.nth(i)
        assert badge.is_visible() and badge.inner_text().strip(), f"badge {i} is empty or hidden"
        follows_code = badge.evaluate(
            "el => { const p = el.previousElementSibling;"
            " return !!p && (p.matches('.highlight') || !!p.querySelector('.highlight')); }"
        )
        assert follows_code, f"badge {i} ({badge.inner_text()!r}) does not follow a code block"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_benchmark_table_and_chart_are_visible(guide_page: GuidePage, lang: str) -> None:
    page, _ = guide_page(lang)
    results = page.locator("article [class^='polydocs-bench'], article [class*=' polydocs-bench']")
    assert results.count() > 0, "no element with a polydocs-bench* class in the inference guide"
    table = results.locator("table").first
    table.scroll_into_view_if_needed()
    assert table.is_visible() and table.locator("tbody tr").count() > 0, "no visible benchmark table rows"
    chart = results.locator(".polydocs-bench-chart").first
    assert chart.is_visible(), "no visible speedup chart"
    box = chart.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 50, f"chart box {box}"
