"""What a reader sees inside a page: callouts, the benchmark embed, copyable code, badges, results."""

from __future__ import annotations

import pytest
from browser_support import BROWSER_MARKS, OpenPage

pytestmark = BROWSER_MARKS

INFERENCE_GUIDE = "perf_torch_compile/"
LANGUAGES = ["en", "es", "pt"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_callouts_render_as_admonitions(open_page: OpenPage, site_url: str, lang: str) -> None:
    page, _ = open_page()
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    callouts = page.locator("article .admonition:not(.polydocs-banner)")
    assert callouts.count() > 0, "the inference guide has callouts in its source, but no admonition"
    for i in range(callouts.count()):
        title = callouts.nth(i).locator(".admonition-title")
        assert title.is_visible() and title.inner_text().strip(), f"admonition {i} has no visible title"
    text = page.locator("article").inner_text()
    leftovers = [raw for raw in ("<Tip", "</Tip>", "[!TIP]", "[!WARNING]", "[!NOTE]") if raw in text]
    assert not leftovers, f"callout syntax shown as text: {leftovers}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_benchmark_embed_is_lazy_sandboxed_titled_with_a_fallback_link(
    open_page: OpenPage, site_url: str, lang: str
) -> None:
    page, _ = open_page()
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    embed = page.locator("div.polydocs-embed")
    assert embed.count() == 1
    frame = embed.locator("iframe")
    assert frame.get_attribute("loading") == "lazy"
    assert (frame.get_attribute("sandbox") or "").strip(), "the iframe has no sandbox restrictions"
    assert (frame.get_attribute("title") or "").strip(), "the iframe has no title for screen readers"
    fallback = embed.locator("p.polydocs-embed-link a")
    assert fallback.is_visible() and fallback.inner_text().strip()
    assert fallback.get_attribute("href") == frame.get_attribute("src")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_copy_button_copies_the_code(open_page: OpenPage, site_url: str, lang: str) -> None:
    page, _ = open_page(permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    block = page.locator("article div.highlight").first
    code = block.locator("code").inner_text().rstrip()
    block.hover()
    block.locator("button.md-code__button[data-md-type=copy]").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.rstrip() == code
    assert "import torch" in copied


@pytest.mark.parametrize("lang", LANGUAGES)
def test_snippet_badges_are_visible_under_code_blocks(open_page: OpenPage, site_url: str, lang: str) -> None:
    page, _ = open_page()
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
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
def test_benchmark_table_and_chart_are_visible(open_page: OpenPage, site_url: str, lang: str) -> None:
    page, _ = open_page()
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    results = page.locator("article [class^='polydocs-bench'], article [class*=' polydocs-bench']")
    assert results.count() > 0, "no element with a polydocs-bench* class in the inference guide"
    table = results.locator("table").first
    table.scroll_into_view_if_needed()
    assert table.is_visible() and table.locator("tbody tr").count() > 0, "no visible benchmark table rows"
    chart = results.locator("svg").first
    assert chart.is_visible(), "no visible inline SVG chart"
    box = chart.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 50, f"chart box {box}"
