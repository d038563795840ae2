"""The secret scan of what a build publishes: every file of the languages it builds, scanned once per content.

Each file's findings are kept by a digest of its bytes (and of the scanner): a rebuild scans only what
changed. The allowlist is applied afterwards, so editing it
needs no rescan.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
from dataclasses import asdict
from functools import cache, partial
from pathlib import Path

from polydocs.cache import CacheStore
from polydocs.diagnostics import Diagnostic
from polydocs.lint.secrets.detect import PLUGIN_FILE, FoundSecret
from polydocs.lint.secrets.distinct_lines import scan_distinct_lines
from polydocs.lint.secrets.scan import (
    SecretAllowlist,
    find_repository_root,
    load_allowlist,
    secret_finding,
)
from polydocs.sources import SOURCE_LANGUAGE, SourceTree
from polydocs.sources.confinement import inside_tree
from polydocs.typed_json import load

# Bump when what a cache entry of findings holds changes.
_FINDINGS_FORMAT = "3"
# Larger files are data (notebooks, archives), not pages or their text assets.
_LARGEST_SCANNED = 2 * 1024 * 1024


def published_texts(tree: SourceTree, languages: list[str]) -> dict[Path, str]:
    """The text files of the built language folders (English too: other languages fall back to its
    pages), each read once. Binary files are left out: detect-secrets skips what it cannot decode."""
    texts = {}
    for lang in dict.fromkeys([SOURCE_LANGUAGE, *languages]):
        folder = tree.folder(lang)
        for path in sorted(folder.rglob("*")):
            if any(part.startswith(".") for part in path.relative_to(folder).parts) or not path.is_file():
                continue
            if inside_tree(path, tree.root) and path.stat().st_size <= _LARGEST_SCANNED:
                with contextlib.suppress(UnicodeDecodeError):
                    texts[path] = path.read_text(encoding="utf-8")
    return texts


def scan_published(tree: SourceTree, languages: list[str], cache: Path | None) -> list[Diagnostic]:
    """One warning per secret in what the build publishes, unless the repository's allowlist names it."""
    root = find_repository_root(tree.root)
    allowlist, problems = load_allowlist(root) if root else (SecretAllowlist(tree.root, []), [])
    found = _cached_scan(published_texts(tree, languages), cache)
    return problems + [
        secret_finding(path, secret, allowlist, "warning", " would be published")
        for path, secrets in found.items()
        for secret in secrets
        if not allowlist.allows(path, secret.secret_hash)
    ]


def _cached_scan(texts: dict[Path, str], cache: Path | None) -> dict[Path, list[FoundSecret]]:
    store = CacheStore(cache, _FINDINGS_FORMAT)
    keys = {path: _key(path, text) for path, text in texts.items()} if cache else {}
    found: dict[Path, list[FoundSecret]] = {}
    for path, key in keys.items():
        stored = store.read(key, partial(load, list[FoundSecret]))
        if stored is not None:
            found[path] = stored
    unscanned = {path: text for path, text in texts.items() if path not in found}
    for path, secrets in scan_distinct_lines(unscanned).items():
        found[path] = secrets
        if path in keys:
            store.write(keys[path], [asdict(secret) for secret in secrets])
    return found


def _key(path: Path, text: str) -> str:
    # detect-secrets picks its keyword rules by the file's suffix.
    return hashlib.sha256(f"{scanner_digest()}\0{path.suffix}\0{text}".encode()).hexdigest()


@cache
def scanner_digest() -> str:
    """What the findings depend on besides the files: detect-secrets' version and our code around it."""
    digest = hashlib.sha256(importlib.metadata.version("detect-secrets").encode())
    for source in sorted(PLUGIN_FILE.parent.glob("*.py")):
        digest.update(b"\0" + source.read_bytes())
    return digest.hexdigest()
