"""Which process builds which language, and in what order: every language once, both cores kept busy."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from polydocs.site.build_report import LanguageResult
from polydocs.site.language_build import build_language
from polydocs.site.progress import shown_progress
from polydocs.site.versions import SiteVersions
from polydocs.site.worker_processes import worker_pool
from polydocs.sources import SOURCE_LANGUAGE, SourceTree


def build_languages(
    tree: SourceTree,
    languages: list[str],
    staging: Path,
    jobs: int,
    cache: Path | None,
    versions: tuple[SiteVersions, str] | None = None,
    unchanged_pages: dict[str, list[str]] | None = None,
) -> list[LanguageResult]:
    """Each of `languages` built into `staging/<lang>`, in `jobs` forked processes (in this one for 1)."""
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
        for lang in longest_first(tree, languages)
    ]
    with shown_progress({lang: len(tree.site_pages(lang)) + 1 for lang in languages}) as pages:
        if not forks(jobs, languages):
            return [build() for build in builds]
        with worker_pool(min(jobs, len(languages)), pages) as pool:
            futures = [pool.submit(build) for build in builds]
            return [future.result() for future in futures]


def longest_first(tree: SourceTree, languages: list[str]) -> list[str]:
    """The order the worker processes take the languages in: English first (the others wait for its
    conversions where they fall back to it, `page_conversion.convert_page`), then the languages with
    the most pages of their own to convert, so that the shortest builds fill the end and no process
    is left alone with a long one."""
    own = {lang: len(tree.pages.get(lang, {})) for lang in languages}
    return sorted(languages, key=lambda lang: (lang != SOURCE_LANGUAGE, -own[lang], lang))


def default_jobs(languages: list[str], cache_filled: bool) -> int:
    """One process per CPU while pages need converting, so that English (first) finishes early and the
    languages after it reuse its conversions where they fall back to it. With converted pages cached
    there is nothing to wait for: every language starts at once, and no CPU idles at the end."""
    return len(languages) if cache_filled else min(len(languages), os.cpu_count() or 1)


def forks(jobs: int, languages: list[str]) -> bool:
    """Whether `build_languages` builds in forked processes rather than in this one."""
    return jobs > 1 and len(languages) > 1
