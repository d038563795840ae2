"""The secret scan of what a build publishes: every file of the languages it builds, scanned once per content.

detect-secrets costs about 0.1 s per page, so each file's findings are kept by a digest of its bytes (and
of the scanner): a rebuild scans only what changed. The allowlist is applied afterwards, so editing it
needs no rescan.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import tempfile
from dataclasses import asdict
from functools import cache, partial
from pathlib import Path

from polydocs.cache import CacheStore
from polydocs.diagnostics import Diagnostic
from polydocs.lint.secrets.scan import (
    PLUGIN_FILE,
    FoundSecret,
    SecretAllowlist,
    find_repository_root,
    find_secrets,
    load_allowlist,
    secret_finding,
)
from polydocs.sources import SOURCE_LANGUAGE, SourceTree
from polydocs.sources.confinement import inside_tree
from polydocs.typed_json import load

# Bump when what a cache entry of findings holds changes.
_FINDINGS_FORMAT = "2"
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
    for path, secrets in _scan_distinct_lines(unscanned).items():
        found[path] = secrets
        if path in keys:
            store.write(keys[path], [asdict(secret) for secret in secrets])
    return found


_NEXT_LINE_PRAGMA = "allowlist nextline"


def _scan_distinct_lines(texts: dict[Path, str]) -> dict[Path, list[FoundSecret]]:
    """Scan each distinct line once: translations repeat their code blocks, a tree its boilerplate.

    What detect-secrets finds on a line depends on the line, the file's suffix (its keyword rules) and,
    through a `pragma: allowlist nextline secret` comment, the line before. Each distinct (suffix,
    pragma line, line) is written once to a file per suffix, scanned, and its findings given back to
    every place it occurs.
    """
    places: dict[tuple[str, str, str], list[tuple[Path, int]]] = {}
    for path, text in texts.items():
        previous = ""
        for number, line in enumerate(text.splitlines(), 1):
            pragma = previous if _NEXT_LINE_PRAGMA in previous else ""
            places.setdefault((path.suffix, pragma, line), []).append((path, number))
            previous = line
    found: dict[Path, list[FoundSecret]] = {path: [] for path in texts}
    with tempfile.TemporaryDirectory(prefix="polydocs-secrets-") as folder:
        by_suffix: dict[str, list[tuple[str, str, str]]] = {}
        for key in places:
            by_suffix.setdefault(key[0], []).append(key)
        lines_of: dict[Path, dict[int, tuple[str, str, str]]] = {}
        for index, (suffix, keys) in enumerate(by_suffix.items()):
            synthetic = Path(folder) / f"published-{index}{suffix}"
            lines_of[synthetic] = _write_distinct_lines(synthetic, keys)
        for synthetic, secrets in find_secrets(list(lines_of)).items():
            for secret in secrets:
                where = lines_of[synthetic].get(secret.line)
                for path, number in places.get(where, []) if where else []:
                    found[path].append(FoundSecret(number, secret.kind, secret.secret_hash))
    return found


def _write_distinct_lines(path: Path, keys: list[tuple[str, str, str]]) -> dict[int, tuple[str, str, str]]:
    """One line per key, after its pragma line where it has one; a blank line after any line holding
    the pragma itself, so that it allowlists nothing it did not precede. Returns line -> key."""
    text: list[str] = []
    lines: dict[int, tuple[str, str, str]] = {}
    for key in keys:
        _, pragma, line = key
        if pragma:
            text.append(pragma)
        text.append(line)
        lines[len(text)] = key
        if _NEXT_LINE_PRAGMA in line:
            text.append("")
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return lines


def _key(path: Path, text: str) -> str:
    # detect-secrets picks its keyword rules by the file's suffix.
    return hashlib.sha256(f"{_scanner()}\0{path.suffix}\0{text}".encode()).hexdigest()


@cache
def _scanner() -> str:
    """What the findings depend on besides the file: detect-secrets' version, our plugin and filters."""
    digest = hashlib.sha256(importlib.metadata.version("detect-secrets").encode())
    for source in (PLUGIN_FILE, PLUGIN_FILE.with_name("scan.py")):
        digest.update(b"\0" + source.read_bytes())
    return digest.hexdigest()
