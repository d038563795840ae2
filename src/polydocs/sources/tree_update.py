"""A source tree updated for the files an edit changed, instead of read again whole (`polydocs serve`).

Reading the course (26 languages, 1,044 pages) costs 0.4 to 0.65 s: every file's real path, every page read
and its front matter checked, every toctree parsed, every link of the tree looked at. An edit changes a
file or a few: those pages are read again, the toctree or `_redirects.yml` of their language parsed
again, and the rest of the model (pages in order, toctree checks, redirects, problems) is derived from
the kept reads by `derive_model`, the derivation a full read makes. The English pages' content hashes
are kept for the files that did not change, so the translations' freshness hashes the edited ones alone.

What this cannot tell from a file alone reads the whole tree again: a change outside the language
folders (polydocs.yml, `_config.py`, the lock, `_data/`), the tree's top folder itself (a language folder
added, removed or renamed), a folder, or a symbolic link (one leaving the tree is a problem of the tree).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from polydocs.diagnostics import PolydocsError
from polydocs.sources.page_reading import read_page_file
from polydocs.sources.pages import TOCTREE_NAME, is_page
from polydocs.sources.published_files import copied_by_mkdocs, is_passive
from polydocs.sources.redirects import REDIRECTS_NAME, read_redirects
from polydocs.sources.toctree import Toctree, load_toctree
from polydocs.sources.tree import SourceTree, TreeReading, derive_model, read_source_tree


class _ReadAgain(Exception):
    """The edit needs the whole tree read again."""


def updated_source_tree(tree: SourceTree, changed: Iterable[Path]) -> SourceTree:
    """The tree as `read_source_tree` would read it now, when only the files at `changed` differ from
    when `tree` was read (edited, added or deleted; the tree's top folder when its entries changed).
    `tree` itself is left as it was. Raises PolydocsError when the tree cannot be built at all, and
    ValueError for a tree made by hand: nothing says how to read it again (the library's guess)."""
    reading = tree.reading
    if reading is None:
        raise ValueError(f"{tree.root}: a source tree made by hand cannot be updated; read it again")
    update = _Update(tree, reading)
    try:
        for path in changed:
            update.apply(Path(os.path.abspath(path)))
    except _ReadAgain:
        return read_source_tree(tree.root, reading.library_option, reading.pages_library)
    return update.tree()


class _Update:
    """The reads of `tree`, copied, then changed file by file."""

    def __init__(self, tree: SourceTree, reading: TreeReading) -> None:
        self.old, self.reading, self.root = tree, reading, Path(os.path.abspath(tree.root))
        self.page_reads = {lang: dict(reads) for lang, reads in reading.page_reads.items()}
        self.redirect_reads = dict(reading.redirect_reads)
        self.digests = dict(reading.digests)
        self.toctrees: dict[str, Toctree] = dict(tree.toctrees)
        self.links_out = {Path(os.path.abspath(problem.path)) for problem in reading.links_out}

    def apply(self, path: Path) -> None:
        lang = self._language_of(path)
        folder = self.old.folder(lang)
        relative = path.relative_to(os.path.abspath(folder))
        if relative.as_posix() == TOCTREE_NAME:
            self.toctrees[lang] = _toctree(folder / TOCTREE_NAME)
        elif relative.as_posix() == REDIRECTS_NAME:
            self.redirect_reads[lang] = read_redirects(folder / REDIRECTS_NAME)
        elif is_page(relative):
            self._page(lang, folder, folder / relative)
        elif self.old.single_language and len(relative.parts) == 1:
            raise _ReadAgain  # the top of a single-language tree: polydocs.yml, `_config.py`, the lock
        elif copied_by_mkdocs(relative.as_posix(), self.old.single_language) and not is_passive(
            relative.as_posix()
        ):
            raise _ReadAgain  # a file the site refuses to publish is a problem of the tree
        # Any other file of a language folder (an image, a hidden file) is no part of the model.

    def _language_of(self, path: Path) -> str:
        """The language folder `path` lies in, where nothing on its way is a link or an unknown folder."""
        if path == self.root or not path.is_relative_to(self.root) or os.path.isdir(path):
            raise _ReadAgain
        on_the_way = [p for p in [path, *path.parents] if p.is_relative_to(self.root) and p != self.root]
        if any(p in self.links_out or os.path.islink(p) for p in on_the_way):
            raise _ReadAgain
        lang = self.old.language_at(path)
        if lang is None:
            raise _ReadAgain
        return lang

    def _page(self, lang: str, folder: Path, path: Path) -> None:
        self.digests.pop(path, None)
        self.page_reads[lang].pop(path, None)
        if os.path.lexists(path):
            read = read_page_file(lang, folder, path, self.old.root)
            if read is not None:
                self.page_reads[lang][path] = read
                self.page_reads[lang] = dict(sorted(self.page_reads[lang].items()))

    def tree(self) -> SourceTree:
        reading = replace(
            self.reading,
            page_reads=self.page_reads,
            redirect_reads=self.redirect_reads,
            digests=self.digests,
        )
        model = replace(self.old, pages={}, toctrees=self.toctrees, problems=[], redirects={}, reading=None)
        return derive_model(model, reading)


def _toctree(path: Path) -> Toctree:
    """The language's toctree read again; a toctree that cannot be read is reported as a full read does."""
    try:
        return load_toctree(path)
    except (PolydocsError, OSError):
        raise _ReadAgain from None
