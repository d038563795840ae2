"""Links from one page to the same page in every other language (switcher and hreflang)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from polydocs.sources import SourceTree
from polydocs.sources.pages import page_url


@dataclass(frozen=True)
class Alternate:
    # The language's tag (hreflang, lang): `zh` for a folder `cn` aliased to it.
    lang: str
    name: str
    href: str
    current: bool


def alternates_for(
    tree: SourceTree, local: str, page_url_in_lang: str, lang: str, pages_by_lang: dict[str, set[str]]
) -> list[Alternate]:
    """For each language: the same page when that language's site has it, else that language's home."""
    to_site_root = "../" * (page_url_in_lang.count("/") + 1)
    result = []
    for folder, pages in pages_by_lang.items():
        # Percent-encoded as MkDocs writes a page's URL: a page's name is a file's, and may hold `"` or `<`.
        target = quote(page_url(local)) if local in pages else ""
        language = tree.language(folder)
        result.append(
            Alternate(
                language.tag, language.autonym, f"{to_site_root}{quote(folder)}/{target}", folder == lang
            )
        )
    return result
