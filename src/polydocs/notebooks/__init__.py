"""Every page as a Jupyter notebook, made with hf-doc-builder.

The site builder calls `page_notebook(source_text, source_path, language)` for each page and writes the
result as `<page>.ipynb` beside it, linked with the catalog's `notebook.download` string. Nothing here
imports torch or MkDocs; hf-doc-builder itself is imported on the first call (about 0.4 s, once per process).
"""

from __future__ import annotations

from polydocs.notebooks import doc_builder_adapter, requirements
from polydocs.notebooks.page import page_notebook

__all__ = ["page_notebook", "preload"]


def preload() -> None:
    """Do now what the first notebook of a process would (imports, the map of installed packages),
    e.g. once before forking a process per language."""
    doc_builder_adapter.preload()
    requirements.preload()
