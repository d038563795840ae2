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
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.exceptions import MkDocsException

from polydocs.cache import cache_dir
from polydocs.diagnostics import PolydocsError
from polydocs.lint.secrets.published import scan_published
from polydocs.markup.inventory import ApiInventory
from polydocs.notebooks import preload as preload_notebook_converter
from polydocs.site.mkdocs_config import (
    autodoc_objects,
    load_mkdocs_config,
    mkdocs_settings,
    mkdocstrings_settings,
)
from polydocs.site.output import checked_output, staged_output
from polydocs.site.page_events import api_inventory
from polydocs.site.root_page import render_not_found_page, render_root_page
from polydocs.site.theme_languages import theme_language_problems
from polydocs.sources import (
    SOURCE_LANGUAGE,
    Language,
    ProjectConfig,
    SourceTree,
    is_language_tag,
    language_of,
    load_project_config,
    load_source_tree,
)


@dataclass
class LanguageResult:
    lang: str
    seconds: float
    pages: int
    warnings: list[str] = field(default_factory=list)
    error: str = ""


@dataclass
class BuildReport:
    out: Path
    languages: list[LanguageResult]
    warnings: list[str]
    seconds: float


class _Collect(logging.Handler):
    """Keeps every warning MkDocs, its plugins and our extensions log during one language build."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def build_language(
    source: Path, lang: str, site_dir: Path, cache: Path | None = None, dirty: bool = False
) -> LanguageResult:
    """Build one language into `site_dir`; never raises for bad input, returns the error instead."""
    started = time.perf_counter()
    collect = _Collect()
    loggers = [logging.getLogger("mkdocs"), logging.getLogger("polydocs")]
    for logger in loggers:
        logger.addHandler(collect)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    try:
        tree = load_source_tree(source)
        settings = mkdocs_settings(tree, load_project_config(source), lang, site_dir, cache)
        config = load_mkdocs_config(settings, site_dir.parent / f"mkdocs-{lang}.yml")
        mkdocs_build(config, dirty=dirty)
        pages = sum(1 for _ in site_dir.rglob("index.html"))
        return LanguageResult(lang, time.perf_counter() - started, pages, collect.messages)
    except (MkDocsException, PolydocsError, OSError) as error:
        return LanguageResult(lang, time.perf_counter() - started, 0, collect.messages, str(error))
    finally:
        for logger in loggers:
            logger.removeHandler(collect)


_PR_SET_PDEATHSIG = 1


def _die_with_the_build(build: int) -> None:
    """Worker initializer. A worker outliving a killed build would go on writing into its staging folder
    while the next build clears it, and then wait for work forever."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != build:  # the build died before the line above took effect
        os._exit(1)


def _worker_pool(workers: int) -> ProcessPoolExecutor:
    # fork: the workers inherit the imported MkDocs and Material instead of importing them again.
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_die_with_the_build,
        initargs=(os.getpid(),),
    )


def _build_all(
    source: Path, languages: list[str], staging: Path, jobs: int, cache: Path | None
) -> list[LanguageResult]:
    # English first: the other languages reuse its converted pages wherever they fall back to them.
    if jobs <= 1 or len(languages) == 1:
        return [build_language(source, lang, staging / lang, cache) for lang in languages]
    with _worker_pool(min(jobs, len(languages))) as pool:
        futures = [pool.submit(build_language, source, lang, staging / lang, cache) for lang in languages]
        return [future.result() for future in futures]


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
    pages an edit changed import the converter where they need it, and a rebuild skips the import.
    """
    with _worker_pool(1) as side:
        listing = side.submit(api.preload)
        _prepare_autodoc(tree, languages, api)
        if not cache_filled:
            preload_notebook_converter()
        listing.result()
    api.preload()  # reads the list the side process kept


def _prepare_autodoc(tree: SourceTree, languages: list[str], api: ApiInventory) -> None:
    """Before forking: each language's slice of the documented package, and mkdocstrings' handler
    imported once (0.2 s) instead of in every language that documents objects."""
    objects = [autodoc_objects(tree, lang, api) for lang in languages]
    for names in {frozenset(names) for names in objects if names}:
        mkdocstrings_settings(set(names), api)
    if any(objects):
        with contextlib.suppress(ImportError):
            importlib.import_module("mkdocstrings_handlers.python")


def _unique(messages: list[str]) -> list[str]:
    return list(dict.fromkeys(messages))


def _refuse_failures(results: list[LanguageResult], warnings: list[str], strict: bool) -> None:
    errors = [f"{result.lang}: {result.error}" for result in results if result.error]
    if errors:
        raise PolydocsError(summary="build failed; the previous site is left untouched\n" + "\n".join(errors))
    if strict and warnings:
        raise PolydocsError(
            summary=f"--strict: {len(warnings)} warning(s); the previous site is left untouched\n"
            + "\n".join(warnings)
        )


def _site_languages(tree: SourceTree, out: Path, only: list[str] | None) -> list[Language]:
    """The languages the root pages link to: a partial build loads only the languages it builds, and
    the others it carries over from the current site stay linked."""
    folders = tree.languages
    if only:
        kept = {
            entry.name
            for entry in (out.iterdir() if out.is_dir() else [])
            if (entry.name in tree.aliases or is_language_tag(entry.name))
            and (entry / "index.html").is_file()
        }
        folders = sorted({*tree.languages, *kept}, key=lambda code: (code != SOURCE_LANGUAGE, code))
    return [language_of(folder, tree.aliases.get(folder)) for folder in folders]


def _write_root_pages(folder: Path, languages: list[Language], project: ProjectConfig) -> list[str]:
    name = project.name_in("en")
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
) -> BuildReport:
    """Build every language (or `only` those) into `out`, switched in at once; on failure `out` is left
    as it was. An output that could destroy input is refused first (`site/output.py`)."""
    started = time.perf_counter()
    out = checked_output(source, out)
    with staged_output(out) as staged:
        tree = load_source_tree(source, only)
        project = load_project_config(source)
        languages = [code for code in tree.languages if not only or code in only]
        language_problems = theme_language_problems([tree.language(code) for code in languages], source)
        cache = cache_dir("site") if use_cache else None
        cache_filled = _has_converted_pages(cache)
        _prepare(tree, languages, api_inventory(project), cache_filled)
        jobs = jobs or _default_jobs(languages, cache_filled)
        with _worker_pool(1) as side:  # the secret scan of what is published runs beside the builds
            scan = side.submit(scan_published, tree, languages, cache / "secrets" if cache else None)
            results = _build_all(source.resolve(), languages, staged.folder, jobs, cache)
            secrets = scan.result()
        warnings = _unique(
            [str(problem) for problem in [*tree.problems, *language_problems, *secrets]]
            + [m for r in results for m in r.warnings]
        )
        _refuse_failures(results, warnings, strict)
        root_pages = _write_root_pages(staged.folder, _site_languages(tree, out, only), project)
        staged.publish([*languages, *root_pages])
    return BuildReport(out, results, warnings, time.perf_counter() - started)
