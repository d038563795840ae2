"""What polydocs adds around a converted page in one language: the notebook link and the language banners
(not translated yet, translation in progress, outdated translation), and, on a page shown in English, the
English text marked as English.

None of it is indexed for search (`banners.NOT_INDEXED`), so a page's search entries are those of its own
HTML: a page falling back to English has English's entries, and reuses them (`search.page_search_key`).

A page falling back to English says so around its text (`<div lang="en" dir="ltr">`): screen readers
read it with an English voice, and in a right-to-left language its sentences run left to right with their
punctuation at their end, as they do in English (`theme/assets/polydocs/polydocs.css` turns Material's
right-to-left spacing of lists, quotes, tables and callouts back inside it).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from html import escape as html_escape
from pathlib import Path
from urllib.parse import quote, unquote

from polydocs.site.banners import NOT_INDEXED, in_progress_banner, outdated_banner, untranslated_banner
from polydocs.site.page_cache import ConvertedPage
from polydocs.sources import SOURCE_LANGUAGE, Language, SourceTree
from polydocs.sources.pages import page_url


@dataclass(frozen=True)
class PublishedPage:
    """A page's HTML as a language publishes it: polydocs' additions, then the page's own HTML, marked
    with its language where it is not the page's (`shown_in`: English, where no translation is)."""

    additions: str
    own: str
    shown_in: Language | None = None

    @property
    def not_indexed(self) -> str:
        """What comes before the page's own HTML: the additions, and where it is shown in another
        language, the opening of the element that says so."""
        if self.shown_in is None:
            return self.additions
        language = self.shown_in
        tag, direction = html_escape(language.tag), html_escape(language.direction)
        return f'{self.additions}<div class="polydocs-shown-in" lang="{tag}" dir="{direction}">\n'

    @property
    def html(self) -> str:
        return self.not_indexed + self.own + ("</div>\n" if self.shown_in is not None else "")


def published_page(
    tree: SourceTree, lang: Language, local: str, url: str, converted: ConvertedPage, site_dir: Path | None
) -> PublishedPage:
    """The converted page as this language publishes it; writes its notebook beside it under `site_dir`
    (none where another build of the language writes it: `language_parts.py`)."""
    additions = _notebook_link(site_dir, url, local, converted.notebook, lang) if converted.notebook else ""
    if tree.shows_english(lang.folder, local):
        source = tree.language(SOURCE_LANGUAGE)
        return PublishedPage(untranslated_banner(lang) + additions, converted.html, source)
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
        folder = site_dir / unquote(url)  # the page's folder: its URL is percent-encoded
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(notebook, encoding="utf-8")
    label = html_escape(lang.text("notebook.download"))
    href = html_escape(quote(name))  # a page's name is a file's, and may hold `"` or `<`
    return f'<p class="polydocs-notebook" {NOT_INDEXED}><a href="{href}" download>{label}</a></p>\n'
