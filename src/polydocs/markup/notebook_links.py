"""`<CourseFloatingBanner>` / `<DocNotebookDropdown>` -> a row of links to the page's hosted notebooks.

Colab and Studio Lab are named in the page's language (strings `notebook.colab`, `notebook.studio_lab`);
another service keeps the label the page gives it. No links, no row.
"""

from __future__ import annotations

from html import escape

from polydocs.dialect.constructs.notebooks import NotebookLink, NotebookLinks
from polydocs.sources.languages import Language


def notebook_links_html(banner: NotebookLinks, lang: Language) -> str:
    if not banner.links:
        return ""
    links = "\n".join(_link_html(link, lang) for link in banner.links)
    return f'<p class="polydocs-notebooks">\n{links}\n</p>'


def link_label(link: NotebookLink, lang: Language) -> str:
    """What the link says: a known service named in the page's language, another as the page labels it."""
    return lang.text(f"notebook.{link.service}") if link.service else link.label


def _link_html(link: NotebookLink, lang: Language) -> str:
    label = link_label(link, lang)
    return (
        f'<a class="md-button" href="{escape(link.url)}" target="_blank" rel="noopener">{escape(label)}</a>'
    )
