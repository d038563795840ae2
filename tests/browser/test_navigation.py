"""A deep navigation in chromium: on a page three sections down, its link is marked and its sections open.

The tree nests sections three levels deep and Spanish translates only part of it, so the deep page is
also an English fallback in Spanish: the navigation, the language switcher and the hreflang links hold
on it as on a shallow page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from browser_support import BROWSER_MARKS, OpenPage, serve_folder, switcher_problems
from playwright.sync_api import Locator, Page

from polydocs.site.build import build_site

pytestmark = BROWSER_MARKS

EN_TOC = """
- title: Get started
  sections:
  - {local: index, title: Home}
- title: Guides
  sections:
  - {local: guides/intro, title: Introduction}
  - title: Models
    sections:
    - {local: models/overview, title: Overview of models}
    - title: Text models
      sections:
      - {local: models/text/bert, title: BERT}
      - {local: models/text/gpt2, title: GPT-2}
    - title: Vision models
      sections:
      - {local: models/vision/vit, title: ViT}
  - title: Training
    sections:
    - {local: training/trainer, title: Trainer}
"""
ES_TOC = """
- title: Primeros pasos
  sections:
  - {local: index, title: Inicio}
- title: Guías
  sections:
  - title: Modelos
    sections:
    - title: Modelos de texto
      sections:
      - {local: models/text/bert, title: BERT (es)}
"""
DEEP = "models/text/gpt2/"
LANGUAGES = ["en", "es"]
# The page's own link; the links of its table of contents (`#usage`) are marked as the reader scrolls.
_PAGE_LINK = "a.md-nav__link--active:not([href^='#'])"


def _write(root: Path, lang: str, toc: str, pages: dict[str, str]) -> None:
    (root / lang).mkdir(parents=True)
    (root / lang / "_toctree.yml").write_text(toc, encoding="utf-8")
    for local, title in pages.items():
        path = root / lang / f"{local}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"# {title}\n\n## Usage\n\nHow to use {title}.\n\n## Options\n\nNone.\n", encoding="utf-8"
        )


@pytest.fixture(scope="module")
def deep_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("deep-navigation")
    english = ["index", "guides/intro", "models/overview", "models/text/bert", "models/text/gpt2"]
    english += ["models/vision/vit", "training/trainer"]
    _write(root / "docs", "en", EN_TOC, {local: local.rsplit("/", 1)[-1] for local in english})
    _write(root / "docs", "es", ES_TOC, {"index": "Inicio", "models/text/bert": "BERT (es)"})
    report = build_site(root / "docs", root / "site", use_cache=False)
    assert not report.warnings, "\n".join(report.warnings)
    with serve_folder(root / "site") as url:
        yield url


def _primary_nav(page: Page) -> Locator:
    return page.locator("nav.md-nav--primary")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deep_page_is_marked_and_its_sections_are_open(
    module_page: OpenPage, deep_site: str, lang: str
) -> None:
    page, _ = module_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{deep_site}/{lang}/{DEEP}")
    nav = _primary_nav(page)
    active = nav.locator(_PAGE_LINK)
    assert active.count() == 1
    # Spanish shows the page in English, and its title says so.
    assert active.inner_text().strip() == ("GPT-2" if lang == "en" else "GPT-2 (en inglés)")
    assert active.is_visible()
    assert urlsplit(urljoin(page.url, active.get_attribute("href") or "")).path == f"/{lang}/{DEEP}"
    # Every section above the page is open: the sibling in its own section shows, beside it.
    assert nav.get_by_role("link", name="BERT", exact=lang == "en").is_visible()
    opened = nav.locator("nav[aria-expanded='true'] > label.md-nav__title")
    titles = [text.strip() for text in opened.all_text_contents()]
    assert titles[-2:] == (["Models", "Text models"] if lang == "en" else ["Modelos", "Modelos de texto"])


def test_a_closed_section_leads_to_its_first_page(module_page: OpenPage, deep_site: str) -> None:
    """Sections away from the page are shown closed; following one opens its first page, marked."""
    page, _ = module_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{deep_site}/en/{DEEP}")
    nav = _primary_nav(page)
    assert not nav.get_by_role("link", name="Trainer").is_visible()
    assert not nav.get_by_role("link", name="ViT").is_visible()
    nav.get_by_text("Training", exact=True).click()
    page.wait_for_url(f"{deep_site}/en/training/trainer/")
    assert _primary_nav(page).locator(_PAGE_LINK).inner_text().strip() == "Trainer"


def test_the_deep_page_keeps_its_language_links(module_page: OpenPage, deep_site: str) -> None:
    page, _ = module_page(viewport={"width": 1400, "height": 1000})
    expected = {lang: f"/{lang}/{DEEP}" for lang in LANGUAGES}
    problems = []
    for lang in LANGUAGES:
        problems += switcher_problems(page, deep_site, f"/{lang}/{DEEP}", expected)
        hreflang = page.locator("head link[rel=alternate][hreflang]")
        found = {hreflang.nth(i).get_attribute("hreflang") for i in range(hreflang.count())}
        if not set(LANGUAGES) <= found:
            problems.append(f"/{lang}/{DEEP}: hreflang links {sorted(map(str, found))}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("lang", "marker"), [("es", "(en inglés)"), ("pt", "(em inglês)")], ids=["es", "pt"])
def test_a_page_shown_in_english_says_so_in_the_navigation_as_the_home_page_does(
    module_page: OpenPage, site_url: str, lang: str, marker: str
) -> None:
    """docs_src's graph_breaks has no Spanish or Portuguese translation: each link to a page the reader gets
    in English ends with the language's marker, and no other link does; the home page's list of guides
    names the page with the same words."""
    page, _ = module_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{site_url}/{lang}/")
    links = _primary_nav(page).locator("a.md-nav__link[href]:not([href^='#'])")
    targets = {text.strip(): urljoin(page.url, href) for text, href in _texts_and_hrefs(links)}
    home_list = " ".join(page.locator("article li").all_inner_texts())
    english = []
    for text, url in targets.items():
        page.goto(url)
        shown_in_english = page.locator("article .polydocs-shown-in[lang='en']").count() > 0
        assert text.endswith(f" {marker}") == shown_in_english, f"{lang} navigation: {text!r} -> {url}"
        if shown_in_english:
            english.append(text)
            assert text in home_list, f"{lang} home page's list does not name {text!r}"
    assert english == [f"Diagnosing graph breaks and recompilations {marker}"]


def _texts_and_hrefs(links: Locator) -> list[tuple[str, str]]:
    return [
        (links.nth(i).inner_text(), links.nth(i).get_attribute("href") or "") for i in range(links.count())
    ]
