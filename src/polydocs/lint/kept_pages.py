"""Where lint keeps what it derives from each page alone, across runs: one store in polydocs' cache
(`lint/pages`), an entry per page and kind (its rendering: `rendering_cache.py`; its constructs'
findings: `constructs_cache.py`; what is read of its text: `text_facts.py`), each keyed by all it reads.

Entries are written whole or not at all (`polydocs.cache`): lints and builds share the cache.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any, Protocol, TypeVar

from polydocs.cache import CacheStore, cache_dir, require
from polydocs.converter_versions import converter_versions
from polydocs.diagnostics import Diagnostic
from polydocs.markup.unsafe_html import SANITIZER
from polydocs.typed_json import load

# Bump when what an entry holds, or what it is made from, changes in a way no version below tells.
_FORMAT = "1"


def kept_key(kind: str, *parts: str) -> str:
    """The key of an entry of `kind` made from `parts`: with them, the versions of polydocs' own code, of
    the converters and of the sanitiser, which all that lint keeps of a page depends on."""
    digest = hashlib.sha256(f"{_FORMAT}\0{converter_versions()}\0{SANITIZER}\0{kind}".encode())
    for part in parts:
        digest.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def kept_pages(folder: Path | None) -> CacheStore:
    """The store of what lint keeps of each page (`folder` None: nothing)."""
    return CacheStore(folder, _FORMAT)


def default_folder() -> Path:
    """The `lint/pages` area of polydocs' cache."""
    return cache_dir("lint") / "pages"


class KeptEntry(Protocol):
    """What every kind's entry holds first: the key it was written under and the page it is of."""

    @property
    def key(self) -> str: ...

    @property
    def page(self) -> str: ...


Entry = TypeVar("Entry", bound=KeptEntry)


def read_kept(
    store: CacheStore,
    kind: type[Entry],
    key: str,
    page: str,
    findings: Callable[[Entry], Iterable[Diagnostic]],
    also: Callable[[Entry], None] = lambda entry: None,
) -> Entry | None:
    """The entry kept under `key`, read as data of `kind`'s shape, when it was written for this key and
    page and its `findings` are of this page only (and `also` finds nothing wrong with it); None otherwise,
    and the caller makes it again: an entry is never believed for less."""

    def trusted(data: Any) -> Entry:
        entry = load(kind, data)
        require(entry.key == key and entry.page == page, "an entry of this page")
        require(all(finding.path == page for finding in findings(entry)), "findings of this page")
        also(entry)
        return entry

    return store.read(key, trusted)


def keep(store: CacheStore, entry: KeptEntry) -> None:
    """Write `entry` (a dataclass) under its key; a cache that cannot be written is simply not kept."""
    with contextlib.suppress(OSError):
        store.write(entry.key, asdict(entry))  # type: ignore[call-overload]
