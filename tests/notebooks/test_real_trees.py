"""Every page of every real tree at hand, made a notebook: no construct the site renders is left as written in
a Markdown cell (issue 39: the notebooks are a second renderer of the one parse, not a second set of rules).

What a construct is, and where it stands, is the dialect's own answer (`written_constructs`: each construct's
`written_lines`), asked of each Markdown cell read again as a page. The trees are read where they lie, never
copied into this repository: polydocs' own `docs_src`, the real-world corpus beside it
(`../shared/corpus/{course-docs,transformers-docs,peft-docs}`), and the doc-builder trees
`$POLYDOCS_REAL_TREES` names (folders separated by `os.pathsep`, each a library's `docs/source`, e.g.
extracted with `git archive HEAD docs/source | tar -x`) and `$POLYDOCS_REAL_TREE` (one, as tests/site reads
it). A tree that is absent is skipped. Every page's notebook is made (one that cannot be is a failure).
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from polydocs.dialect import parse_page
from polydocs.dialect.constructs import written_constructs
from polydocs.notebooks import page_notebook
from polydocs.sources.api_inventory import default_inventory
from polydocs.sources.tree import load_source_tree

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"


def _trees() -> list[Path]:
    named = [
        os.environ.get("POLYDOCS_REAL_TREE", ""),
        *os.environ.get("POLYDOCS_REAL_TREES", "").split(os.pathsep),
    ]
    corpus = [CORPUS / name for name in ("course-docs", "transformers-docs", "peft-docs")]
    return [REPO / "docs_src", *corpus, *(Path(folder).expanduser() for folder in named if folder)]


@pytest.mark.parametrize("tree", _trees(), ids=lambda tree: tree.name if tree.name != "source" else str(tree))
def test_no_construct_the_site_renders_is_left_as_written_in_a_notebook(tree: Path) -> None:
    if not tree.is_dir():
        pytest.skip(f"{tree} is not here")
    source = load_source_tree(tree.resolve())
    inventory = default_inventory()  # a link or its name in code: either way, no link syntax is left
    left, made = [], 0
    for lang, pages in source.pages.items():
        for page in pages.values():
            shown = f"{tree.name}/{page.path.relative_to(tree.resolve()).as_posix()}"
            notebook = page_notebook(page.read(), page.path, source.language(lang), inventory=inventory)
            made += 1
            for cell in nbformat.reads(notebook, 4).cells:
                if cell.cell_type != "markdown":
                    continue
                lines = cell.source.split("\n")
                for found in written_constructs(parse_page(cell.source)):
                    left.append(f"{shown}: {found.construct} left as written: {lines[found.index]!r}")
    assert made
    assert not left, f"{len(left)} constructs left as written, first:\n" + "\n".join(left[:20])
