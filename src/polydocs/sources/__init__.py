"""Reading `docs_src`: languages, pages, toctrees."""

from polydocs.sources.languages import (
    SOURCE_LANGUAGE,
    Language,
    is_language_tag,
    is_registered_tag,
    language_of,
    source_language,
)
from polydocs.sources.project import PROJECT_FILE, ProjectConfig, load_project_config
from polydocs.sources.toctree import TocPage, TocSection, Toctree, load_toctree
from polydocs.sources.tree import Page, SourceTree, load_source_tree

__all__ = [
    "PROJECT_FILE",
    "SOURCE_LANGUAGE",
    "Language",
    "Page",
    "ProjectConfig",
    "SourceTree",
    "TocPage",
    "TocSection",
    "Toctree",
    "is_language_tag",
    "is_registered_tag",
    "language_of",
    "load_project_config",
    "load_source_tree",
    "load_toctree",
    "source_language",
]
