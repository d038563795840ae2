"""A language's MkDocs navigation from its `_toctree.yml`, with English fallbacks slotted in."""

from __future__ import annotations

from typing import Any

from polydocs.sources import SOURCE_LANGUAGE, SourceTree, TocPage, TocSection
from polydocs.sources.toctree import TocEntry

NavItem = dict[str, Any]


def site_pages(tree: SourceTree, lang: str) -> dict[str, str]:
    """Every page a reader of `lang` can open, mapped to the language its content comes from."""
    pages = dict.fromkeys(tree.pages[SOURCE_LANGUAGE], SOURCE_LANGUAGE)
    pages.update(dict.fromkeys(tree.pages[lang], lang))
    return pages


def _convert(
    entries: list[TocEntry], available: dict[str, str], placed: dict[str, list[NavItem]]
) -> list[NavItem]:
    items: list[NavItem] = []
    for entry in entries:
        if isinstance(entry, TocSection):
            children = _convert(entry.children, available, placed)
            if children:
                items.append({entry.title: children})
        elif entry.local in available and entry.local not in placed:
            items.append({entry.title: f"{entry.local}.md"})
            placed[entry.local] = items
    return items


def build_nav(tree: SourceTree, lang: str) -> list[NavItem]:
    """The language's toctree; each untranslated English page goes right after its English predecessor."""
    available = site_pages(tree, lang)
    placed: dict[str, list[NavItem]] = {}
    nav = _convert(tree.toctrees[lang].entries, available, placed)
    if lang == SOURCE_LANGUAGE:
        return nav
    previous: str | None = None
    for entry in tree.toctrees[SOURCE_LANGUAGE].pages():
        if entry.local in available and entry.local not in placed:
            _insert_after(nav, placed, previous, entry)
        if entry.local in placed:
            previous = entry.local
    return nav


def _insert_after(
    nav: list[NavItem], placed: dict[str, list[NavItem]], previous: str | None, entry: TocPage
) -> None:
    item = {entry.title: f"{entry.local}.md"}
    siblings = placed.get(previous) if previous else None
    if siblings is None:
        nav.append(item)
        placed[entry.local] = nav
        return
    position = next(i for i, sibling in enumerate(siblings) if f"{previous}.md" in sibling.values()) + 1
    siblings.insert(position, item)
    placed[entry.local] = siblings
