"""The secret scan of what a build publishes, its findings reused while nothing it reads changed.

The scan (`lint/secrets/published.py`) keeps each file's findings, but still reads and digests every
published file on each build: at 2,000 pages in three languages, most of a build with nothing changed.
Its findings depend only on the language folders it reads (their files, which `TreeInputs` digests), the
repository's allowlist and the scanner (detect-secrets' version and our code around it), so the whole
list is kept under a digest of those.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from functools import partial
from pathlib import Path

from polydocs.cache import CacheStore, stable_repr
from polydocs.diagnostics import Diagnostic
from polydocs.lint.secrets.kept_findings import scanner_digest
from polydocs.lint.secrets.scan import ALLOWLIST_NAME, find_repository_root
from polydocs.site.language_manifest import TreeInputs
from polydocs.sources import SOURCE_LANGUAGE
from polydocs.typed_json import load

_FORMAT = "2"


def _scan_inputs(inputs: TreeInputs, languages: list[str]) -> str:
    repository = find_repository_root(inputs.tree.root)
    allowlist = repository / ALLOWLIST_NAME if repository else None
    parts = [
        scanner_digest(),
        str(repository),
        allowlist.read_bytes() if allowlist and allowlist.is_file() else b"",
        [(lang, inputs.structure(lang), inputs.page_texts(lang)) for lang in [SOURCE_LANGUAGE, *languages]],
    ]
    return hashlib.sha256(stable_repr(parts).encode()).hexdigest()


class PublishedScan:
    """The findings of the last scan of the same inputs, or None; `keep` stores a new scan's."""

    def __init__(self, cache: Path | None, inputs: TreeInputs, languages: list[str]) -> None:
        self.store = CacheStore(cache / "published-scan" if cache else None, _FORMAT)
        self.key = _scan_inputs(inputs, languages) if cache else ""

    def kept(self) -> list[Diagnostic] | None:
        return self.store.read(self.key, partial(load, list[Diagnostic])) if self.key else None

    def keep(self, findings: list[Diagnostic]) -> None:
        if self.key:
            self.store.write(self.key, [asdict(finding) for finding in findings])
