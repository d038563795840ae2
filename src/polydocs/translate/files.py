"""Writing files of the source tree so that none is left half written, silently replaced, or written
outside the tree (through a language folder, a subfolder or a file linked out of it)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError


def check_inside(path: Path, root: Path, code: str) -> None:
    """Raises PolydocsError when writing `path` would leave `root`: `path` or a folder on its way is a
    symbolic link out of it (a link inside the tree is fine)."""
    real_root = os.path.realpath(root)
    parts = path.relative_to(root).parts
    for step in (root.joinpath(*parts[:count]) for count in range(1, len(parts) + 1)):
        leaves = not Path(os.path.realpath(step)).is_relative_to(real_root)
        if (step.exists() or step.is_symlink()) and leaves:
            raise PolydocsError(
                [
                    Diagnostic(
                        str(step),
                        0,
                        code,
                        f"is a symbolic link to {os.path.realpath(step)}, outside the source tree; "
                        f"nothing is written through it",
                        "make it a folder or file of the tree, or remove the link",
                        "error",
                    )
                ]
            )


def _temporary_beside(path: Path, text: str) -> str:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        # mkstemp makes the file private; the page gets the mode it had, or the one a new file gets.
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        os.chmod(temporary, mode)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return temporary


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def write_all_atomically(files: list[tuple[Path, str]]) -> None:
    """Write every file beside its place first, then rename each over it: a failure while writing
    (a full disk, a folder that cannot be written) leaves every file as it was."""
    written: list[tuple[str, Path]] = []
    try:
        for path, text in files:
            written.append((_temporary_beside(path, text), path))
    except BaseException:
        for temporary, _ in written:
            Path(temporary).unlink(missing_ok=True)
        raise
    for temporary, path in written:
        os.replace(temporary, path)
