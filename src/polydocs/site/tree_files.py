"""The tree's own files (images, data) in a language's site: only the types the site publishes
(`sources/published_files.py`), and never one at a path the theme or polydocs writes.

MkDocs lets the docs folder's files win over the theme's: a tree's `es/assets/polydocs/md-storage.js`
replaced the theme's script on every Spanish page. It copies them after rendering the pages (a page's
notebook is written then) and before writing the pages, the search index, sitemaps and redirects. So the
rule follows the build's steps, none of them a list of names: a tree file at a path the theme publishes
(MkDocs' own listing of the theme's files) is left out and the theme's file published; one at a path the
build wrote before MkDocs copies the files (a page's notebook, written as the page is rendered) is left
out; and once the language is built, a tree file whose published copy is no longer the tree's bytes was
written over by the build. Each is an `asset-shadows` warning at the tree's file.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from polydocs.diagnostics import Diagnostic
from polydocs.sources.published_files import is_passive

CODE = "asset-shadows"

_log = logging.getLogger("polydocs.site")


def is_tree_file(file: File, docs_dir: Path) -> bool:
    """A file copied from the language folder as it is (not a page, not the theme's, not generated)."""
    source = file.abs_src_path
    return (
        file.generated_by is None
        and source is not None
        and Path(source).is_relative_to(docs_dir)
        and not file.is_documentation_page()
    )


def keep_publishable_tree_files(files: Files, config: MkDocsConfig) -> list[File]:
    """Take out of `files` the tree's files of a refused type (the source tree reported them) and those
    at a path of the theme's (reported here, the theme's file put back); return the tree files kept."""
    docs_dir = Path(config.docs_dir)
    tree_files = {file.dest_uri: file for file in files if is_tree_file(file, docs_dir)}
    for file in tree_files.values():
        if not is_passive(file.src_uri):
            files.remove(file)
    theme = Files([])
    theme.add_files_from_theme(config.theme.get_env(), config)
    for theme_file in theme:
        shadowing = tree_files.get(theme_file.dest_uri)
        if shadowing is None:
            continue
        if _holds(files, shadowing):
            files.remove(shadowing)
            _warn(shadowing, "the theme publishes a file at the same path; the theme's is published")
        files.append(theme_file)  # MkDocs left it out for the tree's
    return [file for file in tree_files.values() if _holds(files, file)]


def _holds(files: Files, file: File) -> bool:
    return files.get_file_from_path(file.src_uri) is file


def drop_tree_files_the_build_wrote(kept: list[File], files: Files, site_dir: Path) -> list[File]:
    """Just before MkDocs copies the files (`on_env`): a tree file at a path this build already wrote
    (the site folder starts empty; rendering the pages wrote their notebooks) is left out, and said.
    Returns the tree files still to be copied."""
    still = []
    for file in kept:
        if (site_dir / file.dest_uri).exists():
            files.remove(file)
            _warn(file, "the build writes a file of its own at the same path; the build's is published")
        else:
            still.append(file)
    return still


def report_overwritten_tree_files(kept: list[File], site_dir: Path) -> None:
    """Warn about each tree file whose published copy the build wrote over (a page's notebook, the search
    index, ...): the build's file is what readers get."""
    for file in kept:
        published = site_dir / file.dest_uri
        source = Path(file.abs_src_path or "")
        if published.is_file() and source.is_file() and published.read_bytes() != source.read_bytes():
            _warn(file, "the build writes a file of its own at the same path; the build's is published")


def _warn(file: File, why: str) -> None:
    problem = Diagnostic(
        file.abs_src_path or file.src_uri,
        0,
        CODE,
        f"`{file.dest_uri}` is a path the site itself publishes: {why}",
        "rename or move the file",
    )
    _log.warning("%s", problem)  # the object itself: `polydocs build` reports it
