"""MkDocs' `Page.render` (MkDocs 1.6) with one Markdown converter kept for the whole language build.

MkDocs makes a new `markdown.Markdown`, loading every extension, for each page it renders; the plugin
has it render a page's conversion (a cache miss), and MkDocs' own render of the page after
`on_page_markdown` takes what the conversion found instead of converting again (`replay_render`). The
kept converter is `reset()` between pages, which
clears what each extension keeps of a document (pymdownx's stashes and counters, toc's tokens,
md_in_html's parser), and MkDocs' per-page processors are registered again for each page, replacing
the previous page's, in the order and at the priorities `Page.render` gives them.

mkdocstrings keeps one thing of a document that `reset()` does not clear: the handlers it has set up
for it, each with its own converter holding that page's link rewriting. That set is emptied before
each page, as a new converter starts with it empty; were it gone (another mkdocstrings), no converter
is kept. The private parts of MkDocs and mkdocstrings this needs are in `site/engine/`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import partial

import markdown
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, get_toc

from polydocs.markup.context import current_context
from polydocs.site.engine.mkdocs_private import PageProcessors, replace_render, set_title_from_render
from polydocs.site.engine.mkdocstrings_private import converter_reusable, forget_handlers, rendering_locale
from polydocs.site.page_cache import ConvertedPage, restore_toc
from polydocs.site.theme_languages import interface_language

# `Page.render` records links to other pages' anchors only when its module's logger is above DEBUG.
_PAGES_LOG = logging.getLogger("mkdocs.structure.pages")


class KeptMarkdown:
    """One language build's converter, made from its MkDocs settings at the first page it renders
    (once every plugin has added its extensions), and reused for every later page."""

    def __init__(self) -> None:
        self._md: markdown.Markdown | None = None

    def render(self, page: Page, config: MkDocsConfig, files: Files) -> None:
        """What `Page.render` does to `page`, with the kept converter."""
        if page.markdown is None:
            raise RuntimeError("`markdown` field hasn't been set (via `read_source`)")
        md = self._ready(config)
        processors = PageProcessors.registered(md, page, files, config)
        try:
            # The page's language, not the build's: a conversion is shared by the languages showing the page.
            with rendering_locale(md, interface_language(current_context().lang)):
                page.content = md.convert(page.markdown)
        except BaseException:
            self._md = None  # a conversion stopped halfway: the next page starts on a new converter
            raise
        page.toc = get_toc(getattr(md, "toc_tokens", []))
        set_title_from_render(page, processors.title)
        page.present_anchor_ids = processors.present_anchor_ids
        if _PAGES_LOG.getEffectiveLevel() > logging.DEBUG:
            page.links_to_anchors = processors.links_to_anchors
        if not converter_reusable(md):
            self._md = None

    def take_over(self, page: Page) -> None:
        """MkDocs' own `page.render(config, files)`, called after `on_page_markdown`, renders with the
        kept converter (an attribute of this page object alone: the class is untouched)."""
        replace_render(page, partial(self.render, page))

    def _ready(self, config: MkDocsConfig) -> markdown.Markdown:
        if self._md is None:
            self._md = markdown.Markdown(
                extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"] or {}
            )
        else:
            self._md.reset()
            forget_handlers(self._md)
        return self._md


def replay_render(page: Page, converted: ConvertedPage) -> None:
    """MkDocs' `page.render(config, files)`, called after `on_page_markdown`, gives `page` what the
    render of its conversion gave (whoever converted it) instead of converting it again: its table of
    contents and title. Its HTML is the plugin's to substitute (`on_page_content`); the anchors MkDocs
    checks links against (at the `info` level the settings give it) are its table of contents'."""

    def render(config: MkDocsConfig, files: Files) -> None:
        page.content = ""
        page.toc = restore_toc(converted.toc)
        set_title_from_render(page, converted.title)
        page.present_anchor_ids = _anchors(page.toc)
        page.links_to_anchors = {}

    replace_render(page, render)


def skip_render(page: Page) -> None:
    """MkDocs' `page.render(config, files)` gives `page` no content: a page a build neither converts
    nor renders (`page_preview.py`), whose title is its navigation entry's."""

    def render(config: MkDocsConfig, files: Files) -> None:
        page.content = ""
        page.toc = restore_toc([])
        page.present_anchor_ids = set()
        page.links_to_anchors = {}

    replace_render(page, render)


def _anchors(links: Iterable[AnchorLink]) -> set[str]:
    return {anchor for link in links for anchor in (link.id, *_anchors(link.children))}
