"""One page of one language site converted: the pure step the MkDocs plugin calls for every page.

`convert_page` takes the page's text and what the language build knows about the site, and returns its HTML,
table of contents, notebook, diagnostics and the objects it documents, from the cache or converted; a
cache hit and a miss return the same `ConvertedPage`, so everything after it takes one path.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path

from mkdocs.structure.toc import TableOfContents

from polydocs.bench.render import benchmarks_folder
from polydocs.cache import stable_repr
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import parse_page
from polydocs.dialect.constructs.autodoc import UNAVAILABLE, autodoc_in_text
from polydocs.dialect.constructs.literal_include import OPEN, include_root, included_files
from polydocs.dialect.page_bounds import REFUSING, TOO_DEEP
from polydocs.dialect.site_inventory import site_inventory
from polydocs.markup.autodoc import autodoc_names
from polydocs.markup.context import MarkupContext, page_context
from polydocs.markup.refused_page import refused_notice
from polydocs.markup.unsafe_html import SANITIZER, diagnostics, sanitize_page
from polydocs.markup.visible_source import source_visible
from polydocs.notebooks import page_notebook
from polydocs.site.expansions import expand_benchmarks, insert_badges, line_map
from polydocs.site.object_registrations import ObjectRegistrations
from polydocs.site.page_cache import ConvertedPage, PageCache, fingerprint, toc_tokens
from polydocs.site.page_failures import failed_notice, failing_autodoc_object, page_failed
from polydocs.snippets.evidence import Evidence, load_evidence
from polydocs.sources import SOURCE_LANGUAGE, Language, Page, SourceTree
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.installed_packages import installed_sources
from polydocs.sources.text import read_tree_bytes

# Markdown -> (HTML, table of contents, what mkdocstrings registered meanwhile, the title MkDocs found):
# MkDocs' own conversion of the page, with its link rewriting.
RenderMarkdown = Callable[[str], tuple[str, TableOfContents, ObjectRegistrations, str | None]]


@dataclass(frozen=True)
class LanguageBuild:
    """What every page conversion of one language build reads about the whole multilingual tree."""

    tree: SourceTree
    lang: Language
    api: ApiInventory
    cache: PageCache
    evidence: Evidence
    # Pages whose text comes from English are converted with the English site's page set, so that the
    # conversion is the same in every language and done once.
    known_pages: dict[str, frozenset[str]]
    # Digest of `_data/benchmarks/`: part of the cache key of pages with benchmark placeholders.
    benchmark_data: str
    # The language's published address (MkDocs' `site_url`, its version and language folder included), or
    # "": where a notebook's links into this site's own reference pages point.
    site_url: str = ""

    @classmethod
    def create(
        cls,
        tree: SourceTree,
        lang: Language,
        cache: PageCache,
        api: ApiInventory | None = None,
        site_url: str = "",
    ) -> LanguageBuild:
        known = {code: frozenset(tree.site_pages(code)) for code in {lang.folder, SOURCE_LANGUAGE}}
        benchmarks = _benchmark_data(benchmarks_folder(tree.root))
        api = api if api is not None else site_inventory(tree.project, tree)
        return cls(tree, lang, api, cache, load_evidence(tree.root), known, benchmarks, site_url)

    @cached_property
    def api_key(self) -> str:
        """The inventory as the cache key reads it: made once per language, the same in every process."""
        return stable_repr(self.api)

    @cached_property
    def include_root(self) -> Path:
        """Where the pages' `<literalinclude>`s may read from (`dialect/constructs/literal_include.py`)."""
        return include_root(self.tree.root)

    def included_files(self, markdown: str, page: Page) -> list[str]:
        """What a page's `<literalinclude>`s read: part of its cache key (the included file may change)."""
        if OPEN not in markdown:
            return []
        return included_files(parse_page(markdown), page.path, self.include_root)

    @cached_property
    def _installed_sources(self) -> dict[str, str]:
        return {}

    def documented_sources(self, markdown: str) -> list[str]:
        """For a page with `[[autodoc]]`, the installed sources of each package it documents, read once
        per build (not per process: `polydocs serve` rebuilds after the library is edited)."""
        if "[[autodoc]]" not in markdown:
            return []
        packages = sorted({self.api.full_name(name).partition(".")[0] for name in autodoc_names(markdown)})
        for package in packages:
            if package not in self._installed_sources:
                self._installed_sources[package] = installed_sources(package)
        return [self._installed_sources[package] for package in packages]

    def source_page(self, local: str) -> Page:
        """The page whose text readers of this language read for `local` (the site model's fallback)."""
        page = self.tree.resolve(self.lang.folder, local)
        assert page is not None, f"{local} is no page of the {self.lang.folder} site"
        return page


@dataclass(frozen=True)
class PageText:
    # The page's name in its language site, without `.md`: `perf_torch_compile`, `tasks/asr`.
    local: str
    # What MkDocs hands the plugins (the front matter stripped), and the file's whole text.
    markdown: str
    source: str


def convert_page(build: LanguageBuild, text: PageText, render: RenderMarkdown) -> ConvertedPage:
    """The page converted, from the cache when nothing it depends on changed; every problem in the result.

    The cache key is made of the page's own text and everything its expansions and conversion read, so a
    cached page costs neither the expansions (badges, benchmark tables) nor the conversion.
    """
    page = build.source_page(text.local)
    key = _cache_key(build, page, text)
    converted = build.cache.get(key)
    if converted is not None:
        return converted
    # Languages build in parallel and reach an English page they all fall back to at about the same
    # time: the first converts it, the others wait for its result instead of converting it too.
    with build.cache.holding(key):
        converted = build.cache.get(key)
        if converted is None:
            converted = _converted_or_failed(build, page, text, render)
            build.cache.put(key, converted)
    return converted


def _cache_key(build: LanguageBuild, page: Page, text: PageText) -> str:
    return fingerprint(
        text.markdown,
        str(page.path),
        build.tree.language(page.lang),
        _line_offset(text),
        text.local,
        sorted(build.known_pages[page.lang]),
        sorted(build.tree.moved_pages(page.lang).items()),
        build.api_key,
        build.tree.project.iframe_hosts,
        _page_evidence(build.evidence, page.key),
        build.benchmark_data if "polydocs:" in text.markdown else "",
        SANITIZER,
        _trusted(build, page),
        build.documented_sources(text.markdown),
        build.included_files(text.markdown, page),
        build.site_url,
    )


def _converted_or_failed(
    build: LanguageBuild, page: Page, text: PageText, render: RenderMarkdown
) -> ConvertedPage:
    """The page converted; where a step raised that no narrower guard below caught, a notice in its
    place and a warning (`page_failures.py`): one page never stops the site."""
    try:
        return _converted(build, page, text, render)
    except Exception as error:
        language = build.tree.language(page.lang)
        problem = page_failed(
            str(page.path), _line_offset(text) + 1, "converting the page", error, _NOTICE_INSTEAD
        )
        return ConvertedPage(failed_notice(language), [], [problem], "", None, ObjectRegistrations())


_NOTICE_INSTEAD = "the site shows a notice in the page's place"


def _converted(build: LanguageBuild, page: Page, text: PageText, render: RenderMarkdown) -> ConvertedPage:
    # An English fallback page keeps English callout titles and badges: they belong to its text.
    language = build.tree.language(page.lang)
    expanded, missing = expand_benchmarks(
        text.markdown, language, benchmarks_folder(build.tree.root), str(page.path), _line_offset(text)
    )
    badged = insert_badges(expanded, page.key, build.evidence, language)

    contexts: list[MarkupContext] = []  # each render's, the last one's warnings reported

    def context_with(api: ApiInventory) -> MarkupContext:
        contexts.append(_context(api))
        return contexts[-1]

    def _context(api: ApiInventory) -> MarkupContext:
        return MarkupContext(
            path=str(page.path),
            lang=language,
            line_offset=_line_offset(text),
            line_map=line_map(badged, _line_offset(text)),
            page_local=text.local,
            known_pages=build.known_pages[page.lang],
            moved_pages=build.tree.moved_pages(page.lang),
            api=api,
            iframe_hosts=build.tree.project.iframe_hosts,
            source_file=page.path,
            include_root=build.include_root,
        )

    try:
        (html, toc, objects, title), failures = _rendered(page, build.api, context_with, badged.text, render)
    except RecursionError:  # nesting no bound of `dialect/page_bounds.py` foresaw: this page alone stops
        warnings = contexts[-1].warnings
        return _refused(page, language, [*missing, *warnings, _ran_out_of_recursion(page, text)])
    warnings = _without_unavailable_at(contexts[-1].warnings, failures)
    if any(warning.code in REFUSING for warning in warnings):
        return _refused(page, language, [*missing, *warnings], html)
    notebook, unconverted = _notebook(page, language, build, build.evidence.page_versions(page.key))
    html, unsafe = _sanitized(build, page, html)
    shown = source_visible(str(page.path), page.read(), html)
    problems = [*missing, *warnings, *failures, *unconverted, *unsafe, *shown]
    return ConvertedPage(html, toc_tokens(toc), problems, notebook, title, objects)


def _rendered(
    page: Page,
    api: ApiInventory,
    context_with: Callable[[ApiInventory], MarkupContext],
    markdown: str,
    render: RenderMarkdown,
) -> tuple[tuple[str, TableOfContents, ObjectRegistrations, str | None], list[Diagnostic]]:
    """The page rendered, leaving out each object whose documentation raised (mkdocstrings collecting
    or rendering it): that block shows the placeholder of an object the build cannot document, with a
    warning at its `[[autodoc]]` line, and the page is rendered again without it. Any other exception,
    or one no object of the page explains, passes to the caller."""
    failures: list[Diagnostic] = []
    autodoc_lines = _autodoc_lines(page, api)
    while True:
        context = context_with(api)
        try:
            with page_context(context):
                return render(markdown), failures
        except RecursionError:
            raise
        except Exception as error:
            name = failing_autodoc_object(error)
            if name is None or name not in autodoc_lines or name in api.undocumentable:
                raise
            instead = f"`{name}` shows as an object the build cannot document"
            line = autodoc_lines[name]
            failures.append(page_failed(str(page.path), line, f"documenting `{name}`", error, instead))
            api = replace(api, undocumentable=api.undocumentable | {name})


def _without_unavailable_at(warnings: list[Diagnostic], failures: list[Diagnostic]) -> list[Diagnostic]:
    """The render's warnings but the autodoc check's for the objects left out above, which would say
    griffe cannot find them: each has its own warning saying what raised."""
    left_out = {(failure.path, failure.line) for failure in failures}
    return [w for w in warnings if not (w.code == UNAVAILABLE and (w.path, w.line) in left_out)]


def _autodoc_lines(page: Page, api: ApiInventory) -> dict[str, int]:
    """The line of the first `[[autodoc]]` directive naming each object of the page, by full name."""
    lines: dict[str, int] = {}
    for autodoc in autodoc_in_text(page.read()):
        lines.setdefault(api.full_name(autodoc.name), autodoc.index + 1)
    return lines


def _refused(page: Page, language: Language, problems: list[Diagnostic], html: str = "") -> ConvertedPage:
    """A page past its bounds, published as the notice the markup made of it (or one made here), with
    no notebook: nothing of it is read further."""
    line = next((problem.line for problem in problems if problem.code in REFUSING), 1)
    return ConvertedPage(
        html or refused_notice(language, line), [], problems, "", None, ObjectRegistrations()
    )


def _ran_out_of_recursion(page: Page, text: PageText) -> Diagnostic:
    return Diagnostic(
        str(page.path),
        _line_offset(text) + 1,
        TOO_DEEP,
        "the page nests deeper than the renderer can follow (it ran out of recursion)",
        "flatten the page's lists, quotes, emphasis or links; the site shows an error notice instead",
    )


def _line_offset(text: PageText) -> int:
    """Lines MkDocs removed (front matter) before handing the page's Markdown to the plugins."""
    if text.source.endswith(text.markdown):
        return text.source[: len(text.source) - len(text.markdown)].count("\n")
    return 0


def _notebook(
    page: Page, language: Language, build: LanguageBuild, verified: dict[str, str]
) -> tuple[str, list[Diagnostic]]:
    """The page as a notebook, installing the versions its badges name (`verified`), its includes read
    where the site reads them; a page hf-doc-builder cannot convert gets none, with a warning."""
    try:
        notebook = page_notebook(
            page.read(),
            page.path,
            language,
            inventory=build.api,
            verified=verified,
            include_root=build.include_root,
            site_url=build.site_url,
        )
        return notebook, []
    except (PolydocsError, ValueError, RecursionError) as error:
        reason = (
            "the page nests too deep for the converter" if isinstance(error, RecursionError) else str(error)
        )
        return "", [
            Diagnostic(str(page.path), 1, "notebook", reason, "the page is published without a notebook")
        ]
    except Exception as error:  # hf-doc-builder's converter on text it does not expect (`page_failures.py`)
        instead = "the page is published without a notebook"
        return "", [page_failed(str(page.path), 1, "making the page's notebook", error, instead)]


def _trusted(build: LanguageBuild, page: Page) -> bool:
    return build.tree.project.trusted.covers(page.lang, page.path.relative_to(build.tree.root).as_posix())


def _sanitized(build: LanguageBuild, page: Page, page_html: str) -> tuple[str, list[Diagnostic]]:
    """The page's own HTML (Markdown, raw HTML, autodoc) through the allowlist, before polydocs adds its
    banners and notebook link; a warning per removal. Trusted pages are published as written."""
    if _trusted(build, page):
        return page_html, []
    result = sanitize_page(page_html, build.tree.project.iframe_hosts)
    if not result.removals:
        return result.html, []
    return result.html, diagnostics(str(page.path), page.read(), result.removals)


def _benchmark_data(data_dir: Path) -> str:
    """A digest of the benchmark results a page's placeholders expand to."""
    digest = hashlib.sha256()
    for path in sorted(data_dir.glob("*.json")) if data_dir.is_dir() else []:
        if path.is_file():  # a FIFO is reported by the tree's walk (`entries_not_read`) and never opened
            digest.update(path.name.encode() + b"\0" + read_tree_bytes(path) + b"\0")
    return digest.hexdigest()


def _page_evidence(evidence: Evidence, page_key: str) -> list[tuple[str, object]]:
    """The verdicts the page's badges show: its entries in the committed snippet reports."""
    return sorted((code, verdict) for (page, code), verdict in evidence.blocks.items() if page == page_key)
