"""Material's search, used as a reader uses it, finds each language's own words and stays in that language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_support import BROWSER_MARKS, OpenPage

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
    open_page: OpenPage, site_url: str, built_site: Path, lang: str, start: str
) -> None:
    word = WORDS[lang]
    elsewhere = [other for other in WORDS if other != lang and word in _index_text(built_site, other)]
    assert word in _index_text(built_site, lang) and not elsewhere, (
        f"{word!r} must appear in the {lang} pages only (also in {elsewhere}): pick another word in WORDS"
    )
    page, _ = open_page()
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
