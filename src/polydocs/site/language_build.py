"""One language's MkDocs build: its settings made from the site model, its warnings kept as diagnostics."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import load_source_tree
from polydocs.dialect.site_inventory import site_inventory
from polydocs.site.build_report import LanguageResult
from polydocs.site.build_summary import located_failure
from polydocs.site.language_manifest import published_pages
from polydocs.site.mkdocs_config import load_mkdocs_config, mkdocs_settings
from polydocs.site.versions import SiteVersions
from polydocs.sources import SourceTree

if TYPE_CHECKING:
    from polydocs.site.language_parts import LanguagePart
    from polydocs.site.page_preview import PagePreview


class LogCollector(logging.Handler):
    """Keeps every warning MkDocs, its plugins and our extensions log during one language build.

    polydocs logs each problem with its `Diagnostic` as the one argument (`log.warning("%s", problem)`),
    which is kept as it is; a message of MkDocs or one of its plugins has no place of its own and is
    placed at the language folder whose build said it. The request log of `polydocs serve`'s server
    (`mkdocs.livereload`, which answers requests while serve builds a language in the same process) is
    not the build's and is left out."""

    def __init__(self, folder: Path) -> None:
        super().__init__(logging.WARNING)
        self.folder = folder
        self.diagnostics: list[Diagnostic] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == "mkdocs.livereload":
            return
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
    part: LanguagePart | PagePreview | None = None,
) -> LanguageResult:
    """Build one language into `site_dir` from `tree` (read from `source` when not given, as `polydocs
    serve` does, with `library` from `--library`); never raises for bad input, returns the error
    instead, located at the page and line that stopped the build. `keep` is handed the configuration
    of a build that succeeded, its plugins holding what they made (`live_language.py`). With `part`, the
    build renders that share of the language's pages (`language_parts.py`), or previews those pages
    alone (`page_preview.py`)."""
    started = time.perf_counter()
    collect = LogCollector(source / lang)
    loggers = [logging.getLogger("mkdocs"), logging.getLogger("polydocs")]
    for logger in loggers:
        logger.addHandler(collect)
    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    try:
        tree = tree or load_source_tree(source, library)
        collect.folder = tree.folder(lang)
        settings = mkdocs_settings(tree, lang, site_dir, cache, versions, unchanged_pages, part)
        config = load_mkdocs_config(settings, site_dir.parent / f"mkdocs-{lang}.yml", cache)
        mkdocs_build(config, dirty=dirty)
        if keep is not None:
            keep(config)
        pages = published_pages(site_dir, (page.src_uri for page in tree.site_pages(lang).values()))
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
