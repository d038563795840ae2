"""What the MkDocs plugin does to each page, as plain functions that tests call directly."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import posixpath
import re
import shutil
from dataclasses import dataclass, field
from html import escape as html_escape
from pathlib import Path
from typing import Any

import markdown
from mkdocs.structure.toc import TableOfContents

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import parse_page
from polydocs.lint.status_page import render_status_markdown
from polydocs.markup import markdown_extensions
from polydocs.markup.context import MarkupContext, page_context
from polydocs.markup.inventory import ApiInventory, site_inventory
from polydocs.markup.unsafe_html import SANITIZER, diagnostics, sanitize_page
from polydocs.notebooks import page_notebook
from polydocs.site.alternates import alternates_for, page_url
from polydocs.site.banners import outdated_banner, untranslated_banner
from polydocs.site.expansions import expand_benchmarks, insert_badges, line_map
from polydocs.site.page_cache import ConvertedPage, PageCache, fingerprint, restore_toc, toc_tokens
from polydocs.snippets.evidence import Evidence, load_evidence
from polydocs.sources import SOURCE_LANGUAGE, Language, Page, ProjectConfig, SourceTree

_markup_log = logging.getLogger("polydocs.markup")


@dataclass
class _PageInProgress:
    key: str
    cached: ConvertedPage | None
    context: MarkupContext | None
    source: Page
    title_markdown: str = ""


@dataclass
class BuildState:
    """Everything one language build needs to know about the whole multilingual tree."""

    tree: SourceTree
    lang: Language
    api: ApiInventory
    cache: PageCache
    evidence: Evidence
    site_dir: Path
    # Pages whose text comes from English are converted with the English site's page set, so that
    # the conversion is the same in every language and done once.
    known_pages: dict[str, frozenset[str]] = field(default_factory=dict)
    # Digest of `_data/benchmarks/`: part of the cache key of pages with benchmark placeholders.
    benchmark_data: str = ""
    _current: _PageInProgress | None = None
    # The page being converted holds its dialect context open from markdown to HTML.
    _open_page: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    @classmethod
    def create(cls, tree: SourceTree, lang: Language, cache: PageCache, site_dir: Path) -> BuildState:
        known = {code: frozenset(tree.site_pages(code)) for code in {lang.folder, SOURCE_LANGUAGE}}
        evidence = load_evidence(tree.root)
        benchmarks = _benchmark_data(tree.root / "_data" / "benchmarks")
        api = api_inventory(tree.project)
        return cls(tree, lang, api, cache, evidence, site_dir, known, benchmarks)

    @property
    def project(self) -> ProjectConfig:
        return self.tree.project

    def source_page(self, local: str) -> Page:
        """The page whose text readers of this language read for `local` (the site model's fallback)."""
        page = self.tree.resolve(self.lang.folder, local)
        assert page is not None, f"{local} is no page of the {self.lang.folder} site"
        return page


def api_inventory(project: ProjectConfig) -> ApiInventory:
    """The project's API reference, checked by exported names only (see `ApiInventory.check_members`)."""
    return site_inventory(project)


def dialect_extensions() -> list[markdown.Extension]:
    """The markup package's own extensions (the standard ones are named in the MkDocs settings)."""
    return [extension for extension in markdown_extensions() if not isinstance(extension, str)]


STATUS_PAGE = "status"


def generated_pages(state: BuildState) -> dict[str, str]:
    """Pages that exist only in the built site: the translation status page."""
    return {f"{STATUS_PAGE}.md": render_status_markdown(state.tree, state.lang)}


def alternates(
    state: BuildState, local: str, url: str, pages_by_lang: dict[str, set[str]]
) -> list[dict[str, Any]]:
    return [vars(alt) for alt in alternates_for(state.tree, local, url, state.lang.folder, pages_by_lang)]


def _line_offset(markdown_text: str, source: str) -> int:
    """Lines MkDocs removed (front matter) before handing the page's Markdown to the plugins."""
    if source.endswith(markdown_text):
        return source[: len(source) - len(markdown_text)].count("\n")
    return 0


def _title_line(markdown_text: str) -> str:
    """The page's first `# ` heading: all MkDocs needs to convert to find the title of a cached page."""
    for _, line in parse_page(markdown_text).outside_code():
        if line.startswith("# "):
            return line
    return ""


def _notebook(page: Page, language: Language, api: ApiInventory) -> tuple[str, list[Diagnostic]]:
    """The page as a notebook; a page hf-doc-builder cannot convert gets none, with a warning."""
    try:
        return page_notebook(page.read(), page.path, language, inventory=api), []
    except (PolydocsError, ValueError) as error:
        problem = Diagnostic(
            str(page.path), 1, "notebook", str(error), "the page is published without a notebook"
        )
        _markup_log.warning("%s", problem)
        return "", [problem]


def _write_notebook(state: BuildState, local: str, url: str, notebook: str) -> str:
    """Write `<page>.ipynb` beside the page's HTML and return the link to it."""
    name = f"{posixpath.basename(local)}.ipynb"
    target = state.site_dir / url / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(notebook, encoding="utf-8")
    label = html_escape(state.lang.text("notebook.download"))
    return f'<p class="polydocs-notebook"><a href="{name}" download>{label}</a></p>\n'


def _benchmark_data(data_dir: Path) -> str:
    """A digest of the benchmark results a page's placeholders expand to."""
    digest = hashlib.sha256()
    for path in sorted(data_dir.glob("*.json")) if data_dir.is_dir() else []:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _page_evidence(evidence: Evidence, page_key: str) -> list[tuple[str, object]]:
    """The verdicts the page's badges show: its entries in the committed snippet reports."""
    return sorted((code, verdict) for (page, code), verdict in evidence.blocks.items() if page == page_key)


def before_conversion(state: BuildState, local: str, markdown_text: str, source: str) -> str:
    """Look the page up in the cache; else expand it and open its dialect context for the extensions.

    The cache key is made of the page's own text and everything its expansions and conversion read, so
    a cached page costs neither the expansions (badges, benchmark tables) nor the conversion.
    """
    if local == STATUS_PAGE:
        state._current = None
        return markdown_text
    page = state.source_page(local)
    # An English fallback page keeps English callout titles and badges: they belong to its text.
    language = state.tree.language(page.lang)
    line_offset = _line_offset(markdown_text, source)
    page_key = page.key
    known_pages = state.known_pages[page.lang]
    key = fingerprint(
        markdown_text,
        str(page.path),
        language,
        line_offset,
        local,
        sorted(known_pages),
        state.api,
        state.project.iframe_hosts,
        _page_evidence(state.evidence, page_key),
        state.benchmark_data if "polydocs:" in markdown_text else "",
        SANITIZER,
        _trusted(state, page),
    )
    cached = state.cache.get(key)
    if cached is not None:
        state._current = _PageInProgress(key, cached, None, page)
        return cached.title_markdown
    original = markdown_text
    data_dir = state.tree.root / "_data" / "benchmarks"
    markdown_text = expand_benchmarks(markdown_text, language, data_dir, str(page.path))
    markdown_text = insert_badges(markdown_text, page_key, state.evidence, language)
    context = MarkupContext(
        path=str(page.path),
        lang=language,
        line_offset=line_offset,
        line_map=line_map(original, markdown_text, line_offset),
        page_local=local,
        known_pages=known_pages,
        api=state.api,
        iframe_hosts=state.project.iframe_hosts,
    )
    state._current = _PageInProgress(key, None, context, page, _title_line(original))
    state._open_page.enter_context(page_context(context))
    return markdown_text


def _trusted(state: BuildState, page: Page) -> bool:
    return state.project.trusted.covers(page.lang, page.path.relative_to(state.tree.root).as_posix())


def _sanitized(state: BuildState, page: Page, page_html: str) -> tuple[str, list[Diagnostic]]:
    """The page's own HTML (Markdown, raw HTML, autodoc) through the allowlist, before polydocs adds its
    banners and notebook link; a warning per removal. Trusted pages are published as written."""
    if _trusted(state, page):
        return page_html, []
    result = sanitize_page(page_html, state.project.iframe_hosts)
    if not result.removals:
        return result.html, []
    problems = diagnostics(str(page.path), page.read(), result.removals)
    for problem in problems:
        _markup_log.warning("%s", problem)
    return result.html, problems


def after_conversion(
    state: BuildState, local: str, url: str, html: str, toc: TableOfContents
) -> tuple[str, TableOfContents]:
    """Close the page's context (or replay its cached conversion) and put the language banners on top."""
    current, state._current = state._current, None
    if current is None:  # a generated page
        return html, toc
    converted = current.cached
    if converted is None:
        state._open_page.close()
        assert current.context is not None
        notebook, unconverted = _notebook(current.source, state.tree.language(current.source.lang), state.api)
        html, unsafe = _sanitized(state, current.source, html)
        problems = [*current.context.warnings, *unconverted, *unsafe]
        # MkDocs takes a page's title from its first element when that is an `<h1>`.
        title = current.title_markdown if html.lstrip().startswith("<h1") else ""
        converted = ConvertedPage(html, toc_tokens(toc), problems, notebook, title)
        state.cache.put(current.key, converted)
    else:
        for problem in converted.diagnostics:
            _markup_log.warning("%s", problem)
        html, toc = converted.html, restore_toc(converted.toc)
    if converted.notebook:
        html = _write_notebook(state, local, url, converted.notebook) + html
    if state.tree.shows_english(state.lang.folder, local):
        html = untranslated_banner(state.lang) + html
    elif state.tree.freshness.state(state.lang.folder, local) == "outdated":
        english_url = "../" * (url.count("/") + 1) + f"{SOURCE_LANGUAGE}/{page_url(local)}"
        html = outdated_banner(state.lang, english_url) + html
    return html, toc


def sitemaps_beside_pages(site_dir: Path) -> None:
    """A copy of the language's `sitemap.xml` in every page folder.

    Material's script fetches `sitemap.xml` relative to every `<link rel="alternate">` of a page, and
    ours name the page itself in each language (not the language's home, as Material expects): without
    these copies every page load would end in 404s.
    """
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():
        return
    for index in site_dir.rglob("index.html"):
        if index.parent != site_dir:
            shutil.copyfile(sitemap, index.parent / "sitemap.xml")


# Links and asset URLs, and the two URLs of Material's `__config` (its base, where search results and the
# search index are found, and its search worker).
_ROOT_RELATIVE = re.compile(r'((?:href|src)="|"(?:base|search)": ")/(?!/)')


def root_404_links_into_language(site_dir: Path, lang: str) -> None:
    """Point `404.html`'s links, and its search, into its language folder.

    The 404 page is served at any depth, so MkDocs links its assets from the site root (`/assets/...`),
    which without `site_url` is the root of the whole site, not of this language's folder.
    """
    page = site_dir / "404.html"
    if page.is_file():
        text = page.read_text(encoding="utf-8")
        page.write_text(_ROOT_RELATIVE.sub(rf"\1/{lang}/", text), encoding="utf-8")
