"""Material's navigation rendered into a page, its top-level sections that do not hold the page rendered
once per page folder and reused.

Material renders the navigation into every page (`partials/nav.html`, each top-level entry with
`nav-item.html`'s `render` macro), and a language's build spent a third of its time there on a tree of
200 pages (with `navigation.prune`; see docs/performance.md). The markup of a top-level entry that does
not hold the page depends on the page only through the links, each relative to the page's URL
(MkDocs' `url` filter, `get_relative_url`): for a page at `a/b/`, a link to `c/d/` is `../../c/d/` and
one to `a/e/` is `../e/`, the same from every page at `a/<name>/`, except for a link under the page's
own URL (`a/b/f/`), which only that page writes so. So the entry is rendered once for each folder and
depth of page URL, and reused wherever none of its links lies under the page's URL; the entry holding
the page (its active section, the page marked, its table of contents) is rendered for each page.
`theme/partials/nav.html` calls `TopLevelEntries` for every top-level entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from markupsafe import Markup
from mkdocs.structure.nav import Link, Section
from mkdocs.structure.pages import Page

# The name `theme/partials/nav.html` calls it by.
TEMPLATE_GLOBAL = "polydocs_nav_entry"


class TopLevelEntries:
    """One language build's rendered top-level entries, by entry, checkbox id and page folder."""

    def __init__(self) -> None:
        self.rendered: dict[tuple[int, str, tuple[str, ...], int], Markup] = {}
        self.links: dict[int, list[tuple[str, ...]]] = {}

    def __call__(self, render: Callable[..., Markup], entry: Any, path: str, page: Page | None) -> Markup:
        """`render(entry, path, 1)`, Material's macro, or what it gave for a page of the same folder."""
        if page is None or entry.active:
            return render(entry, path, 1)
        parts = _parts(page.url)
        if any(link[: len(parts)] == parts for link in self._links(entry)):
            return render(entry, path, 1)
        key = (id(entry), path, parts[:-1], len(parts))
        if key not in self.rendered:
            self.rendered[key] = render(entry, path, 1)
        return self.rendered[key]

    def _links(self, entry: Any) -> list[tuple[str, ...]]:
        if id(entry) not in self.links:
            self.links[id(entry)] = [_parts(url) for url in _urls(entry)]
        return self.links[id(entry)]


def _urls(entry: Any) -> Iterator[str]:
    """The URLs of every page and link under a navigation entry (the ones Material may link)."""
    if isinstance(entry, (Page, Link)):
        yield entry.url
    if isinstance(entry, Section):
        for child in entry.children:
            yield from _urls(child)


def _parts(url: str) -> tuple[str, ...]:
    """A site-relative URL's path components, as `get_relative_url` compares them (a file's name, with a
    dot, is not one: its folder is)."""
    folder, _, name = url.rpartition("/")
    path = folder if "." in name else url
    return tuple(part for part in path.split("/") if part and part != ".")
