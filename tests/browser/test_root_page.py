"""The site's root pages: a reader's browser language picks the site; without JavaScript, links to all;
a missing page anywhere gets the root not-found page, in every language."""

from __future__ import annotations

import pytest
from browser_support import BROWSER_MARKS, OpenPage

pytestmark = BROWSER_MARKS


@pytest.mark.parametrize(
    ("locale", "lang"), [("es-ES", "es"), ("pt-BR", "pt"), ("en-US", "en"), ("fr-FR", "en")]
)
def test_root_page_sends_the_reader_to_their_language(
    open_page: OpenPage, site_url: str, locale: str, lang: str
) -> None:
    page, _ = open_page(locale=locale)
    page.goto(site_url + "/")
    page.wait_for_url(f"{site_url}/{lang}/")
    assert page.evaluate("document.documentElement.lang") == lang


def test_root_page_lists_every_language_without_javascript(open_page: OpenPage, site_url: str) -> None:
    page, _ = open_page(java_script_enabled=False, locale="es-ES")
    page.goto(site_url + "/")
    assert page.url == site_url + "/", "without JavaScript the root page must stay and show its links"
    links = page.locator("a[hreflang]")
    hrefs = {
        links.nth(i).get_attribute("hreflang"): links.nth(i).get_attribute("href")
        for i in range(links.count())
    }
    assert hrefs == {"en": "en/", "es": "es/", "pt": "pt/"}
    for lang in hrefs:
        link = page.locator(f"a[hreflang={lang}]")
        assert link.is_visible(), f"the {lang} link is not visible"
        with page.expect_navigation() as navigation:
            link.click()
        response = navigation.value
        assert response is not None and response.status == 200, f"{lang}: {response and response.status}"
        assert page.evaluate("document.documentElement.lang") == lang
        page.go_back()


def test_a_missing_page_gets_the_not_found_page_with_working_language_links(
    open_page: OpenPage, site_url: str
) -> None:
    page, _ = open_page(locale="es-ES")
    response = page.goto(site_url + "/es/no/such/page/")
    assert response is not None and response.status == 404
    assert page.get_by_text("Página no encontrada").is_visible()
    assert page.get_by_role("heading", name="Page not found").is_visible()
    link = page.locator("a[hreflang=es]")
    assert link.evaluate("link => link.href") == site_url + "/es/"
    with page.expect_navigation() as navigation:
        link.click()
    response = navigation.value
    assert response is not None and response.status == 200
    assert page.evaluate("document.documentElement.lang") == "es"
