"""Where lint keeps what it derives from each page alone, across runs: one store in polydocs' cache
(`lint/pages`), an entry per page and kind (its rendering: `rendering_cache.py`; its constructs'
findings: `constructs_cache.py`; what is read of its text: `text_facts.py`), each keyed by all it reads.

Entries are written whole or not at all (`polydocs.cache`): lints and builds share the cache.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from polydocs.cache import CacheStore, cache_dir
from polydocs.converter_versions import converter_versions
from polydocs.markup.unsafe_html import SANITIZER

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
