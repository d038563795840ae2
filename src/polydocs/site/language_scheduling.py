"""Which process builds which language, and in what order: every language once, both cores kept busy."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from polydocs.markup.inventory import ApiInventory, site_inventory
from polydocs.site.build_report import LanguageResult
from polydocs.site.language_build import build_language
from polydocs.site.language_parts import LanguagePart, joined_result, language_parts, splits
from polydocs.site.mkdocs_config import autodoc_objects
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
    api: ApiInventory | None = None,
) -> list[LanguageResult]:
    """Each of `languages` built into `staging/<lang>`, in `jobs` forked processes (in this one for 1);
    the last to start in parts, one per process, when that keeps every process busy to the end."""
    order = longest_first(tree, languages)
    parts = _tail_parts(tree, order, jobs, api, unchanged_pages or {})
    split = len(parts) > 1
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
        for lang in (order[:-1] if split else order)
    ]
    if split:
        builds += [
            partial(
                build_language,
                tree.root,
                part.lang,
                part.folder(staging),
                cache,
                tree=tree,
                versions=versions,
                part=part,
            )
            for part in parts
        ]
    with shown_progress({lang: len(tree.site_pages(lang)) + 1 for lang in languages}) as pages:
        if not forks(jobs, languages):
            results = [build() for build in builds]
        else:
            with worker_pool(min(jobs, len(builds)), pages) as pool:
                futures = [pool.submit(build) for build in builds]
                results = [future.result() for future in futures]
    if split:
        results[len(order) - 1 :] = [joined_result(staging, parts, results[len(order) - 1 :])]
    return results


def _tail_parts(
    tree: SourceTree,
    order: list[str],
    jobs: int,
    api: ApiInventory | None,
    unchanged_pages: dict[str, list[str]],
) -> list[LanguagePart]:
    """The parts the last language to start is built in (`language_parts.py`); none to split when it
    keeps pages of an earlier build (a rebuild renders few pages) or documents objects."""
    if not order or unchanged_pages.get(order[-1]):
        return []
    last = order[-1]
    api = api if api is not None else site_inventory(tree.project, tree)
    return language_parts(
        tree, last, splits(tree, last, jobs, len(order), bool(autodoc_objects(tree, last, api)))
    )


def longest_first(tree: SourceTree, languages: list[str]) -> list[str]:
    """The order the worker processes take the languages in: English first (the others convert their own
    pages first, then take its conversions where they fall back to it: `page_conversion.convert_page`),
    then the languages with the most pages of their own to convert, so that the shortest builds fill
    the end and no process is left alone with a long one (the last is built in parts when that keeps
    every process busy: `language_parts.py`)."""
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
