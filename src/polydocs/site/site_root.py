"""The site's root pages beside the language folders: the languages they list, written into the site."""

from __future__ import annotations

from pathlib import Path

from polydocs.site.mkdocs_config import site_name
from polydocs.site.root_page import render_not_found_page, render_root_page
from polydocs.sources import SOURCE_LANGUAGE, Language, SourceTree, is_language_tag


def site_languages(
    tree: SourceTree, languages: list[str], out: Path, only: list[str] | None
) -> list[Language]:
    """The languages the root pages link to: a partial build's, English and the others it carries
    over from the current site."""
    folders = tree.languages
    if only:
        kept = {
            entry.name
            for entry in (out.iterdir() if out.is_dir() else [])
            if (entry.name in tree.aliases or is_language_tag(entry.name))
            and (entry / "index.html").is_file()
        }
        folders = sorted(
            {SOURCE_LANGUAGE, *languages, *kept}, key=lambda code: (code != SOURCE_LANGUAGE, code)
        )
    return [tree.language(folder) for folder in folders]


def write_root_pages(folder: Path, languages: list[Language], tree: SourceTree) -> list[str]:
    """`index.html` and `404.html` written into `folder`; their names."""
    name, project = site_name(tree, SOURCE_LANGUAGE), tree.project
    pages = {
        "index.html": render_root_page(name, languages),
        "404.html": render_not_found_page(name, languages, project.site_url),
    }
    for page, text in pages.items():
        (folder / page).write_text(text, encoding="utf-8")
    return list(pages)
