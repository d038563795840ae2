"""A language's MkDocs navigation from its `_toctree.yml`, with English fallbacks slotted in and said to be
English in the language's own words (catalog key `nav.shown_in_english`: "… (en inglés)")."""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import Any

from markupsafe import Markup

from polydocs.markup.unsafe_html import title_diagnostic
from polydocs.sources import SOURCE_LANGUAGE, Language, Page, SourceTree, TocPage, TocSection
from polydocs.sources.toctree import TocEntry

NavItem = dict[str, Any]

_log = logging.getLogger("polydocs.site")


def nav_title(entry: TocEntry, toctree: Path, shown_in_english: Language | None = None) -> Markup:
    """The entry's title as the theme prints it: HTML, so escaped, and marked so that it is not escaped
    twice where the theme escapes it itself (`| e`). A title holding markup is warned about. A page
    `shown_in_english`'s readers get in English says so in their language, as its banner does: the
    title is plain text, because the theme also writes it into attributes (the footer's aria-label)."""
    problem = title_diagnostic(str(toctree), entry.line, entry.title)
    if problem is not None:
        _log.warning("%s", problem)  # the object, for the build's report
    title = entry.title
    if shown_in_english is not None:
        title = shown_in_english.text("nav.shown_in_english", title=title)
    return Markup(html.escape(title))


def title_without_english_mark(title: str, language: Language) -> Markup:
    """A `nav_title` of a page shown in English, less the words saying so: the title English gives it
    (the page's search entries are English's, `search.py`); another title as it is."""
    before, _, after = language.text("nav.shown_in_english", title="\0").partition("\0")
    before, after = html.escape(before), html.escape(after)
    if len(title) > len(before) + len(after) and title.startswith(before) and title.endswith(after):
        return Markup(title[len(before) : len(title) - len(after)])
    return Markup(title)


def _in_english(page: Page, language: Language) -> Language | None:
    """`language` where its readers get `page` in English (a fallback), else None."""
    return language if page.lang != language.folder else None


def _convert(
    entries: list[TocEntry],
    available: dict[str, Page],
    placed: dict[str, list[NavItem]],
    toctree: Path,
    language: Language,
) -> list[NavItem]:
    items: list[NavItem] = []
    for entry in entries:
        if isinstance(entry, TocSection):
            children = _convert(entry.children, available, placed, toctree, language)
            if children:
                items.append({nav_title(entry, toctree): children})
        elif entry.local in available and entry.local not in placed:
            title = nav_title(entry, toctree, _in_english(available[entry.local], language))
            item: NavItem = {title: f"{entry.local}.md"}
            items.append(item)
            placed[entry.local] = items
    return items


def build_nav(tree: SourceTree, lang: str) -> list[NavItem]:
    """The language's toctree; each untranslated English page goes right after its English predecessor."""
    available = tree.site_pages(lang)
    language = tree.language(lang)
    placed: dict[str, list[NavItem]] = {}
    nav = _convert(tree.toctrees[lang].entries, available, placed, tree.toctrees[lang].path, language)
    if lang == SOURCE_LANGUAGE:
        return nav
    previous: str | None = None
    for entry in tree.toctrees[SOURCE_LANGUAGE].pages():
        if entry.local in available and entry.local not in placed:
            _insert_after(nav, placed, previous, entry, tree.toctrees[SOURCE_LANGUAGE].path, language)
        if entry.local in placed:
            previous = entry.local
    return nav


def _insert_after(
    nav: list[NavItem],
    placed: dict[str, list[NavItem]],
    previous: str | None,
    entry: TocPage,
    toctree: Path,
    language: Language,
) -> None:
    item: NavItem = {nav_title(entry, toctree, language): f"{entry.local}.md"}
    siblings = placed.get(previous) if previous else None
    if siblings is None:
        nav.append(item)
        placed[entry.local] = nav
        return
    position = next(i for i, sibling in enumerate(siblings) if f"{previous}.md" in sibling.values()) + 1
    siblings.insert(position, item)
    placed[entry.local] = siblings
