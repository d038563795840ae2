"""Material's search, used as a reader uses it, finds each language's own words and stays in that language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser_support import BROWSER_MARKS, OpenPage
from playwright.sync_api import ConsoleMessage
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

pytestmark = BROWSER_MARKS

# Each word appears in one language's pages only (the test checks that first, on the built indexes).
WORDS = {"en": "performance", "es": "entrenamiento", "pt": "treinamento"}


def _index_text(site: Path, lang: str) -> str:
    index = json.loads((site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))
    return " ".join(f"{doc['title']} {doc['text']}" for doc in index["docs"]).lower()


# The home page, and the 404 page, which is served at any depth and so finds its search by absolute URLs.
START_PAGES = {"home": "", "not-found": "404.html"}


@pytest.mark.parametrize("start", sorted(START_PAGES))
@pytest.mark.parametrize("lang", sorted(WORDS))
def test_search_finds_words_of_the_readers_language(
    module_page: OpenPage, site_url: str, built_site: Path, lang: str, start: str
) -> None:
    word = WORDS[lang]
    elsewhere = [other for other in WORDS if other != lang and word in _index_text(built_site, other)]
    assert word in _index_text(built_site, lang) and not elsewhere, (
        f"{word!r} must appear in the {lang} pages only (also in {elsewhere}): pick another word in WORDS"
    )
    page, _ = module_page()
    page.goto(f"{site_url}/{lang}/{START_PAGES[start]}")
    page.locator(".md-search__input").click()
    page.keyboard.type(word)
    # Results render anew on each keystroke; they are the whole word's once every link that highlights
    # a term (`?h=`, empty on a page's own entry) highlights that word.
    page.wait_for_function(
        """word => {
            const terms = [...document.querySelectorAll('.md-search-result__item > a')]
                .map(a => new URL(a.href).searchParams.get('h'));
            return terms.includes(word) && terms.every(term => term === word || term === '');
        }""",
        arg=word,
    )
    found = page.eval_on_selector_all(
        ".md-search-result__item > a", "links => links.map(a => new URL(a.href).pathname)"
    )
    assert all(path.startswith(f"/{lang}/") for path in found), f"results outside /{lang}/: {found}"


# Per language: an inflected and an unaccented form a reader types, each with the word as the pages write
# it; every page holding that word must be found.
WORD_FORMS = {
    "es": [("inferencias", "inferencia"), ("compilacion", "compilación")],
    "pt": [("treinamentos", "treinamento"), ("compilacao", "compilação")],
}

# The pages listed once the results are the whole typed word's (see the test above), else null.
_FOUND_PAGES = """typed => {
    const links = [...document.querySelectorAll('.md-search-result__item > a')].map(a => new URL(a.href));
    const terms = links.map(url => url.searchParams.get('h'));
    if (!terms.includes(typed) || !terms.every(term => term === typed || term === '')) return null;
    return [...new Set(links.map(url => url.pathname))];
}"""


def _pages_holding(site: Path, lang: str, word: str) -> set[str]:
    """The pages whose search entries hold `word` where Material's search splits text into words."""
    index = json.loads((site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    return {
        f"/{lang}/{doc['location'].split('#')[0]}"
        for doc in index["docs"]
        if word in (re.sub(r"^\W+|\W+$", "", part) for part in separator.split(doc["text"].lower()))
    }


@pytest.mark.parametrize("lang", sorted(WORD_FORMS))
def test_search_finds_inflected_and_unaccented_forms_of_the_pages_words(
    module_page: OpenPage, site_url: str, built_site: Path, lang: str
) -> None:
    page, watch = module_page()
    warnings: list[str] = []

    def warned(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("console", warned)
    page.goto(f"{site_url}/{lang}/")
    search = page.locator(".md-search__input")
    search.click()
    problems = []
    for typed, word in WORD_FORMS[lang]:
        expected = _pages_holding(built_site, lang, word)
        assert len(expected) >= 2, f"{word!r} is on {sorted(expected)}: pick a word of several {lang} pages"
        # A query typed before the worker has its index is not run again once it has: type it again.
        found: set[str] = set()
        for attempt in range(6):
            search.press("Control+A")
            page.keyboard.type(typed if attempt % 2 == 0 else f"{typed} ")
            try:
                found = set(page.wait_for_function(_FOUND_PAGES, arg=typed, timeout=2_000).json_value())
                break
            except PlaywrightTimeoutError:
                continue
        if not expected <= found:
            problems.append(
                f"{typed!r} ({word!r}): missing {sorted(expected - found)}, found {sorted(found)}"
            )
        # A word matched through several of its forms is marked once, not again at a shifted offset.
        if twice := page.locator(".md-search-result mark mark").count():
            problems.append(f"{typed!r}: {twice} marks inside marks in the results")
        # A word is marked alone, not with the punctuation the text has around it (`(compilación`).
        marks = page.locator(".md-search-result mark").all_text_contents()
        punctuated = sorted(
            {mark for mark in marks if mark and not (mark[0].isalnum() and mark[-1].isalnum())}
        )
        if punctuated:
            problems.append(f"{typed!r}: marks holding punctuation: {punctuated}")
    page.remove_listener(
        "console", warned
    )  # the page is shared with the module's other tests (`module_page`)
    assert not problems, f"/{lang}/ search misses pages:\n  " + "\n  ".join(problems)
    assert watch.console_errors == [] and warnings == [], watch.console_errors + warnings
