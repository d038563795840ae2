"""The secret scan of what a build publishes: every file of the languages it builds, scanned once per content.

Each file's findings are kept by a digest of its text and of the scanner (`kept_findings.py`, the store
lint's scan of the pages shares): a rebuild scans only what changed. The allowlist is applied afterwards,
so editing it needs no rescan.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.lint.secrets.kept_findings import scan_texts
from polydocs.lint.secrets.scan import (
    SecretAllowlist,
    find_repository_root,
    load_allowlist,
    secret_finding,
)
from polydocs.sources import SOURCE_LANGUAGE, SourceTree
from polydocs.sources.confinement import inside_tree

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
    found = scan_texts(published_texts(tree, languages), cache)
    return problems + [
        secret_finding(path, secret, allowlist, "warning", " would be published")
        for path, secrets in found.items()
        for secret in secrets
        if not allowlist.allows(path, secret.secret_hash)
    ]
