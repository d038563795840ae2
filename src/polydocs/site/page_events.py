"""What the MkDocs plugin does to each page, as plain functions that tests call directly."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

import markdown

from polydocs.markup import markdown_extensions
from polydocs.markup.context import MarkupContext, page_context
from polydocs.markup.inventory import ApiInventory, default_inventory
from polydocs.site.alternates import alternates_for, page_url
from polydocs.site.banners import untranslated_banner
from polydocs.site.nav import site_pages
from polydocs.sources import SOURCE_LANGUAGE, Language, ProjectConfig, SourceTree, language


@dataclass
class BuildState:
    """Everything one language build needs to know about the whole multilingual tree."""

    tree: SourceTree
    project: ProjectConfig
    lang: Language
    known_pages: frozenset[str]
    api: ApiInventory
    # The page being converted holds its dialect context open from markdown to HTML.
    _open_page: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    @classmethod
    def create(cls, tree: SourceTree, project: ProjectConfig, lang: Language) -> BuildState:
        api = (
            ApiInventory.from_config(project.api_reference) if project.api_reference else default_inventory()
        )
        return cls(tree, project, lang, frozenset(site_pages(tree, lang.code)), api)

    def source_lang(self, local: str) -> str:
        return self.lang.code if local in self.tree.pages[self.lang.code] else SOURCE_LANGUAGE


def dialect_extensions() -> list[markdown.Extension]:
    """The markup package's own extensions (the standard ones are named in the MkDocs settings)."""
    return [extension for extension in markdown_extensions() if not isinstance(extension, str)]


def generated_pages(state: BuildState) -> dict[str, str]:
    """Pages that exist only in the built site (none yet besides the sources)."""
    return {}


def alternates(
    state: BuildState, local: str, url: str, pages_by_lang: dict[str, set[str]]
) -> list[dict[str, Any]]:
    return [vars(alt) for alt in alternates_for(local, url, state.lang.code, pages_by_lang)]


def _line_offset(markdown: str, source: str) -> int:
    """Lines MkDocs removed (front matter) before handing the page's Markdown to the plugins."""
    if source.endswith(markdown):
        return source[: len(source) - len(markdown)].count("\n")
    return 0


def before_conversion(state: BuildState, local: str, markdown: str, source: str) -> str:
    """Open the page's dialect context; the markup extensions read it while MkDocs converts."""
    source_lang = state.source_lang(local)
    page = state.tree.pages[source_lang][local]
    context = MarkupContext(
        path=str(page.path),
        # An English fallback page keeps English callout titles: they belong to its text.
        lang=language(source_lang),
        line_offset=_line_offset(markdown, source),
        page_local=local,
        known_pages=state.known_pages,
        api=state.api,
        iframe_hosts=state.project.iframe_hosts,
    )
    state._open_page.enter_context(page_context(context))
    return markdown


def after_conversion(state: BuildState, local: str, url: str, html: str) -> str:
    """Close the page's dialect context and put the language banners on top."""
    state._open_page.close()
    if state.source_lang(local) != state.lang.code:
        return untranslated_banner(state.lang) + html
    del url
    return html


__all__ = ["BuildState", "after_conversion", "alternates", "before_conversion", "generated_pages", "page_url"]
