"""Which pages of which language an edit changes: what `polydocs serve` renders again after it.

Compared are the site model before and after the edit (`sources/tree_update.py`). A page a language
shows changes when its file changed (a translation, or the English page it falls back to); a
translation also changes when its freshness did (the outdated banner on top); and the status page of
every language, which lists every language's translations by state, changes when any state did. An
edit these rules cannot place (a toctree, a setting, an asset, a page added, deleted or no longer
shown) may change any page of the language: it is built in full. A dotfile (an editor's swap file)
changes no page.
"""

from __future__ import annotations

import os
from pathlib import Path

from polydocs.site.plugin import STATUS_PAGE
from polydocs.sources import SOURCE_LANGUAGE, SourceTree
from polydocs.sources.freshness import State
from polydocs.sources.pages import is_page, page_local

# A language's pages to render again; None: any of them may change (build the language in full).
Reach = list[str] | None


def edit_reach(before: SourceTree, after: SourceTree, changed: list[Path]) -> dict[str, Reach]:
    """Per language of `after` the edit of the files at `changed` reaches, the pages it changes there
    (by name: `chapter1/1`, and `status`), or None where it may change any."""
    root = Path(os.path.abspath(after.root))
    if before.languages != after.languages or any(os.path.abspath(path) == root for path in changed):
        return dict.fromkeys(after.languages)
    shown_before, shown_after = _ShownPages(before), _ShownPages(after)
    states_changed = _states(before) != _states(after)
    reach: dict[str, Reach] = {}
    for lang in after.languages:
        pages: Reach = []
        for path in changed:
            pages = _joined(
                pages, _file_reach(after, lang, Path(os.path.abspath(path)), shown_before, shown_after)
            )
        for local in _changed_states(before, after, lang):
            pages = _joined(pages, [local] if local in after.pages[lang] else None)
        if states_changed:
            pages = _joined(pages, [STATUS_PAGE])
        if pages != []:
            reach[lang] = pages
    return reach


class _ShownPages:
    """The page each language's site shows from each file, by the file's absolute path."""

    def __init__(self, tree: SourceTree) -> None:
        self.tree = tree
        self.by_lang: dict[str, dict[Path, str]] = {}

    def local(self, lang: str, path: Path) -> str | None:
        if lang not in self.by_lang:
            pages = self.tree.site_pages(lang).items()
            self.by_lang[lang] = {Path(os.path.abspath(page.path)): local for local, page in pages}
        return self.by_lang[lang].get(path)


def _file_reach(after: SourceTree, lang: str, path: Path, before: _ShownPages, shown: _ShownPages) -> Reach:
    owner = after.language_at(path)
    if owner is None:  # polydocs.yml, `_data/`, the lock: any page may show it
        return None
    if owner not in (lang, SOURCE_LANGUAGE):
        return []  # another translation: this language sees it through page lists and states alone
    if any(part.startswith(".") for part in path.relative_to(os.path.abspath(after.folder(owner))).parts):
        return []  # MkDocs leaves dotfiles out of every site: an editor's swap and lock files
    local = shown.local(lang, path)
    if local is not None and before.local(lang, path) == local:
        return [local]
    if owner != lang and _translated(after, lang, path) and _translated(before.tree, lang, path):
        return []  # an English page this language translates: it follows it through its state alone
    return None


def _translated(tree: SourceTree, lang: str, english: Path) -> bool:
    """Whether `lang` has its own page of the name the English file `english` has (or had)."""
    relative = english.relative_to(os.path.abspath(tree.folder(SOURCE_LANGUAGE)))
    return is_page(relative) and page_local(relative) in tree.pages[lang]


def _states(tree: SourceTree) -> dict[str, dict[State, list[str]]]:
    return {lang: tree.freshness.pages_by_state(lang) for lang in tree.languages}


def _changed_states(before: SourceTree, after: SourceTree, lang: str) -> list[str]:
    """`lang`'s pages whose freshness changed (a translation became outdated, or current again)."""
    names = dict.fromkeys([*after.pages[SOURCE_LANGUAGE], *before.pages[SOURCE_LANGUAGE], *after.pages[lang]])
    return [
        local for local in names if before.freshness.state(lang, local) != after.freshness.state(lang, local)
    ]


def _joined(pages: Reach, more: Reach) -> Reach:
    if pages is None or more is None:
        return None
    return pages + [local for local in more if local not in pages]
