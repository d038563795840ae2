"""`polydocs build`: one MkDocs build per language, in parallel processes, switched into place at the end.

This module imports little: on a first build, the side process that lists the documented library's
names (two seconds for transformers, on the way of every page that links it) is forked before MkDocs,
Material and the language builds are imported (`staged_build.py`), so that it runs while this process
imports them. A rebuild reads the names an earlier build listed, and forks no process for them.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from polydocs.cache import cache_dir
from polydocs.dialect import load_source_tree
from polydocs.dialect.site_inventory import site_inventory
from polydocs.site.build_report import BuildFailed, BuildReport, LanguageResult
from polydocs.site.build_scope import languages_to_build
from polydocs.site.converted_trees import converted_before
from polydocs.site.output import checked_output, staged_output
from polydocs.site.versions import VersionRequest, read_versions
from polydocs.worker_processes import worker_pool

if TYPE_CHECKING:
    from polydocs.site.language_build import build_language

__all__ = ["BuildFailed", "BuildReport", "LanguageResult", "build_language", "build_site"]


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
    with staged_output(out) as staged, worker_pool(1) as side:
        versions = read_versions(out).with_version(version) if version else None
        # MkDocs reads a relative docs_dir from the folder of its settings file: the model's paths are
        # absolute. It is read once here and handed to every language build.
        tree = load_source_tree(source.resolve(), library)
        languages = languages_to_build(tree, only)
        api = site_inventory(tree.project, tree)
        cache = cache_dir("site") if use_cache else None
        cache_filled = converted_before(cache, tree.root)
        # With the tree's pages converted, an earlier build has listed the names: they are read, not listed.
        listing = None if cache_filled else side.submit(api.preload)
        from polydocs.site.staged_build import StagedBuild, build_staged  # after the fork: see above

        build = StagedBuild(
            source, tree, api, languages, only, out, staged, cache, cache_filled, version, versions
        )
        report = build_staged(build, side, listing, strict, jobs)
    report.seconds = time.perf_counter() - started
    return report


def __getattr__(name: str) -> object:
    """`build_language`, for `polydocs serve`, without importing MkDocs with this module."""
    if name == "build_language":
        from polydocs.site.language_build import build_language

        return build_language
    raise AttributeError(name)
