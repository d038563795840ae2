"""What Material offers a language: its interface translation and its search stemmer, read from the
installed Material (its `partials/languages/*.html` and `lunr.*.min.js` files), never listed by hand."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import material
from mkdocs.contrib import search as mkdocs_search

from polydocs.diagnostics import Diagnostic
from polydocs.site.search_segments import SEPARATORS, search_segmenter
from polydocs.sources import SOURCE_LANGUAGE, Language
from polydocs.sources.languages import tag_chain

_TEMPLATES = Path(material.__file__).parent / "templates"


@functools.cache
def _theme_translations() -> dict[str, str]:
    """Material's interface translations by lower-case tag (`zh-tw` -> `zh-TW`)."""
    folder = _TEMPLATES / "partials" / "languages"
    return {path.stem.lower(): path.stem for path in folder.glob("*.html")}


@functools.cache
def _search_languages() -> frozenset[str]:
    """The lunr languages both Material's search worker loads and its settings accept (MkDocs' list:
    Material ships `lunr.he`, which the settings would replace by `en`)."""
    worker = {
        p.name.split(".")[1] for p in (_TEMPLATES / "assets/javascripts/lunr/min").glob("lunr.*.min.js")
    }
    accepted = {
        name.split(".")[1]
        for name in os.listdir(Path(mkdocs_search.__file__).parent / "lunr-language")
        if name.endswith(".js")
    }
    return frozenset((worker & accepted) - {"multi", "stemmer"})


def theme_language(language: Language) -> str | None:
    """Material's translation for the tag or the nearest shorter tag (`zh-CN` -> `zh`); None: none."""
    translations = _theme_translations()
    return next((translations[t.lower()] for t in tag_chain(language.tag) if t.lower() in translations), None)


def interface_language(language: Language) -> str:
    """The language the theme's strings are shown in for `language` (Material's `theme.language`), and
    mkdocstrings' section titles (`Parameters:`), which it reads from there: English where Material has
    no translation."""
    return theme_language(language) or "en"


def search_language(language: Language) -> str:
    """The lunr language of the search index: the language's own stemmer and tokenizer where lunr has
    one, else lunr's default (`en`), whose tokenizer splits on white space and hyphens."""
    primary = language.tag.split("-")[0].lower()
    return primary if primary in _search_languages() else SOURCE_LANGUAGE


def searches_word_forms(language: Language) -> bool:
    """Whether readers' inflected and unaccented words find the pages' words (`polydocs-search.js`): in
    every language but the source language, whose search stays Material's own."""
    return language.tag.split("-")[0].lower() != SOURCE_LANGUAGE


def search_separator(language: Language) -> str:
    """The separator of a language whose index marks its word boundaries; empty: Material's default."""
    if search_segmenter(language) is None:
        return ""
    return SEPARATORS[language.tag.split("-")[0].lower()]


def theme_language_problems(languages: list[Language], root: Path) -> list[Diagnostic]:
    """One warning per language whose interface Material cannot show in that language."""
    return [
        Diagnostic(
            str(root / language.folder),
            0,
            "theme-language",
            f"Material has no {language.tag} interface translation; search box, navigation and footer "
            "labels are in English",
            "contribute a translation to mkdocs-material (partials/languages/), or alias the folder to a "
            "tag Material has",
        )
        for language in languages
        if language.registered and theme_language(language) is None
    ]
