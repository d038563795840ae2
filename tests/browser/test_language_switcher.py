"""The language selector of every page leads to the same page in the other language; fallbacks say so.

Both are read from one walk over docs_src's pages (`language_walk`): each link is followed from the page the
previous one landed on, so every page is loaded once and every link clicked once.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import pytest
from browser_support import (
    BROWSER_MARKS,
    OpenPage,
    SitePage,
    follow_language_link,
    language_links,
    missing_language_links,
    open_watched_page,
    serve_folder,
    switcher_problems,
)
from playwright.sync_api import Browser

pytestmark = BROWSER_MARKS

LANGUAGES = ["en", "es", "pt"]
# The languages of one page in the order its links are followed: each ordered pair of them once.
LINK_ORDER = ["en", "es", "pt", "en", "pt", "es", "en"]
assert sorted(pairwise(LINK_ORDER)) == [(a, b) for a in LANGUAGES for b in LANGUAGES if a != b]


@dataclass
class LanguageWalk:
    """What the walk found: each language's pages' links that miss their page, and each page's banner
    (whether the first is visible, and the text of each)."""

    problems: dict[str, list[str]] = field(default_factory=lambda: {lang: [] for lang in LANGUAGES})
    banners: dict[SitePage, tuple[bool, list[str]]] = field(default_factory=dict)


@pytest.fixture(scope="module")
def language_walk(browser: Browser, site_url: str, pages_of_site: list[SitePage]) -> LanguageWalk:
    walk = LanguageWalk()
    by_path = {str(site_page): site_page for site_page in pages_of_site}
    page, _ = open_watched_page(browser)
    try:
        for rest in sorted({site_page.path.split("/", 2)[2] for site_page in pages_of_site}):
            at = ""
            for lang, other in pairwise(LINK_ORDER):
                path, target = f"/{lang}/{rest}", f"/{other}/{rest}"
                if at != path:
                    page.goto(site_url + path, wait_until="domcontentloaded")
                links, found = language_links(page)
                if by_path[path] not in walk.banners:
                    page.wait_for_load_state("load")
                    banner = page.locator(".polydocs-banner")
                    shown = banner.count() > 0 and banner.first.is_visible()
                    walk.banners[by_path[path]] = shown, banner.all_inner_texts()
                    walk.problems[lang] += missing_language_links(path, found, LANGUAGES)
                if other not in found:
                    at = path
                    continue
                problem = follow_language_link(page, path, other, target, links.nth(found[other]))
                walk.problems[lang] += [problem] if problem else []
                at = "" if problem else target
    finally:
        page.context.close()
    assert set(walk.banners) == set(pages_of_site), "the walk missed pages"
    return walk


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switcher_lands_on_the_same_page(language_walk: LanguageWalk, lang: str) -> None:
    problems = language_walk.problems[lang]
    assert not problems, "language links that miss their page:\n" + "\n".join(problems)


def test_untranslated_pages_show_their_banner(
    language_walk: LanguageWalk, pages_of_site: list[SitePage]
) -> None:
    problems = []
    untranslated = [p for p in pages_of_site if not p.translated]
    assert untranslated, "docs_src has no untranslated page any more: this test needs a new example"
    for site_page in pages_of_site:
        shown, texts = language_walk.banners[site_page]
        if not site_page.translated and not shown:
            problems.append(f"{site_page}: untranslated, but no visible .polydocs-banner")
        if site_page.translated and texts:
            problems.append(f"{site_page}: translated, but shows {texts[0]!r}")
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
