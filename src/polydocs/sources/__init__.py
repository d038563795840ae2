"""Reading `docs_src`: languages, pages, toctrees."""

from polydocs.sources.languages import KNOWN_LANGUAGES, SOURCE_LANGUAGE, Language, language
from polydocs.sources.project import PROJECT_FILE, ProjectConfig, load_project_config
from polydocs.sources.toctree import TocPage, TocSection, Toctree, load_toctree
from polydocs.sources.tree import Page, SourceTree, load_source_tree

__all__ = [
    "KNOWN_LANGUAGES",
    "PROJECT_FILE",
    "SOURCE_LANGUAGE",
    "Language",
    "Page",
    "ProjectConfig",
    "SourceTree",
    "TocPage",
    "TocSection",
    "Toctree",
    "language",
    "load_project_config",
    "load_source_tree",
    "load_toctree",
]
