"""Fixes to a language's built output that MkDocs' layout needs once every page is written."""

from __future__ import annotations

import re
import shutil
from pathlib import Path


def sitemaps_beside_pages(site_dir: Path) -> None:
    """A copy of the language's `sitemap.xml` in every page folder.

    Material's script fetches `sitemap.xml` relative to every `<link rel="alternate">` of a page, and
    ours name the page itself in each language (not the language's home, as Material expects): without
    these copies every page load would end in 404s.
    """
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():
        return
    for index in site_dir.rglob("index.html"):
        if index.parent != site_dir:
            shutil.copyfile(sitemap, index.parent / "sitemap.xml")


# Links and asset URLs, and the two URLs of Material's `__config` (its base, where search results and the
# search index are found, and its search worker).
_ROOT_RELATIVE = re.compile(r'((?:href|src)="|"(?:base|search)": ")/(?!/)')


def root_404_links_into_language(site_dir: Path, lang: str) -> None:
    """Point `404.html`'s links, and its search, into its language folder.

    The 404 page is served at any depth, so MkDocs links its assets from the site root (`/assets/...`),
    which without `site_url` is the root of the whole site, not of this language's folder.
    """
    page = site_dir / "404.html"
    if page.is_file():
        text = page.read_text(encoding="utf-8")
        page.write_text(_ROOT_RELATIVE.sub(rf"\1/{lang}/", text), encoding="utf-8")
