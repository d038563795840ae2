"""docs_src's navigation names each page as its heading does (issue 41: the training guide's heading said
"torch.compile" where the navigation said "torch.compile for training")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree

DOCS_SRC = Path(__file__).resolve().parents[2] / "docs_src"
_HEADING = re.compile(r"^# (?P<title>.+)$", re.MULTILINE)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_each_navigation_title_of_docs_src_is_its_pages_heading(lang: str) -> None:
    tree = load_source_tree(DOCS_SRC)
    toctree = tree.toctrees[lang]
    differing = []
    for entry in toctree.pages():
        page = tree.page(lang, entry.local)
        assert page is not None, f"{toctree.path}:{entry.line}: {entry.local} has no {lang} page"
        heading = _HEADING.search(page.read())
        if heading is None or heading["title"].strip() != entry.title:
            found = heading["title"] if heading else "no heading"
            differing.append(f"{toctree.path}:{entry.line}: {entry.title!r}, heading {found!r}")
    assert not differing, "\n".join(differing)
