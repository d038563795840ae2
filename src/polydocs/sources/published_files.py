"""Which files of a language folder, besides its pages, the site publishes: passive types only.

MkDocs copies every other file of its docs folder into the site as it is. A file a browser would run or
render as a document there (`.html`, `.svg`, `.js`, `.css`, `.xml`, ...) would run on the site's own
address, where the Content-Security-Policy lets the site's own files run: a tree could replace the
theme's scripts (`es/assets/polydocs/md-storage.js`) or publish a page no sanitiser has read. So the
rule is an allowlist: images, audio and video, and plain data a browser shows as text or downloads are
published; every other file is refused, reported at its path (`asset-refused`, by build and lint) and
left out of the site. A file whose name starts with a dot, the toctree and the redirects are the tree's
own and are never published (nor reported).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import pathspec

from polydocs.diagnostics import Diagnostic
from polydocs.sources.confinement import inside_tree
from polydocs.sources.freshness import LOCK_NAME
from polydocs.sources.pages import PAGE_SUFFIXES, TOCTREE_NAME
from polydocs.sources.project import PROJECT_FILE
from polydocs.sources.redirects import REDIRECTS_NAME

CODE = "asset-refused"

# Each is served with a type browsers neither run nor render as a document (image/*, audio/*, video/*,
# text/plain, text/csv, application/json, or one they download): what they hold stays data. Anything
# else is refused; adding a type here is a decision about what may run on the site's address, to be
# reviewed as such.
PASSIVE_SUFFIXES = frozenset(
    {
        *(".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".ico", ".bmp"),
        *(".mp4", ".webm", ".ogv", ".mp3", ".ogg", ".oga", ".wav", ".flac", ".m4a"),
        *(".txt", ".csv", ".tsv", ".json", ".ipynb"),
        # Source and settings a page links to download or read (`./run.py`): text or a download.
        *(".py", ".yaml", ".yml", ".toml", ".sh"),
    }
)

_PROJECT_FILES = (PROJECT_FILE, LOCK_NAME)
# What MkDocs reads as a documentation page (`mkdocs.utils.markdown_extensions`): the plugin publishes the
# site's pages itself, and no such file as it is.
_MARKDOWN_SUFFIXES = frozenset({*PAGE_SUFFIXES, ".markdown", ".mdown", ".mkdn", ".mkd"})


def unpublished_patterns(single_language: bool) -> str:
    """What MkDocs leaves out of a language's docs folder (its `exclude_docs`, gitignore lines): the
    toctree, the redirects and `.mdx` sources (the plugin adds the pages), and the top of a
    single-language tree's own settings."""
    patterns = f"{TOCTREE_NAME}\n{REDIRECTS_NAME}\n*.mdx\n"
    return patterns + ("/_*\n" + "".join(f"/{name}\n" for name in _PROJECT_FILES) if single_language else "")


@lru_cache(maxsize=2)
def _excluded(single_language: bool) -> pathspec.PathSpec:
    # MkDocs' own default (`.*`, `/templates/`) comes first, as in `mkdocs.structure.files`.
    lines = [".*", "/templates/", *unpublished_patterns(single_language).splitlines()]
    return pathspec.GitIgnoreSpec.from_lines(lines)


def is_passive(relative: str) -> bool:
    """Whether a file of this name is one the site publishes: its type is on the passive list."""
    return _suffix(relative) in PASSIVE_SUFFIXES


def copied_by_mkdocs(relative: str, single_language: bool) -> bool:
    """Whether MkDocs would copy the file at `relative` (inside the language folder) into the site."""
    if _suffix(relative) in _MARKDOWN_SUFFIXES:
        return False  # a page, or a Markdown file no page is made of: never copied as it is
    return not _excluded(single_language).match_file(relative)


def refused_files(folder: Path, root: Path, single_language: bool) -> list[Diagnostic]:
    """One warning per file of a language folder MkDocs would copy and the site refuses to publish."""
    return [refused_file(folder / relative) for relative in _refused_copies(folder, root, single_language)]


def _suffix(name: str) -> str:
    return os.path.splitext(name)[1].lower()


def refused_file(path: Path) -> Diagnostic:
    suffix = path.suffix.lower()
    kind = f"a `{suffix}` file" if suffix else "a file without a type"
    hint = (
        "draw it as a PNG, or host it elsewhere and link it by its https:// URL"
        if suffix in (".svg", ".svgz")
        else "keep images, audio, video and text data in the tree; host anything else elsewhere and link "
        "it by its https:// URL"
    )
    return Diagnostic(
        str(path),
        0,
        CODE,
        f"{kind} is not published: a browser could run what it holds on the site's own address",
        hint,
    )


def _refused_copies(folder: Path, root: Path, single_language: bool) -> list[str]:
    """The files under `folder` MkDocs would copy and the site refuses, found as MkDocs walks it
    (following links; a link leaving the tree is reported by `confinement.py` and not entered), each
    folder once. Pages and passive files, nearly all of a tree, are told by their name alone."""
    found, seen = [], set()
    for parent, folders, files in os.walk(folder, followlinks=True):
        real = os.path.realpath(parent)
        if real in seen or not inside_tree(Path(parent), root):
            folders[:] = []
            continue
        seen.add(real)
        relative = Path(parent).relative_to(folder)
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(files):
            path = (relative / name).as_posix()
            if is_passive(name) or _suffix(name) in _MARKDOWN_SUFFIXES:
                continue
            if copied_by_mkdocs(path, single_language) and inside_tree(Path(parent) / name, root):
                found.append(path)
    return found
