"""A language's MkDocs navigation from its `_toctree.yml`, with English fallbacks slotted in."""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import Any

from markupsafe import Markup

from polydocs.markup.unsafe_html import title_diagnostic
from polydocs.sources import SOURCE_LANGUAGE, Page, SourceTree, TocPage, TocSection
from polydocs.sources.toctree import TocEntry

NavItem = dict[str, Any]

_log = logging.getLogger("polydocs.site")


def nav_title(entry: TocEntry, toctree: Path) -> Markup:
    """The entry's title as the theme prints it: HTML, so escaped, and marked so that it is not escaped
    twice where the theme escapes it itself (`| e`). A title holding markup is warned about."""
    problem = title_diagnostic(str(toctree), entry.line, entry.title)
    if problem is not None:
        _log.warning("%s", problem)  # the object, for the build's report
    return Markup(html.escape(entry.title))


def _convert(
    entries: list[TocEntry], available: dict[str, Page], placed: dict[str, list[NavItem]], toctree: Path
) -> list[NavItem]:
    items: list[NavItem] = []
    for entry in entries:
        if isinstance(entry, TocSection):
            children = _convert(entry.children, available, placed, toctree)
            if children:
                items.append({nav_title(entry, toctree): children})
        elif entry.local in available and entry.local not in placed:
            item: NavItem = {nav_title(entry, toctree): f"{entry.local}.md"}
            items.append(item)
            placed[entry.local] = items
    return items


def build_nav(tree: SourceTree, lang: str) -> list[NavItem]:
    """The language's toctree; each untranslated English page goes right after its English predecessor."""
    available = tree.site_pages(lang)
    placed: dict[str, list[NavItem]] = {}
    nav = _convert(tree.toctrees[lang].entries, available, placed, tree.toctrees[lang].path)
    if lang == SOURCE_LANGUAGE:
        return nav
    previous: str | None = None
    for entry in tree.toctrees[SOURCE_LANGUAGE].pages():
        if entry.local in available and entry.local not in placed:
            _insert_after(nav, placed, previous, entry, tree.toctrees[SOURCE_LANGUAGE].path)
        if entry.local in placed:
            previous = entry.local
    return nav


def _insert_after(
    nav: list[NavItem], placed: dict[str, list[NavItem]], previous: str | None, entry: TocPage, toctree: Path
) -> None:
    item: NavItem = {nav_title(entry, toctree): f"{entry.local}.md"}
    siblings = placed.get(previous) if previous else None
    if siblings is None:
        nav.append(item)
        placed[entry.local] = nav
        return
    position = next(i for i, sibling in enumerate(siblings) if f"{previous}.md" in sibling.values()) + 1
    siblings.insert(position, item)
    placed[entry.local] = siblings
