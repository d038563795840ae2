"""The secret scan's findings kept in the cache by everything they depend on, so that a scan of the same
content reads them instead of scanning again: a page's text (scanned by its distinct lines), or a file's
path and bytes (scanned whole by detect-secrets, whose filters read the file's name and path).

One store, `site/secrets` of polydocs' cache, for the build's scan of what it publishes and lint's of the
pages and the tracked files: a page's entry made by one serves the other. The allowlist is applied
afterwards, so editing it needs no rescan. A file's entry is written only when the file still holds the
bytes it was keyed by after its scan (an edit while it was scanned is not kept under the old bytes).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
from collections.abc import Iterable, Mapping
from dataclasses import asdict
from functools import cache, partial
from pathlib import Path

from polydocs.cache import CacheStore, cache_dir
from polydocs.lint.secrets.detect import PLUGIN_FILE, FoundSecret, find_secrets
from polydocs.lint.secrets.distinct_lines import scan_distinct_lines
from polydocs.sources.pages import PAGE_SUFFIXES
from polydocs.typed_json import load

# Bump when what an entry holds changes.
_FINDINGS_FORMAT = "3"


def findings_cache() -> Path:
    """The store's folder, where `$POLYDOCS_CACHE` says now (the build's `site` area, `secrets`)."""
    return cache_dir("site") / "secrets"


@cache
def scanner_digest() -> str:
    """What the findings depend on besides the files: detect-secrets' version and our code around it."""
    digest = hashlib.sha256(importlib.metadata.version("detect-secrets").encode())
    for source in sorted(PLUGIN_FILE.parent.glob("*.py")):
        digest.update(b"\0" + source.read_bytes())
    return digest.hexdigest()


def _store(cache: Path | None) -> CacheStore:
    return CacheStore(cache, _FINDINGS_FORMAT)


def _read(store: CacheStore, key: str) -> list[FoundSecret] | None:
    return store.read(key, partial(load, list[FoundSecret]))


def _write(store: CacheStore, key: str, secrets: list[FoundSecret]) -> None:
    store.write(key, [asdict(secret) for secret in secrets])


def _text_key(path: Path, text: str) -> str:
    # detect-secrets picks its keyword rules by the file's suffix; the distinct lines are scanned in a
    # file of their own, so the page's name and folder play no part.
    return hashlib.sha256(f"{scanner_digest()}\0{path.suffix}\0{text}".encode()).hexdigest()


def scan_texts(texts: dict[Path, str], cache: Path | None) -> dict[Path, list[FoundSecret]]:
    """The secrets of each page's text, by its distinct lines (`distinct_lines.py`); those of a text
    scanned before are read from `cache`."""
    store = _store(cache)
    keys = {path: _text_key(path, text) for path, text in texts.items()} if cache else {}
    found: dict[Path, list[FoundSecret]] = {}
    for path, key in keys.items():
        stored = _read(store, key)
        if stored is not None:
            found[path] = stored
    unscanned = {path: text for path, text in texts.items() if path not in found}
    for path, secrets in scan_distinct_lines(unscanned).items():
        found[path] = secrets
        if path in keys:
            _write(store, keys[path], secrets)
    return found


def _file_key(path: Path) -> str | None:
    """The key of a whole file's findings: the scanner, the path detect-secrets is given (its filters read
    the name, `package-lock.json`, and the whole path, `swagger`) and the file's bytes; None when it
    cannot be read (then detect-secrets decides, as always, and nothing is kept)."""
    try:
        content = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None
    return hashlib.sha256(f"{scanner_digest()}\0whole\0{path}\0{content}".encode()).hexdigest()


def scan_files(paths: Iterable[Path], cache: Path | None) -> dict[Path, list[FoundSecret]]:
    """The secrets detect-secrets finds in each file scanned whole (`detect.find_secrets`); those of a
    file whose path and bytes were scanned before are read from `cache`."""
    paths = list(paths)
    store = _store(cache)
    keys = {path: key for path in paths if (key := _file_key(path)) is not None} if cache else {}
    found: dict[Path, list[FoundSecret]] = {}
    for path, key in keys.items():
        stored = _read(store, key)
        if stored is not None:
            found[path] = stored
    unscanned = [path for path in paths if path not in found]
    for path, secrets in (find_secrets(unscanned) if unscanned else {}).items():
        found[path] = secrets
        if path in keys and _file_key(path) == keys[path]:
            _write(store, keys[path], secrets)
    return {path: found[path] for path in paths}


def secrets_in_files(
    paths: Iterable[Path], cache: Path | None, texts: Mapping[Path, str] | None = None
) -> dict[Path, list[FoundSecret]]:
    """Every secret in `paths`: pages by their distinct lines, every other file scanned whole (a YAML or
    INI file is read by detect-secrets as a whole, through its transformers); what `cache` keeps of a
    page's text or a file's path and bytes scanned before is read, not scanned again. `texts` holds pages
    already read (lint's), which are not read again."""
    known = texts or {}
    pages: dict[Path, str] = {}
    others: list[Path] = []
    for path in paths:
        if path.suffix not in PAGE_SUFFIXES:
            others.append(path)
        elif path in known:
            pages[path] = known[path]
        else:
            try:
                pages[path] = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                others.append(path)
    return {**scan_texts(pages, cache), **scan_files(others, cache)}
