"""The language selector of every page leads to the same page in the other language; fallbacks say so."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from browser_support import BROWSER_MARKS, OpenPage, SitePage, serve_folder, switcher_problems

pytestmark = BROWSER_MARKS

LANGUAGES = ["en", "es", "pt"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switcher_lands_on_the_same_page(
    open_page: OpenPage, site_url: str, pages_of_site: list[SitePage], lang: str
) -> None:
    page, _ = open_page()
    problems = []
    for site_page in (p for p in pages_of_site if p.lang == lang):
        expected = {other: f"/{other}/{site_page.path.split('/', 2)[2]}" for other in LANGUAGES}
        problems += switcher_problems(page, site_url, site_page.path, expected)
    assert not problems, "language links that miss their page:\n" + "\n".join(problems)


def test_untranslated_pages_show_their_banner(
    open_page: OpenPage, site_url: str, pages_of_site: list[SitePage]
) -> None:
    page, _ = open_page()
    problems = []
    untranslated = [p for p in pages_of_site if not p.translated]
    assert untranslated, "docs_src has no untranslated page any more: this test needs a new example"
    for site_page in pages_of_site:
        page.goto(site_url + site_page.path)
        banner = page.locator(".polydocs-banner")
        if not site_page.translated and not banner.first.is_visible():
            problems.append(f"{site_page}: untranslated, but no visible .polydocs-banner")
        if site_page.translated and banner.count():
            problems.append(f"{site_page}: translated, but shows {banner.first.inner_text()!r}")
    assert not problems, "\n".join(problems)


def _page(lang: str, title: str, links: dict[str, str]) -> str:
    items = "\n".join(
        f'<a class="polydocs-language-link" hreflang="{code}" href="{href}">{code}</a>'
        for code, href in links.items()
    )
    return textwrap.dedent(
        f"""\
        <!doctype html><html lang="{lang}"><head><title>{title}</title></head>
        <body><header class="md-header__option"><div class="md-select">{items}</div></header></body></html>
        """
    )


def test_switcher_check_reports_a_broken_language_link(open_page: OpenPage, tmp_path: Path) -> None:
    """The check itself fails clearly: a link to a missing page, a wrong `<html lang>`, a missing link."""
    site = {
        "en/guide/index.html": _page("en", "Guide", {"es": "../../es/guide/", "pt": "../../pt/guia/"}),
        "es/guide/index.html": _page("es", "Guía", {"en": "../../en/guide/", "pt": "../../pt/guide/"}),
        "pt/guide/index.html": _page("en", "Guia", {}),
    }
    for name, text in site.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    page, _ = open_page()
    expected = {code: f"/{code}/guide/" for code in LANGUAGES}
    with serve_folder(tmp_path) as url:
        problems = switcher_problems(page, url, "/en/guide/", {"es": expected["es"], "pt": expected["pt"]})
        problems += switcher_problems(page, url, "/es/guide/", {"en": expected["en"], "pt": expected["pt"]})
        problems += switcher_problems(page, url, "/pt/guide/", {"en": expected["en"]})
    assert problems == [
        "/en/guide/: the pt link -> /pt/guia/: HTTP 404; expected the page /pt/guide/",
        "/es/guide/: the pt link -> /pt/guide/: <html lang='en'>, expected 'pt'",
        "/pt/guide/: no language link with hreflang='en' (found [])",
    ]
