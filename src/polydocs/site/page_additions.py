"""What polydocs adds around a converted page in one language: the notebook link and the language banners
(not translated yet, translation in progress, outdated translation)."""

from __future__ import annotations

import posixpath
from html import escape as html_escape
from pathlib import Path

from polydocs.site.alternates import page_url
from polydocs.site.banners import in_progress_banner, outdated_banner, untranslated_banner
from polydocs.site.page_cache import ConvertedPage
from polydocs.sources import SOURCE_LANGUAGE, Language, SourceTree


def page_html(
    tree: SourceTree, lang: Language, local: str, url: str, converted: ConvertedPage, site_dir: Path
) -> str:
    """The converted page as this language publishes it; writes its notebook beside it."""
    html = converted.html
    if converted.notebook:
        html = _write_notebook(site_dir / url, local, converted.notebook, lang) + html
    if tree.shows_english(lang.folder, local):
        return untranslated_banner(lang) + html
    english_url = "../" * (url.count("/") + 1) + f"{SOURCE_LANGUAGE}/{page_url(local)}"
    state = tree.freshness.state(lang.folder, local)
    if state == "in-progress":
        html = in_progress_banner(lang, english_url) + html
    elif state == "outdated":
        html = outdated_banner(lang, english_url) + html
    return html


def _write_notebook(folder: Path, local: str, notebook: str, lang: Language) -> str:
    """Write `<page>.ipynb` into the page's folder and return the link to it."""
    name = f"{posixpath.basename(local)}.ipynb"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(notebook, encoding="utf-8")
    label = html_escape(lang.text("notebook.download"))
    return f'<p class="polydocs-notebook"><a href="{name}" download>{label}</a></p>\n'
