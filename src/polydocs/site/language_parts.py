"""One language built by several processes at once, so that no core idles while the last one builds.

With more languages than processes, the last language to start is built alone while the other processes
have nothing left (the 200-page scale tree on two cores: a third of the build); a tree of one language
keeps one process for the whole build. That language is built in parts instead: every part runs the
language's whole MkDocs build (its pages converted, from the page cache where another process converted
them already), but renders into Material's templates only its share of the pages, the others written
by no part but their own (the plugin's `rendered_elsewhere`, the same way a rebuild skips the pages it
keeps). The first part makes all the rest of the language (the search index of every page, the
sitemap, the status page, the notebooks, the assets) in the language's staging folder; each other part
builds into a folder beside it, whose rendered pages are moved into the language's folder when every
part is done, and the rest of it removed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from polydocs.site.build_report import LanguageResult
from polydocs.site.language_manifest import page_file, published_pages
from polydocs.site.plugin import STATUS_PAGE
from polydocs.sources import SourceTree

# A part costs a language build's fixed work again (MkDocs' configuration, the theme's files, every page
# read from the cache): below this many pages, splitting gains nothing (the 50-page scale tree, its
# Portuguese of 51 pages split: the same wall time, 0.2 s more CPU, six pairs of runs).
MIN_PAGES_TO_SPLIT = 60
# What the first part does for every page of the language (indexing it for search) against rendering
# one page, as a share of the language's pages.
FIRST_PART_SHARE = 0.3


@dataclass(frozen=True)
class LanguagePart:
    """Part `index` of one language's build: it renders `pages` (their `src_uri`) and no other; the
    first part also indexes every page for search and writes the language's other files."""

    lang: str
    index: int
    pages: frozenset[str]
    # Every part converts every page: the first indexes them all for search.
    converts_every_page = True

    @property
    def first(self) -> bool:
        return self.index == 0

    def folder(self, staging: Path) -> Path:
        """Where this part builds: the language's staging folder for the first part, one beside it for
        the others (a name no language folder has: language codes have no dot)."""
        return staging / self.lang if self.first else staging / f".{self.lang}.part{self.index}"

    def rendered_elsewhere(self, tree: SourceTree) -> list[str]:
        """The language's pages another part renders: every page but this part's, and the status page
        but in the first part."""
        pages = tree.site_pages(self.lang).values()
        others = [page.src_uri for page in pages if page.src_uri not in self.pages]
        return sorted(others if self.first else [*others, f"{STATUS_PAGE}.md"])


def language_parts(tree: SourceTree, lang: str, count: int) -> list[LanguagePart]:
    """`lang`'s pages dealt to `count` parts in the navigation's order, each page to the part with the
    least to do. The first part starts with the work it does for every page (`FIRST_PART_SHARE`): the
    others take the first pages, then the parts take turns, and the first renders fewer pages."""
    names = [page.src_uri for page in tree.site_pages(lang).values()]
    loads = [FIRST_PART_SHARE * len(names)] + [0.0] * (count - 1)
    dealt: list[set[str]] = [set() for _ in range(count)]
    for name in names:
        least = min(range(count), key=lambda index: (loads[index], index))
        dealt[least].add(name)
        loads[least] += 1
    return [LanguagePart(lang, index, frozenset(pages)) for index, pages in enumerate(dealt)]


def splits(
    tree: SourceTree, lang: str, jobs: int, languages: int, documents_objects: Callable[[], bool]
) -> int:
    """How many parts the last language to start (`lang`) is built in: one per process when the last
    round of languages leaves processes without one (three languages on two, or one language) and it
    is long enough; one where its pages document objects (each part would load the documented
    package again: on peft, 45 % more CPU for the same wall time), asked last: it reads every page."""
    if jobs < 2 or languages % jobs == 0 or len(tree.site_pages(lang)) < MIN_PAGES_TO_SPLIT:
        return 1
    return 1 if documents_objects() else jobs


def joined_result(staging: Path, parts: list[LanguagePart], results: list[LanguageResult]) -> LanguageResult:
    """The parts' rendered pages moved into the language's folder, their folders removed; the language's
    result: the slowest part's time, every part's problems, the first failure."""
    first = parts[0]
    failed = next((result for result in results if result.error), None)
    for part in parts[1:]:
        folder = part.folder(staging)
        if failed is None:
            for src_uri in sorted(part.pages):
                published = page_file(src_uri.removesuffix(".md"))
                target = first.folder(staging) / published
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(folder / published, target)
        shutil.rmtree(folder, ignore_errors=True)
    diagnostics = [problem for result in results for problem in result.diagnostics]
    seconds = max(result.seconds for result in results)
    if failed is not None:
        return LanguageResult(first.lang, seconds, 0, diagnostics, failed.error, parts=len(parts))
    pages = published_pages(first.folder(staging), (src_uri for part in parts for src_uri in part.pages))
    return LanguageResult(first.lang, seconds, pages, diagnostics, parts=len(parts))
