"""Pages converted once and reused: across languages that fall back to them, and across builds."""

from __future__ import annotations

import hashlib
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.structure.toc import AnchorLink, TableOfContents, get_toc

from polydocs.cache import CacheStore, require
from polydocs.converter_versions import CACHE_FORMAT, converter_versions
from polydocs.diagnostics import Diagnostic
from polydocs.site.object_registrations import ObjectRegistrations
from polydocs.typed_json import load


@dataclass(frozen=True)
class ConvertedPage:
    html: str
    toc: list[dict[str, Any]]
    # What converting the page found, replayed on every reuse; stored with `asdict`.
    diagnostics: list[Diagnostic]
    notebook: str = ""
    # The title MkDocs found converting the page: its first element's text when that is an `<h1>`.
    title: str | None = None
    # What mkdocstrings told autorefs and its inventory while converting the page (`object_registrations`).
    objects: ObjectRegistrations = field(default_factory=ObjectRegistrations)


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
    digest = hashlib.sha256(converter_versions().encode())
    for part in (markdown, *context):
        digest.update(b"\0" + repr(part).encode())
    return digest.hexdigest()


def _valid_toc(tokens: Any) -> bool:
    return isinstance(tokens, list) and all(
        isinstance(token, dict)
        and isinstance(token.get("level"), int)
        and isinstance(token.get("id"), str)
        and isinstance(token.get("name"), str)
        and _valid_toc(token.get("children"))
        for token in tokens
    )


def _converted_page(data: Any) -> ConvertedPage:
    page = load(ConvertedPage, data)
    require(_valid_toc(page.toc), "a table of contents")  # restore_toc would fail on it later
    return page


class PageCache:
    """One entry per converted page, shared by parallel language builds."""

    def __init__(self, folder: Path | None) -> None:
        self.store = CacheStore(folder, CACHE_FORMAT)

    @property
    def keeps(self) -> bool:
        """Whether pages put here can be got back (a build without a cache keeps none)."""
        return self.store.folder is not None

    def get(self, key: str) -> ConvertedPage | None:
        return self.store.read(key, _converted_page)

    def put(self, key: str, page: ConvertedPage) -> None:
        self.store.write(key, asdict(page))

    def holding(self, key: str) -> AbstractContextManager[None]:
        """The page's lock across the language processes: one converts it while the others wait."""
        return self.store.holding(key)
