"""A language folder's page files, each read once: the page it is and what is wrong with it.

`read_source_tree` reads every page file; a tree updated after an edit (`tree_update.py`) reads again
only the files that changed and keeps the other reads, and both make a language's pages from the reads
with `pages_of`, so an updated tree has the same pages, in the same order, as one read anew.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePath

from polydocs.diagnostics import Diagnostic
from polydocs.sources.confinement import inside_tree
from polydocs.sources.front_matter import front_matter_problem
from polydocs.sources.pages import is_page, page_key, page_local
from polydocs.sources.text import NotRegularFile, not_regular, not_utf8, read_tree_bytes, read_tree_text


@dataclass(frozen=True)
class Page:
    """One source page: `local` is its path inside the language folder, without suffix."""

    lang: str
    local: str
    path: Path

    @property
    def src_uri(self) -> str:
        """The page's name in the built site's docs tree (always `.md`, also for `.mdx` sources)."""
        return f"{self.local}.md"

    @property
    def key(self) -> str:
        return page_key(self.lang, PurePath(self.local + self.path.suffix))

    def read(self) -> str:
        return read_tree_text(self.path)


@dataclass(frozen=True)
class PageRead:
    """What reading the page file at `path` found: the page (None when the file is not UTF-8: it is left
    out of the site) and the problem with the file, if any."""

    path: Path
    page: Page | None
    problem: Diagnostic | None = None


def read_page_file(lang: str, folder: Path, path: Path, root: Path) -> PageRead | None:
    """The file at `path`, below the language folder `folder`, read as a page; None when it is no page,
    or its real path lies outside the tree or is no regular file (`entries_not_read` reports it)."""
    relative = path.relative_to(folder)
    if not is_page(relative) or not inside_tree(path, root):
        return None
    try:
        data = read_tree_bytes(path)
    except NotRegularFile as error:  # a folder named like a page, or a FIFO made since the walk
        return PageRead(path, None, not_regular(path, error.kind, "the page is left out of the site"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return PageRead(
            path, None, not_utf8(path, data, error, "the page is left out of the site", "warning")
        )
    return PageRead(path, Page(lang, page_local(relative), path), front_matter_problem(path, text))


def read_language_pages(lang: str, folder: Path, root: Path) -> dict[Path, PageRead]:
    """Every page file below `folder`, read, in path order."""
    reads = (read_page_file(lang, folder, path, root) for path in sorted(folder.rglob("*")))
    return {read.path: read for read in reads if read is not None}


def pages_of(reads: dict[Path, PageRead], problems: list[Diagnostic]) -> dict[str, Page]:
    """A language's pages by name, in path order, from its reads (whose problems join `problems`); of
    `guide.md` and `guide.mdx` the later in path order is the page."""
    pages: dict[str, Page] = {}
    for read in reads.values():
        if read.problem is not None:
            problems.append(read.problem)
        if read.page is not None:
            pages[read.page.local] = read.page
    return pages
