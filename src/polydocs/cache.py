"""Where polydocs keeps what it can reuse between runs, and the one store every cache keeps it in.

A store is a folder of JSON entries, one file per key, written atomically (parallel builds and xdist
workers share them). Each entry carries its store's version: bump it when what is stored changes. An
entry that cannot be read, is of another version or does not decode (a damaged disk, an older polydocs,
a hand edit) is deleted and counts as missing, so it is made again: a cache can cost time, never a
failed run.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import json
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def cache_root() -> Path:
    """`$POLYDOCS_CACHE`, else `$XDG_CACHE_HOME/polydocs`, else `~/.cache/polydocs`."""
    root = os.environ.get("POLYDOCS_CACHE")
    if root:
        return Path(root)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "polydocs"


def cache_dir(area: str) -> Path:
    """The folder of one area of the cache (`site`, `api`, `lint`, `snippets`, ...)."""
    return cache_root() / area


class CacheStore:
    """JSON entries by key in `folder`, each tagged with `version`; `folder=None` keeps nothing."""

    def __init__(self, folder: Path | None, version: str) -> None:
        self.folder = folder
        self.version = version

    def read(self, key: str, decode: Callable[[Any], T]) -> T | None:
        """The entry decoded, or None when it is absent, unreadable, of another version or `decode`
        raises ValueError (then it is deleted)."""
        path = self._path(key)
        if path is None:
            return None
        try:
            envelope = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            envelope = None
        with contextlib.suppress(ValueError):
            if isinstance(envelope, dict) and set(envelope) == {"version", "data"}:
                if envelope["version"] == self.version:
                    return decode(envelope["data"])
        with contextlib.suppress(OSError):
            path.unlink()
        return None

    def write(self, key: str, data: Any) -> None:
        """Store `data` so that a reader sees the old entry or the whole new one, never a part."""
        path = self._path(key)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump({"version": self.version, "data": data}, stream)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    @contextlib.contextmanager
    def holding(self, key: str) -> Iterator[None]:
        """An exclusive lock on `key` across processes, so one computes it while the others wait.

        The lock is a `<key>.lock` file, removed by its holder before it lets go (a page cache kept one
        per page converted). A process that was waiting on the removed file then holds a file no other
        process can find: it sees that and locks the file of that name again, made anew if need be."""
        path = self._path(key)
        if path is None:
            yield
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        lock_path = path.with_suffix(".lock")
        while True:
            with open(lock_path, "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not _names_open_file(lock_path, lock.fileno()):
                    continue  # its holder removed it while this process waited: lock the current one
                try:
                    yield
                finally:
                    lock_path.unlink(missing_ok=True)
                return

    def _path(self, key: str) -> Path | None:
        if self.folder is None:
            return None
        if not key or "/" in key or key.startswith("."):
            raise ValueError(f"cache key {key!r} is not a plain file name")
        return self.folder / f"{key}.json"


def _names_open_file(path: Path, descriptor: int) -> bool:
    """Whether `path` is still the file open as `descriptor` (not removed, nor made anew since)."""
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    opened = os.fstat(descriptor)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def require(valid: bool, what: str) -> None:
    """For decoders: a shape check that fails as ValueError, which the store reads as a miss."""
    if not valid:
        raise ValueError(f"not {what}")


def stable_repr(value: object) -> str:
    """`repr` for cache keys: the same text for equal values in every process. A set's `repr` follows
    the process's string hashing, so a key made with it changed from one build to the next (every page
    of a tree with undocumentable autodoc objects missed the page cache); sets are sorted here, and
    dataclasses and mappings written field by field."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
        return f"{type(value).__name__}{stable_repr(fields)}"
    if isinstance(value, Mapping):
        items = sorted((stable_repr(key), stable_repr(item)) for key, item in value.items())
        return "{" + ", ".join(f"{key}: {item}" for key, item in items) + "}"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(stable_repr, value))) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(stable_repr, value)) + "]"
    return repr(value)
