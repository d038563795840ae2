"""hf-doc-builder through the adapter on real Hugging Face pages: valid notebooks, code cells in order."""

from __future__ import annotations

from pathlib import Path

import nbformat

from polydocs.notebooks import page_notebook
from polydocs.snippets.regions import scan_page
from polydocs.sources import language_of


def test_corpus_pages_become_valid_notebooks_with_their_python_blocks(corpus: Path) -> None:
    pages = sorted(corpus.glob("*/*.md"))[::4]
    assert pages
    for path in pages:
        text = path.read_text(encoding="utf-8")
        notebook = nbformat.reads(page_notebook(text, path, language_of(path.parent.name)), 4)
        nbformat.validate(notebook)
        regions = [r for r in scan_page(path, text).regions if r.is_python]
        if all(r.kind == "script" and not r.directives.setup for r in regions):
            code = [c.source for c in notebook.cells if c.cell_type == "code" and isinstance(c.source, str)]
            code = [c for c in code if not c.startswith("%pip install")]
            assert code == [r.code.strip() for r in regions], path
