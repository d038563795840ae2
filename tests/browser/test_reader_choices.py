"""A reader's choices follow them across the site: the palette chosen on a page of one language stays when
they switch to another (Material keeps it in localStorage under one scope, the site's root)."""

from __future__ import annotations

from browser_support import BROWSER_MARKS, OpenPage, open_language_menu
from playwright.sync_api import Page

pytestmark = BROWSER_MARKS

_SCHEME = "document.body.dataset.mdColorScheme"
_OTHER = {"default": "slate", "slate": "default"}


def _toggle_palette(page: Page) -> str:
    """Press the header's palette toggle; the scheme it switched to."""
    chosen = _OTHER[page.evaluate(_SCHEME)]
    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_function("scheme => document.body.dataset.mdColorScheme === scheme", arg=chosen)
    return chosen


def _switch_language(page: Page, lang: str) -> None:
    open_language_menu(page)
    with page.expect_navigation(wait_until="load"):
        page.locator(f"a.polydocs-language-link[hreflang={lang}]").click()


def test_the_palette_chosen_in_one_language_stays_in_the_others(open_page: OpenPage, site_url: str) -> None:
    page, _ = open_page(color_scheme="light")
    page.goto(site_url + "/en/perf_torch_compile/", wait_until="load")
    assert page.evaluate(_SCHEME) == "default"
    chosen = {"/en/perf_torch_compile/": _toggle_palette(page)}
    shown = {}
    for lang in ("es", "pt"):
        _switch_language(page, lang)
        shown[page.url.removeprefix(site_url)] = page.evaluate(_SCHEME)
    # Chosen again on a Portuguese page: English's home page, one folder up, shows that choice.
    chosen["/pt/perf_torch_compile/"] = _toggle_palette(page)
    page.goto(site_url + "/en/", wait_until="load")
    shown["/en/"] = page.evaluate(_SCHEME)
    assert shown == {
        "/es/perf_torch_compile/": "slate",
        "/pt/perf_torch_compile/": "slate",
        "/en/": chosen["/pt/perf_torch_compile/"],
    }, f"chosen: {chosen}"
