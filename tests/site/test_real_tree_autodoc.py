"""A real Hugging Face documentation tree's `[[autodoc]]` objects: every one that imports, as doc-builder
finds it (walking the package's attributes), is documented by mkdocstrings' loader from where the build
points it (the autodoc slice, `sources/autodoc_slices.py`, or the whole installed package when no slice is
made), under the name the page writes. datasets' loading_methods page names
`datasets.packaged_modules.text.TextConfig`, which griffe read from the package text/ rather than the
module text/text.py that Python's attribute `text` is.

The tree is read where it lies: `$POLYDOCS_REAL_TREE` names a library's `docs/source` (extracted from a
clone with the library's source beside it, `git archive HEAD | tar -x`); the test skips when it is not set,
names no folder, or its library is not installed. No site is built: the slices alone (a few CPU-seconds).
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.dialect.site_inventory import site_inventory
from polydocs.markup.autodoc import autodoc_objects
from polydocs.sources import SOURCE_LANGUAGE
from polydocs.sources.autodoc_slices import autodoc_slices


def _real_tree() -> Path:
    tree = Path(os.environ.get("POLYDOCS_REAL_TREE", "")).expanduser()
    if not os.environ.get("POLYDOCS_REAL_TREE") or not tree.is_dir():
        pytest.skip("no real documentation tree ($POLYDOCS_REAL_TREE: a library's docs/source)")
    return tree.resolve()


def _found_by_doc_builder(dotted: str) -> bool:
    """doc-builder's `find_object_in_package`: each part an attribute of the one before, a submodule
    imported where the attribute is missing. Its own rule, so that the build's is not checked by itself."""
    parts = dotted.split(".")
    try:
        current: object = importlib.import_module(parts[0])
        for part in parts[1:]:
            found = getattr(current, part, None)
            if found is None:
                importlib.import_module(f"{getattr(current, '__name__', '')}.{part}")
                found = getattr(current, part, None)
            if found is None:
                return False
            current = found
    except Exception:  # the library's import: doc-builder fails on it too
        return False
    return True


def _not_found_by_griffe(package: str, search_path: Path | None, names: set[str]) -> set[str]:
    from griffe import AliasResolutionError, CyclicAliasError, GriffeLoader, load_extensions

    loader = GriffeLoader(
        extensions=load_extensions(), search_paths=[str(search_path)] if search_path else None
    )
    loaded = loader.load(package, try_relative_path=False)
    missing: set[str] = set()
    for name in names:
        try:
            member = loaded.get_member(name.removeprefix(package + "."))
            member.final_target if member.is_alias else member  # noqa: B018 (resolving is the check)
        except (KeyError, AliasResolutionError, CyclicAliasError):
            missing.add(name)
    return missing


def test_every_autodoc_object_that_imports_is_documented_under_its_written_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = load_source_tree(_real_tree())
    api = site_inventory(source.project, source)
    if not api.importable():
        pytest.skip(f"{api.package} is not installed")
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path))
    importing = {
        name for name in autodoc_objects(source, SOURCE_LANGUAGE, api) if _found_by_doc_builder(name)
    }
    not_found: set[str] = set()
    for found in autodoc_slices(importing):
        names = {name for name in importing if name.startswith(found.package + ".")}
        not_found |= found.undocumentable | _not_found_by_griffe(found.package, found.path, names)
    assert sorted(not_found) == []
