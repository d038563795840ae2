"""The slice of a package that mkdocstrings reads for autodoc pages, on a package written here."""

from __future__ import annotations

import os
from pathlib import Path

from polydocs.site import autodoc_sources
from polydocs.site.autodoc_sources import autodoc_search_path, autodoc_slice


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


def test_a_misspelt_name_does_not_cost_the_others_their_slice(toy_package, tmp_path):
    # The page warns about the misspelt name; the other names still avoid griffe reading everything.
    slice_path = autodoc_search_path(toy_package, ["Settings", "Setings"], tmp_path / "cache")
    assert slice_path is not None and (slice_path / "toylib" / "core.py").is_file()


def test_names_that_are_not_in_the_package_give_no_slice(toy_package, tmp_path):
    cache = tmp_path / "cache"
    assert autodoc_search_path(toy_package, ["Missing"], cache) is None
    assert autodoc_search_path("no_such_package_here", ["Settings"], cache) is None
    assert not any(cache.iterdir()) if cache.exists() else True


def test_names_none_of_which_can_be_documented_are_all_kept_from_mkdocstrings(toy_package, tmp_path):
    # A tree documenting another library than the one installed: every block becomes a placeholder with
    # its warning, instead of mkdocstrings stopping the build at the first one.
    found = autodoc_slice(toy_package, ["utils.error.Missing", "Gone"], tmp_path / "cache")
    assert found.path is None
    assert found.undocumentable == {"toylib.utils.error.Missing", "toylib.Gone"}


def test_slice_is_made_again_when_an_installed_module_changes(toy_package, tmp_path):
    cache = tmp_path / "cache"
    slice_path = autodoc_search_path(toy_package, ["Settings"], cache)
    assert slice_path is not None
    installed = tmp_path / "installed" / toy_package / "core.py"  # where the fixture installed it
    changed = installed.read_text(encoding="utf-8").replace("How big the toy is.", "How large the toy is.")
    installed.write_text(changed, encoding="utf-8")
    os.utime(installed, ns=(installed.stat().st_atime_ns, installed.stat().st_mtime_ns + 10**9))
    assert autodoc_search_path(toy_package, ["Settings"], cache) == slice_path
    assert "How large the toy is." in (slice_path / "toylib" / "core.py").read_text(encoding="utf-8")


def test_a_slice_another_process_made_meanwhile_is_read_and_not_replaced(toy_package, tmp_path, monkeypatch):
    # Two builds on one cache (`serve` beside `build`) both start cold: the second finds no slice, the
    # first then writes it and its mkdocstrings reads modules from it. The second must take that slice
    # (made under a lock per slice), not replace the folder the first is reading.
    cache = tmp_path / "cache"
    first = autodoc_search_path(toy_package, ["Settings"], cache)
    assert first is not None
    module = first / "toylib" / "core.py"
    made = module.stat().st_ino
    checks = [False]  # what the second build saw before the first had written its slice
    real_check = autodoc_sources._is_current
    monkeypatch.setattr(
        autodoc_sources, "_is_current", lambda *given: checks.pop() if checks else real_check(*given)
    )
    assert autodoc_search_path(toy_package, ["Settings"], cache) == first
    assert module.stat().st_ino == made
    assert [path.name for path in cache.iterdir()] == [first.name]
