"""Reading a file of the tree: only a regular file is opened, and a file that is not UTF-8 is reported at
the line of its first bad byte.

A FIFO named `guide.md` made build and lint wait forever on its first read; a device never ends. So a
file is looked at before it is opened (following links, which `confinement.py` has checked), opened
without blocking and without following a link put there meanwhile, and looked at again through what was
opened: anything but a regular file is `NotRegularFile`, never read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError, Severity

_KINDS = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a folder",
}
# O_NONBLOCK: a FIFO swapped in after the look opens at once instead of waiting for a writer; O_NOFOLLOW:
# the real path is opened, so a link there now is a swap, refused.
_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


class NotRegularFile(OSError):
    """A path of the tree that is a FIFO, socket, device or folder where a file is read."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(f"{path}: {kind}, not a regular file")
        self.path = path
        self.kind = kind


def special_kind(path: Path) -> str | None:
    """What `path` (links followed) is when it exists and is neither a regular file nor a folder: a FIFO, a
    socket, a device; None otherwise. Looks without opening it."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else _kind(mode)


def read_tree_bytes(path: Path) -> bytes:
    """The bytes of the regular file at `path` (links followed); raises NotRegularFile for anything else,
    without having opened it, or OSError as reading does."""
    real = os.path.realpath(path)
    _check_regular(path, os.stat(real).st_mode)
    descriptor = os.open(real, _FLAGS)
    try:
        _check_regular(path, os.fstat(descriptor).st_mode)
        os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            return file.read()
    finally:
        os.close(descriptor)


def read_tree_text(path: Path) -> str:
    """The UTF-8 text of the regular file at `path` (`read_tree_bytes`), its line endings made `\n` as
    `Path.read_text` makes them; UnicodeDecodeError for a file that is not UTF-8."""
    return read_tree_bytes(path).decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def not_regular(path: Path, kind: str, consequence: str, severity: Severity = "warning") -> Diagnostic:
    """The problem with a path of the tree that is no regular file."""
    return Diagnostic(
        str(path),
        0,
        "not-a-file",
        f"{kind}, not a regular file; {consequence}",
        "replace it with a regular file, or remove it",
        severity,
    )


def not_utf8(
    path: Path, data: bytes, error: UnicodeDecodeError, consequence: str, severity: Severity
) -> Diagnostic:
    line = data.count(b"\n", 0, error.start) + 1
    return Diagnostic(
        str(path),
        line,
        "encoding",
        f"not UTF-8 (byte 0x{data[error.start]:02x}); {consequence}",
        "re-save the file as UTF-8",
        severity,
    )


def read_utf8(path: Path, consequence: str, severity: Severity = "error") -> str:
    """The file's text; raises PolydocsError (`path:line: encoding ...; consequence`) when it is not UTF-8,
    or not a regular file."""
    try:
        data = read_tree_bytes(path)
    except NotRegularFile as error:
        raise PolydocsError([not_regular(path, error.kind, consequence, severity)]) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PolydocsError([not_utf8(path, data, error, consequence, severity)]) from None


def _check_regular(path: Path, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise NotRegularFile(path, _kind(mode))


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "no regular file")
