"""`polydocs build`: one MkDocs build per language, in parallel processes, switched into place at the end."""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import logging
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from polydocs.cache import cache_dir
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.lint.secrets.published import scan_published
from polydocs.markup.inventory import ApiInventory, site_inventory
from polydocs.notebooks import doc_builder_adapter
from polydocs.site.build_summary import Folded, fold_library_warnings, located_failure
from polydocs.site.language_manifest import TreeInputs, UnchangedLanguages
from polydocs.site.mkdocs_config import (
    autodoc_objects,
    autodoc_slices,
    load_mkdocs_config,
    mkdocs_settings,
    site_name,
)
from polydocs.site.output import checked_output, staged_output
from polydocs.site.progress import Pages, report_through, shown_progress
from polydocs.site.published_scan import PublishedScan
from polydocs.site.root_page import render_not_found_page, render_root_page
from polydocs.site.theme_languages import theme_language_problems
from polydocs.site.versions import (
    SiteVersions,
    VersionRequest,
    carry_over_version,
    publish_version,
    read_versions,
)
from polydocs.sources import (
    SOURCE_LANGUAGE,
    Language,
    SourceTree,
    is_language_tag,
    load_source_tree,
)
from polydocs.sources.library import Library


@dataclass
class LanguageResult:
    lang: str
    seconds: float
    pages: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: str = ""
    # Not built: nothing it is built from changed, and its published folder was kept as it was.
    unchanged: bool = False

    @property
    def warnings(self) -> list[str]:
        return [str(problem) for problem in self.diagnostics]


@dataclass
class BuildReport:
    out: Path
    languages: list[LanguageResult]
    # Every problem the build found, once: the source tree's, the secret scan's, each language build's.
    diagnostics: list[Diagnostic]
    seconds: float
    # The site model the build read, which says the language each diagnostic's file lies in.
    tree: SourceTree | None = None
    # The problems of one cause (a library not installed) as one summary: what the terminal shows.
    folded: Folded | None = None

    @property
    def warnings(self) -> list[str]:
        return [str(problem) for problem in self.diagnostics]

    @property
    def library(self) -> Library | None:
        return self.tree.library if self.tree else None

    def shown_problems(self, verbose: bool) -> list[Diagnostic]:
        """The problems the terminal shows: each one with `verbose`, else one-cause groups summarised."""
        if verbose or self.folded is None:
            return self.diagnostics
        return self.folded.shown

    def shown(self, verbose: bool) -> list[str]:
        return [str(problem) for problem in self.shown_problems(verbose)]

    def to_dict(self) -> dict[str, object]:
        """What `polydocs build --report-json` writes: each diagnostic as `polydocs lint --format json`
        gives it, with its language folder (null outside every one); each built language's page count; the
        error of each language that failed."""
        language_at = self.tree.language_at if self.tree else lambda path: None
        return {
            "library": self.library.name if self.library else None,
            "diagnostics": [{**d.to_dict(), "language": language_at(d.path)} for d in self.diagnostics],
            "pages": {result.lang: result.pages for result in self.languages},
            "failed": {result.lang: result.error for result in self.languages if result.error},
        }


@dataclass
class BuildFailed(PolydocsError):
    """The build stopped (a language failed, or `--strict` met a warning); `report` says all it found."""

    report: BuildReport | None = None


class _Collect(logging.Handler):
    """Keeps every warning MkDocs, its plugins and our extensions log during one language build.

    polydocs logs each problem with its `Diagnostic` as the one argument (`log.warning("%s", problem)`),
    which is kept as it is; a message of MkDocs or one of its plugins has no place of its own and is
    placed at the language folder whose build said it."""

    def __init__(self, folder: Path) -> None:
        super().__init__(logging.WARNING)
        self.folder = folder
        self.diagnostics: list[Diagnostic] = []

    def emit(self, record: logging.LogRecord) -> None:
        args = record.args if isinstance(record.args, tuple) else ()
        if len(args) == 1 and isinstance(args[0], Diagnostic):
            self.diagnostics.append(args[0])
        else:
            origin = record.name.partition(".")[0]
            self.diagnostics.append(Diagnostic(str(self.folder), 0, origin, record.getMessage()))


def build_language(
    source: Path,
    lang: str,
    site_dir: Path,
    cache: Path | None = None,
    dirty: bool = False,
    tree: SourceTree | None = None,
    library: str | None = None,
    versions: tuple[SiteVersions, str] | None = None,
    keep: Callable[[MkDocsConfig], None] | None = None,
    unchanged_pages: list[str] | None = None,
) -> LanguageResult:
    """Build one language into `site_dir` from `tree` (read from `source` when not given, as `polydocs
    serve` does, with `library` from `--library`); never raises for bad input, returns the error
    instead, located at the page and line that stopped the build. `keep` is handed the configuration
    of a build that succeeded, its plugins holding what they made (`live_language.py`)."""
    started = time.perf_counter()
    collect = _Collect(source / lang)
    loggers = [logging.getLogger("mkdocs"), logging.getLogger("polydocs")]
    for logger in loggers:
        logger.addHandler(collect)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    try:
        tree = tree or load_source_tree(source, library)
        collect.folder = tree.folder(lang)
        settings = mkdocs_settings(tree, lang, site_dir, cache, versions, unchanged_pages)
        config = load_mkdocs_config(settings, site_dir.parent / f"mkdocs-{lang}.yml")
        mkdocs_build(config, dirty=dirty)
        if keep is not None:
            keep(config)
        pages = sum(1 for _ in site_dir.rglob("index.html"))
        return LanguageResult(lang, time.perf_counter() - started, pages, collect.diagnostics)
    except (MkDocsException, PolydocsError, OSError) as error:
        diagnostics, reason = collect.diagnostics, str(error)
        if tree is not None and isinstance(error, MkDocsException):
            stopped = located_failure(tree, site_inventory(tree.project, tree), lang, diagnostics, reason)
            diagnostics, reason = [*diagnostics, stopped], str(stopped)
        return LanguageResult(lang, time.perf_counter() - started, 0, diagnostics, reason)
    finally:
        for logger in loggers:
            logger.removeHandler(collect)


_PR_SET_PDEATHSIG = 1


def _start_worker(build: int, pages: Pages | None) -> None:
    """Worker initializer: report finished pages to the build (`progress.py`), and die with it. A worker
    outliving a killed build would go on writing into its staging folder while the next build clears
    it, and then wait for work forever."""
    report_through(pages)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != build:  # the build died before the line above took effect
        os._exit(1)


def _worker_pool(workers: int, pages: Pages | None = None) -> ProcessPoolExecutor:
    # fork: the workers inherit the imported MkDocs and Material instead of importing them again.
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_start_worker,
        initargs=(os.getpid(), pages),
    )


def _build_all(
    tree: SourceTree,
    languages: list[str],
    staging: Path,
    jobs: int,
    cache: Path | None,
    versions: tuple[SiteVersions, str] | None = None,
    unchanged_pages: dict[str, list[str]] | None = None,
) -> list[LanguageResult]:
    builds = [
        partial(
            build_language,
            tree.root,
            lang,
            staging / lang,
            cache,
            tree=tree,
            versions=versions,
            unchanged_pages=(unchanged_pages or {}).get(lang),
        )
        for lang in _longest_first(tree, languages)
    ]
    with shown_progress({lang: len(tree.site_pages(lang)) + 1 for lang in languages}) as pages:
        if jobs <= 1 or len(languages) == 1:
            return [build() for build in builds]
        with _worker_pool(min(jobs, len(languages)), pages) as pool:
            futures = [pool.submit(build) for build in builds]
            return [future.result() for future in futures]


def _longest_first(tree: SourceTree, languages: list[str]) -> list[str]:
    """The order the worker processes take the languages in: English first (the others wait for its
    conversions where they fall back to it, `page_conversion.convert_page`), then the languages with
    the most pages of their own to convert, so that the shortest builds fill the end and no process
    is left alone with a long one."""
    own = {lang: len(tree.pages.get(lang, {})) for lang in languages}
    return sorted(languages, key=lambda lang: (lang != SOURCE_LANGUAGE, -own[lang], lang))


def _has_converted_pages(cache: Path | None) -> bool:
    return cache is not None and any((cache / "pages").glob("*.json"))


def _default_jobs(languages: list[str], cache_filled: bool) -> int:
    """One process per CPU while pages need converting, so that English (first) finishes early and the
    languages after it reuse its conversions where they fall back to it. With converted pages cached
    there is nothing to wait for: every language starts at once, and no CPU idles at the end."""
    return len(languages) if cache_filled else min(len(languages), os.cpu_count() or 1)


def _prepare(tree: SourceTree, languages: list[str], api: ApiInventory, cache_filled: bool) -> None:
    """Do once, before forking, what every language build would otherwise do in its own process.

    Listing the documented library's exported names imports it (a second for transformers; the list is
    then kept on disk per installed version): a side process does that while this one makes the autodoc
    slices and, when pages need converting, imports the notebook converter. With a filled cache, the few
    pages an edit changed import the converter where they need it, and a rebuild skips the import. The
    map of every installed distribution's modules (0.3 s) is not made here: only a notebook importing a
    module installed under another name (`PIL`, from `pillow`) needs it, and docs_src's pages none.
    """
    with _worker_pool(1) as side:
        listing = side.submit(api.preload)
        _prepare_autodoc(tree, languages, api)
        if not cache_filled:
            doc_builder_adapter.preload()
        listing.result()
    api.preload()  # reads the list the side process kept


def _prepare_autodoc(tree: SourceTree, languages: list[str], api: ApiInventory) -> None:
    """Before forking: each language's slice of the documented package, and mkdocstrings' handler
    imported once (0.2 s) instead of in every language that documents objects."""
    objects = [autodoc_objects(tree, lang, api) for lang in languages]
    for names in {frozenset(names) for names in objects if names}:
        autodoc_slices(set(names))
    if any(objects):
        with contextlib.suppress(ImportError):
            importlib.import_module("mkdocstrings_handlers.python")


def _unique(problems: list[Diagnostic]) -> list[Diagnostic]:
    """Each problem once: a page English and its fallbacks convert is reported by every such language."""
    unique: dict[str, Diagnostic] = {}
    for problem in problems:
        unique.setdefault(str(problem), problem)
    return list(unique.values())


def _refuse_failures(report: BuildReport, strict: bool) -> None:
    errors = [f"{result.lang}: {result.error}" for result in report.languages if result.error]
    if errors:
        summary = "build failed; the previous site is left untouched\n" + "\n".join(errors)
        raise BuildFailed(summary=summary, report=report)
    if strict and report.diagnostics:
        raise BuildFailed(
            summary=f"--strict: {len(report.warnings)} warning(s); the previous site is left untouched\n"
            + "\n".join(report.warnings),
            report=report,
        )


def _languages_to_build(tree: SourceTree, only: list[str] | None) -> list[str]:
    """The tree's languages `--lang` names (all without it); a name that is no language folder is an error."""
    unknown = [code for code in only or [] if code not in tree.languages]
    if unknown:
        raise PolydocsError(
            [
                Diagnostic(
                    str(tree.root), 0, "source", f"--lang {code}: no such language folder", "", "error"
                )
                for code in unknown
            ],
            "the source tree cannot be built",
        )
    return [code for code in tree.languages if not only or code in only]


def _problems_read(tree: SourceTree, languages: list[str]) -> list[Diagnostic]:
    """The tree's problems a build of `languages` reports: theirs, English's (every language falls back
    to it) and those of files outside every language folder."""
    read = {None, SOURCE_LANGUAGE, *languages}
    return [problem for problem in tree.problems if tree.language_at(problem.path) in read]


def _site_languages(
    tree: SourceTree, languages: list[str], out: Path, only: list[str] | None
) -> list[Language]:
    """The languages the root pages link to: a partial build's, English and the others it carries
    over from the current site."""
    folders = tree.languages
    if only:
        kept = {
            entry.name
            for entry in (out.iterdir() if out.is_dir() else [])
            if (entry.name in tree.aliases or is_language_tag(entry.name))
            and (entry / "index.html").is_file()
        }
        folders = sorted(
            {SOURCE_LANGUAGE, *languages, *kept}, key=lambda code: (code != SOURCE_LANGUAGE, code)
        )
    return [tree.language(folder) for folder in folders]


def _write_root_pages(folder: Path, languages: list[Language], tree: SourceTree) -> list[str]:
    name, project = site_name(tree, SOURCE_LANGUAGE), tree.project
    pages = {
        "index.html": render_root_page(name, languages),
        "404.html": render_not_found_page(name, languages, project.site_url),
    }
    for page, text in pages.items():
        (folder / page).write_text(text, encoding="utf-8")
    return list(pages)


def build_site(
    source: Path,
    out: Path,
    only: list[str] | None = None,
    strict: bool = False,
    jobs: int | None = None,
    use_cache: bool = True,
    library: str | None = None,
    version: VersionRequest | None = None,
) -> BuildReport:
    """Build every language (or `only` those) into `out`, switched in at once; on failure `out` is left
    as it was. An output that could destroy input is refused first (`site/output.py`). `library` names
    the documented library (`--library`), before polydocs.yml and the project around the tree. With a
    `version`, the site goes to `out/<version>/` and the other versions are kept (`site/versions.py`)."""
    started = time.perf_counter()
    out = checked_output(source, out)
    if version is not None:
        version.check()
    with staged_output(out) as staged:
        site = staged.folder / version.name if version else staged.folder
        current = out / version.name if version else out
        versions = read_versions(out).with_version(version) if version else None
        # MkDocs reads a relative docs_dir from the folder of its settings file: the model's paths are
        # absolute. It is read once here and handed to every language build.
        tree = load_source_tree(source.resolve(), library)
        languages = _languages_to_build(tree, only)
        language_problems = theme_language_problems([tree.language(code) for code in languages], source)
        cache = cache_dir("site") if use_cache else None
        cache_filled = _has_converted_pages(cache)
        api = site_inventory(tree.project, tree)
        named = (versions, version.name) if versions and version else None
        inputs = TreeInputs(tree, api, named)
        unchanged = UnchangedLanguages(cache, inputs, current)
        kept = {
            lang: LanguageResult(lang, 0.0, record.pages, record.diagnostics, unchanged=True)
            for lang, record in unchanged.kept(languages).items()
        }
        rebuilt = [lang for lang in languages if lang not in kept]
        published_scan = PublishedScan(cache, inputs, languages)
        secrets = published_scan.kept()
        with _worker_pool(1) as side:  # the secret scan of what is published runs beside the builds
            secrets_dir = cache / "secrets" if cache else None
            scan = side.submit(scan_published, tree, languages, secrets_dir) if secrets is None else None
            if rebuilt:
                _prepare(tree, rebuilt, api, cache_filled)
            jobs = jobs or _default_jobs(rebuilt, cache_filled)
            results = _build_all(tree, rebuilt, site, jobs, cache, named, unchanged.unchanged_pages)
            built = {result.lang: result for result in results}
            if scan is not None:
                secrets = scan.result()
                published_scan.keep(secrets)
        assert secrets is not None
        results = [built.get(lang) or kept[lang] for lang in languages]
        problems = [*_problems_read(tree, languages), *language_problems, *secrets]
        problems += [problem for result in results for problem in result.diagnostics]
        unique = _unique(problems)
        report = BuildReport(out, results, unique, 0.0, tree, fold_library_warnings(tree, api, unique))
        _refuse_failures(report, strict)
        for result in built.values():
            unchanged.record(site, result.lang, result.pages, result.diagnostics)
        root_pages = _write_root_pages(site, _site_languages(tree, languages, current, only), tree)
        if version is None and not rebuilt and staged.matches_published(root_pages):
            pass  # nothing changed: the published site is left as it is, not one file written
        elif version is None or versions is None:
            staged.publish([*rebuilt, *root_pages])  # the kept languages are carried over as they are
        else:
            carry_over_version(out, staged.folder, version, [*rebuilt, *root_pages])
            staged.publish(publish_version(staged.folder, version, versions))
    report.seconds = time.perf_counter() - started
    return report
