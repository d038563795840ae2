"""A small library written to a folder put on the path, a tree documenting it, and the API links both tools
resolve on it (`link_agreement.count_links`: a real `polydocs build` and doc-builder's own functions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.docstrings.link_agreement import LinkCount, count_links


def counted_links(folder: Path, package: str, library: dict[str, str], pages: dict[str, str]) -> LinkCount:
    """`library` (file name -> text) installed as `package` under `folder/installed`, `pages` as its tree
    (`folder/docs`, `library: package` in polydocs.yml), counted in `folder/work`, which then holds the
    build's report (`report.json`) and site."""
    for name, text in library.items():
        path = folder / "installed" / package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    tree = folder / "docs"
    for name, text in {**pages, "polydocs.yml": f"library: {package}\n"}.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(folder / "installed"))
        patch.setenv("PYTHONPATH", str(folder / "installed"))
        patch.setenv("POLYDOCS_CACHE", str(folder / "cache"))
        (folder / "work").mkdir()
        return count_links(tree, package, folder / "work")
