"""The slice of a package that mkdocstrings reads for autodoc pages, on a package written here."""

from __future__ import annotations

from pathlib import Path

from polydocs.site.autodoc_sources import autodoc_search_path


def _modules(slice_path: Path) -> list[str]:
    return sorted(path.relative_to(slice_path).as_posix() for path in slice_path.rglob("*.py"))


def test_slice_holds_the_defining_module_and_what_its_class_body_imports(toy_package, tmp_path):
    slice_path = autodoc_search_path(toy_package, ["Settings"], tmp_path / "cache")
    assert slice_path is not None
    assert _modules(slice_path) == [
        "toylib/__init__.py",
        "toylib/core.py",
        "toylib/sub/__init__.py",
        "toylib/sub/helpers.py",
    ]


def test_slice_is_reused_and_leaves_no_scratch_folders(toy_package, tmp_path):
    cache = tmp_path / "cache"
    first = autodoc_search_path(toy_package, ["Settings"], cache)
    second = autodoc_search_path(toy_package, ["Settings"], cache)
    assert first == second
    assert [path.name for path in cache.iterdir()] == [first.name]


def test_names_that_are_not_in_the_package_give_no_slice(toy_package, tmp_path):
    cache = tmp_path / "cache"
    assert autodoc_search_path(toy_package, ["Missing"], cache) is None
    assert autodoc_search_path("no_such_package_here", ["Settings"], cache) is None
    assert not any(cache.iterdir()) if cache.exists() else True
