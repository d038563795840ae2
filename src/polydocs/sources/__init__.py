"""Reading `docs_src`: languages, pages, toctrees."""

from polydocs.sources.languages import KNOWN_LANGUAGES, SOURCE_LANGUAGE, Language, language
from polydocs.sources.toctree import TocPage, TocSection, Toctree, load_toctree
from polydocs.sources.tree import Page, SourceTree, load_source_tree

__all__ = [
    "KNOWN_LANGUAGES",
    "SOURCE_LANGUAGE",
    "Language",
    "Page",
    "SourceTree",
    "TocPage",
    "TocSection",
    "Toctree",
    "language",
    "load_source_tree",
    "load_toctree",
]
