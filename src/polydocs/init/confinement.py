"""Where `polydocs init` may read and write: inside the repository, through no link that leaves it, under
names that are safe to write into a Makefile, a YAML file and a workflow as they are.

A repository init adopts is anyone's: its docs folder may be a symbolic link to another checkout, its
`_toctree.yml` a link to a file of the machine, a language folder may be named `$(rm -rf ~)` or hold a
newline that would start a new line of the workflow init writes. Each is refused with what to do.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.sources.pages import TOCTREE_NAME
from polydocs.sources.project import PROJECT_FILE

# One folder name of the source path or a language folder: what Makefile, YAML and shell read as text.
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")
# The files init reads at the top of the tree and of each language folder.
_READ = (TOCTREE_NAME, PROJECT_FILE)


class UnsafePath(Exception):
    """A path init must not write (the message), with what to do (`hint`)."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


def _refused(path: Path, message: str, hint: str) -> PolydocsError:
    return PolydocsError([Diagnostic(str(path), 0, "init-path", message, hint, "error")])


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _inside(path: Path, repository: Path) -> bool:
    return _real(path).is_relative_to(_real(repository))


def checked_source(repository: Path, source: Path) -> Path:
    """`source` relative to `repository`, when every part is a plain name and it stays inside."""
    if source.is_absolute():
        if not source.resolve().is_relative_to(repository):
            raise _refused(source, "the docs tree lies outside the repository", "pass --source DIR inside it")
        source = source.resolve().relative_to(repository)
    bad = next((part for part in source.parts if not _NAME.fullmatch(part)), None)
    if bad is not None or not source.parts:
        raise _refused(
            repository / source,
            f"--source {source.as_posix()!r}: {bad!r} is not a plain folder name"
            if bad is not None
            else "--source names no folder",
            "name the tree by a relative path of letters, digits and `_.-` (docs/source), never `..`",
        )
    if not _inside(repository / source, repository):
        raise _refused(
            repository / source,
            f"{source.as_posix()} is a symbolic link to {_real(repository / source)}, outside the repository",
            "init reads and writes only inside the repository: copy the docs tree into it, or run init "
            "in the repository the link points to",
        )
    return source


def check_tree_links(root: Path) -> None:
    """Refuse a tree whose toctrees or settings are links out of it (init would read them)."""
    folders = [root, *(path for path in sorted(root.iterdir()) if path.is_dir())]
    problems = [
        Diagnostic(
            str(path),
            0,
            "init-path",
            f"a symbolic link to {os.readlink(path)}, outside the docs tree; init does not follow it",
            "commit the file itself inside the tree",
            "error",
        )
        for path in (folder / file for folder in folders for file in _READ)
        if path.is_symlink() and not _inside(path, root)
    ]
    if problems:
        raise PolydocsError(problems, "nothing was written")


def check_language_names(root: Path, languages: list[str]) -> None:
    """Refuse language folders whose names init could not write into a Makefile or workflow as they are."""
    problems = [
        Diagnostic(
            str(root / name),
            0,
            "init-path",
            f"the language folder {name!r} has a name init does not write into a Makefile or workflow",
            "rename it to its language tag (es, pt-BR, zh-hans)",
            "error",
        )
        for name in languages
        if not _NAME.fullmatch(name)
    ]
    if problems:
        raise PolydocsError(problems, "nothing was written")


def check_target(repository: Path, relative: Path) -> None:
    """Raises UnsafePath when writing `relative` would go through a link out of the repository, or
    replace a link."""
    target = repository / relative
    if target.is_symlink():
        raise UnsafePath(
            "is a symbolic link: init writes only plain files inside the repository",
            "replace the link by the file itself, or remove it",
        )
    # The first folder on the way down that leads out: the link itself, as the user would fix it.
    for folder in (repository / part for part in reversed(relative.parents[:-1])):
        if not _inside(folder, repository):
            raise UnsafePath(
                f"{folder.relative_to(repository).as_posix()} is a symbolic link to {_real(folder)}, "
                "outside the repository; init writes nothing through it",
                "make it a folder of the repository, or remove the link",
            )
