"""Document the same pages with polydocs and with doc-builder, and compare what each shows per object.

The pages (real `[[autodoc]]` pages, e.g. accelerate's `package_reference/`) are copied into a
single-language tree and built by the `polydocs build` command (`real_build.py`); doc-builder converts
each page with its own `resolve_autodoc`, given the same package and the same version tag. Both are read
into `ApiEntry`s and compared by `agreement.py`. `scripts/compare_autodoc.py` prints the result.
"""

from __future__ import annotations

import importlib.metadata
import tempfile
from pathlib import Path

from polydocs.docstrings.agreement import Agreement, compare_entries
from polydocs.docstrings.api_entries import ApiEntry
from polydocs.docstrings.built_entries import built_entries
from polydocs.docstrings.doc_builder_entries import (
    doc_builder_anchor,
    doc_builder_entries,
    documentable_page,
)
from polydocs.docstrings.real_build import polydocs_build
from polydocs.guide import release_ref


def compare_pages(library: str, pages: list[Path], work: Path | None = None) -> Agreement:
    """Both renderings of the pages' objects, compared (a temporary folder holds the tree and site)."""
    version_tag = release_ref(importlib.metadata.version(library))
    texts, missing = {}, []
    for page in pages:
        texts[page.stem], absent = documentable_page(page.read_text(encoding="utf-8"), library)
        missing.extend(absent)
    with tempfile.TemporaryDirectory(prefix="polydocs-side-by-side-") as temporary:
        ours = polydocs_entries(library, texts, work or Path(temporary))
    theirs: dict[str, ApiEntry] = {}
    for text in texts.values():
        theirs.update(doc_builder_entries(text, library, version_tag))
    # Keyed by doc-builder's anchor for the same object, so that objects pair up even where anchors differ.
    by_their_anchor = {doc_builder_anchor(anchor, library): entry for anchor, entry in ours.items()}
    agreement = compare_entries(theirs, by_their_anchor)
    agreement.not_installed = missing
    return agreement


def polydocs_entries(library: str, pages: dict[str, str], folder: Path) -> dict[str, ApiEntry]:
    """The objects of the pages (text by name) as `polydocs build` shows them."""
    tree = folder / "source"
    tree.mkdir(parents=True)
    names = [f"p{index:02d}_{stem}" for index, stem in enumerate(pages)]
    toc = "".join(f"  - local: {name}\n    title: {name}\n" for name in names)
    (tree / "_toctree.yml").write_text(f"- sections:\n{toc}  title: API\n", encoding="utf-8")
    (tree / "polydocs.yml").write_text(f"library: {library}\n", encoding="utf-8")
    for name, text in zip(names, pages.values(), strict=True):
        (tree / f"{name}.md").write_text(text, encoding="utf-8")
    done = polydocs_build(tree, folder / "site", "--lang", "en", "--jobs", "1", cwd=folder)
    if done.returncode != 0:
        raise RuntimeError(f"polydocs build of {tree} failed:\n{done.stderr[-2000:]}")
    entries: dict[str, ApiEntry] = {}
    for name in names:
        entries.update(
            built_entries((folder / "site" / "en" / name / "index.html").read_text(encoding="utf-8"))
        )
    return entries
