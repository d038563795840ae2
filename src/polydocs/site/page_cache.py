"""Pages converted once and reused: across languages that fall back to them, and across builds."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from mkdocs.structure.toc import AnchorLink, TableOfContents, get_toc

import polydocs

# Bump when ConvertedPage or what goes into it changes: old entries then simply stop matching.
_CACHE_FORMAT = "4"
# A converted page depends on these as much as on its text.
_CONVERTERS = ("markdown", "pymdown-extensions", "mkdocs", "pygments", "hf-doc-builder")


def _own_code_digest() -> str:
    """polydocs' own Python sources: an editable install changes them without changing its version."""
    package = Path(polydocs.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


_CONVERTER_VERSIONS = "|".join([_CACHE_FORMAT, _own_code_digest(), *(version(name) for name in _CONVERTERS)])


@dataclass(frozen=True)
class ConvertedPage:
    html: str
    toc: list[dict[str, Any]]
    warnings: list[str]
    notebook: str = ""


def toc_tokens(toc: TableOfContents) -> list[dict[str, Any]]:
    """The table of contents in the token form `mkdocs.structure.toc.get_toc` reads back."""

    def token(link: AnchorLink) -> dict[str, Any]:
        return {
            "level": link.level,
            "id": link.id,
            "name": link.title,
            "children": [token(c) for c in link.children],
        }

    return [token(link) for link in toc]


def restore_toc(tokens: list[dict[str, Any]]) -> TableOfContents:
    return get_toc(tokens)  # type: ignore[arg-type]


def fingerprint(markdown: str, *context: object) -> str:
    """The cache key: the page's Markdown, everything its conversion reads, and the converters' versions."""
    digest = hashlib.sha256(_CONVERTER_VERSIONS.encode())
    for part in (markdown, *context):
        digest.update(b"\0" + repr(part).encode())
    return digest.hexdigest()


class PageCache:
    """One JSON file per converted page; writes are atomic so parallel language builds can share it."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    def get(self, key: str) -> ConvertedPage | None:
        if self.folder is None:
            return None
        try:
            data = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
            return ConvertedPage(**data)
        except (OSError, ValueError, TypeError):
            return None

    def put(self, key: str, page: ConvertedPage) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(asdict(page), stream)
        os.replace(temporary, self.folder / f"{key}.json")
