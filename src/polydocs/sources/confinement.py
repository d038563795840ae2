"""Only the source tree is published: a file counts when its real path lies inside the tree.

A contributor can commit a symbolic link (`es/passwd.txt -> /etc/passwd`, a folder of keys, a page that
points at another repository's file). Links that stay inside the tree are fine; everything else is
reported once, at the link, and never read as a page, an asset or a notebook.
"""

from __future__ import annotations

import os
from pathlib import Path

from polydocs.diagnostics import Diagnostic


def inside_tree(path: Path, root: Path) -> bool:
    """Whether `path`, every link on the way followed, is an existing file or folder inside `root`."""
    real = Path(os.path.realpath(path))
    return real.exists() and real.is_relative_to(os.path.realpath(root))


def links_leaving_tree(root: Path) -> list[Diagnostic]:
    """One warning per symbolic link under `root` that points outside it, or nowhere.

    The walk does not follow links, so a linked folder is reported once, not file by file.
    """
    problems = []
    for folder, subfolders, files in os.walk(root):
        for name in sorted([*subfolders, *files]):
            path = Path(folder) / name
            if path.is_symlink() and not inside_tree(path, root):
                problems.append(link_leaving_tree(path))
    return problems


def link_leaving_tree(path: Path) -> Diagnostic:
    """The warning for a link (at `path`, or in a folder above it) that leaves the tree."""
    link = next((p for p in [path, *path.parents] if p.is_symlink()), path)
    target = os.readlink(link) if link.is_symlink() else os.path.realpath(path)
    why = "points outside the source tree" if os.path.exists(link) else "points to nothing"
    return Diagnostic(
        str(link),
        0,
        "symlink-outside-tree",
        f"symbolic link to `{target}` {why}; polydocs neither publishes nor runs it",
        "commit the file itself inside the tree, or remove the link",
    )
