"""The pages a writer opens, built alone before the rest of their language (`polydocs serve`).

A language's first build converts every page it shows: the course's Spanish, 106 pages (its own and the
English ones it falls back to), about 30 s of a cold start. A preview is that language's MkDocs build in
which the pages asked for alone are converted and rendered into Material's templates: every other page
keeps its place in the navigation (whose titles and previous/next links come from the toctree), but is
neither converted nor rendered, and none of the language's other files (search index, notebooks,
sitemaps) is written, as for a later part of a split language (`language_parts.py`). A previewed page is
the page the language's full build writes (`tests/site/test_page_preview.py`); serve answers it until
that build replaces the language's folder. Its conversion is in the page cache for the full build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from polydocs.site.plugin import STATUS_PAGE
from polydocs.sources import SourceTree

# The page a language's preview shows when no page of it was asked for yet: a writer opening the root
# page is sent to the language's home page (a tree without one: its first page).
HOME_PAGE = "index"


# The theme's pages for the whole language, which a preview writes as MkDocs does but not as the
# language's build finishes them (its 404 page links into the language, its sitemaps list every page):
# left out of what a preview publishes.
_LANGUAGE_PAGES = ("404.html", "sitemap.xml", "sitemap.xml.gz")


@dataclass(frozen=True)
class PagePreview:
    """A build of `lang` that converts and renders `pages` (their `src_uri`) and nothing else."""

    lang: str
    pages: frozenset[str]

    # What `mkdocs_settings` asks a share of a language's build (`LanguagePart`): a preview writes none
    # of the language's own files, and converts no page it does not render.
    first = False
    converts_every_page = False

    def rendered_elsewhere(self, tree: SourceTree) -> list[str]:
        """Every page of the language but the previewed ones, the status page included."""
        names = [page.src_uri for page in tree.site_pages(self.lang).values()] + [f"{STATUS_PAGE}.md"]
        return sorted(name for name in names if name not in self.pages)


def drop_language_pages(folder: Path) -> None:
    """Remove from a preview's output the pages of the whole language it wrote (`_LANGUAGE_PAGES`)."""
    for name in _LANGUAGE_PAGES:
        (folder / name).unlink(missing_ok=True)


def asked_pages(tree: SourceTree, lang: str, paths: list[str]) -> list[str]:
    """The pages of `lang` (their `src_uri`) that these request paths (`/es/chapter1/1/`) open, in the
    order asked; a path that opens no page of the language (an asset, a typo) is left out."""
    pages = tree.site_pages(lang)
    found: dict[str, None] = {}
    for path in paths:
        folder, _, inside = path.lstrip("/").partition("/")
        if folder != lang:
            continue
        inside = inside.removesuffix("index.html").removesuffix(".html").strip("/")
        for local in (inside or HOME_PAGE, f"{inside}/{HOME_PAGE}"):
            if local in pages:
                found[pages[local].src_uri] = None
                break
    return list(found)


def home_page(tree: SourceTree, lang: str) -> list[str]:
    """The language's home page (`src_uri`), else the first page of its toctree."""
    pages = tree.site_pages(lang)
    listed = (entry.local for entry in tree.toctrees[lang].pages() if entry.local in pages)
    local = HOME_PAGE if HOME_PAGE in pages else next(listed, None)
    return [pages[local].src_uri] if local is not None else []


def published_file(site: Path, path: str) -> bool:
    """Whether the request path names a file in the served folder (a page: its `index.html`)."""
    relative = path.lstrip("/")
    target = site / relative / "index.html" if not relative or path.endswith("/") else site / relative
    try:
        return target.resolve().is_relative_to(site.resolve()) and target.is_file()
    except OSError:
        return False
