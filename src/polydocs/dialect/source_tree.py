"""The source tree read whole: the site model (`sources/tree.py`) with the documented library its English
pages name when nothing else names one, a guess that needs the parse (`documented_library.py`). The one
way every command reads a tree."""

from __future__ import annotations

from pathlib import Path

from polydocs.dialect.documented_library import tree_library
from polydocs.sources.tree import SourceTree, read_source_tree


def load_source_tree(root: Path, library: str | None = None) -> SourceTree:
    """Read the tree at `root` (`read_source_tree`); `library` (`--library`) names the documented
    library, before polydocs.yml, the project and the pages. Raises PolydocsError when it cannot be
    built at all."""
    return read_source_tree(root, library, tree_library)
