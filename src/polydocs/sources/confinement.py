"""Only the source tree is published: a file counts when its real path lies inside the tree, and it is a
regular file (or a folder).

A contributor can commit a symbolic link (`es/passwd.txt -> /etc/passwd`, a folder of keys, a page that
points at another repository's file). Links that stay inside the tree are fine; everything else is
reported once, at the link, and never read as a page, an asset or a notebook. A FIFO, socket or device
(a FIFO named `guide.md` made build and lint wait forever) is reported at its path and never opened
(`text.py` reads only regular files).
"""

from __future__ import annotations

import os
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.sources.text import not_regular, special_kind


def inside_tree(path: Path, root: Path) -> bool:
    """Whether `path`, every link on the way followed, is an existing regular file or folder inside
    `root`."""
    real = Path(os.path.realpath(path))
    return real.exists() and special_kind(real) is None and real.is_relative_to(os.path.realpath(root))


def entries_not_read(root: Path) -> list[Diagnostic]:
    """One warning per entry under `root` that is not read: a symbolic link that points outside it or
    nowhere, a FIFO, a socket, a device (`link_leaving_tree` says which).

    The walk does not follow links, so a linked folder is reported once, not file by file.
    """
    problems = []
    for folder, subfolders, files in os.walk(root):
        for name in sorted([*subfolders, *files]):
            path = Path(folder) / name
            if (path.is_symlink() or name in files) and not inside_tree(path, root):
                problems.append(link_leaving_tree(path))
    return problems


def link_leaving_tree(path: Path) -> Diagnostic:
    """Why the tree does not read `path`: a link (at `path`, or in a folder above it) that leaves the tree
    or points nowhere, or a file (or a link to one) that is no regular file."""
    kind = special_kind(path)
    if kind is not None:
        return not_regular(path, kind, "polydocs neither reads nor publishes it")
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
