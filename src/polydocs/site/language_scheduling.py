"""Which process builds which language, and in what order: every language once, both cores kept busy."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from polydocs.dialect.site_inventory import site_inventory
from polydocs.markup.autodoc import autodoc_objects
from polydocs.site.build_report import LanguageResult
from polydocs.site.language_build import build_language
from polydocs.site.language_parts import LanguagePart, joined_result, language_parts, splits
from polydocs.site.progress import report_through, shown_progress
from polydocs.site.versions import SiteVersions
from polydocs.sources import SOURCE_LANGUAGE, SourceTree
from polydocs.sources.api_inventory import ApiInventory
from polydocs.worker_processes import worker_pool


@dataclass(frozen=True)
class BuildPlan:
    """The builds the processes take, in order: the languages, the last one in `parts` when it is
    split (`language_parts.py`), in up to `jobs` processes."""

    order: list[str]
    parts: list[LanguagePart]
    jobs: int

    @property
    def builds(self) -> int:
        return len(self.order) - 1 + len(self.parts) if self.parts else len(self.order)

    @property
    def forks(self) -> bool:
        """Whether the builds run in forked processes rather than in this one."""
        return self.jobs > 1 and self.builds > 1


def plan_builds(
    tree: SourceTree,
    languages: list[str],
    jobs: int | None,
    cache_filled: bool,
    unchanged_pages: dict[str, list[str]] | None = None,
    api: ApiInventory | None = None,
) -> BuildPlan:
    """The languages longest first, in `jobs` processes (None: `default_jobs`). The last is split into
    one part per process where the processes would otherwise idle while it builds
    (`language_parts.splits`), never a language that keeps pages of an earlier build (a rebuild renders
    few pages); where it cannot be split, the default is a process per language when they are fewer
    than two rounds of processes (`_one_round`)."""
    order = longest_first(tree, languages)
    processes = jobs or default_jobs(languages, cache_filled)
    if not order or (unchanged_pages or {}).get(order[-1]):
        return BuildPlan(order, [], processes)
    last = order[-1]

    def documents_objects() -> bool:
        return bool(autodoc_objects(tree, last, api or site_inventory(tree.project, tree)))

    count = splits(tree, last, processes, len(order), documents_objects)
    if count > 1:
        return BuildPlan(order, language_parts(tree, last, count), processes)
    return BuildPlan(order, [], processes if jobs else _one_round(len(order), processes))


def _one_round(languages: int, processes: int) -> int:
    """A process per language where the languages fill more than one round of `processes` but not two:
    three short languages on two CPUs start at once, instead of the third building alone while a CPU
    idles. Each extra process pays its first language's start (about 0.05 s of CPU on docs_src), less
    than the idle CPU cost: docs_src and the 50-page scale tree built 4-5 % faster (paired runs)."""
    return languages if processes < languages < 2 * processes else processes


def build_languages(
    tree: SourceTree,
    plan: BuildPlan,
    staging: Path,
    cache: Path | None,
    versions: tuple[SiteVersions, str] | None = None,
    unchanged_pages: dict[str, list[str]] | None = None,
) -> list[LanguageResult]:
    """Each language of `plan` built into `staging/<lang>`, in forked processes (in this one when the
    plan does not fork); a split language's parts joined into its folder."""
    build = partial(build_language, tree.root, cache=cache, tree=tree, versions=versions)
    whole = plan.order[:-1] if plan.parts else plan.order
    kept = unchanged_pages or {}
    builds = [partial(build, lang, staging / lang, unchanged_pages=kept.get(lang)) for lang in whole]
    builds += [partial(build, part.lang, part.folder(staging), part=part) for part in plan.parts]
    with shown_progress({lang: len(tree.site_pages(lang)) for lang in plan.order}) as pages:
        if not plan.forks:
            results = [run() for run in builds]
        else:
            # Each process reports its finished pages to this one's progress.
            with worker_pool(min(plan.jobs, len(builds)), partial(report_through, pages)) as pool:
                futures = [pool.submit(run) for run in builds]
                results = [future.result() for future in futures]
    if plan.parts:
        results[len(whole) :] = [joined_result(staging, plan.parts, results[len(whole) :])]
    return results


def longest_first(tree: SourceTree, languages: list[str]) -> list[str]:
    """The order the worker processes take the languages in: English first (the others convert their own
    pages first, then take its conversions where they fall back to it: `page_conversion.convert_page`),
    then the languages with the most pages of their own to convert, so that the shortest builds fill
    the end and no process is left alone with a long one (the last is built in parts when that keeps
    every process busy: `plan_builds`)."""
    own = {lang: len(tree.pages.get(lang, {})) for lang in languages}
    return sorted(languages, key=lambda lang: (lang != SOURCE_LANGUAGE, -own[lang], lang))


def default_jobs(languages: list[str], cache_filled: bool) -> int:
    """One process per CPU while pages need converting, so that English (first) finishes early and the
    languages after it reuse its conversions where they fall back to it, and the last language is
    split where a CPU would idle (`plan_builds`). With converted pages cached there is nothing to wait
    for: every language starts at once, and no CPU idles at the end."""
    return len(languages) if cache_filled else os.cpu_count() or 1
