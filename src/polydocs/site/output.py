"""The output folder of `polydocs build`: refused where replacing it could destroy input, written by one
build at a time, the new site assembled beside it and switched in with a single rename."""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import functools
import logging
import os
import re
import secrets
import shutil
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import PolydocsError
from polydocs.sources import is_registered_tag

log = logging.getLogger("polydocs.build")

# Written into every output polydocs makes: a non-empty folder without it is someone else's.
MARKER = ".polydocs-site"
_MARKER_TEXT = "Made by `polydocs build`, which replaces this whole folder on every build.\n"
_STAGING, _PREVIOUS = "staging", "previous"


def checked_output(source: Path, out: Path) -> Path:
    """`out` resolved, or a PolydocsError saying why building into it could destroy input, and what to do.

    Nothing is written: these checks run before any folder or lock file is made."""
    source_folder, target = source.resolve(), out.resolve()
    named = f"--out {out}" + (f" ({target})" if target != out.absolute() else "")
    elsewhere = "choose an --out outside the source tree, e.g. --out site"
    if _same(target, source_folder):
        raise _refused(
            f"{named} is the source tree {source}: replacing it would delete the pages; {elsewhere}"
        )
    if _within(target, source_folder):
        raise _refused(
            f"{named} lies inside the source tree {source}: the site would land among the pages it is "
            f"built from; {elsewhere}"
        )
    if _within(source_folder, target):
        raise _refused(
            f"{named} contains the source tree {source}: replacing it would delete it; {elsewhere}"
        )
    if target.exists() and not target.is_dir():
        raise _refused(f"{named} is a file, not a folder: remove it or choose another --out")
    _refuse_foreign(target, named)
    for folder in [target] if target.is_dir() else [_nearest_existing(target.parent)]:
        if not os.access(folder, os.W_OK | os.X_OK):
            raise _refused(f"{named}: {folder} is read-only for this user; choose an --out you can write to")
    return target


def _refuse_foreign(out: Path, named: str = "") -> None:
    """A non-empty folder polydocs did not make is refused: replacing it would delete what is in it."""
    if not out.is_dir() or _made_by_polydocs(out):
        return
    named = named or f"--out {out}"
    raise _refused(
        f"{named} is not empty and was not made by polydocs build (it has no {MARKER} file): the build "
        f"replaces the whole folder and would delete what is there. Choose a new or empty folder; if "
        f"polydocs did build this one, create an empty {out / MARKER} to let the next build replace it"
    )


def _made_by_polydocs(folder: Path) -> bool:
    entries = list(folder.iterdir())
    return not entries or (folder / MARKER).is_file() or _is_site_from_before_markers(folder, entries)


def _is_site_from_before_markers(folder: Path, entries: list[Path]) -> bool:
    """Sites built before outputs were marked are adopted when they have exactly that layout: the root
    `index.html`, perhaps `404.html`, and language folders that each have a home page."""
    languages = {e.name for e in entries if is_registered_tag(e.name) and (e / "index.html").is_file()}
    others = {e.name for e in entries} - languages
    return bool(languages) and (folder / "index.html").is_file() and others <= {"index.html", "404.html"}


def _same(first: Path, second: Path) -> bool:
    # samefile also sees one folder reached by two paths that resolve() cannot tell apart (bind mounts).
    return first == second or (first.exists() and second.exists() and os.path.samefile(first, second))


def _within(inner: Path, outer: Path) -> bool:
    return any(_same(folder, outer) for folder in [inner, *inner.parents])


def _nearest_existing(folder: Path) -> Path:
    return next(path for path in [folder, *folder.parents] if path.exists())


def _refused(summary: str) -> PolydocsError:
    return PolydocsError(summary=f"{summary}; nothing was built or changed")


@contextlib.contextmanager
def _writing_beside(out: Path) -> Iterator[None]:
    try:
        yield
    except OSError as error:
        where = error.filename or out.parent
        raise PolydocsError(
            summary=f"cannot write beside --out {out}: {where}: {error.strerror}; "
            "choose an --out in a folder you can write to; nothing was built or changed"
        ) from error


@dataclass(frozen=True)
class StagedSite:
    """The folder a build writes the whole new site into, beside the output it will replace."""

    out: Path
    folder: Path

    def publish(self, written: Iterable[str]) -> None:
        """Carry over from the current output what this build did not write, then switch in one step."""
        (self.folder / MARKER).write_text(_MARKER_TEXT, encoding="utf-8")
        if self.out.is_dir():
            for name in {*written, MARKER}:  # the root pages: unchanged, they stay the published files
                if (self.folder / name).is_file():
                    _share_if_same(self.folder / name, self.out / name, {})
            _carry_over(self.out, self.folder, {*written, MARKER})
            os.chmod(self.folder, stat.S_IMODE(self.out.stat().st_mode))
        replace_folder(self.folder, self.out)

    def matches_published(self, written: Iterable[str]) -> bool:
        """Whether each of these files, written here, is byte for byte the current output's: a build that
        wrote nothing else has nothing to publish."""
        return (self.out / MARKER).is_file() and all(
            _same_bytes(self.folder / name, self.out / name) for name in written
        )


def _same_bytes(first: Path, second: Path) -> bool:
    try:
        return first.read_bytes() == second.read_bytes()
    except OSError:
        return False


@contextlib.contextmanager
def staged_output(out: Path) -> Iterator[StagedSite]:
    """Hold `out`'s build lock, clear what killed builds left beside it, and give a staging folder.

    `out` is what `checked_output` returned. The staging folder is gone afterwards, published or not."""
    with _writing_beside(out):
        out.parent.mkdir(parents=True, exist_ok=True)
        lock = _acquire_lock(out)
    try:
        _refuse_foreign(out)  # again: a build that waited for the lock may find the folder changed
        _clear_leftovers(out)
        with _writing_beside(out):
            staging = _new_folder(out, _STAGING)
        try:
            yield StagedSite(out, staging)
        finally:
            _remove(staging)
    finally:
        _release_lock(lock)


def replace_folder(new: Path, old: Path) -> None:
    """Put `new` at `old` in one step for readers, then delete what `old` held."""
    if not os.path.lexists(old):
        os.rename(new, old)
    elif _exchange(new, old):
        _remove(new)  # now holds the previous content
    else:
        _replace_in_two_renames(new, old)


def _replace_in_two_renames(new: Path, old: Path) -> None:
    # Without an atomic exchange a reader can find `old` missing between the renames. A build killed
    # there leaves the previous content under a name the next build restores before anything else.
    previous = _new_name(old, _PREVIOUS)
    os.rename(old, previous)
    try:
        os.rename(new, old)
    except OSError:
        os.rename(previous, old)
        raise
    _remove(previous)


_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
# What renameat2 answers where the kernel or the file system cannot exchange.
_CANNOT_EXCHANGE = {errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP}


@functools.cache
def _renameat2() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    function = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)  # glibc >= 2.28, musl
    if function is not None:
        function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        function.restype = ctypes.c_int
    return function


def _exchange(first: Path, second: Path) -> bool:
    """Swap two folders atomically (Linux renameat2 RENAME_EXCHANGE); False where that is unavailable."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in _CANNOT_EXCHANGE:
        return False
    raise OSError(code, os.strerror(code), str(first), None, str(second))


def _carry_over(current: Path, staging: Path, written: set[str]) -> None:
    """Hard links where the file system has them: a published file is never written again (builds make
    new files and replace the folder), so the old and new site can share it."""
    for entry in current.iterdir():
        if entry.name in written:
            continue
        target = staging / entry.name
        if entry.is_symlink():
            os.symlink(os.readlink(entry), target)
        elif entry.is_dir():
            shutil.copytree(entry, target, symlinks=True, copy_function=_link_or_copy)
        else:
            _link_or_copy(entry, target)


def carry_over_missing(current: Path, staging: Path, files: Iterable[str]) -> None:
    """Link into `staging` each of these files of `current` that it lacks (pages a rebuild kept)."""
    for name in files:
        source, target = current / name, staging / name
        if source.is_file() and not source.is_symlink() and not os.path.lexists(target):
            target.parent.mkdir(parents=True, exist_ok=True)
            _link_or_copy(source, target)


def share_unchanged_files(staging: Path, current: Path) -> None:
    """Each file of `staging` whose bytes are those of the same file in `current` becomes a name of the
    published file: what readers, web servers and rsync see of a file that did not change stays the
    same file. Names of one file (the sitemap's) are compared once."""
    same: dict[tuple[int, int], bool] = {}
    for top, _, names in os.walk(staging):
        for name in names:
            new = Path(top) / name
            _share_if_same(new, current / new.relative_to(staging), same)


def _share_if_same(new: Path, old: Path, same: dict[tuple[int, int], bool]) -> None:
    try:
        pair = (os.lstat(new).st_ino, os.lstat(old).st_ino)
    except OSError:
        return
    if pair[0] == pair[1] or new.is_symlink() or old.is_symlink():
        return
    if pair not in same:
        same[pair] = _same_bytes(new, old)
    if same[pair]:
        _replace_with_link(old, new)


def _replace_with_link(source: Path, target: Path) -> None:
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}")
    try:
        os.link(source, temporary)
    except OSError:
        return  # no hard links here: the new copy stays
    os.replace(temporary, target)


def _link_or_copy(source: str | Path, target: str | Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _new_name(out: Path, kind: str) -> Path:
    return out.parent / f".{out.name}-polydocs-{kind}.{secrets.token_hex(4)}"


def _new_folder(out: Path, kind: str) -> Path:
    while True:  # mkdir, not mkdtemp: the folder becomes the site, with the umask's usual permissions
        folder = _new_name(out, kind)
        with contextlib.suppress(FileExistsError):
            folder.mkdir()
            return folder


def _left_by_a_build(name: str, out: Path) -> str | None:
    """`staging` or `previous` for what a build into `out` left beside it, else None.

    Names polydocs gives only its own folders; `.<out>-build-XXXXXXXX` is what builds before this layout
    left (tempfile's eight characters)."""
    ours = re.fullmatch(rf"\.{re.escape(out.name)}-polydocs-(staging|previous)\.[0-9a-f]{{8}}", name)
    if ours:
        return ours[1]
    older = re.fullmatch(rf"\.{re.escape(out.name)}-build-[a-z0-9_]{{8}}", name)
    return _STAGING if older else None


def _clear_leftovers(out: Path) -> None:
    """Run under the lock, so no live build owns any of them."""
    leftovers = {entry: _left_by_a_build(entry.name, out) for entry in out.parent.iterdir()}
    previous = [entry for entry, kind in leftovers.items() if kind == _PREVIOUS]
    if previous and not os.path.lexists(out):
        log.warning("%s: restored the site a killed build had moved aside", out)
        os.rename(previous[0], out)
    for entry, kind in leftovers.items():
        if kind and os.path.lexists(entry):
            _remove(entry)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    elif os.path.lexists(path):
        path.unlink()


# Lock descriptors this process holds. A forked worker closes its copies: flock belongs to the open
# file, so a worker outliving a killed build would otherwise keep every later build waiting.
_HELD_LOCKS: set[int] = set()


def _close_inherited_locks() -> None:
    for descriptor in _HELD_LOCKS:
        os.close(descriptor)
    _HELD_LOCKS.clear()


os.register_at_fork(after_in_child=_close_inherited_locks)


def _acquire_lock(out: Path) -> int:
    """flock on `.<out>-polydocs.lock` beside the output; a second build waits, saying for whom."""
    path = out.parent / f".{out.name}-polydocs.lock"
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip() or "?"
            log.warning(
                "%s: another polydocs build (pid %s) is writing this output; waiting for it to finish",
                out,
                holder,
            )
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
    except BaseException:
        os.close(descriptor)
        raise
    _HELD_LOCKS.add(descriptor)
    return descriptor


def _release_lock(descriptor: int) -> None:
    # The lock file stays: deleting it would let a build waiting on the old file and one creating a
    # new file both hold "the" lock.
    _HELD_LOCKS.discard(descriptor)
    os.close(descriptor)
