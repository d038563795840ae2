"""The MkDocs plugin behind every language build: fallback pages, dialect context, banners, switcher."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from jinja2 import Environment, FileSystemBytecodeCache
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.templates import TemplateContext

from polydocs.diagnostics import PolydocsError, reading
from polydocs.site import page_events
from polydocs.site.page_cache import PageCache
from polydocs.site.page_meta import make_page_meta_safe
from polydocs.site.redirects import write_redirects
from polydocs.site.search import CachedSearchPlugin, SearchEntryCache
from polydocs.site.search_segments import search_segmenter
from polydocs.sources import ProjectConfig, SourceTree, load_source_tree
from polydocs.sources.confinement import inside_tree


def _links_out_of_the_tree(file: File, docs_dir: Path, root: Path) -> bool:
    """A file of the language folder (not of the theme) whose real path lies outside the source tree."""
    source = Path(file.abs_src_path or "")
    return source.is_relative_to(docs_dir) and not inside_tree(source, root)


class PolydocsPluginConfig(base.Config):
    source_root = c.Dir(exists=True)
    # The site model `polydocs build` already read (it reads the tree once for all languages); without
    # it the plugin reads `source_root` itself.
    sources = c.Optional(c.Type(SourceTree))
    # The language folder this build publishes.
    lang = c.Type(str)
    # Converted pages are kept here and reused; empty: no cache.
    cache_dir = c.Type(str, default="")
    # The lunr languages of this site's search index (Material's search plugin, run by this plugin).
    search_lang = c.ListOfItems(c.Type(str), default=[])
    # Where this site's index marks word boundaries itself (Chinese, Thai: `search_segments.py`).
    search_separator = c.Type(str, default="")
    # Objects of `[[autodoc]]` lines that mkdocstrings could not document (`autodoc_sources.py`): those
    # pages show a placeholder, with a warning, instead of stopping the build.
    undocumentable = c.ListOfItems(c.Type(str), default=[])


class PolydocsPlugin(BasePlugin[PolydocsPluginConfig]):
    """Thin MkDocs event handlers; the work is done by plain functions in `polydocs.site.page_events`."""

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
        self.pages_by_lang = {
            code: {*self.tree.site_pages(code), page_events.STATUS_PAGE} for code in self.tree.languages
        }
        cache = PageCache(Path(self.config.cache_dir) / "pages" if self.config.cache_dir else None)
        self.state = page_events.BuildState.create(self.tree, self.lang, cache, Path(config.site_dir))
        if self.config.undocumentable:
            undocumentable = frozenset(self.config.undocumentable)
            self.state.api = replace(self.state.api, undocumentable=undocumentable)
        # MkDocs validates extensions by name; the dialect's are instances, added once validation is done.
        config.markdown_extensions.extend(page_events.dialect_extensions())
        # Material's search, run from here so that unchanged pages reuse their index entries; the
        # theme's header override shows the search box when `search` is set.
        self.search: CachedSearchPlugin | None = None
        if self.config.search_lang:
            folder = Path(self.config.cache_dir) / "search" if self.config.cache_dir else None
            self.search = CachedSearchPlugin(SearchEntryCache(folder), search_segmenter(self.lang))
            settings: dict[str, object] = {"lang": list(self.config.search_lang)}
            if self.config.search_separator:
                settings["separator"] = self.config.search_separator
            errors, _ = self.search.load_config(settings)
            if errors:
                raise PluginError(f"search settings: {errors}")
            self.search.on_config(config)
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        for file in list(files):
            if file.is_documentation_page() or file.src_uri.endswith(".mdx"):
                files.remove(file)
            elif _links_out_of_the_tree(file, Path(config.docs_dir), self.tree.root):
                files.remove(file)  # the source tree reported it
        for page in self.tree.site_pages(self.lang.folder).values():
            files.append(File.generated(config, page.src_uri, abs_src_path=str(page.path)))
        for src_uri, content in page_events.generated_pages(self.state).items():
            files.append(File.generated(config, src_uri, content=content))
        return files

    def on_page_markdown(self, markdown: str, page: MkDocsPage, config: MkDocsConfig, files: Files) -> str:
        local = page.file.src_uri.removesuffix(".md")
        with reading(page.file.abs_src_path or page.file.src_uri):
            make_page_meta_safe(page.meta, page.file.abs_src_path or page.file.src_uri)
            page.meta["polydocs_alternates"] = page_events.alternates(
                self.state, local, page.url, self.pages_by_lang
            )
            return page_events.before_conversion(self.state, local, markdown, page.file.content_string)

    def on_page_content(self, html: str, page: MkDocsPage, config: MkDocsConfig, files: Files) -> str:
        local = page.file.src_uri.removesuffix(".md")
        with reading(page.file.abs_src_path or page.file.src_uri):
            html, page.toc = page_events.after_conversion(self.state, local, page.url, html, page.toc)
        return html

    def on_page_context(
        self, context: TemplateContext, page: MkDocsPage, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if self.search is not None:
            self.search.on_page_context(context, page=page, config=config, nav=nav)
        return context

    def on_post_build(self, config: MkDocsConfig) -> None:
        if self.search is not None:
            self.search.on_post_build(config=config)
        page_events.sitemaps_beside_pages(Path(config.site_dir))
        write_redirects(Path(config.site_dir), self.tree.redirects.get(self.lang.folder, []), self.lang)
        if not config.site_url:
            page_events.root_404_links_into_language(Path(config.site_dir), self.lang.folder)

    def on_env(self, env: Environment, config: MkDocsConfig, files: Files) -> Environment:
        # Compiling Material's templates costs every language build half a second; reuse the bytecode.
        if self.config.cache_dir:
            folder = Path(self.config.cache_dir) / "templates"
            folder.mkdir(parents=True, exist_ok=True)
            env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env
