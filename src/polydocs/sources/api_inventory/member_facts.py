"""What a member link reads of a documented class, remembered on disk for the library as installed.

`member_links.py` asks two things of a class: which methods its `[[autodoc]]` shows by doc-builder's rule
(`member_selection.documented_methods`), and which class in its bases defines a member. Both need the
class imported (peft's `LoraModel` imports torch and transformers: about 3 CPU-s), or read from its files
where it does not import. A lint that finds every page's rendering unchanged still asks its API links
again (`lint/inventory_answers.py`), so every run imported the library for them.

The answers are kept in polydocs' cache (`api/members`), keyed by everything they read: the class and
member, the library's files (`installed_sources`: its version and each module's size and change time),
which distributions are installed (a base class from another library, a dependency installed or not
changes the answer) and Python's version. An entry of another shape is asked again, never believed.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import sys
from collections.abc import Callable
from enum import Enum

from polydocs.cache import CacheStore, cache_dir, require
from polydocs.sources.installed_packages import installed_sources

# Bump when what an entry holds, or how an answer is read, changes.
_FORMAT = "1"


class Kept(Enum):
    """The member stays on the documented class (an attribute, a property: its docstring may anchor it)."""

    ON_CLASS = "on the class"


Owner = str | Kept | None


def remembered_methods(documented: str, ask: Callable[[], list[str] | None]) -> list[str] | None:
    """The class's documented methods (None: unreadable), from the cache, else `ask()`ed and kept."""
    key = _key(documented, "methods", "")
    store = _store()
    found = store.read(key, _methods)
    if found is not None:
        return found[0]
    methods = ask()
    _write(store, key, {"methods": methods})
    return methods


def remembered_owner(documented: str, member: str, ask: Callable[[], Owner]) -> Owner:
    """Where the class's `member` is defined (`member_links._imported_owner`), from the cache, else
    `ask()`ed and kept."""
    key = _key(documented, "owner", member)
    store = _store()
    found = store.read(key, _owner)
    if found is not None:
        return found[0]
    owner = ask()
    kept = owner is Kept.ON_CLASS
    _write(store, key, {"owner": None if kept else owner, "on_class": kept})
    return owner


def _store() -> CacheStore:
    return CacheStore(cache_dir("api") / "members", _FORMAT)  # where `$POLYDOCS_CACHE` says now


def _write(store: CacheStore, key: str, data: object) -> None:
    with contextlib.suppress(OSError):  # a cache that cannot be written costs the question again
        store.write(key, data)


def _key(documented: str, question: str, member: str) -> str:
    package = documented.partition(".")[0]
    parts = (_FORMAT, question, documented, member, _library_state(package))
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


@functools.cache
def _library_state(package: str) -> str:
    """The library's files, the installed distributions and Python's version, digested; once per process,
    as the process imports the library once."""
    digest = hashlib.sha256(f"{sys.version_info[:3]}\0{installed_sources(package)}".encode())
    for name in _installed_distributions():
        digest.update(b"\0" + name.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _installed_distributions() -> list[str]:
    """The `*.dist-info` and `*.egg-info` entries of every folder on the path (their names hold each
    distribution's version): one installed, removed or upgraded changes the list."""
    names = []
    for entry in sys.path:
        try:
            listed = os.listdir(entry or ".")
        except OSError:  # a zip file, a folder gone
            continue
        names += [f"{entry}/{name}" for name in listed if name.endswith((".dist-info", ".egg-info"))]
    return sorted(names)


def _methods(data: object) -> tuple[list[str] | None]:
    require(isinstance(data, dict) and set(data) == {"methods"}, "a class's documented methods")
    assert isinstance(data, dict)
    methods = data["methods"]
    require(
        methods is None or (isinstance(methods, list) and all(isinstance(m, str) for m in methods)),
        "a list of method names",
    )
    return (methods,)


def _owner(data: object) -> tuple[Owner]:
    require(isinstance(data, dict) and set(data) == {"owner", "on_class"}, "a member's owner")
    assert isinstance(data, dict)
    owner, on_class = data["owner"], data["on_class"]
    require(isinstance(on_class, bool) and (owner is None or isinstance(owner, str)), "a member's owner")
    require(not (on_class and owner is not None), "a member's owner")
    return (Kept.ON_CLASS if on_class else owner,)
