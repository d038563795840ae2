"""Material's search index, with each page's entries reused from a cache keyed by the page's HTML.

Indexing re-parses every built page with `HTMLParser`; on a rebuild almost every page is unchanged, so
its entries are taken from the cache instead. The polydocs plugin runs this plugin itself (it cannot be
named `material/search` in the configuration), so the theme's header override shows the search box
when the polydocs plugin has a search index (`theme/partials/header.html`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from material.plugins.search.plugin import SearchPlugin, jieba
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils.templates import TemplateContext

from polydocs.cache import CacheStore, require
from polydocs.typed_json import load

# Bump when what is stored changes: old entries then simply stop matching.
_FORMAT = "4"
# The attributes Material's indexer reads and then removes from the published page.
_SEARCH_HINT = re.compile(r'\s?data-search-\w+="[^"]+"')
# Where a page breaks its text with no white space (the benchmark tables: a cell's end, a `<br>`),
# Material's indexer joins the words on either side: `ViT-base<br>clasificación de imágenes</th><td>1`
# was indexed as `ViT-baseclasificación de imágenes1`, where no search finds `clasificación` or `imágenes`.
_UNSPACED_BREAK = re.compile(r"</(?:td|th|tr|caption|thead|tbody|tfoot)>(?=<)|<br\s*/?>(?!\s)")
_INDEXER = f"{_FORMAT}|{version('mkdocs-material')}|jieba={jieba is not None}"


def _toc_anchors(links: list[AnchorLink]) -> list[tuple[str, str, list[Any]]]:
    return [(link.id, link.url, _toc_anchors(link.children)) for link in links]


def without_search_hints(html: str) -> str:
    """`html` as published: what Material's indexer does after indexing, removing its hints."""
    return _SEARCH_HINT.sub("", html)


def with_word_breaks(html: str) -> str:
    """`html` as Material's indexer reads it: a line break after each table cell, row or part that another
    tag follows at once, and after each `<br>` that text follows, so that the words on either side stay
    words. The published page keeps its own HTML."""
    return _UNSPACED_BREAK.sub(lambda found: f"{found.group(0)}\n", html)


def _indexed_part(content: str, not_indexed: str) -> str:
    return content[len(not_indexed) :] if not_indexed and content.startswith(not_indexed) else content


def unindexed_page(content: str, not_indexed: str) -> str:
    """The page as published where no indexer runs: the hints on polydocs' own additions (`not_indexed`,
    the start of `content`) removed, the page's own HTML as it is."""
    own = _indexed_part(content, not_indexed)
    return without_search_hints(content[: len(content) - len(own)]) + own


def page_search_key(page: Page, segmenter: str = "", own: str | None = None) -> str:
    """Everything Material's indexer reads from a page: its HTML, URL, title, toc, tags and search meta,
    and the word segmenter applied after it (`search_segments.py`).

    `own`: the page's own HTML, where polydocs added to it what the indexer skips whole (its banners and
    notebook link, each marked `data-search-exclude`, and the element saying the page is shown in
    English, which changes no entry): the key is made of it alone, so that a page falling back to
    English shares English's entries."""
    parts = (
        _INDEXER,
        segmenter,
        page.content or "" if own is None else own,
        page.url,
        str(page.title),
        repr(page.meta.get("title")),
        repr(page.meta.get("tags")),
        repr(page.meta.get("search")),
        repr(_toc_anchors(list(page.toc))),
    )
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()


def _search_entries(data: Any) -> list[dict[str, Any]]:
    """Material's index entries: a location, a title and a text each."""
    entries = load(list[dict[str, Any]], data)
    require(
        all(
            isinstance(entry.get("location"), str) and isinstance(entry.get("text"), str) for entry in entries
        ),
        "search index entries",
    )
    return entries


class SearchEntryCache:
    """One entry per indexed page; writes are atomic so parallel language builds can share it."""

    def __init__(self, folder: Path | None) -> None:
        self.store = CacheStore(folder, _FORMAT)

    def get(self, key: str) -> list[dict[str, Any]] | None:
        return self.store.read(key, _search_entries)

    def put(self, key: str, entries: list[dict[str, Any]]) -> None:
        self.store.write(key, entries)


class CachedSearchPlugin(SearchPlugin):
    """Material's search plugin; a page whose indexed inputs are unchanged reuses its cached entries.
    Where another build of the same language makes the index (`indexes` false: `language_parts.py`),
    each page is published as the indexer leaves it, and not indexed."""

    def __init__(
        self,
        cache: SearchEntryCache,
        segmenter: tuple[str, Callable[[str], str]] | None,
        indexes: bool = True,
    ) -> None:
        super().__init__()
        self.entry_cache = cache
        self.segmenter = segmenter
        self.indexes = indexes

    def on_page_context(
        self,
        context: TemplateContext,
        *,
        page: Page,
        config: MkDocsConfig,
        nav: Navigation,
        not_indexed: str = "",
        own: str | None = None,
        english_title: str | None = None,
    ) -> None:
        """Index the page. `english_title`: the title of a page this language shows in English under a
        title saying so (`nav.py`): its entries are indexed as English's, which they share (`own`),
        and only its page entry takes the title this language shows."""
        if english_title is None or english_title == page.title:
            self._index_page(context, page, config, nav, not_indexed, own)
            return
        shown = page.title
        page.title = english_title
        before = len(self.search_index.entries)
        try:
            self._index_page(context, page, config, nav, not_indexed, own)
        finally:
            page.title = shown
        entries = self.search_index.entries
        indexed_title = self.segmenter[1](english_title) if self.segmenter else english_title
        for at in range(before, len(entries)):
            if entries[at]["location"] == page.url and entries[at]["title"] == indexed_title:
                shown_title = self.segmenter[1](str(shown)) if self.segmenter else str(shown)
                entries[at] = {**entries[at], "title": shown_title}  # the cached entry stays English's

    def _index_page(
        self,
        context: TemplateContext,
        page: Page,
        config: MkDocsConfig,
        nav: Navigation,
        not_indexed: str,
        own: str | None,
    ) -> None:
        if not self.config.enabled:
            page.content = unindexed_page(page.content or "", not_indexed)
            return
        if not self.indexes:
            page.content = without_search_hints(page.content or "")
            return
        key = page_search_key(page, self.segmenter[0] if self.segmenter else "", own)
        cached = self.entry_cache.get(key)
        if cached is not None:
            self.search_index.entries.extend(cached)
            page.content = without_search_hints(page.content or "")
            return
        before = len(self.search_index.entries)
        published = page.content or ""
        page.content = with_word_breaks(published)
        try:
            super().on_page_context(context, page=page, config=config, nav=nav)
        except Exception:
            # The page is published unindexed; its caller reports why (`page_failures.py`).
            del self.search_index.entries[before:]
            page.content = unindexed_page(published, not_indexed)
            raise
        page.content = without_search_hints(published)
        entries = self.search_index.entries[before:]
        if self.segmenter is not None:
            for entry in entries:
                entry["title"] = self.segmenter[1](entry["title"])
                entry["text"] = self.segmenter[1](entry["text"])
        self.entry_cache.put(key, entries)
