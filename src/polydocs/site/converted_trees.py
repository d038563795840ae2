"""Whether a tree's pages are in the cache, converted by this polydocs with these converters.

A build plans on it (`language_scheduling.default_jobs`, `before_forking.prepare_languages`): a tree
converted before is built with a process per language, each importing the notebook converter only for
the few pages an edit changed; a tree not converted before, one process per CPU, English first, with
the converter imported once before forking. Any converted page in the cache is no sign of that: after
an upgrade of polydocs or of a converter, or for a tree built for the first time, every entry misses,
and a process per language then converts the pages of 26 languages at once (the course: 55 s against
42 s, a third more CPU).

A build that succeeds marks its tree: one entry per tree folder and converter versions, in the cache.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from polydocs.cache import CacheStore, require
from polydocs.converter_versions import converter_versions

_FORMAT = "1"


def _store(cache: Path) -> CacheStore:
    return CacheStore(cache / "trees", _FORMAT)


def _key(root: Path) -> str:
    return hashlib.sha256(f"{converter_versions()}\0{root}".encode()).hexdigest()


def _folder(data: object) -> str:
    require(isinstance(data, str), "a tree's folder")
    return str(data)


def converted_before(cache: Path | None, root: Path) -> bool:
    """Whether a build of the tree at `root` (an absolute path) with this polydocs and these converters
    succeeded with `cache`."""
    return cache is not None and _store(cache).read(_key(root), _folder) == str(root)


def mark_converted(cache: Path | None, root: Path) -> None:
    """Record that the tree at `root` was built with `cache`: its pages' conversions are there."""
    if cache is not None:
        _store(cache).write(_key(root), str(root))
