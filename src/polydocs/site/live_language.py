"""A language build `polydocs serve` keeps in memory, so that an edit of pages' text renders them alone.

A full language build costs a second or more on a real tree (MkDocs lists Material's theme files, every
page is read and rendered into Material's templates). When an edit changes only the text of pages that
were already there, with the same toctrees and settings, no other page's HTML changes: navigation
titles and the previous/next links come from the toctree, the alternates from the page lists. So the
kept build re-reads and re-renders those pages, puts their entries in the language's search index in
place of the old ones (the index then equals a full build's), and moves what it wrote into the served
folder, one file at a time. Anything else is a full build of the language, as before.

MkDocs has no public call to render one page of a build; the two steps `mkdocs build` takes for each
page (`site/engine/mkdocs_private.py`: `populate_page`, `build_page`) are called here the same way on
the state the build left.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from polydocs.lint.status_page import render_status_markdown
from polydocs.site.engine.mkdocs_private import build_page, populate_page
from polydocs.site.plugin import STATUS_PAGE, PolydocsPlugin
from polydocs.sources import SourceTree


class LiveLanguage:
    """One language's MkDocs build, kept after it wrote `published` (through a staging folder)."""

    def __init__(self, config: MkDocsConfig, published: Path) -> None:
        self.config, self.published = config, published
        plugin = config.plugins["polydocs"]
        assert isinstance(plugin, PolydocsPlugin)
        self.plugin = plugin

    def can_render(self, tree: SourceTree, locals_: list[str]) -> bool:
        """Whether rendering these pages alone gives what a full build would: the same pages, toctrees
        and settings as when this build ran."""
        before = self.plugin.tree
        same_site = all(
            sorted(tree.site_pages(code)) == sorted(before.site_pages(code)) for code in tree.languages
        )
        return (
            same_site
            # autorefs resolves every page's cross-references once all are rendered (`on_env`).
            and "autorefs" not in self.config.plugins
            and tree.languages == before.languages
            and tree.toctrees == before.toctrees
            and tree.project == before.project
            and tree.redirects == before.redirects
            and all(self.plugin.files.get_file_from_path(f"{local}.md") for local in locals_)
        )

    def render(self, tree: SourceTree, locals_: list[str]) -> None:
        """Render these pages (`status` among them when the translations' states changed) and publish them."""
        self.plugin.read_tree_again(tree)
        files = self.plugin.files
        if STATUS_PAGE in locals_:
            status = files.get_file_from_path(f"{STATUS_PAGE}.md")
            assert status is not None
            status.content_string = render_status_markdown(tree, self.plugin.lang)
        for local in locals_:
            file = files.get_file_from_path(f"{local}.md")
            assert file is not None and file.page is not None
            self._render_page(file.page)
        if self.plugin.search is not None:
            self.plugin.search.on_post_build(config=self.config)
        move_into(Path(self.config.site_dir), self.published)

    def _render_page(self, page: Page) -> None:
        """What `mkdocs build` does for each page; the page's search entries where its old ones were."""
        files, search = self.plugin.files, self.plugin.search
        entries = search.search_index.entries if search is not None else []
        at = _drop_entries(entries, page.url)
        populate_page(page, self.config, files)
        before = len(entries)
        build_page(page, self.config, files, self.plugin.nav, self.plugin.env)
        added = entries[before:]
        del entries[before:]
        entries[at:at] = added


def _drop_entries(entries: list[dict[str, Any]], url: str) -> int:
    """Remove a page's search entries (its own and its sections'); where the first of them was."""
    mine = [i for i, entry in enumerate(entries) if entry["location"].partition("#")[0] == url]
    for index in reversed(mine):
        del entries[index]
    return mine[0] if mine else len(entries)


def move_into(written: Path, published: Path) -> None:
    """Each file a rendering (or a preview: `page_preview.py`) wrote replaces the served one in one
    step (a reader gets old or new)."""
    for top, _, names in os.walk(written):
        for name in names:
            source = Path(top) / name
            target = published / source.relative_to(written)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
    shutil.rmtree(written, ignore_errors=True)
