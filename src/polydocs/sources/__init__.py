"""Reading `docs_src`: the site model (languages, pages, toctrees, settings, fallbacks, freshness)."""

from polydocs.sources.freshness import Freshness
from polydocs.sources.languages import (
    SOURCE_LANGUAGE,
    Language,
    is_language_tag,
    is_registered_tag,
    language_of,
    source_language,
)
from polydocs.sources.pages import (
    PAGE_SUFFIXES,
    TOCTREE_NAME,
    PageAddress,
    find_source_root,
    is_page,
    is_page_file,
    page_at,
)
from polydocs.sources.project import PROJECT_FILE, ProjectConfig, load_project_config
from polydocs.sources.toctree import TocPage, TocSection, Toctree, load_toctree
from polydocs.sources.tree import Page, SourceTree, read_source_tree

__all__ = [
    "PAGE_SUFFIXES",
    "PROJECT_FILE",
    "SOURCE_LANGUAGE",
    "TOCTREE_NAME",
    "Freshness",
    "Language",
    "Page",
    "PageAddress",
    "ProjectConfig",
    "SourceTree",
    "TocPage",
    "TocSection",
    "Toctree",
    "find_source_root",
    "is_language_tag",
    "is_page",
    "is_page_file",
    "is_registered_tag",
    "language_of",
    "load_project_config",
    "load_toctree",
    "page_at",
    "read_source_tree",
    "source_language",
]
