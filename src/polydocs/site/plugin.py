"""The MkDocs plugin behind every language build: fallback pages, dialect context, banners, switcher."""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial
from pathlib import Path

from jinja2 import Environment
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.structure.toc import TableOfContents
from mkdocs.utils.templates import TemplateContext

from polydocs.diagnostics import PolydocsError, reading
from polydocs.dialect import load_source_tree
from polydocs.lint.status_page import render_status_markdown
from polydocs.markup import markdown_extensions
from polydocs.markup.unsafe_html import sanitize_page
from polydocs.site.alternates import alternates_for
from polydocs.site.cross_references import unresolvable_pages
from polydocs.site.engine.mkdocs_private import title_from_render
from polydocs.site.language_output import root_404_links_into_language, sitemaps_beside_pages
from polydocs.site.nav import title_without_english_mark
from polydocs.site.nav_markup import TEMPLATE_GLOBAL as NAV_ENTRY_GLOBAL
from polydocs.site.nav_markup import TopLevelEntries
from polydocs.site.object_registrations import ObjectRegistrations, ObjectRegistry
from polydocs.site.page_additions import PublishedPage, published_page
from polydocs.site.page_cache import ConvertedPage, PageCache, restore_toc
from polydocs.site.page_conversion import LanguageBuild, PageText, convert_page
from polydocs.site.page_failures import page_failed
from polydocs.site.page_render import KeptMarkdown, replay_render, skip_render
from polydocs.site.progress import page_done
from polydocs.site.redirects import write_redirects
from polydocs.site.search import CachedSearchPlugin, SearchEntryCache, unindexed_page
from polydocs.site.search_segments import search_segmenter
from polydocs.site.tree_files import (
    drop_tree_files_the_build_wrote,
    keep_publishable_tree_files,
    report_overwritten_tree_files,
)
from polydocs.sources import ProjectConfig, SourceTree
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.confinement import inside_tree
from polydocs.sources.front_matter import as_mkdocs_reads
from polydocs.sources.front_matter_fields import front_matter_problems, theme_icon_exists

_log = logging.getLogger("polydocs.site")

# The translation status page: generated for every language, converted by MkDocs as it is.
STATUS_PAGE = "status"
# The theme's empty template (`theme/`), for pages whose published HTML is kept.
UNCHANGED_TEMPLATE = "polydocs-unchanged.html"


def _links_out_of_the_tree(file: File, docs_dir: Path, root: Path) -> bool:
    """A file of the language folder (not of the theme) whose real path lies outside the source tree."""
    source = Path(file.abs_src_path or "")
    return source.is_relative_to(docs_dir) and not inside_tree(source, root)


class PolydocsPluginConfig(base.Config):
    source_root = c.Dir(exists=True)
    # The site model `polydocs build` already read (it reads the tree once for all languages); without
    # it the plugin reads `source_root` itself.
    sources = c.Optional(c.Type(SourceTree))
    # The API inventory the settings were made with (`site_inventory`); without it the plugin makes it.
    api = c.Optional(c.Type(ApiInventory))
    # The language folder this build publishes.
    lang = c.Type(str)
    # Converted pages are kept here and reused; empty: no cache.
    cache_dir = c.Type(str, default="")
    # The lunr languages of this site's search index (Material's search plugin, run by this plugin).
    search_lang = c.ListOfItems(c.Type(str), default=[])
    # Where this site's index marks word boundaries itself (Chinese, Thai: `search_segments.py`).
    search_separator = c.Type(str, default="")
    # Objects of `[[autodoc]]` lines that mkdocstrings could not document (`sources/autodoc_slices.py`): those
    # pages show a placeholder, with a warning, instead of stopping the build.
    undocumentable = c.ListOfItems(c.Type(str), default=[])
    # Pages (by `src_uri`) whose published HTML is still what this build would write (`language_manifest.py`):
    # converted and indexed as every page, not rendered into the theme, so MkDocs writes no file for them.
    unchanged_pages = c.ListOfItems(c.Type(str), default=[])
    # Pages another process renders, this build being one part of the language's (`language_parts.py`):
    # converted as every page, neither rendered nor counted as done here.
    rendered_elsewhere = c.ListOfItems(c.Type(str), default=[])
    # Whether this build writes the language's files besides its rendered pages (the search index, the
    # notebooks, the sitemaps, the redirects): every build but a language's later parts, which publish
    # only the pages they render.
    writes_language_files = c.Type(bool, default=True)
    # Whether the pages another build renders are converted here too (for the search index and the
    # language's files); not in a preview of the pages this build renders (`page_preview.py`).
    converts_every_page = c.Type(bool, default=True)


def _rendered_by_mkdocs(
    page: MkDocsPage,
    config: MkDocsConfig,
    files: Files,
    registry: ObjectRegistry,
    markdown: str,
    ahead: bool = False,
) -> tuple[str, TableOfContents, ObjectRegistrations, str | None]:
    """MkDocs' own conversion of `markdown` as `page` (its link rewriting and title included), the
    objects mkdocstrings registered meanwhile, and the title MkDocs found; `ahead` of MkDocs' pass
    through the pages (`ObjectRegistry.recording`)."""
    page.markdown = markdown
    _, objects = registry.recording(page, partial(page.render, config, files), ahead)  # `KeptMarkdown`
    return page.content or "", page.toc, objects, title_from_render(page)


class PolydocsPlugin(BasePlugin[PolydocsPluginConfig]):
    """Thin MkDocs event handlers: each page is converted by `page_conversion.convert_page`, once, and its
    result substituted; the plugin only passes it on and logs its diagnostics."""

    @property
    def project(self) -> ProjectConfig:
        """The project settings (the theme's Content-Security-Policy reads the iframe hosts)."""
        return self.tree.project

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        try:
            self.tree: SourceTree = self.config.sources or load_source_tree(Path(self.config.source_root))
        except PolydocsError as error:
            raise PluginError(str(error)) from None
        self.lang = self.tree.language(self.config.lang)
        self.icon_exists = theme_icon_exists(list(config.theme.dirs))
        self.pages_by_lang = {
            code: {*self.tree.site_pages(code), STATUS_PAGE} for code in self.tree.languages
        }
        cache = PageCache(Path(self.config.cache_dir) / "pages" if self.config.cache_dir else None)
        self.build = LanguageBuild.create(self.tree, self.lang, cache, self.config.api, config.site_url or "")
        if self.config.undocumentable:
            api = replace(self.build.api, undocumentable=frozenset(self.config.undocumentable))
            self.build = replace(self.build, api=api)
        self.rendered_elsewhere = frozenset(self.config.rendered_elsewhere)
        self.unchanged = frozenset(self.config.unchanged_pages) | self.rendered_elsewhere
        self.not_converted = frozenset() if self.config.converts_every_page else self.rendered_elsewhere
        # The page each `on_page_markdown` converted, until `on_page_content` substitutes it.
        self.converted: dict[str, ConvertedPage] = {}
        # Every page of this build is rendered by one converter (`page_render.py`).
        self.page_renderer = KeptMarkdown()
        # What polydocs put before each page's own HTML (banners, the notebook link), until it is indexed.
        self.published: dict[str, PublishedPage] = {}
        # MkDocs validates extensions by name; the dialect's is an instance, added once validation is done.
        config.markdown_extensions.extend(e for e in markdown_extensions() if not isinstance(e, str))
        # Material's search, run from here so that unchanged pages reuse their index entries; the
        # theme's header override shows the search box when `search` is set.
        self.search: CachedSearchPlugin | None = None
        if self.config.search_lang:
            folder = Path(self.config.cache_dir) / "search" if self.config.cache_dir else None
            self.search = CachedSearchPlugin(
                SearchEntryCache(folder),
                search_segmenter(self.lang),
                indexes=self.config.writes_language_files,
            )
            settings: dict[str, object] = {"lang": list(self.config.search_lang)}
            if self.config.search_separator:
                settings["separator"] = self.config.search_separator
            errors, _ = self.search.load_config(settings)
            if errors:
                raise PluginError(f"search settings: {errors}")
            self.search.on_config(config)
        return config

    def read_tree_again(self, tree: SourceTree) -> None:
        """Convert the next pages from `tree`, the source tree as an edit left it (`polydocs serve`)."""
        self.tree = tree
        self.build = LanguageBuild.create(
            tree, self.lang, self.build.cache, self.build.api, self.build.site_url
        )

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        # Every plugin is configured by now: mkdocstrings has made its inventory and added autorefs.
        self.objects = ObjectRegistry.of(config)
        for file in list(files):
            if file.is_documentation_page() or file.src_uri.endswith(".mdx"):
                files.remove(file)
            elif _links_out_of_the_tree(file, Path(config.docs_dir), self.tree.root):
                files.remove(file)  # the source tree reported it
        self.tree_files = keep_publishable_tree_files(files, config)
        for page in self.tree.site_pages(self.lang.folder).values():
            files.append(File.generated(config, page.src_uri, abs_src_path=str(page.path)))
        status = render_status_markdown(self.tree, self.lang)
        files.append(File.generated(config, f"{STATUS_PAGE}.md", content=status))
        return files

    def on_page_read_source(self, page: MkDocsPage, config: MkDocsConfig) -> str | None:
        """The page's text, a front matter polydocs refuses (YAML aliases) made empty: MkDocs never
        reads it (`sources/front_matter.py`)."""
        if page.file.abs_src_path is None:
            return None
        return as_mkdocs_reads(page.file.content_string)

    # Last of every plugin's `on_page_markdown`: the conversion happens here, and the others (autorefs) must
    # already have made this page their current one.
    @event_priority(-100)
    def on_page_markdown(self, markdown: str, page: MkDocsPage, config: MkDocsConfig, files: Files) -> str:
        if page.file.src_uri in self.not_converted:
            page.meta["template"] = UNCHANGED_TEMPLATE  # renders nothing: MkDocs writes no file
            skip_render(page)
            return markdown
        self.page_renderer.take_over(page)
        local = page.file.src_uri.removesuffix(".md")
        source = page.file.abs_src_path or page.file.src_uri
        with reading(source):
            try:
                # First: what the plugin adds to the page's meta below is its own, not the page's.
                fields_text = page.file.content_string if page.meta else ""  # for the lines of its fields
                for problem in front_matter_problems(page.meta, source, fields_text, self.icon_exists):
                    _log.warning("%s", problem)  # the object itself: `polydocs build` reports it
            except Exception as error:  # one page never stops the site (`page_failures.py`)
                page.meta.clear()
                instead = "the page is published without its front matter"
                _log.warning("%s", page_failed(source, 1, "reading the front matter", error, instead))
            alternates = alternates_for(self.tree, local, page.url, self.lang.folder, self.pages_by_lang)
            page.meta["polydocs_alternates"] = [vars(alternate) for alternate in alternates]
            if local == STATUS_PAGE:
                return markdown
            text = PageText(local, markdown, page.file.content_string)
            converted = convert_page(
                self.build, text, lambda md: _rendered_by_mkdocs(page, config, files, self.objects, md)
            )
        # Whoever converted the page (this build, an earlier one, another language's process), this
        # language's autorefs and `objects.inv` learn its objects.
        self.objects.replay(converted.objects, page)
        for problem in converted.diagnostics:
            _log.warning("%s", problem)  # the object itself: `polydocs build` reports it
        self.converted[page.file.src_uri] = converted
        if page.file.src_uri in self.unchanged:
            page.meta["template"] = UNCHANGED_TEMPLATE  # renders nothing: MkDocs writes no file
        replay_render(page, converted)  # MkDocs' render after this event converts nothing again
        return markdown

    def on_page_content(self, html: str, page: MkDocsPage, config: MkDocsConfig, files: Files) -> str:
        if page.file.src_uri in self.not_converted:
            return html
        converted = self.converted.pop(page.file.src_uri, None)
        if converted is None:  # the generated status page: its titles are escaped, and it is sanitised too
            return sanitize_page(html, self.tree.project.iframe_hosts).html
        if page.file.src_uri not in self.rendered_elsewhere:
            page_done(self.lang.folder)  # one of the tree's pages (`site_pages`), as the totals count
        page.toc = restore_toc(converted.toc)
        local = page.file.src_uri.removesuffix(".md")
        notebooks = Path(config.site_dir) if self.config.writes_language_files else None
        try:
            published = published_page(self.tree, self.lang, local, page.url, converted, notebooks)
        except Exception as error:  # one page never stops the site (`page_failures.py`)
            source = page.file.abs_src_path or page.file.src_uri
            instead = "the page is published without its banners and notebook link"
            _log.warning("%s", page_failed(source, 0, "publishing the page", error, instead))
            published = PublishedPage("", converted.html)
        self.published[page.file.src_uri] = published
        return published.html

    def on_page_context(
        self, context: TemplateContext, page: MkDocsPage, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        published = self.published.pop(page.file.src_uri, None)
        not_indexed, own = (published.not_indexed, published.own) if published else ("", None)
        if self.search is not None:
            try:
                local = page.file.src_uri.removesuffix(".md")
                shown_in_english = self.tree.page(self.lang.folder, local) is None
                title = page.title or ""
                english_title = title_without_english_mark(title, self.lang) if shown_in_english else None
                self.search.on_page_context(
                    context,
                    page=page,
                    config=config,
                    nav=nav,
                    not_indexed=not_indexed,
                    own=own,
                    english_title=english_title,
                )
            except Exception as error:  # one page never stops the site (`page_failures.py`)
                source = page.file.abs_src_path or page.file.src_uri
                instead = "readers' searches do not find the page"
                _log.warning("%s", page_failed(source, 0, "indexing the page for search", error, instead))
        else:
            page.content = unindexed_page(page.content or "", not_indexed)
        return context

    def on_post_build(self, config: MkDocsConfig) -> None:
        if not self.config.writes_language_files:
            return
        if self.search is not None:
            self.search.on_post_build(config=config)
        pages = [file.dest_uri for file in self.files.documentation_pages()]
        sitemaps_beside_pages(Path(config.site_dir), pages)
        write_redirects(Path(config.site_dir), self.tree.redirects.get(self.lang.folder, []), self.lang)
        if not config.site_url:
            root_404_links_into_language(Path(config.site_dir), self.lang.folder)
        report_overwritten_tree_files(self.tree_files, Path(config.site_dir))

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        self.nav = nav  # kept with the files and the environment for `polydocs serve` (`live_language.py`)
        self._convert_own_pages_first(config, files)
        return nav

    def _convert_own_pages_first(self, config: MkDocsConfig, files: Files) -> None:
        """Into the page cache, before MkDocs goes through the pages in the navigation's order: the pages
        only this build converts (its language's own, of its share where it is one part of the
        language's build), so that the English pages it falls back to, which English's process converts
        meanwhile, are converted when it reaches them, instead of it waiting there for each. Not without
        a cache (the pages would be converted twice). A page that cannot be converted is left to MkDocs'
        pass, which converts it again and reports why it stops the build as it reports any page's."""
        if not self.build.cache.keeps:
            return
        own = self.tree.pages.get(self.lang.folder, {})
        for file in files.documentation_pages():
            local = file.src_uri.removesuffix(".md")
            if file.page is None or local not in own or file.src_uri in self.unchanged:
                continue
            page = file.page
            try:
                page.read_source(config)
                self.page_renderer.take_over(page)
                text = PageText(local, page.markdown or "", page.file.content_string)
                render = partial(_rendered_by_mkdocs, page, config, files, self.objects, ahead=True)
                convert_page(self.build, text, render)
            except Exception:  # reported by the pass: see above
                continue

    def on_env(self, env: Environment, config: MkDocsConfig, files: Files) -> Environment:
        self.env, self.files = env, files
        # Before autorefs' own pass (priority -50) fixes every page's cross-references at once.
        if "autorefs" in config.plugins:
            for problem in unresolvable_pages(files):
                _log.warning("%s", problem)
        self.tree_files = drop_tree_files_the_build_wrote(self.tree_files, files, Path(config.site_dir))
        env.globals[NAV_ENTRY_GLOBAL] = TopLevelEntries()  # `theme/partials/nav.html`
        return env
