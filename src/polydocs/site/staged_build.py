"""What `polydocs build` does in its staging folder: the languages that changed built, the published files
scanned for secrets, the problems reported, the root pages written and the result published."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.lint.secrets.published import scan_published
from polydocs.site.before_forking import prepare_languages
from polydocs.site.build_report import (
    BuildFailed,
    BuildReport,
    LanguageResult,
    refuse_failures,
    unique_problems,
)
from polydocs.site.build_scope import problems_read
from polydocs.site.build_summary import fold_library_warnings
from polydocs.site.content_policy import html_pages, policy_problems
from polydocs.site.converted_trees import mark_converted
from polydocs.site.language_manifest import TreeInputs, UnchangedLanguages
from polydocs.site.language_scheduling import BuildPlan, build_languages, plan_builds
from polydocs.site.output import StagedSite
from polydocs.site.published_scan import PublishedScan
from polydocs.site.site_root import site_languages, write_root_pages
from polydocs.site.theme_languages import theme_language_problems
from polydocs.site.versions import SiteVersions, VersionRequest, carry_over_version, publish_version
from polydocs.site.warm_start import warm_start
from polydocs.sources import SourceTree
from polydocs.sources.api_inventory import ApiInventory


@dataclass(frozen=True)
class StagedBuild:
    """One build's inputs: the tree read once, the languages it builds, and where it writes them."""

    # The tree as given (its theme-language warnings name it so) and as read.
    source: Path
    tree: SourceTree
    api: ApiInventory
    languages: list[str]
    only: list[str] | None
    out: Path
    staged: StagedSite
    cache: Path | None
    # A build of this tree with this polydocs filled the cache (`converted_trees.converted_before`).
    cache_filled: bool
    version: VersionRequest | None
    versions: SiteVersions | None

    @property
    def site(self) -> Path:
        """The staged folder the languages are built into: the version's with a `version`."""
        return self.staged.folder / self.version.name if self.version else self.staged.folder

    @property
    def current(self) -> Path:
        """The published folder this build replaces."""
        return self.out / self.version.name if self.version else self.out

    @property
    def named(self) -> tuple[SiteVersions, str] | None:
        return (self.versions, self.version.name) if self.versions and self.version else None


def build_staged(
    build: StagedBuild,
    side: ProcessPoolExecutor,
    listing: Future[None] | None,
    strict: bool,
    jobs: int | None,
) -> BuildReport:
    """Build what changed into the staging folder and publish it; `side` (a process beside this one)
    scans what is published for secrets and, on a first build, has started listing the library's names
    (`listing`)."""
    tree, languages, cache, cache_filled = build.tree, build.languages, build.cache, build.cache_filled
    language_problems = theme_language_problems([tree.language(code) for code in languages], build.source)
    inputs = TreeInputs(tree, build.api, build.named)
    unchanged = UnchangedLanguages(cache, inputs, build.current)
    kept = _kept_languages(unchanged, languages)
    rebuilt = [lang for lang in languages if lang not in kept]
    secrets = _secret_scan(side, PublishedScan(cache, inputs, languages), build)
    plan = plan_builds(tree, rebuilt, jobs, cache_filled, unchanged.unchanged_pages, build.api)
    if rebuilt:
        prepare_languages(tree, rebuilt, build.api, cache_filled, listing, _warm(build, plan))
    results = build_languages(tree, plan, build.site, cache, build.named, unchanged.unchanged_pages)
    built = {result.lang: result for result in results}
    results = [built.get(lang) or kept[lang] for lang in languages]
    report = _report(build, results, [*problems_read(tree, languages), *language_problems, *secrets()])
    refuse_failures(report, strict)
    if rebuilt:
        mark_converted(cache, tree.root)
    for result in built.values():
        unchanged.record(build.site, result.lang, result.pages, result.diagnostics)
    _publish(build, rebuilt, report)
    return report


def _kept_languages(unchanged: UnchangedLanguages, languages: list[str]) -> dict[str, LanguageResult]:
    """The languages nothing changed for, with what their last build reported."""
    return {
        lang: LanguageResult(lang, 0.0, record.pages, record.diagnostics, unchanged=True)
        for lang, record in unchanged.kept(languages).items()
    }


def _secret_scan(
    side: ProcessPoolExecutor, published_scan: PublishedScan, build: StagedBuild
) -> Callable[[], list[Diagnostic]]:
    """The findings of the secret scan of what is published, kept from the last scan of the same
    inputs or scanned in `side` while the languages build; call the result for them."""
    kept = published_scan.kept()
    if kept is not None:
        return lambda: kept
    folder = build.cache / "secrets" if build.cache else None
    scan = side.submit(scan_published, build.tree, build.languages, folder)

    def findings() -> list[Diagnostic]:
        found = scan.result()
        published_scan.keep(found)
        return found

    return findings


def _report(build: StagedBuild, results: list[LanguageResult], problems: list[Diagnostic]) -> BuildReport:
    """Every problem once, the tree's and the scan's and each language's, and the results."""
    problems += [problem for result in results for problem in result.diagnostics]
    unique = unique_problems(problems)
    folded = fold_library_warnings(build.tree, build.api, unique)
    return BuildReport(build.out, results, unique, 0.0, build.tree, folded)


def _warm(build: StagedBuild, plan: BuildPlan) -> Callable[[], AbstractContextManager[None]] | None:
    """The warm start of the forked language processes (`warm_start.py`); none when nothing forks."""
    if not plan.forks:
        return None
    first = plan.order[0]
    return partial(warm_start, build.tree, first, build.site / first, build.cache, not build.cache_filled)


def _publish(build: StagedBuild, rebuilt: list[str], report: BuildReport) -> None:
    """The root pages written, and the staged site switched in: the built languages with them, the kept
    ones carried over as they are; not one file written when nothing changed. Every page written must
    carry its Content-Security-Policy (`content_policy.py`), or nothing is published."""
    staged, version, versions = build.staged, build.version, build.versions
    languages = site_languages(build.tree, build.languages, build.current, build.only)
    root_pages = write_root_pages(build.site, languages, build.tree)
    if version is None and not rebuilt and staged.matches_published(root_pages):
        return  # nothing changed: the published site is left as it is
    if version is None or versions is None:
        written = [*rebuilt, *root_pages]
        checked = written
    else:
        carry_over_version(build.out, staged.folder, version, [*rebuilt, *root_pages])
        written = publish_version(staged.folder, version, versions)
        checked = [name for name in written if name not in version.aliases]  # copies of the version
    _refuse_unprotected_pages(build, checked, report)
    staged.publish(written)


def _refuse_unprotected_pages(build: StagedBuild, written: list[str], report: BuildReport) -> None:
    """Stop the build, naming each HTML page among the top-level entries `written` (in the staging
    folder) that lacks its Content-Security-Policy."""
    folder = build.staged.folder
    pages = [page for name in written for page in html_pages(folder / name)]
    problems = policy_problems(pages, folder, build.out)
    if problems:
        report.diagnostics += problems
        summary = f"{len(problems)} page(s) lack their Content-Security-Policy; the site is not published"
        raise BuildFailed(problems, summary, report)
