"""Fixes to a language's built output that MkDocs' layout needs once every page is written."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable
from pathlib import Path


def sitemaps_beside_pages(site_dir: Path, pages: Iterable[str] = ()) -> None:
    """A copy of the language's `sitemap.xml` in every page folder.

    Material's script fetches `sitemap.xml` relative to every `<link rel="alternate">` of a page, and
    ours name the page itself in each language (not the language's home, as Material expects): without
    these copies every page load would end in 404s.
    """
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():
        return
    # `pages`: the files the pages are published as, also those a rebuild kept and has not linked yet.
    folders = {index.parent for index in site_dir.rglob("index.html")}
    folders |= {(site_dir / page).parent for page in pages if page.endswith("index.html")}
    for folder in sorted(folders - {site_dir}):
        folder.mkdir(parents=True, exist_ok=True)
        _link_or_copy(sitemap, folder / "sitemap.xml")


def _link_or_copy(source: Path, target: Path) -> None:
    """One file under several names where the file system allows: with a `site_url` the sitemap lists
    every page, so its copies grew with pages squared. No build writes a published file again (it makes
    new ones and switches the folder), so the names cannot drift apart."""
    target.unlink(missing_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


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
