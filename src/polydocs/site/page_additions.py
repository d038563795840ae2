"""What polydocs adds around a converted page in one language: the notebook link and the language banners
(not translated yet, translation in progress, outdated translation).

None of it is indexed for search (`banners.NOT_INDEXED`), so a page's search entries are those of its own
HTML: a page falling back to English has English's entries, and reuses them (`search.page_search_key`)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from html import escape as html_escape
from pathlib import Path

from polydocs.site.alternates import page_url
from polydocs.site.banners import NOT_INDEXED, in_progress_banner, outdated_banner, untranslated_banner
from polydocs.site.page_cache import ConvertedPage
from polydocs.sources import SOURCE_LANGUAGE, Language, SourceTree


@dataclass(frozen=True)
class PublishedPage:
    """A page's HTML as a language publishes it: polydocs' additions, then the page's own HTML."""

    additions: str
    own: str

    @property
    def html(self) -> str:
        return self.additions + self.own


def published_page(
    tree: SourceTree, lang: Language, local: str, url: str, converted: ConvertedPage, site_dir: Path | None
) -> PublishedPage:
    """The converted page as this language publishes it; writes its notebook beside it under `site_dir`
    (none where another build of the language writes it: `language_parts.py`)."""
    additions = _notebook_link(site_dir, url, local, converted.notebook, lang) if converted.notebook else ""
    if tree.shows_english(lang.folder, local):
        return PublishedPage(untranslated_banner(lang) + additions, converted.html)
    english_url = "../" * (url.count("/") + 1) + f"{SOURCE_LANGUAGE}/{page_url(local)}"
    state = tree.freshness.state(lang.folder, local)
    if state == "in-progress":
        additions = in_progress_banner(lang, english_url) + additions
    elif state == "outdated":
        additions = outdated_banner(lang, english_url) + additions
    return PublishedPage(additions, converted.html)


def _notebook_link(site_dir: Path | None, url: str, local: str, notebook: str, lang: Language) -> str:
    """Write `<page>.ipynb` into the page's folder (with a `site_dir`) and return the link to it."""
    name = f"{posixpath.basename(local)}.ipynb"
    if site_dir is not None:
        folder = site_dir / url
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(notebook, encoding="utf-8")
    label = html_escape(lang.text("notebook.download"))
    return f'<p class="polydocs-notebook" {NOT_INDEXED}><a href="{name}" download>{label}</a></p>\n'
