"""Every page of every real tree at hand, made a notebook: no construct the site renders is left as written in
a Markdown cell (issue 39: the notebooks are a second renderer of the one parse, not a second set of rules).

What a construct is, and where it stands, is the dialect's own answer (`written_constructs`: each construct's
`written_lines`), asked of each Markdown cell read again as a page. The trees are read where they lie, never
copied into this repository: polydocs' own `docs_src`, the real-world corpus beside it
(`../shared/corpus/{course-docs,transformers-docs,peft-docs}`), and the doc-builder trees
`$POLYDOCS_REAL_TREES` names (folders separated by `os.pathsep`, each a library's `docs/source`, e.g.
extracted with `git archive HEAD docs/source | tar -x`) and `$POLYDOCS_REAL_TREE` (one, as tests/site reads
it). A tree that is absent is skipped. Every page's notebook is made (one that cannot be is a failure). The
site's golden cases are read the same way, for the constructs no real tree at hand has.
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
import yaml

from polydocs.dialect import load_source_tree, parse_page
from polydocs.dialect.constructs import written_constructs
from polydocs.notebooks import page_notebook
from polydocs.sources import language_of
from polydocs.sources.api_inventory import default_inventory

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"
GOLDEN_CASES = REPO / "tests" / "markup" / "cases"


def _trees() -> list[Path]:
    named = [
        os.environ.get("POLYDOCS_REAL_TREE", ""),
        *os.environ.get("POLYDOCS_REAL_TREES", "").split(os.pathsep),
    ]
    corpus = [CORPUS / name for name in ("course-docs", "transformers-docs", "peft-docs")]
    return [REPO / "docs_src", *corpus, *(Path(folder).expanduser() for folder in named if folder)]


def _left_as_written(notebook: str, shown: str) -> list[str]:
    left = []
    for cell in nbformat.reads(notebook, 4).cells:
        if cell.cell_type == "markdown":
            lines = cell.source.split("\n")
            for found in written_constructs(parse_page(cell.source)):
                left.append(f"{shown}: {found.construct} left as written: {lines[found.index]!r}")
    return left


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
            left += _left_as_written(notebook, shown)
    assert made
    assert not left, f"{len(left)} constructs left as written, first:\n" + "\n".join(left[:20])


def test_no_construct_of_the_sites_golden_cases_is_left_as_written_in_a_notebook() -> None:
    """The markup's golden cases (tests/markup/cases) hold the constructs no real tree at hand has (version
    notes, `<literalinclude>`, `<InferenceSnippet>`), each read with its case's `lang` and `include_root`."""
    left = []
    for case in sorted(GOLDEN_CASES.glob("*/*.md")):
        settings: dict[str, object] = {}
        for source in (case.parent / "_context.yml", case.with_suffix(".context.yml")):
            if source.exists():
                settings.update(yaml.safe_load(source.read_text(encoding="utf-8")) or {})
        root = (case.parent / str(settings.get("include_root", "."))).resolve()
        language = language_of(str(settings.get("lang", "en")))
        notebook = page_notebook(case.read_text(encoding="utf-8"), case, language, include_root=root)
        left += _left_as_written(notebook, case.relative_to(GOLDEN_CASES).as_posix())
    assert not left, "\n".join(left[:20])
